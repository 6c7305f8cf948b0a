//! The batch commands: `stats` (the solver's win rate over many seeded games),
//! `probabilities` (exact mine probabilities of a view) and `metrics` (3BV, openings and
//! islands of a board).

use std::io::{self, Write};

use plateau::CliResult;
use plateau::matches::{Entrant, GameRecord, Match};
use plateau_minesweeper::solver::{Guess, Opener, Settings};
use plateau_minesweeper::{
    Board, Bot, Cell, Config, Game, Move, PlayerView, Pos, Probabilities, ProbabilityError, Solver,
    View, probabilities_limited,
};

use crate::cli::GuessArg;

/// The most text read for one view or board (a 1024 x 1024 board with its newlines).
const MAX_INPUT: usize = 1 << 21;

/// `stats`: what it plays.
#[derive(Debug, Clone, Copy)]
pub struct Stats {
    pub config: Config,
    pub games: u64,
    pub seed: u64,
    pub click: Opener,
    pub guess: GuessArg,
    pub threads: Option<u32>,
    /// Only the header and the summary.
    pub summary: bool,
}

/// CPU seconds used by this process so far (Linux), for a per-game cost that does not
/// depend on how busy the machine is.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the command name: state is field 3, utime 14 and stime 15 (1-based, from pid).
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn policy_name(policy: Guess) -> &'static str {
    match policy {
        Guess::Lookahead => "lookahead",
        Guess::LowestRisk => "lowest-risk",
    }
}

impl Stats {
    /// Plays the games with each guess policy asked for (the same seeds for each), on the
    /// toolkit's match runner, and prints the win rates.
    pub fn run(&self) -> CliResult {
        let config = self.config;
        if let Opener::At(p) = self.click
            && (p.x >= config.width() || p.y >= config.height())
        {
            return Err(format!("--click {p} is off the {} board", config.size()).into());
        }
        let policies: &[Guess] = match self.guess {
            GuessArg::Lookahead => &[Guess::Lookahead],
            GuessArg::LowestRisk => &[Guess::LowestRisk],
            GuessArg::Both => &[Guess::Lookahead, Guess::LowestRisk],
        };
        let at = self.click.cell(config.size(), config.first_click());
        let level = config
            .matching_level()
            .map_or_else(|| "custom".to_owned(), |l| l.to_string());
        let mut out = io::stdout();
        let mut won: Vec<Vec<bool>> = Vec::new();
        for &guess in policies {
            let settings = Settings {
                guess,
                opener: self.click,
                ..Settings::default()
            };
            let runner = Match::new(
                format!("Minesweeper {level} {config}, first click at {at}"),
                move |seed| Game::new(config, seed),
            )
            .entrant(Entrant::new(policy_name(guess), move |_| {
                Box::new(Pooled::take(settings))
            }))
            .games(self.games)
            .seed(self.seed)
            .threads(self.threads.map(|t| t as usize))
            .per_game_lines(!self.summary);
            let cpu0 = cpu_seconds();
            let report = runner.run(&mut out)?;
            if let Some(cpu) = cpu_seconds().zip(cpu0).map(|(b, a)| b - a) {
                writeln!(
                    out,
                    "# cpu {cpu:.1} s ({:.2} ms per game)",
                    1e3 * cpu / self.games as f64
                )?;
            }
            won.push(report.records.iter().map(is_won).collect());
        }
        if let [a, b] = &won[..] {
            print_gain(&mut out, a, b)?;
        }
        out.flush()?;
        Ok(())
    }
}

