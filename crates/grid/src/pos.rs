//! Coordinates and directions.
//!
//! `x` is the column (growing to the right) and `y` the row, with row 0 at the top: "up" is
//! `y - 1`. Offsetting is checked so a position never wraps below zero.

use core::fmt;
use core::str::FromStr;

use crate::error::ParsePosError;

/// A cell position: column `x`, row `y`, row 0 at the top.
///
/// Positions order row-major (by `y`, then `x`), the order in which grids store and iterate
/// their cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pos {
    /// Column, from 0 at the left.
    pub x: usize,
    /// Row, from 0 at the top.
    pub y: usize,
}

impl Pos {
    /// Creates a position from a column and a row.
    #[must_use]
    pub const fn new(x: usize, y: usize) -> Self {
        Pos { x, y }
    }

    /// The neighbouring position one step in `dir`, or `None` if it would have a negative
    /// coordinate (or overflow). The result is not checked against any board: use
    /// [`Grid::neighbor`](crate::Grid::neighbor) for that.
    #[must_use]
    pub fn step(self, dir: Dir) -> Option<Pos> {
        let (dx, dy) = dir.delta();
        self.offset(dx as isize, dy as isize)
    }

    /// This position moved by `(dx, dy)`, or `None` if a coordinate would leave `0..=usize::MAX`.
    #[must_use]
    pub fn offset(self, dx: isize, dy: isize) -> Option<Pos> {
        Some(Pos {
            x: self.x.checked_add_signed(dx)?,
            y: self.y.checked_add_signed(dy)?,
        })
    }

    /// Manhattan (taxicab) distance to `other`.
    #[must_use]
    pub fn manhattan(self, other: Pos) -> usize {
        self.x.abs_diff(other.x) + self.y.abs_diff(other.y)
    }

    /// Chebyshev (king-move) distance to `other`.
    #[must_use]
    pub fn chebyshev(self, other: Pos) -> usize {
        self.x.abs_diff(other.x).max(self.y.abs_diff(other.y))
    }
}

impl Ord for Pos {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        (self.y, self.x).cmp(&(other.y, other.x))
    }
}

impl PartialOrd for Pos {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl From<(usize, usize)> for Pos {
    fn from((x, y): (usize, usize)) -> Self {
        Pos { x, y }
    }
}

/// `(x, y)`, e.g. `(3, 4)`.
impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Reads `x,y`, `x y` or `(x, y)` (the [`Display`](fmt::Display) form): column first, then
/// row, with any spaces around the numbers.
///
/// ```
/// use plateau_grid::Pos;
///
/// assert_eq!("3,4".parse(), Ok(Pos::new(3, 4)));
/// assert_eq!("(3, 4)".parse(), Ok(Pos::new(3, 4)));
/// assert_eq!(Pos::new(3, 4).to_string().parse(), Ok(Pos::new(3, 4)));
/// assert!("3".parse::<Pos>().is_err());
/// ```
impl FromStr for Pos {
    type Err = ParsePosError;

    fn from_str(s: &str) -> Result<Pos, ParsePosError> {
        let err = || ParsePosError {
            text: alloc::string::String::from(s),
        };
        let t = s.trim();
        let inner = match t.strip_prefix('(') {
            Some(rest) => rest.strip_suffix(')').ok_or_else(err)?,
            None => t,
        };
        let (x, y) = inner
            .split_once(',')
            .or_else(|| inner.trim().split_once(char::is_whitespace))
            .ok_or_else(err)?;
        let coord = |c: &str| c.trim().parse::<usize>().map_err(|_| err());
        Ok(Pos::new(coord(x)?, coord(y)?))
    }
}

/// One of the eight compass directions, in screen terms (`Up` decreases `y`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// `y - 1`.
    Up,
    /// `x + 1, y - 1`.
    UpRight,
    /// `x + 1`.
    Right,
    /// `x + 1, y + 1`.
    DownRight,
    /// `y + 1`.
    Down,
    /// `x - 1, y + 1`.
    DownLeft,
    /// `x - 1`.
    Left,
    /// `x - 1, y - 1`.
    UpLeft,
}

impl Dir {
    /// The four orthogonal directions, clockwise from `Up`.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];
    /// The four diagonal directions, clockwise from `UpRight`.
    pub const DIAGONAL: [Dir; 4] = [Dir::UpRight, Dir::DownRight, Dir::DownLeft, Dir::UpLeft];
    /// All eight directions, clockwise from `Up`.
    pub const ALL: [Dir; 8] = [
        Dir::Up,
        Dir::UpRight,
        Dir::Right,
        Dir::DownRight,
        Dir::Down,
        Dir::DownLeft,
        Dir::Left,
        Dir::UpLeft,
    ];

    /// The `(dx, dy)` step of this direction.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::Up => (0, -1),
            Dir::UpRight => (1, -1),
            Dir::Right => (1, 0),
            Dir::DownRight => (1, 1),
            Dir::Down => (0, 1),
            Dir::DownLeft => (-1, 1),
            Dir::Left => (-1, 0),
            Dir::UpLeft => (-1, -1),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::UpRight => Dir::DownLeft,
            Dir::Right => Dir::Left,
            Dir::DownRight => Dir::UpLeft,
            Dir::Down => Dir::Up,
            Dir::DownLeft => Dir::UpRight,
            Dir::Left => Dir::Right,
            Dir::UpLeft => Dir::DownRight,
        }
    }

    /// The direction a quarter turn clockwise.
    #[must_use]
    pub const fn clockwise(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 8]
    }

    /// Whether this is one of [`Dir::ORTHOGONAL`].
    #[must_use]
    pub const fn is_orthogonal(self) -> bool {
        (self as u8).is_multiple_of(2)
    }
}

/// Which cells count as adjacent: the 4 orthogonal neighbours or all 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Connectivity {
    /// Orthogonal neighbours only (von Neumann).
    #[default]
    Four,
    /// Orthogonal and diagonal neighbours (Moore).
    Eight,
}

impl Connectivity {
    /// The directions that reach a neighbour under this connectivity.
    #[must_use]
    pub const fn dirs(self) -> &'static [Dir] {
        match self {
            Connectivity::Four => &Dir::ORTHOGONAL,
            Connectivity::Eight => &Dir::ALL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_checked() {
        assert_eq!(Pos::new(0, 0).step(Dir::Up), None);
        assert_eq!(Pos::new(0, 0).step(Dir::Left), None);
        assert_eq!(Pos::new(0, 0).step(Dir::DownRight), Some(Pos::new(1, 1)));
        assert_eq!(Pos::new(3, 2).step(Dir::UpLeft), Some(Pos::new(2, 1)));
        assert_eq!(Pos::new(usize::MAX, 0).step(Dir::Right), None);
    }

    #[test]
    fn direction_algebra() {
        for d in Dir::ALL {
            assert_eq!(d.opposite().opposite(), d);
            let (dx, dy) = d.delta();
            let (ox, oy) = d.opposite().delta();
            assert_eq!((dx + ox, dy + oy), (0, 0));
            assert_eq!(d.clockwise().clockwise().clockwise().clockwise(), d);
        }
        assert_eq!(Dir::Up.clockwise(), Dir::Right);
        assert!(Dir::ORTHOGONAL.iter().all(|d| d.is_orthogonal()));
        assert!(Dir::DIAGONAL.iter().all(|d| !d.is_orthogonal()));
        assert_eq!(Pos::new(1, 5).manhattan(Pos::new(4, 1)), 7);
        assert_eq!(Pos::new(1, 5).chebyshev(Pos::new(4, 1)), 4);
    }
}
