//! One match runner for every game: seeded games between bots over the play contract,
//! spread over the cores, seats rotated, each result streamed in game order, and a summary
//! with 95 % Wilson intervals. It stops as soon as its output is closed (`| head`).
//!
//! ```
//! use plateau::matches::{Entrant, Match};
//! use plateau_grid::testing::{Nim, Take};
//! use plateau_grid::Bot;
//!
//! struct Takes(u32); // always takes the same number of counters, or fewer at the end
//! impl Bot<Nim> for Takes {
//!     fn choose(&mut self, view: &Nim) -> Option<Take> {
//!         Some(Take(self.0.min(view.left())))
//!     }
//! }
//!
//! let run = Match::new("Nim of 10", |_seed| Nim::new(10))
//!     .entrant(Entrant::new("threes", |_| Box::new(Takes(3))))
//!     .entrant(Entrant::new("ones", |_| Box::new(Takes(1))))
//!     .games(4)
//!     .seed(7);
//! let mut out = Vec::new();
//! let report = run.run(&mut out)?;
//! let text = String::from_utf8(out)?;
//! assert!(text.starts_with("# Nim of 10: 4 games, seeds 7..10, seats rotated; bots threes, ones\n"));
//! // 10 counters: threes first takes the last counter (3 + 1 + 3 + 1 + 2 ... ), and so on.
//! assert_eq!(report.records.len(), 4);
//! assert_eq!(report.standings.iter().map(|s| s.games).sum::<u64>(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::error::Error;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use plateau_grid::{Bot, Outcome, Play, Seat};
use rayon::prelude::*;

use crate::progress;

/// Builds one bot from its seed.
pub type MakeBot<G> = Box<dyn Fn(u64) -> Box<dyn Bot<G> + Send> + Send + Sync>;

/// One contestant: a name and how to build its bot for a game.
pub struct Entrant<G: Play> {
    name: String,
    make: MakeBot<G>,
}

impl<G: Play> Entrant<G> {
    /// An entrant called `name` whose bot for a game is `make(seed)`.
    pub fn new(
        name: impl Into<String>,
        make: impl Fn(u64) -> Box<dyn Bot<G> + Send> + Send + Sync + 'static,
    ) -> Entrant<G> {
        Entrant {
            name: name.into(),
            make: Box::new(make),
        }
    }

    /// The name given.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl<G: Play> std::fmt::Debug for Entrant<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entrant")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

type NewGame<G> = Box<dyn Fn(u64) -> G + Send + Sync>;
type Ends<G> = Box<dyn Fn(&G) -> Option<Outcome> + Send + Sync>;
type Tally<G> = Box<dyn Fn(&G, &<G as Play>::Event, &mut Vec<u64>) + Send + Sync>;

/// A series of seeded games between entrants.
///
/// Game `i` starts from `new_game(seed + i)`; at a table of `n` seats, seat `s` of game `i`
/// holds entrant `(s + i) % k` of the `k` entrants (so every entrant plays every seat in
/// turn), with its bot seeded from the game's seed and the seat. Everything is
/// deterministic: the same match prints the same lines on any number of threads.
pub struct Match<G: Play> {
    title: String,
    entrants: Vec<Entrant<G>>,
    new_game: NewGame<G>,
    ends: Option<Ends<G>>,
    tally: Option<Tally<G>>,
    unit: &'static str,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    max_plies: u64,
    per_game: bool,
}

impl<G: Play> std::fmt::Debug for Match<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Match")
            .field("title", &self.title)
            .field("entrants", &self.entrants)
            .field("games", &self.games)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// How one game of a match went.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// Index of the game in the match, from 0.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// The entrant in each seat.
    pub seats: Vec<usize>,
    /// How it ended; `None` when it did not (see `failure`).
    pub outcome: Option<Outcome>,
    /// Moves played.
    pub plies: u64,
    /// Why the game has no outcome: a bot gave up, chose a refused move, or the game ran
    /// past the ply cap.
    pub failure: Option<String>,
    /// The game's own counts, kept by [`Match::tally`] (empty without one).
    pub tally: Vec<u64>,
}

