//! [`Board`]: the playfield's cells with what filled them, and its text form.

use core::fmt;
use core::str::FromStr;

use plateau_grid::{Pos, Size};

use crate::error::{BoardError, ParseBoardError};
use crate::field::{MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::{Field, Piece, RotationSystem, Tetromino};

/// What fills a cell: a locked piece's colour, or garbage (a cell that came with the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cell {
    /// Left by a piece of this kind.
    Piece(Piece),
    /// Not from a piece (`#` in the text form).
    Garbage,
}

impl Cell {
    /// The cell's character: the piece letter, or `#`.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Cell::Piece(p) => p.letter(),
            Cell::Garbage => '#',
        }
    }

    const fn code(self) -> u64 {
        match self {
            Cell::Piece(p) => p.index() as u64 + 1,
            Cell::Garbage => 8,
        }
    }

    const fn from_code(code: u64) -> Option<Cell> {
        match code {
            0 => None,
            1..=7 => match Piece::from_index(code as usize - 1) {
                Some(p) => Some(Cell::Piece(p)),
                None => None,
            },
            _ => Some(Cell::Garbage),
        }
    }
}

/// The playfield: a [`Field`] of filled cells plus what filled each one.
///
/// **Coordinates**: `Pos { x, y }` with `x` the column from 0 at the left and `y` the row
/// **from 0 at the bottom** — the opposite of plateau-grid's boards, because in Tetris rows
/// are counted from the floor (pieces fall to row 0; the Guideline spawn is row 20 of a field
/// whose visible part is rows 0-19).
///
/// **Text**: one line per row, **top row first** (so the last line is row 0), `.` for an
/// empty cell, `#` for garbage and a piece letter (`IOTSZJL`, either case on input) for a
/// cell a piece left. Blank lines and surrounding spaces are ignored; there are no comment
/// lines, since `#` is a cell. `Display` prints every row and no trailing newline.
///
/// ```
/// use plateau_grid::Pos;
/// use plateau_tetris::{Board, Cell, Piece};
///
/// let board: Board = "....\n.tt.\n##TT".parse()?;
/// assert_eq!(board.size().to_string(), "4x3");
/// assert_eq!(board.get(Pos::new(0, 0)), Some(Cell::Garbage));
/// assert_eq!(board.get(Pos::new(1, 1)), Some(Cell::Piece(Piece::T)));
/// assert_eq!(board.get(Pos::new(0, 2)), None);
/// assert_eq!(board.to_string(), "....\n.TT.\n##TT");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    field: Field,
    /// Four bits per cell (`Cell::code`), 16 cells per row.
    colors: [u64; 64],
}

impl Board {
    /// An empty board of `size`.
    ///
    /// # Errors
    /// [`BoardError::Size`] unless the width is within 4..=16 and the height within 1..=60.
    pub fn new(size: Size) -> Result<Board, BoardError> {
        Ok(Board {
            field: Field::new(size)?,
            colors: [0; 64],
        })
    }

    pub(crate) fn empty(width: u8, height: u8) -> Board {
        Board {
            field: Field::empty(width, height),
            colors: [0; 64],
        }
    }

    /// The occupancy bitmasks, for collision tests and search.
    #[must_use]
    pub fn field(&self) -> &Field {
        &self.field
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.field.width()
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.field.height()
    }

    /// `width x height`.
    #[must_use]
    pub fn size(&self) -> Size {
        self.field.size()
    }

