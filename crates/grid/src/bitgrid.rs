//! `BitGrid`: a board of booleans packed one row per `u64`.
//!
//! Bit `x` of row `y` is the cell `(x, y)`. Widths go up to 64 columns; the number of rows is
//! the const parameter `ROWS` (64 by default), so a small board can use a small, cheap-to-copy
//! value: `BitGrid<14>` is 112 bytes of rows.
//!
//! Every operation keeps the invariant that no bit outside `width x height` is ever set, so
//! population counts and comparisons need no masking.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};
use core::str::FromStr;

use crate::runs::fill_runs;
use crate::{Connectivity, Dir, GridError, ParseGridError, Pos, Size, packed};

/// Maximum number of columns of a [`BitGrid`].
pub const MAX_BIT_WIDTH: usize = 64;

/// A `width x height` set of cells stored as one `u64` per row.
///
/// ```
/// use plateau_grid::{BitGrid, Pos, Size};
///
/// // `#` or `X` marks a set cell (`X` here: rustdoc treats lines starting `#` specially).
/// let walls: BitGrid = "\
/// ..X..
/// ..X..
/// XXX..
/// .....".parse()?;
/// let open = !walls;
/// let mut seed = BitGrid::new(Size::new(5, 4))?;
/// seed.set(Pos::new(0, 0), true)?;
/// let reached = seed.flood4(&open);
/// assert_eq!(reached.len(), 4); // the 2x2 pocket in the corner
/// assert!(!reached.get(Pos::new(4, 0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::string::String", into = "alloc::string::String")
)]
pub struct BitGrid<const ROWS: usize = 64> {
    width: u32,
    height: u32,
    rows: [u64; ROWS],
}

/// Keeps the low `width` bits.
#[inline]
const fn width_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

impl<const ROWS: usize> BitGrid<ROWS> {
    /// An empty grid of `width x height` cells.
    ///
    /// # Errors
    /// [`GridError::Empty`] if a dimension is zero, [`GridError::ExceedsCapacity`] if `width`
    /// exceeds 64 or `height` exceeds `ROWS`.
    pub fn new(size: Size) -> Result<Self, GridError> {
        if size.is_empty() {
            return Err(GridError::Empty { size });
        }
        let max = Self::capacity();
        if !size.fits_in(max) {
            return Err(GridError::ExceedsCapacity { size, max });
        }
        // Both sides fit: the width is at most 64, the height at most ROWS (an array length).
        Ok(BitGrid {
            width: size.width as u32,
            height: size.height as u32,
            rows: [0; ROWS],
        })
    }

    /// The largest size this type holds: 64 columns and `ROWS` rows.
    #[must_use]
    pub const fn capacity() -> Size {
        Size::new(MAX_BIT_WIDTH, ROWS)
    }

    /// A grid with every cell set.
    ///
    /// # Errors
    /// As [`BitGrid::new`].
    pub fn full(size: Size) -> Result<Self, GridError> {
        let mut g = Self::new(size)?;
        let m = width_mask(g.width);
        for r in g.rows_mut() {
            *r = m;
        }
        Ok(g)
    }

    /// A grid whose cell `p` is set when `f(p)` is true.
    ///
    /// # Errors
    /// As [`BitGrid::new`].
    pub fn from_fn(size: Size, mut f: impl FnMut(Pos) -> bool) -> Result<Self, GridError> {
        let mut g = Self::new(size)?;
        for (y, row) in g.rows[..size.height].iter_mut().enumerate() {
            for x in 0..size.width {
                *row |= u64::from(f(Pos::new(x, y))) << x;
            }
        }
        Ok(g)
    }

    /// A grid of the same dimensions with no cell set.
    #[must_use]
    pub fn empty_like(&self) -> Self {
        BitGrid {
            width: self.width,
            height: self.height,
            rows: [0; ROWS],
        }
    }

    /// Number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The board's dimensions.
    #[must_use]
    pub fn size(&self) -> Size {
        Size::new(self.width(), self.height())
    }

    /// Whether `pos` lies on the board.
    #[must_use]
    pub fn in_bounds(&self, pos: Pos) -> bool {
        pos.x < self.width() && pos.y < self.height()
    }

    /// Whether the cell is set; `false` outside the board.
    #[must_use]
    #[inline]
    pub fn get(&self, pos: Pos) -> bool {
        self.in_bounds(pos) && self.rows[pos.y] >> pos.x & 1 == 1
    }

