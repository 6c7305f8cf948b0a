//! The taquin (15-puzzle) in the terminal: play, watch a solver, solve boards, run Korf's 100.
//!
//! ```text
//! cargo run --release --example taquin                         # play a 4 x 4
//! cargo run --release --example taquin -- --size 5x3 --seed 7
//! cargo run --release --example taquin -- --demo               # scramble, solve, print
//! cargo run --release --example taquin -- solve "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
//! echo "8 6 7 2 5 4 3 0 1" | cargo run --release --example taquin -- solve --size 3x3
//! cargo run --release --example taquin -- korf                 # Korf's 100, nodes and times
//! ```

#[path = "demo/taquin.rs"]
mod demo;
#[path = "support/mod.rs"]
mod support;

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Parser, Subcommand};
use crossterm::event::{self, Event, KeyCode, KeyEventKind, MouseButton, MouseEventKind};
use crossterm::style::{Color, Stylize};
use crossterm::{cursor, execute, queue, terminal};
use plateau_grid::Pos;
use plateau_taquin::{
    Board, Move, PatternDatabase, Solution, format_moves, solve_fast, solve_optimal,
};

#[derive(Parser)]
#[command(about = "The taquin (15-puzzle): slide the tiles back into order")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Board size, `WxH` (2..=16 each side).
    #[arg(long, default_value = "4x4", value_parser = parse_size)]
    size: (usize, usize),
    /// Seed of the scramble (a fresh one is drawn and printed otherwise).
    #[arg(long)]
    seed: Option<u64>,
    /// Scramble, solve, print the moves and their count (no terminal needed).
    #[arg(long)]
    demo: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Solve boards: one output line per board, "<length> <moves>" (moves name the direction
    /// each tile slides). Optimal for every size small enough; 4 x 4 uses pattern databases.
    Solve {
        /// Board size, `WxH`.
        #[arg(long, default_value = "4x4", value_parser = parse_size)]
        size: (usize, usize),
        /// Load the pattern databases from this file, or build and save them there.
        #[arg(long)]
        pdb: Option<PathBuf>,
        /// Use the fast reduction solver (any size, not optimal).
        #[arg(long)]
        fast: bool,
        /// Boards, tiles row-major separated by spaces, 0 for the blank; read from standard
        /// input, one per line, when none is given.
        boards: Vec<String>,
    },
    /// Solve Korf's 100 15-puzzle instances optimally; print nodes and time per instance
    /// and the totals (pattern-database construction included).
    Korf {
        /// The instance file (default: the crate's fixture).
        #[arg(long)]
        file: Option<PathBuf>,
        /// Load the pattern databases from this file, or build and save them there.
        #[arg(long)]
        pdb: Option<PathBuf>,
        /// Another partition of the tiles, groups separated by '/', e.g.
        /// "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15" (default: the 6-6-3 one).
        #[arg(long)]
        partition: Option<String>,
    },
}

fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let (w, h) = s.split_once(['x', 'X']).ok_or("expected WxH, e.g. 4x4")?;
    let w = w.trim().parse().map_err(|_| format!("bad width {w:?}"))?;
    let h = h.trim().parse().map_err(|_| format!("bad height {h:?}"))?;
    Board::solved(w, h).map_err(|e| e.to_string())?;
    Ok((w, h))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Solve {
            size,
            pdb,
            fast,
            boards,
        }) => solve_command(size, pdb, fast, boards),
        Some(Command::Korf {
            file,
            pdb,
            partition,
        }) => korf_command(file, pdb, partition),
        None => {
            let (w, h) = cli.size;
            if cli.demo || !support::interactive() {
                let seed = cli.seed.unwrap_or(2026);
                let mut out = io::stdout().lock();
                if (w, h) == (4, 4) {
                    demo::run(seed, &mut out)?;
                } else {
                    demo::run_sized(w, h, seed, &mut out)?;
                }
                Ok(())
            } else {
                play(w, h, cli.seed.unwrap_or_else(support::cli::fresh_seed))
            }
        }
    }
}

fn build_pdb(path: Option<&PathBuf>) -> PatternDatabase {
    match path {
        Some(p) => PatternDatabase::load_or_build(p),
        None => PatternDatabase::build(),
    }
}

