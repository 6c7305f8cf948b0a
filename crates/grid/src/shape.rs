//! Polyomino shapes packed in an 8 x 8 box.
//!
//! A [`Shape`] is a non-empty set of cells translated so that its bounding box touches the
//! top and left edges (it is "normalised"); two shapes are equal exactly when they are the
//! same fixed polyomino. The cells live in one `u64` (bit `8 * y + x`), so shapes are `Copy`,
//! hash and compare in one instruction, and a row of a shape is a byte ready to be shifted
//! onto a bitboard row.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Deref;
use core::str::FromStr;

use crate::{Pos, ShapeError, Size, WordGrid};

/// Largest width or height of a [`Shape`].
pub const MAX_SHAPE_SIDE: usize = 8;

/// A normalised set of cells (a polyomino when connected) in an 8 x 8 box.
///
/// ```
/// use plateau_grid::Shape;
///
/// let t: Shape = "###\n.#.".parse()?;
/// assert_eq!((t.width(), t.height(), t.len()), (3, 2, 4));
/// assert_eq!(t.rotated().to_string(), ".#\n##\n.#");
/// assert_eq!(t.orientations().len(), 4); // a T has 4 distinct orientations
/// assert_eq!(Shape::free_polyominoes(5).len(), 12); // the 12 pentominoes
/// # Ok::<(), plateau_grid::ShapeError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::string::String", into = "alloc::string::String")
)]
pub struct Shape {
    bits: u64,
}

const COL0: u64 = 0x0101_0101_0101_0101;

/// The 8 x 8 box a shape lives in.
const BOX: WordGrid = match WordGrid::new(Size::square(MAX_SHAPE_SIDE)) {
    Ok(b) => b,
    Err(_) => panic!("an 8 x 8 box is 64 cells"),
};

impl Shape {
    /// The single-cell shape.
    pub const MONOMINO: Shape = Shape { bits: 1 };

    /// The shape made of `cells`, translated to the top-left corner. Duplicates are ignored.
    ///
    /// # Errors
    /// [`ShapeError::Empty`] without cells, [`ShapeError::TooLarge`] if they span more than
    /// 8 columns or rows.
    pub fn from_cells(cells: impl IntoIterator<Item = Pos>) -> Result<Shape, ShapeError> {
        let cells: Vec<Pos> = cells.into_iter().collect();
        let min_x = cells.iter().map(|p| p.x).min().ok_or(ShapeError::Empty)?;
        let min_y = cells.iter().map(|p| p.y).min().ok_or(ShapeError::Empty)?;
        let width = cells.iter().map(|p| p.x - min_x).max().unwrap_or(0) + 1;
        let height = cells.iter().map(|p| p.y - min_y).max().unwrap_or(0) + 1;
        if width > MAX_SHAPE_SIDE || height > MAX_SHAPE_SIDE {
            return Err(ShapeError::TooLarge {
                size: Size::new(width, height),
            });
        }
        let bits = cells
            .iter()
            .fold(0, |b, p| b | bit(p.x - min_x, p.y - min_y));
        Ok(Shape { bits })
    }

    /// The shape whose cells are the set bits of `bits` (bit `8 * y + x`), normalised.
    ///
    /// # Errors
    /// [`ShapeError::Empty`] if `bits` is zero.
    pub fn from_bits(bits: u64) -> Result<Shape, ShapeError> {
        if bits == 0 {
            return Err(ShapeError::Empty);
        }
        Ok(Shape::normalised(bits))
    }

    fn normalised(mut bits: u64) -> Shape {
        debug_assert!(bits != 0);
        bits >>= 8 * (bits.trailing_zeros() / 8);
        while bits & COL0 == 0 {
            bits = (bits >> 1) & !(COL0 << 7);
        }
        Shape { bits }
    }

