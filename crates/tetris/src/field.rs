//! [`Field`]: the playfield's occupancy as one bitmask per row, for collision and search.

use core::fmt;

use plateau_grid::Size;

use crate::error::BoardError;
use crate::rotation::{PROBE_MIN_X, Probes, Shape};
use crate::{Piece, RotationSystem, Tetromino};

/// The widest field: a row is a `u16` of cells inside a `u32` whose upper bits are wall.
pub const MAX_WIDTH: usize = 16;
/// The tallest field (visible rows plus buffer): rows above it are solid ceiling in a fixed
/// array, with room for a 4-row piece window starting on any of the array's first 64 rows.
pub const MAX_HEIGHT: usize = 60;
/// The narrowest field: the I piece must lie flat.
pub(crate) const MIN_WIDTH: usize = 4;
/// The lowest field (a game's field has at least 8 rows: 4 visible and 4 of buffer).
pub(crate) const MIN_HEIGHT: usize = 1;

/// Rows of the array above the floor: the field's, then solid ceiling. [`Field::fits`] reads
/// a window of four rows from any array row below 64 (that is, up to row 66 = FLOOR + 64).
const ROWS: usize = 65;
/// Solid rows below row 0, so that [`Field::fits`] can read a four-row window reaching two
/// rows under the pivot without testing for the floor.
const FLOOR: usize = 2;

/// Which cells of the playfield are filled, one bitmask per row, **row 0 at the bottom**.
///
/// Bit `x` of row `y` is the cell in column `x`. The bits from `width` up are set (the walls),
/// and so are two rows under the floor and the rows from `height` up (the ceiling), so
/// testing whether a piece fits is a precomputed mask per piece, state and column, and-ed with
/// four consecutive rows, with no bounds check but one on the column and one on the row. This
/// is the type bots and solvers search with: it is `Copy` (a few hundred bytes) and knows
/// nothing of colours.
///
/// ```
/// use plateau_tetris::{Board, Piece, Rotation, RotationSystem, Tetromino};
///
/// let board: Board = "..........\n..........\n..........\n##.#######".parse()?;
/// let field = board.field();
/// assert!(field.is_filled(0, 0) && !field.is_filled(2, 0));
/// let i = Tetromino::new(Piece::I, Rotation::East, 1, 2); // vertical, in column 2
/// assert!(field.fits(RotationSystem::Srs, i));
/// assert!(!field.fits(RotationSystem::Srs, i.moved(1, 0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Field {
    width: u8,
    height: u8,
    /// Row `y` is `rows[y + FLOOR]`; the floor rows and the rows from `height` up are all
    /// ones.
    rows: [u32; FLOOR + ROWS],
}

