//! `blokus perft` (move sequences counted depth by depth, a progress bar on a terminal)
//! and `blokus match` (seeded games between bots on the toolkit's match runner).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

use plateau::CliResult;
use plateau::matches::{Entrant, Match};
use plateau_blokus::{Config, Game, Move, Play};

use crate::cli::{BotName, Cli, Players};

/// `perft`: one line per depth, from the start of `config`'s game.
pub fn perft(depth: u32, config: Config) -> CliResult {
    let mut game = Game::new(config);
    let mut out = io::stdout().lock();
    let roots = game.legal_moves();
    for d in 1..=depth {
        let start = Instant::now();
        let mut lists = vec![Vec::new(); d as usize];
        let n = if d == 1 {
            roots.len() as u64
        } else {
            // Root move by root move, so a terminal sees the work advance.
            let bar = plateau::progress::bar(roots.len() as u64, "openings");
            let mut n = 0;
            for &m in &roots {
                game.play(m)?;
                n += count(&mut game, d - 1, &mut lists);
                game.undo();
                bar.inc(1);
            }
            bar.finish_and_clear();
            n
        };
        writeln!(out, "depth {d}: {n} ({:.2?})", start.elapsed())?;
        out.flush()?;
    }
    Ok(())
}

/// Perft with one move list per level, reused.
fn count(game: &mut Game, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    let Some((list, rest)) = lists.split_first_mut() else {
        return 1;
    };
    game.legal_moves_into(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for &m in list.iter() {
        if game.play(m).is_ok() {
            n += count(game, depth - 1, rest);
            game.undo();
        }
    }
    n
}

/// `match`: the runner's header, a line per game, a line per bot.
pub fn run_match(cli: &Cli, games: u64, summary: bool, threads: Option<u32>) -> CliResult {
    let t = &cli.table;
    if t.bot.is_some() {
        return Err("--bot is the bot you play against; match takes --bots".into());
    }
    if matches!(t.players, Some(Players::Seats(_))) {
        return Err(
            "match seats bots only: give --players a number and the bots with --bots".into(),
        );
    }
    let bots = t
        .bots
        .clone()
        .unwrap_or_else(|| vec![BotName::Mcts, BotName::Greedy]);
    let config = t.config(t.player_count())?;
    if bots.len() < 2 {
        return Err("a match needs two bots or more, e.g. --bots mcts,greedy".into());
    }
    if bots.len() > config.players() {
        return Err(format!(
            "{} bots for {} seats: every bot needs a seat (Classic seats 4: --variant classic)",
            bots.len(),
            config.players()
        )
        .into());
    }
    let playouts = t.playouts;
    let mut title = format!("Blokus {}", config.variant());
    if config.players() != config.colors() {
        let _ = write!(title, " for {} players", config.players());
    }
    if t.scoring != crate::cli::ScoringArg::Official {
        title += ", original scoring";
    }
    if bots.iter().any(|b| b.uses_playouts()) {
        let _ = write!(title, ", mcts at {playouts} playouts per move");
    }
    let mut m = Match::new(title, move |_seed| Game::new(config))
        .games(games)
        .seed(cli.game.seed())
        .threads(threads.map(|n| n as usize))
        .per_game_lines(!summary);
    for bot in bots {
        m = m.entrant(Entrant::new(bot.to_string(), move |seed| {
            bot.make(seed, playouts)
        }));
    }
    m.run(&mut io::stdout())?;
    Ok(())
}
