//! # plateau-floodit
//!
//! Flood-It: a `W x H` board of `k` colours. The flood is the region of one colour holding
//! the start cell (the top-left in the classic game); each move picks a colour for the flood,
//! which then absorbs every orthogonally adjacent cell of that colour. The board must be made
//! one colour within the move limit. The classic text engine plays 12 x 12 with 6 colours in
//! 22 moves.
//!
//! The crate has the rules ([`Config`], [`Board`], [`Game`]), and three solvers: [`greedy`],
//! [`lookahead`] and the exact, optimal [`solve`] (IDA* over the region graph), with [`hint`]
//! for the exact solver's next move.
//!
//! ```
//! use plateau_floodit::{Config, Game, Status, solve};
//!
//! let mut game = Game::new(Config::default(), 2026)?;
//! let best = solve(&game);
//! for &color in &best {
//!     game.play(color)?;
//! }
//! assert_eq!(game.status(), Status::Won { moves: best.len() as u32 });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//! - `std` (default): `std::error::Error` for the error types; without it the crate is
//!   `#![no_std]` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for [`Config`], [`Color`], [`Board`] (as its text),
//!   [`Status`] and [`Strategy`].

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
// Until this crate is brought to the template (issue 9): pedantic lints not yet fixed.
#![allow(clippy::pedantic)]

extern crate alloc;

mod board;
mod color;
mod config;
mod error;
mod game;
mod solver;

pub use board::Board;
pub use color::{Color, MAX_COLORS};
pub use config::{Config, MAX_SIZE};
pub use error::{BoardError, ConfigError, IllegalMove, ParseBoardError, ParseColorError};
pub use game::{Flood, Game, Status};
pub use solver::{Solution, Strategy, greedy, hint, lookahead, solve, solve_with_limit};

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
