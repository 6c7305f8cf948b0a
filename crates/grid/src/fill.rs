//! Scanline flood fill over a [`Grid`], and the [`CellSet`] it returns.

use alloc::vec::Vec;

use crate::{BitGrid, Connectivity, Grid, GridError, Pos};

/// A set of cells of a `width x height` board of any size, one bit per cell.
///
/// This is the dynamic-size sibling of [`BitGrid`] (which is limited to 64 columns but much
/// faster for set algebra); [`flood_fill`] returns one.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CellSet {
    width: usize,
    height: usize,
    len: usize,
    words: Vec<u64>,
}

impl CellSet {
    /// An empty set over a `width x height` board.
    ///
    /// # Errors
    /// [`GridError::Empty`] for a zero dimension, [`GridError::TooLarge`] on overflow.
    pub fn new(width: usize, height: usize) -> Result<Self, GridError> {
        if width == 0 || height == 0 {
            return Err(GridError::Empty { width, height });
        }
        let n = width.checked_mul(height).ok_or(GridError::TooLarge { width, height })?;
        Ok(Self::with_area(width, height, n))
    }

    fn with_area(width: usize, height: usize, area: usize) -> Self {
        CellSet { width, height, len: 0, words: alloc::vec![0; area.div_ceil(64)] }
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

    /// Whether `pos` is in the set (`false` off the board).
    #[must_use]
    #[inline]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.x < self.width && pos.y < self.height && self.test(pos.y * self.width + pos.x)
    }

    /// Adds `pos`, returning whether it was newly added.
    ///
    /// # Errors
    /// [`GridError::OutOfBounds`] off the board; the set is unchanged.
    pub fn insert(&mut self, pos: Pos) -> Result<bool, GridError> {
        if pos.x >= self.width || pos.y >= self.height {
            return Err(GridError::OutOfBounds { pos, width: self.width, height: self.height });
        }
        let i = pos.y * self.width + pos.x;
        let fresh = !self.test(i);
        if fresh {
            self.mark(i);
        }
        Ok(fresh)
    }

    #[inline]
    fn test(&self, i: usize) -> bool {
        self.words[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Marks the cells `first..=last` (row-major indices), all previously unmarked.
    #[inline]
    fn mark_span(&mut self, first: usize, last: usize) {
        self.len += last + 1 - first;
        let (mut i, end) = (first, last + 1);
        while i < end {
            let bit = i & 63;
            let take = (64 - bit).min(end - i);
            let ones = if take == 64 { u64::MAX } else { ((1u64 << take) - 1) << bit };
            self.words[i >> 6] |= ones;
            i += take;
        }
    }

    #[inline]
    fn mark(&mut self, i: usize) {
        self.words[i >> 6] |= 1 << (i & 63);
        self.len += 1;
    }

    /// The cells of the set in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Pos> + '_ {
        let w = self.width;
        self.words.iter().enumerate().flat_map(move |(wi, &word)| {
            let mut bits = word;
            core::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let i = wi * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Pos::new(i % w, i / w))
            })
        })
    }

    /// The same set as a [`BitGrid`].
    ///
    /// # Errors
    /// [`GridError::ExceedsCapacity`] if the board is wider than 64 or taller than `ROWS`.
    pub fn to_bitgrid<const ROWS: usize>(&self) -> Result<BitGrid<ROWS>, GridError> {
        let mut g = BitGrid::new(self.width, self.height)?;
        for p in self.iter() {
            g.set(p, true)?;
        }
        Ok(g)
    }
}

/// A pending seed of the scanline fill.
#[derive(Clone, Copy)]
struct Seed {
    x: usize,
    y: usize,
    /// Span of the row the seed was found from (empty when `lo > hi`).
    lo: usize,
    hi: usize,
    /// +1 when that row is above, -1 when below, 0 for the start cell.
    dir: i8,
}

impl core::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CellSet")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("cells", &self.iter().collect::<Vec<_>>())
            .finish()
    }
}

