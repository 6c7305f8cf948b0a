//! The Plateau games in the browser: one binding layer over the play contract.
//!
//! Every game reaches JavaScript the same way: a [`Session`] over a
//! [`plateau_grid::Play`] game keeps the state, an undo history and the move count, and
//! the `bindings!` macro exports it as a `wasm-bindgen` class with the contract's
//! operations, each in text: `legalMoves()` (the moves in their notation), `play(move)`
//! (the crate's `Event` as JSON, or a thrown [`PlayError`] saying why the crate refused
//! it), `check(move)` (why it would be refused, for previews), `undo()`, `toMove()`,
//! `status()`, `outcome()`, `winners()`, `scores()` and
//! `view(seat)` (what that seat sees, as JSON built from the crate's view). A game adds
//! only what its screen needs beyond the contract (a constructor, the taquin's click, a
//! solver's hint). No rule is written in JavaScript: the page draws what these return.
//!
//! The crate builds for the host too, where its tests run (`cargo test -p plateau-web`):
//! the exported classes are plain Rust types there.

mod blokus;
mod contract;
mod floodit;
mod japjap;
mod minesweeper;
mod taquin;
mod tetris;

pub use blokus::{Blokus, BlokusBot};
pub use contract::{PlayError, Session, WebGame};
pub use floodit::FloodIt;
pub use japjap::JapJap;
pub use minesweeper::Minesweeper;
pub use taquin::{Taquin, TaquinSolver};
pub use tetris::Tetris;
