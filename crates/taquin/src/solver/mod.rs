//! The solvers, and the entry points every Plateau puzzle has: [`solve`],
//! [`solve_limited`] and [`hint`].
//!
//! - `ida.rs`: the one IDA* driver (bound, path, node budget) both optimal solvers use.
//! - `manhattan.rs`: its heuristic for any size, Manhattan distance plus linear conflicts.
//! - `pdb/`: additive pattern databases, the optimal 4 x 4 solver ([`PatternDatabase`]).
//! - `reduce.rs`: the fast reduction solver for any size, not optimal ([`solve_fast`]).
//! - `best.rs`: which of them answers a board under a [`Budget`] ([`solve_best`]), and the
//!   solver as a player ([`solver_bot`]).

mod best;
mod ida;
mod manhattan;
mod pdb;
mod prune;
mod reduce;

use plateau_grid::{Bot, Solution};

pub use best::{
    Budget, Solver, SolverBot, solve_best, solve_best_shared, solve_best_with, solver_bot,
};
pub use manhattan::manhattan_linear_conflict;
pub use pdb::{MAX_GROUP, Partition, PatternDatabase};
pub use reduce::solve_fast;

use crate::board::Board;
use crate::error::SolveError;
use crate::moves::Move;

/// Solves `board` optimally: IDA* with Manhattan distance plus linear conflicts, any size.
///
/// Instant up to 3 x 3 (the hardest 8-puzzles, 31 moves, take about a millisecond in
/// release), fine on 2 x N and easy 4 x 4 boards; the work grows exponentially with the
/// solution length, so a hard 4 x 4 wants [`PatternDatabase::solve`], and anything larger
/// [`solve_limited`] (with a budget) or [`solve_fast`] (not optimal).
///
/// # Errors
/// [`SolveError::Unsolvable`] for a board that cannot reach the goal.
///
/// ```
/// use plateau_taquin::{Board, Play, solve};
/// let board: Board = "8 6 7\n2 5 4\n3 . 1".parse()?; // one of the two hardest 8-puzzles
/// let solution = solve(&board)?;
/// assert_eq!(solution.len(), 31);
/// let mut replay = board.clone();
/// replay.play_all(&solution.moves)?;
/// assert!(replay.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(board: &Board) -> Result<Solution<Move>, SolveError> {
    solve_limited(board, u64::MAX)
}

/// [`solve`] that gives up after expanding `max_nodes` search nodes (10 M nodes take about
/// a second in release).
///
/// # Errors
/// [`SolveError::Unsolvable`], or [`SolveError::NodeLimit`] when the budget runs out.
///
/// ```
/// use plateau_taquin::{Board, SolveError, solve_limited};
/// let board: Board = "8 6 7\n2 5 4\n3 . 1".parse()?;
/// assert!(matches!(solve_limited(&board, 100), Err(SolveError::NodeLimit { nodes: 100 })));
/// assert_eq!(solve_limited(&board, 1_000_000)?.len(), 31);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_limited(board: &Board, max_nodes: u64) -> Result<Solution<Move>, SolveError> {
    if !board.is_solvable() {
        return Err(SolveError::Unsolvable);
    }
    ida::solve(manhattan::Manhattan::new(board), max_nodes)
}

/// A good next move, cheaply: `None` when the board is solved or unsolvable. It is the
/// first move of [`solver_bot`]'s plan within [`Budget::HINT`].
///
/// The move starts an optimal solution on every board up to 3 x 3 and on larger boards
/// within 24 moves of the goal (found by IDA* limited to that length); further away it is
/// the first move of [`solve_fast`]'s solution, which is not optimal. So following the
/// hints gets there: far from the goal each step follows the reduction solver's plan
/// (whose phases only ever advance), and once within 24 moves each step is one move
/// closer. A hint costs at most a few milliseconds in release, the fast solver's time (about
/// 60 ms on 16 x 16). For optimal hints on any 4 x 4 board, see [`PatternDatabase::hint`].
///
/// ```
/// use plateau_taquin::{Board, Move, Play, Size, hint, solve};
/// let mut board: Board = "1 2 3\n4 5 6\n7 . 8".parse()?;
/// assert_eq!(hint(&board), Some(Move::Left));
/// board.play(Move::Left)?;
/// assert_eq!(hint(&board), None); // solved
/// // Following the hints solves the board, here optimally.
/// let start = Board::new(Size::new(3, 3), 5)?;
/// let mut board = start.clone();
/// let mut moves = 0;
/// while let Some(m) = hint(&board) {
///     board.play(m)?;
///     moves += 1;
/// }
/// assert!(board.is_solved());
/// assert_eq!(moves, solve(&start)?.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn hint(board: &Board) -> Option<Move> {
    // The first move of the solver bot's plan within the hint's budget.
    solver_bot(Budget::HINT).choose(board)
}
