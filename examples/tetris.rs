//! Tetris in the terminal: play in real time, watch the bot, count placements, measure the bot.
//!
//! ```text
//! cargo run --release --example tetris                            # play (Guideline rules)
//! cargo run --release --example tetris -- --rules calculator --level 20 --seed 7
//! cargo run --release --example tetris -- --demo --pieces 5000    # the bot plays, no terminal
//! printf '..........\n#########.\n' | cargo run --release --example tetris -- placements --piece T
//! cargo run --release --example tetris -- bench --games 10 --pieces 50000
//! ```
//!
//! Keys: arrows move (down: soft drop), up or x rotate clockwise, z counter-clockwise, space
//! hard drop, c hold, p pause, g the help grid, q quit.

#[path = "demo/tetris.rs"]
mod demo;
#[path = "support/mod.rs"]
mod support;

use std::collections::VecDeque;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent, KeyEventKind};
use crossterm::style::{Color, Stylize};
use plateau_grid::Pos;
use plateau_tetris::{
    Board, Buttons, Cell, Field, Game, Piece, Play, Rules, Status, Tetromino, format_steps,
    parse_steps,
};

use support::palette;

#[derive(Parser)]
#[command(
    name = "tetris",
    about = "Tetris: the Guideline game in real time, the classic and calculator rule sets, a bot",
    after_help = "Keys: arrows move (down: soft drop), up or x rotate clockwise, z counter-clockwise, \
                  space hard drop, c hold, p pause, g the help grid, q quit.\n\
                  Without a terminal, each line of standard input is a list of steps \
                  (L R S F C A D H: left, right, soft drop, fall, rotate cw, anticlockwise, \
                  hard drop, hold) and the board is printed after each."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    game: support::GameArgs,
    /// Rule set: guideline, classic (NES) or calculator.
    #[arg(long, default_value = "guideline", value_parser = parse_rules)]
    rules: Named,
    /// Starting level, 0 to 99.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=99))]
    level: Option<u32>,
    /// Pieces the bot plays with --demo.
    #[arg(long, default_value_t = demo::DEFAULT_PIECES)]
    pieces: u64,
}