#[allow(clippy::needless_pass_by_value)] // rewritten by issue 9
fn solve_command(
    (w, h): (usize, usize),
    pdb_path: Option<PathBuf>,
    fast: bool,
    boards: Vec<String>,
) -> Result<(), Box<dyn std::error::Error>> {
    let lines: Vec<String> = if boards.is_empty() {
        io::stdin().lock().lines().collect::<Result<_, _>>()?
    } else {
        boards
    };
    let mut pdb = None;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in lines.iter().filter(|l| !l.trim().is_empty()) {
        let tiles: Vec<usize> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(|t| if t == "." { Ok(0) } else { t.parse() })
            .collect::<Result<_, _>>()
            .map_err(|e| format!("bad board {line:?}: {e}"))?;
        let board =
            Board::from_tiles(w, h, &tiles).map_err(|e| format!("bad board {line:?}: {e}"))?;
        let solution = if fast {
            solve_fast(&board)
        } else if (w, h) == (4, 4) {
            pdb.get_or_insert_with(|| build_pdb(pdb_path.as_ref()))
                .solve(&board)
        } else {
            solve_optimal(&board)
        };
        match solution {
            Ok(s) => writeln!(out, "{} {}", s.len(), format_moves(&s.moves))?,
            Err(e) => writeln!(out, "error: {e}")?,
        }
        out.flush()?;
    }
    Ok(())
}

/// Korf's instance to our goal: half a turn, tile t -> 16 - t (see the fixture's header).
fn korf_board(cells: &[usize]) -> Result<Board, plateau_taquin::BoardError> {
    let mut tiles = [0usize; 16];
    for (i, &t) in cells.iter().enumerate() {
        tiles[15 - i] = if t == 0 { 0 } else { 16 - t };
    }
    Board::from_tiles(4, 4, &tiles)
}