thread_local! {
    /// Solvers that finished a game on this worker thread, for the next game.
    static POOL: std::cell::RefCell<Vec<Solver>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A solver lent from its thread's pool for one game and given back when the game is over:
/// a solver keeps its buffers between games, so thousands of games allocate almost
/// nothing (the runner builds a bot for every game, on the thread that plays it).
struct Pooled(Option<Solver>);

impl Pooled {
    fn take(settings: Settings) -> Pooled {
        let kept = POOL.with(|p| p.borrow_mut().pop());
        Pooled(Some(match kept {
            Some(s) if s.settings() == settings => s,
            _ => Solver::new(settings),
        }))
    }
}

impl Drop for Pooled {
    fn drop(&mut self) {
        if let Some(s) = self.0.take() {
            POOL.with(|p| p.borrow_mut().push(s));
        }
    }
}

impl Bot<Game> for Pooled {
    fn choose(&mut self, view: PlayerView<'_>) -> Option<Move> {
        self.0.as_mut().and_then(|s| s.choose(view))
    }
}

fn is_won(r: &GameRecord) -> bool {
    r.outcome.is_some_and(|o| o.winner().is_some())
}

/// The lookahead's gain over lowest risk, paired on the seeds, with its 95 % interval
/// (normal approximation).
fn print_gain(out: &mut dyn Write, a: &[bool], b: &[bool]) -> io::Result<()> {
    let n = a.len() as f64;
    let only_a = a.iter().zip(b).filter(|&(&x, &y)| x && !y).count() as f64;
    let only_b = a.iter().zip(b).filter(|&(&x, &y)| !x && y).count() as f64;
    let mean = (only_a - only_b) / n;
    let var = (only_a + only_b) / n - mean * mean;
    let half = 1.959_964 * (var / n).sqrt();
    writeln!(
        out,
        "gain of the lookahead on the same seeds: {:+.2} points (95 % interval {:+.2} to {:+.2}); \
         won by the lookahead only {only_a}, by lowest risk only {only_b}",
        100.0 * mean,
        100.0 * (mean - half),
        100.0 * (mean + half)
    )
}

/// `probabilities`: reads one view and prints its mine probabilities.
pub fn probabilities(mines: u32, grid: bool, max_nodes: u64) -> CliResult {
    let text = plateau::read_stdin(MAX_INPUT)?;
    let view: View = text
        .parse()
        .map_err(|e| format!("the view on standard input: {e}"))?;
    let p = match probabilities_limited(&view, mines, max_nodes) {
        Ok(p) => p,
        Err(ProbabilityError::Inconsistent { .. }) => {
            println!("error: inconsistent");
            return Err(format!(
                "inconsistent view: no layout of {mines} mines agrees with its numbers and flags"
            )
            .into());
        }
        // Given up before a first node: the view's shape, not the budget, is the limit.
        Err(ProbabilityError::NodeLimit { nodes: 0 }) => {
            return Err(
                "the numbers on show form a frontier too wide for the exact count \
                        (it could not start): no --max-nodes helps; reveal or flag cells so \
                        the frontier splits, or ask about a smaller part of the board"
                    .into(),
            );
        }
        Err(ProbabilityError::NodeLimit { nodes }) => {
            return Err(format!(
                "gave up after {nodes} search nodes: raise --max-nodes (it is {max_nodes})"
            )
            .into());
        }
        Err(e) => return Err(e.into()),
    };
    let mut out = io::stdout().lock();
    if grid {
        write_grid(&mut out, &view, &p)?;
    } else {
        for (at, prob) in p.iter() {
            writeln!(out, "{} {} {prob:.12}", at.x, at.y)?;
        }
        if let Some(rest) = p.rest() {
            writeln!(out, "rest {rest:.12}")?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The probabilities as a picture: each covered cell shows its chance of a mine in percent
/// (`0` and `100` only when certain), revealed cells their number, flags `F`.
fn write_grid(out: &mut impl Write, view: &View, p: &Probabilities) -> io::Result<()> {
    for y in 0..view.height() {
        let mut line = String::new();
        for x in 0..view.width() {
            let at = Pos::new(x, y);
            let cell = match (view.get(at), p.get(at)) {
                (_, Some(_)) if p.is_safe(at) => "  0".to_owned(),
                (_, Some(_)) if p.is_mine(at) => "100".to_owned(),
                // Never show 0 or 100 for a cell that is not certain.
                (_, Some(prob)) => format!("{:>3}", ((prob * 100.0).round() as i64).clamp(1, 99)),
                (Some(Cell::Revealed(n)), None) if n.get() == 0 => "  .".to_owned(),
                (Some(c), None) => format!("  {}", c.symbol()),
                (None, None) => "   ".to_owned(),
            };
            line.push_str(&cell);
            line.push(' ');
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    if let Some(rest) = p.rest() {
        writeln!(
            out,
            "rest (cells touching no number): {:.2} %",
            rest * 100.0
        )?;
    }
    writeln!(
        out,
        "safe: {}, mines: {}, layouts: 2^{:.1}",
        p.safe_cells().len(),
        p.mines().len(),
        p.layouts_log2()
    )
}

/// `metrics`: reads one board and prints its 3BV, openings and islands.
pub fn metrics() -> CliResult {
    let text = plateau::read_stdin(MAX_INPUT)?;
    let board: Board = text
        .parse()
        .map_err(|e| format!("the board on standard input (`*` mine, `.` safe): {e}"))?;
    let m = board.metrics();
    println!(
        "3bv {}\nopenings {}\nislands {}",
        m.three_bv, m.openings, m.islands
    );
    Ok(())
}