impl Field {
    /// An empty field of `size` (columns x rows).
    ///
    /// # Errors
    /// [`BoardError::Size`] unless the width is within 4..=16 and the height within 1..=60.
    pub fn new(size: Size) -> Result<Field, BoardError> {
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&size.width)
            || !(MIN_HEIGHT..=MAX_HEIGHT).contains(&size.height)
        {
            return Err(BoardError::Size { size });
        }
        Ok(Field::empty(size.width as u8, size.height as u8))
    }

    /// An empty field of a size already checked.
    pub(crate) fn empty(width: u8, height: u8) -> Field {
        let wall = !((1u32 << width) - 1);
        let mut rows = [u32::MAX; FLOOR + ROWS];
        for row in rows.iter_mut().skip(FLOOR).take(usize::from(height)) {
            *row = wall;
        }
        Field {
            width,
            height,
            rows,
        }
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Rows (visible and buffer).
    #[must_use]
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The size, `width x height`.
    #[must_use]
    pub fn size(&self) -> Size {
        Size::new(self.width(), self.height())
    }

    /// The mask of the wall bits (everything from `width` up).
    #[inline]
    pub(crate) fn wall(&self) -> u32 {
        !((1u32 << self.width) - 1)
    }

    /// The mask of a full row's cells.
    #[inline]
    pub(crate) fn full_row(&self) -> u32 {
        (1u32 << self.width) - 1
    }

    /// Row `y`'s cells as bits (bit `x` = column `x`), 0 above the field.
    #[must_use]
    pub fn row(&self, y: usize) -> u32 {
        if y < self.height() {
            self.rows[y + FLOOR] & self.full_row()
        } else {
            0
        }
    }

    /// The raw row with its wall bits (all ones above the field).
    #[inline]
    pub(crate) fn raw(&self, y: usize) -> u32 {
        self.rows[y + FLOOR]
    }

    /// Whether the cell in column `x`, row `y` is filled.
    #[must_use]
    pub fn is_filled(&self, x: usize, y: usize) -> bool {
        x < self.width() && y < self.height() && self.rows[y + FLOOR] >> x & 1 == 1
    }

    /// Whether `(x, y)` is filled or lies outside the field (a wall, the floor, the
    /// ceiling): what the T-spin corner rule calls occupied.
    #[must_use]
    pub fn is_blocked(&self, x: i32, y: i32) -> bool {
        match (usize::try_from(x), usize::try_from(y)) {
            (Ok(x), Ok(y)) => x >= self.width() || y >= self.height() || self.is_filled(x, y),
            _ => true,
        }
    }

    pub(crate) fn set(&mut self, x: usize, y: usize, filled: bool) {
        if x < self.width() && y < self.height() {
            if filled {
                self.rows[y + FLOOR] |= 1 << x;
            } else {
                self.rows[y + FLOOR] &= !(1 << x);
            }
        }
    }

    /// Every column where a piece fits in one row, at once: bit `c` is set when `piece` in
    /// state `rotation`, with its leftmost cells in column `c` and its lowest cells in row
    /// `row`, lies inside the field on empty cells. One shift and OR per cell of the piece
    /// tests all the columns together (the move generator's inner step).
    ///
    /// ```
    /// use plateau_tetris::{Board, Piece, Rotation, RotationSystem};
    ///
    /// let board: Board = "....\n....\n#..#".parse()?;
    /// let field = board.field();
    /// let srs = RotationSystem::Srs;
    /// // The O fits on the floor only between the two filled cells, anywhere one row up.
    /// assert_eq!(field.fitting_columns(srs, Piece::O, Rotation::North, 0), 0b010);
    /// assert_eq!(field.fitting_columns(srs, Piece::O, Rotation::North, 1), 0b111);
    /// // A flat I fits with its left end in column 0, the only column it has room for.
    /// assert_eq!(field.fitting_columns(srs, Piece::I, Rotation::North, 2), 0b1);
    /// // Standing, the I is taller than the field.
    /// assert_eq!(field.fitting_columns(srs, Piece::I, Rotation::East, 0), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn fitting_columns(
        &self,
        system: RotationSystem,
        piece: Piece,
        rotation: crate::Rotation,
        row: usize,
    ) -> u32 {
        if row >= self.height() {
            return 0;
        }
        self.free_row(system.shape(piece, rotation), row)
    }

    /// Field rows `r..r + 61` with their wall bits, for a cell in row `r` (0..=3) of a
    /// piece's box: element `y` is the row that cell meets when the box's bottom row is `y`.
    #[inline(always)]
    pub(crate) fn rows_from(&self, r: u8) -> &[u32; MAX_HEIGHT + 1] {
        // Always there: the chunk starts at most at FLOOR + 3 = 5 of the array's 67 rows.
        static SOLID: [u32; MAX_HEIGHT + 1] = [u32::MAX; MAX_HEIGHT + 1];
        self.rows[FLOOR + usize::from(r & 3)..]
            .first_chunk()
            .unwrap_or(&SOLID)
    }

    /// The box columns where `shape` fits with its bottom row in row `y` (< height).
    #[inline(always)]
    pub(crate) fn free_row(&self, shape: &Shape, y: usize) -> u32 {
        // Column c is blocked when a cell (row i, column b) of the box meets a filled bit
        // c + b of row y + i: shifting that row right by b lines all columns up at once.
        let y = y.min(60) + FLOOR;
        let r = &self.rows;
        let [(r0, b0), (r1, b1), (r2, b2), (r3, b3)] = shape.cells;
        let blocked = (r[y + usize::from(r0)] >> b0)
            | (r[y + usize::from(r1)] >> b1)
            | (r[y + usize::from(r2)] >> b2)
            | (r[y + usize::from(r3)] >> b3);
        !blocked & 0xFFFF
    }

    /// Whether `t` lies inside the field on empty cells only.
    ///
    /// One range test for both the pivot column and the row, one table index (the piece, its
    /// state and its pivot column give a precomputed probe: the piece's cells already
    /// shifted to their columns in a window of four rows at a fixed height from the pivot),
    /// two loads of two packed rows each, two ANDs and a compare: no loop over the cells, no
    /// shift. The right wall, the floor and the ceiling are bits of the rows; a box reaching
    /// left of column 0 has a probe that always collides. To test every position of a piece
    /// state, [`Field::fit_map`] is faster still.
    #[must_use]
    #[inline]
    pub fn fits(&self, system: RotationSystem, t: Tetromino) -> bool {
        // The table's column and the window's bottom row in the array, both as bytes: one
        // test keeps both below 64. A column outside the table cannot hold any cell of the
        // piece inside the field; a pivot under the floor wraps to a large row, where no piece
        // fits (every state has a cell at or below its pivot); a pivot above the field meets
        // the ceiling rows or fails the test too. A window starting below 64 ends within the
        // array's 67 rows.
        let column = t.x.wrapping_sub(PROBE_MIN_X as i8) as u8;
        let y = t.y.wrapping_add(system.window() + FLOOR as i8) as u8;
        if column | y >= 64 {
            return false;
        }
        // `& 63` changes nothing but tells the compiler the four loads are in bounds.
        let (column, y) = (usize::from(column), usize::from(y & 63));
        let r = &self.rows;
        let low = u64::from(r[y]) | u64::from(r[y + 1]) << 32;
        let high = u64::from(r[y + 2]) | u64::from(r[y + 3]) << 32;
        let probes = system.probes();
        let i = Probes::index(t.piece, t.rotation, column);
        (low & probes.low[i]) | (high & probes.high[i]) == 0
    }

    /// The lowest position `t` reaches by falling straight down (itself if it cannot fall);
    /// `t` must fit.
    #[must_use]
    pub fn drop_position(&self, system: RotationSystem, t: Tetromino) -> Tetromino {
        let mut t = t;
        while self.fits(system, t.moved(0, -1)) {
            t = t.moved(0, -1);
        }
        t
    }

    /// Whether `t` rests: it fits, and one row lower it would not.
    #[must_use]
    pub fn rests(&self, system: RotationSystem, t: Tetromino) -> bool {
        self.fits(system, t) && !self.fits(system, t.moved(0, -1))
    }

    /// Fills the cells of `t` (which must fit), then removes the full rows and drops the rows
    /// above them; returns the removed rows as a mask of their indices before the removal.
    pub(crate) fn lock(&mut self, system: RotationSystem, t: Tetromino) -> u64 {
        let shape = system.shape(t.piece, t.rotation);
        let bx = (i32::from(t.x) + i32::from(shape.dx)) as u32;
        let by = (i32::from(t.y) + i32::from(shape.dy)) as usize;
        for i in 0..usize::from(shape.h) {
            self.rows[FLOOR + by + i] |= shape.rows[i] << bx;
        }
        let mut full = 0u64;
        for i in 0..usize::from(shape.h) {
            if by + i < self.height() && self.rows[FLOOR + by + i] == u32::MAX {
                full |= 1 << (by + i);
            }
        }
        if full != 0 {
            self.remove_rows(full);
        }
        full
    }

    /// Removes the rows of mask `rows`, dropping the ones above.
    pub(crate) fn remove_rows(&mut self, rows: u64) {
        let wall = self.wall();
        let mut to = 0;
        for from in 0..self.height() {
            if rows >> from & 1 == 0 {
                self.rows[FLOOR + to] = self.rows[FLOOR + from];
                to += 1;
            }
        }
        for y in to..self.height() {
            self.rows[FLOOR + y] = wall;
        }
    }

    /// Places `t` as a bot would: fills its cells and clears the full rows, returning the
    /// mask of the rows removed (indices before the removal).
    ///
    /// # Errors
    /// [`BoardError::Collision`] if `t` leaves the field or overlaps a filled cell (the
    /// field is then unchanged).
    pub fn place(&mut self, system: RotationSystem, t: Tetromino) -> Result<u64, BoardError> {
        if !self.fits(system, t) {
            return Err(BoardError::Collision { tetromino: t });
        }
        Ok(self.lock(system, t))
    }

    /// One more than the highest filled row (0 for an empty field).
    #[must_use]
    pub fn stack_height(&self) -> usize {
        let wall = self.wall();
        (0..self.height())
            .rev()
            .find(|&y| self.rows[FLOOR + y] != wall)
            .map_or(0, |y| y + 1)
    }

    /// Number of filled cells.
    #[must_use]
    pub fn count(&self) -> usize {
        (0..self.height())
            .map(|y| (self.rows[FLOOR + y] & self.full_row()).count_ones() as usize)
            .sum()
    }

    /// Whether no cell is filled.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        let wall = self.wall();
        self.rows[FLOOR..FLOOR + self.height()]
            .iter()
            .all(|&r| r == wall)
    }

    /// The cells of `t` as `(x, y)` pairs (which may lie outside the field).
    #[must_use]
    pub fn cells(system: RotationSystem, t: Tetromino) -> [(i32, i32); 4] {
        system.offsets(t.piece, t.rotation).map(|(dx, dy)| {
            (
                i32::from(t.x) + i32::from(dx),
                i32::from(t.y) + i32::from(dy),
            )
        })
    }

    /// The T-spin corner counts of a T whose pivot is at `(x, y)` in state `r`: `(corners
    /// occupied, front corners occupied)` by the Guideline's three-corner rule, where the
    /// front corners are the two on the side the T points to.
    pub(crate) fn t_corners(&self, system: RotationSystem, t: Tetromino) -> (u8, u8) {
        let offsets = system.offsets(Piece::T, t.rotation);
        // The nub is the cell whose mirror through the pivot is not a cell.
        let mut nub = (0, 1);
        for &(dx, dy) in &offsets {
            if (dx, dy) != (0, 0) && !offsets.contains(&(-dx, -dy)) {
                nub = (dx, dy);
            }
        }
        let (x, y) = (i32::from(t.x), i32::from(t.y));
        let mut all = 0;
        let mut front = 0;
        for (cx, cy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            if self.is_blocked(x + cx, y + cy) {
                all += 1;
                // A corner is in front when it lies on the nub's side.
                if cx * i32::from(nub.0) + cy * i32::from(nub.1) > 0 {
                    front += 1;
                }
            }
        }
        (all, front)
    }
}

