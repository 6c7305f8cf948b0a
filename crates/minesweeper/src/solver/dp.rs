//! Exact counting of the mine layouts of one frontier component.
//!
//! A component is a set of *boxes* (covered cells that touch exactly the same revealed
//! numbers, so only how many of them are mines matters) tied together by *constraints*
//! (a revealed number: its covered neighbours hold exactly `target` mines). The count is a
//! dynamic programme over the boxes in an order that keeps few constraints open at once (a
//! frontier is nearly a line, so this is a handful): the state is the residual target of
//! every open constraint and the mines placed so far, and states that agree are merged.
//! Each state also carries, per box already placed, the weighted sum of that box's mines
//! (and their least and greatest value), so one pass gives every box's expected mines for
//! every mine total of the component: what the global combination needs.
//!
//! Nothing recurses; the buffers are kept between calls, so a warm solver allocates nothing
//! here.

use alloc::vec::Vec;

use super::wide::pow2;

/// Residuals are 4 bits each; the mine count of the component uses the low 20 bits.
const MINE_BITS: u32 = 20;
/// Constraints open at once: 27 x 4 bits above the 20 of the mine count fill a `u128`.
pub(crate) const MAX_OPEN: usize = 27;
const EMPTY: u32 = u32::MAX;
/// Keep line weights below this, rescaling the layer (and its exponent) when they pass it.
const RESCALE: f64 = 1e250;
/// Most bytes one layer of the programme may hold (each line keeps a tally per box placed):
/// past it the count stops with [`DpError::Memory`] rather than grow without bound.
pub(crate) const MAX_LAYER_BYTES: usize = 1 << 28;
/// Work allowed per node of the budget: expanding a line costs one unit per box already
/// placed (its tallies are carried on), so a component of many boxes is bounded by the
/// node budget too, not only by its number of states.
const WORK_PER_NODE: u64 = 64;

/// `C(n, k)` for `n, k <= 8` (a box has at most 8 cells).
const fn binomials() -> [[f64; 9]; 9] {
    let mut t = [[0.0; 9]; 9];
    let mut n = 0;
    while n < 9 {
        t[n][0] = 1.0;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0.0 };
            k += 1;
        }
        n += 1;
    }
    t
}
pub(crate) const BINOM: [[f64; 9]; 9] = binomials();

/// One component, in local numbering (boxes `0..nbox`, constraints `0..ncons`).
#[derive(Debug, Default, Clone)]
pub(crate) struct Spec {
    pub box_size: Vec<u8>,
    /// Constraints of each box: `box_cons[box_start[b]..box_start[b + 1]]`.
    pub box_start: Vec<u32>,
    pub box_cons: Vec<u32>,
    pub cons_target: Vec<u8>,
    /// Boxes of each constraint: `cons_boxes[cons_start[k]..cons_start[k + 1]]`.
    pub cons_start: Vec<u32>,
    pub cons_boxes: Vec<u32>,
}

impl Spec {
    pub(crate) fn clear(&mut self) {
        self.box_size.clear();
        self.box_start.clear();
        self.box_cons.clear();
        self.cons_target.clear();
        self.cons_start.clear();
        self.cons_boxes.clear();
    }

    pub(crate) fn nbox(&self) -> usize {
        self.box_size.len()
    }

    pub(crate) fn ncons(&self) -> usize {
        self.cons_target.len()
    }

    pub(crate) fn cons_of(&self, b: usize) -> &[u32] {
        &self.box_cons[self.box_start[b] as usize..self.box_start[b + 1] as usize]
    }

    pub(crate) fn boxes_of(&self, k: usize) -> &[u32] {
        &self.cons_boxes[self.cons_start[k] as usize..self.cons_start[k + 1] as usize]
    }
}

/// What a component's layouts add up to, per mine count `m` in `lo..lo + len`.
#[derive(Debug, Default, Clone)]
pub(crate) struct Counts {
    pub lo: usize,
    pub len: usize,
    /// Layouts with `m` mines, times `2^-exp`.
    pub w: Vec<f64>,
    pub exp: i64,
    /// Whether some layout has `m` mines (exact, whatever the weights' rounding).
    pub present: Vec<bool>,
    /// Per box `b`, `tally[b * len + i]`: the sum over layouts with `lo + i` mines of the
    /// box's mines, on the scale of `w`.
    pub tally: Vec<f64>,
    /// Least and greatest number of mines in box `b` among those layouts.
    pub minx: Vec<u8>,
    pub maxx: Vec<u8>,
}

