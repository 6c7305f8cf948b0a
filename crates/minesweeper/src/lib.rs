//! # plateau-minesweeper
//!
//! Minesweeper as a reusable engine: the classic rules with the presets (beginner,
//! intermediate, expert and the calculator version that inspired the crate), four
//! first-click policies (unsafe, safe cell, opening, no-guess boards), question marks,
//! chords, the counters, a player's [`View`] kept apart from the hidden [`Board`], board
//! metrics (3BV, openings, islands), and a solver: exact mine probabilities under the global
//! mine count, deductions, and a guesser with a one-step lookahead on the win probability.
//!
//! The game implements the workspace's play contract ([`Play`], re-exported with [`Bot`],
//! [`Seat`] and [`Outcome`]); its view for a player is a [`PlayerView`], and the
//! [`Solver`] is a [`Bot`] that chooses from that view alone.
//!
//! ```
//! use plateau_minesweeper::{Bot, Config, Game, Move, Play, Pos, Solver, Status};
//!
//! let mut game = Game::new(Config::beginner(), 2026);
//! game.play(Move::Reveal(Pos::new(4, 4)))?;
//! // The solver sees only the player's view: the cells, the mine count, the counters.
//! let mut solver = Solver::default();
//! while let Some(seat) = game.to_move() {
//!     let m = solver.choose(game.view(seat)).expect("a covered cell is left");
//!     game.play(m)?;
//! }
//! assert!(matches!(game.status(), Status::Won | Status::Lost { .. }));
//! # Ok::<(), plateau_minesweeper::IllegalMove>(())
//! ```
//!
//! One dependency is enough: the random generator ([`SeededRng`], [`random::seeded`]) and
//! the [`Rng`] and [`SeedableRng`] traits are re-exported.
//!
//! ```
//! use plateau_minesweeper::{Config, Game, SeedableRng, SeededRng};
//!
//! let mut rng = SeededRng::seed_from_u64(5);
//! let a = Game::new_with_rng(Config::expert(), &mut rng);
//! let b = Game::new_with_rng(Config::expert(), &mut plateau_minesweeper::random::seeded(5));
//! assert_eq!(a.seed(), b.seed());
//! ```
//!
//! ## Features
//! - `std` (default): `std::error::Error` for the error types; without it the crate is
//!   `#![no_std]` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Config`] (through its checks), [`Move`],
//!   [`Board`] and [`View`] (as their text), [`Cell`], [`Status`], [`Event`] and [`Metrics`].

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

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
    CALCULATOR_MINES, Config, Density, FirstClick, Level, MAX_CELLS, MAX_SIDE, Marks,
    ParseNameError, Rules, Step,
};
pub use error::{
    ConfigError, IllegalMove, ParseBoardError, ParseMoveError, ProbabilityError, SolveError,
};
pub use game::{Event, Game, Mark, Status};
pub use metrics::Metrics;
pub use moves::{Move, format_moves, parse_moves};
pub use solver::{
    Probabilities, Settings, Solver, hint, probabilities, probabilities_limited, solve,
    solve_limited,
};
pub use view::{Cell, Number, PlayerView, View};

pub use plateau_grid::random::{self, SeededRng};
pub use plateau_grid::{Bot, Outcome, Play, PlayAllError, Pos, Seat, Size, Solution};
pub use rand::{Rng, SeedableRng};

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
