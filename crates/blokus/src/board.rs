//! The board as a picture: which colour covers each cell, with a text form for tests and
//! front ends.

use core::fmt;
use core::str::FromStr;

use alloc::vec;
use alloc::vec::Vec;

use plateau_grid::{Grid, Pos, Size};

use crate::{Color, ParseBoardError, Variant};

/// Which colour covers each cell. Its text form is one line per row, top row first, `.` for
/// an empty cell and `1`-`4` for a colour; lines starting with `#` are comments. The size
/// gives the variant (14 x 14 Duo, 20 x 20 Classic).
///
/// ```
/// use plateau_blokus::{Board, Color, Pos, Variant};
///
/// let text = "# Duo, after 55u0\n".to_owned()
///     + &"..............\n".repeat(3)
///     + "....1.........\n...111........\n....1.........\n"
///     + &"..............\n".repeat(8);
/// let board: Board = text.parse()?;
/// assert_eq!(board.variant(), Variant::Duo);
/// assert_eq!(board.get(Pos::new(4, 4)), Some(Color::BLUE));
/// assert_eq!(board.to_string().lines().nth(4), Some("...111........"));
/// # Ok::<(), plateau_blokus::ParseBoardError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    variant: Variant,
    /// Row-major.
    cells: Vec<Option<Color>>,
}

impl Board {
    /// The empty board of `variant`.
    pub fn new(variant: Variant) -> Board {
        let side = variant.side();
        Board {
            variant,
            cells: vec![None; side * side],
        }
    }

    /// The variant (from the size).
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The size.
    pub fn size(&self) -> Size {
        self.variant.size()
    }

    /// The colour covering `pos` (`None`: empty or off the board).
    pub fn get(&self, pos: Pos) -> Option<Color> {
        let i = self.size().index_of(pos)?;
        self.cells[i]
    }

    /// Covers `pos` with `color` (or empties it), returning what was there. Off-board cells
    /// and colours the variant lacks are ignored (`None` returned).
    pub fn set(&mut self, pos: Pos, color: Option<Color>) -> Option<Color> {
        if color.is_some_and(|c| c.index() >= self.variant.colors()) {
            return None;
        }
        let i = self.size().index_of(pos)?;
        core::mem::replace(&mut self.cells[i], color)
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[Option<Color>] {
        &self.cells
    }

    /// Number of cells covered by `color`.
    pub fn count(&self, color: Color) -> usize {
        self.cells.iter().filter(|&&c| c == Some(color)).count()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.variant.side();
        for (i, c) in self.cells.iter().enumerate() {
            if i > 0 && i % side == 0 {
                f.write_str("\n")?;
            }
            let ch = match c {
                None => '.',
                Some(c) => char::from(b'1' + c.0),
            };
            write!(f, "{ch}")?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let cells = Grid::parse_with_comments(s, |ch| match ch {
            '.' => Some(None),
            '1'..='4' => Some(Some(Color(ch as u8 - b'1'))),
            _ => None,
        })?;
        let size = cells.size();
        let variant = Variant::of_size(size).ok_or(ParseBoardError::BadSize { size })?;
        if let Some((pos, &Some(color))) = cells
            .iter_pos()
            .find(|(_, c)| c.is_some_and(|c| c.index() >= variant.colors()))
        {
            return Err(ParseBoardError::NoSuchColor {
                color,
                pos,
                variant,
            });
        }
        Ok(Board {
            variant,
            cells: cells.into_vec(),
        })
    }
}
