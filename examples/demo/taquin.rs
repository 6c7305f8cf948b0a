//! The taquin demo: a seeded scramble solved optimally where that is quick, by the
//! reduction solver otherwise (shared by `taquin --demo` and the tour).

use std::io::{self, Write};

use plateau_taquin::{Board, Size, SolveError, format_moves, solve, solve_fast, solve_limited};

/// Node budget of the demo's optimal search on boards larger than 3 x 3 (about a second in
/// release); past it the demo falls back to the fast reduction solver and says so.
const BUDGET: u64 = 20_000_000;

/// A seeded 4 x 4 scramble: see [`run_sized`].
#[allow(
    dead_code,
    reason = "the tour uses `run`, the taquin example `run_sized`"
)]
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    run_sized(Size::square(4), seed, out)
}

/// Scrambles a `size` board from `seed`, solves it and prints the start, the moves, the
/// final position and a one-line summary: optimal up to 3 x 3, optimal within the node
/// budget up to 16 cells, the reduction solver beyond (or past the budget).
pub fn run_sized(size: Size, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut board = Board::new(size, seed).map_err(io::Error::other)?;
    writeln!(out, "Taquin {size}, seed {seed}:")?;
    writeln!(out, "{board}")?;
    let cells = board.cells();
    let fast = |board: &Board| -> io::Result<_> {
        Ok((
            solve_fast(board).map_err(io::Error::other)?,
            "reduction, not optimal",
        ))
    };
    let (solution, how) = if cells <= 9 {
        (solve(&board).map_err(io::Error::other)?, "optimal")
    } else if cells <= 16 {
        match solve_limited(&board, BUDGET) {
            Ok(s) => (s, "optimal"),
            Err(SolveError::NodeLimit { .. }) => fast(&board)?,
            Err(e) => return Err(io::Error::other(e)),
        }
    } else {
        fast(&board)?
    };
    board.play_all(&solution.moves).map_err(io::Error::other)?;
    writeln!(out, "moves: {}", format_moves(&solution.moves))?;
    writeln!(out, "{board}")?;
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
