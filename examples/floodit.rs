//! Flood-It in the terminal: play, watch the exact solver, solve boards, measure the solvers.
//!
//! ```text
//! cargo run --release --example floodit                       # play 12 x 12, 6 colours, 22 moves
//! cargo run --release --example floodit -- --size 14 --moves 25 --seed 7
//! cargo run --release --example floodit -- --demo             # the exact solver plays
//! cargo run --release --example floodit -- solve --width 3 --colors 3 012120201
//! cargo run --release --example floodit -- bench --boards 1000
//! ```

#[path = "demo/floodit.rs"]
mod demo;
#[path = "support/mod.rs"]
mod support;

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Instant;

use clap::{Parser, Subcommand};
use plateau_floodit::{
    Board, Color, Config, Game, Status, Strategy, greedy, lookahead, solve, solve_with_limit,
};
use plateau_grid::Pos;

#[derive(Parser)]
#[command(about = "Flood-It: flood the board with one colour from the top-left corner")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Board side (square board).
    #[arg(long, default_value_t = 12)]
    size: usize,
    /// Number of colours (2..=36).
    #[arg(long, default_value_t = 6)]
    colors: u8,
    /// Move limit.
    #[arg(long, default_value_t = 22)]
    moves: u32,
    /// Seed of the board (a fresh one is drawn and printed otherwise).
    #[arg(long)]
    seed: Option<u64>,
    /// Start the flood from the centre cell instead of the top-left.
    #[arg(long)]
    centre: bool,
    /// Let the exact solver play a 14 x 14, 6-colour game and print the result.
    #[arg(long)]
    demo: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Solve boards optimally: one line per board, "<moves> <colours played>".
    Solve {
        /// Board width.
        #[arg(long)]
        width: usize,
        /// Number of colours.
        #[arg(long, default_value_t = 6)]
        colors: u8,
        /// Boards in one-line form (rows run together); read from standard input, one per
        /// line, when none is given.
        boards: Vec<String>,
    },
    /// Solve random boards with every solver and report lengths and times.
    Bench {
        /// Number of boards.
        #[arg(long, default_value_t = 1000)]
        boards: u64,
        /// Board side.
        #[arg(long, default_value_t = 14)]
        size: usize,
        /// Number of colours.
        #[arg(long, default_value_t = 6)]
        colors: u8,
        /// First seed; board i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Lookahead depth.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Start the flood from the centre cell.
        #[arg(long)]
        centre: bool,
    },
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Solve {
            width,
            colors,
            ref boards,
        }) => solve_cmd(width, colors, boards),
        Some(Command::Bench {
            boards,
            size,
            colors,
            seed,
            depth,
            centre,
        }) => bench_cmd(boards, size, colors, seed, depth, centre),
        None if cli.demo => {
            let seed = cli.seed.unwrap_or(2026);
            demo::run(seed, &mut io::stdout().lock()).map_err(|e| e.to_string())
        }
        None => play(&cli),
    };
    if let Err(e) = result {
        eprintln!("floodit: {e}");
        std::process::exit(1);
    }
}

