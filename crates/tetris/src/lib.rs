//! # plateau-tetris
//!
//! A deterministic Tetris engine that a real-time front end, a replay system and a bot can
//! all drive. It follows the Tetris Guideline by default — SRS with its wall kicks, the 7-bag,
//! hold, a next queue, ghost piece, lock delay with move resets, DAS/ARR, Guideline scoring
//! with T-spins, back-to-back, combos and perfect clears — and also plays the classic (NES)
//! rules and the calculator version's (levels to 99, score capped at 999,999). Time is
//! discrete (60 ticks per second) and integer only, so a game is a pure function of its
//! [`Rules`], its seed and its inputs.
//!
//! - [`Rules`]: presets [`Rules::guideline`] (the default), [`Rules::classic`],
//!   [`Rules::calculator`], and checked setters; [`RotationSystem`], [`Randomizer`],
//!   [`Gravity`] curves in fixed point, [`Lock`], [`Scoring`].
//! - [`Game`]: real time ([`Game::tick`] with the [`Buttons`] held, returning [`Events`]),
//!   turn by turn ([`Game::step`]), or by final placements for bots: the workspace's play
//!   contract [`Play`] ([`Play::legal_moves`], [`Play::play`], one seat, an [`Outcome`] at
//!   the top-out) and [`Game::path`]; [`Game::replay`] and [`Replay`] reproduce it exactly.
//! - [`Board`] (cells and colours, with a text form) over [`Field`] (one bitmask per row, for
//!   collision tests and search; [`Field::fits`] for one position, [`Field::fit_map`] for
//!   every position of a piece state at once, [`Field::placements`]).
//! - [`bot`]: what a bot sees ([`View`]) and the [`Heuristic`] bot (Dellacherie / El-Tetris
//!   features, hold and the first next piece), a [`Bot`] of the play contract; [`hint`].
//!
//! ## Coordinates
//!
//! Columns `x` count from 0 at the left and **rows `y` count from 0 at the bottom**: pieces
//! fall towards row 0. The standard field has rows 0-19 visible and a 20-row buffer above;
//! under SRS every piece spawns with its pivot at column 4, row 20 (the first row above the
//! visible field), facing north. This is the one place in the workspace where rows grow
//! upwards; every position, tetromino and [`Rows`] set of this crate uses it, and text forms
//! still print the top row first.
//!
//! ```
//! use plateau_tetris::{Bot, Buttons, Event, Game, Heuristic, Play, Rules, Status, Seat};
//!
//! // Real time: hold left for half a second, then hard drop.
//! let mut game = Game::new(Rules::guideline(), 2026);
//! let first = game.active().expect("a piece is falling");
//! for _ in 0..30 {
//!     game.tick(Buttons::LEFT);
//! }
//! let events = game.tick(Buttons::HARD_DROP);
//! let (locked, _) = events.locked().expect("the hard drop locked it");
//! assert_eq!(locked.piece, first.piece);
//! assert!(events.iter().any(|e| matches!(e, Event::Spawned { .. })));
//!
//! // Placements: the bot plays 100 pieces.
//! let mut bot = Heuristic::default();
//! for _ in 0..100 {
//!     let p = bot.choose(game.view(Seat::FIRST)).expect("the game goes on");
//!     game.play(p)?;
//! }
//! assert_eq!(game.status(), Status::InProgress);
//!
//! // Replays reproduce the game exactly.
//! assert_eq!(game.replay().run()?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//! - `std` (default): `std::error::Error` for the error types; without it the crate is
//!   `#![no_std]` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for pieces, tetrominoes, moves, buttons, events
//!   ([`Event`], and [`Events`] as a list of them), [`Gravity`], [`SoftDrop`], [`Speed`],
//!   [`Rules`] (as its text), [`Board`] and [`Replay`] (as their text), all checked on the way
//!   in as their constructors check.

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

extern crate alloc;

mod board;
pub mod bot;
mod config;
mod error;
mod events;
mod field;
mod fit_map;
mod game;
mod gravity;
mod movegen;
mod moves;
mod piece;
mod randomizer;
mod replay;
mod rotation;
mod scoring;

pub use board::{Board, Cell};
pub use bot::{Heuristic, View, hint};
pub use config::{Lock, MAX_LEVEL, MAX_PREVIEW, Randomizer, Rules, Scoring};
pub use error::{
    BoardError, ConfigError, IllegalMove, ParseBoardError, ParseMoveError, ParseReplayError,
    ParseRulesError, ReplayError,
};
pub use events::{Event, Events, Rows, TSpin, TopOut};
pub use field::{Field, MAX_HEIGHT, MAX_WIDTH};
pub use fit_map::FitMap;
pub use game::{Game, Status};
pub use gravity::{Gravity, SoftDrop, Speed};
pub use moves::{Buttons, Placement, Step, format_moves, format_steps, parse_moves, parse_steps};
pub use piece::{Piece, Rotation, Tetromino};
pub use replay::{Entry, MAX_WAIT, Replay};
pub use rotation::RotationSystem;

pub use plateau_grid::random::{self, SeededRng};
pub use plateau_grid::{Bot, Outcome, Play, PlayAllError, Pos, Seat, SeatSet, Size};
pub use rand::{Rng, SeedableRng};

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
