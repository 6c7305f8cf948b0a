//! # plateau-grid
//!
//! The shared toolbox of the Plateau game engines: positions, sizes and directions, a dense
//! [`Grid<T>`], a packed [`BitGrid`] with bitboard flood fill, single-word boards
//! ([`WordGrid`]), scanline [`flood_fill`] on any grid, connected-region labelling
//! ([`Regions`]), polyomino [`Shape`]s, the platform-independent random draws every seeded
//! game uses ([`random`]), the text conventions of every board form ([`text`]), and the
//! play contract every game implements ([`Play`], [`Bot`], with [`Seat`], [`Outcome`],
//! [`Solution`] and [`PlayAllError`]).
//!
//! Coordinates are `(x, y)` with `x` the column and `y` the row, row 0 at the top.
//!
//! ```
//! use plateau_grid::{Connectivity, Grid, Pos, flood_fill};
//!
//! let maze: Grid<char> = "\
//! ..#.
//! .##.
//! ....".parse()?;
//! let region = flood_fill(&maze, Pos::new(0, 0), Connectivity::Four, |&c| c == '.');
//! assert_eq!(region.len(), 9);
//! assert!(region.contains(Pos::new(3, 0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//! - `std` (default): implements `std::error::Error` through `thiserror`; without it the crate
//!   is `#![no_std]` and needs only `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for positions, sizes, directions, grids, shapes,
//!   seats, outcomes and solutions.
//! - `testing`: the `testing` module, the generic checks of the play contract that every
//!   game's property tests and fuzz targets call.

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

extern crate alloc;

mod arch;
mod bitgrid;
mod cellset;
mod error;
mod fill;
mod grid;
mod packed;
mod play;
mod pos;
pub mod random;
mod regions;
mod runs;
mod shape;
mod size;
#[cfg(feature = "testing")]
pub mod testing;
pub mod text;
mod word;

pub use bitgrid::{BitGrid, Iter as BitGridIter, MAX_BIT_WIDTH};
pub use cellset::{CellSet, Iter as CellSetIter};
pub use error::{
    GridError, ParseGridError, ParsePosError, ParseSeatError, ParseSizeError, ShapeError,
};
pub use fill::flood_fill;
pub use grid::Grid;
pub use play::{Bot, MAX_SEATS, Outcome, Planner, Play, PlayAllError, Seat, SeatSet, Solution};
pub use pos::{Connectivity, Dir, Pos};
pub use regions::{RegionId, Regions};
pub use shape::{MAX_SHAPE_SIDE, Orientations, Shape};
pub use size::Size;
pub use word::WordGrid;

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
