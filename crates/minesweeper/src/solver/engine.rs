//! The exact probability engine.
//!
//! Input: per cell, a revealed number, a known mine (a flag) or unknown; and the total mine
//! count. Every revealed number with unknown neighbours is a constraint. Unknown cells that
//! touch a constraint form the frontier; they are grouped into boxes (same constraints) and
//! the boxes into independent components, each counted exactly by [`Dp`]. The components
//! are then combined with the cells that touch no number (the *rest*, or interior): a
//! layout with `t` mines on the frontier leaves `C(R, M - t)` ways to place the others
//! among the `R` interior cells, so the global mine count weighs every frontier layout.
//! Counts are kept on an absolute scale ([`Wide`] exponents), so the engine also gives the
//! number of layouts (the lookahead compares those of hypothetical positions).
//!
//! Certainty (a cell safe or a mine in every layout) is decided on exact feasibility flags,
//! never on a rounded probability.

use alloc::vec::Vec;

use plateau_grid::Size;

#[cfg(doc)]
use super::dp::MAX_OPEN;
use super::dp::{Counts, Dp, DpError, MAX_LAYER_BYTES, Spec};
use super::wide::{Factorials, Wide, frexp};
use crate::geom::Neighbors;

/// Cell state: not known.
pub(crate) const UNKNOWN: u8 = 0xFF;
/// Cell state: a mine (a flag, a mine on show, or a deduced one).
pub(crate) const MINE: u8 = 0xFE;
/// Working state only: a covered cell found safe by the single-number rules.
const SAFE_COVERED: u8 = 0xFD;
// Any other value is a revealed number, 0 to 8.

const NONE: u32 = u32::MAX;

/// The certainty of an unknown cell.
pub(crate) const UNSURE: u8 = 0;
pub(crate) const SAFE: u8 = 1;
pub(crate) const SURE_MINE: u8 = 2;

/// Why the engine stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EngineError {
    /// No layout agrees with the position.
    Inconsistent,
    /// The node budget ran out after `nodes` nodes.
    NodeLimit { nodes: u64 },
    /// A component needs `open` constraints open at once, past [`MAX_OPEN`].
    TooWide { open: usize },
    /// Counting needs more memory than [`MAX_LAYER_BYTES`] a layer (or the combination
    /// as much).
    Memory,
}

/// The engine's answer for one position (kept in the engine, overwritten by the next call).
#[derive(Debug, Default, Clone)]
pub(crate) struct Analysis {
    /// Per cell: the probability of a mine (unknown cells; 0 elsewhere).
    pub prob: Vec<f64>,
    /// Per cell: [`UNSURE`], [`SAFE`] or [`SURE_MINE`] (unknown cells only).
    pub certain: Vec<u8>,
    /// Per cell: whether it is an unknown cell touching no revealed number.
    pub interior: Vec<bool>,
    /// Unknown cells touching no number.
    pub interior_count: u32,
    /// Their probability.
    pub interior_prob: f64,
    /// Total number of layouts.
    pub total: Wide,
    /// Unknown cells and mines not yet placed (total minus known mines).
    pub unknown: u32,
    pub mines_left: u32,
    /// Boxes of two cells holding exactly one mine in every layout (candidate 50/50s).
    pub pairs: Vec<(u32, u32)>,
}

/// The engine with its reusable buffers.
#[derive(Debug, Default, Clone)]
pub(crate) struct Engine {
    pub(crate) nb: Neighbors,
    fact: Factorials,
    dp: Dp,
    spec: Spec,
    /// The position after the single-number deductions (working copy of the states).
    work: Vec<u8>,
    queue: Vec<u32>,
    cons_cell: Vec<u32>,
    cons_need: Vec<u8>,
    cell_cons: Vec<[u32; 8]>,
    cell_ncons: Vec<u8>,
    frontier: Vec<u32>,
    cell_box: Vec<u32>,
    box_key_cell: Vec<u32>,
    box_count: Vec<u32>,
    box_next: Vec<u32>,
    cons_head: Vec<u32>,
    box_cells: Vec<u32>,
    box_cstart: Vec<u32>,
    uf: Vec<u32>,
    cons_comp: Vec<u32>,
    comp_boxes: Vec<u32>,
    comp_bstart: Vec<u32>,
    cons_local: Vec<u32>,
    counts: Vec<Counts>,
    // Combination buffers.
    pre: Vec<Vec<f64>>,
    pre_f: Vec<Vec<bool>>,
    pre_lo: Vec<usize>,
    pre_exp: Vec<i64>,
    suf: Vec<Vec<f64>>,
    suf_f: Vec<Vec<bool>>,
    suf_exp: Vec<i64>,
    ec: Vec<f64>,
    ec_f: Vec<bool>,
    interior_w: Vec<f64>,
    pub(crate) out: Analysis,
    /// Search nodes of the last call.
    pub(crate) nodes: u64,
    budget: u64,
}