    /// Sets or clears one cell.
    ///
    /// # Errors
    /// [`GridError::OutOfBounds`] if `pos` is off the board (the grid is unchanged).
    pub fn set(&mut self, pos: Pos, value: bool) -> Result<(), GridError> {
        if !self.in_bounds(pos) {
            return Err(self.out_of_bounds(pos));
        }
        if value {
            self.rows[pos.y] |= 1 << pos.x;
        } else {
            self.rows[pos.y] &= !(1 << pos.x);
        }
        Ok(())
    }

    /// Sets one cell, returning whether it was newly set.
    ///
    /// # Errors
    /// [`GridError::OutOfBounds`] if `pos` is off the board (the grid is unchanged).
    pub fn insert(&mut self, pos: Pos) -> Result<bool, GridError> {
        let was = self.get(pos);
        self.set(pos, true)?;
        Ok(!was)
    }

    fn out_of_bounds(&self, pos: Pos) -> GridError {
        GridError::OutOfBounds {
            pos,
            size: self.size(),
        }
    }

    /// The bits of row `y` (bit `x` = column `x`); 0 for a row off the board.
    #[must_use]
    #[inline]
    pub fn row(&self, y: usize) -> u64 {
        if y < self.height() { self.rows[y] } else { 0 }
    }

    /// Replaces row `y`; bits beyond the width are dropped.
    ///
    /// # Errors
    /// [`GridError::OutOfBounds`] if `y` is not a row of the board.
    pub fn set_row(&mut self, y: usize, bits: u64) -> Result<(), GridError> {
        if y >= self.height() {
            return Err(self.out_of_bounds(Pos::new(0, y)));
        }
        self.rows[y] = bits & width_mask(self.width);
        Ok(())
    }

    /// The rows on the board, top first.
    #[must_use]
    #[inline]
    pub fn rows(&self) -> &[u64] {
        &self.rows[..self.height as usize]
    }

    fn rows_mut(&mut self) -> &mut [u64] {
        &mut self.rows[..self.height as usize]
    }

