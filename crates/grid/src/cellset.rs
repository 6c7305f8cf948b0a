//! [`CellSet`]: a set of cells of a board of any size, stored only where it has cells.

use alloc::vec::Vec;
use core::hash::{Hash, Hasher};

use crate::{BitGrid, GridError, Pos, Size};

/// Rows per tile. A tile is one 64-cell word wide, so it covers 64 x 64 cells.
pub(crate) const TILE_ROWS: usize = 64;
/// `y >> TILE_SHIFT` is the tile row of row `y`.
pub(crate) const TILE_SHIFT: u32 = TILE_ROWS.trailing_zeros();
/// Marks a tile with no storage.
pub(crate) const NO_TILE: u32 = u32::MAX;

/// One 64 x 64 block of cells: bit `x % 64` of `rows[y % 64]`.
pub(crate) type TileRows = [u64; TILE_ROWS];

/// A set of cells of a `width x height` board of any size, one bit per cell.
///
/// The board is cut into 64 x 64 tiles and only tiles holding cells have storage, so a
/// small region of a huge board costs memory in proportion to the region, not the board.
/// Within a tile each row is one word, so a row's cells can be handled 64 at a time. This is
/// the dynamic-size sibling of [`BitGrid`] (limited to 64 columns but a plain value);
/// [`flood_fill`](crate::flood_fill) returns one.
///
/// Two sets are equal when they have the same board size and the same cells.
///
/// ```
/// use plateau_grid::{CellSet, Pos, Size};
///
/// let mut set = CellSet::new(Size::square(10_000))?;
/// assert_eq!(set.insert(Pos::new(9_999, 5_000)), Ok(true));
/// assert!(set.contains(Pos::new(9_999, 5_000)));
/// assert_eq!(set.len(), 1);
/// # Ok::<(), plateau_grid::GridError>(())
/// ```
#[derive(Clone)]
pub struct CellSet {
    width: usize,
    height: usize,
    /// Tiles per tile row: one per 64 columns.
    cols: usize,
    len: usize,
    /// For each tile, row-major, its index in `tiles` or [`NO_TILE`].
    index: Vec<u32>,
    tiles: Vec<TileRows>,
}

impl CellSet {
    /// An empty set over a `width x height` board.
    ///
    /// # Errors
    /// [`GridError::Empty`] for a zero dimension, [`GridError::TooLarge`] when `width x
    /// height` overflows `usize` or the tile directory (4 bytes per 64 x 64 tile) cannot be
    /// allocated.
    pub fn new(size: Size) -> Result<Self, GridError> {
        crate::grid::checked_area(size)?;
        let too_large = GridError::TooLarge { size };
        let (cols, rows) = Self::tile_dims(size.width, size.height);
        let tiles = cols.checked_mul(rows).ok_or(too_large.clone())?;
        let mut index = Vec::new();
        // The allocation error carries no information beyond "too large".
        index.try_reserve_exact(tiles).map_err(|_| too_large)?;
        index.resize(tiles, NO_TILE);
        Ok(Self::from_tiles(
            size.width,
            size.height,
            index,
            Vec::new(),
            0,
        ))
    }

    /// An empty set for the dimensions of an existing grid (whose cells already take far
    /// more memory than the tile directory).
    pub(crate) fn empty(width: usize, height: usize) -> Self {
        let (cols, rows) = Self::tile_dims(width, height);
        Self::from_tiles(
            width,
            height,
            alloc::vec![NO_TILE; cols * rows],
            Vec::new(),
            0,
        )
    }

    /// Number of tiles across and down a `width x height` board.
    pub(crate) fn tile_dims(width: usize, height: usize) -> (usize, usize) {
        (width.div_ceil(64), height.div_ceil(TILE_ROWS))
    }

    /// Assembles a set from its tile directory (one entry per tile, row-major) and tiles.
    pub(crate) fn from_tiles(
        width: usize,
        height: usize,
        index: Vec<u32>,
        tiles: Vec<TileRows>,
        len: usize,
    ) -> Self {
        CellSet {
            width,
            height,
            cols: width.div_ceil(64),
            len,
            index,
            tiles,
        }
    }

    /// Board width.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Board dimensions.
    #[must_use]
    pub fn size(&self) -> Size {
        Size::new(self.width, self.height)
    }

    /// Number of cells in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set holds no cell.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The word holding row `y`, columns `64 * col ..`, if its tile has storage.
    #[inline]
    fn word(&self, y: usize, col: usize) -> Option<u64> {
        let t = self.index[(y >> TILE_SHIFT) * self.cols + col];
        (t != NO_TILE).then(|| self.tiles[t as usize][y % TILE_ROWS])
    }

