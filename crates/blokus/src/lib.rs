//! # plateau-blokus
//!
//! Blokus as a reusable engine: the two-player **Duo** (14 x 14) and the four-colour
//! **Classic** (20 x 20, four players or two with two colours each), with the 21 pieces,
//! the placement rules, both scorings, the ICFPT 2013 move notation, Pentobi's point lists,
//! a bitboard move generator walking precomputed candidates, and three bots, all through
//! the workspace's play contract ([`Play`], [`Bot`]).
//!
//! ```
//! use plateau_blokus::{Bot, Config, Game, GreedyBot, Mcts, Play, Status};
//!
//! let mut game = Game::new(Config::duo());
//! assert_eq!(game.legal_moves().len(), 414); // the first player's opening moves
//! let mut bots: [Box<dyn Bot<Game>>; 2] =
//!     [Box::new(Mcts::new(1).with_playouts(20)), Box::new(GreedyBot::new())];
//! while let Some(seat) = game.to_move() {
//!     let m = bots[seat.index()].choose(game.view(seat)).expect("a bot always has a move");
//!     game.play(m)?;
//! }
//! assert_ne!(game.status(), Status::InProgress);
//! println!("{game}\n{}", game.outcome().expect("over"));
//! # Ok::<(), plateau_blokus::IllegalMove>(())
//! ```
//!
//! Coordinates are zero-based `(x, y)`, x the column and y the row **from the top**; the
//! ICFPT codes are one-based, and Pentobi's point lists count rows from the bottom (see
//! [`Move`]).
//!
//! ## Features
//! - `std` (default): `std::error::Error` impls, [`Mcts::with_time_limit`] and
//!   [`Mcts::with_threads`]; without it
//!   the crate is `#![no_std]` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Config`] (checked on the way in), [`Move`]
//!   (as its ICFPT code), [`Piece`], [`Orientation`], [`Color`] and the rule enums
//!   (and, from `plateau-grid`, [`Seat`] and [`Outcome`]).

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

extern crate alloc;

mod board;
mod bot;
mod color;
mod config;
mod error;
mod game;
mod moves;
mod piece;
mod position;
mod setup;
mod tables;

pub use board::Board;
pub use bot::{
    FEATURES, Features, GreedyBot, HINT_PLAYOUTS, LEARNED_WEIGHTS, Mcts, Puct, RandomBot, Rollout,
    hint, move_features, playout, uniform_playout,
};
pub use color::{Color, ColorSet};
pub use config::{Config, EndRule, Scoring, Variant};
pub use error::{
    ConfigError, IllegalMove, ParseBoardError, ParseMoveError, ParsePieceError, SetupError,
};
pub use game::{Event, Game, PieceSet, Status};
pub use moves::{Move, Points, format_moves, parse_moves};
pub use piece::{Orientation, Piece, Placement};
pub use plateau_grid::random::{self, SeededRng};
pub use plateau_grid::{Bot, Outcome, Play, PlayAllError, Pos, Seat, SeatSet, Shape, Size};
pub use rand::{Rng, SeedableRng};

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
