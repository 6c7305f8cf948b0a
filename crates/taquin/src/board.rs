//! The board: tiles, moves, clicks, solvability and the text form.

use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use plateau_grid::Pos;

use crate::error::{BoardError, IllegalMove, ParseBoardError};
use crate::moves::Move;

/// Smallest supported side.
pub const MIN_SIDE: usize = 2;
/// Largest supported side (tiles are stored as `u8`, so 16 x 16 = 256 cells at most).
pub const MAX_SIDE: usize = 16;

/// A sliding-tile position on a `width` x `height` board.
///
/// Cells hold tiles `1..width*height` and the blank `0`, row-major with row 0 at the top.
/// The goal has the tiles in row-major order and the blank at the bottom-right:
///
/// ```text
///  1  2  3  4
///  5  6  7  8
///  9 10 11 12
/// 13 14 15  .
/// ```
///
/// The board's invariants (a permutation of `0..width*height`, sides in `2..=16`) always
/// hold: it is only built through checked constructors, and every mutating operation either
/// succeeds or leaves it unchanged.
///
/// ```
/// use plateau_taquin::{Board, Move};
///
/// let mut board: Board = "1 2 3\n4 5 6\n7 . 8".parse()?;
/// assert!(board.is_solvable());
/// board.play(Move::Left)?; // tile 8 slides left into the blank
/// assert!(board.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    blank: u16,
    tiles: Vec<u8>,
}

/// What a click did: which way the tiles went and how many moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Slide {
    /// The direction every moved tile travelled.
    pub direction: Move,
    /// How many tiles moved (the same number of single [`Move`]s).
    pub tiles: usize,
}

fn check_size(width: usize, height: usize) -> Result<(), BoardError> {
    if (MIN_SIDE..=MAX_SIDE).contains(&width) && (MIN_SIDE..=MAX_SIDE).contains(&height) {
        Ok(())
    } else {
        Err(BoardError::InvalidSize { width, height })
    }
}

impl Board {
    /// The solved board of the given size.
    ///
    /// # Errors
    /// [`BoardError::InvalidSize`] unless both sides are in `2..=16`.
    ///
    /// ```
    /// use plateau_taquin::Board;
    /// let b = Board::solved(4, 4)?;
    /// assert!(b.is_solved());
    /// assert!(Board::solved(1, 5).is_err());
    /// # Ok::<(), plateau_taquin::BoardError>(())
    /// ```
    pub fn solved(width: usize, height: usize) -> Result<Board, BoardError> {
        check_size(width, height)?;
        let n = width * height;
        let mut tiles: Vec<u8> = (1..n).map(|t| t as u8).collect();
        tiles.push(0);
        Ok(Board {
            width: width as u8,
            height: height as u8,
            blank: (n - 1) as u16,
            tiles,
        })
    }