/// What one entrant achieved over a match.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The entrant's label in the output (`search#2` when a name is entered twice).
    pub label: String,
    /// Games played.
    pub games: u64,
    /// Sum of its shares of the wins (a two-seat draw is 0.5).
    pub points: f64,
    /// Games it won alone.
    pub wins: u64,
    /// Games whose first place it shared.
    pub draws: u64,
    /// Games it lost.
    pub losses: u64,
    /// Sum of its seats' scores (as the game counts them).
    pub score_sum: i64,
}

impl Standing {
    /// `points / games` with its 95 % Wilson interval.
    pub fn rate(&self) -> (f64, f64, f64) {
        let n = self.games as f64;
        if self.games == 0 {
            return (0.0, 0.0, 1.0);
        }
        let (lo, hi) = wilson(self.points, n);
        (self.points / n, lo, hi)
    }

    /// The mean score of its seats.
    pub fn mean_score(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.score_sum as f64 / self.games as f64
        }
    }
}

/// The whole match: every game in order and every entrant's standing.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Every game played, in index order.
    pub records: Vec<GameRecord>,
    /// One standing per entrant, in the order they were entered.
    pub standings: Vec<Standing>,
    /// Wall time of the match.
    pub elapsed: Duration,
}

impl<G> Match<G>
where
    G: Play + Send,
{
    /// A match of `title` (the header line names it) whose games start from
    /// `new_game(seed)`. Add entrants with [`Match::entrant`].
    pub fn new(
        title: impl Into<String>,
        new_game: impl Fn(u64) -> G + Send + Sync + 'static,
    ) -> Match<G> {
        Match {
            title: title.into(),
            entrants: Vec::new(),
            new_game: Box::new(new_game),
            ends: None,
            tally: None,
            unit: "games",
            games: 100,
            seed: 0,
            threads: None,
            max_plies: 1_000_000,
            per_game: true,
        }
    }

    /// Adds an entrant.
    #[must_use]
    pub fn entrant(mut self, e: Entrant<G>) -> Match<G> {
        self.entrants.push(e);
        self
    }

    /// Number of games (default 100).
    #[must_use]
    pub fn games(mut self, n: u64) -> Match<G> {
        self.games = n;
        self
    }

    /// Seed of game 0; game `i` is seeded `seed + i` (default 0).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Match<G> {
        self.seed = seed;
        self
    }

    /// Worker threads (default: one per core).
    #[must_use]
    pub fn threads(mut self, n: Option<usize>) -> Match<G> {
        self.threads = n;
        self
    }

    /// Moves after which a game is given up (default a million: a safety net, no game of
    /// the workspace comes near it).
    #[must_use]
    pub fn max_plies(mut self, n: u64) -> Match<G> {
        self.max_plies = n;
        self
    }

    /// Whether each game gets its own output line (default yes; a one-seat match of
    /// thousands of games prints only the summary).
    #[must_use]
    pub fn per_game_lines(mut self, on: bool) -> Match<G> {
        self.per_game = on;
        self
    }

    /// Plays each game until `ends` says how it ended instead of [`Play::outcome`] (Jap
    /// Jap's single rounds), calling what is played a `unit` in the output.
    #[must_use]
    pub fn until(
        mut self,
        unit: &'static str,
        ends: impl Fn(&G) -> Option<Outcome> + Send + Sync + 'static,
    ) -> Match<G> {
        self.unit = unit;
        self.ends = Some(Box::new(ends));
        self
    }

    /// Keeps counts of the game's own (what the summary does not say: rounds, calls...)
    /// in each game's [`GameRecord::tally`]: `count(game, event, tally)` is called after
    /// every move, the game as it is after the move, the tally empty at the start of each
    /// game. The report's records carry them, for the caller to sum and print.
    #[must_use]
    pub fn tally(
        mut self,
        count: impl Fn(&G, &G::Event, &mut Vec<u64>) + Send + Sync + 'static,
    ) -> Match<G> {
        self.tally = Some(Box::new(count));
        self
    }

    /// The title the header line names.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// What a game is called in the output (`games`, or `rounds` for single rounds).
    pub fn unit(&self) -> &'static str {
        self.unit
    }

    /// Whether each game gets its own output line.
    pub fn prints_games(&self) -> bool {
        self.per_game
    }

    /// The entrants' labels: their names, numbered `#1`, `#2`... when a name is entered
    /// more than once.
    pub fn labels(&self) -> Vec<String> {
        let names: Vec<&str> = self.entrants.iter().map(|e| e.name.as_str()).collect();
        names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                if names.iter().filter(|m| *m == n).count() > 1 {
                    let k = names[..=i].iter().filter(|m| *m == n).count();
                    format!("{n}#{k}")
                } else {
                    (*n).to_owned()
                }
            })
            .collect()
    }

    /// Plays the match, writing a header line, one line per game (in game order, as soon
    /// as every earlier game is done) and the summary to `out`. A progress bar shows on a
    /// terminal's stderr.
    ///
    /// # Errors
    /// No entrant, no game, more games than a match allows, the thread pool could not be
    /// built, or writing failed (a closed output stops the match at once: the
    /// `BrokenPipe` error comes back, which [`crate::cli::run`] ends quietly).
    pub fn run(&self, out: &mut (dyn Write + Send)) -> Result<Report, Box<dyn Error>> {
        if self.entrants.is_empty() {
            return Err("a match needs at least one bot".into());
        }
        if self.games == 0 {
            return Err(format!("a match needs at least one {}", singular(self.unit)).into());
        }
        if self.games > MAX_GAMES {
            return Err(format!("{} {} is more than {MAX_GAMES}", self.games, self.unit).into());
        }
        let labels = self.labels();
        writeln!(
            out,
            "{}",
            header_line(&self.title, self.games, self.unit, self.seed, &labels)
        )?;
        out.flush()?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()?;
        let bar = progress::bar(self.games, self.unit);
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let (tx, rx) = mpsc::channel::<GameRecord>();
        let printed = std::thread::scope(|scope| {
            let printer = scope.spawn(|| self.print_in_order(rx, &labels, out, &stop));
            // An `Err` stops rayon from handing out the games not started yet.
            let _stopped = pool.install(|| {
                (0..self.games)
                    .into_par_iter()
                    .try_for_each_with(tx, |tx, i| {
                        if stop.load(Ordering::Relaxed) {
                            return Err(());
                        }
                        let record = self.play_one(i);
                        bar.inc(1);
                        tx.send(record)
                            .map_err(|_| stop.store(true, Ordering::Relaxed))
                    })
            });
            printer.join()
        });
        bar.finish_and_clear();
        let records = printed.map_err(|_| "the result printer failed")??;
        let standings = standings(&records, &labels);
        let elapsed = start.elapsed();
        for line in summary_lines(&records, &standings, self.unit) {
            writeln!(out, "{line}")?;
        }
        writeln!(out, "# {:.1} s", elapsed.as_secs_f64())?;
        out.flush()?;
        Ok(Report {
            records,
            standings,
            elapsed,
        })
    }

    fn play_one(&self, index: u64) -> GameRecord {
        let seed = self.seed.wrapping_add(index);
        let mut game = (self.new_game)(seed);
        let k = self.entrants.len();
        let seats: Vec<usize> = (0..game.players())
            .map(|s| (s + (index % k as u64) as usize) % k)
            .collect();
        let mut bots: Vec<Box<dyn Bot<G> + Send>> = seats
            .iter()
            .enumerate()
            .map(|(s, &e)| (self.entrants[e].make)(bot_seed(seed, s)))
            .collect();
        let ends = |g: &G| self.ended(g);
        let mut tally = Vec::new();
        let count = |g: &G, _: Seat, _: G::Move, e: &G::Event| {
            if let Some(f) = &self.tally {
                f(g, e, &mut tally);
            }
        };
        let (outcome, plies, failure) =
            match play_to_end_with(&mut game, &mut bots, self.max_plies, ends, count) {
                Ok((o, plies)) => (Some(o), plies, None),
                Err(Unfinished { plies, why }) => (None, plies, Some(why)),
            };
        GameRecord {
            index,
            seed,
            seats,
            outcome,
            plies,
            failure,
            tally,
        }
    }

    fn ended(&self, game: &G) -> Option<Outcome> {
        match &self.ends {
            Some(ends) => ends(game),
            None => game.outcome(),
        }
    }

    /// Receives records in any order and writes them in index order.
    fn print_in_order(
        &self,
        rx: mpsc::Receiver<GameRecord>,
        labels: &[String],
        out: &mut (dyn Write + Send),
        stop: &AtomicBool,
    ) -> io::Result<Vec<GameRecord>> {
        let mut waiting = BTreeMap::new();
        let mut done = Vec::with_capacity(usize::try_from(self.games).unwrap_or(0));
        for record in rx {
            waiting.insert(record.index, record);
            while let Some(r) = waiting.remove(&(done.len() as u64)) {
                if self.per_game
                    && let Err(e) = writeln!(out, "{}", game_line(&r, labels, self.unit))
                        .and_then(|()| out.flush())
                {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                done.push(r);
            }
        }
        Ok(done)
    }
}

