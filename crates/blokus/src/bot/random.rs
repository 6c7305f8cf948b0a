//! A uniform random legal move.

use alloc::vec::Vec;

use plateau_grid::random::{self, SeededRng};

use crate::{Bot, Play};
use crate::{Game, Move};

/// Plays a legal move drawn uniformly (seeded, so a seed replays the same game).
///
/// ```
/// use plateau_blokus::{Bot, Config, Game, Play, RandomBot};
///
/// let mut game = Game::new(Config::duo());
/// let mut bot = RandomBot::new(7);
/// while let Some(m) = bot.choose(&game) {
///     game.play(m)?;
/// }
/// # Ok::<(), plateau_blokus::IllegalMove>(())
/// ```
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: SeededRng,
    moves: Vec<Move>,
}

impl RandomBot {
    /// A bot drawing from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: random::seeded(seed),
            moves: Vec::new(),
        }
    }
}

impl Bot<Game> for RandomBot {
    /// `None` once the game is over; a pass when the colour to move is blocked.
    fn choose(&mut self, game: &Game) -> Option<Move> {
        (!game.is_over()).then(|| self.pick(game))
    }
}

impl RandomBot {
    fn pick(&mut self, game: &Game) -> Move {
        game.legal_moves_into(&mut self.moves);
        random::choose(&mut self.rng, &self.moves)
            .copied()
            .unwrap_or(Move::Pass)
    }
}
