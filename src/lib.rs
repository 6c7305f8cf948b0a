//! The Plateau front ends' library: what every example of the workspace shares, so an
//! example holds only its game's code.
//!
//! - [`demo`]: the `--demo` of every game, shared with the tour.
//! - [`cli`]: the arguments every game takes (`--seed`, `--demo`), the fresh-seed rule, and
//!   `main`'s error convention (`<game>: <message>` on stderr, exit 1).
//! - [`input`]: batch inputs from the arguments or standard input, streamed line by line
//!   under a length cap, one answer line per input.
//! - [`screen`], [`keys`], [`palette`]: the full-screen terminal, the shared keys, colours.
//! - [`progress`]: a progress bar on a terminal, nothing otherwise.
//! - [`clock`]: a game's clock and the way every game writes a time.
//! - [`records`]: best results kept between runs in the user's data directory.
//! - [`line`](mod@line): one line mode for every game (what runs when stdin is not a terminal).
//! - [`matches`](mod@matches): one match runner for every game, over the play contract.
//! - [`seats`]: `--players` as a count or the sitters of each seat (hot seat).
//! - [`think`]: a bot thinking on another thread while the screen stays live.
//!
//! The engines live in `crates/`; this package is not published. Its README's code runs as
//! a doctest so the front page stays true.
#![doc = include_str!("../README.md")]

pub mod cli;
pub mod clock;
pub mod demo;
pub mod input;
pub mod keys;
pub mod line;
pub mod matches;
pub mod palette;
pub mod progress;
pub mod records;
pub mod screen;
pub mod seats;
pub mod think;

pub use cli::{CliResult, GameArgs, run};
pub use input::{batch, inputs, read_stdin};
pub use screen::{Screen, interactive};
