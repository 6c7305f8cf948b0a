//! Minesweeper in the terminal: play, watch the solver, measure it, compute probabilities.
//!
//! ```text
//! cargo run --release --example minesweeper                          # the calculator board
//! cargo run --release --example minesweeper -- --level expert --first-click opening
//! cargo run --release --example minesweeper -- --width 20 --height 12 --density 20 --seed 7
//! cargo run --release --example minesweeper -- --demo                # the solver plays
//! cargo run --release --example minesweeper -- stats --level expert --first-click safe --games 10000
//! printf '1xx\nxxx\nxxx\n' | cargo run --release --example minesweeper -- probabilities --mines 2
//! printf '*..\n...\n..*\n' | cargo run --release --example minesweeper -- metrics
//! ```
//!
//! - `cli.rs`: the options (the board's and `--seed` global: before or after the
//!   subcommand alike);
//! - `play.rs`: what both front ends say (hints and their risk, the end, the clock);
//!   `screen.rs` the full screen; `lines.rs` the line mode;
//! - `batch.rs`: `stats`, `probabilities` and `metrics`.

mod batch;
mod cli;
mod lines;
mod play;
mod screen;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use plateau::CliResult;
use plateau_minesweeper::Level;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    plateau::run("minesweeper", || {
        let cli = Cli::parse();
        match &cli.command {
            Some(_) if cli.game.demo => {
                Err("--demo plays a game of its own: it takes no subcommand".into())
            }
            Some(command) => batch(&cli, command),
            None if cli.game.demo => demo(&cli),
            None => {
                let config = cli.board.config(Level::Calculator)?;
                let seed = cli.game.seed();
                if plateau::interactive() {
                    screen::play(config, seed)
                } else {
                    lines::play(config, seed)
                }
            }
        }
    })
}

/// `--demo`: the solver plays a game (Expert unless the board options say otherwise).
fn demo(cli: &Cli) -> CliResult {
    // The board is checked before a seed is drawn (and printed).
    let config = if cli.board.is_default() {
        None
    } else {
        Some(cli.board.config(Level::Calculator)?)
    };
    let seed = cli.game.seed();
    let mut out = io::stdout().lock();
    match config {
        // The tour's demo: Expert.
        None => plateau::demo::minesweeper::run(seed, &mut out)?,
        Some(config) => plateau::demo::minesweeper::run_with(config, seed, &mut out)?,
    }
    Ok(())
}

/// Refuses the board options a command does not read (it takes its board from its input).
fn refuse(given: &[&str], allowed: &[&str], command: &str, why: &str) -> CliResult {
    match given.iter().find(|f| !allowed.contains(f)) {
        Some(flag) => Err(format!("{flag} does not apply to {command} ({why})").into()),
        None => Ok(()),
    }
}

/// `stats`, `probabilities` and `metrics`.
fn batch(cli: &Cli, command: &Command) -> CliResult {
    let given = cli.board.given();
    match command {
        Command::Stats {
            games,
            click,
            guess,
            threads,
            summary,
        } => {
            refuse(
                &given,
                &[
                    "--level",
                    "--width",
                    "--height",
                    "--size",
                    "--mines",
                    "--density",
                    "--first-click",
                ],
                "stats",
                "the solver never puts question marks",
            )?;
            batch::Stats {
                config: cli.board.config(Level::Expert)?,
                games: *games,
                seed: cli.game.seed.unwrap_or(0),
                click: *click,
                guess: *guess,
                threads: *threads,
                summary: *summary,
            }
            .run()
        }
        Command::Probabilities { grid, max_nodes } => {
            refuse(
                &given,
                &["--mines"],
                "probabilities",
                "the view read gives the board; --mines the total",
            )?;
            let Some(mines) = cli.board.mines else {
                return Err(
                    "probabilities needs --mines N, the number of mines on the whole board".into(),
                );
            };
            batch::probabilities(mines, *grid, *max_nodes)
        }
        Command::Metrics => {
            refuse(&given, &[], "metrics", "the board read gives everything")?;
            batch::metrics()
        }
    }
}
