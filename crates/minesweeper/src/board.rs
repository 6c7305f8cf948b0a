//! [`Board`]: a full mine layout (hidden information), its text form and its numbers.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use plateau_grid::{Grid, Pos, Size};
use rand::Rng;

use crate::FirstClick;
use crate::config::check_size;
use crate::error::{ConfigError, ParseBoardError};
use crate::geom;

/// The value a board stores for a mine (numbers are 0 to 8).
pub(crate) const MINE: u8 = 9;

/// A full layout: where every mine is, and the number every safe cell shows.
///
/// This is the hidden side of a game; a player (and every solver of this crate) sees only a
/// [`View`](crate::View). The text form is one line per row, `*` for a mine and `.` for a
/// safe cell; `#` lines are comments.
///
/// ```
/// use plateau_minesweeper::{Board, Pos};
///
/// let board: Board = "# a 5x4 board\n*....\n.....\n..*..\n*...*".parse()?;
/// assert_eq!(board.mine_count(), 4);
/// assert_eq!(board.number(Pos::new(1, 1)), Some(2));
/// assert_eq!(board.number(Pos::new(0, 0)), None); // a mine
/// // Numbers: *1000 / 12110 / 12*21 / *212*: one opening (the zeros at the top right);
/// // six numbers touch no zero, and they form one island.
/// let m = board.metrics();
/// assert_eq!((m.three_bv, m.openings, m.islands), (7, 1, 1));
/// assert_eq!(board.to_string().parse::<Board>()?, board);
/// # Ok::<(), plateau_minesweeper::ParseBoardError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// Per cell: the number (0 to 8) or [`MINE`].
    cells: Grid<u8>,
    mines: u32,
}

impl Board {
    /// The board of `size` whose mines are the cells where `is_mine` holds.
    ///
    /// # Errors
    /// [`ConfigError::Empty`] or [`ConfigError::TooLarge`] for a size no game allows.
    pub fn from_fn(size: Size, mut is_mine: impl FnMut(Pos) -> bool) -> Result<Board, ConfigError> {
        check_size(size)?;
        let mines: Vec<bool> = size.positions().map(&mut is_mine).collect();
        Ok(Board::from_mask(size, &mines))
    }

    /// A board from a row-major mine mask of the right length (checked by the caller).
    pub(crate) fn from_mask(size: Size, mask: &[bool]) -> Board {
        let (w, h) = (size.width, size.height);
        let mut cells = alloc::vec![0u8; w * h];
        let mut buf = [0u32; 8];
        let mut count = 0;
        for (i, &m) in mask.iter().enumerate() {
            if m {
                count += 1;
                cells[i] = MINE;
                let n = geom::neighbors(w, h, i, &mut buf);
                for &j in &buf[..n] {
                    if !mask[j as usize] {
                        cells[j as usize] += 1;
                    }
                }
            }
        }
        Board {
            cells: Grid::from_vec(size, cells).expect("the size was checked"),
            mines: count,
        }
    }

    /// A board of `size` with `mines` mines laid uniformly at random from `seed` (no
    /// first-click rule: every layout equally likely).
    ///
    /// # Errors
    /// As [`Board::from_fn`], and [`ConfigError::TooManyMines`] if `mines` exceeds the cells.
    pub fn random(size: Size, mines: u32, seed: u64) -> Result<Board, ConfigError> {
        Board::random_with_rng(size, mines, &mut plateau_grid::random::seeded(seed))
    }

    /// [`Board::random`] drawing from `rng`.
    ///
    /// # Errors
    /// As [`Board::random`].
    pub fn random_with_rng<R: Rng + ?Sized>(
        size: Size,
        mines: u32,
        rng: &mut R,
    ) -> Result<Board, ConfigError> {
        check_size(size)?;
        let cells = size.width * size.height;
        if mines as usize > cells {
            return Err(ConfigError::TooManyMines {
                mines,
                max: cells as u32,
                size,
                first_click: FirstClick::Unsafe,
            });
        }
        let mask = lay_mines(cells, mines as usize, |_| true, rng);
        Ok(Board::from_mask(size, &mask))
    }

    /// Board size.
    #[must_use]
    pub fn size(&self) -> Size {
        self.cells.size()
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.cells.width()
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.cells.height()
    }

    /// Number of mines.
    #[must_use]
    pub fn mine_count(&self) -> u32 {
        self.mines
    }

    /// Whether `pos` holds a mine (`false` off the board).
    #[must_use]
    pub fn is_mine(&self, pos: Pos) -> bool {
        self.cells.get(pos) == Some(&MINE)
    }

    /// The number a safe cell shows (its neighbouring mines), `None` for a mine or off the
    /// board.
    #[must_use]
    pub fn number(&self, pos: Pos) -> Option<u8> {
        self.cells.get(pos).copied().filter(|&n| n != MINE)
    }

    /// The mines, row-major.
    pub fn mines(&self) -> impl Iterator<Item = Pos> + '_ {
        self.cells
            .iter_pos()
            .filter(|&(_, &c)| c == MINE)
            .map(|(p, _)| p)
    }

    /// Per cell, row-major: the number or [`MINE`].
    pub(crate) fn raw(&self) -> &[u8] {
        self.cells.as_slice()
    }
}

/// Chooses `mines` cells among the `cells` for which `allowed(i)` holds, uniformly, with a
/// partial Fisher–Yates shuffle of the allowed indices: draw `k` (from 0) swaps slot `k`
/// with `k + index(rng, len - k)`. This order is part of the determinism contract.
pub(crate) fn lay_mines<R: Rng + ?Sized>(
    cells: usize,
    mines: usize,
    allowed: impl Fn(usize) -> bool,
    rng: &mut R,
) -> Vec<bool> {
    let mut pool: Vec<u32> = (0..cells as u32).filter(|&i| allowed(i as usize)).collect();
    let mut mask = alloc::vec![false; cells];
    let take = mines.min(pool.len());
    for k in 0..take {
        let j = k + plateau_grid::random::index(rng, pool.len() - k);
        pool.swap(k, j);
        mask[pool[k] as usize] = true;
    }
    mask
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}, {} mines:\n{self}", self.size(), self.mines)
    }
}

/// One line per row, top first: `*` a mine, `.` a safe cell; no trailing newline.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.cells.to_text(|&c| if c == MINE { '*' } else { '.' }))
    }
}

/// Reads the [`Display`](fmt::Display) form: `*` mine, `.` safe (also `0` for safe);
/// surrounding spaces, blank lines and `#` comment lines are ignored.
impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let grid = Grid::parse_with_comments(s, |c| match c {
            '*' => Some(true),
            '.' | '0' => Some(false),
            _ => None,
        })?;
        check_parsed_size(grid.size())?;
        Ok(Board::from_mask(grid.size(), grid.as_slice()))
    }
}

pub(crate) fn check_parsed_size(size: Size) -> Result<(), ParseBoardError> {
    check_size(size).map_err(|_| ParseBoardError::TooLarge {
        size,
        max_side: crate::MAX_SIDE,
        max_cells: crate::MAX_CELLS,
    })
}

// Serialised as the text form, checked on the way back in.
#[cfg(feature = "serde")]
plateau_grid::serde_via_text!(Board);
