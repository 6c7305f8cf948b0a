//! The heuristic of the general optimal solver: Manhattan distance plus linear conflicts,
//! kept incrementally as tiles slide.

use alloc::vec;
use alloc::vec::Vec;

use crate::board::{Board, MAX_SIDE};
use crate::moves::Move;
use crate::solver::ida::{Child, Node};

/// Manhattan distance plus linear conflicts: an admissible lower bound on the number of
/// moves to solve `board` (any size), the heuristic of [`solve`](crate::solve).
///
/// A linear conflict is a set of tiles in their goal row (or column) in the wrong relative
/// order: `k` such tiles whose longest correctly ordered subsequence has length `l` force at
/// least `2 (k - l)` moves beyond the Manhattan distance.
///
/// ```
/// use plateau_taquin::{Board, manhattan_linear_conflict};
/// let b: Board = "2 1 3\n4 5 6\n7 8 .".parse()?; // 1 and 2 swapped: unsolvable, but h is defined
/// assert_eq!(manhattan_linear_conflict(&b), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn manhattan_linear_conflict(board: &Board) -> u32 {
    Manhattan::new(board).h
}

/// 2 * (k - longest increasing subsequence) for the goal coordinates in `line`.
fn conflict_cost(line: &[u8]) -> u32 {
    // Patience sorting on at most 16 values.
    let mut tails = [0u8; MAX_SIDE];
    let mut len = 0;
    for &v in line {
        let i = tails[..len].partition_point(|&t| t < v);
        tails[i] = v;
        if i == len {
            len += 1;
        }
    }
    2 * (line.len() - len) as u32
}

/// The search state: the tiles, the blank, and the heuristic's parts.
pub(crate) struct Manhattan {
    w: usize,
    h_rows: usize,
    tiles: Vec<u8>,
    blank: usize,
    goal_x: Vec<u8>,
    goal_y: Vec<u8>,
    row_lc: Vec<u32>,
    col_lc: Vec<u32>,
    md: u32,
    h: u32,
}

impl Manhattan {
    pub(crate) fn new(board: &Board) -> Manhattan {
        let w = board.width();
        let hh = board.height();
        let n = w * hh;
        let mut goal_x = vec![0u8; n];
        let mut goal_y = vec![0u8; n];
        for t in 1..n {
            goal_x[t] = ((t - 1) % w) as u8;
            goal_y[t] = ((t - 1) / w) as u8;
        }
        let mut ida = Manhattan {
            w,
            h_rows: hh,
            tiles: board.tiles().iter().map(|t| t.number()).collect(),
            blank: board.tiles().iter().position(|t| t.is_blank()).unwrap_or(0),
            goal_x,
            goal_y,
            row_lc: vec![0; hh],
            col_lc: vec![0; w],
            md: board.manhattan(),
            h: 0,
        };
        for y in 0..hh {
            ida.row_lc[y] = ida.row_conflict(y);
        }
        for x in 0..w {
            ida.col_lc[x] = ida.col_conflict(x);
        }
        ida.h = ida.md + ida.row_lc.iter().sum::<u32>() + ida.col_lc.iter().sum::<u32>();
        ida
    }

    fn row_conflict(&self, y: usize) -> u32 {
        let mut line = [0u8; MAX_SIDE];
        let mut k = 0;
        for x in 0..self.w {
            let t = self.tiles[y * self.w + x];
            if t != 0 && usize::from(self.goal_y[usize::from(t)]) == y {
                line[k] = self.goal_x[usize::from(t)];
                k += 1;
            }
        }
        conflict_cost(&line[..k])
    }

    fn col_conflict(&self, x: usize) -> u32 {
        let mut line = [0u8; MAX_SIDE];
        let mut k = 0;
        for y in 0..self.h_rows {
            let t = self.tiles[y * self.w + x];
            if t != 0 && usize::from(self.goal_x[usize::from(t)]) == x {
                line[k] = self.goal_y[usize::from(t)];
                k += 1;
            }
        }
        conflict_cost(&line[..k])
    }