    /// What fills the cell at `pos` (row 0 at the bottom), `None` when it is empty or off the
    /// board.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<Cell> {
        if pos.x >= self.width() || pos.y >= self.height() {
            return None;
        }
        Cell::from_code(self.colors[pos.y] >> (4 * pos.x) & 0xF)
    }

    /// Sets the cell at `pos` (row 0 at the bottom).
    ///
    /// # Errors
    /// [`BoardError::OutOfBounds`] if `pos` is off the board (nothing changes).
    pub fn set(&mut self, pos: Pos, cell: Option<Cell>) -> Result<(), BoardError> {
        if pos.x >= self.width() || pos.y >= self.height() {
            return Err(BoardError::OutOfBounds {
                pos,
                size: self.size(),
            });
        }
        let code = cell.map_or(0, Cell::code);
        let shift = 4 * pos.x;
        self.colors[pos.y] = self.colors[pos.y] & !(0xF << shift) | code << shift;
        self.field.set(pos.x, pos.y, cell.is_some());
        Ok(())
    }

    /// Whether no cell is filled.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.field.is_empty()
    }

    /// Number of filled cells.
    #[must_use]
    pub fn count(&self) -> usize {
        self.field.count()
    }

    /// Locks `t` (which must fit) and clears full rows; returns the cleared rows' mask.
    pub(crate) fn lock(&mut self, system: RotationSystem, t: Tetromino) -> u64 {
        let code = Cell::Piece(t.piece).code();
        for (x, y) in Field::cells(system, t) {
            let (x, y) = (x as usize, y as usize);
            self.colors[y] |= code << (4 * x);
        }
        let rows = self.field.lock(system, t);
        if rows != 0 {
            let mut to = 0;
            for from in 0..self.height() {
                if rows >> from & 1 == 0 {
                    self.colors[to] = self.colors[from];
                    to += 1;
                }
            }
            for y in to..self.height() {
                self.colors[y] = 0;
            }
        }
        rows
    }

    /// The same cells on a taller board (rows added on top), for a position given with fewer
    /// rows than the field has.
    pub(crate) fn padded_to(&self, height: u8) -> Board {
        let mut out = Board::empty(self.field.width() as u8, height);
        for y in 0..self.height().min(usize::from(height)) {
            out.colors[y] = self.colors[y];
            for x in 0..self.width() {
                out.field.set(x, y, self.field.is_filled(x, y));
            }
        }
        out
    }

    /// Whether every filled cell lies below row `height`.
    pub(crate) fn fits_height(&self, height: usize) -> bool {
        self.field.stack_height() <= height
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..self.height()).rev() {
            for x in 0..self.width() {
                let c = self.get(Pos::new(x, y)).map_or('.', Cell::symbol);
                write!(f, "{c}")?;
            }
            if y > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {} (top row first):", self.size())?;
        write!(f, "{self}")
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Parses rows top first (see [`Board`]); the board has as many rows as the text.
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        // `#` is a cell here, so no line is a comment.
        let lines: alloc::vec::Vec<&str> = plateau_grid::text::content_lines(s, false).collect();
        let Some(first) = lines.first() else {
            return Err(ParseBoardError::Empty);
        };
        let width = first.chars().count();
        let height = lines.len();
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) || !(MIN_HEIGHT..=MAX_HEIGHT).contains(&height)
        {
            return Err(ParseBoardError::Size {
                size: Size::new(width, height),
            });
        }
        let mut board = Board::empty(width as u8, height as u8);
        for (i, line) in lines.iter().enumerate() {
            let len = line.chars().count();
            if len != width {
                return Err(ParseBoardError::Ragged {
                    line: i + 1,
                    len,
                    expected: width,
                });
            }
            let y = height - 1 - i;
            for (x, ch) in line.chars().enumerate() {
                let cell = match ch {
                    '.' => None,
                    '#' => Some(Cell::Garbage),
                    c => match Piece::from_letter(c) {
                        Some(p) => Some(Cell::Piece(p)),
                        None => {
                            return Err(ParseBoardError::Char {
                                ch,
                                line: i + 1,
                                column: x + 1,
                            });
                        }
                    },
                };
                if cell.is_some() {
                    // In bounds by construction.
                    let _ = board.set(Pos::new(x, y), cell);
                }
            }
        }
        Ok(board)
    }
}

impl TryFrom<alloc::string::String> for Board {
    type Error = ParseBoardError;

    fn try_from(s: alloc::string::String) -> Result<Board, ParseBoardError> {
        s.parse()
    }
}

impl From<Board> for alloc::string::String {
    fn from(b: Board) -> alloc::string::String {
        alloc::string::ToString::to_string(&b)
    }
}

// Serialised as the text form, checked on the way back in.
#[cfg(feature = "serde")]
plateau_grid::serde_via_text!(Board);
