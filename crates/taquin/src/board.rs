//! The board: tiles, moves, clicks, status, solvability and the text form.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use plateau_grid::{Pos, Size, text};

use crate::error::{BoardError, IllegalMove, ParseBoardError, SizeError};
use crate::moves::Move;
use crate::tile::{Tile, parse_token};

/// Smallest supported side.
pub const MIN_SIDE: usize = 2;
/// Largest supported side (tiles are numbered in a byte, so 16 x 16 = 256 cells at most).
pub const MAX_SIDE: usize = 16;

/// A sliding-tile position on a `W x H` board.
///
/// Cells hold the tiles `1..W*H` and the [blank](Tile::BLANK), row-major with row 0 at the
/// top. The goal has the tiles in row-major order and the blank at the bottom-right:
///
/// ```text
///  1  2  3  4
///  5  6  7  8
///  9 10 11 12
/// 13 14 15  .
/// ```
///
/// The board's invariants (a permutation of the tiles and the blank, sides in `2..=16`)
/// always hold: it is only built through checked constructors, and every mutating operation
/// either succeeds or leaves it unchanged.
///
/// The board is the state of the game: it implements [`Play`](crate::Play) (one seat; the moves are
/// slides, refused once the board is solved), so code written for every Plateau game plays
/// it.
///
/// ```
/// use plateau_taquin::{Board, Move, Play, Pos, Status, Tile};
///
/// let mut board: Board = "1 2 3\n4 5 6\n7 . 8".parse()?;
/// assert_eq!(board.status(), Status::InProgress);
/// let event = board.play(Move::Left)?; // tile 8 slides left into the blank
/// assert_eq!((event.tile, event.from, event.to), (Tile::new(8), Pos::new(2, 2), Pos::new(1, 2)));
/// assert_eq!(board.status(), Status::Solved);
/// // The tiles read back into the same board.
/// assert_eq!(Board::from_tiles(board.size(), board.tiles())?, board);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    blank: u16,
    tiles: Vec<Tile>,
}

/// What a move changed: one tile slid from a cell into the blank next to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Event {
    /// The move played.
    pub direction: Move,
    /// The tile that slid.
    pub tile: Tile,
    /// Its cell before the move (where the blank now is).
    pub from: Pos,
    /// Its cell after the move (where the blank was).
    pub to: Pos,
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

impl Slide {
    /// The click as single moves: [`direction`](Slide::direction), [`tiles`](Slide::tiles)
    /// times.
    pub fn moves(&self) -> impl Iterator<Item = Move> + use<> {
        core::iter::repeat_n(self.direction, self.tiles)
    }
}

/// Where a board stands. Exhaustive: a front end can `match` it without a wildcard arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// Not solved yet, and the goal can be reached.
    InProgress,
    /// The tiles are in order with the blank at the bottom-right.
    Solved,
    /// The goal can never be reached (tiles built into the wrong permutation class, as in Sam
    /// Loyd's 14-15 puzzle): every move keeps it so.
    Unsolvable,
}

/// Checks that a size is a supported board size.
pub(crate) fn check_size(size: Size) -> Result<(), SizeError> {
    if (MIN_SIDE..=MAX_SIDE).contains(&size.width) && (MIN_SIDE..=MAX_SIDE).contains(&size.height) {
        Ok(())
    } else {
        Err(SizeError { size })
    }
}

impl Board {
    /// The solved board of the given size.
    ///
    /// # Errors
    /// [`SizeError`] unless both sides are in `2..=16`.
    ///
    /// ```
    /// use plateau_taquin::{Board, Size};
    /// let b = Board::solved(Size::new(4, 4))?;
    /// assert!(b.is_solved());
    /// assert!(Board::solved(Size::new(1, 5)).is_err());
    /// # Ok::<(), plateau_taquin::SizeError>(())
    /// ```
    pub fn solved(size: Size) -> Result<Board, SizeError> {
        check_size(size)?;
        let n = size.width * size.height;
        // n <= 256: the tiles 1..n fit a byte.
        let mut tiles: Vec<Tile> = (1..n).map(|t| Tile::new(t as u8)).collect();
        tiles.push(Tile::BLANK);
        Ok(Board::from_raw(size, tiles))
    }