    /// Moves the blank to `src` (the tile there slides into the old blank cell) and updates
    /// the heuristic incrementally. Returns the previous `(h, md, lc_a, lc_b)` for undo.
    fn slide(&mut self, src: usize, horizontal: bool) -> (u32, u32, u32, u32) {
        let old = self.blank;
        let t = usize::from(self.tiles[src]);
        let (sx, sy, bx, by) = (src % self.w, src / self.w, old % self.w, old / self.w);
        let (gx, gy) = (usize::from(self.goal_x[t]), usize::from(self.goal_y[t]));
        let saved_md = self.md;
        let saved_h = self.h;
        self.md = self.md - (sx.abs_diff(gx) + sy.abs_diff(gy)) as u32
            + (bx.abs_diff(gx) + by.abs_diff(gy)) as u32;
        self.tiles[old] = t as u8;
        self.tiles[src] = 0;
        self.blank = src;
        let (a, b);
        let mut lc = self.h - saved_md;
        if horizontal {
            a = self.col_lc[sx];
            b = self.col_lc[bx];
            lc -= a + b;
            self.col_lc[sx] = self.col_conflict(sx);
            self.col_lc[bx] = self.col_conflict(bx);
            lc += self.col_lc[sx] + self.col_lc[bx];
        } else {
            a = self.row_lc[sy];
            b = self.row_lc[by];
            lc -= a + b;
            self.row_lc[sy] = self.row_conflict(sy);
            self.row_lc[by] = self.row_conflict(by);
            lc += self.row_lc[sy] + self.row_lc[by];
        }
        self.h = self.md + lc;
        (saved_h, saved_md, a, b)
    }

    fn unslide(&mut self, src: usize, old: usize, horizontal: bool, saved: (u32, u32, u32, u32)) {
        let t = self.tiles[old];
        self.tiles[src] = t;
        self.tiles[old] = 0;
        self.blank = old;
        let (h, md, a, b) = saved;
        self.h = h;
        self.md = md;
        let (sx, sy, bx, by) = (src % self.w, src / self.w, old % self.w, old / self.w);
        if horizontal {
            self.col_lc[sx] = a;
            self.col_lc[bx] = b;
        } else {
            self.row_lc[sy] = a;
            self.row_lc[by] = b;
        }
    }
}

/// What undoes a slide: the cells involved and the heuristic's parts before it.
pub(crate) struct Undo {
    src: usize,
    old: usize,
    saved: (u32, u32, u32, u32),
}

impl Node for Manhattan {
    type Undo = Undo;
    type Prep = ();

    fn h(&self) -> u32 {
        self.h
    }

    fn prepare(&self, _: u8, _: u32) {}

    fn is_goal(&self) -> bool {
        self.h == 0
    }

    #[inline]
    fn enter(&mut self, m: Move, budget: u32, (): &()) -> Child<Undo> {
        let (bx, by) = (self.blank % self.w, self.blank / self.w);
        let src = match m {
            Move::Up if by + 1 < self.h_rows => self.blank + self.w,
            Move::Down if by > 0 => self.blank - self.w,
            Move::Left if bx + 1 < self.w => self.blank + 1,
            Move::Right if bx > 0 => self.blank - 1,
            _ => return Child::Illegal,
        };
        let old = self.blank;
        let horizontal = matches!(m, Move::Left | Move::Right);
        let saved = self.slide(src, horizontal);
        if self.h > budget {
            let h = self.h;
            self.unslide(src, old, horizontal, saved);
            return Child::Pruned(h);
        }
        Child::Entered(Undo { src, old, saved })
    }

    #[inline]
    fn leave(&mut self, m: Move, undo: Undo) {
        let horizontal = matches!(m, Move::Left | Move::Right);
        self.unslide(undo.src, undo.old, horizontal, undo.saved);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflict_cost_counts_tiles_to_remove() {
        assert_eq!(conflict_cost(&[]), 0);
        assert_eq!(conflict_cost(&[0, 1, 2, 3]), 0);
        assert_eq!(conflict_cost(&[1, 0]), 2);
        assert_eq!(conflict_cost(&[3, 2, 1, 0]), 6);
        // Longest increasing subsequence 0 2 3: one tile to remove.
        assert_eq!(conflict_cost(&[0, 2, 1, 3]), 2);
    }
}
