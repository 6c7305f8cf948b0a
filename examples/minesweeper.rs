//! Minesweeper in the terminal: play, watch the solver, measure it, compute probabilities.
//!
//! ```text
//! cargo run --release --example minesweeper                          # the calculator board
//! cargo run --release --example minesweeper -- --level expert --first-click opening
//! cargo run --release --example minesweeper -- --width 20 --height 12 --mines 40 --seed 7
//! cargo run --release --example minesweeper -- --demo                # the solver plays
//! cargo run --release --example minesweeper -- stats --level expert --first-click safe --games 10000
//! printf '1xx\nxxx\nxxx\n' | cargo run --release --example minesweeper -- probabilities --mines 2
//! printf '*..\n...\n..*\n' | cargo run --release --example minesweeper -- metrics
//! ```

#[path = "demo/minesweeper.rs"]
mod demo;
#[path = "support/mod.rs"]
mod support;

use std::error::Error;
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand, ValueEnum};
use crossterm::event::{Event as TermEvent, KeyCode, MouseButton, MouseEventKind};
use crossterm::style::{Color, Stylize};
use plateau_minesweeper::solver::{Guess, Opener, Settings};
use plateau_minesweeper::{
    Board, Cell, Config, FirstClick, Game, Level, Marks, Move, Play, Pos, Probabilities,
    ProbabilityError, Seat, Size, Solver, Status, View, hint, probabilities_limited,
};
use rayon::prelude::*;

#[derive(Parser)]
#[command(
    name = "minesweeper",
    about = "Minesweeper: reveal every safe cell; a number tells how many of the 8 cells around are mines"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    game: support::GameArgs,
    #[command(flatten)]
    board: BoardArgs,
}

#[derive(clap::Args, Clone)]
struct BoardArgs {
    /// Preset: beginner (9x9/10), intermediate (16x16/40), expert (30x16/99), calculator
    /// (15x10/19, the default).
    #[arg(long)]
    level: Option<Level>,
    /// Board width (overrides the level's).
    #[arg(long)]
    width: Option<usize>,
    /// Board height (overrides the level's).
    #[arg(long)]
    height: Option<usize>,
    /// Board size as `WxH` (instead of --width and --height).
    #[arg(long, conflicts_with_all = ["width", "height"])]
    size: Option<Size>,
    /// Number of mines (overrides the level's).
    #[arg(long)]
    mines: Option<u32>,
    /// First-click policy: unsafe, safe (the clicked cell is never a mine), opening (its
    /// 3x3 is clear) or no-guess (the board is solvable by logic alone).
    #[arg(long, default_value = "safe")]
    first_click: FirstClick,
    /// Question marks: the flag key cycles hidden -> flag -> ? -> hidden.
    #[arg(long)]
    marks: bool,
}

impl BoardArgs {
    /// Whether no board option was given.
    fn is_default(&self) -> bool {
        self.level.is_none()
            && self.width.is_none()
            && self.height.is_none()
            && self.size.is_none()
            && self.mines.is_none()
            && self.first_click == FirstClick::SafeCell
            && !self.marks
    }