#[derive(Subcommand)]
enum Command {
    /// Read a board from standard input (rows of # and ., top row first, the last line is row
    /// 0; missing rows above are empty) and print how many distinct final placements the
    /// piece reaches with SRS from the Guideline spawn (pivot at column 4 of a 10-wide field,
    /// row 20, facing north), then one placement per line: the placement, its cells, an input
    /// path from the spawn, and the T-spin it makes.
    Placements {
        /// The piece: I, O, T, S, Z, J or L.
        #[arg(long)]
        piece: Piece,
    },
    /// The bot plays several games from consecutive seeds, capped at a number of pieces, one
    /// line per game and a summary (the strength and speed measurement of the README).
    Bench {
        /// Games to play.
        #[arg(long, default_value_t = 10)]
        games: u64,
        /// Pieces per game at most.
        #[arg(long, default_value_t = 50_000)]
        pieces: u64,
        /// Seed of the first game; game i plays seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// A rule set with the name it was asked by.
#[derive(Clone, Debug)]
struct Named {
    name: String,
    rules: Rules,
}

fn parse_rules(s: &str) -> Result<Named, String> {
    Rules::preset(s)
        .map(|rules| Named {
            name: s.to_ascii_lowercase(),
            rules,
        })
        .ok_or_else(|| format!("unknown rules {s:?} (expected guideline, classic or calculator)"))
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    support::run("tetris", || {
        let mut rules = cli.rules.rules.clone();
        if let Some(level) = cli.level {
            rules = rules.with_start_level(level)?;
        }
        match cli.command {
            Some(Command::Placements { piece }) => placements(piece),
            Some(Command::Bench {
                games,
                pieces,
                seed,
            }) => bench(&cli.rules.name, &rules, games, pieces, seed),
            None if cli.game.demo => {
                let seed = cli.game.seed.unwrap_or(2026);
                // A long run shows its progress on a terminal (stderr; hidden otherwise).
                let bar = support::progress::bar(cli.pieces, "pieces");
                let report = |n: u64| bar.set_position(n);
                demo::run_with(
                    &cli.rules.name,
                    rules,
                    seed,
                    cli.pieces,
                    &mut io::stdout().lock(),
                    Some(&report),
                )?;
                bar.finish_and_clear();
                Ok(())
            }
            None => {
                let seed = cli.game.seed();
                if support::interactive() {
                    play(&cli.rules.name, rules, seed)
                } else {
                    line_mode(rules, seed)
                }
            }
        }
    })
}

// ---------------------------------------------------------------------------------------------
// placements

/// The longest board text accepted (a 60-row board is under 1 KB).
const MAX_BOARD_TEXT: usize = 64 * 1024;

fn placements(piece: Piece) -> support::Outcome {
    let text = support::read_stdin(MAX_BOARD_TEXT)?;
    if text.trim().is_empty() {
        return Err("no board on standard input (rows of # and ., top row first)".into());
    }
    let board: Board = text.parse()?;
    let rules = Rules::guideline();
    if board.width() != rules.width() {
        return Err(format!(
            "the board is {} columns wide; the Guideline field is {}",
            board.width(),
            rules.width()
        )
        .into());
    }
    if board.height() > rules.total_height() {
        return Err(format!(
            "the board has {} rows; the field has {} (20 visible and a 20-row buffer)",
            board.height(),
            rules.total_height()
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
        let (path, spin) = describe(&rules, &board, piece, t);
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

fn bench(name: &str, rules: &Rules, games: u64, pieces: u64, seed: u64) -> support::Outcome {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{games} games of {name} Tetris, at most {pieces} pieces each, seeds {seed}..{}",
        seed + games
    )?;
    let bar = support::progress::bar(games, "games");
    let mut results = Vec::new();
    for i in 0..games {
        let (_, s) = demo::play(rules.clone(), seed + i, pieces, None);
        writeln!(out, "game {} seed {}: {}", i + 1, seed + i, s.line())?;
        out.flush()?;
        results.push(s);
        bar.inc(1);
    }
    bar.finish_and_clear();
    if results.is_empty() {
        return Ok(());
    }
    let reached = results
        .iter()
        .filter(|s| s.pieces >= pieces && !s.topout)
        .count();
    let n = results.len() as f64;
    let mean_lines = results.iter().map(|s| f64::from(s.lines)).sum::<f64>() / n;
    let mut pps: Vec<f64> = results.iter().map(|s| s.pps).collect();
    pps.sort_by(f64::total_cmp);
    writeln!(
        out,
        "{reached} of {games} games reached {pieces} pieces without topping out; mean lines {mean_lines:.1}; pps min {:.0} median {:.0} max {:.0}",
        pps[0],
        pps[pps.len() / 2],
        pps[pps.len() - 1]
    )?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// line mode

fn line_mode(rules: Rules, seed: u64) -> support::Outcome {
    let mut game = Game::new(rules, seed);
    let mut out = io::stdout().lock();
    writeln!(out, "{game}")?;
    writeln!(out, "{}", status_line(&game))?;
    for line in support::inputs(Vec::new()) {
        let line = line?;
        match parse_steps(&line) {
            Ok(steps) => {
                for s in steps {
                    if let Err(e) = game.step(s) {
                        writeln!(out, "error: {e}")?;
                        break;
                    }
                }
            }
            Err(e) => writeln!(out, "error: {e}")?,
        }
        writeln!(out, "{game}")?;
        writeln!(out, "{}", status_line(&game))?;
        if game.is_over() {
            break;
        }
    }
    Ok(())
}

fn status_line(game: &Game) -> String {
    let next: String = game.next().iter().map(|p| p.letter()).collect();
    let hold = game.hold_piece().map_or('-', Piece::letter);
    let status = match game.status() {
        Status::InProgress => "playing".to_string(),
        Status::Paused => "paused".to_string(),
        Status::Over { reason } => format!("game over ({reason})"),
    };
    format!(
        "score {} lines {} level {} hold {hold} next {} {status}",
        game.score(),
        game.lines(),
        game.level(),
        if next.is_empty() { "-".into() } else { next }
    )
}

// ---------------------------------------------------------------------------------------------
// real-time play

/// One tick: the engine's time step.
const TICK: Duration = Duration::from_nanos(16_666_667);

/// The buttons a key stands for.
fn button(key: &KeyEvent) -> Option<Buttons> {
    if !support::keys::plain(key) {
        return None;
    }
    Some(match key.code {
        KeyCode::Left => Buttons::LEFT,
        KeyCode::Right => Buttons::RIGHT,
        KeyCode::Down => Buttons::SOFT_DROP,
        KeyCode::Up => Buttons::CW,
        KeyCode::Char(' ') => Buttons::HARD_DROP,
        KeyCode::Char(c) => match c.to_ascii_lowercase() {
            'x' => Buttons::CW,
            'z' => Buttons::CCW,
            'c' => Buttons::HOLD,
            _ => return None,
        },
        _ => return None,
    })
}

/// Turns key events into the buttons held at each tick. With key releases reported, a key is
/// held from its press to its release (the engine does DAS/ARR). Without them every press is
/// a tap: held for one tick, and a button tapped again waits a tick so the engine sees the new
/// press.
struct Input {
    releases: bool,
    held: Buttons,
    taps: VecDeque<Buttons>,
    last: Buttons,
}

impl Input {
    fn key(&mut self, key: &KeyEvent, b: Buttons) {
        match (self.releases, key.kind) {
            (true, KeyEventKind::Press) => self.held |= b,
            (true, KeyEventKind::Release) => self.held = self.held & !b,
            (true, KeyEventKind::Repeat) => {}
            (false, _) => self.taps.push_back(b),
        }
    }

    fn buttons(&mut self) -> Buttons {
        let mut now = self.held;
        if !self.releases {
            let mut waiting = VecDeque::new();
            while let Some(b) = self.taps.pop_front() {
                if self.last.contains(b) || now.contains(b) {
                    waiting.push_back(b);
                } else {
                    now |= b;
                }
            }
            self.taps = waiting;
        }
        self.last = now;
        now
    }
}

fn play(name: &str, rules: Rules, seed: u64) -> support::Outcome {
    let mut game = Game::new(rules, seed);
    let mut screen = support::Screen::enter(support::screen::Options {
        mouse: false,
        key_releases: true,
    })?;
    let mut input = Input {
        releases: screen.reports_releases(),
        held: Buttons::NONE,
        taps: VecDeque::new(),
        last: Buttons::NONE,
    };
    let mut grid = false;
    let mut next = Instant::now() + TICK;
    let mut drawn: Option<Frame> = None;
    loop {
        // Input until the next tick.
        loop {
            let now = Instant::now();
            if now >= next {
                break;
            }
            let Some(ev) = screen.next_event(Some(next - now))? else {
                break;
            };
            match ev {
                TermEvent::Key(key) => {
                    if key.kind != KeyEventKind::Release && support::keys::is_quit(&key) {
                        drop(screen);
                        println!(
                            "tetris: seed {seed}, score {}, lines {}, level {}",
                            game.score(),
                            game.lines(),
                            game.level()
                        );
                        return Ok(());
                    }
                    if key.kind == KeyEventKind::Press {
                        match support::keys::char_of(&key).map(|c| c.to_ascii_lowercase()) {
                            Some('p') if !game.is_over() => {
                                if game.is_paused() {
                                    game.resume()?;
                                } else {
                                    game.pause()?;
                                }
                                continue;
                            }
                            Some('g') => {
                                grid = !grid;
                                continue;
                            }
                            _ => {}
                        }
                    }
                    if let Some(b) = button(&key) {
                        input.key(&key, b);
                    }
                }
                TermEvent::Resize(..) => drawn = None,
                _ => {}
            }
        }
        let buttons = input.buttons();
        game.tick(buttons);
        let frame = Frame::of(&game, grid);
        if drawn.as_ref() != Some(&frame) {
            draw(&mut screen, name, &game, grid, drawn.is_none())?;
            drawn = Some(frame);
        }
        next += TICK;
        let now = Instant::now();
        if now > next + 5 * TICK {
            // Far behind (the terminal was slow or the process stopped): do not race to catch up.
            next = now + TICK;
        }
    }
}

/// What the screen shows, to redraw only when it changes.
#[derive(PartialEq)]
struct Frame {
    active: Option<Tetromino>,
    board: Board,
    hold: Option<Piece>,
    next: Vec<Piece>,
    score: u64,
    status: Status,
    grid: bool,
}

impl Frame {
    fn of(game: &Game, grid: bool) -> Frame {
        Frame {
            active: game.active(),
            board: game.board().clone(),
            hold: game.hold_piece(),
            next: game.next().to_vec(),
            score: game.score(),
            status: game.status(),
            grid,
        }
    }
}

fn piece_color(p: Piece) -> Color {
    palette::TETROMINOES[p.index()]
}

const FIELD_X: u16 = 2;
const FIELD_Y: u16 = 1;
/// Buffer rows drawn above the visible field (where pieces spawn).
const SHOWN_BUFFER: usize = 2;
const PANEL_X: u16 = 27;

fn draw(
    screen: &mut support::Screen,
    name: &str,
    game: &Game,
    grid: bool,
    clear: bool,
) -> io::Result<()> {
    let rules = game.rules();
    let (w, h) = (rules.width(), rules.visible_height());
    let (cols, rows) = support::Screen::size()?;
    if clear {
        screen.begin()?;
    }
    let need_cols = PANEL_X + 24;
    let need_rows = FIELD_Y + (h + SHOWN_BUFFER) as u16 + 2;
    if cols < need_cols || rows < need_rows {
        screen.begin()?;
        screen.text(
            0,
            0,
            format!("Enlarge the terminal to {need_cols}x{need_rows} (q quits)"),
        )?;
        return screen.show();
    }
    let title = format!(
        "Tetris · {name} rules · seed {} · level {} · lines {} · score {}",
        game.seed(),
        game.level(),
        game.lines(),
        game.score()
    );
    screen.text(0, 0, format!("{title:<width$}", width = cols as usize - 1))?;
    let system = rules.rotation_system();
    let active = game.active().map(|t| Field::cells(system, t));
    let ghost = game.ghost().map(|t| Field::cells(system, t));
    let piece = game.active().map(|t| t.piece);
    let paused = game.is_paused();
    // The visible rows, and above them the two buffer rows where pieces appear.
    let shown = h + SHOWN_BUFFER;
    for row in 0..shown {
        let y = shown - 1 - row;
        let sy = FIELD_Y + row as u16;
        let wall = if y < h { "│" } else { " " };
        screen.styled(FIELD_X - 1, sy, wall.dark_grey())?;
        for x in 0..w {
            let sx = FIELD_X + 2 * x as u16;
            let here = (x as i32, y as i32);
            let cell = game.board().get(Pos::new(x, y));
            let text = if paused {
                "  ".stylize()
            } else if let (Some(cells), Some(p)) = (active, piece)
                && cells.contains(&here)
            {
                "██".with(piece_color(p))
            } else if let Some(c) = cell {
                match c {
                    Cell::Piece(p) => "██".with(piece_color(p)),
                    Cell::Garbage => "██".with(Color::Grey),
                }
            } else if let (Some(cells), Some(p)) = (ghost, piece)
                && cells.contains(&here)
            {
                "[]".with(piece_color(p))
            } else if grid && y < h {
                // The calculator's help grid: a guide in every column.
                if x % 2 == 0 { " ·" } else { " :" }.dark_grey()
            } else {
                "  ".stylize()
            };
            screen.styled(sx, sy, text)?;
        }
        screen.styled(FIELD_X + 2 * w as u16, sy, wall.dark_grey())?;
    }
    let h = shown; // below: screen rows of the drawn field
    let bottom = format!("└{}┘", "──".repeat(w));
    screen.styled(FIELD_X - 1, FIELD_Y + h as u16, bottom.dark_grey())?;
    if grid {
        let numbers: String = (0..w)
            .flat_map(|x| [' ', char::from(b'0' + (x % 10) as u8)])
            .collect();
        screen.styled(FIELD_X, FIELD_Y + h as u16 + 1, numbers.dark_grey())?;
    } else {
        screen.text(FIELD_X, FIELD_Y + h as u16 + 1, " ".repeat(2 * w))?;
    }
    if paused {
        screen.styled(
            FIELD_X + w as u16 - 3,
            FIELD_Y + h as u16 / 2,
            "PAUSED".bold(),
        )?;
    }
    if let Status::Over { reason } = game.status() {
        let msg = format!("GAME OVER ({reason})");
        let x = (FIELD_X + w as u16).saturating_sub(msg.len() as u16 / 2);
        screen.styled(x, FIELD_Y + h as u16 / 2, msg.bold().red())?;
        screen.styled(x, FIELD_Y + h as u16 / 2 + 1, "q quits".bold())?;
    }
    draw_panel(screen, game, rows)?;
    screen.show()
}

/// The panel right of the field: hold, next, counters, keys.
fn draw_panel(screen: &mut support::Screen, game: &Game, rows: u16) -> io::Result<()> {
    let rules = game.rules();
    let system = rules.rotation_system();
    let mut y = FIELD_Y + SHOWN_BUFFER as u16;
    screen.text(PANEL_X, y, "Hold")?;
    draw_piece(
        screen,
        PANEL_X,
        y + 1,
        game.hold_piece(),
        system,
        !game.can_hold(),
    )?;
    y += 4;
    screen.text(PANEL_X, y, "Next")?;
    y += 1;
    for i in 0..rules.preview() {
        draw_piece(
            screen,
            PANEL_X,
            y,
            game.next().get(i).copied(),
            system,
            false,
        )?;
        y += 3;
    }
    y = y.max(FIELD_Y + 10);
    let lines = [
        format!("Score  {:<10}", game.score()),
        format!("Level  {:<10}", game.level()),
        format!("Lines  {:<10}", game.lines()),
        String::new(),
        "←→ move  ↓ soft drop".into(),
        "↑ x cw   z ccw".into(),
        "space drop  c hold".into(),
        "p pause  g grid  q quit".into(),
    ];
    for (i, l) in lines.iter().enumerate() {
        if y + (i as u16) < rows {
            screen.text(PANEL_X, y + i as u16, format!("{l:<24}"))?;
        }
    }
    Ok(())
}

/// A piece in its spawn state in a 4 x 2 box at `(x, y)` (blank when `None`).
fn draw_piece(
    screen: &mut support::Screen,
    x: u16,
    y: u16,
    piece: Option<Piece>,
    system: plateau_tetris::RotationSystem,
    dim: bool,
) -> io::Result<()> {
    for row in 0..2u16 {
        screen.text(x, y + row, "        ")?;
    }
    let Some(p) = piece else { return Ok(()) };
    let offsets = system.offsets(p, plateau_tetris::Rotation::North);
    let min_x = offsets.iter().map(|o| o.0).min().unwrap_or(0);
    let max_y = offsets.iter().map(|o| o.1).max().unwrap_or(0);
    for (dx, dy) in offsets {
        let col = (dx - min_x) as u16;
        let row = (max_y - dy) as u16;
        if row < 2 {
            let color = if dim { Color::DarkGrey } else { piece_color(p) };
            screen.styled(x + 2 * col, y + row, "██".with(color))?;
        }
    }
    Ok(())
}
