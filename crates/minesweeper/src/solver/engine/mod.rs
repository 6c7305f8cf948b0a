//! The exact probability engine.
//!
//! Input: per cell, what is [`Known`] of it (a revealed number, a mine, or nothing); and the
//! total mine count. Every revealed number with unknown neighbours is a constraint. Unknown
//! cells that touch a constraint form the frontier; they are grouped into boxes (same
//! constraints) and the boxes into independent components ([`frontier`]), each counted
//! exactly by [`Dp`]. The components are then combined ([`combine`]) with the cells that
//! touch no number (the *rest*, or interior): a layout with `t` mines on the frontier leaves
//! `C(R, M - t)` ways to place the others among the `R` interior cells, so the global mine
//! count weighs every frontier layout. Counts are kept on an absolute scale ([`Wide`]
//! exponents), so the engine also gives the number of layouts (the lookahead compares those
//! of hypothetical positions).
//!
//! Certainty (a cell safe or a mine in every layout) is decided on exact feasibility flags,
//! never on a rounded probability.

mod combine;
mod frontier;

use alloc::vec::Vec;

use plateau_grid::Size;

#[cfg(doc)]
use super::dp::MAX_OPEN;
use super::dp::{Counts, Dp, DpError, MAX_LAYER_BYTES, Spec};
use super::wide::{Factorials, Wide};
use crate::geom::Neighbors;
use combine::Combination;
use frontier::Frontier;

/// What the solver knows of one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Known {
    /// Revealed, showing this number (0 to 8).
    Number(u8),
    /// Covered, and nothing is known of it.
    Unknown,
    /// A mine: a flag, a mine on show, or a deduced one.
    Mine,
    /// Covered and found safe by the single-number rules (the engine's working copy only).
    Safe,
}

impl Known {
    /// Whether the cell is a revealed number.
    #[inline]
    pub(crate) fn is_number(self) -> bool {
        matches!(self, Known::Number(_))
    }
}

/// Whether an unknown cell is safe or a mine in every layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) enum Certainty {
    /// Safe in some layouts, a mine in others.
    #[default]
    Unsure,
    /// Safe in every layout.
    Safe,
    /// A mine in every layout.
    Mine,
}

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
    pub(crate) prob: Vec<f64>,
    /// Per cell: its [`Certainty`] (unknown cells only).
    pub(crate) certain: Vec<Certainty>,
    /// Per cell: whether it is an unknown cell touching no revealed number.
    pub(crate) interior: Vec<bool>,
    /// Unknown cells touching no number.
    pub(crate) interior_count: u32,
    /// Their probability.
    pub(crate) interior_prob: f64,
    /// Total number of layouts.
    pub(crate) total: Wide,
    /// Unknown cells and mines not yet placed (total minus known mines).
    pub(crate) unknown: u32,
    pub(crate) mines_left: u32,
    /// Boxes of two cells holding exactly one mine in every layout (candidate 50/50s).
    pub(crate) pairs: Vec<(u32, u32)>,
}

/// The engine with its reusable buffers.
#[derive(Debug, Default, Clone)]
pub(crate) struct Engine {
    pub(crate) nb: Neighbors,
    factorials: Factorials,
    dp: Dp,
    spec: Spec,
    /// The position after the single-number deductions (working copy of the states).
    work: Vec<Known>,
    queue: Vec<u32>,
    /// Constraints, boxes and components of the position being analysed.
    frontier: Frontier,
    /// Layouts of each component, by its mine total.
    counts: Vec<Counts>,
    combination: Combination,
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
        states: &[Known],
        mines: u32,
        budget: u64,
    ) -> Result<(), EngineError> {
        self.nb.ensure(size);
        let cells = states.len();
        self.factorials.ensure(cells);
        self.budget = budget;
        self.nodes = 0;
        let given_mines = count(states, Known::Mine);
        let given_unknown = count(states, Known::Unknown);
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
    fn reduce(&mut self, states: &[Known]) -> Result<(), EngineError> {
        self.work.clear();
        self.work.extend_from_slice(states);
        self.queue.clear();
        for (i, &s) in states.iter().enumerate() {
            if s.is_number() {
                self.queue.push(i as u32);
            }
        }
        while let Some(r) = self.queue.pop() {
            let r = r as usize;
            let Known::Number(n) = self.work[r] else {
                continue;
            };
            let (mut unknown, mut known) = (0u8, 0u8);
            for &j in self.nb.of(r) {
                match self.work[j as usize] {
                    Known::Unknown => unknown += 1,
                    Known::Mine => known += 1,
                    _ => {}
                }
            }
            if known > n || n - known > unknown {
                return Err(EngineError::Inconsistent);
            }
            if unknown == 0 || (n != known && n - known != unknown) {
                continue;
            }
            let settle = if n == known { Known::Safe } else { Known::Mine };
            for k in 0..self.nb.of(r).len() {
                let j = self.nb.of(r)[k] as usize;
                if self.work[j] != Known::Unknown {
                    continue;
                }
                self.work[j] = settle;
                for &q in self.nb.of(j) {
                    if self.work[q as usize].is_number() {
                        self.queue.push(q);
                    }
                }
            }
        }
        Ok(())
    }

    /// Counts the reduced position `states`: its frontier, each component, then the
    /// combination under the global mine count.
    fn analyze_reduced(&mut self, states: &[Known], mines: u32) -> Result<(), EngineError> {
        self.frontier.build(states, &self.nb)?;
        let known_mines = count(states, Known::Mine);
        if known_mines > mines {
            return Err(EngineError::Inconsistent);
        }
        let left = mines - known_mines;
        let components = self.frontier.components();
        while self.counts.len() < components {
            self.counts.push(Counts::default());
        }
        for c in 0..components {
            self.frontier.spec_of(c, &mut self.spec);
            let counted = self.dp.count(
                &self.spec,
                &mut self.counts[c],
                &mut self.nodes,
                self.budget,
            );
            match counted {
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
        let interior = count(states, Known::Unknown) - self.frontier.cells.len() as u32;
        // The combination keeps, per component, prefix and suffix products over the mine
        // totals so far (each a weight and a flag per total).
        let mut totals = 1usize;
        let mut bytes = 0usize;
        for k in &self.counts[..components] {
            totals += k.len.saturating_sub(1);
            bytes = bytes.saturating_add(totals.saturating_mul(2 * 9));
        }
        if bytes > MAX_LAYER_BYTES {
            return Err(EngineError::Memory);
        }
        self.combination.run(
            combine::Input {
                states,
                frontier: &self.frontier,
                counts: &self.counts[..components],
                factorials: &self.factorials,
                interior,
                left,
            },
            &mut self.out,
        )
    }
}

/// Cells of `states` in state `which`.
fn count(states: &[Known], which: Known) -> u32 {
    states.iter().map(|&s| u32::from(s == which)).sum()
}
