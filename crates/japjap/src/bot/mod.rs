//! Players that choose from a [`View`]: [`RandomBot`], [`GreedyBot`] and the
//! determinized Monte-Carlo [`SearchBot`], each a [`Bot<Game>`](plateau_grid::Bot), and
//! [`hint`], the search bot's advice within a small budget.

mod greedy;
mod random;
mod search;

pub use greedy::{GREEDY_TAKE_MAX, GreedyBot};
pub use random::RandomBot;
pub use search::{DEFAULT_WORLDS, SearchBot};

use plateau_grid::Bot;

use crate::{Action, View};

/// Worlds [`hint`] samples: a third of [`DEFAULT_WORLDS`], so advice comes within a few
/// milliseconds and is still the search bot's judgement. Measured over 4,555 positions of
/// greedy games at 2 to 5 players (release build, on a loaded 2-core machine): median 0.1
/// ms, 99th percentile 8 to 12 ms, worst 20 ms.
pub const HINT_WORLDS: u32 = 16;

/// The seed of [`hint`]'s samples: fixed, so the same view always gets the same advice.
const HINT_SEED: u64 = 0x6A61_706A_6170;

/// The action the search bot advises for the player whose view this is: a
/// [`SearchBot`] seeded with a fixed seed sampling [`HINT_WORLDS`] worlds. Deterministic
/// (the same view, the same advice); `None` when that player is not on turn.
///
/// ```
/// use plateau_japjap::{Game, Play, Rules, hint};
///
/// let game = Game::new(Rules::heads_up(), 5);
/// let me = game.to_move().unwrap();
/// let advice = hint(&game.view(me)).unwrap();
/// assert!(game.is_legal(advice));
/// assert_eq!(hint(&game.view(me)), Some(advice));
/// assert_eq!(hint(&game.view(me.next(2))), None);
/// ```
pub fn hint(view: &View) -> Option<Action> {
    SearchBot::new(HINT_SEED)
        .with_worlds(HINT_WORLDS)
        .choose(*view)
}
