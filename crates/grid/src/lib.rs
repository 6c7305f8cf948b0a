//! # plateau-grid
//!
//! The shared toolbox of the Plateau game engines: positions and directions, a dense
//! [`Grid<T>`], a packed [`BitGrid`] with bitboard flood fill, scanline [`flood_fill`] on any
//! grid, connected-region labelling ([`Regions`]), polyomino [`Shape`]s, and the
//! platform-independent random draws every seeded game uses ([`random`]).
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
//! - `serde`: `Serialize`/`Deserialize` for positions, directions, grids and shapes.

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]

extern crate alloc;

mod bitgrid;
mod cellset;
mod error;
mod fill;
mod grid;
mod packed;
mod pos;
pub mod random;
mod regions;
mod runs;
mod shape;
mod text;

pub use bitgrid::{BitGrid, Iter as BitGridIter, MAX_BIT_WIDTH};
pub use cellset::CellSet;
pub use error::{GridError, ParseGridError};
pub use fill::flood_fill;
pub use grid::Grid;
pub use pos::{Connectivity, Dir, Pos};
pub use regions::{RegionId, Regions};
pub use shape::{MAX_SHAPE_SIDE, Orientations, Shape, ShapeError};

// The README's examples run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
