//! Word-parallel flood fill over a [`Grid`].
//!
//! The board is read in 64-cell row words. A *walk* starts from seed bits in one word and
//! goes down (or up) its column of words: in each row it fills the whole runs the seeds touch
//! with carry arithmetic ([`fill_runs`]), queues what those runs reveal in the row behind it,
//! and carries on into the next row with the filled bits as seeds. Walks down and walks up
//! wait on separate stacks, so each walk's direction is known in its loop. Storage comes in
//! 64 x 64 tiles created on first touch, which is also when the predicate is evaluated, one
//! word at a time: a small region of a huge grid only ever looks at and allocates around
//! itself.

use alloc::vec::Vec;

use crate::cellset::{CellSet, NO_TILE, TILE_ROWS, TILE_SHIFT, TileRows};
use crate::runs::{fill_runs, pack_word};
use crate::{Connectivity, Grid, Pos};

/// What the fill knows of one 64 x 64 tile besides the cells reached.
#[derive(Clone, Copy)]
struct Tile {
    /// Cells satisfying the predicate, for the rows flagged in `known`.
    open: TileRows,
    /// Bit `r`: `open[r]` has been evaluated.
    known: u64,
}

/// Seeds waiting in one row word.
#[derive(Clone, Copy)]
struct Pending {
    /// The word's column (the tile is looked up when the walk starts, so queueing never
    /// creates tiles under a walk's feet).
    col: u32,
    /// The row, shifted left once (a `usize`: a tall grid may have more than 2^31 rows); the
    /// low bit says the seeds came from the row the walk leaves behind, whose cells next to
    /// them are therefore already filled.
    row: usize,
    seeds: u64,
}

const NOTHING: Pending = Pending {
    col: 0,
    row: 0,
    seeds: 0,
};

/// A stack that can push without branching.
struct Stack {
    items: Vec<Pending>,
    top: usize,
}

impl Stack {
    fn new() -> Self {
        Stack {
            items: alloc::vec![NOTHING; 64],
            top: 0,
        }
    }

    /// Pushes `p` when `keep`. The slot is written either way and only kept on `keep`, so the
    /// common "is anything new there?" test costs no mispredicted branch. `items` is always
    /// longer than `top`.
    #[inline(always)]
    fn push_if(&mut self, keep: bool, p: Pending) {
        self.items[self.top] = p;
        self.top += usize::from(keep);
        if self.top == self.items.len() {
            self.items.push(NOTHING);
        }
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Pending> {
        self.top = self.top.checked_sub(1)?;
        Some(self.items[self.top])
    }
}

/// The grid being filled and its predicate.
struct Source<'a, T, F> {
    cells: &'a [T],
    width: usize,
    inside: F,
}

impl<T, F: FnMut(&T) -> bool> Source<'_, T, F> {
    /// The open cells of row `y` in `tile`, which covers word column `col`.
    #[inline(always)]
    fn open(&mut self, tile: &mut Tile, y: usize, col: usize) -> u64 {
        let r = y % TILE_ROWS;
        if tile.known >> r & 1 == 0 {
            return self.evaluate(tile, y, col);
        }
        tile.open[r]
    }

    #[cold]
    #[inline(never)]
    fn evaluate(&mut self, tile: &mut Tile, y: usize, col: usize) -> u64 {
        let r = y % TILE_ROWS;
        let x = col * 64;
        let row = y * self.width;
        // Walks go on to the next rows of this column: ask for their cells now, so a large
        // grid's cache misses overlap instead of stalling one walk step each.
        // Wrapping arithmetic: an address off the grid is simply not fetched.
        for rows in [1, 2, 3, -1, -2isize] {
            let at = (row + x).wrapping_add_signed(rows.wrapping_mul(self.width as isize));
            crate::arch::prefetch(self.cells, at);
        }
        let bits = pack_word(
            &self.cells[row + x..row + self.width.min(x + 64)],
            &mut self.inside,
        );
        tile.known |= 1 << r;
        tile.open[r] = bits;
        bits
    }
}

/// The tiles created so far.
struct Tiles {
    /// Tiles per tile row.
    cols: usize,
    height: usize,
    index: Vec<u32>,
    /// What is known of each tile's cells.
    cells: Vec<Tile>,
    /// Cells reached, per tile: the result.
    seen: Vec<TileRows>,
}

impl Tiles {
    /// The tile holding row `y` of word column `col`, created on first use.
    #[inline]
    fn at(&mut self, y: usize, col: usize) -> usize {
        let i = (y >> TILE_SHIFT) * self.cols + col;
        match self.index[i] {
            NO_TILE => self.create(i),
            t => t as usize,
        }
    }

