//! Blokus in the terminal: play Duo or Classic against bots or each other, watch bots
//! play, count perft, match bots, or serve the engine over GTP (Pentobi's Blokus dialect).
//!
//! ```text
//! cargo run --release --example blokus                          # you (blue) against the tree search
//! cargo run --release --example blokus -- --players human,human # two players at one terminal
//! cargo run --release --example blokus -- --variant classic --bot greedy --scoring original
//! cargo run --release --example blokus -- --demo --seed 7       # bot against bot, final board
//! cargo run --release --example blokus -- perft --depth 3
//! cargo run --release --example blokus -- match --bots mcts,greedy --games 200 --playouts 10000
//! cargo run --release --example blokus -- gtp --level 10000     # a GTP engine on stdin/stdout
//! cargo run --release --example blokus -- learn games.blksgf    # fit the learned knowledge
//! ```
//!
//! - `cli.rs`: the options (global: before or after the subcommand alike);
//! - `table.rs`: who sits where, the suggestions, the words both front ends say;
//!   `screen.rs` the full screen (rack, piece preview, mouse, bots thinking off the input
//!   thread, resize); `lines.rs` the line mode;
//! - `batch.rs`: `perft` and `match` (on the toolkit's match runner); `gtp.rs` the engine;
//!   `learn.rs` the fit of the learned move knowledge.

mod batch;
mod cli;
mod gtp;
mod learn;
mod lines;
mod screen;
mod table;

use std::io;
use std::process::ExitCode;

use clap::Parser;
use plateau::CliResult;

use crate::cli::{Cli, Command, Players, Sitter};
use crate::table::Table;

fn main() -> ExitCode {
    plateau::run("blokus", || {
        let cli = Cli::parse();
        match &cli.command {
            Some(_) if cli.game.demo => {
                Err("--demo plays a game of its own: it takes no subcommand".into())
            }
            Some(Command::Perft { depth }) => {
                refuse_seats(&cli, "perft")?;
                batch::perft(*depth, cli.table.config(None)?)
            }
            Some(Command::Match {
                games,
                summary,
                threads,
            }) => batch::run_match(&cli, *games, *summary, *threads),
            Some(Command::Gtp {
                level,
                time,
                search,
                threads,
            }) => {
                refuse_seats(&cli, "gtp")?;
                let search = match search {
                    cli::SearchArg::Default => gtp::Search::Default,
                    cli::SearchArg::Uct => gtp::Search::Uct,
                    cli::SearchArg::Rave => gtp::Search::Rave,
                    cli::SearchArg::Classic => gtp::Search::Classic,
                };
                gtp::serve(
                    cli::Playouts(*level),
                    cli.game.seed.unwrap_or(0),
                    cli.table.config(None)?,
                    *time,
                    search,
                    *threads,
                )
            }
            Some(Command::Learn { file, iterations }) => {
                refuse_seats(&cli, "learn")?;
                learn::run(file, *iterations)
            }
            None if cli.game.demo => demo(&cli),
            None => play(&cli),
        }
    })
}

/// `perft` and `gtp` seat nobody.
fn refuse_seats(cli: &Cli, what: &str) -> CliResult {
    let t = &cli.table;
    if t.players.is_some() || t.bot.is_some() || t.bots.is_some() {
        return Err(
            format!("{what} seats no players: --players, --bot and --bots do not apply").into(),
        );
    }
    Ok(())
}

/// `--demo`: the tree search against greedy bots.
fn demo(cli: &Cli) -> CliResult {
    let t = &cli.table;
    if t.bot.is_some() || t.bots.is_some() || matches!(t.players, Some(Players::Seats(_))) {
        return Err(
            "--demo seats its own bots (the tree search, then greedy): give --players a number"
                .into(),
        );
    }
    let config = t.config(t.player_count())?;
    plateau::demo::blokus::run_with(config, cli.game.seed(), &mut io::stdout().lock())?;
    Ok(())
}

/// Play at the table: full screen on a terminal, the line mode otherwise.
fn play(cli: &Cli) -> CliResult {
    let t = &cli.table;
    if t.bots.is_some() {
        return Err(
            "--bots is for match; at the table list the seats with --players, e.g. \
             --players human,greedy"
                .into(),
        );
    }
    let bot = t.bot.unwrap_or(cli::BotName::Mcts);
    let sitters = if let Some(Players::Seats(seats)) = &t.players {
        if t.bot.is_some() {
            return Err(
                "--bot fills the seats of --players N; a list of seats names each bot".into(),
            );
        }
        seats.clone()
    } else {
        let n = t.player_count().unwrap_or(t.variant.variant().colors());
        let mut s = vec![Sitter::Human];
        s.resize(n, Sitter::Bot(bot));
        s
    };
    if !sitters.contains(&Sitter::Human) {
        return Err(
            "no human at the table (--players lists no `human`): --demo watches bots".into(),
        );
    }
    let table = Table {
        config: t.config(Some(sitters.len()))?,
        seed: cli.game.seed(),
        sitters,
        playouts: cli::Playouts(t.playouts),
    };
    if plateau::interactive() {
        screen::play(&table)
    } else {
        lines::play(&table)
    }
}
