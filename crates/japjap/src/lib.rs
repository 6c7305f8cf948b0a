//! # plateau-japjap
//!
//! Jap Jap, the French draw-and-discard card game (a cousin of Yaniv and of Nepali Jhyap),
//! as a deterministic, OpenSpiel-style engine with hidden information, bots and a
//! simulator.
//!
//! Each player holds five cards. On a turn a player either **calls "Jap Jap"** when their
//! hand is worth at most 5 points (A = 1 .. K = 13), or **discards** a combination (one
//! card, 2 to 4 cards of one value, or a run of 2 or more in one suit) and takes a card:
//! the top of the stock or one of the cards the previous player just discarded. A call
//! ends the round: a strictly lower hand elsewhere counters it ("Contre Jap Jap") and the
//! caller scores 25; otherwise the caller scores 0 and everyone else their hand. Reaching
//! 90 points loses the game. Every variant point is a field of [`Rules`].
//!
//! - [`Game`]: the full state of a match. It implements [`Play`], the contract every
//!   Plateau game shares: [`Play::legal_moves`], [`Play::play`] (the state unchanged on an
//!   [`IllegalMove`]), [`Play::status`], [`Play::outcome`], [`Play::view`]; [`Event`]s,
//!   [`RoundResult`], [`GameResult`]. Seats are [`Seat`]s (`P1`, `P2`...).
//! - [`Action`]: `call`, `discard 4H 5H 6H take stock`, `discard KD take 3C`, with a
//!   dense id in `0..Action::COUNT`.
//! - [`View`]: what one player may know; [`View::sample_world`] for search.
//! - [`Bot`]s ([`RandomBot`], [`GreedyBot`], [`SearchBot`]) choose from a view; [`hint`]
//!   is the search bot's advice; [`play_round`], [`play_match`] and [`Stats`] simulate.
//!
//! ```
//! use plateau_japjap::{Game, GreedyBot, Play, Rules, SearchBot, Status, play_match};
//!
//! let mut game = Game::new(Rules::heads_up(), 2026);
//! let (mut search, mut greedy) = (SearchBot::new(1).with_worlds(8), GreedyBot::new());
//! let record = play_match(&mut game, &mut [&mut search, &mut greedy], 10_000)?;
//! let Status::Over { losers } = game.status() else { panic!("the match ended") };
//! assert_eq!(record.games.len(), 1);
//! assert!(game.last_game().unwrap().totals().iter().any(|&t| t >= 90));
//! assert!(!losers.is_empty());
//! // Who won, in the terms every game shares: the lowest total of the game.
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.winners(), game.last_game().unwrap().winners());
//! # Ok::<(), plateau_japjap::SimError>(())
//! ```
//!
//! ## Features
//! - `std` (default): `std::error::Error` for the error types; without it the crate is
//!   `#![no_std]` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Rules`] (through its checks), cards, card
//!   sets, melds and actions (as their text), seats and results.

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

extern crate alloc;

mod bot;
mod card;
mod config;
mod error;
mod game;
mod meld;
mod moves;
mod round;
mod setup;
mod sim;
mod view;

pub use bot::{
    DEFAULT_WORLDS, GREEDY_TAKE_MAX, GreedyBot, HINT_WORLDS, RandomBot, SearchBot, hint,
};
pub use card::{Card, CardSet, CardSetIter, DECK_SIZE, Rank, Suit};
pub use config::{Exhaustion, HAND_SIZE, MAX_PLAYERS, PenaltyMode, Rules, TakeFrom};
pub use error::{
    ConfigError, IllegalMove, MeldError, ParseActionError, ParseCardError, SetupError, SimError,
};
pub use game::{Event, Game, GameResult, RoundResult, Status};
pub use meld::{MAX_MELD, Meld, MeldKind};
pub use moves::{Action, MELD_COUNT, Take, format_actions, parse_actions};
pub use round::RoundEnd;
pub use setup::Setup;
pub use sim::{MatchRecord, Stats, play_match, play_round, play_turn};
pub use view::View;

pub use plateau_grid::random;
pub use plateau_grid::random::SeededRng;
pub use plateau_grid::{Bot, Outcome, Play, PlayAllError, Seat, SeatSet};
pub use rand::Rng;

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