    fn config(&self) -> Result<Config, Box<dyn Error>> {
        let base = Config::level(self.level.unwrap_or(Level::Calculator));
        let size = self.size.unwrap_or(Size::new(
            self.width.unwrap_or(base.width()),
            self.height.unwrap_or(base.height()),
        ));
        let mines = match self.mines {
            Some(m) => m,
            // A custom size without a mine count keeps the level's density.
            None if size != base.size() => {
                let cells = (size.width * size.height) as u64;
                let per = u64::from(base.mines()) * cells / base.cells() as u64;
                u32::try_from(per).unwrap_or(u32::MAX)
            }
            None => base.mines(),
        };
        let marks = if self.marks { Marks::On } else { Marks::Off };
        Ok(Config::custom(size, mines, self.first_click)?.with_marks(marks))
    }
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum GuessArg {
    /// The one-step lookahead on the win probability.
    Lookahead,
    /// The cell least likely to be a mine.
    LowestRisk,
    /// Both, on the same seeds, with the lookahead's gain.
    Both,
}

#[derive(Subcommand)]
enum Command {
    /// Play many seeded games with the solver and print its win rate with the 95 % interval
    /// (game i is seeded by its index; games spread over every core).
    Stats {
        /// Preset to play.
        #[arg(long, default_value = "expert")]
        level: Level,
        /// First-click policy.
        #[arg(long, default_value = "safe")]
        first_click: FirstClick,
        /// Number of games.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Seed of the first game (game i uses seed first + i).
        #[arg(long, default_value_t = 0)]
        first_seed: u64,
        /// Where the solver clicks first: auto (corner for safe/unsafe, (3,3) for
        /// opening/no-guess), corner, centre, or a cell x,y.
        #[arg(long, default_value = "auto", value_parser = parse_opener)]
        click: Opener,
        /// Guess policy.
        #[arg(long, value_enum, default_value = "lookahead")]
        guess: GuessArg,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Read one view from standard input and print, for every covered unflagged cell, "x y
    /// p" (column, row from the top, the exact mine probability), row-major, then "rest p"
    /// for the cells touching no number. Flags count as mines.
    Probabilities {
        /// Total number of mines.
        #[arg(long)]
        mines: u32,
        /// Print a picture (percentages) instead of the lines.
        #[arg(long)]
        grid: bool,
        /// Work budget of the exact count.
        #[arg(long, default_value_t = plateau_minesweeper::solver::DEFAULT_MAX_NODES)]
        max_nodes: u64,
    },
    /// Read one full board from standard input (`*` mine, `.` safe) and print its 3BV,
    /// openings and islands.
    Metrics,
}

fn parse_opener(s: &str) -> Result<Opener, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "auto" => Ok(Opener::Auto),
        "corner" => Ok(Opener::Corner),
        "centre" | "center" => Ok(Opener::Centre),
        other => other
            .parse::<Pos>()
            .map(Opener::At)
            .map_err(|e| format!("{e}, or auto, corner, centre")),
    }
}

fn main() -> ExitCode {
    support::run("minesweeper", || {
        let cli = Cli::parse();
        match cli.command {
            Some(Command::Stats {
                level,
                first_click,
                games,
                first_seed,
                click,
                guess,
                threads,
            }) => stats(level, first_click, games, first_seed, click, guess, threads),
            Some(Command::Probabilities {
                mines,
                grid,
                max_nodes,
            }) => probabilities_cmd(mines, grid, max_nodes),
            Some(Command::Metrics) => metrics_cmd(),
            None => {
                let config = cli.board.config()?;
                let seed = cli.game.seed();
                if cli.game.demo {
                    let mut out = io::stdout().lock();
                    if cli.board.is_default() {
                        // The tour's demo: Expert.
                        demo::run(seed, &mut out)?;
                    } else {
                        demo::run_with(config, seed, &mut out)?;
                    }
                    Ok(())
                } else if support::interactive() {
                    play_screen(config, seed)
                } else {
                    play_lines(config, seed)
                }
            }
        }
    })
}

// ---------------------------------------------------------------------------------------
// stats

/// The Wilson score interval at 95 %.
fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (w, n) = (wins as f64, n as f64);
    let z = 1.959_964;
    let p = w / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    (centre - half, centre + half)
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

