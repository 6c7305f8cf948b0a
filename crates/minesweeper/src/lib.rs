//! # plateau-minesweeper
//!
//! Minesweeper as a reusable engine: the classic rules with the presets (beginner,
//! intermediate, expert and the calculator version that inspired the crate), four
//! first-click policies (unsafe, safe cell, opening, no-guess boards), question marks,
//! chords, the counters, a player's [`View`] kept apart from the hidden [`Board`], board
//! metrics (3BV, openings, islands), and a solver: exact mine probabilities under the global
//! mine count, deductions, and a guesser with a one-step lookahead on the win probability.
//!
//! ```
//! use plateau_minesweeper::{Config, Game, Move, Pos, Solver, Status};
//!
//! let mut game = Game::new(Config::beginner(), 2026);
//! game.play(Move::Reveal(Pos::new(4, 4)))?;
//! // The solver sees only the view and the mine count.
//! let mut solver = Solver::default();
//! let status = solver.play(&mut game);
//! assert!(matches!(status, Status::Won | Status::Lost { .. }));
//! # Ok::<(), plateau_minesweeper::IllegalMove>(())
//! ```
//!
//! ## Features
//! - `std` (default): `std::error::Error` for the error types; without it the crate is
//!   `#![no_std]` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Config`] (through its checks), [`Move`],
//!   [`Board`] and [`View`] (as their text), [`Cell`], [`Status`], [`Event`] and [`Metrics`].

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]

extern crate alloc;

mod board;
mod config;
mod error;
mod game;
mod geom;
mod metrics;
mod moves;
pub mod solver;
mod view;

pub use board::Board;
pub use config::{
    CALCULATOR_MINES, Config, Density, FirstClick, Level, MAX_CELLS, MAX_SIDE, ParseNameError,
};
pub use error::{
    ConfigError, IllegalMove, ParseBoardError, ParseMoveError, ProbabilityError, SolveError,
};
pub use game::{Event, Game, Mark, Status};
pub use metrics::Metrics;
pub use moves::{Move, format_moves, parse_moves};
pub use solver::{
    Probabilities, Solver, hint, probabilities, probabilities_limited, solve, solve_limited,
};
pub use view::{Cell, Number, View};

pub use plateau_grid::random::SeededRng;
pub use plateau_grid::{PlayAllError, Pos, Size, Solution};
pub use rand::Rng;

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
