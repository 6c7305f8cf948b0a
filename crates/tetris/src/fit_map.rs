//! [`FitMap`]: every position of one piece state that fits on a field, computed at once.

use core::fmt;

use crate::field::{Field, MAX_HEIGHT};
use crate::rotation::Shape;
use crate::{Piece, Rotation, RotationSystem, Tetromino};

/// Rows a map holds: every row of the tallest field, and a few of zeros above.
pub(crate) const MAP_ROWS: usize = 64;

/// Every position at which one piece in one state fits on a [`Field`]: for each row, the
/// columns as one bitmask, in the coordinates of the piece's bounding box (bit `c` of row `y`:
/// the box's left column is `c` and its bottom row is `y`).
///
/// This is the collision test a search wants: [`Field::fit_map`] tests every position of the
/// whole field with a handful of shifts and ORs per row, in a loop the compiler turns into
/// vector instructions, instead of one call of [`Field::fits`] per position. The placement
/// generator ([`Field::placements`]) searches over these maps.
///
/// ```
/// use plateau_tetris::{Board, Piece, Rotation, RotationSystem, Tetromino};
///
/// let board: Board = "....\n....\n#..#".parse()?;
/// let srs = RotationSystem::Srs;
/// let map = board.field().fit_map(srs, Piece::O, Rotation::North);
/// // On the floor the O fits only between the two filled cells; one row up, anywhere.
/// assert_eq!(map.row(0), 0b010);
/// assert_eq!(map.row(1), 0b111);
/// assert_eq!(map.row(2), 0); // its top row would be above the field
/// assert_eq!(map.len(), 4);
/// // By pivot, as everywhere else in the crate: the O's pivot is its bottom-left cell.
/// assert!(map.contains(Tetromino::new(Piece::O, Rotation::North, 1, 0)));
/// assert!(!map.contains(Tetromino::new(Piece::O, Rotation::North, 0, 0)));
/// let all: Vec<Tetromino> = map.iter().collect();
/// assert!(all.iter().all(|&t| board.field().fits(srs, t)));
/// assert_eq!(all.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FitMap {
    system: RotationSystem,
    piece: Piece,
    rotation: Rotation,
    /// Row `y`: the box columns that fit with the box's bottom row in row `y`.
    rows: [u32; MAP_ROWS],
}

impl FitMap {
    /// The rotation system whose piece states the map is of.
    #[must_use]
    pub fn system(&self) -> RotationSystem {
        self.system
    }

    /// The piece.
    #[must_use]
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// Its rotation state.
    #[must_use]
    pub fn rotation(&self) -> Rotation {
        self.rotation
    }

    /// The box columns at which the piece fits with the box's bottom row in row `y` (bit `c`:
    /// the box's left column is `c`); 0 from the field's top up.
    #[must_use]
    pub fn row(&self, y: usize) -> u32 {
        self.rows.get(y).copied().unwrap_or(0)
    }

    /// Whether `t` fits: the same answer as [`Field::fits`] on the map's field, for a
    /// tetromino of the map's piece and state (any other is not in the map: `false`).
    #[must_use]
    pub fn contains(&self, t: Tetromino) -> bool {
        if t.piece != self.piece || t.rotation != self.rotation {
            return false;
        }
        let shape = self.shape();
        let column = i32::from(t.x) + i32::from(shape.dx);
        let row = i32::from(t.y) + i32::from(shape.dy);
        match (u32::try_from(column), usize::try_from(row)) {
            (Ok(column), Ok(row)) if column < 32 => self.row(row) >> column & 1 == 1,
            _ => false,
        }
    }

    /// How many positions fit.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// Whether no position fits.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&r| r == 0)
    }

    /// Every position that fits, as tetrominoes (by pivot), bottom row first and left to
    /// right in a row.
    pub fn iter(&self) -> impl Iterator<Item = Tetromino> + '_ {
        let shape = self.shape();
        let (dx, dy) = (i32::from(shape.dx), i32::from(shape.dy));
        self.rows.iter().enumerate().flat_map(move |(y, &bits)| {
            let mut bits = bits;
            core::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let column = bits.trailing_zeros() as i32;
                bits &= bits - 1;
                // Pivots of positions on a field of at most 16 x 60 fit an i8.
                Some(Tetromino::new(
                    self.piece,
                    self.rotation,
                    (column - dx) as i8,
                    (y as i32 - dy) as i8,
                ))
            })
        })
    }

    fn shape(&self) -> &'static Shape {
        self.system.shape(self.piece, self.rotation)
    }
}

