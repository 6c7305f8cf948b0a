//! Tetris in the terminal: play in real time, watch the bot, count placements, measure the bot.
//!
//! ```text
//! cargo run --release --example tetris                            # play (Guideline rules)
//! cargo run --release --example tetris -- --rules calculator --level 20 --seed 7
//! cargo run --release --example tetris -- --rules classic --preview 3 --hold yes
//! cargo run --release --example tetris -- --demo --pieces 5000    # the bot plays, no terminal
//! printf '..........\n#########.\n' | cargo run --release --example tetris -- placements --piece T
//! cargo run --release --example tetris -- bench --games 10 --pieces 50000 --seed 1
//! cargo run --release --example tetris -- rules --rules calculator # the rules' text form
//! cargo run --release --example tetris -- scores                  # the best scores kept
//! ```
//!
//! Keys: arrows move (down: soft drop), up or x rotate clockwise, z counter-clockwise, space
//! hard drop, c hold, p pause, g the help grid, h the bot's placement, q quit; n or Enter after
//! a game over.
//!
//! - `cli.rs`: the options (global: before or after the subcommand alike) and the rules they
//!   build through the library's text form;
//! - `screen.rs`: real-time play on the full screen (size check, resize, new game, scores);
//! - `lines.rs`: the line mode (steps or placements a line);
//! - `batch.rs`: `placements`, `bench` (on the toolkit's match runner), `rules`;
//! - `scores.rs`: the high-score table of each rule set (the toolkit's records).

mod batch;
mod cli;
mod lines;
mod scores;
mod screen;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use plateau::CliResult;
use plateau::demo::tetris::{DEFAULT_PIECES, run_with};

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    plateau::run("tetris", || {
        let cli = Cli::parse();
        let rules = cli.rules_or_exit();
        if cli.game.demo && cli.command.is_some() {
            return Err("--demo plays a game of its own: it takes no subcommand".into());
        }
        let bench_only = [
            (cli.games.is_some(), "--games"),
            (cli.threads.is_some(), "--threads"),
        ];
        if !matches!(cli.command, Some(Command::Bench))
            && let Some((_, flag)) = bench_only.iter().find(|(given, _)| *given)
        {
            return Err(format!("{flag} is for bench").into());
        }
        match &cli.command {
            Some(Command::Placements { .. } | Command::Rules | Command::Scores)
                if cli.pieces.is_some() =>
            {
                Err("--pieces is for --demo and bench".into())
            }
            Some(Command::Placements { piece }) => batch::placements(&rules, *piece),
            Some(Command::Bench) => batch::bench(
                &rules,
                cli.games.unwrap_or(batch::BENCH_GAMES),
                cli.pieces.unwrap_or(batch::BENCH_PIECES),
                cli.game.seed(),
                cli.threads,
            ),
            Some(Command::Rules) => batch::rules(&rules),
            Some(Command::Scores) => scores::print(cli.rules.given().then_some(&rules)),
            None if cli.game.demo => demo(&cli, rules),
            None if cli.pieces.is_some() => Err(
                "--pieces is for --demo and bench: a game you play ends when it tops out".into(),
            ),
            None => {
                let seed = cli.game.seed();
                if plateau::interactive() {
                    screen::play(&rules, seed)
                } else {
                    lines::play(&rules, seed)
                }
            }
        }
    })
}

/// `--demo`: the bot plays up to `--pieces` pieces; a seed is drawn and printed unless given.
fn demo(cli: &Cli, rules: plateau_tetris::Rules) -> CliResult {
    let seed = cli.game.seed();
    let pieces = cli.pieces.unwrap_or(DEFAULT_PIECES);
    // A long run shows its progress on a terminal (stderr; hidden otherwise).
    let bar = plateau::progress::bar(pieces, "pieces");
    let report = |n: u64| bar.set_position(n);
    run_with(rules, seed, pieces, &mut io::stdout().lock(), Some(&report))?;
    bar.finish_and_clear();
    Ok(())
}
