//! The combination of the components' counts with the interior under the global mine count.
//!
//! With `P_c(a)` the layouts of components `0..c` holding `a` mines (prefix products) and
//! `Q_c(a)` those of components `c..` and the interior given `a` mines before `c` (suffix
//! products, the interior weighing a frontier total `t` by `C(R, left - t)`), component
//! `c`'s layouts with `m` mines are weighed by `E_c(m) = sum_a P_c(a) Q_{c+1}(a + m)`, from
//! which every box's probability follows. Each series carries exact feasibility flags beside
//! its rounded weights, so certainty never depends on rounding.

use alloc::vec::Vec;

use super::frontier::Frontier;
use super::{Analysis, Certainty, EngineError, Known};
use crate::solver::dp::Counts;
use crate::solver::wide::{Factorials, Wide, frexp};

/// What the combination reads.
#[derive(Clone, Copy)]
pub(super) struct Input<'a> {
    /// The reduced position.
    pub(super) states: &'a [Known],
    pub(super) frontier: &'a Frontier,
    /// Each component's layouts by mine total.
    pub(super) counts: &'a [Counts],
    pub(super) factorials: &'a Factorials,
    /// Unknown cells touching no number.
    pub(super) interior: u32,
    /// Mines not yet placed.
    pub(super) left: u32,
}

/// Weights by mine total, on a scale of their own, with whether each total is possible.
#[derive(Debug, Default, Clone)]
struct Series {
    weights: Vec<f64>,
    feasible: Vec<bool>,
}

impl Series {
    fn reset(&mut self, len: usize) {
        self.weights.clear();
        self.weights.resize(len, 0.0);
        self.feasible.clear();
        self.feasible.resize(len, false);
    }
}

/// The combination's buffers, kept between calls.
#[derive(Debug, Default, Clone)]
pub(super) struct Combination {
    /// `prefix[c]`: layouts of components `0..c` by mine total from `prefix_lo[c]`, times
    /// `2^-prefix_exp[c]`.
    prefix: Vec<Series>,
    prefix_lo: Vec<usize>,
    prefix_exp: Vec<i64>,
    /// `suffix[c]`: layouts of components `c..` and the interior, indexed like `prefix[c]`.
    suffix: Vec<Series>,
    /// The interior's weight for each frontier total (the last prefix's range), scaled.
    interior_weights: Vec<f64>,
    /// `E_c(m)` of the component at hand.
    expected: Series,
}

impl Combination {
    /// Combines the components with the interior; the per-cell answer into `out`.
    pub(super) fn run(&mut self, input: Input<'_>, out: &mut Analysis) -> Result<(), EngineError> {
        self.prefix_products(input.counts);
        let interior_exp = self.interior(&input)?;
        let interior_certainty = self.totals(&input, interior_exp, out)?;
        self.suffix_products(&input)?;
        for c in 0..input.counts.len() {
            self.component(&input, c, out);
        }
        match interior_certainty {
            Certainty::Safe => out.interior_prob = 0.0,
            Certainty::Mine => out.interior_prob = 1.0,
            Certainty::Unsure => {}
        }
        Ok(())
    }

    /// `P_c` for every `c`: the layouts of the components before `c` by their mine total.
    fn prefix_products(&mut self, counts: &[Counts]) {
        let components = counts.len();
        self.prefix.resize_with(components + 1, Series::default);
        self.prefix_lo.resize(components + 1, 0);
        self.prefix_exp.resize(components + 1, 0);
        self.prefix[0].reset(1);
        self.prefix[0].weights[0] = 1.0;
        self.prefix[0].feasible[0] = true;
        self.prefix_lo[0] = 0;
        self.prefix_exp[0] = 0;
        for (c, k) in counts.iter().enumerate() {
            let (head, tail) = self.prefix.split_at_mut(c + 1);
            let (src, dst) = (&head[c], &mut tail[0]);
            dst.reset(src.weights.len() + k.len - 1);
            for (a, &pa) in src.weights.iter().enumerate() {
                for m in 0..k.len {
                    dst.weights[a + m] += pa * k.w[m];
                    if src.feasible[a] && k.present[m] {
                        dst.feasible[a + m] = true;
                    }
                }
            }
            let e = normalise(&mut dst.weights);
            self.prefix_lo[c + 1] = self.prefix_lo[c] + k.lo;
            self.prefix_exp[c + 1] = self.prefix_exp[c] + k.exp + e;
        }
    }