/// The map's rows, top row first: `#` where the piece's box fits with its bottom-left corner
/// on that cell, `.` elsewhere, from the highest row holding a `#` down to row 0 and from
/// column 0 to the last column holding one.
impl fmt::Debug for FitMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let top = self.rows.iter().rposition(|&r| r != 0).map_or(0, |y| y + 1);
        let width = self.rows.iter().map(|&r| 32 - r.leading_zeros()).max();
        writeln!(
            f,
            "FitMap {:?} {} {:?} ({} positions, rows from the top):",
            self.system,
            self.piece,
            self.rotation,
            self.len()
        )?;
        for y in (0..top).rev() {
            for x in 0..width.unwrap_or(0) {
                f.write_str(if self.rows[y] >> x & 1 == 1 { "#" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Field {
    /// Every position where `piece` in state `rotation` fits, at once (see [`FitMap`]).
    #[must_use]
    #[inline]
    pub fn fit_map(&self, system: RotationSystem, piece: Piece, rotation: Rotation) -> FitMap {
        let mut rows = [0; MAP_ROWS];
        self.free_rows(system.shape(piece, rotation), &mut rows[..self.height()]);
        FitMap {
            system,
            piece,
            rotation,
            rows,
        }
    }

    /// The box columns where `shape` fits with its bottom row in each row `y` of
    /// `0..out.len()`, into `out[y]` (rows past the tallest field are left alone; rows from
    /// the height up are 0, the ceiling rows blocking every column).
    #[inline]
    pub(crate) fn free_rows(&self, shape: &Shape, out: &mut [u32]) {
        // A box's bottom row in 0..=MAX_HEIGHT reads field rows up to MAX_HEIGHT + 3, all in
        // the array (ceiling from the height up); slices of one length let the loop run
        // without bounds checks, and the compiler vectorizes it (one shift amount per cell for
        // every row).
        let n = out.len().min(MAX_HEIGHT + 1);
        let [(r0, b0), (r1, b1), (r2, b2), (r3, b3)] = shape.cells;
        let (a, b, c, d) = (
            &self.rows_from(r0)[..n],
            &self.rows_from(r1)[..n],
            &self.rows_from(r2)[..n],
            &self.rows_from(r3)[..n],
        );
        for (i, out) in out[..n].iter_mut().enumerate() {
            let blocked = (a[i] >> b0) | (b[i] >> b1) | (c[i] >> b2) | (d[i] >> b3);
            *out = !blocked & 0xFFFF;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_grid::{Size, random};

    /// The map against `fits` at every position, on fields of the extreme sizes and a few
    /// between, filled at random, for both systems, every piece and state.
    #[test]
    fn the_map_holds_exactly_the_positions_that_fit() {
        let mut rng = random::seeded(8);
        for (w, h) in [(4, 1), (4, 60), (10, 40), (16, 60), (16, 1), (7, 23)] {
            for density in [0, 1, 3] {
                let mut field = Field::new(Size::new(w, h)).expect("a size");
                for y in 0..h {
                    for x in 0..w {
                        field.set(x, y, random::chance(&mut rng, density, 6));
                    }
                }
                for sys in [RotationSystem::Srs, RotationSystem::Classic] {
                    for p in Piece::ALL {
                        for r in Rotation::ALL {
                            let map = field.fit_map(sys, p, r);
                            let mut n = 0;
                            for x in -20..40 {
                                for y in -10..80 {
                                    let t = Tetromino::new(p, r, x, y);
                                    assert_eq!(map.contains(t), field.fits(sys, t), "{t}");
                                    n += usize::from(field.fits(sys, t));
                                }
                            }
                            assert_eq!(map.len(), n);
                            assert_eq!(map.is_empty(), n == 0);
                            let listed: alloc::vec::Vec<Tetromino> = map.iter().collect();
                            assert_eq!(listed.len(), n);
                            assert!(listed.iter().all(|&t| field.fits(sys, t)));
                            let other = Tetromino::new(Piece::ALL[(p.index() + 1) % 7], r, 4, 4);
                            assert!(!map.contains(other));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn debug_draws_the_fitting_corners() {
        let board: crate::Board = "....\n....\n#..#".parse().expect("a board");
        let map = board
            .field()
            .fit_map(RotationSystem::Srs, Piece::O, Rotation::North);
        assert_eq!(
            alloc::format!("{map:?}"),
            "FitMap Srs O North (4 positions, rows from the top):\n###\n.#.\n"
        );
    }

    #[test]
    fn the_map_agrees_with_fitting_columns() {
        let board: crate::Board = "#.........\n##..#....#\n###.##.###"
            .parse()
            .expect("a board");
        for p in Piece::ALL {
            for r in Rotation::ALL {
                let map = board.field().fit_map(RotationSystem::Srs, p, r);
                for y in 0..70 {
                    let row = board.field().fitting_columns(RotationSystem::Srs, p, r, y);
                    assert_eq!(map.row(y), row, "{p} {r:?} row {y}");
                }
            }
        }
    }
}
