//! The board: a rectangle of colours, its text forms and seeded generation.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use plateau_grid::{Grid, ParseGridError, Pos, Size, random};
use rand::Rng;

use crate::{BoardError, Color, Config, MAX_COLORS, MAX_SIZE, ParseBoardError};

/// A `width x height` rectangle of colours (at most 64 x 64), row 0 at the top.
///
/// The text form is one character per cell (`0-9` then `a-z`), one line per row; parsing also
/// accepts rows separated by `/`. [`Board::to_line`] and [`Board::from_line`] give the
/// one-line form used by the `floodit solve` command: all rows run together, the width given
/// separately.
///
/// ```
/// use plateau_floodit::{Board, Color};
/// use plateau_grid::Pos;
///
/// let b: Board = "012\n345".parse()?;
/// assert_eq!((b.width(), b.height()), (3, 2));
/// assert_eq!(b.get(Pos::new(2, 1)), Some(Color(5)));
/// assert_eq!(b.to_string(), "012\n345");
/// assert_eq!(b.to_line(), "012345");
/// assert_eq!(Board::from_line("012345", 3)?, b);
/// # Ok::<(), plateau_floodit::ParseBoardError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    grid: Grid<u8>,
}

impl Board {
    /// A board of uniformly random colours `0..config.colors`, one draw per cell in row-major
    /// order, from the workspace's seeded generator.
    ///
    /// # Errors
    /// The configuration's [`ConfigError`](crate::ConfigError), if it is invalid.
    pub fn random(config: &Config, seed: u64) -> Result<Board, BoardError> {
        Board::random_with_rng(config, &mut random::seeded(seed))
    }

    /// Like [`Board::random`] with any generator: cell `(x, y)` is
    /// `below(rng, colors)`, drawn in row-major order.
    ///
    /// # Errors
    /// The configuration's [`ConfigError`](crate::ConfigError), if it is invalid.
    pub fn random_with_rng<R: Rng + ?Sized>(
        config: &Config,
        rng: &mut R,
    ) -> Result<Board, BoardError> {
        config.validate()?;
        let colors = u32::from(config.colors);
        let grid = Grid::from_fn(Size::new(config.width, config.height), |_| {
            random::below(rng, colors) as u8
        })
        .map_err(|_| BoardError::Shape {
            cells: config.cells(),
            width: config.width,
        })?;
        Ok(Board { grid })
    }

    /// A board from row-major colours.
    ///
    /// # Errors
    /// [`BoardError::Shape`] unless the cells split into rows of `width` within 64 x 64, and
    /// [`BoardError::Color`] for a colour of 36 or more.
    pub fn from_cells(width: usize, cells: Vec<Color>) -> Result<Board, BoardError> {
        let n = cells.len();
        let shape = BoardError::Shape { cells: n, width };
        if width == 0
            || width > MAX_SIZE
            || n == 0
            || !n.is_multiple_of(width)
            || n / width > MAX_SIZE
        {
            return Err(shape);
        }
        if let Some(i) = cells.iter().position(|c| c.0 >= MAX_COLORS) {
            return Err(BoardError::Color {
                pos: Pos::new(i % width, i / width),
                color: cells[i],
                colors: MAX_COLORS,
            });
        }
        let grid = Grid::from_vec(
            Size::new(width, n / width),
            cells.into_iter().map(|c| c.0).collect(),
        )
        .map_err(|_| shape)?;
        Ok(Board { grid })
    }

    /// Parses the one-line form: `width * height` cell characters, rows run together.
    ///
    /// # Errors
    /// [`ParseBoardError`] for an empty line, a bad character, a length that is not a multiple
    /// of `width`, or more than 64 rows or columns.
    pub fn from_line(line: &str, width: usize) -> Result<Board, ParseBoardError> {
        let line = line.trim();
        let len = line.chars().count();
        if len == 0 {
            return Err(ParseGridError::Empty.into());
        }
        if width == 0 || !len.is_multiple_of(width) {
            return Err(ParseBoardError::Length { len, width });
        }
        let height = len / width;
        if width > MAX_SIZE || height > MAX_SIZE {
            return Err(ParseBoardError::TooLarge { width, height });
        }
        let mut cells = Vec::with_capacity(len);
        for (i, ch) in line.chars().enumerate() {
            let c = Color::from_char(ch).ok_or(ParseGridError::InvalidChar {
                ch,
                x: i % width,
                y: i / width,
            })?;
            cells.push(c.0);
        }
        let grid = Grid::from_vec(Size::new(width, height), cells)
            .map_err(|_| ParseBoardError::TooLarge { width, height })?;
        Ok(Board { grid })
    }

    /// The one-line form: every row, top first, run together.
    #[must_use]
    pub fn to_line(&self) -> String {
        self.grid
            .iter()
            .map(|&c| Color(c).to_char().unwrap_or('?'))
            .collect()
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
        self.grid.get(pos).map(|&c| Color(c))
    }

    /// The colours as a [`Grid`] of indices.
    #[must_use]
    pub fn grid(&self) -> &Grid<u8> {
        &self.grid
    }

    /// Number of colours needed to hold this board: the largest colour plus one.
    #[must_use]
    pub fn colors_used(&self) -> u8 {
        self.grid.iter().copied().max().map_or(0, |m| m + 1)
    }

    /// Whether every cell has the same colour.
    #[must_use]
    pub fn is_uniform(&self) -> bool {
        let first = self.grid.as_slice()[0];
        self.grid.iter().all(|&c| c == first)
    }

    /// Checks the board against a configuration: same dimensions, colours in range.
    ///
    /// # Errors
    /// [`BoardError::Config`], [`BoardError::Dimensions`] or [`BoardError::Color`].
    pub fn check(&self, config: &Config) -> Result<(), BoardError> {
        config.validate()?;
        let (w, h) = (self.grid.width(), self.grid.height());
        if (w, h) != (config.width, config.height) {
            return Err(BoardError::Dimensions {
                expected: (config.width, config.height),
                actual: (w, h),
            });
        }
        if let Some((pos, &c)) = self.grid.iter_pos().find(|(_, c)| **c >= config.colors) {
            return Err(BoardError::Color {
                pos,
                color: Color(c),
                colors: config.colors,
            });
        }
        Ok(())
    }

    pub(crate) fn from_grid(grid: Grid<u8>) -> Board {
        Board { grid }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.grid.to_text(|&c| Color(c).to_char().unwrap_or('?')))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_line())?;
        write!(f, " {}x{}", self.width(), self.height())
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Rows separated by newlines or `/`; blank lines and surrounding spaces are ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.replace('/', "\n");
        let grid = Grid::parse_with(&text, |ch| Color::from_char(ch).map(|c| c.0))?;
        let (width, height) = (grid.width(), grid.height());
        if width > MAX_SIZE || height > MAX_SIZE {
            return Err(ParseBoardError::TooLarge { width, height });
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

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
