//! # plateau-taquin
//!
//! The sliding-tile puzzle (the 15-puzzle and its cousins, any `W x H` from 2 x 2 to
//! 16 x 16): rules, solvability, seeded scrambles, and three solvers.
//!
//! - [`Board`]: tiles `1..W*H` and the blank `0`; the goal is row-major order with the blank
//!   at the bottom-right. Slide with [`Board::play`] or click a cell with [`Board::click`].
//! - [`Move`]: `U`, `D`, `L`, `R`, **naming the direction the tile moves** (the blank goes
//!   the other way).
//! - [`solve_optimal`]: IDA* with Manhattan distance plus linear conflicts, any size.
//! - [`PatternDatabase`]: additive 6-6-3 pattern databases with the mirror lookup, an optimal
//!   4 x 4 solver (Korf's 100 instances in seconds).
//! - [`solve_fast`]: reduction to a 3 x 3 corner, any solvable board up to 16 x 16 in
//!   milliseconds, not optimal.
//!
//! ```
//! use plateau_taquin::{Board, Move, solve_optimal};
//!
//! let mut board = Board::scrambled(3, 3, 2026)?;
//! let solution = solve_optimal(&board)?;
//! board.play_all(&solution.moves)?;
//! assert!(board.is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//! - `std` (default): `std::error::Error` impls and file save/load of pattern databases;
//!   without it the crate is `#![no_std]` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Move`] and [`Board`] (as its text form, read
//!   back through the validating parser).

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
// Until this crate is brought to the template (issue 9): pedantic lints not yet fixed.
#![allow(clippy::pedantic)]

extern crate alloc;

mod board;
mod error;
mod moves;
mod pdb;
mod reduce;
mod scramble;
mod solver;

pub use board::{Board, MAX_SIDE, MIN_SIDE, Slide};
pub use error::{
    BoardError, IllegalMove, ParseBoardError, ParseMoveError, PatternError, SolveError,
};
pub use moves::{Move, format_moves, parse_moves};
pub use pdb::{DEFAULT_PARTITION, MAX_GROUP, PatternDatabase};
pub use reduce::solve_fast;
pub use solver::{Solution, manhattan_linear_conflict, solve_optimal, solve_optimal_limited};
