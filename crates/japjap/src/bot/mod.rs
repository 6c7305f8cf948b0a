//! Players that choose from a [`View`]: [`RandomBot`], [`GreedyBot`] and the
//! determinized Monte-Carlo [`SearchBot`].

mod greedy;
mod random;
mod search;

pub use greedy::{GREEDY_TAKE_MAX, GreedyBot};
pub use random::RandomBot;
pub use search::{DEFAULT_WORLDS, SearchBot};

use crate::{Action, View};

/// A player that sees only its [`View`] and chooses one of its legal actions.
///
/// Called only when the view's player is on turn; an action the game refuses is the bot's
/// bug (the simulator reports it as [`SimError::Bot`](crate::SimError::Bot)).
pub trait Bot {
    /// The action to play.
    fn choose(&mut self, view: &View) -> Action;
}

impl<B: Bot + ?Sized> Bot for &mut B {
    fn choose(&mut self, view: &View) -> Action {
        (**self).choose(view)
    }
}

impl<B: Bot + ?Sized> Bot for alloc::boxed::Box<B> {
    fn choose(&mut self, view: &View) -> Action {
        (**self).choose(view)
    }
}