    #[cold]
    #[inline(never)]
    fn create(&mut self, i: usize) -> usize {
        let t = self.cells.len();
        self.index[i] = t as u32;
        // Grown in place: `push` would build each 1 KiB tile on the stack and copy it.
        self.seen.resize(t + 1, [0; TILE_ROWS]);
        let blank = Tile {
            open: [0; TILE_ROWS],
            known: 0,
        };
        self.cells.resize(t + 1, blank);
        t
    }
}

/// Queues the cells across a word edge from `filled`'s end bits (with diagonals, in the rows
/// above and below too). Queued unchecked: walks filter their seeds.
#[inline(never)]
fn spill<const EIGHT: bool>(
    to: &mut Stack,
    filled: u64,
    y: usize,
    col: usize,
    cols: usize,
    height: usize,
) {
    let rows = if EIGHT {
        y.saturating_sub(1)..(y + 2).min(height)
    } else {
        y..y + 1
    };
    for ny in rows {
        let row = ny << 1;
        if filled >> 63 == 1 && col + 1 < cols {
            let col = (col + 1) as u32;
            to.push_if(true, Pending { col, row, seeds: 1 });
        }
        if filled & 1 == 1 && col > 0 {
            let col = (col - 1) as u32;
            to.push_if(
                true,
                Pending {
                    col,
                    row,
                    seeds: 1 << 63,
                },
            );
        }
    }
}

/// Fills row after row of one word column from `seeds` in row `y`, going down (up with
/// `UP`). Cells revealed in the row behind go on `behind`, cells across a word edge on
/// `ahead` (both stacks are walked in the direction their name gives relative to this walk).
///
/// `prev` holds seeds whose cells in the row behind are known to be filled already.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn walk<T, F: FnMut(&T) -> bool, const UP: bool, const EIGHT: bool>(
    src: &mut Source<'_, T, F>,
    tiles: &mut Tiles,
    behind: &mut Stack,
    ahead: &mut Stack,
    col: usize,
    mut y: usize,
    mut seeds: u64,
    mut prev: u64,
) {
    let (height, cols) = (tiles.height, tiles.cols);
    // The tile row where the row behind leaves this tile.
    let edge = if UP { TILE_ROWS - 1 } else { 0 };
    // Held across the loop: only moving to the next tile row looks them up again.
    let t = tiles.at(y, col);
    let (mut tile, mut reached) = (&mut tiles.cells[t], &mut tiles.seen[t]);
    loop {
        let r = y % TILE_ROWS;
        let open = src.open(tile, y, col);
        let seen = reached[r];
        let fresh = seeds & open & !seen;
        if fresh == 0 {
            return;
        }
        let filled = fill_runs(fresh, open);
        reached[r] = seen | filled;
        let spread = if EIGHT {
            filled | (filled << 1) | (filled >> 1)
        } else {
            filled
        };
        // Only cells behind the new part of the fill can be new.
        let reveal = if EIGHT { spread } else { filled & !prev };
        let back_y = if UP {
            (y + 1 < height).then_some(y + 1)
        } else {
            y.checked_sub(1)
        };
        if let Some(by) = back_y {
            let row = by << 1 | 1;
            let col = col as u32;
            if r == edge {
                behind.push_if(
                    reveal != 0,
                    Pending {
                        col,
                        row,
                        seeds: reveal,
                    },
                );
            } else {
                let open = src.open(tile, by, col as usize);
                let seeds = reveal & open & !reached[by % TILE_ROWS];
                behind.push_if(seeds != 0, Pending { col, row, seeds });
            }
        }
        if filled & (1 | 1 << 63) != 0 {
            spill::<EIGHT>(ahead, filled, y, col, cols, height);
        }
        if UP {
            if y == 0 {
                return;
            }
            y -= 1;
        } else {
            y += 1;
            if y == height {
                return;
            }
        }
        if r == TILE_ROWS - 1 - edge {
            let t = tiles.at(y, col);
            (tile, reached) = (&mut tiles.cells[t], &mut tiles.seen[t]);
        }
        seeds = spread;
        prev = if EIGHT { 0 } else { filled };
    }
}

