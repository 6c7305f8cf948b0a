//! The fast, non-optimal solver for boards of any size: reduce row by row and column by
//! column to a 3 x 3 (or smaller) corner, then finish it optimally.

use alloc::vec;
use alloc::vec::Vec;

use plateau_grid::{Size, Solution};

use crate::board::Board;
use crate::error::SolveError;
use crate::moves::Move;
use crate::solver::solve;
use crate::tile::Tile;

/// Solves any solvable board quickly, without optimality: a 16 x 16 board takes about
/// 60 ms in release (`cargo bench --bench taquin -- reduction`), an 8 x 8 about 1.4 ms.
///
/// While the unsolved part is larger than 3 x 3, its top row (or left column, whichever side
/// is longer) is completed tile by tile; each tile is brought home by a breadth-first search
/// over (tile cell, blank cell) pairs that never disturbs finished cells, and the last two
/// tiles of a line are parked next to their cells and finished by an exact search over a
/// window of at most 3 x 3 cells. The remaining corner of at most
/// 3 x 3 is then solved optimally by [`solve`]. The solution's `nodes` counts the states
/// those searches visited.
///
/// # Errors
/// [`SolveError::Unsolvable`] for a board that cannot reach the goal.
///
/// ```
/// use plateau_taquin::{Board, Play, Size, solve_fast};
/// let board = Board::new(Size::new(16, 16), 42)?;
/// let solution = solve_fast(&board)?;
/// let mut replay = board.clone();
/// replay.play_all(&solution.moves)?;
/// assert!(replay.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_fast(board: &Board) -> Result<Solution<Move>, SolveError> {
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
                Tile::BLANK
            } else {
                // The corner holds its own tiles: renumbered 1..=sw*sh-1 (at most 8).
                let g = t - 1;
                Tile::new(((g / w - y0) * sw + (g % w - x0) + 1) as u8)
            });
        }
    }
    let finish = solve(&Board::from_raw(Size::new(sw, sh), sub))?;
    r.moves.extend_from_slice(&finish.moves);
    Ok(Solution::new(r.moves, r.nodes + finish.nodes))
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
            tiles: board.tiles().iter().map(|t| t.number()).collect(),
            blank: board.tiles().iter().position(|t| t.is_blank()).unwrap_or(0),
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

    /// Breadth-first search over (a cell, b cell, blank cell) inside `window` (at most 9
    /// cells, all three inside it) until a is on `ta` and b on `tb`; plays the moves found.
    fn solve_window(&mut self, window: &[usize], a: u8, ta: usize, b: u8, tb: usize) -> bool {
        let n = window.len();
        let index = |c: usize| window.iter().position(|&w| w == c);
        let (Some(ia), Some(ib), Some(iz)) = (
            index(self.position_of(a)),
            index(self.position_of(b)),
            index(self.blank),
        ) else {
            return false;
        };
        let (Some(ga), Some(gb)) = (index(ta), index(tb)) else {
            return false;
        };
        let adjacent: Vec<Vec<usize>> = window
            .iter()
            .map(|&c| self.neighbors(c).filter_map(index).collect())
            .collect();
        let encode = |a: usize, b: usize, z: usize| (a * n + b) * n + z;
        let mut parent = vec![usize::MAX; n * n * n];
        let start = encode(ia, ib, iz);
        parent[start] = start;
        let mut queue = alloc::collections::VecDeque::from([start]);
        let mut goal = None;
        while let Some(s) = queue.pop_front() {
            self.nodes += 1;
            let (pa, pb, z) = (s / (n * n), (s / n) % n, s % n);
            if pa == ga && pb == gb {
                goal = Some(s);
                break;
            }
            for &nz in &adjacent[z] {
                let na = if nz == pa { z } else { pa };
                let nb = if nz == pb { z } else { pb };
                let ns = encode(na, nb, nz);
                if parent[ns] == usize::MAX {
                    parent[ns] = s;
                    queue.push_back(ns);
                }
            }
        }
        let Some(mut s) = goal else { return false };
        let mut blanks = Vec::new();
        while s != start {
            blanks.push(window[s % n]);
            s = parent[s];
        }
        for &c in blanks.iter().rev() {
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
        // The last two tiles go in together: park a just beyond b's cell and b one step
        // further, bring the blank beside them, then solve the small window around the
        // corner (at most 3 x 3 cells) exactly, by a breadth-first search over (a, b, blank).
        // Parking can trap a tile in a dead end next to a parked one, so a few orders are
        // tried, each from the same starting position.
        let step = |c: usize, times: isize| c.wrapping_add_signed(perp * times);
        let far = |r: &Reducer| r.tiles.len() - 1;
        let first = k.saturating_sub(3);
        let window: Vec<usize> = (first..k)
            .flat_map(|j| (0..3).map(move |p| (j, p)))
            .map(|(j, p)| step(line[j], p))
            .filter(|&c| !self.locked[c])
            .collect();
        // Both tiles and the blank already in the window (as when a run resumes in the
        // middle of this phase, which is what following hints does): finish there exactly,
        // without parking again. So each move of a plan leaves a board whose own plan is no
        // longer, and [`hint`](crate::hint) never circles.
        if self.solve_window(&window, a, t1, b, t2) {
            self.locked[t1] = true;
            self.locked[t2] = true;
            return Ok(());
        }
        let saved = (self.tiles.clone(), self.blank, self.moves.len());
        let mut done = false;
        for strategy in 0..4 {
            if strategy > 0 {
                self.tiles.clone_from(&saved.0);
                self.blank = saved.1;
                self.moves.truncate(saved.2);
            }
            let mut order = [(a, step(t2, 1)), (b, step(t2, 2))];
            if strategy % 2 == 1 {
                order.swap(0, 1);
            }
            if strategy >= 2 {
                // Send the second tile far away first.
                let (t, _) = order[1];
                let corner = far(self);
                if !self.place(t, corner) {
                    continue;
                }
            }
            let ok = self.place(order[0].0, order[0].1) && {
                self.locked[order[0].1] = true;
                let ok = self.place(order[1].0, order[1].1) && {
                    self.locked[order[1].1] = true;
                    let ok = self.blank_to(step(t1, 1));
                    self.locked[order[1].1] = false;
                    ok
                };
                self.locked[order[0].1] = false;
                ok
            };
            if ok && self.solve_window(&window, a, t1, b, t2) {
                done = true;
                break;
            }
        }
        if !done {
            return Err(SolveError::Unsolvable);
        }
        self.locked[t1] = true;
        self.locked[t2] = true;
        Ok(())
    }
}