impl Engine {
    /// Analyses a position: `states` per cell (row-major), `mines` in total.
    pub(crate) fn analyze(
        &mut self,
        size: Size,
        states: &[u8],
        mines: u32,
        budget: u64,
    ) -> Result<(), EngineError> {
        self.nb.ensure(size);
        let cells = states.len();
        self.fact.ensure(cells);
        self.budget = budget;
        self.nodes = 0;
        let given_mines: u32 = states.iter().map(|&s| u32::from(s == MINE)).sum();
        let given_unknown: u32 = states.iter().map(|&s| u32::from(s == UNKNOWN)).sum();
        if given_mines > mines {
            return Err(EngineError::Inconsistent);
        }
        self.reduce(states)?;
        let work = core::mem::take(&mut self.work);
        let result = self.analyze_reduced(&work, mines);
        self.work = work;
        result?;
        self.out.unknown = given_unknown;
        self.out.mines_left = mines - given_mines;
        Ok(())
    }

    /// The single-number rules, to a fixed point: a number with all its mines placed makes
    /// its other covered neighbours safe, one with as many covered neighbours as mines
    /// missing makes them mines. The cells they settle are the same in every layout, so
    /// taking them out changes no count; it keeps the components small (covered mines walled
    /// in by numbers would otherwise tie a whole revealed area into one).
    fn reduce(&mut self, states: &[u8]) -> Result<(), EngineError> {
        self.work.clear();
        self.work.extend_from_slice(states);
        self.queue.clear();
        for (i, &s) in states.iter().enumerate() {
            if s <= 8 {
                self.queue.push(i as u32);
            }
        }
        while let Some(r) = self.queue.pop() {
            let r = r as usize;
            let n = self.work[r];
            let (mut unknown, mut known) = (0u8, 0u8);
            for &j in self.nb.of(r) {
                match self.work[j as usize] {
                    UNKNOWN => unknown += 1,
                    MINE => known += 1,
                    _ => {}
                }
            }
            if known > n || n - known > unknown {
                return Err(EngineError::Inconsistent);
            }
            if unknown == 0 || (n != known && n - known != unknown) {
                continue;
            }
            let settle = if n == known { SAFE_COVERED } else { MINE };
            for k in 0..self.nb.of(r).len() {
                let j = self.nb.of(r)[k] as usize;
                if self.work[j] != UNKNOWN {
                    continue;
                }
                self.work[j] = settle;
                for &q in self.nb.of(j) {
                    if self.work[q as usize] <= 8 {
                        self.queue.push(q);
                    }
                }
            }
        }
        Ok(())
    }

    fn analyze_reduced(&mut self, states: &[u8], mines: u32) -> Result<(), EngineError> {
        let budget = self.budget;
        self.build_constraints(states)?;
        self.build_boxes(states);
        self.build_components();
        let known_mines: u32 = states.iter().map(|&s| u32::from(s == MINE)).sum();
        if known_mines > mines {
            return Err(EngineError::Inconsistent);
        }
        let left = mines - known_mines;
        // Count every component.
        let ncomp = self.comp_bstart.len().saturating_sub(1);
        while self.counts.len() < ncomp {
            self.counts.push(Counts::default());
        }
        for c in 0..ncomp {
            self.build_spec(c);
            let mut counts = core::mem::take(&mut self.counts[c]);
            let r = self
                .dp
                .count(&self.spec, &mut counts, &mut self.nodes, budget);
            self.counts[c] = counts;
            match r {
                Ok(()) => {}
                Err(DpError::NodeLimit) => {
                    return Err(EngineError::NodeLimit { nodes: self.nodes });
                }
                Err(DpError::TooWide { open }) => return Err(EngineError::TooWide { open }),
                Err(DpError::Memory) => return Err(EngineError::Memory),
            }
            if self.counts[c].len == 0 {
                return Err(EngineError::Inconsistent);
            }
        }
        let unknown: u32 = states.iter().map(|&s| u32::from(s == UNKNOWN)).sum();
        let interior = unknown - self.frontier.len() as u32;
        // The combination keeps, per component, prefix and suffix products over the mine
        // totals so far (each a weight and a flag per total).
        let mut totals = 1usize;
        let mut bytes = 0usize;
        for k in &self.counts[..ncomp] {
            totals += k.len.saturating_sub(1);
            bytes = bytes.saturating_add(totals.saturating_mul(2 * 9));
        }
        if bytes > MAX_LAYER_BYTES {
            return Err(EngineError::Memory);
        }
        self.combine(states, ncomp, interior, left)
    }