#[allow(clippy::too_many_arguments)]
fn stats(
    level: Level,
    first_click: FirstClick,
    games: u64,
    first_seed: u64,
    click: Opener,
    guess: GuessArg,
    threads: Option<usize>,
) -> support::Outcome {
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    if threads.is_some_and(|t| !(1..=1024).contains(&t)) {
        return Err("--threads must be between 1 and 1024".into());
    }
    let config = Config::level(level).with_first_click(first_click)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()?;
    let policies: Vec<Guess> = match guess {
        GuessArg::Lookahead => vec![Guess::Lookahead],
        GuessArg::LowestRisk => vec![Guess::LowestRisk],
        GuessArg::Both => vec![Guess::Lookahead, Guess::LowestRisk],
    };
    let at = click.cell(config.size(), first_click);
    println!(
        "{level} {config}, first click at {at}: {games} games (seeds {first_seed}..{}), {} threads",
        first_seed + games,
        pool.current_num_threads()
    );
    let mut results: Vec<Vec<bool>> = Vec::new();
    for &policy in &policies {
        let strategy = Settings {
            guess: policy,
            opener: click,
            ..Settings::default()
        };
        let bar = support::progress::bar(games, "games");
        let cpu0 = cpu_seconds();
        let start = Instant::now();
        let won: Vec<bool> = pool.install(|| {
            (0..games)
                .into_par_iter()
                .map_init(
                    || Solver::new(strategy),
                    |solver, i| {
                        let mut game = Game::new(config, first_seed + i);
                        let won = solver.play(&mut game) == Status::Won;
                        bar.inc(1);
                        won
                    },
                )
                .collect()
        });
        let wall = start.elapsed();
        bar.finish_and_clear();
        let cpu = cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
        let wins = won.iter().filter(|&&w| w).count() as u64;
        let (lo, hi) = wilson(wins, games);
        let name = match policy {
            Guess::Lookahead => "lookahead",
            Guess::LowestRisk => "lowest-risk",
        };
        println!(
            "{name:<12} won {wins} of {games}: {:.2} % (95 % interval {:.2} % to {:.2} %)",
            100.0 * wins as f64 / games as f64,
            100.0 * lo,
            100.0 * hi
        );
        let mut time = format!("{:<12} wall {:.1} s", "", wall.as_secs_f64());
        if let Some(cpu) = cpu {
            let _ = write!(
                time,
                ", cpu {cpu:.1} s ({:.2} ms per game)",
                1e3 * cpu / games as f64
            );
        }
        println!("{time}");
        results.push(won);
    }
    if let [a, b] = &results[..] {
        // Paired on the seeds: the gain and its 95 % interval (normal approximation).
        let n = games as f64;
        let only_a = a.iter().zip(b).filter(|&(&x, &y)| x && !y).count() as f64;
        let only_b = a.iter().zip(b).filter(|&(&x, &y)| !x && y).count() as f64;
        let mean = (only_a - only_b) / n;
        let var = (only_a + only_b) / n - mean * mean;
        let half = 1.959_964 * (var / n).sqrt();
        println!(
            "gain of the lookahead on the same seeds: {:+.2} points (95 % interval {:+.2} to {:+.2}); \
             won by the lookahead only {only_a}, by lowest risk only {only_b}",
            100.0 * mean,
            100.0 * (mean - half),
            100.0 * (mean + half)
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// probabilities and metrics

/// The most text read for one view or board (a 1024 x 1024 board with its newlines).
const MAX_INPUT: usize = 1 << 21;

fn probabilities_cmd(mines: u32, grid: bool, max_nodes: u64) -> support::Outcome {
    let text = support::read_stdin(MAX_INPUT)?;
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

fn metrics_cmd() -> support::Outcome {
    let text = support::read_stdin(MAX_INPUT)?;
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

// ---------------------------------------------------------------------------------------
// playing

fn status_line(game: &Game) -> String {
    format!(
        "{}  seed {}  mines left {}  clicks {} ({} effective)",
        game.config(),
        game.seed(),
        game.mines_left(),
        game.clicks(),
        game.effective_clicks()
    )
}

/// The solver's move for the game, said with whether it is safe or a guess.
fn hint_text(game: &Game) -> (Option<Move>, String) {
    let Some(m) = hint(game.view(Seat::FIRST)) else {
        return (None, "hint: nothing left to reveal".to_owned());
    };
    let p = plateau_minesweeper::probabilities(game.cells(), game.mines()).ok();
    let risk = p
        .as_ref()
        .and_then(|p| p.get(m.pos()).map(|r| (p.is_safe(m.pos()), r)));
    let note = match (m, risk) {
        (Move::Flag(_), _) => "that flag is wrong: the cell is safe".to_owned(),
        (_, Some((true, _))) => "safe".to_owned(),
        (_, Some((false, r))) => format!("a guess, {:.1} % risk", r * 100.0),
        (_, None) if !game.is_started() => "the first click".to_owned(),
        _ => "the solver's choice".to_owned(),
    };
    (Some(m), format!("hint: {m} ({note})"))
}

fn outcome_line(game: &Game) -> Option<String> {
    match game.status() {
        Status::InProgress => None,
        Status::Won => Some(format!(
            "You won! 3BV {}.",
            game.board().map_or(0, |b| b.metrics().three_bv)
        )),
        Status::Lost { at } => Some(format!("Boom: a mine at {at}. You lost.")),
    }
}

/// The line mode, when standard input or output is not a terminal: moves in notation
/// (`r3,4`, `f3,4`, `c3,4`), `h` for a hint, `q` to quit.
fn play_lines(config: Config, seed: u64) -> support::Outcome {
    let mut game = Game::new(config, seed);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Minesweeper {config}. Moves: r x,y reveals, f x,y flags, c x,y chords (x = column, y = row from the top); h hints, q quits."
    )?;
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        writeln!(out, "{}\n{}", game.cells(), status_line(&game))?;
        if let Some(end) = outcome_line(&game) {
            writeln!(out, "{end}")?;
            return Ok(());
        }
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(());
        };
        let line = line?;
        let t = line.trim();
        match t {
            "" => {}
            "q" | "quit" => return Ok(()),
            "h" | "hint" => writeln!(out, "{}", hint_text(&game).1)?,
            _ => match t.parse::<Move>() {
                Ok(m) => {
                    if let Err(e) = game.play(m) {
                        writeln!(out, "not played: {e}")?;
                    }
                }
                Err(e) => writeln!(out, "{e}")?,
            },
        }
    }
}

const NUMBER_COLORS: [Color; 9] = support::palette::NUMBERS;

/// What a key or a click asks for.
enum Input {
    Play(Move),
    Cursor(Pos),
    Hint,
    NewGame,
    ToggleMines,
    Quit,
    Nothing,
}

/// The meaning of a terminal event, the cursor being at `cursor`.
fn input(ev: &TermEvent, cursor: Pos, config: Config) -> Input {
    match ev {
        TermEvent::Key(key) => {
            if support::keys::is_quit(key) {
                return Input::Quit;
            }
            if let Some(d) = support::keys::direction(key, support::keys::Scheme::ARROWS) {
                return match cursor.step(d) {
                    Some(p) if p.x < config.width() && p.y < config.height() => Input::Cursor(p),
                    _ => Input::Nothing,
                };
            }
            if key.code == KeyCode::Enter {
                return Input::Play(Move::Reveal(cursor));
            }
            match support::keys::char_of(key).map(|c| c.to_ascii_lowercase()) {
                Some(' ') => Input::Play(Move::Reveal(cursor)),
                Some('f') => Input::Play(Move::Flag(cursor)),
                Some('c') => Input::Play(Move::Chord(cursor)),
                Some('m') => Input::ToggleMines,
                Some('h') => Input::Hint,
                Some('n') => Input::NewGame,
                _ => Input::Nothing,
            }
        }
        TermEvent::Mouse(m) => {
            let (col, row) = (m.column as usize, m.row as usize);
            if row < 2 || row >= 2 + config.height() || col >= 2 * config.width() {
                return Input::Nothing;
            }
            let at = Pos::new(col / 2, row - 2);
            match m.kind {
                MouseEventKind::Down(MouseButton::Left) => Input::Play(Move::Reveal(at)),
                MouseEventKind::Down(MouseButton::Right) => Input::Play(Move::Flag(at)),
                MouseEventKind::Down(MouseButton::Middle) => Input::Play(Move::Chord(at)),
                _ => Input::Nothing,
            }
        }
        _ => Input::Nothing,
    }
}

/// The full-screen game.
fn play_screen(config: Config, seed: u64) -> support::Outcome {
    let size = support::Screen::size()?;
    let need = (2 * config.width() as u16 + 2, config.height() as u16 + 4);
    if size.0 < need.0 || size.1 < need.1 {
        return Err(format!(
            "the terminal is {}x{}, the {}x{} board needs {}x{}: enlarge it or choose a smaller board",
            size.0,
            size.1,
            config.width(),
            config.height(),
            need.0,
            need.1
        )
        .into());
    }
    let mut screen = support::Screen::enter(support::screen::Options {
        mouse: true,
        key_releases: false,
    })?;
    let mut game = Game::new(config, seed);
    let mut cursor = Pos::new(config.width() / 2, config.height() / 2);
    let mut message = String::new();
    let mut show_mines = false;
    let mut hinted: Option<Pos> = None;
    loop {
        draw(&mut screen, &game, cursor, &message, show_mines, hinted)?;
        let Some(ev) = screen.next_event(Some(Duration::from_millis(500)))? else {
            continue;
        };
        match input(&ev, cursor, config) {
            Input::Quit => return Ok(()),
            Input::Nothing => {}
            Input::Cursor(p) => cursor = p,
            Input::ToggleMines => show_mines = !show_mines,
            Input::Hint => {
                let (m, text) = hint_text(&game);
                hinted = m.map(Move::pos);
                message = text;
                if let Some(p) = hinted {
                    cursor = p;
                }
            }
            Input::NewGame => {
                game = Game::new(config, game.seed().wrapping_add(1));
                message.clear();
                hinted = None;
            }
            Input::Play(m) => {
                cursor = m.pos();
                hinted = None;
                message = match game.play(m) {
                    Ok(_) => outcome_line(&game).unwrap_or_default(),
                    Err(e) => format!("not played: {e}"),
                };
                if game.is_over() {
                    message.push_str("  n: new game, q: quit");
                }
            }
        }
    }
}

fn draw(
    screen: &mut support::Screen,
    game: &Game,
    cursor: Pos,
    message: &str,
    show_mines: bool,
    hinted: Option<Pos>,
) -> io::Result<()> {
    screen.begin()?;
    screen.text(0, 0, format!("Minesweeper {}", status_line(game)).bold())?;
    screen.text(
        0,
        1,
        "arrows move, space reveals, f flags, c chords, h hints, m shows mines, n new game, q quits",
    )?;
    let view = if show_mines || game.is_over() {
        game.reveal_all_view()
    } else {
        game.cells().clone()
    };
    let exploded = match game.status() {
        Status::Lost { at } => Some(at),
        _ => None,
    };
    for y in 0..view.height() {
        for x in 0..view.width() {
            let at = Pos::new(x, y);
            let cell = view.get(at).unwrap_or(Cell::Hidden);
            let text = match cell {
                Cell::Hidden => " ·".to_owned(),
                Cell::Question => " ?".to_owned(),
                Cell::Flagged => " F".to_owned(),
                Cell::Mine => " *".to_owned(),
                Cell::Revealed(n) if n.get() == 0 => "  ".to_owned(),
                Cell::Revealed(n) => format!(" {n}"),
            };
            let mut styled = match cell {
                Cell::Revealed(n) => text.with(NUMBER_COLORS[n.get() as usize]).on(Color::Grey),
                Cell::Flagged => text.with(Color::Red).on(Color::DarkGrey),
                Cell::Mine if exploded == Some(at) => text.with(Color::Black).on(Color::Red),
                Cell::Mine => text.with(Color::Black).on(Color::DarkGrey),
                _ => text.with(Color::White).on(Color::DarkGrey),
            };
            if Some(at) == hinted {
                styled = styled.on(Color::DarkGreen);
            }
            if at == cursor {
                styled = styled.reverse();
            }
            screen.styled(2 * x as u16, 2 + y as u16, styled)?;
        }
    }
    screen.text(0, 3 + view.height() as u16, message)?;
    screen.show()
}
