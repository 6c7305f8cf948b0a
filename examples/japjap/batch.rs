//! `japjap match`, `rounds` and `stats`: many seeded matches or rounds between bots on the
//! toolkit's match runner (parallel, seats rotated, streamed in order, Wilson intervals),
//! and the game's own statistics from the records it returns.

use std::io::{self, Write};

use plateau::CliResult;
use plateau::demo::japjap::rules_summary;
use plateau::matches::{Entrant, GameRecord, Match, wilson};
use plateau_japjap::{Game, RoundResult, Rules, Stats};

use crate::cli::BotName;

/// What a batch command plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Whole matches (`match`, `stats`).
    Matches,
    /// Single rounds (`rounds`).
    Rounds,
}

/// One batch run: the bots entered, the rules (their player count is the table's), how
/// many, from which seed.
#[derive(Debug, Clone)]
pub struct Batch {
    pub bots: Vec<BotName>,
    pub rules: Rules,
    pub count: u64,
    pub seed: u64,
    pub worlds: u32,
    pub threads: Option<u32>,
    pub lines: bool,
}

/// Rounds' results never come near this many moves in one match (a safety net: under
/// rules whose rounds can score nothing a match could in principle go on for ever).
const MAX_PLIES: u64 = 10_000_000;

impl Batch {
    fn runner(&self, unit: Unit) -> Match<Game> {
        let rules = self.rules;
        let title = format!(
            "Jap Jap, {} players, {}",
            rules.players(),
            rules_summary(&rules)
        );
        let mut m = Match::new(title, move |seed| Game::new(rules, seed))
            .games(self.count)
            .seed(self.seed)
            .threads(self.threads.map(|t| t as usize))
            .max_plies(MAX_PLIES)
            .per_game_lines(self.lines);
        for &bot in &self.bots {
            let worlds = self.worlds;
            m = m.entrant(Entrant::new(bot.to_string(), move |seed| {
                bot.make(seed, worlds)
            }));
        }
        match unit {
            Unit::Matches => m,
            Unit::Rounds => m.until("rounds", |g: &Game| {
                g.last_round().map(RoundResult::outcome)
            }),
        }
    }

    /// `match` and `rounds`: the runner's output, as it goes.
    pub fn run(&self, unit: Unit) -> CliResult {
        let mut out = io::stdout();
        self.runner(unit).run(&mut out)?;
        Ok(())
    }

    /// `stats`: the runner's summary, then the rounds' and games' statistics.
    pub fn stats(&self) -> CliResult {
        let runner = self.runner(Unit::Matches).tally(|_, event, tally| {
            let mut s = Stats::default();
            if let Some(r) = &event.round {
                s.add_round(r);
            }
            if let Some(g) = &event.game {
                s.add_game(g);
            }
            add(tally, &s);
        });
        let mut out = io::stdout();
        let report = runner.run(&mut out)?;
        print_stats(&mut out, &report.records, &self.rules)?;
        Ok(())
    }
}

/// The counts of [`Stats`], in a fixed order, so a match tally can carry them.
fn counts(s: &Stats) -> [u64; 9] {
    [
        s.rounds,
        s.turns,
        s.calls,
        s.counters,
        s.exhausted,
        s.capped,
        s.starter_wins,
        s.games,
        s.game_rounds,
    ]
}

fn add(tally: &mut Vec<u64>, s: &Stats) {
    let c = counts(s);
    tally.resize(c.len(), 0);
    for (t, v) in tally.iter_mut().zip(c) {
        *t += v;
    }
}

/// The [`Stats`] a tally holds.
fn from_tally(t: &[u64]) -> Stats {
    let at = |i: usize| t.get(i).copied().unwrap_or(0);
    Stats {
        rounds: at(0),
        turns: at(1),
        calls: at(2),
        counters: at(3),
        exhausted: at(4),
        capped: at(5),
        starter_wins: at(6),
        games: at(7),
        game_rounds: at(8),
    }
}

/// `52.6 % (95 % interval 51.6 to 53.6 %)`.
fn rate(k: u64, n: u64) -> String {
    if n == 0 {
        return "none to count".to_owned();
    }
    let (lo, hi) = wilson(k as f64, n as f64);
    format!(
        "{:.1} % (95 % interval {:.1} to {:.1} %)",
        100.0 * k as f64 / n as f64,
        100.0 * lo,
        100.0 * hi
    )
}

fn print_stats(out: &mut dyn Write, records: &[GameRecord], rules: &Rules) -> io::Result<()> {
    let mut s = Stats::default();
    for r in records {
        s.merge(&from_tally(&r.tally));
    }
    let unfinished = records.iter().filter(|r| r.outcome.is_none()).count();
    writeln!(out, "rounds:                  {}", s.rounds)?;
    writeln!(out, "rounds per game:         {:.2}", s.rounds_per_game())?;
    writeln!(out, "mean turns per round:    {:.2}", s.mean_turns())?;
    writeln!(
        out,
        "first-player win rate:   {}",
        rate(s.starter_wins, s.rounds)
    )?;
    writeln!(out, "call rate:               {}", rate(s.calls, s.rounds))?;
    writeln!(
        out,
        "counter rate:            {} of calls",
        rate(s.counters, s.calls)
    )?;
    writeln!(
        out,
        "stock-exhaustion rate:   {}",
        rate(s.exhausted, s.rounds)
    )?;
    writeln!(
        out,
        "capped rounds:           {} (at {} turns)",
        s.capped,
        rules.turn_limit()
    )?;
    if unfinished > 0 {
        writeln!(
            out,
            "unfinished matches:      {unfinished} (over {MAX_PLIES} moves)"
        )?;
    }
    out.flush()
}
