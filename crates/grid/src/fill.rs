//! Word-parallel flood fill over a [`Grid`], and the [`CellSet`] it returns.

use alloc::vec::Vec;

use crate::bitgrid::fill_runs;
use crate::{BitGrid, Connectivity, Grid, GridError, Pos};

/// A set of cells of a `width x height` board of any size, one bit per cell.
///
/// Each row occupies `ceil(width / 64)` whole words, so a row's cells can be handled 64 at a
/// time. This is the dynamic-size sibling of [`BitGrid`] (limited to 64 columns but a plain
/// value); [`flood_fill`] returns one.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CellSet {
    width: usize,
    height: usize,
    stride: usize,
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
        let stride = width.div_ceil(64);
        stride
            .checked_mul(height)
            .ok_or(GridError::TooLarge { width, height })?;
        width
            .checked_mul(height)
            .ok_or(GridError::TooLarge { width, height })?;
        Ok(Self::empty(width, height))
    }

    /// An empty set for dimensions already known to be valid.
    fn empty(width: usize, height: usize) -> Self {
        let stride = width.div_ceil(64);
        CellSet {
            width,
            height,
            stride,
            len: 0,
            words: alloc::vec![0; stride * height],
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
        pos.x < self.width
            && pos.y < self.height
            && self.words[pos.y * self.stride + pos.x / 64] >> (pos.x % 64) & 1 == 1
    }

    /// Adds `pos`, returning whether it was newly added.
    ///
    /// # Errors
    /// [`GridError::OutOfBounds`] off the board; the set is unchanged.
    pub fn insert(&mut self, pos: Pos) -> Result<bool, GridError> {
        if pos.x >= self.width || pos.y >= self.height {
            return Err(GridError::OutOfBounds {
                pos,
                width: self.width,
                height: self.height,
            });
        }
        let word = &mut self.words[pos.y * self.stride + pos.x / 64];
        let bit = 1u64 << (pos.x % 64);
        let fresh = *word & bit == 0;
        *word |= bit;
        self.len += usize::from(fresh);
        Ok(fresh)
    }

    /// The cells of the set in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Pos> + '_ {
        let stride = self.stride;
        self.words.iter().enumerate().flat_map(move |(wi, &word)| {
            let (y, x0) = (wi / stride, (wi % stride) * 64);
            let mut bits = word;
            core::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let x = x0 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Pos::new(x, y))
            })
        })
    }

    /// The same set as a [`BitGrid`].
    ///
    /// # Errors
    /// [`GridError::ExceedsCapacity`] if the board is wider than 64 or taller than `ROWS`.
    pub fn to_bitgrid<const ROWS: usize>(&self) -> Result<BitGrid<ROWS>, GridError> {
        let mut g = BitGrid::new(self.width, self.height)?;
        for y in 0..self.height {
            g.set_row(y, self.words[y * self.stride])?;
        }
        Ok(g)
    }
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

/// The predicate as bits, evaluated one 64-cell word at a time on first use, so a small
/// region of a huge grid only ever looks at the cells around it.
struct LazyMask<'a, T, F> {
    cells: &'a [T],
    width: usize,
    stride: usize,
    inside: F,
    bits: Vec<u64>,
    known: Vec<u64>,
}

impl<T, F: FnMut(&T) -> bool> LazyMask<'_, T, F> {
    #[inline]
    fn word(&mut self, y: usize, wi: usize) -> u64 {
        let i = y * self.stride + wi;
        if self.known[i / 64] >> (i % 64) & 1 == 0 {
            self.known[i / 64] |= 1 << (i % 64);
            let start = y * self.width + wi * 64;
            let end = y * self.width + self.width.min(wi * 64 + 64);
            let mut bits = 0u64;
            for (b, c) in self.cells[start..end].iter().enumerate() {
                bits |= u64::from((self.inside)(c)) << b;
            }
            self.bits[i] = bits;
        }
        self.bits[i]
    }
}