    /// A board from its tiles in row-major order.
    ///
    /// [`Board::tiles`] gives them back, so `Board::from_tiles(b.size(), b.tiles())` is `b`.
    ///
    /// # Errors
    /// [`BoardError::InvalidSize`], [`BoardError::WrongLength`], [`BoardError::OutOfRange`],
    /// [`BoardError::Duplicate`] or [`BoardError::Missing`].
    ///
    /// ```
    /// use plateau_taquin::{Board, BoardError, Pos, Size, Tile};
    /// let tiles = [1, 2, 0, 3].map(Tile::new);
    /// let b = Board::from_tiles(Size::new(2, 2), &tiles)?;
    /// assert_eq!(b.blank(), Pos::new(0, 1));
    /// assert_eq!(
    ///     Board::from_tiles(Size::new(2, 2), &[1, 1, 0, 3].map(Tile::new)),
    ///     Err(BoardError::Duplicate { tile: Tile::new(1) })
    /// );
    /// # Ok::<(), BoardError>(())
    /// ```
    pub fn from_tiles(size: Size, tiles: &[Tile]) -> Result<Board, BoardError> {
        check_size(size)?;
        let n = size.width * size.height;
        if tiles.len() != n {
            return Err(BoardError::WrongLength {
                size,
                expected: n,
                actual: tiles.len(),
            });
        }
        let mut seen = [false; MAX_SIDE * MAX_SIDE];
        for &t in tiles {
            if t.index() >= n {
                return Err(BoardError::OutOfRange { tile: t, cells: n });
            }
            if seen[t.index()] {
                return Err(BoardError::Duplicate { tile: t });
            }
            seen[t.index()] = true;
        }
        // n tiles, all distinct and below n: every number is there. (Kept as a check, not
        // an assumption: it costs nothing and documents the invariant.)
        if let Some(t) = (0..n).find(|&t| !seen[t]) {
            return Err(BoardError::Missing {
                tile: Tile::new(t as u8),
            });
        }
        Ok(Board::from_raw(size, tiles.to_vec()))
    }

    /// A board from tiles already known to form a permutation of a checked size.
    pub(crate) fn from_raw(size: Size, tiles: Vec<Tile>) -> Board {
        debug_assert_eq!(tiles.len(), size.width * size.height);
        let blank = tiles.iter().position(|t| t.is_blank()).unwrap_or(0) as u16;
        Board {
            width: size.width as u8,
            height: size.height as u8,
            blank,
            tiles,
        }
    }

