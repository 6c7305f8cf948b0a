//! The taquin demo: a seeded scramble solved optimally where that is quick, by the
//! reduction solver otherwise (shared by `taquin --demo` and the tour).

use std::io::{self, Write};

use plateau_taquin::{Board, Budget, Play, Size, format_moves, solve_best};

/// A seeded 4 x 4 scramble: see [`run_sized`] (the tour's section).
///
/// # Errors
/// Writing to `out` failed.
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    run_sized(Size::square(4), seed, out)
}

/// Scrambles a `size` board from `seed`, solves it within [`Budget::PLAY`] (the library
/// picks the solver: optimal where that is affordable, the reduction solver otherwise) and
/// prints the start, the moves, the final position and a one-line summary.
///
/// # Errors
/// `size` is not a taquin size, the search failed, or writing to `out` failed.
pub fn run_sized(size: Size, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut board = Board::new(size, seed).map_err(io::Error::other)?;
    writeln!(out, "Taquin {size}, seed {seed}:")?;
    writeln!(out, "{board}")?;
    let (solution, solver) = solve_best(&board, Budget::PLAY).map_err(io::Error::other)?;
    let how = if solver.is_optimal() {
        "optimal"
    } else {
        "reduction, not optimal"
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
