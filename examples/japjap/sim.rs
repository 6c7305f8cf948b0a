//! `japjap stats`, `japjap match` and `japjap rounds`: many seeded games between bots, spread
//! over the cores, with the outcome and its interval.

use std::error::Error;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use plateau_japjap::{Bot, Game, Rules, Stats, play_match, play_round};
use rayon::prelude::*;

use super::{BotName, support};

/// The bot of seat `seat` in game `game` when `names` rotate one seat per game.
fn seat_bot(names: &[BotName], seat: usize, game: u64) -> usize {
    (seat + game as usize) % names.len()
}

/// Seed of the bot in seat `seat` of the game seeded `seed` (distinct from the deal's).
pub fn bot_seed(seed: u64, seat: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seat as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

fn check_count(what: &str, n: u64) -> Result<(), Box<dyn Error>> {
    if n == 0 {
        return Err(format!("--{what} must be at least 1").into());
    }
    if n > 100_000_000 {
        return Err(format!("--{what} {n} is more than 100000000").into());
    }
    Ok(())
}

/// Most rounds one simulated game may take before it is given up (none come close).
const MAX_ROUNDS: u32 = 10_000;

pub fn stats(
    players: u8,
    games: u64,
    names: &[BotName],
    seed: u64,
    worlds: u32,
) -> support::Outcome {
    let rules = Rules::new(players)?;
    check_count("games", games)?;
    if names.len() > usize::from(players) {
        return Err(format!("{} bots for {players} players", names.len()).into());
    }
    let seats: Vec<BotName> = (0..usize::from(players))
        .map(|s| names[s % names.len()])
        .collect();
    let bar = support::progress::bar(games, "games");
    let failed = AtomicBool::new(false);
    let total = (0..games)
        .into_par_iter()
        .map(|i| -> Result<(Stats, u64), String> {
            let game_seed = seed.wrapping_add(i);
            let mut bots: Vec<Box<dyn Bot<Game> + Send>> = (0..seats.len())
                .map(|s| seats[seat_bot(&seats, s, i)].make(bot_seed(game_seed, s), worlds))
                .collect();
            let mut refs: Vec<&mut dyn Bot<Game>> = bots
                .iter_mut()
                .map(|b| b.as_mut() as &mut dyn Bot<Game>)
                .collect();
            let mut game = Game::new(rules, game_seed);
            let record = play_match(&mut game, &mut refs, MAX_ROUNDS).map_err(|e| e.to_string())?;
            let mut s = Stats::default();
            s.add_match(&record);
            bar.inc(1);
            if failed.load(Ordering::Relaxed) {
                return Err("stopped".into());
            }
            Ok((s, u64::from(!record.finished)))
        })
        .try_reduce(
            || (Stats::default(), 0),
            |(mut a, ua), (b, ub)| {
                a.merge(&b);
                Ok((a, ua + ub))
            },
        );
    bar.finish_and_clear();
    let (s, unfinished) = total?;
    let seat_list: Vec<String> = seats.iter().map(ToString::to_string).collect();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{games} games, {players} players ({}, seats rotated), seeds {seed}..{}",
        seat_list.join(","),
        seed.wrapping_add(games)
    )?;
    writeln!(out, "rounds:                  {}", s.rounds)?;
    writeln!(out, "rounds per game:         {:.2}", s.rounds_per_game())?;
    writeln!(out, "mean turns per round:    {:.2}", s.mean_turns())?;
    writeln!(
        out,
        "first-player win rate:   {}",
        percent(s.starter_wins, s.rounds)
    )?;
    writeln!(
        out,
        "call rate:               {}",
        percent(s.calls, s.rounds)
    )?;
    writeln!(
        out,
        "counter rate:            {} of calls",
        percent(s.counters, s.calls)
    )?;
    writeln!(
        out,
        "stock-exhaustion rate:   {}",
        percent(s.exhausted, s.rounds)
    )?;
    writeln!(
        out,
        "capped rounds:           {} ({} turns)",
        s.capped,
        rules.turn_limit()
    )?;
    if unfinished > 0 {
        writeln!(
            out,
            "unfinished games:        {unfinished} (over {MAX_ROUNDS} rounds)"
        )?;
    }
    Ok(())
}