    /// Whether `pos` is in the set (`false` off the board).
    #[must_use]
    #[inline]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.x < self.width
            && pos.y < self.height
            && self
                .word(pos.y, pos.x / 64)
                .is_some_and(|w| w >> (pos.x % 64) & 1 == 1)
    }

    /// Adds `pos`, returning whether it was newly added.
    ///
    /// # Errors
    /// [`GridError::OutOfBounds`] off the board; the set is unchanged.
    pub fn insert(&mut self, pos: Pos) -> Result<bool, GridError> {
        if pos.x >= self.width || pos.y >= self.height {
            return Err(GridError::OutOfBounds {
                pos,
                size: self.size(),
            });
        }
        let slot = &mut self.index[(pos.y >> TILE_SHIFT) * self.cols + pos.x / 64];
        if *slot == NO_TILE {
            *slot = self.tiles.len() as u32;
            self.tiles.push([0; TILE_ROWS]);
        }
        let word = &mut self.tiles[*slot as usize][pos.y % TILE_ROWS];
        let bit = 1u64 << (pos.x % 64);
        let fresh = *word & bit == 0;
        *word |= bit;
        self.len += usize::from(fresh);
        Ok(fresh)
    }

    /// The cells of the set in row-major order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            set: self,
            y: 0,
            col: 0,
            bits: self.word(0, 0).unwrap_or(0),
        }
    }

    /// The stored tiles with their tile coordinates `(col, tile_row)`, skipping empty ones.
    fn stored(&self) -> impl Iterator<Item = ((usize, usize), &TileRows)> + '_ {
        self.index
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != NO_TILE)
            .map(|(i, &t)| ((i % self.cols, i / self.cols), &self.tiles[t as usize]))
            .filter(|(_, rows)| rows.iter().any(|&w| w != 0))
    }

    /// The same set as a [`BitGrid`].
    ///
    /// # Errors
    /// [`GridError::ExceedsCapacity`] if the board is wider than 64 or taller than `ROWS`.
    pub fn to_bitgrid<const ROWS: usize>(&self) -> Result<BitGrid<ROWS>, GridError> {
        let mut g = BitGrid::new(self.size())?;
        for y in 0..self.height {
            g.set_row(y, self.word(y, 0).unwrap_or(0))?;
        }
        Ok(g)
    }
}

/// Iterator over the cells of a [`CellSet`], row-major.
#[derive(Debug, Clone)]
pub struct Iter<'a> {
    set: &'a CellSet,
    y: usize,
    col: usize,
    bits: u64,
}

impl Iterator for Iter<'_> {
    type Item = Pos;

    fn next(&mut self) -> Option<Pos> {
        loop {
            if self.bits != 0 {
                let x = self.col * 64 + self.bits.trailing_zeros() as usize;
                self.bits &= self.bits - 1;
                return Some(Pos::new(x, self.y));
            }
            self.col += 1;
            if self.col == self.set.cols {
                self.col = 0;
                self.y += 1;
                if self.y >= self.set.height {
                    return None;
                }
            }
            self.bits = self.set.word(self.y, self.col).unwrap_or(0);
        }
    }
}

impl<'a> IntoIterator for &'a CellSet {
    type Item = Pos;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl PartialEq for CellSet {
    fn eq(&self, other: &Self) -> bool {
        (self.width, self.height, self.len) == (other.width, other.height, other.len)
            && self.stored().eq(other.stored())
    }
}

impl Eq for CellSet {}

impl Hash for CellSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.width, self.height, self.len).hash(state);
        for (at, rows) in self.stored() {
            (at, rows).hash(state);
        }
    }
}

impl core::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CellSet")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("cells", &self.iter().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FNV-1a, enough to compare two hashes without `std`.
    fn fnv(value: &impl Hash) -> u64 {
        struct Fnv(u64);
        impl Hasher for Fnv {
            fn finish(&self) -> u64 {
                self.0
            }
            fn write(&mut self, bytes: &[u8]) {
                for &b in bytes {
                    self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
                }
            }
        }
        let mut h = Fnv(0xCBF2_9CE4_8422_2325);
        value.hash(&mut h);
        h.finish()
    }

    #[test]
    fn equality_ignores_where_empty_tiles_were_stored() {
        let mut a = CellSet::new(Size::new(200, 150)).unwrap();
        let mut b = CellSet::new(Size::new(200, 150)).unwrap();
        // `b` gets a tile (then the same cell) in a different order, plus an empty tile.
        a.insert(Pos::new(3, 3)).unwrap();
        a.insert(Pos::new(190, 140)).unwrap();
        b.insert(Pos::new(190, 140)).unwrap();
        b.insert(Pos::new(3, 3)).unwrap();
        b.tiles.push([0; TILE_ROWS]);
        b.index[1] = b.tiles.len() as u32 - 1;
        assert_eq!(a, b);
        assert_eq!(fnv(&a), fnv(&b));
        b.insert(Pos::new(64, 0)).unwrap();
        assert_ne!(a, b);
        assert_ne!(
            CellSet::new(Size::new(200, 150)).unwrap(),
            CellSet::new(Size::new(150, 200)).unwrap()
        );
    }

    #[test]
    fn iterates_row_major_across_tiles() {
        let mut s = CellSet::new(Size::new(130, 70)).unwrap();
        let cells = [
            Pos::new(129, 69),
            Pos::new(0, 65),
            Pos::new(64, 0),
            Pos::new(5, 0),
            Pos::new(70, 65),
        ];
        for p in cells {
            assert_eq!(s.insert(p), Ok(true));
        }
        let mut sorted = cells;
        sorted.sort();
        assert_eq!(s.iter().collect::<Vec<_>>(), sorted);
        assert_eq!(s.len(), 5);
        assert!(s.insert(Pos::new(130, 0)).is_err());
        assert!(!s.contains(Pos::new(130, 0)));
        assert!(CellSet::new(Size::new(0, 3)).is_err());
        assert!(CellSet::new(Size::new(usize::MAX, 2)).is_err());
        // The cells would fit a usize, but not the tile directory in memory.
        assert!(matches!(
            CellSet::new(Size::new(1 << 40, 1 << 20)),
            Err(GridError::TooLarge { .. })
        ));
    }
}