    fn build_constraints(&mut self, states: &[u8]) -> Result<(), EngineError> {
        let cells = states.len();
        self.cons_cell.clear();
        self.cons_need.clear();
        self.cell_ncons.clear();
        self.cell_ncons.resize(cells, 0);
        if self.cell_cons.len() < cells {
            self.cell_cons.resize(cells, [0; 8]);
        }
        for (i, &s) in states.iter().enumerate() {
            if s > 8 {
                continue;
            }
            let mut unknown = 0u8;
            let mut known = 0u8;
            for &j in self.nb.of(i) {
                match states[j as usize] {
                    UNKNOWN => unknown += 1,
                    MINE => known += 1,
                    _ => {}
                }
            }
            if known > s || s - known > unknown {
                return Err(EngineError::Inconsistent);
            }
            if unknown == 0 {
                continue;
            }
            let k = self.cons_cell.len() as u32;
            self.cons_cell.push(i as u32);
            self.cons_need.push(s - known);
            for &j in self.nb.of(i) {
                let j = j as usize;
                if states[j] == UNKNOWN {
                    let n = self.cell_ncons[j] as usize;
                    self.cell_cons[j][n] = k;
                    self.cell_ncons[j] += 1;
                }
            }
        }
        Ok(())
    }

    /// Groups the frontier cells into boxes of cells with the same constraints.
    fn build_boxes(&mut self, states: &[u8]) {
        let cells = states.len();
        self.frontier.clear();
        self.cell_box.clear();
        self.cell_box.resize(cells, NONE);
        self.box_key_cell.clear();
        self.box_count.clear();
        self.box_next.clear();
        self.cons_head.clear();
        self.cons_head.resize(self.cons_cell.len(), NONE);
        for (i, &state) in states.iter().enumerate() {
            let n = self.cell_ncons[i] as usize;
            if state != UNKNOWN || n == 0 {
                continue;
            }
            self.frontier.push(i as u32);
            let list = &self.cell_cons[i][..n];
            let first = list[0] as usize;
            let mut b = self.cons_head[first];
            while b != NONE {
                let other = self.box_key_cell[b as usize] as usize;
                let on = self.cell_ncons[other] as usize;
                if on == n && self.cell_cons[other][..n] == *list {
                    break;
                }
                b = self.box_next[b as usize];
            }
            if b == NONE {
                b = self.box_key_cell.len() as u32;
                self.box_key_cell.push(i as u32);
                self.box_count.push(0);
                self.box_next.push(self.cons_head[first]);
                self.cons_head[first] = b;
            }
            self.cell_box[i] = b;
            self.box_count[b as usize] += 1;
        }
        // Cells of each box, contiguous.
        let nbox = self.box_key_cell.len();
        self.box_cstart.clear();
        let mut acc = 0u32;
        for b in 0..nbox {
            self.box_cstart.push(acc);
            acc += self.box_count[b];
        }
        self.box_cstart.push(acc);
        self.box_cells.clear();
        self.box_cells.resize(acc as usize, 0);
        let mut fill: Vec<u32> = core::mem::take(&mut self.box_count);
        fill.fill(0);
        for &i in &self.frontier {
            let b = self.cell_box[i as usize] as usize;
            self.box_cells[(self.box_cstart[b] + fill[b]) as usize] = i;
            fill[b] += 1;
        }
        self.box_count = fill;
    }

    fn find(&mut self, mut k: u32) -> u32 {
        while self.uf[k as usize] != k {
            let parent = self.uf[k as usize];
            self.uf[k as usize] = self.uf[parent as usize];
            k = parent;
        }
        k
    }

