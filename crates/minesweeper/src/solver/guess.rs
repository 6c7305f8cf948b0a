//! The guess policies: lowest risk, and the one-step lookahead on the win probability.

use alloc::vec::Vec;

use super::engine::{SAFE, UNKNOWN};
use super::player::Solver;
use super::wide::Wide;

/// Probabilities closer than this are a tie.
const TIE: f64 = 1e-12;
/// The lookahead considers the frontier cells whose safety is within this of the best.
const WINDOW: f64 = 0.12;
/// At most this many frontier candidates, and this many cells of the rest.
const MAX_FRONTIER: usize = 8;
const MAX_REST: usize = 3;

/// Buffers kept between guesses.
#[derive(Debug, Default, Clone)]
pub(crate) struct Buffers {
    prob: Vec<f64>,
    interior: Vec<bool>,
    cands: Vec<(f64, u32, u32)>,
}

/// Covered neighbours of cell `i`.
fn covered(s: &Solver, i: usize) -> u32 {
    s.engine
        .nb
        .of(i)
        .iter()
        .filter(|&&j| s.know()[j as usize] == UNKNOWN)
        .count() as u32
}

/// The cell least likely to be a mine; ties go to the fewest covered neighbours (corners
/// open most often), then to the first cell in row-major order.
pub(crate) fn lowest_risk(s: &mut Solver) -> u32 {
    let mut best: Option<(f64, u32, u32)> = None;
    for i in 0..s.know().len() {
        if s.know()[i] != UNKNOWN {
            continue;
        }
        let p = s.engine.out.prob[i];
        let cov = covered(s, i);
        let better = match best {
            None => true,
            Some((bp, bc, _)) => p < bp - TIE || (p <= bp + TIE && cov < bc),
        };
        if better {
            best = Some((p, cov, i as u32));
        }
    }
    best.map_or(0, |b| b.2)
}

/// The lookahead guess. For each candidate `c` and each number `v` it could show, the
/// position with `c` revealed as `v` is analysed exactly: its share of the layouts is the
/// probability `P(c safe and shows v)`, and its value is 1 if it has a certainly safe cell
/// (progress) or else the safety of its best next guess. The candidate's score, the sum of
/// those products, is the chance of surviving this guess and the next one, counting a
/// position with a safe move as won for now: a one-step estimate of the win probability.
pub(crate) fn lookahead(s: &mut Solver) -> u32 {
    let n = s.know().len();
    let mut b = core::mem::take(&mut s.guess_buf);
    b.prob.clear();
    b.prob.extend_from_slice(&s.engine.out.prob[..n]);
    b.interior.clear();
    b.interior.extend_from_slice(&s.engine.out.interior[..n]);
    let base_total = s.engine.out.total;
    // Candidates: frontier cells near the best safety, and a few cells of the rest.
    let mut best_safety = 0.0f64;
    for i in 0..n {
        if s.know()[i] == UNKNOWN {
            best_safety = best_safety.max(1.0 - b.prob[i]);
        }
    }
    b.cands.clear();
    let mut rest: Vec<(u32, u32)> = Vec::new();
    for i in 0..n {
        if s.know()[i] != UNKNOWN {
            continue;
        }
        let safety = 1.0 - b.prob[i];
        if safety < best_safety - WINDOW {
            continue;
        }
        let cov = covered(s, i);
        if b.interior[i] {
            rest.push((cov, i as u32));
        } else {
            b.cands.push((safety, cov, i as u32));
        }
    }
    b.cands.sort_by(|x, y| {
        y.0.partial_cmp(&x.0)
            .unwrap_or(core::cmp::Ordering::Equal)
            .then(x.1.cmp(&y.1))
            .then(x.2.cmp(&y.2))
    });
    b.cands.truncate(MAX_FRONTIER);
    // Cells of the rest are all equally risky: keep those with the fewest covered
    // neighbours (a corner opens most often) and one next to the frontier (it adds a
    // constraint to what is known).
    rest.sort_unstable();
    let next_to_frontier = rest.iter().copied().find(|&(_, i)| {
        s.engine
            .nb
            .of(i as usize)
            .iter()
            .any(|&j| s.know()[j as usize] == UNKNOWN && !b.interior[j as usize])
    });
    let mut picked = 0;
    for &(cov, i) in rest.iter().take(MAX_REST - 1) {
        b.cands.push((1.0 - b.prob[i as usize], cov, i));
        picked += 1;
    }
    if let Some((cov, i)) = next_to_frontier
        && !b.cands.iter().any(|c| c.2 == i)
        && picked < MAX_REST
    {
        b.cands.push((1.0 - b.prob[i as usize], cov, i));
    }
    if b.cands.len() <= 1 {
        let pick = b.cands.first().map_or_else(|| lowest_risk(s), |c| c.2);
        s.guess_buf = b;
        return pick;
    }
    let mut best: Option<(f64, f64, u32, u32)> = None;
    let mut scratch = core::mem::take(s.scratch_mut());
    for &(safety, cov, c) in &b.cands {
        let score = score(s, &mut scratch, c as usize, base_total);
        let better = match best {
            None => true,
            Some((bs, bsafe, bcov, _)) => {
                score > bs + TIE
                    || (score >= bs - TIE
                        && (safety > bsafe + TIE || (safety >= bsafe - TIE && cov < bcov)))
            }
        };
        if better {
            best = Some((score, safety, cov, c));
        }
    }
    *s.scratch_mut() = scratch;
    s.guess_buf = b;
    best.map_or(0, |x| x.3)
}

/// The lookahead score of revealing cell `c` (see [`lookahead`]).
fn score(s: &mut Solver, scratch: &mut Vec<u8>, c: usize, base_total: Wide) -> f64 {
    let mut lo = 0u8;
    let mut unknown = 0u8;
    for &j in s.engine.nb.of(c) {
        match s.know()[j as usize] {
            UNKNOWN => unknown += 1,
            super::engine::MINE => lo += 1,
            _ => {}
        }
    }
    let mut total = 0.0;
    for v in lo..=lo + unknown {
        scratch.clear();
        scratch.extend_from_slice(s.know());
        scratch[c] = v;
        let size = s.size();
        let mines = s.mines();
        let budget = s.strategy().max_nodes;
        let analysed = s.engine.analyze(size, scratch, mines, budget);
        s.nodes += s.engine.nodes;
        if analysed.is_err() {
            continue;
        }
        let pv = s.engine.out.total.div(base_total).to_f64();
        let mut progress = false;
        let mut next_best = 0.0f64;
        for (i, &st) in scratch.iter().enumerate() {
            if st != UNKNOWN {
                continue;
            }
            if s.engine.out.certain[i] == SAFE {
                progress = true;
                break;
            }
            next_best = next_best.max(1.0 - s.engine.out.prob[i]);
        }
        let q = if progress || s.engine.out.unknown == s.engine.out.mines_left {
            1.0
        } else {
            next_best
        };
        total += pv * q;
    }
    total
}
