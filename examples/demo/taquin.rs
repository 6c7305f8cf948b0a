//! The taquin demo: a seeded 4 x 4 scramble solved optimally (shared by `taquin --demo` and
//! the tour).

use std::io::{self, Write};

use plateau_taquin::{Board, format_moves, solve_fast, solve_optimal, solve_optimal_limited};

/// Node budget of the demo's optimal search (well under a second in release); past it the
/// demo falls back to the fast reduction solver and says so.
const BUDGET: u64 = 20_000_000;

/// Scrambles a 4 x 4 board from `seed`, solves it (optimally when IDA* with Manhattan plus
/// linear conflicts finishes within its budget) and prints the start, the moves, the final
/// position and a one-line summary.
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    run_sized(4, 4, seed, out)
}

/// [`run`] for any size: optimal for boards up to 3 x 3 (and 4 x 4 within the budget), the
/// reduction solver beyond. (Used by the taquin example's `--size`, not by the tour.)
#[allow(dead_code)]
pub fn run_sized(width: usize, height: usize, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut board = Board::scrambled(width, height, seed).map_err(io::Error::other)?;
    writeln!(out, "Taquin {width}x{height}, seed {seed}:")?;
    write!(out, "{board}")?;
    let cells = width * height;
    let (solution, how) = if cells <= 9 {
        (solve_optimal(&board).map_err(io::Error::other)?, "optimal")
    } else if cells <= 16 {
        match solve_optimal_limited(&board, BUDGET) {
            Ok(s) => (s, "optimal"),
            Err(_) => (
                solve_fast(&board).map_err(io::Error::other)?,
                "reduction, not optimal",
            ),
        }
    } else {
        (
            solve_fast(&board).map_err(io::Error::other)?,
            "reduction, not optimal",
        )
    };
    board.play_all(&solution.moves).map_err(io::Error::other)?;
    writeln!(out, "moves: {}", format_moves(&solution.moves))?;
    write!(out, "{board}")?;
    writeln!(
        out,
        "taquin: {} in {} moves ({how}, {} nodes)",
        if board.is_solved() {
            "solved"
        } else {
            "NOT solved"
        },
        solution.len(),
        solution.nodes
    )
}
