//! The eight neighbours of a cell as row-major indices, for the hot loops.
//!
//! Cells are numbered row-major as `u32` (boards hold at most [`MAX_CELLS`](crate::MAX_CELLS)
//! cells); plateau-grid's `Size::index_of` and `Size::pos_of` convert between indices and
//! positions. The neighbour table is built once per board size for the solver; the game and
//! the metrics compute neighbours on the fly.

use alloc::vec::Vec;

use plateau_grid::{Pos, Size};

/// The neighbours of cell `i` on a `w x h` board, as row-major indices written into `out`
/// (plateau-grid's neighbours are positions, from an iterator; the hot loops here want
/// indices in a buffer); returns how many.
#[inline]
pub(crate) fn neighbors(w: usize, h: usize, i: usize, out: &mut [u32; 8]) -> usize {
    let (x, y) = (i % w, i / w);
    let mut n = 0;
    let x0 = x.saturating_sub(1);
    let x1 = (x + 1).min(w - 1);
    let y0 = y.saturating_sub(1);
    let y1 = (y + 1).min(h - 1);
    for yy in y0..=y1 {
        for xx in x0..=x1 {
            if xx != x || yy != y {
                out[n] = (yy * w + xx) as u32;
                n += 1;
            }
        }
    }
    n
}

/// Whether cell `i` lies in the 3 x 3 square around `at`.
pub(crate) fn near(size: Size, at: Pos, i: usize) -> bool {
    size.pos_of(i).is_some_and(|p| p.chebyshev(at) <= 1)
}

/// Every cell's neighbours, precomputed (8 slots per cell, `len` of them used).
#[derive(Debug, Clone, Default)]
pub(crate) struct Neighbors {
    width: usize,
    height: usize,
    list: Vec<[u32; 8]>,
    len: Vec<u8>,
}

impl Neighbors {
    /// The table for `size`, rebuilt only when the size changes.
    pub(crate) fn ensure(&mut self, size: Size) {
        if self.width == size.width && self.height == size.height && !self.list.is_empty() {
            return;
        }
        let (w, h) = (size.width, size.height);
        self.width = w;
        self.height = h;
        self.list.clear();
        self.len.clear();
        let mut buf = [0u32; 8];
        for i in 0..w * h {
            let n = neighbors(w, h, i, &mut buf);
            self.list.push(buf);
            self.len.push(n as u8);
        }
    }

    /// The neighbours of cell `i`.
    #[inline]
    pub(crate) fn of(&self, i: usize) -> &[u32] {
        &self.list[i][..self.len[i] as usize]
    }
}
