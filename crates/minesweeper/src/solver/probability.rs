//! [`Probabilities`]: the exact mine probability of every covered cell of a view.

use alloc::vec::Vec;

use plateau_grid::{Pos, Size};

use super::engine::{Certainty, Engine, EngineError, Known};
use crate::error::ProbabilityError;
use crate::{Cell, View};

/// Default node budget of [`probabilities`]: far more than any Expert position needs.
pub const DEFAULT_MAX_NODES: u64 = 20_000_000;

/// The exact mine probability of every covered, unflagged cell of a view, given the total
/// mine count: the share of all mine layouts agreeing with the view (its numbers, its flags
/// taken as mines, and the count) that put a mine there.
///
/// ```
/// use plateau_minesweeper::{Pos, View, probabilities};
///
/// // A 1 in the corner of a 3x3 board with 2 mines.
/// let view: View = "1xx\nxxx\nxxx".parse()?;
/// let p = probabilities(&view, 2)?;
/// // Layouts: one mine among the corner's 3 neighbours, one among the other 5 cells:
/// // 3 x 5 = 15, all equally likely.
/// assert!((p.get(Pos::new(1, 0)).unwrap() - 1.0 / 3.0).abs() < 1e-12);
/// assert!((p.rest().unwrap() - 1.0 / 5.0).abs() < 1e-12);
/// assert_eq!(p.layouts(), 15.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Probabilities {
    size: Size,
    /// Per cell: the probability, NaN for cells that are not covered and unflagged.
    prob: Vec<f64>,
    certain: Vec<Certainty>,
    interior: Vec<bool>,
    rest: Option<f64>,
    layouts_log2: f64,
    layouts: f64,
}

impl Probabilities {
    pub(crate) fn from_engine(size: Size, states: &[Known], engine: &Engine) -> Probabilities {
        let a = &engine.out;
        let prob = states
            .iter()
            .zip(&a.prob)
            .map(|(&s, &p)| if s == Known::Unknown { p } else { f64::NAN })
            .collect();
        Probabilities {
            size,
            prob,
            certain: a.certain.clone(),
            interior: a.interior.clone(),
            rest: (a.interior_count > 0).then_some(a.interior_prob),
            layouts_log2: a.total.log2(),
            layouts: a.total.to_f64(),
        }
    }

    /// Board size.
    #[must_use]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The probability that the covered, unflagged cell at `pos` is a mine; `None` for a
    /// revealed, flagged or shown cell and off the board.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<f64> {
        let i = self.size.index_of(pos)?;
        let p = self.prob[i];
        (!p.is_nan()).then_some(p)
    }

    /// Whether the cell is safe in every layout (exactly: not a rounded probability).
    #[must_use]
    pub fn is_safe(&self, pos: Pos) -> bool {
        self.size
            .index_of(pos)
            .is_some_and(|i| !self.prob[i].is_nan() && self.certain[i] == Certainty::Safe)
    }

    /// Whether the cell is a mine in every layout.
    #[must_use]
    pub fn is_mine(&self, pos: Pos) -> bool {
        self.size
            .index_of(pos)
            .is_some_and(|i| !self.prob[i].is_nan() && self.certain[i] == Certainty::Mine)
    }

    /// Whether the covered cell touches no revealed number (it is one of the *rest*).
    #[must_use]
    pub fn is_rest(&self, pos: Pos) -> bool {
        self.size.index_of(pos).is_some_and(|i| self.interior[i])
    }

    /// The probability shared by every covered cell that touches no revealed number,
    /// `None` when there is no such cell.
    #[must_use]
    pub fn rest(&self) -> Option<f64> {
        self.rest
    }

    /// Every covered, unflagged cell with its probability, row-major.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, f64)> + '_ {
        let size = self.size;
        self.prob
            .iter()
            .zip(size.positions())
            .filter(|(p, _)| !p.is_nan())
            .map(|(&p, at)| (at, p))
    }

    /// The cells safe in every layout, row-major.
    #[must_use]
    pub fn safe_cells(&self) -> Vec<Pos> {
        self.iter()
            .filter(|&(p, _)| self.is_safe(p))
            .map(|(p, _)| p)
            .collect()
    }

    /// The cells that are mines in every layout, row-major.
    #[must_use]
    pub fn mines(&self) -> Vec<Pos> {
        self.iter()
            .filter(|&(p, _)| self.is_mine(p))
            .map(|(p, _)| p)
            .collect()
    }

    /// The number of mine layouts agreeing with the view (as a float: it can pass 10^300 on
    /// large boards, then this is infinite; see [`Probabilities::layouts_log2`]).
    #[must_use]
    pub fn layouts(&self) -> f64 {
        self.layouts
    }

    /// log2 of the number of layouts.
    #[must_use]
    pub fn layouts_log2(&self) -> f64 {
        self.layouts_log2
    }
}

/// The engine's cell states of a view: covered unflagged cells unknown, flags and shown
/// mines taken as mines, revealed numbers as they are.
pub(crate) fn states_of(view: &View, out: &mut Vec<Known>) {
    out.clear();
    out.extend(view.as_slice().iter().map(|c| match c {
        Cell::Hidden | Cell::Question => Known::Unknown,
        Cell::Flagged | Cell::Mine => Known::Mine,
        Cell::Revealed(n) => Known::Number(n.get()),
    }));
}

/// The exact mine probabilities of `view` with `mines` mines in total. Flags are taken as
/// mines (a wrong flag can make the view inconsistent).
///
/// # Errors
/// [`ProbabilityError::Inconsistent`] if no layout agrees with the view;
/// [`ProbabilityError::NodeLimit`] past [`DEFAULT_MAX_NODES`] (only positions built to be
/// hard, such as a checkerboard of numbers, come near it).
pub fn probabilities(view: &View, mines: u32) -> Result<Probabilities, ProbabilityError> {
    probabilities_limited(view, mines, DEFAULT_MAX_NODES)
}

/// [`probabilities`] with a node budget.
///
/// # Errors
/// As [`probabilities`], with `max_nodes` as the budget.
pub fn probabilities_limited(
    view: &View,
    mines: u32,
    max_nodes: u64,
) -> Result<Probabilities, ProbabilityError> {
    let mut engine = Engine::default();
    let mut states = Vec::new();
    states_of(view, &mut states);
    match engine.analyze(view.size(), &states, mines, max_nodes) {
        Ok(()) => Ok(Probabilities::from_engine(view.size(), &states, &engine)),
        Err(EngineError::Inconsistent) => Err(ProbabilityError::Inconsistent { mines }),
        Err(EngineError::NodeLimit { nodes }) => Err(ProbabilityError::NodeLimit { nodes }),
        Err(EngineError::TooWide { open }) => Err(ProbabilityError::TooWide {
            open,
            max: super::dp::MAX_OPEN,
        }),
        Err(EngineError::Memory) => Err(ProbabilityError::MemoryLimit {
            max_mib: super::dp::MAX_LAYER_BYTES >> 20,
        }),
    }
}
