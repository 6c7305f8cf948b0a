//! The exact endgame: when few mine layouts remain, the best play is searched outright.
//!
//! Every layout agreeing with the position is listed (they are equally likely). A position
//! of the search is the set `S` of layouts still possible; its value is the probability of
//! winning from it with best play:
//!
//! - one layout left: everything is known, value 1;
//! - a cell safe in every layout of `S` whose number differs between them is revealed for
//!   free: the value is the average over the numbers it can show;
//! - otherwise the best guess: for each cell, the layouts where it is safe, split by the
//!   number it shows, each part weighted by its share of `S`; a cell's value is at most its
//!   safety, so cells are tried from the safest and the search stops once no cell left can
//!   beat the best found.
//!
//! Values are memoised on `S`. The search counts the positions it evaluates and gives up
//! past its budget (the solver then falls back to the lookahead). The model reads only the
//! number of the revealed cell, not the cells a zero would open around it, so its values
//! are lower bounds of the true ones; the solver replays the search after every move.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::engine::Known;
use crate::geom::Neighbors;

/// Most layouts the endgame enumerates (a set of them is a fixed array of words).
pub(crate) const MAX_LAYOUTS: usize = 512;
const WORDS: usize = MAX_LAYOUTS / 64;
/// Most covered cells (a layout is one word of mine bits).
const MAX_CELLS: usize = 64;

type Set = [u64; WORDS];

/// The endgame searcher with its buffers.
#[derive(Debug, Default, Clone)]
pub(crate) struct Endgame {
    cells: Vec<u32>,
    local: Vec<u32>,
    /// Per local cell: mask of its covered neighbours, and its known mines around.
    nb_mask: Vec<u64>,
    known_around: Vec<u8>,
    /// Constraints: need and mask of covered cells.
    cons: Vec<(u8, u64)>,
    cell_cons: Vec<Vec<u32>>,
    layouts: Vec<u64>,
    memo: BTreeMap<Set, f64>,
    nodes: u64,
    budget: u64,
}

const NONE: u32 = u32::MAX;

impl Endgame {
    /// The best cell to reveal (its board index) and its win probability, or `None` if the
    /// position has too many layouts or covered cells, or the search passed `budget`.
    pub(crate) fn best(
        &mut self,
        nb: &Neighbors,
        know: &[Known],
        mines: u32,
        budget: u64,
    ) -> Option<(u32, f64)> {
        if !self.enumerate(nb, know, mines) {
            return None;
        }
        let n = self.layouts.len();
        if n < 2 {
            return None;
        }
        self.memo.clear();
        self.nodes = 0;
        self.budget = budget;
        let mut all: Set = [0; WORDS];
        for i in 0..n {
            all[i / 64] |= 1 << (i % 64);
        }
        let (value, cell) = self.guess(&all, n as u32)?;
        Some((self.cells[cell as usize], value))
    }

    /// Lists every layout of the covered cells; `false` if there are too many.
    fn enumerate(&mut self, nb: &Neighbors, know: &[Known], mines: u32) -> bool {
        match self.setup(nb, know, mines) {
            Some(left) => self.list(left),
            None => false,
        }
    }

    /// The covered cells, their neighbourhoods and the constraints, in local numbering;
    /// the mines left to place, or `None` if the position is too large or inconsistent.
    fn setup(&mut self, nb: &Neighbors, know: &[Known], mines: u32) -> Option<u32> {
        self.cells.clear();
        self.local.clear();
        self.local.resize(know.len(), NONE);
        let mut known = 0u32;
        for (i, &s) in know.iter().enumerate() {
            if s == Known::Unknown {
                if self.cells.len() == MAX_CELLS {
                    return None;
                }
                self.local[i] = self.cells.len() as u32;
                self.cells.push(i as u32);
            } else if s == Known::Mine {
                known += 1;
            }
        }
        if known > mines {
            return None;
        }
        let n = self.cells.len();
        self.nb_mask.clear();
        self.known_around.clear();
        for &c in &self.cells {
            let (mut mask, mut k) = (0u64, 0u8);
            for &j in nb.of(c as usize) {
                match know[j as usize] {
                    Known::Unknown => mask |= 1 << self.local[j as usize],
                    Known::Mine => k += 1,
                    _ => {}
                }
            }
            self.nb_mask.push(mask);
            self.known_around.push(k);
        }
        self.cons.clear();
        self.cell_cons.resize_with(n, Vec::new);
        for list in &mut self.cell_cons[..n] {
            list.clear();
        }
        for (i, &s) in know.iter().enumerate() {
            let Known::Number(s) = s else {
                continue;
            };
            let (mut mask, mut k) = (0u64, 0u8);
            for &j in nb.of(i) {
                match know[j as usize] {
                    Known::Unknown => mask |= 1 << self.local[j as usize],
                    Known::Mine => k += 1,
                    _ => {}
                }
            }
            if mask == 0 {
                continue;
            }
            if k > s {
                return None;
            }
            let id = self.cons.len() as u32;
            self.cons.push((s - k, mask));
            let mut m = mask;
            while m != 0 {
                let b = m.trailing_zeros() as usize;
                self.cell_cons[b].push(id);
                m &= m - 1;
            }
        }
        Some(mines - known)
    }

