//! `Grid<T>`: a dense, row-major rectangle of cells.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

use crate::{Connectivity, Dir, GridError, ParseGridError, Pos, Size};

/// A `width x height` rectangle of `T`, stored row-major.
///
/// Every accessor is checked: [`Grid::get`] returns `None` off the board and
/// [`Grid::neighbors4`] never yields a position outside it. Indexing with `grid[pos]` panics off
/// the board, like slice indexing; use it only with positions the grid produced.
///
/// ```
/// use plateau_grid::{Grid, Pos, Size};
///
/// let mut g = Grid::new(Size::new(3, 2), 0u8)?;
/// g[Pos::new(2, 1)] = 7;
/// assert_eq!(g.get(Pos::new(2, 1)), Some(&7));
/// assert_eq!(g.get(Pos::new(3, 0)), None);
/// assert_eq!(g.neighbors4(Pos::new(0, 0)).count(), 2);
/// # Ok::<(), plateau_grid::GridError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

/// The number of cells of a grid of `size`, or why there can be no such grid.
pub(crate) fn checked_area(size: Size) -> Result<usize, GridError> {
    if size.is_empty() {
        return Err(GridError::Empty { size });
    }
    size.area().ok_or(GridError::TooLarge { size })
}

impl<T> Grid<T> {
    /// A grid filled with clones of `value`.
    ///
    /// # Errors
    /// [`GridError::Empty`] for a zero dimension, [`GridError::TooLarge`] if the cell count
    /// overflows `usize`.
    pub fn new(size: Size, value: T) -> Result<Self, GridError>
    where
        T: Clone,
    {
        let n = checked_area(size)?;
        Ok(Grid {
            width: size.width,
            height: size.height,
            cells: alloc::vec![value; n],
        })
    }

    /// A grid whose cell at `p` is `f(p)`, built row by row.
    ///
    /// # Errors
    /// As [`Grid::new`].
    pub fn from_fn(size: Size, f: impl FnMut(Pos) -> T) -> Result<Self, GridError> {
        let n = checked_area(size)?;
        let mut cells = Vec::with_capacity(n);
        cells.extend(size.positions().map(f));
        Ok(Grid {
            width: size.width,
            height: size.height,
            cells,
        })
    }

    /// A grid over the given row-major cells.
    ///
    /// # Errors
    /// As [`Grid::new`], and [`GridError::LengthMismatch`] if `cells.len() != width * height`.
    pub fn from_vec(size: Size, cells: Vec<T>) -> Result<Self, GridError> {
        let n = checked_area(size)?;
        if cells.len() != n {
            return Err(GridError::LengthMismatch {
                expected: n,
                actual: cells.len(),
            });
        }
        Ok(Grid {
            width: size.width,
            height: size.height,
            cells,
        })
    }

    /// Number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The grid's dimensions.
    #[must_use]
    pub fn size(&self) -> Size {
        Size::new(self.width, self.height)
    }

    /// Number of cells, `width * height` (never zero).
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always `false`: a grid has at least one cell. Present for API symmetry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `pos` lies on the board.
    #[must_use]
    #[inline]
    pub fn in_bounds(&self, pos: Pos) -> bool {
        pos.x < self.width && pos.y < self.height
    }

    /// The row-major index of `pos`, if on the board.
    #[must_use]
    #[inline]
    pub fn index_of(&self, pos: Pos) -> Option<usize> {
        self.in_bounds(pos).then(|| pos.y * self.width + pos.x)
    }

    /// The position of a row-major index, if on the board.
    #[must_use]
    pub fn pos_of(&self, index: usize) -> Option<Pos> {
        (index < self.cells.len()).then(|| Pos::new(index % self.width, index / self.width))
    }

