//! The examples' toolkit now lives in the root library (`plateau`); this shim keeps the
//! `support::` paths of the examples while they move over to it.
#![allow(unused_imports)]

pub use plateau::cli::CliResult as Outcome;
pub use plateau::{
    GameArgs, Screen, batch, cli, input, inputs, interactive, keys, palette, progress, read_stdin,
    run, screen,
};