    /// Splits the boxes into independent components (joined by shared constraints).
    fn build_components(&mut self) {
        let ncons = self.cons_cell.len();
        self.uf.clear();
        self.uf.extend(0..ncons as u32);
        let nbox = self.box_key_cell.len();
        for b in 0..nbox {
            let key = self.box_key_cell[b] as usize;
            let n = self.cell_ncons[key] as usize;
            let first = self.cell_cons[key][0];
            for j in 1..n {
                let a = self.find(first);
                let c = self.find(self.cell_cons[key][j]);
                if a != c {
                    self.uf[a as usize] = c;
                }
            }
        }
        // Number the components in order of their first constraint.
        self.cons_comp.clear();
        self.cons_comp.resize(ncons, NONE);
        let mut ncomp = 0u32;
        for k in 0..ncons {
            let r = self.find(k as u32) as usize;
            if self.cons_comp[r] == NONE {
                self.cons_comp[r] = ncomp;
                ncomp += 1;
            }
            self.cons_comp[k] = self.cons_comp[r];
        }
        // Boxes of each component, contiguous.
        let mut per = alloc::vec![0u32; ncomp as usize];
        for b in 0..nbox {
            let key = self.box_key_cell[b] as usize;
            per[self.cons_comp[self.cell_cons[key][0] as usize] as usize] += 1;
        }
        self.comp_bstart.clear();
        let mut acc = 0;
        for p in &mut per {
            self.comp_bstart.push(acc);
            acc += *p;
            *p = 0;
        }
        self.comp_bstart.push(acc);
        self.comp_boxes.clear();
        self.comp_boxes.resize(acc as usize, 0);
        for b in 0..nbox {
            let key = self.box_key_cell[b] as usize;
            let c = self.cons_comp[self.cell_cons[key][0] as usize] as usize;
            self.comp_boxes[(self.comp_bstart[c] + per[c]) as usize] = b as u32;
            per[c] += 1;
        }
    }

    /// The [`Spec`] of component `c`, in local numbering.
    fn build_spec(&mut self, c: usize) {
        self.spec.clear();
        self.cons_local.clear();
        self.cons_local.resize(self.cons_cell.len(), NONE);
        let boxes =
            &self.comp_boxes[self.comp_bstart[c] as usize..self.comp_bstart[c + 1] as usize];
        let mut cons_members: Vec<Vec<u32>> = Vec::new();
        for (lb, &b) in boxes.iter().enumerate() {
            let b = b as usize;
            let key = self.box_key_cell[b] as usize;
            self.spec.box_start.push(self.spec.box_cons.len() as u32);
            self.spec
                .box_size
                .push((self.box_cstart[b + 1] - self.box_cstart[b]) as u8);
            for j in 0..self.cell_ncons[key] as usize {
                let k = self.cell_cons[key][j] as usize;
                if self.cons_local[k] == NONE {
                    self.cons_local[k] = self.spec.cons_target.len() as u32;
                    self.spec.cons_target.push(self.cons_need[k]);
                    cons_members.push(Vec::new());
                }
                let lk = self.cons_local[k];
                self.spec.box_cons.push(lk);
                cons_members[lk as usize].push(lb as u32);
            }
        }
        self.spec.box_start.push(self.spec.box_cons.len() as u32);
        for members in &cons_members {
            self.spec.cons_start.push(self.spec.cons_boxes.len() as u32);
            self.spec.cons_boxes.extend_from_slice(members);
        }
        self.spec.cons_start.push(self.spec.cons_boxes.len() as u32);
    }