    /// The packed cells, bit `8 * y + x`.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.bits
    }

    /// Number of cells.
    #[must_use]
    pub const fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Always `false`: a shape has at least one cell.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// Width of the bounding box.
    #[must_use]
    pub fn width(self) -> usize {
        let mut cols = 0u8;
        for y in 0..8 {
            cols |= self.row(y);
        }
        8 - cols.leading_zeros() as usize
    }

    /// Height of the bounding box.
    #[must_use]
    pub const fn height(self) -> usize {
        8 - self.bits.leading_zeros() as usize / 8
    }

    /// The cells of row `y` as a byte (bit `x` = column `x`); 0 past the last row.
    #[must_use]
    pub const fn row(self, y: usize) -> u8 {
        if y < 8 {
            (self.bits >> (8 * y)) as u8
        } else {
            0
        }
    }

    /// Whether the shape covers `pos` (relative to its top-left corner).
    #[must_use]
    pub fn contains(self, pos: Pos) -> bool {
        pos.x < 8 && pos.y < 8 && self.bits & bit(pos.x, pos.y) != 0
    }

    /// The cells, row-major.
    pub fn cells(self) -> impl Iterator<Item = Pos> {
        let mut bits = self.bits;
        core::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Pos::new(i % 8, i / 8))
        })
    }

    /// The shape turned a quarter turn clockwise.
    #[must_use]
    pub fn rotated(self) -> Shape {
        let h = self.height();
        let bits = self.cells().fold(0, |b, p| b | bit(h - 1 - p.y, p.x));
        Shape { bits }
    }

    /// The shape reflected left to right.
    #[must_use]
    pub fn mirrored(self) -> Shape {
        let w = self.width();
        let bits = self.cells().fold(0, |b, p| b | bit(w - 1 - p.x, p.y));
        Shape { bits }
    }

    /// The distinct orientations (rotations, then rotations of the mirror image), in that
    /// order, without repeats: 1, 2, 4 or 8 of them. The first is the shape itself.
    #[must_use]
    pub fn orientations(self) -> Orientations {
        let mut out = Orientations {
            shapes: [self; 8],
            len: 0,
        };
        let mut s = self;
        for i in 0..8 {
            if i == 4 {
                s = self.mirrored();
            }
            if !out.contains(&s) {
                out.shapes[out.len as usize] = s;
                out.len += 1;
            }
            s = s.rotated();
        }
        out
    }

    /// The smallest orientation (by [`Shape::bits`]): equal for two shapes exactly when one is
    /// a rotation or reflection of the other (the same free polyomino).
    #[must_use]
    pub fn canonical(self) -> Shape {
        self.orientations().iter().copied().min().unwrap_or(self)
    }

    /// Whether the cells form one orthogonally connected piece (a polyomino).
    #[must_use]
    pub fn is_connected(self) -> bool {
        BOX.flood4(self.bits & self.bits.wrapping_neg(), self.bits) == self.bits
    }

    /// Every fixed polyomino of `n` cells (distinct up to translation only), sorted by bits.
    /// Empty for `n == 0` or `n > 8` (larger ones need not fit the 8 x 8 box).
    #[must_use]
    pub fn fixed_polyominoes(n: usize) -> Vec<Shape> {
        if n == 0 || n > MAX_SHAPE_SIDE {
            return Vec::new();
        }
        let mut level = alloc::vec![Shape::MONOMINO];
        for _ in 1..n {
            let mut next = Vec::new();
            for s in &level {
                next.extend(s.grown());
            }
            next.sort_unstable();
            next.dedup();
            level = next;
        }
        level
    }

    /// One representative ([`Shape::canonical`]) of every free polyomino of `n` cells, sorted.
    #[must_use]
    pub fn free_polyominoes(n: usize) -> Vec<Shape> {
        let mut all: Vec<Shape> = Shape::fixed_polyominoes(n)
            .into_iter()
            .map(Shape::canonical)
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// The shapes one cell larger, made by adding an orthogonal neighbour (that still fits).
    fn grown(self) -> impl Iterator<Item = Shape> {
        // Shift into the middle of the box so growth to the left and top stays representable.
        let (w, h) = (self.width(), self.height());
        let centred = if w < 8 && h < 8 {
            self.bits << 9
        } else {
            self.bits
        };
        let around = BOX.neighbors4(centred);
        let mut rest = around;
        core::iter::from_fn(move || {
            while rest != 0 {
                let b = rest & rest.wrapping_neg();
                rest &= rest - 1;
                let s = Shape::normalised(centred | b);
                if s.width() <= 8 && s.height() <= 8 {
                    return Some(s);
                }
            }
            None
        })
    }
}

#[inline]
const fn bit(x: usize, y: usize) -> u64 {
    1 << (8 * y + x)
}

