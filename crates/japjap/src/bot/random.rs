//! Uniformly random legal play.

use alloc::vec::Vec;

use plateau_grid::Bot;
use plateau_grid::random::{self, SeededRng};

use crate::{Action, Game, View};

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

impl Bot<Game> for RandomBot {
    /// A uniformly random legal action, `None` (and no draw) when the view's player is not
    /// on turn.
    fn choose(&mut self, view: View) -> Option<Action> {
        view.legal_moves_into(&mut self.buf);
        random::choose(&mut self.rng, &self.buf).copied()
    }
}