    /// Number of set cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows().iter().map(|r| r.count_ones() as usize).sum()
    }

    /// Whether no cell is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows().iter().all(|&r| r == 0)
    }

    /// Whether every cell of the board is set.
    #[must_use]
    pub fn is_full(&self) -> bool {
        let m = width_mask(self.width);
        self.rows().iter().all(|&r| r == m)
    }

    /// Clears every cell.
    pub fn clear(&mut self) {
        self.rows = [0; ROWS];
    }

    /// The first set cell in row-major order.
    #[must_use]
    pub fn first(&self) -> Option<Pos> {
        self.rows()
            .iter()
            .enumerate()
            .find(|(_, r)| **r != 0)
            .map(|(y, r)| Pos::new(r.trailing_zeros() as usize, y))
    }

    /// The set cells in row-major order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            rows: self.rows(),
            y: 0,
            bits: self.rows().first().copied().unwrap_or(0),
        }
    }

    /// Whether every cell of `self` is set in `other`.
    #[must_use]
    pub fn is_subset(&self, other: &Self) -> bool {
        self.rows()
            .iter()
            .zip(other.rows.iter())
            .all(|(a, b)| a & !b == 0)
    }

    /// Whether the two sets share a cell.
    #[must_use]
    pub fn intersects(&self, other: &Self) -> bool {
        self.rows()
            .iter()
            .zip(other.rows.iter())
            .any(|(a, b)| a & b != 0)
    }

    /// The set moved one cell in `dir` (any of the eight); cells pushed off the board vanish,
    /// nothing wraps around.
    #[must_use]
    pub fn shifted(&self, dir: Dir) -> Self {
        let (dx, dy) = dir.delta();
        let m = width_mask(self.width);
        let h = self.height();
        let mut out = self.empty_like();
        for y in 0..h {
            let src_y = y as isize - dy as isize;
            if src_y < 0 || src_y >= h as isize {
                continue;
            }
            let r = self.rows[src_y as usize];
            out.rows[y] = match dx {
                1 => (r << 1) & m,
                -1 => r >> 1,
                _ => r,
            };
        }
        out
    }

    /// The cells adjacent (under `conn`) to the set, excluding the set itself.
    #[must_use]
    pub fn neighbors(&self, conn: Connectivity) -> Self {
        let m = width_mask(self.width);
        let h = self.height();
        let mut out = self.empty_like();
        for y in 0..h {
            let here = self.rows[y];
            let above = if y > 0 { self.rows[y - 1] } else { 0 };
            let below = if y + 1 < h { self.rows[y + 1] } else { 0 };
            let vertical = above | below;
            let mut grown = vertical | (here << 1) | (here >> 1);
            if conn == Connectivity::Eight {
                grown |= (vertical << 1) | (vertical >> 1);
            }
            out.rows[y] = grown & m & !here;
        }
        out
    }

    /// Grows `self` inside `mask` through orthogonal steps until nothing changes: the cells of
    /// `mask` 4-connected to a seed cell. Seed cells outside `mask` are dropped.
    ///
    /// Works on whole rows: each row's runs are filled in one step with carry arithmetic.
    /// Boards up to 15 x 16 are packed one row per 16-bit lane (two SSE2 registers on
    /// x86-64, four words elsewhere) and alternate complete horizontal and complete vertical
    /// runs, one pass per bend of the region; larger boards alternate top-down and bottom-up
    /// row sweeps.
    #[must_use]
    #[inline]
    pub fn flood4(&self, mask: &Self) -> Self {
        if self.fits_packed(mask) {
            self.flood4_packed(mask)
        } else {
            self.flood_by_sweeps(mask, Connectivity::Four)
        }
    }

    /// Like [`BitGrid::flood4`], with the connectivity chosen by `conn`.
    #[must_use]
    pub fn flood(&self, mask: &Self, conn: Connectivity) -> Self {
        match conn {
            Connectivity::Four => self.flood4(mask),
            Connectivity::Eight => self.flood_by_sweeps(mask, conn),
        }
    }

    /// Whether the flood of `self` inside `mask` fits the packed small-board fast path.
    fn fits_packed(&self, mask: &Self) -> bool {
        self.width() <= packed::MAX_WIDTH && self.height().min(mask.height()) <= packed::MAX_HEIGHT
    }

    /// [`BitGrid::flood4`] on a board that [fits](Self::fits_packed) the packed path.
    fn flood4_packed(&self, mask: &Self) -> Self {
        let h = self.height().min(mask.height());
        // The mask may be wider than `self`; the result must stay on `self`'s board.
        let columns = width_mask(self.width);
        let filled = packed::flood4(&self.rows, &mask.rows, columns, h);
        BitGrid {
            rows: core::array::from_fn(|r| filled.get(r).copied().unwrap_or(0)),
            ..*self
        }
    }

    /// The flood on any board: sweeps down and up the rows, filling each row's runs from
    /// the rows beside it, until a sweep changes nothing.
    fn flood_by_sweeps(&self, mask: &Self, conn: Connectivity) -> Self {
        let h = self.height().min(mask.height());
        let wm = width_mask(self.width);
        let eight = conn == Connectivity::Eight;
        let mut out = self.empty_like();
        let mut m = [0u64; ROWS];
        let mut any = false;
        for (((m, o), &s), &k) in m
            .iter_mut()
            .zip(&mut out.rows)
            .zip(&self.rows)
            .zip(&mask.rows)
            .take(h)
        {
            *m = k & wm;
            *o = s & *m;
            any |= *o != 0;
        }
        if !any {
            return out;
        }
        let spread = |r: u64| if eight { r | (r << 1) | (r >> 1) } else { r };
        let mut sweeps = 0;
        loop {
            let mut changed = false;
            let downward = sweeps % 2 == 0;
            let mut carried = 0u64;
            for i in 0..h {
                let y = if downward { i } else { h - 1 - i };
                let seed = (out.rows[y] | spread(carried)) & m[y];
                let filled = if seed == 0 { 0 } else { fill_runs(seed, m[y]) };
                if filled != out.rows[y] {
                    out.rows[y] = filled;
                    changed = true;
                }
                carried = filled;
            }
            sweeps += 1;
            // After a sweep the set is closed under that sweep's direction; a sweep with no
            // change means it is closed under both.
            if !changed && sweeps >= 2 {
                return out;
            }
        }
    }

    /// The 4-connected component of `mask` containing `start`, or an empty set if `start` is
    /// not in `mask`.
    #[must_use]
    pub fn component(mask: &Self, start: Pos) -> Self {
        let mut seed = mask.empty_like();
        if mask.get(start) {
            seed.rows[start.y] = 1 << start.x;
        }
        seed.flood4(mask)
    }

    /// Every cell of the board not in the set.
    #[must_use]
    pub fn complement(&self) -> Self {
        let m = width_mask(self.width);
        let mut out = *self;
        for r in out.rows_mut() {
            *r = !*r & m;
        }
        out
    }

    fn zip_with(mut self, rhs: &Self, f: impl Fn(u64, u64) -> u64) -> Self {
        let h = self.height();
        for (y, r) in self.rows[..h].iter_mut().enumerate() {
            *r = f(*r, rhs.rows.get(y).copied().unwrap_or(0));
        }
        self
    }
}