fn solve_cmd(width: usize, colors: u8, boards: &[String]) -> Result<(), String> {
    let mut lines: Vec<String> = boards.to_vec();
    if lines.is_empty() {
        for line in io::stdin().lock().lines() {
            let line = line.map_err(|e| e.to_string())?;
            if !line.trim().is_empty() {
                lines.push(line);
            }
        }
    }
    let mut out = io::stdout().lock();
    for line in &lines {
        let board = Board::from_line(line, width).map_err(|e| format!("{line}: {e}"))?;
        let config = Config {
            width,
            height: board.height(),
            colors,
            max_moves: u32::MAX,
            start: Pos::new(0, 0),
        };
        let game = Game::from_board(board, config).map_err(|e| format!("{line}: {e}"))?;
        let moves = solve(&game);
        let text: String = moves.iter().map(ToString::to_string).collect();
        writeln!(out, "{} {text}", moves.len()).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn bench_cmd(
    boards: u64,
    size: usize,
    colors: u8,
    seed: u64,
    depth: u32,
    centre: bool,
) -> Result<(), String> {
    let config = Config::new(size, size, colors, 1000).map_err(|e| e.to_string())?;
    let config = if centre {
        config.centre_start()
    } else {
        config
    };
    let games: Vec<Game> = (0..boards)
        .map(|i| Game::new(config, seed + i).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let bar = if io::stderr().is_terminal() {
        indicatif::ProgressBar::new(boards)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let start = Instant::now();
    let mut optimal = Vec::with_capacity(games.len());
    let mut nodes = 0u64;
    let mut evals = 0u64;
    for g in &games {
        let s = solve_with_limit(g, u64::MAX).ok_or("node limit")?;
        optimal.push(s.moves.len());
        nodes += s.nodes;
        evals += s.evals;
        bar.inc(1);
    }
    let exact_time = start.elapsed();
    bar.finish_and_clear();
    let start = Instant::now();
    let greedy_len: Vec<usize> = games.iter().map(|g| greedy(g).len()).collect();
    let greedy_time = start.elapsed();
    let start = Instant::now();
    let look_len: Vec<usize> = games.iter().map(|g| lookahead(g, depth).len()).collect();
    let look_time = start.elapsed();
    let n = games.len().max(1) as f64;
    let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / n;
    let excess = |v: &[usize]| {
        v.iter()
            .zip(&optimal)
            .map(|(a, b)| (*a as f64) - (*b as f64))
            .sum::<f64>()
            / n
    };
    println!(
        "{boards} boards {size}x{size}, {colors} colours, start {}, seeds {seed}..{}",
        config.start,
        seed + boards
    );
    println!(
        "exact:      mean {:.3} moves, total {:.3} s, {:.3} ms per board, max {}, {:.0} nodes, {:.0} bound evaluations per board",
        mean(&optimal),
        exact_time.as_secs_f64(),
        exact_time.as_secs_f64() * 1e3 / n,
        optimal.iter().max().unwrap_or(&0),
        nodes as f64 / n,
        evals as f64 / n
    );
    println!(
        "greedy:     mean {:.3} moves, excess {:.3}, {:.3} ms per board",
        mean(&greedy_len),
        excess(&greedy_len),
        greedy_time.as_secs_f64() * 1e3 / n
    );
    println!(
        "lookahead {depth}: mean {:.3} moves, excess {:.3}, {:.3} ms per board",
        mean(&look_len),
        excess(&look_len),
        look_time.as_secs_f64() * 1e3 / n
    );
    Ok(())
}

/// Background colours for up to 36 colours: the six classic ones first.
const PALETTE: [u8; 36] = [
    196, 46, 226, 21, 201, 51, 208, 93, 250, 22, 130, 17, 160, 28, 220, 57, 168, 37, 94, 240, 124,
    64, 178, 18, 163, 30, 136, 54, 203, 71, 229, 63, 95, 66, 180, 238,
];

#[allow(clippy::format_push_string)] // rewritten on crossterm by issue 9
fn render(game: &Game) -> String {
    let mut s = String::new();
    let board = game.board();
    for y in 0..board.height() {
        for x in 0..board.width() {
            let c = board.get(Pos::new(x, y)).unwrap_or(Color(0));
            let bg = PALETTE[c.index() % PALETTE.len()];
            s.push_str(&format!("\x1b[48;5;{bg}m\x1b[30m {c} \x1b[0m"));
        }
        s.push('\n');
    }
    s
}

/// Work allowed to the exact solver for an interactive hint before falling back to lookahead.
const HINT_NODES: u64 = 100_000;

/// The exact solver's move when it answers quickly, else the depth-3 lookahead's.
fn quick_hint(game: &Game) -> Option<Color> {
    if game.is_over() {
        return None;
    }
    match solve_with_limit(game, HINT_NODES) {
        Some(s) => s.moves.first().copied(),
        None => Strategy::Lookahead(3).hint(game),
    }
}

fn play(cli: &Cli) -> Result<(), String> {
    let config = Config {
        width: cli.size,
        height: cli.size,
        colors: cli.colors,
        max_moves: cli.moves,
        start: Pos::new(0, 0),
    };
    let config = if cli.centre {
        config.centre_start()
    } else {
        config
    };
    let seed = cli.seed.unwrap_or_else(support::cli::fresh_seed);
    let mut game = Game::new(config, seed).map_err(|e| e.to_string())?;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout();
    let last = config.colors - 1;
    loop {
        let _ = write!(out, "\n{}", render(&game));
        let _ = writeln!(out, "Moves: {}/{}", game.moves_used(), config.max_moves);
        match game.status() {
            Status::Won { moves } => {
                let _ = writeln!(out, "You won in {moves} moves!");
                return Ok(());
            }
            Status::Lost => {
                let fresh = Game::new(config, seed).map_err(|e| e.to_string())?;
                match solve_with_limit(&fresh, HINT_NODES) {
                    Some(best) => {
                        let n = best.moves.len();
                        let _ = writeln!(
                            out,
                            "Out of moves: you lose. (This board can be flooded in {n}.)"
                        );
                    }
                    None => {
                        let _ = writeln!(out, "Out of moves: you lose.");
                    }
                }
                return Ok(());
            }
            _ => {}
        }
        let _ = write!(out, "Choose a colour (0-{last}, ? for a hint, 999 quits): ");
        let _ = out.flush();
        let mut line = String::new();
        if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            let _ = writeln!(out);
            return Ok(());
        }
        let line = line.trim();
        if line == "999" {
            let _ = writeln!(out, "Bye.");
            return Ok(());
        }
        if line == "?" {
            if let Some(c) = quick_hint(&game) {
                let _ = writeln!(out, "Hint: {c}");
            }
            continue;
        }
        let color = match line.parse::<u8>() {
            Ok(n) => Color(n),
            Err(_) => {
                if let Ok(c) = line.parse::<Color>() {
                    c
                } else {
                    let _ = writeln!(out, "Type a colour number from 0 to {last}.");
                    continue;
                }
            }
        };
        if let Err(e) = game.play(color) {
            let _ = writeln!(out, "Not played: {e}.");
        }
    }
}
