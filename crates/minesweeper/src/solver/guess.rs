//! The guess policies: lowest risk, and the lookahead on the win probability.

use alloc::vec::Vec;

use plateau_grid::Size;

use super::engine::{Certainty, Engine, Known};
use super::settings::Settings;
use super::wide::Wide;
use crate::geom::Neighbors;

/// Probabilities closer than this are a tie.
const TIE: f64 = 1e-12;
/// At most this many cells of the rest are played out.
const MAX_REST: usize = 3;
/// The two-step lookahead replays this many of the best one-step candidates, and plays out
/// this many candidates in each position after them.
const DEEP_TOP: usize = 3;
const DEEP_CANDIDATES: usize = 4;

/// Buffers kept between guesses.
#[derive(Debug, Default, Clone)]
pub(crate) struct Buffers {
    scratch: Vec<Known>,
}

/// Covered neighbours of cell `i` in `states`.
fn covered(nb: &Neighbors, states: &[Known], i: usize) -> u32 {
    nb.of(i)
        .iter()
        .filter(|&&j| states[j as usize] == Known::Unknown)
        .count() as u32
}

/// The cell least likely to be a mine; ties go to the fewest covered neighbours (corners
/// open most often), then to the first cell in row-major order.
/// `engine` holds the analysis of `know`.
pub(crate) fn lowest_risk(engine: &Engine, know: &[Known]) -> u32 {
    let mut best: Option<(f64, u32, u32)> = None;
    for (i, &state) in know.iter().enumerate() {
        if state != Known::Unknown {
            continue;
        }
        let p = engine.out.prob[i];
        let cov = covered(&engine.nb, know, i);
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

/// A candidate guess: its safety, covered neighbours and cell.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    safety: f64,
    covered: u32,
    cell: u32,
}

/// What the lookahead needs to play positions out.
struct Look<'a> {
    engine: &'a mut Engine,
    size: Size,
    mines: u32,
    budget: u64,
    window: f64,
    nodes: u64,
}

impl Look<'_> {
    /// The candidates of `states`, whose analysis is the engine's current one: the
    /// frontier cells within the window of the best safety (at most `max_frontier`, the
    /// safest), and a few cells of the rest (all equally risky: those with the fewest
    /// covered neighbours, which open most often, and one next to the frontier, which adds
    /// a constraint to what is known).
    fn candidates(&self, states: &[Known], max_frontier: usize) -> Vec<Candidate> {
        let out = &self.engine.out;
        let nb = &self.engine.nb;
        let mut best_safety = 0.0f64;
        for (i, &st) in states.iter().enumerate() {
            if st == Known::Unknown {
                best_safety = best_safety.max(1.0 - out.prob[i]);
            }
        }
        let mut frontier = Vec::new();
        let mut rest: Vec<(u32, u32)> = Vec::new();
        for (i, &st) in states.iter().enumerate() {
            if st != Known::Unknown {
                continue;
            }
            let safety = 1.0 - out.prob[i];
            if safety < best_safety - self.window {
                continue;
            }
            let cov = covered(nb, states, i);
            if out.interior[i] {
                rest.push((cov, i as u32));
            } else {
                frontier.push(Candidate {
                    safety,
                    covered: cov,
                    cell: i as u32,
                });
            }
        }
        frontier.sort_by(|x, y| {
            y.safety
                .partial_cmp(&x.safety)
                .unwrap_or(core::cmp::Ordering::Equal)
                .then(x.covered.cmp(&y.covered))
                .then(x.cell.cmp(&y.cell))
        });
        frontier.truncate(max_frontier);
        rest.sort_unstable();
        let next_to_frontier = rest.iter().copied().find(|&(_, i)| {
            nb.of(i as usize)
                .iter()
                .any(|&j| states[j as usize] == Known::Unknown && !out.interior[j as usize])
        });
        let rest_safety = 1.0 - out.interior_prob;
        for &(cov, i) in rest.iter().take(MAX_REST - 1) {
            frontier.push(Candidate {
                safety: rest_safety,
                covered: cov,
                cell: i,
            });
        }
        if let Some((cov, i)) = next_to_frontier
            && !frontier.iter().any(|c| c.cell == i)
        {
            frontier.push(Candidate {
                safety: rest_safety,
                covered: cov,
                cell: i,
            });
        }
        frontier
    }

    /// The lookahead score of revealing cell `c` of `states` (which has `total` layouts).
    /// For each number `v` the cell could show, the position with `c` revealed as `v` is
    /// analysed exactly: its share of the layouts is `P(c safe and shows v)`, and its value
    /// is 1 if it has a certainly safe cell (progress, or the game won), else, at depth 1,
    /// the safety of its best next guess, and at depth 2 the best depth-1 score of its own
    /// candidates. `states` is restored before returning.
    fn score(&mut self, states: &mut [Known], c: usize, total: Wide, depth: u32) -> f64 {
        let mut lo = 0u8;
        let mut unknown = 0u8;
        for &j in self.engine.nb.of(c) {
            match states[j as usize] {
                Known::Unknown => unknown += 1,
                Known::Mine => lo += 1,
                _ => {}
            }
        }
        let mut sum = 0.0;
        for v in lo..=lo + unknown {
            states[c] = Known::Number(v);
            let analysed = self
                .engine
                .analyze(self.size, states, self.mines, self.budget);
            self.nodes += self.engine.nodes;
            if analysed.is_err() {
                continue;
            }
            let out = &self.engine.out;
            let pv = out.total.div(total).to_f64();
            let mut progress = out.unknown == out.mines_left;
            let mut next_best = 0.0f64;
            for (i, &st) in states.iter().enumerate() {
                if st != Known::Unknown {
                    continue;
                }
                if out.certain[i] == Certainty::Safe {
                    progress = true;
                    break;
                }
                next_best = next_best.max(1.0 - out.prob[i]);
            }
            let q = if progress {
                1.0
            } else if depth >= 2 {
                let here = out.total;
                let cands = self.candidates(states, DEEP_CANDIDATES);
                let mut best = 0.0f64;
                for cand in cands {
                    // A candidate's score is at most its safety.
                    if cand.safety <= best {
                        continue;
                    }
                    best = best.max(self.score(states, cand.cell as usize, here, depth - 1));
                }
                best
            } else {
                next_best
            };
            sum += pv * q;
        }
        states[c] = Known::Unknown;
        sum
    }
}

