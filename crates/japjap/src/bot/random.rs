//! Uniformly random legal play.

use alloc::vec::Vec;

use plateau_grid::random::{self, SeededRng};

use super::Bot;
use crate::{Action, View};

/// Plays a uniformly random legal action (calls only when the draw says so).
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: SeededRng,
    buf: Vec<Action>,
}

impl RandomBot {
    /// A bot whose draws come from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: random::seeded(seed),
            buf: Vec::new(),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, view: &View) -> Action {
        view.legal_actions_into(&mut self.buf);
        random::choose(&mut self.rng, &self.buf)
            .copied()
            .unwrap_or(Action::Call)
    }
}