/// Every entrant's standing over `records` (in their order), the entrants labelled
/// `labels`: what [`Match::run`] reports, for records merged from several runs (matches
/// split into shards elsewhere and put back together).
pub fn standings(records: &[GameRecord], labels: &[String]) -> Vec<Standing> {
    let mut all: Vec<Standing> = labels
        .iter()
        .map(|l| Standing {
            label: l.clone(),
            games: 0,
            points: 0.0,
            wins: 0,
            draws: 0,
            losses: 0,
            score_sum: 0,
        })
        .collect();
    for r in records {
        for (s, &e) in r.seats.iter().enumerate() {
            let st = &mut all[e];
            st.games += 1;
            let (Some(o), Some(seat)) = (&r.outcome, Seat::new(s)) else {
                continue;
            };
            st.points += o.share(seat);
            st.score_sum += o.score(seat).unwrap_or(0);
            if o.winner() == Some(seat) {
                st.wins += 1;
            } else if o.has_won(seat) {
                st.draws += 1;
            } else {
                st.losses += 1;
            }
        }
    }
    all
}

/// A game that stopped without a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfinished {
    /// Moves played before it stopped.
    pub plies: u64,
    /// Why: a bot gave up or chose a refused move, no seat was to move, or the ply cap.
    pub why: String,
}