    /// The cell at `pos`, or `None` off the board.
    #[must_use]
    #[inline]
    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.index_of(pos).map(|i| &self.cells[i])
    }

    /// The cell at `pos` for writing, or `None` off the board.
    #[must_use]
    pub fn get_mut(&mut self, pos: Pos) -> Option<&mut T> {
        self.index_of(pos).map(|i| &mut self.cells[i])
    }

    /// Replaces the cell at `pos`, returning the old value.
    ///
    /// # Errors
    /// [`GridError::OutOfBounds`] off the board; the grid is unchanged.
    pub fn replace(&mut self, pos: Pos, value: T) -> Result<T, GridError> {
        let size = self.size();
        let cell = self
            .get_mut(pos)
            .ok_or(GridError::OutOfBounds { pos, size })?;
        Ok(core::mem::replace(cell, value))
    }

    /// The cells in row-major order.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.cells
    }

    /// The cells in row-major order, writable.
    #[must_use]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Consumes the grid, returning its row-major cells.
    #[must_use]
    pub fn into_vec(self) -> Vec<T> {
        self.cells
    }

    /// The cells in row-major order.
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.cells.iter()
    }

    /// The cells with their positions, row-major.
    pub fn iter_pos(&self) -> impl Iterator<Item = (Pos, &T)> + '_ {
        let w = self.width;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, c)| (Pos::new(i % w, i / w), c))
    }

    /// Every position of the board, row-major.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        self.size().positions()
    }

    /// The rows, top first, each a slice of `width` cells.
    pub fn rows(&self) -> core::slice::ChunksExact<'_, T> {
        self.cells.chunks_exact(self.width)
    }

    /// One row, or `None` if `y` is off the board.
    #[must_use]
    pub fn row(&self, y: usize) -> Option<&[T]> {
        (y < self.height).then(|| &self.cells[y * self.width..(y + 1) * self.width])
    }

    /// The neighbour of `pos` in `dir`, if both are on the board.
    #[must_use]
    #[inline]
    pub fn neighbor(&self, pos: Pos, dir: Dir) -> Option<Pos> {
        pos.step(dir).filter(|p| self.in_bounds(*p))
    }

    /// The on-board orthogonal neighbours of `pos` (none if `pos` itself is off the board).
    pub fn neighbors4(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        self.neighbors(pos, Connectivity::Four)
    }

    /// The on-board neighbours of `pos` among all eight directions.
    pub fn neighbors8(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        self.neighbors(pos, Connectivity::Eight)
    }

    /// The on-board neighbours of `pos` under `conn`.
    pub fn neighbors(&self, pos: Pos, conn: Connectivity) -> impl Iterator<Item = Pos> + '_ {
        let on_board = self.in_bounds(pos);
        conn.dirs().iter().filter_map(move |&d| {
            if on_board {
                self.neighbor(pos, d)
            } else {
                None
            }
        })
    }

    /// A grid of the same shape with `f` applied to every cell.
    #[must_use]
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            width: self.width,
            height: self.height,
            cells: self.cells.iter().map(f).collect(),
        }
    }

    /// Like [`Grid::map`], also passing each cell's position.
    #[must_use]
    pub fn map_pos<U>(&self, mut f: impl FnMut(Pos, &T) -> U) -> Grid<U> {
        let w = self.width;
        Grid {
            width: self.width,
            height: self.height,
            cells: self
                .cells
                .iter()
                .enumerate()
                .map(|(i, c)| f(Pos::new(i % w, i / w), c))
                .collect(),
        }
    }

    /// Sets every cell to clones of `value`.
    pub fn fill(&mut self, value: T)
    where
        T: Clone,
    {
        self.cells.fill(value);
    }

    /// Renders one character per cell, rows separated by `\n`, with `f` choosing the character.
    #[must_use]
    pub fn to_text(&self, mut f: impl FnMut(&T) -> char) -> String {
        let mut s = String::with_capacity(self.len() + self.height);
        for (y, row) in self.rows().enumerate() {
            if y > 0 {
                s.push('\n');
            }
            s.extend(row.iter().map(&mut f));
        }
        s
    }

    /// Parses one character per cell (blank lines and surrounding spaces ignored), with `f`
    /// turning a character into a cell or rejecting it with `None`. Every line counts,
    /// including lines starting with `#` (a cell symbol in many grids); see
    /// [`Grid::parse_with_comments`] for forms that allow comments.
    ///
    /// ```
    /// use plateau_grid::Grid;
    ///
    /// let g = Grid::parse_with("1.\n.1", |c| match c { '1' => Some(true), '.' => Some(false), _ => None })?;
    /// assert_eq!(g.as_slice(), &[true, false, false, true]);
    /// # Ok::<(), plateau_grid::ParseGridError>(())
    /// ```
    ///
    /// # Errors
    /// [`ParseGridError`] for empty text, rows of unequal length, or a character `f` rejects.
    pub fn parse_with(s: &str, f: impl FnMut(char) -> Option<T>) -> Result<Self, ParseGridError> {
        Self::parse_lines(&crate::text::lines(s, false), f)
    }

    /// Like [`Grid::parse_with`], also skipping comment lines (whose first non-space
    /// character is `#`), for text forms where `#` is not a cell symbol.
    ///
    /// ```
    /// use plateau_grid::Grid;
    ///
    /// let g: Grid<u8> = Grid::parse_with_comments("# seed 7\n12\n34", |c| c.to_digit(10).map(|d| d as u8))?;
    /// assert_eq!(g.as_slice(), &[1, 2, 3, 4]);
    /// # Ok::<(), plateau_grid::ParseGridError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Grid::parse_with`].
    pub fn parse_with_comments(
        s: &str,
        f: impl FnMut(char) -> Option<T>,
    ) -> Result<Self, ParseGridError> {
        Self::parse_lines(&crate::text::lines(s, true), f)
    }

    fn parse_lines(
        lines: &[&str],
        mut f: impl FnMut(char) -> Option<T>,
    ) -> Result<Self, ParseGridError> {
        let size = crate::text::dims(lines)?;
        let mut cells = Vec::with_capacity(size.area().unwrap_or(0));
        for (y, line) in lines.iter().enumerate() {
            for (x, ch) in line.chars().enumerate() {
                cells.push(f(ch).ok_or(ParseGridError::InvalidChar { ch, x, y })?);
            }
        }
        Ok(Grid::from_vec(size, cells)?)
    }
}

