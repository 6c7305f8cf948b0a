//! `blokus perft` (move sequences counted depth by depth, a progress bar on a terminal)
//! and `blokus match` (seeded games between bots on the toolkit's match runner).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use plateau::CliResult;
use plateau::matches::{Entrant, Match};
use plateau_blokus::{Bot, Config, Game, Move, Play};

use crate::cli::{Cli, MatchBot, Players};

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
        .unwrap_or_else(|| vec![MatchBot::MCTS, MatchBot::GREEDY]);
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
    let playouts = crate::cli::Playouts(t.playouts);
    let mut title = format!("Blokus {}", config.variant());
    if config.players() != config.colors() {
        let _ = write!(title, " for {} players", config.players());
    }
    if t.scoring != crate::cli::ScoringArg::Official {
        title += ", original scoring";
    }
    if bots.iter().any(|b| b.uses_playouts()) {
        let _ = write!(title, ", mcts at {playouts}");
    }
    let mut m = Match::new(title, move |_seed| Game::new(config))
        .games(games)
        .seed(cli.game.seed())
        .threads(threads.map(|n| n as usize))
        .per_game_lines(!summary);
    let clocks: Vec<Arc<Clock>> = bots.iter().map(|_| Arc::default()).collect();
    for (bot, clock) in bots.into_iter().zip(&clocks) {
        let clock = Arc::clone(clock);
        m = m.entrant(Entrant::new(bot.to_string(), move |seed| {
            Box::new(Timed {
                bot: bot.make(seed, playouts),
                clock: Arc::clone(&clock),
            })
        }));
    }
    let labels = m.labels();
    let mut out = io::stdout();
    m.run(&mut out)?;
    // The time each bot thought, which the runner's lines do not say: equal-time
    // comparisons need it.
    let mut line = "# thinking per move:".to_owned();
    for (i, (label, clock)) in labels.iter().zip(&clocks).enumerate() {
        let moves = clock.moves.load(Ordering::Relaxed);
        let secs = clock.nanos.load(Ordering::Relaxed) as f64 / 1e9;
        let per_move = if moves == 0 { 0.0 } else { secs / moves as f64 };
        let longest = clock.longest.load(Ordering::Relaxed) as f64 / 1e9;
        let sep = if i == 0 { " " } else { ", " };
        let _ = write!(
            line,
            "{sep}{label} {} (longest {}, {moves} moves)",
            seconds(per_move),
            seconds(longest)
        );
    }
    writeln!(out, "{line}")?;
    Ok(())
}

/// `0.147 s`, or `0.026 ms` below a hundredth of a second.
fn seconds(s: f64) -> String {
    if s >= 0.01 {
        format!("{s:.3} s")
    } else {
        format!("{:.3} ms", s * 1e3)
    }
}

/// Wall time and moves of one entrant's bots, over all the games and threads.
#[derive(Default)]
struct Clock {
    nanos: AtomicU64,
    moves: AtomicU64,
    longest: AtomicU64,
}

/// A bot whose thinking is timed on its entrant's [`Clock`].
struct Timed {
    bot: Box<dyn Bot<Game> + Send>,
    clock: Arc<Clock>,
}

impl Bot<Game> for Timed {
    fn choose(&mut self, view: &Game) -> Option<Move> {
        let start = Instant::now();
        let m = self.bot.choose(view);
        let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.clock.nanos.fetch_add(nanos, Ordering::Relaxed);
        self.clock.moves.fetch_add(1, Ordering::Relaxed);
        self.clock.longest.fetch_max(nanos, Ordering::Relaxed);
        m
    }
}