    /// Lists the layouts with `left` mines; `false` if there are more than [`MAX_LAYOUTS`].
    fn list(&mut self, left: u32) -> bool {
        let n = self.cells.len();
        // Depth-first over the cells in order, with every constraint's count checked as
        // soon as its last cell is placed; an explicit stack of choices (no recursion).
        self.layouts.clear();
        let mut placed = 0u64;
        let mut depth = 0usize;
        let mut choice: Vec<u8> = alloc::vec![0; n + 1];
        let mut count = 0u32;
        loop {
            if depth == n {
                if count == left {
                    if self.layouts.len() == MAX_LAYOUTS {
                        return false;
                    }
                    self.layouts.push(placed);
                }
                // Backtrack.
                if !backtrack(&mut depth, &mut choice, &mut placed, &mut count) {
                    return true;
                }
                continue;
            }
            let c = choice[depth];
            if c > 1 {
                if !backtrack(&mut depth, &mut choice, &mut placed, &mut count) {
                    return true;
                }
                continue;
            }
            let bit = 1u64 << depth;
            let mine = c == 1;
            let try_placed = if mine { placed | bit } else { placed & !bit };
            let try_count = count + u32::from(mine);
            let cells_after = (n - depth - 1) as u32;
            let ok = try_count <= left
                && left - try_count <= cells_after
                && self.cell_cons[depth].iter().all(|&k| {
                    let (need, mask) = self.cons[k as usize];
                    let done_mask = mask & (u64::MAX >> (63 - depth));
                    let have = (try_placed & done_mask).count_ones();
                    let open = (mask & !done_mask).count_ones();
                    have <= u32::from(need) && have + open >= u32::from(need)
                });
            choice[depth] += 1;
            if ok {
                placed = try_placed;
                count = try_count;
                depth += 1;
                choice[depth] = 0;
            }
        }
    }

    /// The number cell `c` shows in layout `l`.
    fn value(&self, c: usize, l: u64) -> u8 {
        self.known_around[c] + (l & self.nb_mask[c]).count_ones() as u8
    }

    /// The win probability of set `s` (of `size` layouts), `None` past the budget.
    fn value_of(&mut self, s: &Set, size: u32) -> Option<f64> {
        if size <= 1 {
            return Some(1.0);
        }
        if let Some(&v) = self.memo.get(s) {
            return Some(v);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        // A safe cell whose number is not known yet: reveal it for free.
        let n = self.cells.len();
        let (mut any_mine, mut first) = (0u64, None);
        for_each(s, |i| {
            any_mine |= self.layouts[i];
            first.get_or_insert(i);
        });
        let first = first.unwrap_or(0);
        let safe = !any_mine & mask_of(n);
        let mut m = safe;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let v0 = self.value(c, self.layouts[first]);
            let mut informative = false;
            for_each(s, |i| informative |= self.value(c, self.layouts[i]) != v0);
            if informative {
                let v = self.split_value(s, size, c)?;
                self.memo.insert(*s, v);
                return Some(v);
            }
        }
        let (v, _) = self.guess(s, size)?;
        self.memo.insert(*s, v);
        Some(v)
    }

    /// The average value over the numbers cell `c` shows in the layouts of `s` where it is
    /// safe (weighted by their share of `s`).
    fn split_value(&mut self, s: &Set, size: u32, c: usize) -> Option<f64> {
        let mut parts: [Set; 9] = [[0; WORDS]; 9];
        let mut counts = [0u32; 9];
        let bit = 1u64 << c;
        for_each(s, |i| {
            let l = self.layouts[i];
            if l & bit == 0 {
                let v = self.value(c, l) as usize;
                parts[v][i / 64] |= 1 << (i % 64);
                counts[v] += 1;
            }
        });
        let mut total = 0.0;
        for v in 0..9 {
            if counts[v] > 0 {
                total += f64::from(counts[v]) * self.value_of(&parts[v], counts[v])?;
            }
        }
        Some(total / f64::from(size))
    }

    /// The best guess in `s`: its value and local cell.
    fn guess(&mut self, s: &Set, size: u32) -> Option<(f64, u32)> {
        let n = self.cells.len();
        let mut safe_count = [0u32; MAX_CELLS];
        for_each(s, |i| {
            let l = self.layouts[i];
            for (c, count) in safe_count.iter_mut().enumerate().take(n) {
                if l >> c & 1 == 0 {
                    *count += 1;
                }
            }
        });
        // A cell safe in every layout here is either informative (revealed for free before
        // guessing) or tells nothing: neither is a guess.
        let mut order: Vec<(u32, u32)> = (0..n as u32)
            .filter(|&c| safe_count[c as usize] > 0 && safe_count[c as usize] < size)
            .map(|c| (safe_count[c as usize], c))
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best = (-1.0f64, 0u32);
        for (safe, c) in order {
            let bound = f64::from(safe) / f64::from(size);
            if bound <= best.0 + 1e-12 {
                break;
            }
            let v = self.split_value(s, size, c as usize)?;
            if v > best.0 + 1e-12 {
                best = (v, c);
            }
        }
        Some(best)
    }
}

fn mask_of(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

fn for_each(s: &Set, mut f: impl FnMut(usize)) {
    for (w, &word) in s.iter().enumerate() {
        let mut m = word;
        while m != 0 {
            let b = m.trailing_zeros() as usize;
            f(w * 64 + b);
            m &= m - 1;
        }
    }
}

/// Steps back to the last cell with a choice left; `false` when the search is over.
fn backtrack(depth: &mut usize, choice: &mut [u8], placed: &mut u64, count: &mut u32) -> bool {
    loop {
        if *depth == 0 {
            return false;
        }
        *depth -= 1;
        let bit = 1u64 << *depth;
        if *placed & bit != 0 {
            *placed &= !bit;
            *count -= 1;
        }
        if choice[*depth] <= 1 {
            return true;
        }
    }
}
