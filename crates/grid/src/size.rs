//! [`Size`]: the width and height of a board, written `WxH`.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::Pos;
use crate::error::ParseSizeError;

/// The dimensions of a rectangular board: `width` columns and `height` rows.
///
/// Every Plateau crate takes and reports board dimensions as a `Size`, and writes it the
/// same way: `WxH` (`"14x14"`). Parsing also accepts `X` or `×` as the separator, spaces
/// around the numbers, and a single number `N` for a square `NxN`.
///
/// A `Size` is only a pair of numbers: zero sides are representable (each constructor that
/// builds a board from one says what it accepts).
///
/// ```
/// use plateau_grid::{Pos, Size};
///
/// let size: Size = "4x3".parse()?;
/// assert_eq!(size, Size::new(4, 3));
/// assert_eq!(size.to_string(), "4x3");
/// assert_eq!("7".parse::<Size>()?, Size::square(7));
/// assert_eq!(size.area(), Some(12));
/// assert!(size.contains(Pos::new(3, 2)) && !size.contains(Pos::new(4, 0)));
/// assert_eq!(size.index_of(Pos::new(1, 2)), Some(9));
/// # Ok::<(), plateau_grid::ParseSizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Size {
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
}

impl Size {
    /// A size of `width` columns and `height` rows.
    #[must_use]
    pub const fn new(width: usize, height: usize) -> Size {
        Size { width, height }
    }

    /// A square of `side x side`.
    #[must_use]
    pub const fn square(side: usize) -> Size {
        Size::new(side, side)
    }

    /// Number of cells, or `None` if `width * height` overflows `usize`.
    #[must_use]
    pub const fn area(self) -> Option<usize> {
        self.width.checked_mul(self.height)
    }

    /// Whether a side is zero (no cell at all).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// Whether `pos` lies inside a board of this size.
    #[must_use]
    #[inline]
    pub const fn contains(self, pos: Pos) -> bool {
        pos.x < self.width && pos.y < self.height
    }

    /// The row-major index of `pos` (`y * width + x`), if it lies inside.
    #[must_use]
    #[inline]
    pub const fn index_of(self, pos: Pos) -> Option<usize> {
        if self.contains(pos) {
            Some(pos.y * self.width + pos.x)
        } else {
            None
        }
    }

    /// The position of row-major index `index`, if it is below the area.
    #[must_use]
    pub const fn pos_of(self, index: usize) -> Option<Pos> {
        match self.area() {
            Some(area) if index < area => Some(Pos::new(index % self.width, index / self.width)),
            _ => None,
        }
    }

    /// The same size with width and height swapped.
    #[must_use]
    pub const fn transposed(self) -> Size {
        Size::new(self.height, self.width)
    }

    /// Whether both sides are at most the corresponding sides of `other`.
    #[must_use]
    pub const fn fits_in(self, other: Size) -> bool {
        self.width <= other.width && self.height <= other.height
    }

    /// Every position inside, row-major.
    pub fn positions(self) -> impl DoubleEndedIterator<Item = Pos> + Clone {
        let Size { width, height } = self;
        (0..height).flat_map(move |y| (0..width).map(move |x| Pos::new(x, y)))
    }
}

impl From<(usize, usize)> for Size {
    fn from((width, height): (usize, usize)) -> Size {
        Size { width, height }
    }
}

impl From<Size> for (usize, usize) {
    fn from(s: Size) -> (usize, usize) {
        (s.width, s.height)
    }
}

/// `WxH`, e.g. `14x14`.
impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Size {
    type Err = ParseSizeError;

    fn from_str(s: &str) -> Result<Size, ParseSizeError> {
        let number = |part: &str| {
            part.trim().parse::<usize>().map_err(|_| ParseSizeError {
                text: String::from(s),
            })
        };
        match s.split_once(['x', 'X', '×']) {
            Some((w, h)) => Ok(Size::new(number(w)?, number(h)?)),
            None => number(s).map(Size::square),
        }
    }
}

impl TryFrom<String> for Size {
    type Error = ParseSizeError;
    fn try_from(s: String) -> Result<Size, ParseSizeError> {
        s.parse()
    }
}

impl From<Size> for String {
    fn from(s: Size) -> String {
        alloc::string::ToString::to_string(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_accepted_forms_and_rejects_the_rest() {
        assert_eq!("14x14".parse(), Ok(Size::square(14)));
        assert_eq!(" 5 X 3 ".parse(), Ok(Size::new(5, 3)));
        assert_eq!("2×9".parse(), Ok(Size::new(2, 9)));
        assert_eq!("0x4".parse(), Ok(Size::new(0, 4)));
        for bad in ["", "x", "4x", "x4", "4x4x4", "-1x3", "4,4", "ax3"] {
            assert!(bad.parse::<Size>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn indices_and_positions_agree() {
        let s = Size::new(3, 2);
        let all: alloc::vec::Vec<Pos> = s.positions().collect();
        assert_eq!(all.len(), 6);
        for (i, &p) in all.iter().enumerate() {
            assert_eq!(s.index_of(p), Some(i));
            assert_eq!(s.pos_of(i), Some(p));
        }
        assert_eq!(s.pos_of(6), None);
        assert_eq!(Size::new(usize::MAX, 2).area(), None);
        assert_eq!(Size::new(usize::MAX, 2).pos_of(0), None);
        assert!(Size::new(0, 5).is_empty());
    }
}