#[derive(Debug, Default, Clone)]
struct Layer {
    /// Per line: the residual of every open constraint and the mines placed, packed.
    keys: Vec<u128>,
    /// Per line: its layouts (scaled).
    weights: Vec<f64>,
    /// Per line and box placed (`line * stride + box`): the weighted sum of the box's mines,
    /// and their least and greatest value.
    tallies: Vec<f64>,
    least: Vec<u8>,
    most: Vec<u8>,
}

impl Layer {
    fn clear(&mut self) {
        self.keys.clear();
        self.weights.clear();
        self.tallies.clear();
        self.least.clear();
        self.most.clear();
    }

    fn len(&self) -> usize {
        self.keys.len()
    }
}

/// The component counter, with its buffers.
#[derive(Debug, Default, Clone)]
pub(crate) struct Dp {
    order: Vec<u32>,
    done: Vec<bool>,
    cons_left: Vec<u32>,
    cons_rem: Vec<u32>,
    /// Per constraint: its 4-bit slot in the state key while it is open.
    cons_slot: Vec<Option<u8>>,
    /// Per constraint: where the box order stands with it.
    cons_state: Vec<Stage>,
    open_list: Vec<u32>,
    cur: Layer,
    next: Layer,
    table: Vec<u32>,
}

/// Why a component could not be counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DpError {
    /// The node budget ran out (states expanded, or the work of carrying their tallies).
    NodeLimit,
    /// The best box order still keeps more than [`MAX_OPEN`] constraints open at once (a
    /// structural limit of the state's encoding, whatever the budget).
    TooWide {
        /// Constraints that would be open at once.
        open: usize,
    },
    /// The next layer would hold more than [`MAX_LAYER_BYTES`].
    Memory,
}

/// Where a constraint stands while the boxes are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// None of its boxes is placed yet.
    Unopened,
    /// Some of its boxes are placed, not all.
    Open,
    /// All its boxes are placed.
    Closed,
}

impl Dp {
    /// Counts the layouts of `spec`, adding the states it expands to `nodes` and stopping
    /// with [`DpError::TooComplex`] once `nodes` passes `budget`.
    pub(crate) fn count(
        &mut self,
        spec: &Spec,
        out: &mut Counts,
        nodes: &mut u64,
        budget: u64,
    ) -> Result<(), DpError> {
        let n = spec.nbox();
        self.plan(spec)?;
        let stride = n;
        // Start: one empty layout.
        self.cur.clear();
        self.cur.keys.push(0);
        self.cur.weights.push(1.0);
        self.cur.tallies.resize(stride, 0.0);
        self.cur.least.resize(stride, u8::MAX);
        self.cur.most.resize(stride, 0);
        let mut exp: i64 = 0;
        let ncons = spec.ncons();
        self.cons_slot.clear();
        self.cons_slot.resize(ncons, None);
        self.cons_left.clear();
        self.cons_rem.clear();
        for k in 0..ncons {
            let boxes = spec.boxes_of(k);
            self.cons_left.push(boxes.len() as u32);
            self.cons_rem.push(
                boxes
                    .iter()
                    .map(|&b| u32::from(spec.box_size[b as usize]))
                    .sum(),
            );
        }
        let mut free: u32 = (1u32 << MAX_OPEN) - 1;
        let mut work: u64 = 0;
        let line_bytes = core::mem::size_of::<u128>() + core::mem::size_of::<f64>() + 10 * stride;
        for step in 0..n {
            let b = self.order[step] as usize;
            let s = spec.box_size[b] as usize;
            let cons = spec.cons_of(b);
            // Open the constraints this box touches first: their residual starts at the target.
            for &k in cons {
                let k = k as usize;
                if self.cons_slot[k].is_none() {
                    if free == 0 {
                        return Err(DpError::TooWide { open: MAX_OPEN + 1 });
                    }
                    let slot = free.trailing_zeros() as u8;
                    free &= !(1 << slot);
                    self.cons_slot[k] = Some(slot);
                    let add = u128::from(spec.cons_target[k]) << shift(slot);
                    for key in &mut self.cur.keys {
                        *key += add;
                    }
                }
            }
            // Per constraint of the box: its bit position and the capacity left after it.
            let mut shifts = [0u32; 8];
            let mut rem_after = [0u32; 8];
            let mut step_mask: u128 = 0;
            for (j, &k) in cons.iter().enumerate() {
                let k = k as usize;
                shifts[j] = shift(self.cons_slot[k].unwrap_or_default());
                rem_after[j] = self.cons_rem[k] - s as u32;
                step_mask += 1u128 << shifts[j];
            }
            // Bounds before the work: each line becomes at most `s + 1` lines.
            let most = self.cur.len().saturating_mul(s + 1);
            if most.saturating_mul(line_bytes) > MAX_LAYER_BYTES {
                return Err(DpError::Memory);
            }
            work = work.saturating_add((most as u64).saturating_mul(step as u64 + 1));
            if work > budget.saturating_mul(WORK_PER_NODE) {
                return Err(DpError::NodeLimit);
            }
            self.expand(
                &shifts[..cons.len()],
                &rem_after[..cons.len()],
                step_mask,
                s,
                step,
                stride,
            );
            *nodes += self.next.len() as u64;
            if *nodes > budget {
                return Err(DpError::NodeLimit);
            }
            // Close the constraints whose last box this was; their residual is now 0.
            for &k in cons {
                let k = k as usize;
                self.cons_rem[k] -= s as u32;
                self.cons_left[k] -= 1;
                if self.cons_left[k] == 0 {
                    free |= 1 << self.cons_slot[k].unwrap_or_default();
                }
            }
            core::mem::swap(&mut self.cur, &mut self.next);
            if self.cur.len() == 0 {
                break;
            }
            exp += self.rescale();
        }
        self.finish(spec, out, exp);
        Ok(())
    }