/// Rows top first, `#` filled and `.` empty (the same form as [`Board`](crate::Board)'s
/// cells without colours).
impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..self.height()).rev() {
            for x in 0..self.width() {
                f.write_str(if self.is_filled(x, y) { "#" } else { "." })?;
            }
            if y > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Field {}x{} (rows from the top):",
            self.width, self.height
        )?;
        write!(f, "{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rotation;
    use plateau_grid::random;

    /// `fits` against the cells one by one, on every field size at the extremes and a few
    /// between, half filled at random, for every piece, state and pivot in a range wider
    /// than the table's (and the ends of `i8`).
    #[test]
    fn fits_agrees_with_the_cells_everywhere() {
        let mut rng = random::seeded(3);
        let coords: Vec<i8> = (-12..=72).chain([i8::MIN, i8::MIN + 1, i8::MAX]).collect();
        for (w, h) in [
            (4, 1),
            (4, 60),
            (10, 40),
            (10, 8),
            (16, 60),
            (16, 1),
            (7, 23),
        ] {
            let mut field = Field::new(Size::new(w, h)).expect("a size");
            for y in 0..h {
                for x in 0..w {
                    field.set(x, y, random::chance(&mut rng, 1, 2));
                }
            }
            for sys in [RotationSystem::Srs, RotationSystem::Classic] {
                for p in Piece::ALL {
                    for r in Rotation::ALL {
                        for &x in &coords {
                            for &y in &coords {
                                let t = Tetromino::new(p, r, x, y);
                                let by_cells = Field::cells(sys, t)
                                    .iter()
                                    .all(|&(x, y)| !field.is_blocked(x, y));
                                assert_eq!(field.fits(sys, t), by_cells, "{w}x{h} {sys:?} {t}");
                            }
                        }
                    }
                }
            }
        }
    }
}