    /// The board's dimensions.
    #[must_use]
    pub fn size(&self) -> Size {
        Size::new(self.width(), self.height())
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

    /// Number of cells, `width * height` (the tiles are `1..cells()` and the blank).
    #[must_use]
    pub fn cells(&self) -> usize {
        self.tiles.len()
    }

    /// The tiles in row-major order, the blank included.
    #[must_use]
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The tile at `pos` (possibly the blank), or `None` outside the board.
    #[must_use]
    pub fn tile_at(&self, pos: Pos) -> Option<Tile> {
        self.size().index_of(pos).map(|i| self.tiles[i])
    }

    /// Where `tile` is (the blank included), or `None` if the board has no such tile.
    #[must_use]
    pub fn position_of(&self, tile: Tile) -> Option<Pos> {
        let i = self.tiles.iter().position(|&t| t == tile)?;
        Some(self.pos_of_index(i))
    }

    /// The cell the goal gives `tile` (the blank's is the bottom-right corner), or `None`
    /// if the board has no such tile.
    #[must_use]
    pub fn goal_position(&self, tile: Tile) -> Option<Pos> {
        match tile.index() {
            0 => Some(self.pos_of_index(self.cells() - 1)),
            t if t < self.cells() => Some(self.pos_of_index(t - 1)),
            _ => None,
        }
    }

    /// The tile the goal has at `pos`, or `None` outside the board.
    ///
    /// ```
    /// use plateau_taquin::{Board, Pos, Size, Tile};
    /// let b = Board::new(Size::new(3, 3), 1)?;
    /// assert_eq!(b.goal_tile(Pos::new(1, 0)), Some(Tile::new(2)));
    /// assert_eq!(b.goal_tile(Pos::new(2, 2)), Some(Tile::BLANK));
    /// // A tile is home when it sits on its goal cell.
    /// let home = b.size().positions().filter(|&p| b.tile_at(p) == b.goal_tile(p)).count();
    /// assert!(home < 9);
    /// # Ok::<(), plateau_taquin::SizeError>(())
    /// ```
    #[must_use]
    pub fn goal_tile(&self, pos: Pos) -> Option<Tile> {
        let i = self.size().index_of(pos)?;
        // i + 1 < cells <= 256.
        Some(if i + 1 == self.cells() {
            Tile::BLANK
        } else {
            Tile::new((i + 1) as u8)
        })
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
        self.tiles[n - 1].is_blank()
            && self.tiles[..n - 1]
                .iter()
                .enumerate()
                .all(|(i, &t)| t.index() == i + 1)
    }

    /// Number of pairs of tiles (the blank left out) that are out of order in row-major
    /// reading.
    ///
    /// ```
    /// use plateau_taquin::{Board, Size, Tile};
    /// let b = Board::from_tiles(Size::new(2, 2), &[3, 1, 2, 0].map(Tile::new))?;
    /// assert_eq!(b.inversions(), 2);
    /// # Ok::<(), plateau_taquin::BoardError>(())
    /// ```
    #[must_use]
    pub fn inversions(&self) -> u64 {
        // Fenwick tree over tile numbers: O(n log n), 256 cells at most.
        let n = self.tiles.len();
        let mut tree = [0u16; MAX_SIDE * MAX_SIDE + 1];
        let mut inversions = 0u64;
        let mut seen = 0u64;
        for &t in &self.tiles {
            if t.is_blank() {
                continue;
            }
            // Earlier tiles with a smaller number.
            let mut i = t.index();
            let mut smaller = 0u64;
            while i > 0 {
                smaller += u64::from(tree[i]);
                i &= i - 1;
            }
            inversions += seen - smaller;
            seen += 1;
            let mut i = t.index();
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
    /// use plateau_taquin::{Board, Size, Tile};
    /// let mut tiles: Vec<Tile> = Board::solved(Size::new(4, 4))?.tiles().to_vec();
    /// tiles.swap(13, 14); // Sam Loyd's 14-15 puzzle
    /// assert!(!Board::from_tiles(Size::new(4, 4), &tiles)?.is_solvable());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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

    /// The cell of the tile that `m` would slide into the blank (the [`Event::from`] that
    /// playing it would report), or `None` if `m` is not legal (a solved board takes no
    /// move). A front end highlights a hint with it.
    ///
    /// ```
    /// use plateau_taquin::{Board, Move, Pos, Size};
    /// let b: Board = "1 2 3\n4 5 6\n7 . 8".parse()?; // blank at (1, 2)
    /// assert_eq!(b.moved_from(Move::Right), Some(Pos::new(0, 2)));
    /// assert_eq!(b.moved_from(Move::Up), None);
    /// assert_eq!(Board::solved(Size::new(3, 3))?.moved_from(Move::Right), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn moved_from(&self, m: Move) -> Option<Pos> {
        if self.is_solved() {
            return None;
        }
        self.source_of(m).map(|i| self.pos_of_index(i))
    }

    /// The index of the tile that `m` would slide into the blank, solved board or not.
    fn source_of(&self, m: Move) -> Option<usize> {
        let (dx, dy) = m.blank_delta();
        let p = self.blank().offset(dx, dy)?;
        self.size().index_of(p)
    }

    /// Whether a tile lies on the side of the blank that `m` takes it from (the geometry
    /// alone: a solved board still has such tiles, though [`Play::check`](crate::Play::check) refuses them).
    pub(crate) fn can_slide(&self, m: Move) -> bool {
        self.source_of(m).is_some()
    }

    /// Slides one tile into the blank, solved board or not: [`Play::play`](crate::Play::play) past its check,
    /// and the step of a random walk from the goal.
    ///
    /// # Errors
    /// [`IllegalMove::NoTile`] when no tile lies on that side of the blank; the board is
    /// unchanged.
    pub(crate) fn slide(&mut self, m: Move) -> Result<Event, IllegalMove> {
        let src = self.source_of(m).ok_or(IllegalMove::NoTile {
            direction: m,
            blank: self.blank(),
        })?;
        let to = usize::from(self.blank);
        let tile = self.tiles[src];
        self.tiles.swap(src, to);
        // src < cells <= 256.
        self.blank = src as u16;
        Ok(Event {
            direction: m,
            tile,
            from: self.pos_of_index(src),
            to: self.pos_of_index(to),
        })
    }

    /// Clicks a cell: a tile in the blank's row or column slides towards the blank together
    /// with every tile between them (the usual multi-tile move). Not a [`Play`](crate::Play) move: it
    /// plays [`Slide::tiles`] of them at once.
    ///
    /// # Errors
    /// [`IllegalMove::Solved`] on a solved board (which takes no move),
    /// [`IllegalMove::OutOfBounds`], [`IllegalMove::Blank`] or [`IllegalMove::NotInLine`];
    /// the board is then unchanged.
    ///
    /// ```
    /// use plateau_taquin::{Board, Move, Pos, Tile};
    /// let mut b: Board = "1 2 3 4\n5 6 7 8\n9 10 11 .\n13 14 15 12".parse()?;
    /// let slide = b.click(Pos::new(0, 2))?; // tiles 9, 10, 11 slide right
    /// assert_eq!((slide.direction, slide.tiles), (Move::Right, 3));
    /// assert_eq!(b.tile_at(Pos::new(3, 2)), Some(Tile::new(11)));
    /// assert!(b.click(Pos::new(1, 1)).is_err()); // not in line with the blank
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn click(&mut self, pos: Pos) -> Result<Slide, IllegalMove> {
        if self.is_solved() {
            return Err(IllegalMove::Solved);
        }
        if !self.size().contains(pos) {
            return Err(IllegalMove::OutOfBounds {
                pos,
                size: self.size(),
            });
        }
        let b = self.blank();
        let (direction, tiles) = if pos == b {
            return Err(IllegalMove::Blank { pos });
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
            // Every step slides a tile: the cells between the blank and `pos` are on the
            // board. No step but the last can reach the goal (the blank in the corner): the
            // cells strictly between the blank and `pos` are never in a corner.
            self.slide(direction)?;
        }
        Ok(Slide { direction, tiles })
    }

    /// Sum over the tiles of the Manhattan distance to their goal cells (a lower bound on
    /// the moves left).
    #[must_use]
    pub fn manhattan(&self) -> u32 {
        let w = self.width();
        self.tiles
            .iter()
            .enumerate()
            .filter(|&(_, t)| !t.is_blank())
            .map(|(i, &t)| {
                let g = t.index() - 1;
                // At most 2 * 16 per tile.
                ((i % w).abs_diff(g % w) + (i / w).abs_diff(g / w)) as u32
            })
            .sum()
    }
}

impl fmt::Display for Board {
    /// Rows of right-aligned numbers separated by spaces, `.` for the blank, one line per
    /// row, no newline after the last one. [`FromStr`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = if self.cells() > 100 {
            3
        } else if self.cells() > 10 {
            2
        } else {
            1
        };
        for (y, row) in self.tiles.chunks(self.width()).enumerate() {
            if y > 0 {
                f.write_str("\n")?;
            }
            for (i, t) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{t:>digits$}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Reads rows of whitespace-separated tiles, one row per line, `.` or `0` for the
    /// blank. Blank lines and lines starting with `#` are skipped; the size is taken from
    /// the text.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut tiles = Vec::new();
        let mut width = None;
        let mut height = 0;
        for line in text::content_lines(s, true) {
            let before = tiles.len();
            for token in line.split_whitespace() {
                let tile = parse_token(token).ok_or_else(|| ParseBoardError::InvalidToken {
                    token: token.into(),
                    row: height,
                })?;
                tiles.push(tile);
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
        Ok(Board::from_tiles(Size::new(width, height), &tiles)?)
    }
}

impl Default for Board {
    /// The solved 4 x 4 board (the 15-puzzle).
    fn default() -> Self {
        Board::from_raw(Size::square(4), (1..16).chain([0]).map(Tile::new).collect())
    }
}

// Serialised as the text form, checked on the way back in.
#[cfg(feature = "serde")]
plateau_grid::serde_via_text!(Board);

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;
    use serde::Deserialize;
    use serde::de::value::{Error, StrDeserializer};

    #[test]
    fn deserialising_validates() {
        let b = Board::deserialize(StrDeserializer::<Error>::new("3 1\n. 2")).unwrap();
        assert_eq!(b.tiles(), &[3, 1, 0, 2].map(Tile::new));
        assert!(Board::deserialize(StrDeserializer::<Error>::new("1 1\n. 2")).is_err());
    }
}
