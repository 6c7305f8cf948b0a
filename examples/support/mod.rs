//! The toolkit every game example is built on (included with `#[path]`; not an example of
//! its own), so an example holds only its game's code:
//!
//! - [`cli`]: the arguments every game takes (`--seed`, `--demo`, flattened into its clap
//!   parser), the fresh-seed rule, and `main`'s error convention (`<game>: <message>` on
//!   stderr and exit 1; clap's own errors exit 2).
//! - [`input`]: batch inputs from the arguments or standard input, streamed line by line with
//!   blank and `#` lines skipped, one answer line per input (`error: ...` for a failure).
//! - [`screen`]: the full-screen terminal guard (raw mode, alternate screen, mouse) and
//!   drawing helpers, always through crossterm (no hand-written escape codes).
//! - [`keys`]: key mapping shared by every game: arrows / WASD / vi keys, `q`, Esc and
//!   Ctrl-C quit, modifiers respected.
//! - [`palette`]: the colours of colour indices, players, numbers, pieces and suits.
//! - [`progress`]: a progress bar on a terminal, nothing otherwise.
#![allow(dead_code, unused_imports)]

pub mod cli;
pub mod input;
pub mod keys;
pub mod palette;
pub mod progress;
pub mod screen;

pub use cli::{GameArgs, Outcome, run};
pub use input::{batch, inputs, read_stdin};
pub use screen::{Screen, interactive};
