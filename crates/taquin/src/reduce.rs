//! The fast, non-optimal solver for boards of any size: reduce row by row and column by
//! column to a 3 x 3 (or smaller) corner, then finish it optimally.

use alloc::vec;
use alloc::vec::Vec;

use crate::board::Board;
use crate::error::SolveError;
use crate::moves::Move;
use crate::solver::{Solution, solve_optimal};

/// Solves any solvable board quickly, without optimality: a 16 x 16 board takes a few
/// milliseconds.
///
/// While the unsolved part is larger than 3 x 3, its top row (or left column, whichever side
/// is longer) is completed tile by tile; each tile is brought home by a breadth-first search
/// over (tile cell, blank cell) pairs that never disturbs finished cells, and the last two
/// tiles of a line go in with the usual corner manoeuvre. The remaining corner of at most
/// 3 x 3 is then solved optimally by [`solve_optimal`].
///
/// # Errors
/// [`SolveError::Unsolvable`] for a board that cannot reach the goal.
///
/// ```
/// use plateau_taquin::{Board, solve_fast};
/// let board = Board::scrambled(16, 16, 42)?;
/// let solution = solve_fast(&board)?;
/// let mut replay = board.clone();
/// replay.play_all(&solution.moves)?;
/// assert!(replay.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_fast(board: &Board) -> Result<Solution, SolveError> {
    if !board.is_solvable() {
        return Err(SolveError::Unsolvable);
    }
    let mut r = Reducer::new(board);
    let (w, h) = (r.w, r.h);
    let (mut x0, mut y0) = (0, 0);
    while w - x0 > 3 || h - y0 > 3 {
        let (cols, rows) = (w - x0, h - y0);
        if rows > 3 && (rows >= cols || cols <= 3) {
            let line: Vec<usize> = (x0..w).map(|x| y0 * w + x).collect();
            r.solve_line(&line, w as isize)?;
            y0 += 1;
        } else {
            let line: Vec<usize> = (y0..h).map(|y| y * w + x0).collect();
            r.solve_line(&line, 1)?;
            x0 += 1;
        }
    }
    // Finish the (at most 3 x 3) bottom-right corner optimally.
    let (sw, sh) = (w - x0, h - y0);
    let mut sub = Vec::with_capacity(sw * sh);
    for y in y0..h {
        for x in x0..w {
            let t = usize::from(r.tiles[y * w + x]);
            sub.push(if t == 0 {
                0
            } else {
                let g = t - 1;
                ((g / w - y0) * sw + (g % w - x0) + 1) as u8
            });
        }
    }
    let finish = solve_optimal(&Board::from_raw(sw, sh, sub))?;
    r.moves.extend_from_slice(&finish.moves);
    Ok(Solution { moves: r.moves, nodes: r.nodes + finish.nodes })
}

struct Reducer {
    w: usize,
    h: usize,
    tiles: Vec<u8>,
    blank: usize,
    locked: Vec<bool>,
    moves: Vec<Move>,
    nodes: u64,
    // BFS scratch, reused: generation stamps and parents over (tile, blank) pairs.
    stamp: Vec<u32>,
    parent: Vec<u32>,
    generation: u32,
    queue: Vec<u32>,
}

impl Reducer {
    fn new(board: &Board) -> Reducer {
        let n = board.cells();
        Reducer {
            w: board.width(),
            h: board.height(),
            tiles: board.tiles().to_vec(),
            blank: board.tiles().iter().position(|&t| t == 0).unwrap_or(0),
            locked: vec![false; n],
            moves: Vec::new(),
            nodes: 0,
            stamp: vec![0; n * n],
            parent: vec![0; n * n],
            generation: 0,
            queue: Vec::with_capacity(n * n),
        }
    }

