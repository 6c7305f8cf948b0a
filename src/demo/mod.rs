//! The `--demo` of every game, shared by each example's `--demo` and by the tour
//! (`examples/tour.rs`): `run(seed, out)` plays a whole game with the game's bot or solver,
//! prints the final position and ends with a one-line summary.

pub mod blokus;
pub mod floodit;
pub mod grid;
pub mod japjap;
pub mod minesweeper;
pub mod taquin;
pub mod tetris;