/// Runs walks until none is pending.
fn run<T, F: FnMut(&T) -> bool, const EIGHT: bool>(
    src: &mut Source<'_, T, F>,
    tiles: &mut Tiles,
    start: Pos,
) {
    let (mut down, mut up) = (Stack::new(), Stack::new());
    let (col, seed) = (start.x / 64, 1 << (start.x % 64));
    walk::<T, F, false, EIGHT>(src, tiles, &mut up, &mut down, col, start.y, seed, 0);
    loop {
        let (p, going_up) = match down.pop() {
            Some(p) => (p, false),
            None => match up.pop() {
                Some(p) => (p, true),
                None => return,
            },
        };
        let (col, y) = (p.col as usize, p.row >> 1);
        // With diagonals a seed's neighbours behind are not just the cell behind it.
        let prev = if !EIGHT && p.row & 1 == 1 { p.seeds } else { 0 };
        if going_up {
            walk::<T, F, true, EIGHT>(src, tiles, &mut down, &mut up, col, y, p.seeds, prev);
        } else {
            walk::<T, F, false, EIGHT>(src, tiles, &mut up, &mut down, col, y, p.seeds, prev);
        }
    }
}

/// The cells reachable from `start` through cells whose value satisfies `inside`, moving
/// between neighbours under `conn`. Empty if `start` is off the board or not inside.
///
/// Works on 64-cell row words: each step fills whole runs of a word with carry arithmetic,
/// then walks on down (or up) the column of words while the fill keeps spilling into the
/// next row. Nothing recurses and nothing is allocated per cell; memory (the result, the
/// evaluated predicate and the pending seeds) grows with the region, in 64 x 64 tiles, not
/// with the grid. The predicate is evaluated at most once per cell, and only near the
/// region.
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
    let (width, height) = (grid.width(), grid.height());
    let starts_inside = grid
        .index_of(start)
        .is_some_and(|i| inside(&grid.as_slice()[i]));
    if !starts_inside {
        return CellSet::empty(width, height);
    }
    let (cols, rows) = CellSet::tile_dims(width, height);
    let mut src = Source {
        cells: grid.as_slice(),
        width,
        inside,
    };
    let mut tiles = Tiles {
        cols,
        height,
        index: alloc::vec![NO_TILE; cols * rows],
        cells: Vec::with_capacity(16),
        seen: Vec::with_capacity(16),
    };
    match conn {
        Connectivity::Four => run::<T, _, false>(&mut src, &mut tiles, start),
        Connectivity::Eight => run::<T, _, true>(&mut src, &mut tiles, start),
    }
    let seen = tiles.seen;
    let len = seen
        .iter()
        .flatten()
        .map(|&w| if w == 0 { 0 } else { w.count_ones() as usize })
        .sum();
    CellSet::from_tiles(width, height, tiles.index, seen, len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Size;

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
        let g = Grid::from_fn(Size::new(w, 5), |p| match p.y {
            0 | 2 | 4 => true,
            1 => p.x == w - 1,
            _ => p.x == 0,
        })
        .unwrap();
        let all = flood_fill(&g, Pos::new(0, 0), Connectivity::Four, |&b| b);
        assert_eq!(all.len(), 3 * w + 2);
        let diag = Grid::from_fn(Size::new(w, 2), |p| {
            (p.y == 0 && p.x == 63) || (p.y == 1 && p.x == 64)
        })
        .unwrap();
        assert_eq!(
            flood_fill(&diag, Pos::new(63, 0), Connectivity::Four, |&b| b).len(),
            1
        );
        assert_eq!(
            flood_fill(&diag, Pos::new(63, 0), Connectivity::Eight, |&b| b).len(),
            2
        );
    }

    #[test]
    fn walks_cross_tile_rows_both_ways() {
        // Two interleaved combs 3 words wide and 3 tiles tall, joined by the last column:
        // teeth hang from the top row and rise from the bottom row alternately, so walks go
        // down and up across tile rows and half the teeth are reached only the long way.
        let (w, h) = (150, 150);
        let g = Grid::from_fn(Size::new(w, h), |p| {
            p.y == 0
                || p.y == h - 1
                || p.x == w - 1
                || (p.x % 4 == 1 && p.y < h - 2)
                || (p.x % 4 == 3 && p.y > 1)
        })
        .unwrap();
        for start in [Pos::new(1, 70), Pos::new(3, 140), Pos::new(149, 0)] {
            let region = flood_fill(&g, start, Connectivity::Four, |&b| b);
            let expected = g.iter().filter(|&&b| b).count();
            assert_eq!(region.len(), expected);
            assert_eq!(region.iter().count(), expected);
            assert!(region.iter().all(|p| g[p]));
        }
    }
}
