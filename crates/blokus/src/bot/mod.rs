//! Players: three bots of the play contract's [`Bot`](plateau_grid::Bot) trait, and a hint.
//!
//! - [`RandomBot`]: a uniform random legal move (seeded).
//! - [`GreedyBot`]: the largest piece, then the most own attach cells after the move and
//!   the fewest for the opponents.
//! - [`Mcts`]: Monte-Carlo tree search over fast biased playouts, with learned move
//!   priors ([`move_features`], [`LEARNED_WEIGHTS`]), prior selection with RAVE merged in,
//!   tree reuse between moves, and a playout (or time) budget.
//!
//! Blokus hides nothing, so a bot sees the whole [`Game`].

mod features;
mod greedy;
mod mcts;
mod playout;
mod prior;
mod random;

pub use features::{FEATURES, Features, LEARNED as LEARNED_WEIGHTS, move_features};
pub use greedy::GreedyBot;
pub use mcts::{Mcts, Puct};
#[cfg(test)]
pub(crate) use playout::MAX_ATTACH as MAX_ATTACH_CELLS;
pub use playout::{Rollout, playout, uniform_playout};
pub use random::RandomBot;

use plateau_grid::Bot;

use crate::{Game, Move};

/// Playouts of [`hint`]'s search: a few tens of milliseconds on a desktop core in Duo.
pub const HINT_PLAYOUTS: u32 = 1_000;

/// The seed of [`hint`]'s search (a fixed one, so a hint is the same every time it is
/// asked for).
const HINT_SEED: u64 = 0x6869_6e74;

/// The move the tree search ([`Mcts`]) finds best in [`HINT_PLAYOUTS`] playouts from a
/// fixed seed: deterministic, so the same position always gets the same hint. A pass when
/// the colour to move is blocked, `None` when the game is over.
///
/// ```
/// use plateau_blokus::{Config, Game, Play, hint};
///
/// let game = Game::new(Config::duo());
/// let m = hint(&game).expect("the game goes on");
/// assert!(game.is_legal(m));
/// assert_eq!(hint(&game), Some(m)); // the same position, the same hint
/// assert_eq!(m.placement().map(|p| p.size()), Some(5)); // an opening pentomino
/// ```
pub fn hint(game: &Game) -> Option<Move> {
    Mcts::new(HINT_SEED)
        .with_playouts(HINT_PLAYOUTS)
        .choose(game)
}
