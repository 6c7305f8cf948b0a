//! The taquin (15-puzzle) in the terminal: play, watch a solver, solve boards, run Korf's 100.
//!
//! ```text
//! cargo run --release --example taquin                          # play a 4 x 4
//! cargo run --release --example taquin -- --size 5x3 --seed 7
//! cargo run --release --example taquin -- --demo                # scramble, solve, print
//! cargo run --release --example taquin -- solve "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
//! echo "8 6 7 2 5 4 3 0 1" | cargo run --release --example taquin -- solve
//! cargo run --release --example taquin -- korf                  # Korf's 100, nodes and times
//! ```
//!
//! - `cli.rs`: the options (every one global: before or after the subcommand alike);
//! - `game.rs`: a game in progress (undo, clock, solver); `records.rs` the best results of
//!   each size; `screen.rs` the full screen; `lines.rs` the line mode;
//! - `batch.rs`: `solve` and `korf`.

mod batch;
mod cli;
mod game;
mod lines;
mod records;
mod screen;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use plateau_taquin::Size;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    plateau::run("taquin", || {
        let cli = Cli::parse();
        match &cli.command {
            Some(Command::Solve { boards }) => {
                if cli.game.demo {
                    return Err("--demo plays a game of its own: it takes no subcommand".into());
                }
                cli.refuse_unused("solve")?;
                batch::solve_command(&cli.opts, boards.clone())
            }
            Some(Command::Korf) => {
                if cli.game.demo {
                    return Err("--demo plays a game of its own: it takes no subcommand".into());
                }
                cli.refuse_unused("korf")?;
                batch::korf_command(&cli.opts)
            }
            None => {
                cli.refuse_unused(if cli.game.demo { "--demo" } else { "the game" })?;
                let size = cli.opts.size.unwrap_or(Size::square(4));
                let seed = cli.game.seed();
                if cli.game.demo {
                    plateau::demo::taquin::run_sized(size, seed, &mut io::stdout().lock())?;
                    Ok(())
                } else if plateau::interactive() {
                    screen::play(size, seed)
                } else {
                    lines::play(size, seed)
                }
            }
        }
    })
}