/// `P% +- H%`: the share and its 95 % half-width (normal approximation).
fn interval(wins: f64, n: f64) -> String {
    let p = if n > 0.0 { wins / n } else { 0.0 };
    let h = if n > 0.0 {
        1.959_964 * (p * (1.0 - p) / n).sqrt()
    } else {
        0.0
    };
    format!("{:.1}% +- {:.1}%", 100.0 * p, 100.0 * h)
}

fn percent(a: u64, b: u64) -> String {
    interval(a as f64, b as f64)
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Games,
    Rounds,
}

/// `match` and `rounds`: whole games or single rounds, seats rotated, wins shared on ties.
pub fn tournament(
    names: &[BotName],
    count: u64,
    seed: u64,
    worlds: u32,
    unit: Unit,
) -> support::Outcome {
    let players = u8::try_from(names.len()).unwrap_or(u8::MAX);
    let rules = Rules::new(players).map_err(|_| {
        format!(
            "{} bots given: a match takes 2 to 5 (one per seat)",
            names.len()
        )
    })?;
    let what = match unit {
        Unit::Games => "games",
        Unit::Rounds => "rounds",
    };
    check_count(what, count)?;
    let k = names.len();
    let bar = support::progress::bar(count, what);
    let results = (0..count)
        .into_par_iter()
        .map(|i| -> Result<(Vec<f64>, u64), String> {
            let game_seed = seed.wrapping_add(i);
            // Seat s holds entry seat_bot(s, i) of the list.
            let mut bots: Vec<Box<dyn Bot<Game> + Send>> = (0..k)
                .map(|s| names[seat_bot(names, s, i)].make(bot_seed(game_seed, s), worlds))
                .collect();
            let mut refs: Vec<&mut dyn Bot<Game>> = bots
                .iter_mut()
                .map(|b| b.as_mut() as &mut dyn Bot<Game>)
                .collect();
            let mut game = Game::new(rules, game_seed);
            let mut credit = vec![0.0; k];
            let mut none = 0;
            match unit {
                Unit::Games => {
                    let record =
                        play_match(&mut game, &mut refs, MAX_ROUNDS).map_err(|e| e.to_string())?;
                    match record.games.first() {
                        Some(g) => {
                            let share = 1.0 / g.winners().len() as f64;
                            for p in g.winners().iter() {
                                credit[seat_bot(names, p.index(), i)] += share;
                            }
                        }
                        None => none = 1,
                    }
                }
                Unit::Rounds => {
                    let r = play_round(&mut game, &mut refs).map_err(|e| e.to_string())?;
                    match r.winner() {
                        Some(p) => credit[seat_bot(names, p.index(), i)] += 1.0,
                        None => none = 1,
                    }
                }
            }
            bar.inc(1);
            Ok((credit, none))
        })
        .try_reduce(
            || (vec![0.0; k], 0),
            |(mut a, na), (b, nb)| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                Ok((a, na + nb))
            },
        );
    bar.finish_and_clear();
    let (wins, none) = results?;
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| wins[b].total_cmp(&wins[a]).then(a.cmp(&b)));
    let mut out = io::stdout().lock();
    for i in order {
        let w = wins[i];
        let w_text = if w.fract() == 0.0 {
            format!("{w:.0}")
        } else {
            format!("{w:.1}")
        };
        writeln!(
            out,
            "{}: won {w_text} of {count} {what} ({})",
            names[i],
            interval(w, count as f64)
        )?;
    }
    if none > 0 {
        let why = match unit {
            Unit::Games => format!("unfinished after {MAX_ROUNDS} rounds"),
            Unit::Rounds => "no winner (stock exhausted or turn limit)".to_owned(),
        };
        writeln!(out, "{none} {what}: {why}")?;
    }
    Ok(())
}
