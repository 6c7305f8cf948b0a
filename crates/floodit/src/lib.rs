//! # plateau-floodit
//!
//! Flood-It: a `W x H` board of `k` colours. The flood is the region of one colour holding
//! the start cell (the top-left in the classic game); each move picks a colour for the flood,
//! which then absorbs every orthogonally adjacent cell of that colour. The board must be made
//! one colour within the move limit. The classic text engine plays 12 x 12 with 6 colours in
//! 22 moves.
//!
//! The crate has the rules ([`Rules`], [`Config`], [`Board`], [`Game`], which implements
//! the workspace's play contract [`Play`]), the move ([`Color`], with [`format_moves`] /
//! [`parse_moves`]), and three solvers: [`greedy`], [`lookahead`] and the exact, optimal
//! [`solve`] / [`solve_limited`] (IDA* over the region graph), with [`solve_best`] to pick
//! the best within a time, [`solver_bot`] to play as a [`Bot`], and [`hint`] for a front
//! end's next move. A user needs no other dependency: [`Pos`], [`Size`], [`Solution`],
//! [`PlayAllError`], the contract's [`Play`], [`Bot`], [`Outcome`] and [`Seat`], the seeded
//! generator [`SeededRng`], [`Rng`] and [`SeedableRng`] are re-exported.
//!
//! ```
//! use plateau_floodit::{Config, Game, Play, Status, format_moves, solve};
//!
//! let mut game = Game::new(Config::default(), 2026);
//! let best = solve(&game)?;
//! println!("{} moves: {}", best.len(), format_moves(&best.moves));
//! for &color in &best.moves {
//!     game.play(color)?;
//! }
//! assert_eq!(game.status(), Status::Won { moves: best.len() as u32 });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A game on a given board takes its size from the board and only the [`Rules`] beside it:
//!
//! ```
//! use plateau_floodit::{Board, Game, Play, Rules, Start, parse_moves};
//!
//! let board: Board = "0012\n1122\n2200".parse()?;
//! let mut game = Game::from_board(Rules::new(3, 5)?.with_start(Start::Centre), &board)?;
//! game.play_all(&parse_moves("102")?)?;
//! assert!(game.is_uniform());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//! - `std` (default): `std::error::Error` for the error types; without it the crate is
//!   `#![no_std]` and needs only `alloc` (no atomics: it builds for `thumbv6m-none-eabi`).
//! - `serde`: `Serialize`/`Deserialize` for [`Rules`], [`Config`] and [`Start`] (read through
//!   the same checks as their constructors), [`Color`] (as its character), [`Board`] (as its
//!   text), [`Status`] and [`Solver`].

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

extern crate alloc;

mod board;
mod config;
mod error;
mod game;
mod moves;
mod solver;

pub use board::Board;
pub use config::{Config, MAX_SIDE, Rules, Start};
pub use error::{
    BoardError, ConfigError, IllegalMove, ParseBoardError, ParseMoveError, SetupError, SolveError,
};
pub use game::{Event, Game, Status};
pub use moves::{Color, MAX_COLORS, format_moves, parse_moves};
pub use solver::{
    BATCH_MILLIS, HINT_MILLIS, PLAY_MILLIS, Solver, SolverBot, fair_limit, greedy, hint, lookahead,
    node_budget, solve, solve_best, solve_limited, solver_bot,
};

pub use plateau_grid::random::SeededRng;
pub use plateau_grid::{Bot, Outcome, Play, PlayAllError, Pos, Seat, Size, Solution};
pub use rand::{Rng, SeedableRng};

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
