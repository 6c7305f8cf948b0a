//! The play contract: the [`Play`] trait every game state implements and the [`Bot`] trait
//! every player implements, with the vocabulary they share ([`Seat`], [`Outcome`],
//! [`Solution`], [`PlayAllError`]).
//!
//! Code above the game crates (a match runner, a line mode, a browser page, a Python
//! environment) is written once against these traits and works for all six games. Each
//! game crate re-exports them, so `plateau_taquin::Play` and `plateau_blokus::Play` are one
//! trait.
//!
//! ```
//! use plateau_grid::{Bot, Play, Seat};
//!
//! /// Plays a game to its end with one bot a seat; the number of moves played, or `None`
//! /// when a bot gave up or chose an illegal move.
//! fn play_out<G: Play>(game: &mut G, bots: &mut [&mut dyn Bot<G>]) -> Option<usize> {
//!     let mut plies = 0;
//!     while let Some(seat) = game.to_move() {
//!         let m = bots.get_mut(seat.index())?.choose(game.view(seat))?;
//!         game.play(m).ok()?;
//!         plies += 1;
//!     }
//!     Some(plies)
//! }
//! # use core::fmt;
//! # #[derive(Clone, PartialEq, Eq, Debug)] struct Nim(u32, Seat);
//! # #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)] #[error("no")] struct No;
//! # impl Play for Nim {
//! #     type Move = u32; type Event = (); type Illegal = No; type Status = u32;
//! #     type View<'a> = &'a Nim;
//! #     fn players(&self) -> usize { 2 }
//! #     fn to_move(&self) -> Option<Seat> { (self.0 > 0).then_some(self.1) }
//! #     fn status(&self) -> u32 { self.0 }
//! #     fn outcome(&self) -> Option<plateau_grid::Outcome> { None }
//! #     fn view(&self, _: Seat) -> &Nim { self }
//! #     fn legal_moves_into(&self, out: &mut Vec<u32>) { out.clear(); out.extend(1..=self.0.min(3)); }
//! #     fn check(&self, m: u32) -> Result<(), No> { if (1..=self.0.min(3)).contains(&m) { Ok(()) } else { Err(No) } }
//! #     fn play(&mut self, m: u32) -> Result<(), No> { self.check(m)?; self.0 -= m; self.1 = self.1.next(2); Ok(()) }
//! # }
//! # struct TakeOne;
//! # impl Bot<Nim> for TakeOne { fn choose(&mut self, _: &Nim) -> Option<u32> { Some(1) } }
//! # let (mut a, mut b) = (TakeOne, TakeOne);
//! # assert_eq!(play_out(&mut Nim(5, Seat::FIRST), &mut [&mut a, &mut b]), Some(5));
//! ```

mod outcome;
mod seat;
mod solution;

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

pub use outcome::Outcome;
pub use seat::{MAX_SEATS, Seat, SeatSet};
pub use solution::{PlayAllError, Solution};

/// A game state that moves are played on: the verbs every Plateau game shares.
///
/// The contract, which the `testing` module (feature `testing`) checks for every game:
///
/// - [`Play::check`] accepts exactly the moves [`Play::play`] plays; [`Play::is_legal`] is
///   `check(m).is_ok()`. On `Err` the state is exactly as before.
/// - [`Play::legal_moves_into`] clears `out`, then lists every legal move once (a game with
///   a huge move space, such as Minesweeper's flags, still lists them all).
/// - [`Play::to_move`] is the seat whose move it is, `None` when the game is over, and
///   `None` while a real-time game accepts no move (Tetris paused or between pieces).
///   Puzzles have one seat.
/// - [`Play::outcome`] is `Some` exactly when the game is over.
/// - Moves are small values whose text form round-trips through `Display` and `FromStr`.
pub trait Play: Clone + Eq + Debug {
    /// A move: small, copied freely, with a text form that round-trips.
    type Move: Copy + Eq + Hash + Debug + Display + FromStr;
    /// What a move changed, for front ends that animate without diffing states.
    type Event;
    /// Why a move was refused.
    type Illegal: core::error::Error + Clone + Eq;
    /// Where the game stands, in the game's own detail (every game's enum has an
    /// `InProgress` variant, or a variant carrying the player on turn).
    type Status: Copy + Eq + Debug;
    /// What one seat may see. A perfect-information game gives the whole state
    /// (`&'a Self`); Minesweeper and Jap Jap give only what that seat knows, so a bot given
    /// a view cannot cheat.
    type View<'a>
    where
        Self: 'a;

    /// Number of seats at the table (1 for a puzzle).
    fn players(&self) -> usize;

    /// The seat to move, `None` when the game is over (or a real-time game takes no move
    /// now).
    fn to_move(&self) -> Option<Seat>;

    /// Where the game stands.
    fn status(&self) -> Self::Status;

    /// How the game ended, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// What `seat` may see. A seat outside the table sees what a spectator sees (in a
    /// perfect-information game, everything).
    fn view(&self, seat: Seat) -> Self::View<'_>;

