//! `tetris placements`, `bench` (the bot's strength and speed, on the toolkit's match
//! runner) and `rules`.

use std::io::{self, Write};
use std::time::Instant;

use plateau::CliResult;
use plateau::demo::tetris::capped;
use plateau::matches::{Entrant, Match};
use plateau_tetris::{Board, Field, Game, Heuristic, Piece, Play, Rules, Tetromino, format_steps};

/// Games the bench plays unless told otherwise.
pub const BENCH_GAMES: u64 = 10;
/// Pieces a bench game plays at most unless told otherwise.
pub const BENCH_PIECES: u64 = 50_000;

// ---------------------------------------------------------------------------------------------
// placements

/// The longest board text accepted (a 60-row board is under 1 KB).
const MAX_BOARD_TEXT: usize = 64 * 1024;

/// `placements`: every final placement of `piece` on the board read from standard input.
pub fn placements(rules: &Rules, piece: Piece) -> CliResult {
    let text = plateau::read_stdin(MAX_BOARD_TEXT)?;
    if text.trim().is_empty() {
        return Err("no board on standard input (rows of # and ., top row first)".into());
    }
    let board: Board = text.parse()?;
    if board.width() != rules.width() {
        return Err(format!(
            "the board is {} columns wide; the field is {}",
            board.width(),
            rules.width()
        )
        .into());
    }
    if board.height() > rules.total_height() {
        return Err(format!(
            "the board has {} rows; the field has {} ({} visible and a {}-row buffer)",
            board.height(),
            rules.total_height(),
            rules.visible_height(),
            rules.buffer_height()
        )
        .into());
    }
    let game = Game::from_board(rules.clone(), &board, 0)?;
    let spawn = rules.spawn(piece);
    let field = *game.board().field();
    let system = rules.rotation_system();
    let found = field.placements(system, spawn);
    let mut out = io::stdout().lock();
    writeln!(out, "{}", found.len())?;
    for t in found {
        // The game's own piece may differ: paths and T-spins come from a game whose falling
        // piece is `piece` (a one-piece field search does not know T-spins).
        let cells: Vec<String> = Field::cells(system, t)
            .iter()
            .map(|(x, y)| format!("({x},{y})"))
            .collect();
        let (path, spin) = describe(rules, &board, piece, t);
        writeln!(out, "{t} {} path {path}{spin}", cells.join(" "))?;
    }
    Ok(())
}

/// The input path to `t` and its T-spin, from a game whose falling piece is `piece`.
fn describe(rules: &Rules, board: &Board, piece: Piece, t: Tetromino) -> (String, String) {
    // Find a seed whose first piece is `piece` (a handful of tries under the 7-bag).
    for seed in 0..1000 {
        let Ok(game) = Game::from_board(rules.clone(), board, seed) else {
            break;
        };
        if game.active().map(|a| a.piece) != Some(piece) {
            continue;
        }
        let p = plateau_tetris::Placement::new(t);
        let path = game
            .path(p)
            .map_or_else(|| "?".into(), |s| format_steps(&s));
        let mut copy = game.clone();
        let spin = match copy.play(p).ok().and_then(|e| e.locked()) {
            Some((_, plateau_tetris::TSpin::Full)) => " T-spin".to_string(),
            Some((_, plateau_tetris::TSpin::Mini)) => " T-spin-mini".to_string(),
            _ => String::new(),
        };
        return (if path.is_empty() { "-".into() } else { path }, spin);
    }
    ("?".into(), String::new())
}

// ---------------------------------------------------------------------------------------------
// bench

/// What the bench keeps of each game beside the runner's record (its tally): lines, then
/// the time of the first and of the last placement in nanoseconds from the bench's start.
const LINES: usize = 0;
const FIRST: usize = 1;
const LAST: usize = 2;

/// `bench`: `games` games of the heuristic bot from `seed`, each capped at `pieces`.
pub fn bench(rules: &Rules, games: u64, pieces: u64, seed: u64, threads: Option<u32>) -> CliResult {
    let title = format!(
        "{} Tetris, the heuristic bot, at most {pieces} pieces a game (won: the cap reached without topping out)",
        rules.short_text()
    );
    let epoch = Instant::now();
    let new_rules = rules.clone();
    let runner = Match::new(title, move |seed| Game::new(new_rules.clone(), seed))
        .entrant(Entrant::new(
            "heuristic",
            |_| Box::new(Heuristic::default()),
        ))
        .games(games)
        .seed(seed)
        .threads(threads.map(|t| t as usize))
        .max_plies(pieces.saturating_mul(2))
        .until("games", move |g: &Game| capped(g, pieces))
        .tally(move |g: &Game, _, tally: &mut Vec<u64>| {
            let now = u64::try_from(epoch.elapsed().as_nanos()).unwrap_or(u64::MAX);
            if tally.is_empty() {
                *tally = vec![0, now, now];
            }
            tally[LINES] = u64::from(g.lines());
            tally[LAST] = now;
        });
    let mut out = io::stdout();
    let report = runner.run(&mut out)?;
    let n = report.records.len();
    if n == 0 {
        return Ok(());
    }
    let reached = report
        .records
        .iter()
        .filter(|r| {
            r.outcome
                .is_some_and(|o| o.has_won(plateau_tetris::Seat::FIRST))
        })
        .count();
    let lines: u64 = report
        .records
        .iter()
        .map(|r| r.tally.get(LINES).copied().unwrap_or(0))
        .sum();
    // Pieces a second from the first placement to the last (the first decision is not
    // timed: a game of one piece has no speed).
    let mut pps: Vec<f64> = report
        .records
        .iter()
        .filter(|r| r.plies > 1 && r.tally.len() > LAST)
        .map(|r| {
            let nanos = r.tally[LAST].saturating_sub(r.tally[FIRST]).max(1);
            (r.plies - 1) as f64 * 1e9 / nanos as f64
        })
        .collect();
    pps.sort_by(f64::total_cmp);
    let total: u64 = report.records.iter().map(|r| r.plies).sum();
    write!(
        out,
        "{reached} of {n} games reached {pieces} pieces without topping out; mean lines {:.1}; ",
        lines as f64 / n as f64
    )?;
    if pps.is_empty() {
        writeln!(out, "no game long enough to time")?;
    } else {
        writeln!(
            out,
            "pieces/s per game min {:.0} median {:.0} max {:.0}; {total} pieces in {:.2} s",
            pps[0],
            pps[pps.len() / 2],
            pps[pps.len() - 1],
            report.elapsed.as_secs_f64()
        )?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// rules

/// `rules`: the rules in force, short then in full.
pub fn rules(rules: &Rules) -> CliResult {
    let mut out = io::stdout().lock();
    writeln!(out, "{}", rules.short_text())?;
    writeln!(out, "{rules}")?;
    Ok(())
}
