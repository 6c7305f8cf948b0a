//! Flood-It in the terminal: play, watch the solver, solve boards, measure the solvers.
//!
//! ```text
//! cargo run --release --example floodit                        # play 12x12, 6 colours
//! cargo run --release --example floodit -- --size 14x14 --colors 8 --seed 7 --centre
//! cargo run --release --example floodit -- --moves 22 --symbols  # the original's limit
//! cargo run --release --example floodit -- --demo --size 21x21 # the solver plays
//! cargo run --release --example floodit -- solve --size 3x3 012120201
//! echo 012/120/201 | cargo run --release --example floodit -- solve
//! cargo run --release --example floodit -- bench --boards 1000
//! ```
//!
//! - `cli.rs`: the options (every one global: before or after the subcommand alike);
//! - `round.rs`: a game with what the solver found for its board; `screen.rs` the full
//!   screen; `lines.rs` the line mode;
//! - `batch.rs`: `solve` and `bench`.

mod batch;
mod cli;
mod lines;
mod round;
mod screen;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use plateau_floodit::{Config, Rules, Size, Solver};

use crate::batch::{DEFAULT_DEPTH, SolveOptions};
use crate::cli::{Cli, Command};

/// The game's board when none is given: the original's 12x12.
const GAME_SIZE: Size = Size {
    width: 12,
    height: 12,
};
/// bench's boards when none is given.
const BENCH_SIZE: Size = Size {
    width: 14,
    height: 14,
};
const DEFAULT_COLORS: u8 = 6;

fn main() -> ExitCode {
    plateau::run("floodit", || {
        let cli = Cli::parse();
        if cli.game.demo && cli.command.is_some() {
            return Err("--demo plays a game of its own: it takes no subcommand".into());
        }
        let o = &cli.opts;
        let colors = o.colors.unwrap_or(DEFAULT_COLORS);
        match &cli.command {
            Some(Command::Solve { boards }) => {
                cli.refuse_unused("solve")?;
                let opts = SolveOptions {
                    size: o.size,
                    colors: o.colors,
                    start: cli.start(),
                    solver: if o.fast {
                        Solver::Lookahead(o.depth.unwrap_or(DEFAULT_DEPTH))
                    } else {
                        Solver::Exact
                    },
                    max_nodes: o.max_nodes,
                };
                batch::solve_command(&opts, boards.clone())
            }
            Some(Command::Bench) => {
                cli.refuse_unused("bench")?;
                let rules = Rules::new(colors, u32::MAX)?.with_start(cli.start());
                let config = Config::new(o.size.unwrap_or(BENCH_SIZE), rules)?;
                batch::bench_command(
                    config,
                    o.boards.unwrap_or(1000),
                    cli.game.seed.unwrap_or(0),
                    o.depth.unwrap_or(DEFAULT_DEPTH),
                    o.max_nodes,
                )
            }
            None => {
                cli.refuse_unused(if cli.game.demo { "--demo" } else { "the game" })?;
                let rules = Rules::new(colors, 1)?.with_start(cli.start());
                let config = Config::new(o.size.unwrap_or(GAME_SIZE), rules)?;
                let seed = cli.game.seed();
                if cli.game.demo {
                    let deal = plateau::demo::floodit::deal(config, o.moves, seed);
                    plateau::demo::floodit::play(deal, seed, &mut io::stdout().lock())?;
                    Ok(())
                } else if plateau::interactive() {
                    screen::play(config, o.moves, seed, o.symbols)
                } else {
                    lines::play(config, o.moves, seed)
                }
            }
        }
    })
}