#[allow(clippy::needless_pass_by_value)] // rewritten by issue 9
fn korf_command(
    file: Option<PathBuf>,
    pdb_path: Option<PathBuf>,
    partition: Option<String>,
) -> Result<(), Box<dyn std::error::Error>> {
    let file = file.unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates/taquin/tests/korf100.txt")
    });
    let text = std::fs::read_to_string(&file)?;
    let start = Instant::now();
    let pdb = match partition {
        Some(text) => {
            let groups: Vec<Vec<u8>> = text
                .split('/')
                .map(|g| {
                    g.split(',')
                        .map(|t| t.trim().parse())
                        .collect::<Result<_, _>>()
                })
                .collect::<Result<_, _>>()?;
            let groups: Vec<&[u8]> = groups.iter().map(Vec::as_slice).collect();
            PatternDatabase::build_with(&groups)?
        }
        None => build_pdb(pdb_path.as_ref()),
    };
    let built = start.elapsed();
    println!(
        "pattern databases {:?}: {:.2} s",
        pdb.groups(),
        built.as_secs_f64()
    );
    println!("{:>4} {:>4} {:>12} {:>9}", "#", "len", "nodes", "ms");
    let (mut total_nodes, mut count) = (0u64, 0);
    let search_start = Instant::now();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let nums: Vec<usize> = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        let (id, expected) = (nums[0], nums[1]);
        let board = korf_board(&nums[2..])?;
        let t = Instant::now();
        let s: Solution = pdb.solve(&board)?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let mut replay = board.clone();
        replay.play_all(&s.moves)?;
        if s.len() != expected || !replay.is_solved() {
            return Err(
                format!("instance {id}: got {} moves, expected {expected}", s.len()).into(),
            );
        }
        println!("{id:>4} {:>4} {:>12} {ms:>9.1}", s.len(), s.nodes);
        total_nodes += s.nodes;
        count += 1;
    }
    let search = search_start.elapsed().as_secs_f64();
    println!(
        "all {count} optimal: {total_nodes} nodes ({} per instance), search {search:.2} s, \
         construction {:.2} s, total {:.2} s",
        total_nodes / count.max(1),
        built.as_secs_f64(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

// ---------------------------------------------------------------- interactive play

const CELL_W: u16 = 5;
const CELL_H: u16 = 2;
const ORIGIN: (u16, u16) = (2, 3);

fn play(w: usize, h: usize, seed: u64) -> Result<(), Box<dyn std::error::Error>> {
    let mut seed = seed;
    let mut board = Board::scrambled(w, h, seed)?;
    let mut moves = 0u32;
    let mut message = String::from("arrows slide a tile, click a tile, n: new game, q: quit");
    let _screen = support::Screen::enter(support::screen::Options::default())?;
    execute!(io::stdout(), event::EnableMouseCapture)?;
    let result = (|| -> Result<(), Box<dyn std::error::Error>> {
        loop {
            draw(&board, seed, moves, &message)?;
            let ev = event::read()?;
            let outcome = match ev {
                Event::Key(k) if k.kind != KeyEventKind::Release => match k.code {
                    KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                    KeyCode::Char('n') => {
                        seed = seed.wrapping_add(1);
                        board = Board::scrambled(w, h, seed)?;
                        moves = 0;
                        message = format!("new game, seed {seed}");
                        continue;
                    }
                    KeyCode::Up | KeyCode::Char('w') => Some(board.play(Move::Up).map(|()| 1)),
                    KeyCode::Down | KeyCode::Char('s') => Some(board.play(Move::Down).map(|()| 1)),
                    KeyCode::Left | KeyCode::Char('a') => Some(board.play(Move::Left).map(|()| 1)),
                    KeyCode::Right | KeyCode::Char('d') => {
                        Some(board.play(Move::Right).map(|()| 1))
                    }
                    _ => None,
                },
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    let (cx, cy) = (m.column, m.row);
                    if cx >= ORIGIN.0 && cy >= ORIGIN.1 {
                        let pos = Pos::new(
                            usize::from((cx - ORIGIN.0) / CELL_W),
                            usize::from((cy - ORIGIN.1) / CELL_H),
                        );
                        Some(board.click(pos).map(|s| s.tiles as u32))
                    } else {
                        None
                    }
                }
                _ => None,
            };
            match outcome {
                Some(Ok(n)) => {
                    moves += n;
                    message = if board.is_solved() {
                        format!("solved in {moves} moves! n: new game, q: quit")
                    } else {
                        String::new()
                    };
                }
                Some(Err(e)) => message = e.to_string(),
                None => {}
            }
        }
    })();
    execute!(io::stdout(), event::DisableMouseCapture)?;
    result
}

fn draw(board: &Board, seed: u64, moves: u32, message: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    queue!(
        out,
        terminal::Clear(terminal::ClearType::All),
        cursor::MoveTo(0, 0)
    )?;
    write!(
        out,
        "Taquin {}x{}  seed {seed}  moves {moves}{}",
        board.width(),
        board.height(),
        if board.is_solved() { "  SOLVED" } else { "" }
    )?;
    for y in 0..board.height() {
        for x in 0..board.width() {
            let t = board.tile_at(Pos::new(x, y)).unwrap_or(0);
            let (px, py) = (ORIGIN.0 + x as u16 * CELL_W, ORIGIN.1 + y as u16 * CELL_H);
            queue!(out, cursor::MoveTo(px, py))?;
            if t == 0 {
                write!(out, "     ")?;
            } else {
                let home = board.goal_position(t) == Some(Pos::new(x, y));
                let bg = if home {
                    Color::DarkGreen
                } else {
                    row_colour(t, board.width())
                };
                write!(
                    out,
                    "{}",
                    format!(" {t:>3} ").with(Color::White).on(bg).bold()
                )?;
            }
        }
    }
    let bottom = ORIGIN.1 + board.height() as u16 * CELL_H + 1;
    queue!(out, cursor::MoveTo(0, bottom))?;
    write!(out, "{message}")?;
    out.flush()
}

fn row_colour(tile: usize, width: usize) -> Color {
    const PALETTE: [Color; 6] = [
        Color::DarkBlue,
        Color::DarkMagenta,
        Color::DarkCyan,
        Color::DarkRed,
        Color::DarkYellow,
        Color::Blue,
    ];
    PALETTE[((tile - 1) / width) % PALETTE.len()]
}
