//! Jap Jap in the terminal: play against bots or each other, watch bots, measure them.
//!
//! ```text
//! cargo run --release --example japjap                          # you (P1) against 2 search bots
//! cargo run --release --example japjap -- --players 4 --bot greedy --seed 7
//! cargo run --release --example japjap -- --players human,human,search --names Ann,Bob
//! cargo run --release --example japjap -- --score-limit 50 --min-run 3 --exhaustion reshuffle
//! cargo run --release --example japjap -- --demo                # bots play a game, log printed
//! cargo run --release --example japjap -- stats --games 1000 --bots greedy,search
//! cargo run --release --example japjap -- match --bots search,greedy --games 1000 --seed 1
//! cargo run --release --example japjap -- rounds --bots greedy,random --rounds 10000
//! ```
//!
//! - `cli.rs`: the options (every one global: before or after the subcommand alike);
//! - `table.rs`: the table both front ends show; `screen.rs` the full screen (hot seat,
//!   resize, bots thinking off the input thread); `lines.rs` the line mode;
//! - `batch.rs`: `match`, `rounds` and `stats` on the toolkit's match runner.

mod batch;
mod cli;
mod lines;
mod screen;
mod table;

use std::collections::HashSet;
use std::io;
use std::process::ExitCode;

use clap::Parser;
use plateau::CliResult;

use crate::batch::{Batch, Unit};
use crate::cli::{BotName, Cli, Command, Players, Sitter};
use crate::table::{DEFAULT_BOT, Table};

fn main() -> ExitCode {
    plateau::run("japjap", || {
        let cli = Cli::parse();
        match &cli.command {
            Some(command) => batch(&cli, command),
            None if cli.game.demo => demo(&cli),
            None => play(&cli),
        }
    })
}

/// `match`, `rounds` and `stats`.
fn batch(cli: &Cli, command: &Command) -> CliResult {
    if cli.game.demo {
        return Err("--demo plays a game of its own: it takes no subcommand".into());
    }
    if cli.table.names.is_some() {
        return Err(
            "--names names the seats of a table you play at; match, rounds and stats label \
             their bots"
                .into(),
        );
    }
    if cli.table.bot.is_some() {
        return Err(
            "--bot is the bot you play against; match, rounds and stats take --bots".into(),
        );
    }
    let bots = match (&cli.table.bots, command) {
        (Some(b), _) => b.clone(),
        (None, Command::Stats { .. }) => vec![BotName::Greedy, BotName::Greedy],
        (None, _) => return Err("name the bots with --bots, e.g. --bots search,greedy".into()),
    };
    let seats = match &cli.table.players {
        None => bots.len(),
        Some(Players::Count(n)) => *n,
        Some(Players::Seats(_)) => {
            return Err(
                "match, rounds and stats seat bots only: give --players a number and the bots \
                 with --bots"
                    .into(),
            );
        }
    };
    if bots.len() > plateau_japjap::MAX_PLAYERS {
        return Err(format!(
            "{} bots given: a table seats 2 to {}",
            bots.len(),
            plateau_japjap::MAX_PLAYERS
        )
        .into());
    }
    if bots.len() > seats {
        return Err(format!(
            "{} bots for {seats} seats: every bot needs a seat",
            bots.len()
        )
        .into());
    }
    let players = u8::try_from(seats).unwrap_or(u8::MAX);
    if players < 2 {
        return Err(format!(
            "{} bot given: a table seats 2 to 5 (give more bots, or --players N)",
            bots.len()
        )
        .into());
    }
    let rules = cli.rules.rules(players)?;
    let (count, unit, lines, threads) = match command {
        Command::Match { games, run } => (*games, Unit::Matches, !run.summary, run.threads),
        Command::Rounds { rounds, run } => (*rounds, Unit::Rounds, !run.summary, run.threads),
        Command::Stats { games, threads } => (*games, Unit::Matches, false, *threads),
    };
    let batch = Batch {
        bots,
        rules,
        count,
        seed: cli.game.seed(),
        worlds: cli.table.worlds(),
        threads,
        lines,
    };
    match command {
        Command::Stats { .. } => batch.stats(),
        _ => batch.run(unit),
    }
}

/// `--demo`: search, greedy and random bots play a game under the rules given.
fn demo(cli: &Cli) -> CliResult {
    let unused = [
        (cli.table.bot.is_some(), "--bot"),
        (cli.table.bots.is_some(), "--bots"),
        (cli.table.names.is_some(), "--names"),
        (cli.table.worlds.is_some(), "--worlds"),
    ];
    if let Some((_, flag)) = unused.iter().find(|(given, _)| *given) {
        return Err(format!(
            "{flag} does not apply to --demo (it seats its own bots: search, greedy and random \
             in turn)"
        )
        .into());
    }
    let players = match &cli.table.players {
        None => 3,
        // Parsing checked the count against the rules, so it fits their byte.
        Some(Players::Count(n)) => u8::try_from(*n)?,
        Some(Players::Seats(_)) => {
            return Err("--demo seats its own bots: give --players a number".into());
        }
    };
    let rules = cli.rules.rules(players)?;
    plateau::demo::japjap::run_with(rules, cli.game.seed(), &mut io::stdout().lock())?;
    Ok(())
}

/// Play at the table: full screen on a terminal, the line mode otherwise.
fn play(cli: &Cli) -> CliResult {
    if cli.table.bots.is_some() {
        return Err(
            "--bots is for match, rounds and stats; at the table list the seats with --players, \
             e.g. --players human,search,greedy"
                .into(),
        );
    }
    let bot = cli.table.bot.unwrap_or(DEFAULT_BOT);
    let sitters = match &cli.table.players {
        None => vec![Sitter::Human, Sitter::Bot(bot), Sitter::Bot(bot)],
        Some(Players::Count(n)) => {
            let mut s = vec![Sitter::Human];
            s.resize(*n, Sitter::Bot(bot));
            s
        }
        Some(Players::Seats(seats)) => {
            if cli.table.bot.is_some() {
                return Err(
                    "--bot fills the seats of --players N; a list of seats names each bot".into(),
                );
            }
            seats.clone()
        }
    };
    if !sitters.contains(&Sitter::Human) {
        return Err(
            "no human at the table (--players lists no `human`): --demo watches bots".into(),
        );
    }
    let names = cli.table.names.clone().unwrap_or_default();
    if names.len() > sitters.len() {
        return Err(format!("{} names for {} seats", names.len(), sitters.len()).into());
    }
    let distinct: HashSet<String> = names.iter().map(|n| n.to_lowercase()).collect();
    if distinct.len() < names.len() {
        return Err("two seats have the same name".into());
    }
    let rules = cli.rules.rules(sitters.len() as u8)?;
    let table = Table {
        rules,
        seed: cli.game.seed(),
        sitters,
        names,
    };
    if plateau::interactive() {
        screen::play(&table, cli.table.worlds())
    } else {
        lines::play(&table, cli.table.worlds())
    }
}