/// The cells reachable from `start` through cells whose value satisfies `inside`, moving
/// between neighbours under `conn`. Empty if `start` is off the board or not inside.
///
/// Works on 64-cell words: each step fills whole runs of a row word with carry arithmetic and
/// walks down the column of words while the fill keeps spilling into the next row, queueing
/// the other directions. Memory is a few bits per cell (the result, the evaluated predicate)
/// plus a queue bounded by the region; nothing recurses and nothing is allocated per cell.
/// The predicate is evaluated at most once per cell, and only near the region.
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
    let mut set = CellSet::empty(w, h);
    let Some(s) = grid.index_of(start) else {
        return set;
    };
    if !inside(&grid.as_slice()[s]) {
        return set;
    }
    let stride = set.stride;
    let n = set.words.len();
    let mut mask = LazyMask {
        cells: grid.as_slice(),
        width: w,
        stride,
        inside,
        bits: alloc::vec![0; n],
        known: alloc::vec![0; n.div_ceil(64)],
    };
    let eight = conn == Connectivity::Eight;
    let seen = &mut set.words;
    let mut len = 0usize;
    // Pending seeds: (row, word of the row, seed bits). Seeds may be stale or outside the
    // mask; they are filtered when popped.
    let mut queue: Vec<(u32, u32, u64)> =
        alloc::vec![(start.y as u32, (start.x / 64) as u32, 1 << (start.x % 64))];
    while let Some((y, wi, seeds)) = queue.pop() {
        let (mut y, wi, mut seeds) = (y as usize, wi as usize, seeds);
        loop {
            let i = y * stride + wi;
            let open = mask.word(y, wi);
            let fresh = seeds & open & !seen[i];
            if fresh == 0 {
                break;
            }
            let filled = fill_runs(fresh, open) & !seen[i];
            seen[i] |= filled;
            // Most steps add a single cell: skip the popcount (software on baseline x86-64).
            len += if filled & (filled - 1) == 0 {
                1
            } else {
                filled.count_ones() as usize
            };
            // A run touching a word edge continues in the neighbouring word of the same row
            // (and, with diagonals, of the rows above and below).
            let rows = if eight {
                y.saturating_sub(1)..(y + 2).min(h)
            } else {
                y..y + 1
            };
            if filled >> 63 == 1 && wi + 1 < stride {
                for ny in rows.clone() {
                    queue.push((ny as u32, (wi + 1) as u32, 1));
                }
            }
            if filled & 1 == 1 && wi > 0 {
                for ny in rows {
                    queue.push((ny as u32, (wi - 1) as u32, 1 << 63));
                }
            }
            let spread = if eight {
                filled | (filled << 1) | (filled >> 1)
            } else {
                filled
            };
            if y > 0 {
                let up = spread & mask.word(y - 1, wi) & !seen[i - stride];
                if up != 0 {
                    queue.push(((y - 1) as u32, wi as u32, up));
                }
            }
            // Keep walking down without touching the queue.
            if y + 1 >= h {
                break;
            }
            seeds = spread;
            y += 1;
        }
    }
    set.len = len;
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

    #[test]
    fn runs_cross_word_boundaries() {
        // 150 columns: rows span three words; a snake forces fills across both boundaries,
        // both ways, and the diagonal step across a boundary only counts with 8-connectivity.
        let w = 150;
        let g = Grid::from_fn(w, 5, |p| match p.y {
            0 | 2 | 4 => true,
            1 => p.x == w - 1,
            _ => p.x == 0,
        })
        .unwrap();
        let all = flood_fill(&g, Pos::new(0, 0), Connectivity::Four, |&b| b);
        assert_eq!(all.len(), 3 * w + 2);
        let diag =
            Grid::from_fn(w, 2, |p| (p.y == 0 && p.x == 63) || (p.y == 1 && p.x == 64)).unwrap();
        assert_eq!(
            flood_fill(&diag, Pos::new(63, 0), Connectivity::Four, |&b| b).len(),
            1
        );
        assert_eq!(
            flood_fill(&diag, Pos::new(63, 0), Connectivity::Eight, |&b| b).len(),
            2
        );
        let mut set = CellSet::new(w, 2).unwrap();
        assert_eq!(set.insert(Pos::new(149, 1)), Ok(true));
        assert_eq!(set.insert(Pos::new(149, 1)), Ok(false));
        assert!(set.insert(Pos::new(150, 1)).is_err());
        assert_eq!(set.iter().collect::<Vec<_>>(), [Pos::new(149, 1)]);
    }
}