/// Iterator over the set cells of a [`BitGrid`], row-major.
#[derive(Debug, Clone)]
pub struct Iter<'a> {
    rows: &'a [u64],
    y: usize,
    bits: u64,
}

impl Iterator for Iter<'_> {
    type Item = Pos;

    fn next(&mut self) -> Option<Pos> {
        loop {
            if self.bits != 0 {
                let x = self.bits.trailing_zeros() as usize;
                self.bits &= self.bits - 1;
                return Some(Pos::new(x, self.y));
            }
            self.y += 1;
            self.bits = *self.rows.get(self.y)?;
        }
    }
}

impl<'a, const ROWS: usize> IntoIterator for &'a BitGrid<ROWS> {
    type Item = Pos;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

// Binary operators keep the left operand's dimensions; a right operand of other dimensions
// contributes only its overlap (with the intersection and union still masked to the left's
// board, since its rows never hold bits beyond its own width).
macro_rules! bit_op {
    ($tr:ident, $m:ident, $atr:ident, $am:ident, $f:expr) => {
        impl<const ROWS: usize> $tr for BitGrid<ROWS> {
            type Output = Self;
            fn $m(self, rhs: Self) -> Self {
                let m = width_mask(self.width);
                self.zip_with(&rhs, |a, b| $f(a, b) & m)
            }
        }
        impl<const ROWS: usize> $tr<&BitGrid<ROWS>> for &BitGrid<ROWS> {
            type Output = BitGrid<ROWS>;
            fn $m(self, rhs: &BitGrid<ROWS>) -> BitGrid<ROWS> {
                let m = width_mask(self.width);
                self.zip_with(rhs, |a, b| $f(a, b) & m)
            }
        }
        impl<const ROWS: usize> $atr<&BitGrid<ROWS>> for BitGrid<ROWS> {
            fn $am(&mut self, rhs: &BitGrid<ROWS>) {
                let m = width_mask(self.width);
                *self = self.zip_with(rhs, |a, b| $f(a, b) & m);
            }
        }
        impl<const ROWS: usize> $atr for BitGrid<ROWS> {
            fn $am(&mut self, rhs: BitGrid<ROWS>) {
                let m = width_mask(self.width);
                *self = self.zip_with(&rhs, |a, b| $f(a, b) & m);
            }
        }
    };
}

bit_op!(
    BitAnd,
    bitand,
    BitAndAssign,
    bitand_assign,
    |a: u64, b: u64| a & b
);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a: u64, b: u64| a
    | b);
bit_op!(
    BitXor,
    bitxor,
    BitXorAssign,
    bitxor_assign,
    |a: u64, b: u64| a ^ b
);

impl<const ROWS: usize> Sub for BitGrid<ROWS> {
    type Output = Self;
    /// Set difference: the cells of `self` not in `rhs`.
    fn sub(self, rhs: Self) -> Self {
        self.zip_with(&rhs, |a, b| a & !b)
    }
}

impl<const ROWS: usize> Sub<&BitGrid<ROWS>> for &BitGrid<ROWS> {
    type Output = BitGrid<ROWS>;
    fn sub(self, rhs: &BitGrid<ROWS>) -> BitGrid<ROWS> {
        self.zip_with(rhs, |a, b| a & !b)
    }
}

impl<const ROWS: usize> Not for BitGrid<ROWS> {
    type Output = Self;
    fn not(self) -> Self {
        self.complement()
    }
}

impl<const ROWS: usize> Not for &BitGrid<ROWS> {
    type Output = BitGrid<ROWS>;
    fn not(self) -> BitGrid<ROWS> {
        self.complement()
    }
}

impl<const ROWS: usize> fmt::Debug for BitGrid<ROWS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "BitGrid {}x{}", self.width, self.height)?;
        fmt::Display::fmt(self, f)
    }
}