    fn neighbors(&self, c: usize) -> impl Iterator<Item = usize> + use<> {
        let (w, h) = (self.w, self.h);
        let (x, y) = (c % w, c / w);
        [
            (y > 0).then(|| c - w),
            (y + 1 < h).then(|| c + w),
            (x > 0).then(|| c - 1),
            (x + 1 < w).then(|| c + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Slides the tile at `to` (adjacent to the blank) into the blank.
    fn step_blank(&mut self, to: usize) {
        let from = self.blank;
        let m = if to == from + self.w {
            Move::Up
        } else if to + self.w == from {
            Move::Down
        } else if to == from + 1 {
            Move::Left
        } else {
            Move::Right
        };
        self.tiles[from] = self.tiles[to];
        self.tiles[to] = 0;
        self.blank = to;
        self.moves.push(m);
    }

    fn position_of(&self, tile: u8) -> usize {
        self.tiles.iter().position(|&t| t == tile).unwrap_or(0)
    }

    /// Brings `tile` to `target` without touching locked cells, by a breadth-first search
    /// over (tile cell, blank cell). Returns `false` if impossible.
    fn place(&mut self, tile: u8, target: usize) -> bool {
        let n = self.tiles.len();
        let start_tile = self.position_of(tile);
        if start_tile == target {
            return true;
        }
        self.generation += 1;
        let generation = self.generation;
        self.queue.clear();
        let start = start_tile * n + self.blank;
        self.stamp[start] = generation;
        self.queue.push(start as u32);
        let mut head = 0;
        let mut found = None;
        while head < self.queue.len() {
            let s = self.queue[head] as usize;
            head += 1;
            self.nodes += 1;
            let (tp, bp) = (s / n, s % n);
            for nb in self.neighbors(bp) {
                if self.locked[nb] {
                    continue;
                }
                let ntp = if nb == tp { bp } else { tp };
                let ns = ntp * n + nb;
                if self.stamp[ns] != generation {
                    self.stamp[ns] = generation;
                    self.parent[ns] = s as u32;
                    self.queue.push(ns as u32);
                    if ntp == target {
                        found = Some(ns);
                        break;
                    }
                }
            }
            if found.is_some() {
                break;
            }
        }
        let Some(mut s) = found else { return false };
        let mut blanks = Vec::new();
        while s != start {
            blanks.push(s % n);
            s = self.parent[s] as usize;
        }
        for &b in blanks.iter().rev() {
            self.step_blank(b);
        }
        true
    }

    /// Moves the blank to `target` through unlocked cells (breadth-first). `false` if
    /// impossible.
    fn blank_to(&mut self, target: usize) -> bool {
        if self.blank == target {
            return true;
        }
        self.generation += 1;
        let generation = self.generation;
        self.queue.clear();
        self.stamp[self.blank] = generation;
        self.queue.push(self.blank as u32);
        let mut head = 0;
        while head < self.queue.len() {
            let c = self.queue[head] as usize;
            head += 1;
            self.nodes += 1;
            if c == target {
                break;
            }
            for nb in self.neighbors(c) {
                if !self.locked[nb] && self.stamp[nb] != generation {
                    self.stamp[nb] = generation;
                    self.parent[nb] = c as u32;
                    self.queue.push(nb as u32);
                }
            }
        }
        if self.stamp[target] != generation {
            return false;
        }
        let mut path = Vec::new();
        let mut c = target;
        while c != self.blank {
            path.push(c);
            c = self.parent[c] as usize;
        }
        for &c in path.iter().rev() {
            self.step_blank(c);
        }
        true
    }

    /// Completes a line of cells (a row left to right, or a column top to bottom) and locks
    /// it. `perp` is the step, in cells, from the line into the unsolved area.
    fn solve_line(&mut self, line: &[usize], perp: isize) -> Result<(), SolveError> {
        let n = self.tiles.len();
        let goal = |c: usize| if c + 1 == n { 0 } else { (c + 1) as u8 };
        let k = line.len();
        for &c in &line[..k - 2] {
            let t = goal(c);
            if !self.place(t, c) {
                return Err(SolveError::Unsolvable);
            }
            self.locked[c] = true;
        }
        let (t1, t2) = (line[k - 2], line[k - 1]);
        let (a, b) = (goal(t1), goal(t2));
        if self.tiles[t1] == a && self.tiles[t2] == b {
            self.locked[t1] = true;
            self.locked[t2] = true;
            return Ok(());
        }
        let beside = t2.wrapping_add_signed(perp);
        // Tile a waits in b's cell, b just beyond it; then the blank comes to a's cell and
        // two slides finish the line.
        let ok = self.place(a, t2) && {
            self.locked[t2] = true;
            let ok = self.place(b, beside) && {
                self.locked[beside] = true;
                let ok = self.blank_to(t1);
                self.locked[beside] = false;
                ok
            };
            self.locked[t2] = false;
            ok
        };
        if !ok {
            return Err(SolveError::Unsolvable);
        }
        self.step_blank(t2);
        self.step_blank(beside);
        self.locked[t1] = true;
        self.locked[t2] = true;
        Ok(())
    }
}
