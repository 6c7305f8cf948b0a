//! # plateau-taquin
//!
//! The sliding-tile puzzle (the 15-puzzle and its cousins, any `W x H` from 2 x 2 to
//! 16 x 16): rules, solvability, seeded scrambles, and three solvers.
//!
//! - [`Board`]: the [`Tile`]s `1..W*H` and the blank; the goal is row-major order with the
//!   blank at the bottom-right. The board implements the workspace's play contract,
//!   [`Play`]: slide with [`Play::play`] (which returns an [`Event`]), see where the game
//!   stands with [`Play::status`]; or click a cell with [`Board::click`].
//! - [`Move`]: `U`, `D`, `L`, `R`, **naming the direction the tile moves** (the blank goes
//!   the other way).
//! - [`solve`] / [`solve_limited`] / [`hint`]: IDA* with Manhattan distance plus linear
//!   conflicts, optimal, any size (with a node budget for the large ones).
//! - [`PatternDatabase`]: additive 6-6-3 pattern databases with the mirror lookup, an optimal
//!   4 x 4 solver (Korf's 100 instances in a few seconds).
//! - [`solve_fast`]: reduction to a 3 x 3 corner, any solvable board up to 16 x 16 in
//!   milliseconds, not optimal.
//! - [`solve_best`]: which of them to use, under a [`Budget`]: optimal where that is
//!   affordable, the fast solver otherwise; [`solver_bot`] plays its solutions as a
//!   [`Bot`].
//!
//! ```
//! use plateau_taquin::{Board, Play, Size, Status, solve};
//!
//! let mut board = Board::new(Size::new(3, 3), 2026)?; // uniform among solvable boards
//! let solution = solve(&board)?;                      // optimal
//! board.play_all(&solution.moves)?;
//! assert_eq!(board.status(), Status::Solved);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//! - `std` (default): `std::error::Error` impls and file save/load of pattern databases;
//!   without it the crate is `#![no_std]` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Move`], [`Tile`], [`Status`], [`Solver`] and [`Board`]
//!   (as its text form, read back through the validating parser).

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

extern crate alloc;

mod board;
mod error;
mod moves;
mod play;
mod scramble;
mod solver;
mod tile;

pub use board::{Board, Event, MAX_SIDE, MIN_SIDE, Slide, Status};
#[cfg(feature = "std")]
pub use error::PatternFileError;
pub use error::{
    BoardError, IllegalMove, ParseBoardError, ParseMoveError, ParseTileError, PartitionError,
    PatternError, SizeError, SolveError,
};
pub use moves::{Move, format_moves, parse_moves};
pub use solver::{
    Budget, MAX_GROUP, Partition, PatternDatabase, Solver, SolverBot, hint,
    manhattan_linear_conflict, solve, solve_best, solve_best_shared, solve_best_with, solve_fast,
    solve_limited, solver_bot,
};
pub use tile::Tile;

pub use plateau_grid::random::SeededRng;
pub use plateau_grid::{Bot, Outcome, Play, PlayAllError, Pos, Seat, Size, Solution};
pub use rand::{Rng, SeedableRng};

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