    /// Whether a frontier total `t` leaves a possible number of interior mines.
    fn interior_feasible(input: &Input<'_>, t: usize) -> bool {
        let left = input.left as usize;
        t <= left && left - t <= input.interior as usize
    }

    /// The interior's weights `C(R, left - t)` for every frontier total `t`, on a common
    /// scale; the scale's exponent.
    fn interior(&mut self, input: &Input<'_>) -> Result<i64, EngineError> {
        let components = input.counts.len();
        let (r, left) = (input.interior as usize, input.left as usize);
        let lo = self.prefix_lo[components];
        let len = self.prefix[components].weights.len();
        let mut max_exp = i64::MIN;
        let mut weights: Vec<Wide> = Vec::with_capacity(len);
        for i in 0..len {
            let t = lo + i;
            let w = if Self::interior_feasible(input, t) {
                input.factorials.binomial(r, left - t)
            } else {
                Wide::ZERO
            };
            if !w.is_zero() {
                max_exp = max_exp.max(w.exponent());
            }
            weights.push(w);
        }
        if max_exp == i64::MIN {
            return Err(EngineError::Inconsistent);
        }
        self.interior_weights.clear();
        self.interior_weights
            .extend(weights.iter().map(|w| w.scaled(max_exp)));
        Ok(max_exp)
    }

    /// The total number of layouts and the interior's probability and certainty; the
    /// per-cell answer for the cells off the frontier.
    fn totals(
        &self,
        input: &Input<'_>,
        interior_exp: i64,
        out: &mut Analysis,
    ) -> Result<Certainty, EngineError> {
        let components = input.counts.len();
        let (r, left) = (input.interior as usize, input.left as usize);
        let lo = self.prefix_lo[components];
        let full = &self.prefix[components];
        let (mut z, mut z_interior) = (0.0, 0.0);
        let mut feasible = false;
        let (mut all_empty, mut all_full) = (true, true);
        for (i, (&w, &f)) in full.weights.iter().zip(&full.feasible).enumerate() {
            let t = lo + i;
            let v = w * self.interior_weights[i];
            z += v;
            z_interior += v * (left.saturating_sub(t)) as f64;
            if f && Self::interior_feasible(input, t) {
                feasible = true;
                all_empty &= left - t == 0;
                all_full &= left - t == r;
            }
        }
        if !feasible {
            return Err(EngineError::Inconsistent);
        }
        out.total = Wide::new(z, self.prefix_exp[components] + interior_exp);
        let cells = input.states.len();
        out.prob.clear();
        out.prob.resize(cells, 0.0);
        out.certain.clear();
        out.certain.resize(cells, Certainty::Unsure);
        out.interior.clear();
        out.interior.resize(cells, false);
        out.pairs.clear();
        out.interior_count = input.interior;
        out.interior_prob = if r > 0 && z > 0.0 {
            z_interior / (z * r as f64)
        } else {
            0.0
        };
        let certainty = if r == 0 {
            Certainty::Unsure
        } else if all_empty {
            Certainty::Safe
        } else if all_full {
            Certainty::Mine
        } else {
            Certainty::Unsure
        };
        for (i, &s) in input.states.iter().enumerate() {
            match s {
                Known::Unknown if input.frontier.cell_box[i].is_none() => {
                    out.interior[i] = true;
                    out.prob[i] = out.interior_prob;
                    out.certain[i] = certainty;
                }
                Known::Safe => out.certain[i] = Certainty::Safe,
                Known::Mine => {
                    out.prob[i] = 1.0;
                    out.certain[i] = Certainty::Mine;
                }
                Known::Unknown | Known::Number(_) => {}
            }
        }
        Ok(certainty)
    }