    /// Scales the current layer down by `2^830` when its weights pass [`RESCALE`]; the
    /// exponent taken out.
    fn rescale(&mut self) -> i64 {
        let max = self.cur.weights.iter().copied().fold(0.0, f64::max);
        if max <= RESCALE {
            return 0;
        }
        let k = 830;
        let f = pow2(-k);
        for w in &mut self.cur.weights {
            *w *= f;
        }
        for t in &mut self.cur.tallies {
            *t *= f;
        }
        k
    }

    /// Expands every line of `cur` by the mine counts `x` box number `step` (of size `s`)
    /// can take, into `next`, merging equal states.
    fn expand(
        &mut self,
        shifts: &[u32],
        rem_after: &[u32],
        step_mask: u128,
        s: usize,
        step: usize,
        stride: usize,
    ) {
        self.next.clear();
        self.reset_table(self.cur.len() * 2);
        let row = &BINOM[s];
        for li in 0..self.cur.len() {
            let key = self.cur.keys[li];
            let mut lo = 0usize;
            let mut hi = s;
            for (&sh, &rem) in shifts.iter().zip(rem_after) {
                let r = ((key >> sh) & 15) as usize;
                hi = hi.min(r);
                lo = lo.max(r.saturating_sub(rem as usize));
            }
            if lo > hi {
                continue;
            }
            let w = self.cur.weights[li];
            for (x, &f) in row.iter().enumerate().take(hi + 1).skip(lo) {
                let nk = key + x as u128 - step_mask * x as u128;
                let wt = w * f;
                let at = self.line_for(nk, stride);
                self.next.weights[at] += wt;
                let (src, dst) = (li * stride, at * stride);
                for j in 0..step {
                    self.next.tallies[dst + j] += self.cur.tallies[src + j] * f;
                    let (mn, mx) = (self.cur.least[src + j], self.cur.most[src + j]);
                    if mn < self.next.least[dst + j] {
                        self.next.least[dst + j] = mn;
                    }
                    if mx > self.next.most[dst + j] {
                        self.next.most[dst + j] = mx;
                    }
                }
                self.next.tallies[dst + step] += x as f64 * wt;
                let xb = x as u8;
                if xb < self.next.least[dst + step] {
                    self.next.least[dst + step] = xb;
                }
                if xb > self.next.most[dst + step] {
                    self.next.most[dst + step] = xb;
                }
            }
        }
    }

