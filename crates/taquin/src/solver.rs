//! The general optimal solver: IDA* with Manhattan distance plus linear conflicts.

use alloc::vec;
use alloc::vec::Vec;

use crate::board::{Board, MAX_SIDE};
use crate::error::SolveError;
use crate::moves::Move;

/// A solution and what it cost to find.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Solution {
    /// The moves, in [`Move`] notation (tile directions); replayed on the board they solve it.
    pub moves: Vec<Move>,
    /// Search nodes expanded (for the reduction solver: by its search steps).
    pub nodes: u64,
}

impl Solution {
    /// Number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the board was already solved.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Manhattan distance plus linear conflicts: an admissible lower bound on the number of
/// moves to solve `board` (any size).
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
    let ida = Ida::new(board);
    ida.h
}

/// Solves `board` optimally with IDA* (Manhattan distance plus linear conflicts).
///
/// Fine for every board up to 3 x 3, 2 x N for small N, and easy 4 x 4 boards; hard 4 x 4
/// boards want [`PatternDatabase::solve`](crate::PatternDatabase::solve), and anything bigger
/// [`solve_fast`](crate::solve_fast) (not optimal) or [`solve_optimal_limited`].
///
/// # Errors
/// [`SolveError::Unsolvable`] for a board that cannot reach the goal.
///
/// ```
/// use plateau_taquin::{Board, solve_optimal};
/// let board: Board = "8 6 7\n2 5 4\n3 . 1".parse()?; // one of the two hardest 8-puzzles
/// let mut replay = board.clone();
/// let solution = solve_optimal(&board)?;
/// assert_eq!(solution.len(), 31);
/// replay.play_all(&solution.moves)?;
/// assert!(replay.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_optimal(board: &Board) -> Result<Solution, SolveError> {
    solve_optimal_limited(board, u64::MAX)
}

/// [`solve_optimal`] that gives up after expanding `max_nodes` nodes.
///
/// # Errors
/// [`SolveError::Unsolvable`], or [`SolveError::NodeLimit`] when the budget runs out.
pub fn solve_optimal_limited(board: &Board, max_nodes: u64) -> Result<Solution, SolveError> {
    if !board.is_solvable() {
        return Err(SolveError::Unsolvable);
    }
    let mut ida = Ida::new(board);
    ida.max_nodes = max_nodes;
    let mut bound = ida.h;
    loop {
        match ida.dfs(0, bound, None) {
            Step::Found => {
                return Ok(Solution {
                    moves: ida.path,
                    nodes: ida.nodes,
                });
            }
            Step::Exceeded(next) => bound = next,
            Step::Abort => return Err(SolveError::NodeLimit { nodes: ida.nodes }),
        }
    }
}

enum Step {
    Found,
    Exceeded(u32),
    Abort,
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

struct Ida {
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
    path: Vec<Move>,
    nodes: u64,
    max_nodes: u64,
}

impl Ida {
    fn new(board: &Board) -> Ida {
        let w = board.width();
        let hh = board.height();
        let n = w * hh;
        let mut goal_x = vec![0u8; n];
        let mut goal_y = vec![0u8; n];
        for t in 1..n {
            goal_x[t] = ((t - 1) % w) as u8;
            goal_y[t] = ((t - 1) / w) as u8;
        }
        let mut ida = Ida {
            w,
            h_rows: hh,
            tiles: board.tiles().to_vec(),
            blank: board.tiles().iter().position(|&t| t == 0).unwrap_or(0),
            goal_x,
            goal_y,
            row_lc: vec![0; hh],
            col_lc: vec![0; w],
            md: board.manhattan(),
            h: 0,
            path: Vec::new(),
            nodes: 0,
            max_nodes: u64::MAX,
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

    fn dfs(&mut self, g: u32, bound: u32, prev: Option<Move>) -> Step {
        let f = g + self.h;
        if f > bound {
            return Step::Exceeded(f);
        }
        if self.h == 0 {
            return Step::Found;
        }
        if self.nodes >= self.max_nodes {
            return Step::Abort;
        }
        self.nodes += 1;
        let mut next = u32::MAX;
        let (bx, by) = (self.blank % self.w, self.blank / self.w);
        for m in Move::ALL {
            if Some(m.opposite()) == prev {
                continue;
            }
            let src = match m {
                Move::Up if by + 1 < self.h_rows => self.blank + self.w,
                Move::Down if by > 0 => self.blank - self.w,
                Move::Left if bx + 1 < self.w => self.blank + 1,
                Move::Right if bx > 0 => self.blank - 1,
                _ => continue,
            };
            let old = self.blank;
            let horizontal = matches!(m, Move::Left | Move::Right);
            let saved = self.slide(src, horizontal);
            self.path.push(m);
            match self.dfs(g + 1, bound, Some(m)) {
                Step::Found => return Step::Found,
                Step::Exceeded(f) => next = next.min(f),
                Step::Abort => return Step::Abort,
            }
            self.path.pop();
            self.unslide(src, old, horizontal, saved);
        }
        Step::Exceeded(next)
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