    /// A board from its tiles in row-major order, `0` for the blank.
    ///
    /// # Errors
    /// [`BoardError::InvalidSize`], [`BoardError::WrongLength`], [`BoardError::OutOfRange`],
    /// [`BoardError::Duplicate`] or [`BoardError::Missing`].
    ///
    /// ```
    /// use plateau_taquin::{Board, BoardError};
    /// let b = Board::from_tiles(2, 2, &[1, 2, 0, 3])?;
    /// assert_eq!(b.blank().x, 0);
    /// assert_eq!(Board::from_tiles(2, 2, &[1, 1, 0, 3]), Err(BoardError::Duplicate { tile: 1 }));
    /// # Ok::<(), BoardError>(())
    /// ```
    pub fn from_tiles(width: usize, height: usize, tiles: &[usize]) -> Result<Board, BoardError> {
        check_size(width, height)?;
        let n = width * height;
        if tiles.len() != n {
            return Err(BoardError::WrongLength {
                expected: n,
                actual: tiles.len(),
            });
        }
        let mut seen = [false; MAX_SIDE * MAX_SIDE];
        for &t in tiles {
            if t >= n {
                return Err(BoardError::OutOfRange { tile: t, cells: n });
            }
            if seen[t] {
                return Err(BoardError::Duplicate { tile: t });
            }
            seen[t] = true;
        }
        if let Some(t) = (0..n).find(|&t| !seen[t]) {
            return Err(BoardError::Missing { tile: t });
        }
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0) as u16;
        Ok(Board {
            width: width as u8,
            height: height as u8,
            blank,
            tiles: tiles.iter().map(|&t| t as u8).collect(),
        })
    }

    /// Builds a board from `u8` tiles already known to be a permutation (crate-internal).
    pub(crate) fn from_raw(width: usize, height: usize, tiles: Vec<u8>) -> Board {
        debug_assert_eq!(tiles.len(), width * height);
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0) as u16;
        Board {
            width: width as u8,
            height: height as u8,
            blank,
            tiles,
        }
    }

    /// Number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// Number of cells, `width * height` (the tiles are `1..cells()`).
    #[must_use]
    pub fn cells(&self) -> usize {
        self.tiles.len()
    }

    /// The tiles in row-major order, `0` for the blank.
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The tile at `pos` (`0` for the blank), or `None` outside the board.
    #[must_use]
    pub fn tile_at(&self, pos: Pos) -> Option<usize> {
        (pos.x < self.width() && pos.y < self.height())
            .then(|| usize::from(self.tiles[pos.y * self.width() + pos.x]))
    }

    /// Where `tile` is (`0` finds the blank), or `None` if there is no such tile.
    #[must_use]
    pub fn position_of(&self, tile: usize) -> Option<Pos> {
        let i = self.tiles.iter().position(|&t| usize::from(t) == tile)?;
        Some(self.pos_of_index(i))
    }

    /// Where the goal puts `tile` (`0` is the bottom-right corner), or `None` if out of range.
    #[must_use]
    pub fn goal_position(&self, tile: usize) -> Option<Pos> {
        let n = self.cells();
        match tile {
            0 => Some(self.pos_of_index(n - 1)),
            t if t < n => Some(self.pos_of_index(t - 1)),
            _ => None,
        }
    }

    fn pos_of_index(&self, i: usize) -> Pos {
        Pos::new(i % self.width(), i / self.width())
    }

    /// The blank's position.
    #[must_use]
    pub fn blank(&self) -> Pos {
        self.pos_of_index(usize::from(self.blank))
    }

    /// Whether the tiles are in goal order with the blank at the bottom-right.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        let n = self.tiles.len();
        self.tiles[n - 1] == 0
            && self.tiles[..n - 1]
                .iter()
                .enumerate()
                .all(|(i, &t)| usize::from(t) == i + 1)
    }

    /// Number of pairs of tiles (blank excluded) that are out of order in row-major reading.
    ///
    /// ```
    /// use plateau_taquin::Board;
    /// let b = Board::from_tiles(2, 2, &[3, 1, 2, 0])?;
    /// assert_eq!(b.inversions(), 2);
    /// # Ok::<(), plateau_taquin::BoardError>(())
    /// ```
    #[must_use]
    pub fn inversions(&self) -> u64 {
        // Fenwick tree over tile values: O(n log n), 256 cells at most.
        let n = self.tiles.len();
        let mut tree = [0u16; MAX_SIDE * MAX_SIDE + 1];
        let mut inversions = 0u64;
        let mut seen = 0u64;
        for &t in &self.tiles {
            if t == 0 {
                continue;
            }
            // count earlier tiles <= t
            let mut i = usize::from(t);
            let mut le = 0u64;
            while i > 0 {
                le += u64::from(tree[i]);
                i &= i - 1;
            }
            inversions += seen - le;
            seen += 1;
            let mut i = usize::from(t);
            while i <= n {
                tree[i] += 1;
                i += i & i.wrapping_neg();
            }
        }
        inversions
    }

    /// Whether the goal can be reached from this board.
    ///
    /// With an odd width the inversion count must be even; with an even width the inversion
    /// count plus the blank's row counted from the bottom (1-based) must be odd. Exactly half
    /// of all arrangements are solvable.
    ///
    /// ```
    /// use plateau_taquin::Board;
    /// let swapped = Board::from_tiles(4, 4, &[2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0])?;
    /// assert!(!swapped.is_solvable()); // Sam Loyd's 14-15 puzzle, in another guise
    /// # Ok::<(), plateau_taquin::BoardError>(())
    /// ```
    #[must_use]
    pub fn is_solvable(&self) -> bool {
        let inv = self.inversions();
        if self.width % 2 == 1 {
            inv.is_multiple_of(2)
        } else {
            let row_from_bottom = (self.height() - self.blank().y) as u64;
            (inv + row_from_bottom) % 2 == 1
        }
    }

    /// Whether `m` can be played (a tile exists on the side it comes from).
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.source_of(m).is_some()
    }

    /// The index of the tile that `m` would slide into the blank.
    fn source_of(&self, m: Move) -> Option<usize> {
        let b = self.blank();
        let (dx, dy) = m.blank_delta();
        let p = b.offset(dx, dy)?;
        (p.x < self.width() && p.y < self.height()).then(|| p.y * self.width() + p.x)
    }

    /// The legal moves, in the order `U`, `D`, `L`, `R` (two to four of them).
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        Move::ALL.into_iter().filter(|&m| self.is_legal(m))
    }

    /// Slides one tile into the blank.
    ///
    /// # Errors
    /// [`IllegalMove::NoTile`] when no tile lies on that side of the blank; the board is
    /// unchanged.
    ///
    /// ```
    /// use plateau_taquin::{Board, Move, IllegalMove};
    /// let mut b = Board::solved(3, 3)?;
    /// assert_eq!(b.play(Move::Up), Err(IllegalMove::NoTile(Move::Up)));
    /// assert!(b.is_solved());
    /// b.play(Move::Down)?;
    /// assert_eq!(b.blank().y, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        let src = self.source_of(m).ok_or(IllegalMove::NoTile(m))?;
        self.tiles.swap(src, usize::from(self.blank));
        self.blank = src as u16;
        Ok(())
    }

    /// Plays a whole move list, atomically: on error nothing is played.
    ///
    /// # Errors
    /// The first [`IllegalMove`] met; the board is then unchanged.
    pub fn play_all(&mut self, moves: &[Move]) -> Result<(), IllegalMove> {
        let mut copy = self.clone();
        for &m in moves {
            copy.play(m)?;
        }
        *self = copy;
        Ok(())
    }

    /// Clicks a cell: a tile in the blank's row or column slides towards the blank together
    /// with every tile between them (the usual multi-tile move).
    ///
    /// # Errors
    /// [`IllegalMove::OutOfBounds`], [`IllegalMove::Blank`] or [`IllegalMove::NotInLine`];
    /// the board is then unchanged.
    ///
    /// ```
    /// use plateau_taquin::{Board, Move};
    /// use plateau_grid::Pos;
    /// let mut b = Board::solved(4, 4)?;
    /// let slide = b.click(Pos::new(0, 3))?; // tiles 13, 14, 15 slide right
    /// assert_eq!((slide.direction, slide.tiles), (Move::Right, 3));
    /// assert_eq!(b.tile_at(Pos::new(3, 3)), Some(15));
    /// assert!(b.click(Pos::new(1, 1)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn click(&mut self, pos: Pos) -> Result<Slide, IllegalMove> {
        if pos.x >= self.width() || pos.y >= self.height() {
            return Err(IllegalMove::OutOfBounds(pos));
        }
        let b = self.blank();
        let (direction, tiles) = if pos == b {
            return Err(IllegalMove::Blank(pos));
        } else if pos.y == b.y {
            if pos.x < b.x {
                (Move::Right, b.x - pos.x)
            } else {
                (Move::Left, pos.x - b.x)
            }
        } else if pos.x == b.x {
            if pos.y < b.y {
                (Move::Down, b.y - pos.y)
            } else {
                (Move::Up, pos.y - b.y)
            }
        } else {
            return Err(IllegalMove::NotInLine { pos, blank: b });
        };
        for _ in 0..tiles {
            // Every step is legal: the cells between the blank and `pos` are on the board.
            self.play(direction)?;
        }
        Ok(Slide { direction, tiles })
    }

    /// Sum over tiles of the Manhattan distance to their goal cells.
    #[must_use]
    pub fn manhattan(&self) -> u32 {
        let w = self.width();
        self.tiles
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(i, &t)| {
                let g = usize::from(t) - 1;
                ((i % w).abs_diff(g % w) + (i / w).abs_diff(g / w)) as u32
            })
            .sum()
    }
}