    /// Orders the boxes so that few constraints are open at once: each step takes, among
    /// the boxes of open constraints, one that closes the most of them and opens the fewest.
    fn plan(&mut self, spec: &Spec) -> Result<(), DpError> {
        let n = spec.nbox();
        let ncons = spec.ncons();
        self.order.clear();
        self.done.clear();
        self.done.resize(n, false);
        self.cons_state.clear();
        self.cons_state.resize(ncons, Stage::Unopened);
        self.cons_left.clear();
        for k in 0..ncons {
            self.cons_left.push(spec.boxes_of(k).len() as u32);
        }
        self.open_list.clear();
        let mut next_fresh = 0usize;
        for _ in 0..n {
            let mut best: Option<(i32, usize)> = None;
            for &k in &self.open_list {
                for &b in spec.boxes_of(k as usize) {
                    let b = b as usize;
                    if self.done[b] {
                        continue;
                    }
                    let mut score = 0i32;
                    for &c in spec.cons_of(b) {
                        let c = c as usize;
                        match self.cons_state[c] {
                            Stage::Open if self.cons_left[c] == 1 => score += 3,
                            Stage::Unopened => score -= 2,
                            _ => {}
                        }
                    }
                    if best.is_none_or(|(s, bb)| score > s || (score == s && b < bb)) {
                        best = Some((score, b));
                    }
                }
            }
            let b = if let Some((_, b)) = best {
                b
            } else {
                // A new start: the first box not placed yet whose constraints are fewest.
                while self.done[next_fresh] {
                    next_fresh += 1;
                }
                let mut pick = next_fresh;
                let mut fewest = usize::MAX;
                for b in next_fresh..n {
                    if !self.done[b] && spec.cons_of(b).len() < fewest {
                        fewest = spec.cons_of(b).len();
                        pick = b;
                    }
                }
                pick
            };
            self.done[b] = true;
            self.order.push(b as u32);
            for &c in spec.cons_of(b) {
                let c = c as usize;
                if self.cons_state[c] == Stage::Unopened {
                    self.cons_state[c] = Stage::Open;
                    self.open_list.push(c as u32);
                }
                self.cons_left[c] -= 1;
                if self.cons_left[c] == 0 {
                    self.cons_state[c] = Stage::Closed;
                }
            }
            self.open_list
                .retain(|&c| self.cons_state[c as usize] == Stage::Open);
            if self.open_list.len() > MAX_OPEN {
                return Err(DpError::TooWide {
                    open: self.open_list.len(),
                });
            }
        }
        Ok(())
    }

    fn reset_table(&mut self, expect: usize) {
        let cap = (expect * 2).next_power_of_two().max(64);
        self.table.clear();
        self.table.resize(cap, EMPTY);
    }

    /// The index in `next` of the line with key `key`, created (zeroed) if new.
    fn line_for(&mut self, key: u128, stride: usize) -> usize {
        if self.next.len() * 2 >= self.table.len() {
            self.grow_table();
        }
        let mask = self.table.len() - 1;
        let mut h = hash(key) & mask;
        loop {
            let at = self.table[h];
            if at == EMPTY {
                let idx = self.next.len();
                self.table[h] = idx as u32;
                self.next.keys.push(key);
                self.next.weights.push(0.0);
                let base = idx * stride;
                self.next.tallies.resize(base + stride, 0.0);
                self.next.least.resize(base + stride, u8::MAX);
                self.next.most.resize(base + stride, 0);
                return idx;
            }
            if self.next.keys[at as usize] == key {
                return at as usize;
            }
            h = (h + 1) & mask;
        }
    }

    fn grow_table(&mut self) {
        let cap = self.table.len() * 2;
        self.table.clear();
        self.table.resize(cap, EMPTY);
        let mask = cap - 1;
        for (i, &key) in self.next.keys.iter().enumerate() {
            let mut h = hash(key) & mask;
            while self.table[h] != EMPTY {
                h = (h + 1) & mask;
            }
            self.table[h] = i as u32;
        }
    }

    /// Turns the last layer (keyed by the mine count alone) into [`Counts`], per box in the
    /// spec's numbering.
    fn finish(&self, spec: &Spec, out: &mut Counts, exp: i64) {
        let n = spec.nbox();
        out.exp = exp;
        out.w.clear();
        out.present.clear();
        out.tally.clear();
        out.minx.clear();
        out.maxx.clear();
        if self.cur.len() == 0 {
            out.lo = 0;
            out.len = 0;
            return;
        }
        let mask = (1u128 << MINE_BITS) - 1;
        let lo = self
            .cur
            .keys
            .iter()
            .map(|&k| (k & mask) as usize)
            .min()
            .unwrap_or(0);
        let hi = self
            .cur
            .keys
            .iter()
            .map(|&k| (k & mask) as usize)
            .max()
            .unwrap_or(0);
        let len = hi - lo + 1;
        out.lo = lo;
        out.len = len;
        out.w.resize(len, 0.0);
        out.present.resize(len, false);
        out.tally.resize(n * len, 0.0);
        out.minx.resize(n * len, u8::MAX);
        out.maxx.resize(n * len, 0);
        for li in 0..self.cur.len() {
            let m = (self.cur.keys[li] & mask) as usize - lo;
            out.w[m] += self.cur.weights[li];
            out.present[m] = true;
            for step in 0..n {
                let b = self.order[step] as usize;
                let src = li * n + step;
                out.tally[b * len + m] += self.cur.tallies[src];
                out.minx[b * len + m] = out.minx[b * len + m].min(self.cur.least[src]);
                out.maxx[b * len + m] = out.maxx[b * len + m].max(self.cur.most[src]);
            }
        }
    }
}

#[inline]
fn shift(slot: u8) -> u32 {
    MINE_BITS + 4 * u32::from(slot)
}

#[inline]
fn hash(key: u128) -> usize {
    let x = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
    (x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize
}