    /// Clears `out` and fills it with every legal move, each once, in the game's fixed
    /// order (no allocation once `out` has grown).
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);

    /// Whether `m` can be played now, and why not.
    ///
    /// # Errors
    /// The reason [`Play::play`] would refuse `m`.
    fn check(&self, m: Self::Move) -> Result<(), Self::Illegal>;

    /// Plays `m` for the seat to move.
    ///
    /// # Errors
    /// Why `m` is refused; the state is then exactly as before.
    fn play(&mut self, m: Self::Move) -> Result<Self::Event, Self::Illegal>;

    /// Every legal move, in the game's fixed order (see [`Play::legal_moves_into`]).
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Whether [`Play::play`] would accept `m`.
    fn is_legal(&self, m: Self::Move) -> bool {
        self.check(m).is_ok()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Plays every move in order, or none: on an error the state is unchanged and the
    /// error names the refused move's index in `moves`.
    ///
    /// # Errors
    /// The first refused move, as [`Play::play`] refuses it, with its index.
    fn play_all(&mut self, moves: &[Self::Move]) -> Result<(), PlayAllError<Self::Illegal>> {
        let mut next = self.clone();
        for (index, &m) in moves.iter().enumerate() {
            next.play(m)
                .map_err(|error| PlayAllError { index, error })?;
        }
        *self = next;
        Ok(())
    }
}

/// A player of game `G`: given what its seat sees, a move.
///
/// Every bot and every solver-as-player of the workspace implements it, so one match
/// runner seats any of them. `None` means the bot has no move to offer (the game is over,
/// or the bot gives up); a move the game refuses is the bot's bug.
pub trait Bot<G: Play> {
    /// The move to play for the seat whose view this is.
    fn choose(&mut self, view: G::View<'_>) -> Option<G::Move>;
}

impl<G: Play, B: Bot<G> + ?Sized> Bot<G> for &mut B {
    fn choose(&mut self, view: G::View<'_>) -> Option<G::Move> {
        (**self).choose(view)
    }
}

impl<G: Play, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn choose(&mut self, view: G::View<'_>) -> Option<G::Move> {
        (**self).choose(view)
    }
}

/// A bot for puzzles that plans: it asks `plan` for a whole line of moves, then plays it
/// move by move while the position is the one the plan expects, and plans again when it is
/// not (a player moved in between, or the bot is handed another game).
///
/// The taquin's and Flood-It's solvers play through it.
///
/// ```
/// use plateau_grid::{Bot, Planner, Play};
/// # use plateau_grid::{Outcome, Seat};
/// # #[derive(Clone, PartialEq, Eq, Debug)] struct Count(u32);
/// # #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)] #[error("no")] struct No;
/// # impl Play for Count {
/// #     type Move = u32; type Event = (); type Illegal = No; type Status = u32;
/// #     type View<'a> = &'a Count;
/// #     fn players(&self) -> usize { 1 }
/// #     fn to_move(&self) -> Option<Seat> { (self.0 < 3).then_some(Seat::FIRST) }
/// #     fn status(&self) -> u32 { self.0 }
/// #     fn outcome(&self) -> Option<Outcome> { (self.0 >= 3).then(|| Outcome::won(0)) }
/// #     fn view(&self, _: Seat) -> &Count { self }
/// #     fn legal_moves_into(&self, out: &mut Vec<u32>) { out.clear(); if self.0 < 3 { out.push(1) } }
/// #     fn check(&self, m: u32) -> Result<(), No> { if m == 1 && self.0 < 3 { Ok(()) } else { Err(No) } }
/// #     fn play(&mut self, m: u32) -> Result<(), No> { self.check(m)?; self.0 += 1; Ok(()) }
/// # }
/// // A puzzle counting to 3 by ones; the plan is every move at once.
/// let mut plans = 0;
/// let mut bot = Planner::new(|g: &Count| {
///     plans += 1;
///     Some(vec![1; (3 - g.0) as usize])
/// });
/// let mut game = Count(0);
/// while let Some(seat) = game.to_move() {
///     let m = bot.choose(game.view(seat)).unwrap();
///     game.play(m).unwrap();
/// }
/// drop(bot);
/// assert_eq!(plans, 1);
/// ```
pub struct Planner<G: Play, F> {
    plan: F,
    moves: alloc::collections::VecDeque<G::Move>,
    expected: Option<G>,
}

impl<G: Play, F> Planner<G, F>
where
    F: FnMut(&G) -> Option<Vec<G::Move>>,
{
    /// A bot whose plans come from `plan` (`None`: no plan, the bot passes its turn).
    pub fn new(plan: F) -> Planner<G, F> {
        Planner {
            plan,
            moves: alloc::collections::VecDeque::new(),
            expected: None,
        }
    }

    /// The next move from `game`: the plan's next one if `game` is where the plan leads,
    /// else the first of a new plan.
    pub fn next_move(&mut self, game: &G) -> Option<G::Move> {
        if self.expected.as_ref() != Some(game) || self.moves.is_empty() {
            self.moves = (self.plan)(game)?.into();
        }
        let m = self.moves.pop_front()?;
        let mut next = game.clone();
        self.expected = next.play(m).is_ok().then_some(next);
        Some(m)
    }
}

impl<G: Play, F> core::fmt::Debug for Planner<G, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Planner")
            .field("moves", &self.moves)
            .finish_non_exhaustive()
    }
}

// `G: 'static` because a bound over every lifetime of the view cannot otherwise be stated
// for a GAT with `where Self: 'a` (every game state of the workspace is owned data).
impl<G, F> Bot<G> for Planner<G, F>
where
    G: 'static + for<'a> Play<View<'a> = &'a G>,
    F: FnMut(&G) -> Option<Vec<G::Move>>,
{
    fn choose(&mut self, view: &G) -> Option<G::Move> {
        self.next_move(view)
    }
}
