//! The board: a rectangle of colours, its text forms and seeded generation.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use plateau_grid::{Grid, ParseGridError, Pos, Size, random};
use rand::Rng;

use crate::{BoardError, Color, Config, MAX_SIDE, ParseBoardError};

/// A rectangle of [`Color`]s, at most 64 x 64, row 0 at the top.
///
/// The text form is one character per cell (`0-9` then `a-z`, either case on input), one
/// line per row, without a trailing newline; parsing ignores surrounding spaces, blank lines
/// and comment lines starting with `#`, and also accepts rows separated by `/` on one line.
/// [`Board::to_line`] and [`Board::from_line`] give the one-line form of the `floodit solve`
/// command: all rows run together, the width given separately.
///
/// ```
/// use plateau_floodit::{Board, Color, Pos, Size};
///
/// let b: Board = "# a 3x2 board\n012\n34B".parse()?;
/// assert_eq!(b.size(), Size::new(3, 2));
/// assert_eq!(b.get(Pos::new(2, 1)), Color::new(11));
/// assert_eq!(b.to_string(), "012\n34b");
/// assert_eq!(b.to_line(), "01234b");
/// assert_eq!(Board::from_line("01234b", 3)?, b);
/// assert_eq!("012/34b".parse::<Board>()?, b);
/// # Ok::<(), plateau_floodit::ParseBoardError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    grid: Grid<Color>,
}

impl Board {
    /// A board of the configuration's size, each cell a uniformly random colour among its
    /// colours, from the workspace's seeded generator ([`plateau_grid::random::seeded`]).
    ///
    /// ```
    /// use plateau_floodit::{Board, Config};
    ///
    /// let board = Board::random(Config::classic(), 7);
    /// assert_eq!(board, Board::random(Config::classic(), 7));
    /// assert!(board.colors_used() <= 6);
    /// ```
    #[must_use]
    pub fn random(config: Config, seed: u64) -> Board {
        Board::random_with_rng(config, &mut random::seeded(seed))
    }

    /// Like [`Board::random`] with any generator: cell after cell in row-major order, colour
    /// `random::below(rng, colors)`.
    pub fn random_with_rng<R: Rng + ?Sized>(config: Config, rng: &mut R) -> Board {
        let colors = u32::from(config.colors());
        let size = config.size();
        let cells = (0..size.width * size.height)
            .map(|_| Color::ALL[random::below(rng, colors) as usize])
            .collect();
        Board {
            // A valid configuration is a valid, non-empty board size.
            grid: Grid::from_vec(size, cells)
                .unwrap_or_else(|_| unreachable!("configurations are 1x1..=64x64")),
        }
    }

    /// A board from a grid of colours.
    ///
    /// # Errors
    /// [`BoardError::TooLarge`] for a side longer than 64.
    pub fn from_grid(grid: Grid<Color>) -> Result<Board, BoardError> {
        let size = grid.size();
        if size.width > MAX_SIDE || size.height > MAX_SIDE {
            return Err(BoardError::TooLarge { size });
        }
        Ok(Board { grid })
    }

    /// A board of `size` from its colours in row-major order.
    ///
    /// # Errors
    /// [`BoardError::Grid`] for a zero side or a number of cells other than the area,
    /// [`BoardError::TooLarge`] for a side longer than 64.
    pub fn from_cells(size: Size, cells: Vec<Color>) -> Result<Board, BoardError> {
        Board::from_grid(Grid::from_vec(size, cells)?)
    }

    /// Parses the one-line form: the cells of every row, top first, run together (either
    /// case, surrounding spaces ignored).
    ///
    /// # Errors
    /// [`ParseBoardError::Text`] for an empty line or a bad character,
    /// [`ParseBoardError::Length`] for a length that is not a multiple of `width`,
    /// [`ParseBoardError::TooLarge`] for more than 64 rows or columns.
    pub fn from_line(line: &str, width: usize) -> Result<Board, ParseBoardError> {
        let line = line.trim();
        let len = line.chars().count();
        if len == 0 {
            return Err(ParseGridError::Empty.into());
        }
        if width == 0 || !len.is_multiple_of(width) {
            return Err(ParseBoardError::Length { len, width });
        }
        let size = Size::new(width, len / width);
        if size.width > MAX_SIDE || size.height > MAX_SIDE {
            return Err(ParseBoardError::TooLarge { size });
        }
        let cells = line
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                Color::from_char(ch).ok_or(ParseGridError::InvalidChar {
                    ch,
                    x: i % width,
                    y: i / width,
                })
            })
            .collect::<Result<Vec<Color>, _>>()?;
        let grid = Grid::from_vec(size, cells).map_err(ParseGridError::from)?;
        Ok(Board { grid })
    }

    /// The one-line form: every row, top first, run together.
    #[must_use]
    pub fn to_line(&self) -> String {
        self.grid.iter().map(|c| c.to_char()).collect()
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> Size {
        self.grid.size()
    }

    /// Number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// Number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// The colour of a cell, or `None` off the board.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<Color> {
        self.grid.get(pos).copied()
    }

    /// The colours as a grid.
    #[must_use]
    pub fn grid(&self) -> &Grid<Color> {
        &self.grid
    }

    /// The colours in row-major order.
    #[must_use]
    pub fn cells(&self) -> &[Color] {
        self.grid.as_slice()
    }

    /// Number of colours needed to hold this board: the largest colour plus one.
    #[must_use]
    pub fn colors_used(&self) -> u8 {
        self.grid.iter().max().map_or(0, |m| m.get() + 1)
    }

    /// Whether every cell has the same colour.
    #[must_use]
    pub fn is_uniform(&self) -> bool {
        let cells = self.grid.as_slice();
        cells.iter().all(|&c| c == cells[0])
    }

    /// A board built from a grid known to fit (the game's current colours).
    pub(crate) fn from_valid_grid(grid: Grid<Color>) -> Board {
        Board { grid }
    }
}

/// One line per row, top first, no trailing newline.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.grid.to_text(|c| c.to_char()))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({} {})", self.size(), self.to_line())
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Rows separated by newlines or `/`; blank lines, surrounding spaces and lines starting
    /// with `#` are ignored; letters in either case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Comments first, so a `/` in a comment does not split it into rows.
        let rows: Vec<&str> = plateau_grid::text::content_lines(s, true)
            .flat_map(|line| line.split('/'))
            .collect();
        let grid = Grid::parse_with(&rows.join("\n"), Color::from_char)?;
        let size = grid.size();
        if size.width > MAX_SIDE || size.height > MAX_SIDE {
            return Err(ParseBoardError::TooLarge { size });
        }
        Ok(Board { grid })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use alloc::string::ToString;
        s.serialize_str(&self.to_string())
    }
}

/// Through the text form's checks.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