/// Plays `game` on with one bot a seat (`bots[s]` plays seat `s`) until `ends` gives its
/// outcome, at most `max_plies` moves; the outcome and the moves played. The loop every
/// front end runs: a match's games, `--demo`, the tour.
///
/// # Errors
/// [`Unfinished`] when the game stopped without an outcome.
pub fn play_to_end<G, B>(
    game: &mut G,
    bots: &mut [B],
    max_plies: u64,
    ends: impl Fn(&G) -> Option<Outcome>,
) -> Result<(Outcome, u64), Unfinished>
where
    G: Play,
    B: Bot<G>,
{
    play_to_end_with(game, bots, max_plies, ends, |_, _, _, _| {})
}

/// [`play_to_end`], calling `on_move(game, seat, move, event)` after each move is played
/// (the game as it is after the move): what a demo prints, what a match
/// [tallies](Match::tally).
///
/// # Errors
/// [`Unfinished`] when the game stopped without an outcome.
pub fn play_to_end_with<G, B>(
    game: &mut G,
    bots: &mut [B],
    max_plies: u64,
    ends: impl Fn(&G) -> Option<Outcome>,
    mut on_move: impl FnMut(&G, Seat, G::Move, &G::Event),
) -> Result<(Outcome, u64), Unfinished>
where
    G: Play,
    B: Bot<G>,
{
    let mut plies = 0;
    let stop = |plies, why: String| Err(Unfinished { plies, why });
    loop {
        if let Some(o) = ends(game) {
            return Ok((o, plies));
        }
        let Some(seat) = game.to_move() else {
            return stop(plies, "no seat to move and no result".to_owned());
        };
        if plies >= max_plies {
            return stop(plies, format!("no result after {plies} moves"));
        }
        let Some(bot) = bots.get_mut(seat.index()) else {
            return stop(plies, format!("{seat} has no bot"));
        };
        let Some(m) = bot.choose(game.view(seat)) else {
            return stop(plies, format!("the bot of {seat} gave up"));
        };
        match game.play(m) {
            Ok(event) => on_move(game, seat, m, &event),
            Err(e) => return stop(plies, format!("the bot of {seat} chose {m}, refused: {e}")),
        }
        plies += 1;
    }
}