/// The cells reachable from `start` through cells whose value satisfies `inside`, moving
/// between neighbours under `conn`. Empty if `start` is off the board or not inside.
///
/// Iterative scanline fill: each step fills a whole horizontal span, then queues one seed per
/// run of fillable cells in the rows above and below. Memory is the result bitset plus a span
/// stack bounded by the region; nothing is allocated per cell and nothing recurses.
///
/// ```
/// use plateau_grid::{Connectivity, Grid, Pos, flood_fill};
///
/// let g: Grid<u8> = "\
/// 1100
/// 0101
/// 0011".parse()?;
/// let four = flood_fill(&g, Pos::new(0, 0), Connectivity::Four, |&v| v == 1);
/// let eight = flood_fill(&g, Pos::new(0, 0), Connectivity::Eight, |&v| v == 1);
/// assert_eq!((four.len(), eight.len()), (3, 6));
/// # Ok::<(), plateau_grid::ParseGridError>(())
/// ```
pub fn flood_fill<T>(
    grid: &Grid<T>,
    start: Pos,
    conn: Connectivity,
    mut inside: impl FnMut(&T) -> bool,
) -> CellSet {
    let (w, h) = grid.dims();
    let cells = grid.as_slice();
    let mut set = CellSet::with_area(w, h, cells.len());
    let Some(s) = grid.index_of(start) else { return set };
    if !inside(&cells[s]) {
        return set;
    }
    // A diagonal step reaches one column past either end of a span.
    let reach = usize::from(conn == Connectivity::Eight);
    // Each entry is a seed cell plus the span of the row it was found from (`dir` says which
    // side that row is on); that span is filled already, so its stretch of the parent row is
    // not scanned again.
    let mut stack: Vec<Seed> = alloc::vec![Seed { x: start.x, y: start.y, lo: 1, hi: 0, dir: 0 }];
    while let Some(Seed { x, y, lo: parent_lo, hi: parent_hi, dir }) = stack.pop() {
        let base = y * w;
        if set.test(base + x) {
            continue;
        }
        let mut left = x;
        while left > 0 && !set.test(base + left - 1) && inside(&cells[base + left - 1]) {
            left -= 1;
        }
        let mut right = x;
        while right + 1 < w && !set.test(base + right + 1) && inside(&cells[base + right + 1]) {
            right += 1;
        }
        set.mark_span(base + left, base + right);
        let lo = left.saturating_sub(reach);
        let hi = (right + reach).min(w - 1);
        for (ny, towards) in [(y.wrapping_sub(1), -1i8), (y + 1, 1)] {
            if ny >= h {
                continue;
            }
            // The row we came from: only the parts beyond the parent span need a look.
            let (skip_lo, skip_hi) = if towards == -dir { (parent_lo, parent_hi) } else { (1, 0) };
            let nbase = ny * w;
            let mut in_run = false;
            let mut nx = lo;
            while nx <= hi {
                if nx >= skip_lo && nx <= skip_hi {
                    nx = skip_hi + 1;
                    in_run = false;
                    continue;
                }
                let fillable = !set.test(nbase + nx) && inside(&cells[nbase + nx]);
                if fillable && !in_run {
                    stack.push(Seed { x: nx, y: ny, lo: left, hi: right, dir: towards });
                }
                in_run = fillable;
                nx += 1;
            }
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_around_obstacles_and_stops_at_borders() {
        let g: Grid<char> = "\
.....
.###.
.#.#.
.###.
....."
            .parse()
            .unwrap();
        let outer = flood_fill(&g, Pos::new(0, 0), Connectivity::Four, |&c| c == '.');
        assert_eq!(outer.len(), 16);
        assert!(!outer.contains(Pos::new(2, 2)));
        let inner = flood_fill(&g, Pos::new(2, 2), Connectivity::Four, |&c| c == '.');
        assert_eq!(inner.iter().collect::<Vec<_>>(), [Pos::new(2, 2)]);
        assert!(flood_fill(&g, Pos::new(1, 1), Connectivity::Four, |&c| c == '.').is_empty());
        assert!(flood_fill(&g, Pos::new(9, 9), Connectivity::Four, |_| true).is_empty());
        // Diagonal leak through the ring's corners is blocked even with 8-connectivity.
        let eight = flood_fill(&g, Pos::new(2, 2), Connectivity::Eight, |&c| c == '.');
        assert_eq!(eight.len(), 1);
    }
}