impl fmt::Display for Board {
    /// Rows of right-aligned numbers separated by spaces, `.` for the blank, one line per row
    /// (each ending in `\n`). [`FromStr`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = (self.cells() - 1).to_string().len();
        for row in self.tiles.chunks(self.width()) {
            for (i, &t) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                if t == 0 {
                    write!(f, "{:>digits$}", ".")?;
                } else {
                    write!(f, "{t:>digits$}")?;
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Reads rows of whitespace-separated numbers (one row per non-empty line), `0` or `.`
    /// for the blank. The size is taken from the text.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut tiles = Vec::new();
        let mut width = None;
        let mut height = 0;
        for line in s.lines().filter(|l| !l.trim().is_empty()) {
            let before = tiles.len();
            for token in line.split_whitespace() {
                let t = if token == "." {
                    0
                } else {
                    token
                        .parse::<usize>()
                        .map_err(|_| ParseBoardError::InvalidToken {
                            token: token.into(),
                            row: height,
                        })?
                };
                tiles.push(t);
            }
            let found = tiles.len() - before;
            match width {
                None => width = Some(found),
                Some(expected) if expected != found => {
                    return Err(ParseBoardError::Ragged {
                        row: height,
                        expected,
                        found,
                    });
                }
                Some(_) => {}
            }
            height += 1;
        }
        let width = width.ok_or(ParseBoardError::Empty)?;
        Ok(Board::from_tiles(width, height, &tiles)?)
    }
}

impl Default for Board {
    /// The solved 4 x 4 board (the 15-puzzle).
    fn default() -> Self {
        Board::from_raw(4, 4, (1..16).chain([0]).collect())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    /// Serialises as the text form ([`Display`](fmt::Display)).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    /// Deserialises the text form through the validating [`FromStr`].
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = alloc::string::String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;
    use serde::Deserialize;
    use serde::de::value::{Error, StrDeserializer};

    #[test]
    fn deserialising_validates() {
        let b = Board::deserialize(StrDeserializer::<Error>::new("3 1\n. 2")).unwrap();
        assert_eq!(b.tiles(), &[3, 1, 0, 2]);
        assert!(Board::deserialize(StrDeserializer::<Error>::new("1 1\n. 2")).is_err());
    }
}