/// Most games one match plays.
pub const MAX_GAMES: u64 = 100_000_000;

/// Seed of the bot in seat `seat` of the game seeded `seed`: distinct from the game's own
/// stream and from the other seats'.
pub fn bot_seed(seed: u64, seat: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seat as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// The Wilson score interval at 95 % for `k` successes in `n` trials (`k` may be
/// fractional: draws count a half).
pub fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// What [`Match::run`] writes for a match of `records` (every game, in index order, game 0
/// seeded `seed`) between the entrants `labels`, but its timing line: the printout of a
/// match played in shards elsewhere and put back together. `title`, `unit` and
/// `per_game` are the match's ([`Match::title`], [`Match::unit`], [`Match::prints_games`]).
pub fn printout(
    title: &str,
    unit: &str,
    seed: u64,
    labels: &[String],
    records: &[GameRecord],
    per_game: bool,
) -> String {
    let games = records.len() as u64;
    let mut text = header_line(title, games, unit, seed, labels);
    text.push('\n');
    if per_game {
        for r in records {
            text.push_str(&game_line(r, labels, unit));
            text.push('\n');
        }
    }
    for line in summary_lines(records, &standings(records, labels), unit) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// `# Blokus duo: 10 games, seeds 0..9, seats rotated; bots mcts, greedy`.
fn header_line(title: &str, games: u64, unit: &str, seed: u64, labels: &[String]) -> String {
    format!(
        "# {title}: {games} {unit}, seeds {seed}..{}, seats rotated; bots {}",
        seed.wrapping_add(games.saturating_sub(1)),
        labels.join(", ")
    )
}

/// The standings' lines and the count of games without a result.
fn summary_lines(records: &[GameRecord], standings: &[Standing], unit: &str) -> Vec<String> {
    let mut lines: Vec<String> = standings.iter().map(|s| standing_line(s, unit)).collect();
    let failed = records.iter().filter(|r| r.outcome.is_none()).count();
    if failed > 0 {
        lines.push(format!("{failed} {unit} without a result"));
    }
    lines
}

fn singular(unit: &str) -> &str {
    unit.strip_suffix('s').unwrap_or(unit)
}

/// `game 3 (seed 2029): P1 greedy 35, P2 random 30: greedy wins, 42 moves`.
fn game_line(r: &GameRecord, labels: &[String], unit: &str) -> String {
    let mut line = format!("{} {} (seed {}):", singular(unit), r.index, r.seed);
    for (s, &e) in r.seats.iter().enumerate() {
        let sep = if s == 0 { " " } else { ", " };
        let score = r
            .outcome
            .and_then(|o| Seat::new(s).and_then(|seat| o.score(seat)))
            .map(|v| format!(" {v}"))
            .unwrap_or_default();
        let _ = write!(line, "{sep}P{} {}{score}", s + 1, labels[e]);
    }
    match (&r.outcome, &r.failure) {
        (Some(o), _) => {
            let winners: Vec<&str> = o
                .winners()
                .iter()
                .filter_map(|seat| r.seats.get(seat.index()).map(|&e| labels[e].as_str()))
                .collect();
            let verdict = match winners.len() {
                0 if r.seats.len() == 1 => "lost".to_owned(),
                0 => "nobody wins".to_owned(),
                1 if r.seats.len() == 1 => "won".to_owned(),
                1 => format!("{} wins", winners[0]),
                _ => format!("draw between {}", winners.join(" and ")),
            };
            let _ = write!(line, ": {verdict}, {} moves", r.plies);
        }
        (None, Some(why)) => {
            let _ = write!(line, ": no result ({why})");
        }
        (None, None) => line.push_str(": no result"),
    }
    line
}

/// `greedy: 12.5 of 20 games (62.5 %, 95 % interval 40.9 to 80.4 %): 12 wins, 1 draw, 7 losses; mean score 31.2`.
fn standing_line(s: &Standing, unit: &str) -> String {
    let (rate, lo, hi) = s.rate();
    let points = if s.points.fract() == 0.0 {
        format!("{:.0}", s.points)
    } else {
        format!("{:.1}", s.points)
    };
    format!(
        "{}: {points} of {} {unit} ({:.1} %, 95 % interval {:.1} to {:.1} %): {} wins, {} draws, {} losses; mean score {:.1}",
        s.label,
        s.games,
        100.0 * rate,
        100.0 * lo,
        100.0 * hi,
        s.wins,
        s.draws,
        s.losses,
        s.mean_score()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_grid::random;
    use plateau_grid::testing::{Nim, Take};

    /// Takes a random number of counters from its seed's stream.
    struct RandomTaker(random::SeededRng);

    impl Bot<Nim> for RandomTaker {
        fn choose(&mut self, view: &Nim) -> Option<Take> {
            let moves = view.legal_moves();
            random::choose(&mut self.0, &moves).copied()
        }
    }

    fn nim_match(games: u64) -> Match<Nim> {
        Match::new("Nim", |seed| Nim::new(5 + (seed % 20) as u32))
            .entrant(Entrant::new("random", |s| {
                Box::new(RandomTaker(random::seeded(s)))
            }))
            .entrant(Entrant::new("random", |s| {
                Box::new(RandomTaker(random::seeded(s)))
            }))
            .entrant(Entrant::new("other", |s| {
                Box::new(RandomTaker(random::seeded(s)))
            }))
            .games(games)
            .seed(100)
    }

    #[test]
    fn the_output_is_the_same_on_any_number_of_threads() {
        let run = |threads| {
            let mut out = Vec::new();
            nim_match(60).threads(Some(threads)).run(&mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            // The last line is the wall time.
            text.lines()
                .filter(|l| !l.starts_with("# ") || l.contains("seeds"))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        let one = run(1);
        assert_eq!(one, run(2));
        assert_eq!(one.len(), 1 + 60 + 3);
        assert!(
            one[0].ends_with("bots random#1, random#2, other"),
            "{}",
            one[0]
        );
        for (i, line) in one[1..=60].iter().enumerate() {
            assert!(
                line.starts_with(&format!("game {i} (seed {}):", 100 + i)),
                "{line}"
            );
        }
    }

    #[test]
    fn the_printout_of_merged_shards_is_what_the_whole_match_prints() {
        for per_game in [true, false] {
            let whole = nim_match(30).per_game_lines(per_game);
            let mut out = Vec::new();
            let report = whole.run(&mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let (printed, timing) = text.trim_end().rsplit_once('\n').unwrap();
            assert!(
                timing.starts_with("# ") && timing.ends_with(" s"),
                "{timing}"
            );
            // Two shards of whole rotations (3 entrants), seeded where they start.
            let mut records = Vec::new();
            for (start, n) in [(0, 12), (12, 18)] {
                let shard = nim_match(n).seed(100 + start).per_game_lines(per_game);
                let part = shard.run(&mut io::sink()).unwrap();
                records.extend(part.records.into_iter().map(|mut r| {
                    r.index += start;
                    r
                }));
            }
            assert_eq!(records, report.records);
            let merged = printout(
                whole.title(),
                whole.unit(),
                100,
                &whole.labels(),
                &records,
                whole.prints_games(),
            );
            assert_eq!(merged, format!("{printed}\n"));
        }
    }

    #[test]
    fn seats_rotate_and_every_game_is_scored() {
        let report = nim_match(30).run(&mut io::sink()).unwrap();
        for r in &report.records {
            let i = r.index as usize;
            assert_eq!(r.seats, vec![i % 3, (i + 1) % 3]);
            let o = r.outcome.expect("Nim always ends");
            assert_eq!(o.winners().len(), 1);
            // Replaying the winner's count: the seat that took the last counter.
            assert!(r.plies >= 2 && r.failure.is_none());
        }
        let games: u64 = report.standings.iter().map(|s| s.games).sum();
        assert_eq!(games, 60);
        let points: f64 = report.standings.iter().map(|s| s.points).sum();
        assert!((points - 30.0).abs() < 1e-9);
        for s in &report.standings {
            assert_eq!(s.wins + s.draws + s.losses, s.games);
        }
    }

    /// Accepts `lines` lines, then fails as a closed pipe does.
    struct ClosesAfter {
        lines: usize,
    }

    impl Write for ClosesAfter {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.lines == 0 {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let newlines = buf.split(|&b| b == b'\n').count() - 1;
            self.lines -= newlines.min(self.lines);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_output_stops_the_match() {
        let start = Instant::now();
        let err = nim_match(MAX_GAMES)
            .run(&mut ClosesAfter { lines: 3 })
            .expect_err("the pipe closed");
        let io = err.downcast_ref::<io::Error>().expect("an I/O error");
        assert_eq!(io.kind(), io::ErrorKind::BrokenPipe);
        // A hundred million games would take minutes; stopping takes a moment.
        assert!(start.elapsed() < Duration::from_secs(20));
    }

    #[test]
    fn tallies_count_every_move_of_each_game() {
        // Counts the moves and the counters taken, which the records also say.
        let report = nim_match(12)
            .tally(|_, (), t| {
                t.resize(1, 0);
                t[0] += 1;
            })
            .run(&mut io::sink())
            .unwrap();
        for r in &report.records {
            assert_eq!(r.tally, vec![r.plies], "game {}", r.index);
        }
        let untallied = nim_match(3).run(&mut io::sink()).unwrap();
        assert!(untallied.records.iter().all(|r| r.tally.is_empty()));
    }

    #[test]
    fn the_observer_sees_every_move_after_it_is_played() {
        let mut game = Nim::new(9);
        let mut bots = [
            RandomTaker(random::seeded(1)),
            RandomTaker(random::seeded(2)),
        ];
        let mut seen = Vec::new();
        let (outcome, plies) = play_to_end_with(
            &mut game,
            &mut bots,
            100,
            Play::outcome,
            |g: &Nim, seat, m: Take, ()| seen.push((seat, m, g.left())),
        )
        .unwrap();
        assert_eq!(seen.len() as u64, plies);
        let mut left = 9;
        for (i, &(seat, Take(n), after)) in seen.iter().enumerate() {
            assert_eq!(seat.index(), i % 2, "seats alternate");
            left -= n;
            assert_eq!(after, left, "the game is seen after the move");
        }
        assert_eq!(left, 0);
        assert_eq!(
            outcome.winner().map(Seat::index),
            Some((seen.len() - 1) % 2)
        );
    }

    #[test]
    fn bad_matches_are_refused() {
        let none: Match<Nim> = Match::new("Nim", |_| Nim::new(3));
        assert!(none.run(&mut io::sink()).is_err());
        let zero = nim_match(0).run(&mut io::sink()).unwrap_err();
        assert_eq!(zero.to_string(), "a match needs at least one game");
        assert!(nim_match(MAX_GAMES + 1).run(&mut io::sink()).is_err());
    }

    #[test]
    fn wilson_brackets_the_rate() {
        let (lo, hi) = wilson(5.0, 10.0);
        assert!(lo < 0.5 && hi > 0.5);
        assert!((lo - (1.0 - hi)).abs() < 1e-12, "symmetric at one half");
        assert_eq!(wilson(0.0, 0.0), (0.0, 1.0));
        let (lo, hi) = wilson(0.0, 100.0);
        assert!(lo == 0.0 && hi < 0.04);
    }

    #[test]
    fn bot_seeds_differ_by_seat_and_game() {
        let seeds: std::collections::HashSet<u64> = (0..50u64)
            .flat_map(|g| (0..5).map(move |s| bot_seed(g, s)))
            .collect();
        assert_eq!(seeds.len(), 250);
    }
}
