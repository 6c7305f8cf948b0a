//! Players: the [`Bot`] trait, a hint, and three bots.
//!
//! - [`RandomBot`]: a uniform random legal move (seeded).
//! - [`GreedyBot`]: the largest piece, then the most own attach cells after the move and
//!   the fewest for the opponents.
//! - [`Mcts`]: Monte-Carlo tree search over fast biased playouts, with move priors,
//!   progressive widening, tree reuse between moves, and a playout (or time) budget.
//!
//! Blokus hides nothing, so a bot sees the whole [`Game`].

mod greedy;
mod mcts;
mod playout;
mod random;

pub use greedy::GreedyBot;
pub use mcts::Mcts;
#[cfg(test)]
pub(crate) use playout::MAX_ATTACH as MAX_ATTACH_CELLS;
pub use playout::{Rollout, playout, uniform_playout};
pub use random::RandomBot;

use crate::{Game, Move};

/// A player that chooses moves.
pub trait Bot {
    /// A legal move for the colour to move in `game` ([`Move::Pass`] when the game is over).
    fn choose(&mut self, game: &Game) -> Move;
}

/// The first legal move in the generator's scan order: attach cells row by row from the
/// top, left to right; at each, the pieces in hand from the largest (letter `u`) down to
/// the monomino (`a`); within a piece, by which of the attach cell's neighbours it covers
/// (the 4-bit number up = 1, left = 2, right = 4, down = 8, increasing); then orientation
/// digits in increasing order; then which cell of the piece lies on the attach cell,
/// row-major. It stops at the first legal placement, so it costs a fraction of a full move
/// list. A pass when the colour to move is blocked, `None`
/// when the game is over.
///
/// ```
/// use plateau_blokus::{Config, Game, hint};
///
/// let game = Game::new(Config::duo());
/// let m = hint(&game).expect("the game goes on");
/// assert!(game.is_legal(m));
/// // The X pentomino (the largest piece, letter u) with its lower arm on the start square.
/// assert_eq!(m.to_string(), "54u0");
/// ```
pub fn hint(game: &Game) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let pos = game.position();
    let c = game.to_move().index();
    let mut found = None;
    pos.for_each_placement(c, |p| {
        found = Some(Move::Place(p));
        false
    });
    Some(found.unwrap_or(Move::Pass))
}