    /// Combines the components with the interior under the global mine count.
    #[allow(clippy::too_many_lines)] // one pass over the combination's vectors, in order
    fn combine(
        &mut self,
        states: &[u8],
        ncomp: usize,
        interior: u32,
        left: u32,
    ) -> Result<(), EngineError> {
        let cells = states.len();
        let r = interior as usize;
        let left = left as usize;
        // Prefix products P_c (layouts of components 0..c by their mine total).
        self.pre.resize_with(ncomp + 1, Vec::new);
        self.pre_f.resize_with(ncomp + 1, Vec::new);
        self.pre_lo.resize(ncomp + 1, 0);
        self.pre_exp.resize(ncomp + 1, 0);
        self.pre[0].clear();
        self.pre[0].push(1.0);
        self.pre_f[0].clear();
        self.pre_f[0].push(true);
        self.pre_lo[0] = 0;
        self.pre_exp[0] = 0;
        for c in 0..ncomp {
            let (head, tail) = self.pre.split_at_mut(c + 1);
            let (fhead, ftail) = self.pre_f.split_at_mut(c + 1);
            let (src, srcf) = (&head[c], &fhead[c]);
            let (dst, dstf) = (&mut tail[0], &mut ftail[0]);
            let k = &self.counts[c];
            let len = src.len() + k.len - 1;
            dst.clear();
            dst.resize(len, 0.0);
            dstf.clear();
            dstf.resize(len, false);
            for (a, &pa) in src.iter().enumerate() {
                for m in 0..k.len {
                    dst[a + m] += pa * k.w[m];
                    if srcf[a] && k.present[m] {
                        dstf[a + m] = true;
                    }
                }
            }
            let e = normalise(dst);
            self.pre_lo[c + 1] = self.pre_lo[c] + k.lo;
            self.pre_exp[c + 1] = self.pre_exp[c] + k.exp + e;
        }
        // Interior weights by frontier total t: C(R, left - t), on a common scale.
        let lo_t = self.pre_lo[ncomp];
        let len_t = self.pre[ncomp].len();
        let mut imax: i64 = i64::MIN;
        let mut iw: Vec<Wide> = Vec::with_capacity(len_t);
        for i in 0..len_t {
            let t = lo_t + i;
            let w = if t <= left && left - t <= r {
                self.fact.binomial(r, left - t)
            } else {
                Wide::ZERO
            };
            if !w.is_zero() {
                imax = imax.max(w.exponent());
            }
            iw.push(w);
        }
        if imax == i64::MIN {
            return Err(EngineError::Inconsistent);
        }
        self.interior_w.clear();
        self.interior_w.extend(iw.iter().map(|w| w.scaled(imax)));
        let ifeas = |t: usize| t <= left && left - t <= r;
        // Total and interior expectation.
        let full = &self.pre[ncomp];
        let full_f = &self.pre_f[ncomp];
        let mut z = 0.0;
        let mut zi = 0.0;
        let mut feasible = false;
        let (mut all_empty, mut all_full) = (true, true);
        for i in 0..len_t {
            let t = lo_t + i;
            let v = full[i] * self.interior_w[i];
            z += v;
            zi += v * (left.saturating_sub(t)) as f64;
            if full_f[i] && ifeas(t) {
                feasible = true;
                all_empty &= left - t == 0;
                all_full &= left - t == r;
            }
        }
        if !feasible {
            return Err(EngineError::Inconsistent);
        }
        let total_exp = self.pre_exp[ncomp] + imax;
        self.out.total = Wide::new(z, total_exp);
        // Per-cell outputs.
        let out = &mut self.out;
        out.prob.clear();
        out.prob.resize(cells, 0.0);
        out.certain.clear();
        out.certain.resize(cells, UNSURE);
        out.interior.clear();
        out.interior.resize(cells, false);
        out.pairs.clear();
        out.interior_count = interior;
        out.interior_prob = if r > 0 && z > 0.0 {
            zi / (z * r as f64)
        } else {
            0.0
        };
        let icert = if r == 0 {
            UNSURE
        } else if all_empty {
            SAFE
        } else if all_full {
            SURE_MINE
        } else {
            UNSURE
        };
        for (i, &s) in states.iter().enumerate() {
            match s {
                UNKNOWN if self.cell_box[i] == NONE => {
                    out.interior[i] = true;
                    out.prob[i] = out.interior_prob;
                    out.certain[i] = icert;
                }
                SAFE_COVERED => out.certain[i] = SAFE,
                MINE => {
                    out.prob[i] = 1.0;
                    out.certain[i] = SURE_MINE;
                }
                _ => {}
            }
        }
        // Suffix products Q_c(t): layouts of components c.. and the interior, given t mines
        // in components before c; defined for t in the prefix range of c.
        self.suf.resize_with(ncomp + 1, Vec::new);
        self.suf_f.resize_with(ncomp + 1, Vec::new);
        self.suf_exp.resize(ncomp + 1, 0);
        self.suf[ncomp].clear();
        self.suf[ncomp].extend_from_slice(&self.interior_w);
        self.suf_f[ncomp].clear();
        self.suf_f[ncomp].extend((0..len_t).map(|i| ifeas(lo_t + i)));
        self.suf_exp[ncomp] = imax;
        for c in (0..ncomp).rev() {
            let (head, tail) = self.suf.split_at_mut(c + 1);
            let (fhead, ftail) = self.suf_f.split_at_mut(c + 1);
            let (src, srcf) = (&tail[0], &ftail[0]);
            let (dst, dstf) = (&mut head[c], &mut fhead[c]);
            let k = &self.counts[c];
            // Q_{c+1} is indexed from pre_lo[c+1] = pre_lo[c] + k.lo.
            let len = self.pre[c].len();
            dst.clear();
            dst.resize(len, 0.0);
            dstf.clear();
            dstf.resize(len, false);
            for a in 0..len {
                let mut acc = 0.0;
                let mut f = false;
                for m in 0..k.len {
                    let idx = a + m;
                    if idx < src.len() {
                        acc += k.w[m] * src[idx];
                        f |= k.present[m] && srcf[idx];
                    }
                }
                dst[a] = acc;
                dstf[a] = f;
            }
            let e = normalise(dst);
            self.suf_exp[c] = self.suf_exp[c + 1] + k.exp + e;
        }
        if !self.suf_f[0].first().copied().unwrap_or(false) {
            return Err(EngineError::Inconsistent);
        }
        // Each component: E_c(m) = sum_a P_c(a) Q_{c+1}(a + m); box probabilities from it.
        for c in 0..ncomp {
            let k = &self.counts[c];
            let p = &self.pre[c];
            let pf = &self.pre_f[c];
            let q = &self.suf[c + 1];
            let qf = &self.suf_f[c + 1];
            self.ec.clear();
            self.ec.resize(k.len, 0.0);
            self.ec_f.clear();
            self.ec_f.resize(k.len, false);
            for m in 0..k.len {
                let mut acc = 0.0;
                let mut f = false;
                for (a, &pa) in p.iter().enumerate() {
                    let idx = a + m;
                    if idx < q.len() {
                        acc += pa * q[idx];
                        f |= pf[a] && qf[idx];
                    }
                }
                self.ec[m] = acc;
                self.ec_f[m] = f && k.present[m];
            }
            let zc: f64 = (0..k.len).map(|m| k.w[m] * self.ec[m]).sum();
            let boxes =
                &self.comp_boxes[self.comp_bstart[c] as usize..self.comp_bstart[c + 1] as usize];
            for (lb, &b) in boxes.iter().enumerate() {
                let b = b as usize;
                let cells = (self.box_cstart[b + 1] - self.box_cstart[b]) as u8;
                let size = f64::from(cells);
                let row = lb * k.len;
                let mut num = 0.0;
                let (mut never, mut always, mut one) = (true, true, cells == 2);
                for m in 0..k.len {
                    num += k.tally[row + m] * self.ec[m];
                    if self.ec_f[m] {
                        never &= k.maxx[row + m] == 0;
                        always &= k.minx[row + m] == cells;
                        one &= k.minx[row + m] == 1 && k.maxx[row + m] == 1;
                    }
                }
                if one {
                    let first = self.box_cstart[b] as usize;
                    out.pairs
                        .push((self.box_cells[first], self.box_cells[first + 1]));
                }
                let prob = if zc > 0.0 {
                    (num / (size * zc)).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let cert = if never {
                    SAFE
                } else if always {
                    SURE_MINE
                } else {
                    UNSURE
                };
                let (prob, cert) = match cert {
                    SAFE => (0.0, SAFE),
                    SURE_MINE => (1.0, SURE_MINE),
                    _ => (prob, UNSURE),
                };
                for &cell in
                    &self.box_cells[self.box_cstart[b] as usize..self.box_cstart[b + 1] as usize]
                {
                    out.prob[cell as usize] = prob;
                    out.certain[cell as usize] = cert;
                }
            }
        }
        if icert == SAFE {
            out.interior_prob = 0.0;
        } else if icert == SURE_MINE {
            out.interior_prob = 1.0;
        }
        Ok(())
    }
}

/// Divides `v` by a power of two near its maximum (so it stays within `f64`), returning the
/// exponent taken out.
fn normalise(v: &mut [f64]) -> i64 {
    let max = v.iter().copied().fold(0.0, f64::max);
    if max == 0.0 || !max.is_finite() {
        return 0;
    }
    let (_, e) = frexp(max);
    if e.abs() < 200 {
        return 0;
    }
    let f = Wide::new(1.0, -e).to_f64();
    for x in v.iter_mut() {
        *x *= f;
    }
    e
}