impl<'a, T> IntoIterator for &'a Grid<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.cells.iter()
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;
    #[inline]
    fn index(&self, pos: Pos) -> &T {
        assert!(
            self.in_bounds(pos),
            "position {pos} outside the {}x{} grid",
            self.width,
            self.height
        );
        &self.cells[pos.y * self.width + pos.x]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    #[inline]
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        assert!(
            self.in_bounds(pos),
            "position {pos} outside the {}x{} grid",
            self.width,
            self.height
        );
        &mut self.cells[pos.y * self.width + pos.x]
    }
}

impl<T: fmt::Debug> fmt::Debug for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grid")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("rows", &self.rows().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

/// Prints each cell's `Display` form, one row per line. With single-character cells (the
/// usual case: `char`, digits) this is exactly the text [`FromStr`] reads back.
impl<T: fmt::Display> fmt::Display for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (y, row) in self.rows().enumerate() {
            if y > 0 {
                f.write_str("\n")?;
            }
            for c in row {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Parses a character grid: one character per cell, each converted with `T::from_str` on that
/// character alone. Blank lines and surrounding spaces are ignored.
impl<T: FromStr> FromStr for Grid<T> {
    type Err = ParseGridError;

    fn from_str(s: &str) -> Result<Self, ParseGridError> {
        let mut buf = [0u8; 4];
        Grid::parse_with(s, |ch| ch.encode_utf8(&mut buf).parse().ok())
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Grid<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw<T> {
            width: usize,
            height: usize,
            cells: Vec<T>,
        }
        let raw = Raw::deserialize(d)?;
        Grid::from_vec(Size::new(raw.width, raw.height), raw.cells)
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn constructors_reject_bad_sizes() {
        assert_eq!(
            Grid::new(Size::new(0, 3), 0u8),
            Err(GridError::Empty {
                size: Size::new(0, 3)
            })
        );
        assert_eq!(
            Grid::new(Size::new(usize::MAX, 2), 0u8),
            Err(GridError::TooLarge {
                size: Size::new(usize::MAX, 2)
            })
        );
        assert!(Grid::from_vec(Size::square(2), alloc::vec![1, 2, 3]).is_err());
    }

    #[test]
    fn text_round_trip_and_errors() {
        let text = "ab\ncd";
        let g: Grid<char> = text.parse().unwrap();
        assert_eq!(g.to_string(), text);
        assert_eq!(g[Pos::new(1, 1)], 'd');
        let digits: Grid<u8> = "12\n34".parse().unwrap();
        assert_eq!(digits.as_slice(), &[1, 2, 3, 4]);
        assert_eq!(
            "12\n3".parse::<Grid<u8>>(),
            Err(ParseGridError::Ragged {
                row: 1,
                len: 1,
                expected: 2
            })
        );
        assert_eq!(
            "1x".parse::<Grid<u8>>(),
            Err(ParseGridError::InvalidChar {
                ch: 'x',
                x: 1,
                y: 0
            })
        );
        assert_eq!("".parse::<Grid<u8>>(), Err(ParseGridError::Empty));
    }

    #[test]
    fn neighbors_stay_on_board() {
        let g = Grid::new(Size::square(3), ()).unwrap();
        assert_eq!(g.neighbors4(Pos::new(1, 1)).count(), 4);
        assert_eq!(g.neighbors8(Pos::new(1, 1)).count(), 8);
        assert_eq!(g.neighbors8(Pos::new(0, 0)).count(), 3);
        assert_eq!(g.neighbors8(Pos::new(5, 5)).count(), 0);
        assert_eq!(g.positions().count(), 9);
        assert_eq!(g.row(2).map(<[()]>::len), Some(3));
        assert_eq!(g.row(3), None);
    }
}