/// One line per row, `#` for a set cell and `.` for a clear one, rows separated by `\n`.
impl<const ROWS: usize> fmt::Display for BitGrid<ROWS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (y, &r) in self.rows().iter().enumerate() {
            if y > 0 {
                f.write_str("\n")?;
            }
            for x in 0..self.width {
                f.write_str(if r >> x & 1 == 1 { "#" } else { "." })?;
            }
        }
        Ok(())
    }
}

/// Parses the [`Display`](fmt::Display) form: `#` (or `X`, `x`, `1`) set, `.` (or `0`) clear.
/// Blank lines and surrounding spaces are ignored.
impl<const ROWS: usize> FromStr for BitGrid<ROWS> {
    type Err = ParseGridError;

    fn from_str(s: &str) -> Result<Self, ParseGridError> {
        let lines = crate::text::lines(s, false);
        let mut g = Self::new(crate::text::dims(&lines)?)?;
        for (y, line) in lines.iter().enumerate() {
            for (x, ch) in line.chars().enumerate() {
                let set = match ch {
                    '#' | 'X' | 'x' | '1' => true,
                    '.' | '0' => false,
                    _ => return Err(ParseGridError::InvalidChar { ch, x, y }),
                };
                g.rows[y] |= u64::from(set) << x;
            }
        }
        Ok(g)
    }
}

impl<const ROWS: usize> TryFrom<alloc::string::String> for BitGrid<ROWS> {
    type Error = ParseGridError;
    fn try_from(s: alloc::string::String) -> Result<Self, ParseGridError> {
        s.parse()
    }
}

impl<const ROWS: usize> From<BitGrid<ROWS>> for alloc::string::String {
    fn from(g: BitGrid<ROWS>) -> alloc::string::String {
        alloc::string::ToString::to_string(&g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    fn g(s: &str) -> BitGrid {
        s.parse().unwrap()
    }

    #[test]
    fn shifts_respect_borders() {
        let a = g("#..#\n....\n.#..");
        assert_eq!(a.shifted(Dir::Right), g(".#..\n....\n..#."));
        assert_eq!(a.shifted(Dir::Left), g("..#.\n....\n#..."));
        assert_eq!(a.shifted(Dir::Up), g("....\n.#..\n...."));
        assert_eq!(a.shifted(Dir::Down), g("....\n#..#\n...."));
        assert_eq!(a.shifted(Dir::DownRight), g("....\n.#..\n...."));
    }

    #[test]
    fn flood_follows_a_spiral() {
        let open = !g("\
#######
......#
#####.#
#...#.#
#.#.#.#
#.###.#
#.....#");
        let reached = BitGrid::component(&open, Pos::new(0, 1));
        assert_eq!(reached, BitGrid::component(&open, Pos::new(3, 3)));
        assert_eq!(reached.len(), open.len());
        assert!(BitGrid::component(&open, Pos::new(2, 4)).is_empty());
        // A diagonal gap blocks 4-connectivity but not 8-connectivity.
        let diag = g("#.\n.#");
        assert_eq!(BitGrid::component(&diag, Pos::new(0, 0)).len(), 1);
        let mut seed = diag.empty_like();
        seed.set(Pos::new(0, 0), true).unwrap();
        assert_eq!(seed.flood(&diag, Connectivity::Eight).len(), 2);
    }

    #[test]
    fn set_algebra_and_iteration() {
        let mut a = g("##.\n.#.");
        let b = g(".##\n...");
        assert_eq!(a & b, g(".#.\n..."));
        assert_eq!(a | b, g("###\n.#."));
        assert_eq!(a ^ b, g("#.#\n.#."));
        assert_eq!(a - b, g("#..\n.#."));
        assert_eq!(!a, g("..#\n#.#"));
        assert_eq!(a.len(), 3);
        let cells: Vec<Pos> = a.iter().collect();
        assert_eq!(cells, [Pos::new(0, 0), Pos::new(1, 0), Pos::new(1, 1)]);
        assert_eq!(a.neighbors(Connectivity::Four), g("..#\n#.#"));
        assert_eq!(a.to_string(), "##.\n.#.");
        assert!(a.set(Pos::new(3, 0), true).is_err());
        assert!(BitGrid::<4>::new(Size::new(3, 5)).is_err());
        assert!(BitGrid::<4>::new(Size::new(65, 2)).is_err());
        assert_eq!(BitGrid::<64>::full(Size::square(64)).unwrap().len(), 4096);
    }
}