/// The lookahead guess (see [`Look::score`]): the candidate with the best score, which is
/// the chance of surviving this guess and the next one(s), counting a position with a safe
/// move as won for now: an estimate of the win probability. With `depth` 2 the three best
/// one-step candidates are replayed two steps deep.
///
/// `engine` holds the analysis of `know` (a board of `size` with `mines` mines); returns the
/// cell and the search nodes spent.
pub(crate) fn lookahead(
    engine: &mut Engine,
    know: &[Known],
    (size, mines): (Size, u32),
    settings: &Settings,
    buffers: &mut Buffers,
) -> (u32, u64) {
    buffers.scratch.clear();
    buffers.scratch.extend_from_slice(know);
    let states = &mut buffers.scratch;
    let base_total = engine.out.total;
    let mut look = Look {
        engine: &mut *engine,
        size,
        mines,
        budget: settings.max_nodes,
        window: f64::from(settings.window) / 1000.0,
        nodes: 0,
    };
    let cands = look.candidates(states, settings.candidates as usize);
    let pick = if cands.len() <= 1 {
        cands.first().map(|c| c.cell)
    } else {
        let mut scored: Vec<(f64, Candidate)> = cands
            .iter()
            .map(|&c| (look.score(states, c.cell as usize, base_total, 1), c))
            .collect();
        if settings.depth >= 2 {
            scored.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(core::cmp::Ordering::Equal));
            scored.truncate(DEEP_TOP);
            for entry in &mut scored {
                entry.0 = look.score(states, entry.1.cell as usize, base_total, 2);
            }
        }
        best_of(&scored)
    };
    let nodes = look.nodes;
    (pick.unwrap_or_else(|| lowest_risk(engine, know)), nodes)
}

/// The best scored candidate: highest score, then safest, then fewest covered neighbours.
fn best_of(scored: &[(f64, Candidate)]) -> Option<u32> {
    let mut best: Option<(f64, Candidate)> = None;
    for &(score, c) in scored {
        let better = match best {
            None => true,
            Some((bs, b)) => {
                score > bs + TIE
                    || (score >= bs - TIE
                        && (c.safety > b.safety + TIE
                            || (c.safety >= b.safety - TIE && c.covered < b.covered)))
            }
        };
        if better {
            best = Some((score, c));
        }
    }
    best.map(|b| b.1.cell)
}