    /// `Q_c` for every `c`, from the interior's weights backwards.
    fn suffix_products(&mut self, input: &Input<'_>) -> Result<(), EngineError> {
        let components = input.counts.len();
        let lo = self.prefix_lo[components];
        self.suffix.resize_with(components + 1, Series::default);
        let last = &mut self.suffix[components];
        last.weights.clear();
        last.weights.extend_from_slice(&self.interior_weights);
        last.feasible.clear();
        last.feasible.extend(
            (0..self.interior_weights.len()).map(|i| Self::interior_feasible(input, lo + i)),
        );
        for (c, k) in input.counts.iter().enumerate().rev() {
            let (head, tail) = self.suffix.split_at_mut(c + 1);
            let (src, dst) = (&tail[0], &mut head[c]);
            // Q_{c+1} is indexed from prefix_lo[c + 1] = prefix_lo[c] + k.lo.
            dst.reset(self.prefix[c].weights.len());
            for a in 0..dst.weights.len() {
                let mut acc = 0.0;
                let mut f = false;
                for m in 0..k.len {
                    let idx = a + m;
                    if idx < src.weights.len() {
                        acc += k.w[m] * src.weights[idx];
                        f |= k.present[m] && src.feasible[idx];
                    }
                }
                dst.weights[a] = acc;
                dst.feasible[a] = f;
            }
            normalise(&mut dst.weights);
        }
        if self.suffix[0].feasible.first().copied().unwrap_or(false) {
            Ok(())
        } else {
            Err(EngineError::Inconsistent)
        }
    }

    /// Component `c`: `E_c(m)`, then the probability and certainty of each of its boxes, and
    /// its boxes of two cells holding one mine in every layout.
    fn component(&mut self, input: &Input<'_>, c: usize, out: &mut Analysis) {
        let k = &input.counts[c];
        let (p, q) = (&self.prefix[c], &self.suffix[c + 1]);
        self.expected.reset(k.len);
        for m in 0..k.len {
            let mut acc = 0.0;
            let mut f = false;
            for (a, &pa) in p.weights.iter().enumerate() {
                let idx = a + m;
                if idx < q.weights.len() {
                    acc += pa * q.weights[idx];
                    f |= p.feasible[a] && q.feasible[idx];
                }
            }
            self.expected.weights[m] = acc;
            self.expected.feasible[m] = f && k.present[m];
        }
        let expected = &self.expected;
        let zc: f64 = (0..k.len).map(|m| k.w[m] * expected.weights[m]).sum();
        let frontier = input.frontier;
        for (local, &b) in frontier.boxes_of_component(c).iter().enumerate() {
            let cells = frontier.cells_of_box(b as usize);
            let size = cells.len() as u8;
            let row = local * k.len;
            let mut num = 0.0;
            let (mut never, mut always, mut one) = (true, true, size == 2);
            for m in 0..k.len {
                num += k.tally[row + m] * expected.weights[m];
                if expected.feasible[m] {
                    never &= k.maxx[row + m] == 0;
                    always &= k.minx[row + m] == size;
                    one &= k.minx[row + m] == 1 && k.maxx[row + m] == 1;
                }
            }
            if one {
                out.pairs.push((cells[0], cells[1]));
            }
            let (prob, certainty) = if never {
                (0.0, Certainty::Safe)
            } else if always {
                (1.0, Certainty::Mine)
            } else if zc > 0.0 {
                (
                    (num / (f64::from(size) * zc)).clamp(0.0, 1.0),
                    Certainty::Unsure,
                )
            } else {
                (0.0, Certainty::Unsure)
            };
            for &cell in cells {
                out.prob[cell as usize] = prob;
                out.certain[cell as usize] = certainty;
            }
        }
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