/// The distinct orientations of a [`Shape`]; dereferences to a slice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Orientations {
    shapes: [Shape; 8],
    len: u8,
}

impl Deref for Orientations {
    type Target = [Shape];
    fn deref(&self) -> &[Shape] {
        &self.shapes[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Orientations {
    type Item = &'a Shape;
    type IntoIter = core::slice::Iter<'a, Shape>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for Orientations {
    type Item = Shape;
    type IntoIter = core::iter::Take<core::array::IntoIter<Shape, 8>>;
    fn into_iter(self) -> Self::IntoIter {
        self.shapes.into_iter().take(usize::from(self.len))
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Shape(\"")?;
        for y in 0..self.height() {
            if y > 0 {
                f.write_str("/")?;
            }
            for x in 0..self.width() {
                f.write_str(if self.contains(Pos::new(x, y)) {
                    "#"
                } else {
                    "."
                })?;
            }
        }
        f.write_str("\")")
    }
}

/// The bounding box, `#` for a cell and `.` for a gap, rows separated by `\n`.
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.width();
        for y in 0..self.height() {
            if y > 0 {
                f.write_str("\n")?;
            }
            let r = self.row(y);
            for x in 0..w {
                f.write_str(if r >> x & 1 == 1 { "#" } else { "." })?;
            }
        }
        Ok(())
    }
}

/// Reads the [`Display`](fmt::Display) form (`#`, `X` or `x` for a cell, `.` for a gap; rows
/// may also be separated by `/`). Empty margins are dropped, so any placement in the text
/// gives the normalised shape.
impl FromStr for Shape {
    type Err = ShapeError;

    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let mut cells = Vec::new();
        for (y, line) in s
            .split(['\n', '/'])
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .enumerate()
        {
            for (x, ch) in line.chars().enumerate() {
                match ch {
                    '#' | 'X' | 'x' => cells.push(Pos::new(x, y)),
                    '.' => {}
                    _ => return Err(ShapeError::InvalidChar { ch, x, y }),
                }
            }
        }
        Shape::from_cells(cells)
    }
}

impl TryFrom<alloc::string::String> for Shape {
    type Error = ShapeError;
    fn try_from(s: alloc::string::String) -> Result<Shape, ShapeError> {
        s.parse()
    }
}

impl From<Shape> for alloc::string::String {
    fn from(s: Shape) -> alloc::string::String {
        alloc::string::ToString::to_string(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn polyomino_counts_match_published_sequences() {
        // OEIS A001168 (fixed) and A000105 (free polyominoes), n = 1..=8.
        let fixed: Vec<usize> = (1..=8).map(|n| Shape::fixed_polyominoes(n).len()).collect();
        assert_eq!(fixed, [1, 2, 6, 19, 63, 216, 760, 2725]);
        let free: Vec<usize> = (1..=8).map(|n| Shape::free_polyominoes(n).len()).collect();
        assert_eq!(free, [1, 1, 2, 5, 12, 35, 108, 369]);
        assert!(Shape::fixed_polyominoes(0).is_empty());
    }

    #[test]
    fn orientation_counts_of_tetrominoes() {
        let count = |s: &str| s.parse::<Shape>().unwrap().orientations().len();
        assert_eq!(count("##/##"), 1); // O
        assert_eq!(count("####"), 2); // I
        assert_eq!(count(".##/##."), 4); // S (its mirror is Z)
        assert_eq!(count("###/#.."), 8); // L
        assert_eq!(count("###/.#."), 4); // T
    }

    #[test]
    fn parsing_normalises_and_rejects() {
        let s: Shape = "....\n..#.\n..##".parse().unwrap();
        assert_eq!(s.to_string(), "#.\n##");
        assert_eq!(
            s.cells().collect::<Vec<_>>(),
            [Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 1)]
        );
        assert_eq!("..".parse::<Shape>(), Err(ShapeError::Empty));
        assert_eq!(
            "#########".parse::<Shape>(),
            Err(ShapeError::TooLarge {
                size: Size::new(9, 1)
            })
        );
        assert!("#?".parse::<Shape>().is_err());
        assert!("#.#".parse::<Shape>().is_ok_and(|s| !s.is_connected()));
        assert_eq!(
            Shape::from_bits(0b1_0000_0000_0000_0000),
            Ok(Shape::MONOMINO)
        );
    }
}
