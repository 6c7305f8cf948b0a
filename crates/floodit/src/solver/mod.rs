//! Solvers: [`greedy`], depth-limited [`lookahead`] and the exact, optimal [`solve`] (IDA* on
//! the region graph, in [`exact`]), with [`hint`] for a front end's next move, and which of
//! them to use within a time ([`solve_best`], in `best.rs`) with the solver as a player
//! ([`solver_bot`]).
//!
//! Every strategy returns the same [`Solution`] (moves and search nodes expanded) and works on
//! the board's region graph with the flood as a set of regions, in fixed-width bitsets
//! (`[u64; W]`, `W` chosen from the number of regions; [`graph`]). Only the colours touching
//! the flood are considered: any other move absorbs nothing. Every solver ignores the move
//! limit: it answers how to flood the board from the game's position, however many moves
//! that takes.
//!
//! Files: `graph.rs` (the fixed-width region graph and a move on it), `greedy.rs`,
//! `lookahead.rs`, `exact.rs` (IDA* and its dominance rules), `bound.rs` (its lower bound),
//! `table.rs` (its transposition table, bounded in memory), `best.rs` (the choice between
//! them, and the bot).

mod best;
mod bound;
mod exact;
mod graph;
mod greedy;
mod lookahead;
mod table;

use plateau_grid::Play;

use crate::{Color, Game, Solution, SolveError};
use graph::{Graph, Node};

pub use best::{SolverBot, solve_best, solver_bot};

/// The time [`hint`] gives the exact solver, in milliseconds (as estimated by
/// [`node_budget`]), before it falls back to [`lookahead`] ([`solve_best`]'s choice).
pub const HINT_MILLIS: u64 = 100;

/// The time a front end gives [`solve_best`] on a new board, in milliseconds: enough for
/// the exact solver on the usual boards, short enough to deal a board at once.
pub const PLAY_MILLIS: u64 = 1000;

/// The time a batch command gives each board's search, in milliseconds (as estimated by
/// [`node_budget`]): the default budget of `floodit solve` and `floodit bench`.
pub const BATCH_MILLIS: u64 = 5000;

/// The move limit that makes a board fair to play: `best` (the length of a known solution,
/// such as [`solve_best`]'s) plus a quarter, at least 2 more. Every board so limited can be
/// won, since the solution fits; on the usual boards it is the classic engines' limit
/// (12x12 with 6 colours: about 22; 14x14: about 25).
///
/// ```
/// use plateau_floodit::fair_limit;
///
/// assert_eq!(fair_limit(18), 23);
/// assert_eq!(fair_limit(4), 6); // at least 2 more
/// assert_eq!(fair_limit(0), 2);
/// assert_eq!(fair_limit(usize::MAX), u32::MAX); // saturates
/// ```
#[must_use]
pub fn fair_limit(best: usize) -> u32 {
    let best = u32::try_from(best).unwrap_or(u32::MAX);
    best.saturating_add(best.div_ceil(4).max(2))
}

/// How many greedy or lookahead nodes cost one exact-search node, at the least (see
/// [`Solver::node_budget`]).
const HEURISTIC_NODE_RATIO: u64 = 20;

/// Nanoseconds one exact-search node takes per unit of `colours x set words x (width +
/// height)`: measured between 2 and 8 on the development machine over boards from 14x14 with
/// 6 colours to 64x64 with 36, under load; the middle is taken.
const NANOS_PER_UNIT: u64 = 4;

/// A node budget for [`solve_limited`] that takes about `millis` milliseconds on this game's
/// board, from a cost model: a node costs in proportion to the number of colours, the words
/// of a set of regions and the distance across the board (`width + height`). The estimate is
/// calibrated on the workspace's development machine and holds within a factor of about 3
/// either way; it is deterministic (no clock is read), so a budget computed from it gives the
/// same answer on every run.
///
/// ```
/// use plateau_floodit::{Config, Game, node_budget};
///
/// let small = Game::new(Config::small(), 1);
/// let large = Game::new(Config::large(), 1);
/// assert!(node_budget(&small, 100) > 10 * node_budget(&large, 100));
/// assert!(node_budget(&small, 0) >= 1);
/// ```
#[must_use]
pub fn node_budget(game: &Game, millis: u64) -> u64 {
    let size = game.size();
    let units = u64::from(game.rules().colors())
        * width(game.graph().words) as u64
        * (size.width + size.height) as u64;
    (millis.saturating_mul(1_000_000) / (NANOS_PER_UNIT * units.max(1))).max(1)
}

/// A solver, for callers that pick one at run time (and what [`solve_best`] says it used).
///
/// ```
/// use plateau_floodit::{Config, Game, Solver};
///
/// let game = Game::new(Config::default(), 1);
/// let optimal = Solver::Exact.solve(&game)?.len();
/// assert!(Solver::Greedy.solve(&game)?.len() >= optimal);
/// assert!(Solver::Lookahead(2).solve(&game)?.len() >= optimal);
/// assert!(Solver::Exact.solve_limited(&game, 10).is_err());
/// assert!(Solver::Exact.is_optimal() && !Solver::Lookahead(3).is_optimal());
/// # Ok::<(), plateau_floodit::SolveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Solver {
    /// [`greedy`]: the colour absorbing the most cells.
    Greedy,
    /// [`lookahead`] with the given depth.
    Lookahead(u32),
    /// [`solve`]: an optimal solution.
    Exact,
}

impl Solver {
    /// Whether this solver's solutions are optimal (only [`Solver::Exact`]'s are).
    #[must_use]
    pub const fn is_optimal(self) -> bool {
        matches!(self, Solver::Exact)
    }

    /// A node budget for [`Solver::solve_limited`] that takes at most about `millis`
    /// milliseconds on this game's board: [`node_budget`] for the exact solver, 20 times
    /// that for greedy and lookahead, whose nodes are cheaper (one position whose moves are
    /// tried: measured 20 times cheaper than an exact node on 14x14 with 6 colours, 200 on
    /// 30x30 with 20; the lower ratio is taken, so the time is an upper estimate).
    ///
    /// ```
    /// use plateau_floodit::{Config, Game, Solver, node_budget};
    ///
    /// let game = Game::new(Config::default(), 1);
    /// assert_eq!(Solver::Exact.node_budget(&game, 100), node_budget(&game, 100));
    /// assert_eq!(Solver::Lookahead(3).node_budget(&game, 100), 20 * node_budget(&game, 100));
    /// ```
    #[must_use]
    pub fn node_budget(self, game: &Game, millis: u64) -> u64 {
        let exact = node_budget(game, millis);
        match self {
            Solver::Exact => exact,
            Solver::Greedy | Solver::Lookahead(_) => exact.saturating_mul(HEURISTIC_NODE_RATIO),
        }
    }

    /// The moves this solver plays from the game's position until the board is one colour
    /// (ignoring the move limit), with no bound on the work.
    ///
    /// # Errors
    /// None in practice: the budget is `u64::MAX` nodes (see [`Solver::solve_limited`]).
    pub fn solve(self, game: &Game) -> Result<Solution<Color>, SolveError> {
        self.solve_limited(game, u64::MAX)
    }

    /// Like [`Solver::solve`], giving up after expanding `max_nodes` search nodes.
    ///
    /// # Errors
    /// [`SolveError::NodeLimit`] when the budget runs out first.
    pub fn solve_limited(self, game: &Game, max_nodes: u64) -> Result<Solution<Color>, SolveError> {
        match self {
            Solver::Greedy => dispatch(
                game,
                greedy::Greedy {
                    moves: usize::MAX,
                    max_nodes,
                },
            ),
            Solver::Lookahead(depth) => dispatch(
                game,
                lookahead::Lookahead {
                    depth,
                    moves: usize::MAX,
                    max_nodes,
                },
            ),
            Solver::Exact => dispatch(game, exact::Exact { max_nodes }),
        }
    }

    /// The solver's next move (only that one is computed), or `None` once the game is over
    /// (won or lost). For [`Solver::Exact`] this is [`hint`], with its bounded work.
    #[must_use]
    pub fn hint(self, game: &Game) -> Option<Color> {
        if game.is_over() {
            return None;
        }
        let first = match self {
            Solver::Exact => return hint(game),
            Solver::Greedy => dispatch(
                game,
                greedy::Greedy {
                    moves: 1,
                    max_nodes: u64::MAX,
                },
            ),
            Solver::Lookahead(depth) => dispatch(
                game,
                lookahead::Lookahead {
                    depth,
                    moves: 1,
                    max_nodes: u64::MAX,
                },
            ),
        };
        first.ok()?.first().copied()
    }
}

/// An optimal solution from the game's position: the fewest moves that make the board one
/// colour. The move limit is ignored, so the solution may be longer than the moves left (and
/// it is given for a lost game too); a won game's solution is empty.
///
/// Flood-It is NP-hard in general: this takes milliseconds on the usual boards (6 to 9 ms
/// on average for 14x14 with 6 colours on the loaded development machine, `floodit bench`
/// in the crate README) but may take very long on large boards with many colours. Use
/// [`solve_limited`] to bound the work, or [`lookahead`] for a fast, good solution.
///
/// ```
/// use plateau_floodit::{Config, Game, Play, solve};
///
/// let mut game = Game::new(Config::small(), 42);
/// let best = solve(&game)?;
/// game.play_all(&best.moves)?;
/// assert!(game.is_uniform());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// None in practice: the budget is `u64::MAX` nodes (see [`solve_limited`]).
pub fn solve(game: &Game) -> Result<Solution<Color>, SolveError> {
    solve_limited(game, u64::MAX)
}

/// Like [`solve`], giving up after expanding `max_nodes` search nodes (about a microsecond
/// each on a 14x14 board). The memory used stays bounded whatever the budget (at most
/// 32 MiB of tables).
///
/// ```
/// use plateau_floodit::{Config, Game, SolveError, solve_limited};
///
/// let game = Game::new(Config::small(), 42);
/// assert_eq!(solve_limited(&game, 100), Err(SolveError::NodeLimit { nodes: 100 }));
/// assert_eq!(solve_limited(&game, 10_000_000)?.len(), 22);
/// # Ok::<(), SolveError>(())
/// ```
///
/// # Errors
/// [`SolveError::NodeLimit`] when the budget runs out before a solution is proved optimal.
pub fn solve_limited(game: &Game, max_nodes: u64) -> Result<Solution<Color>, SolveError> {
    dispatch(game, exact::Exact { max_nodes })
}

/// A good next move for a front end, quickly: the first move of [`solver_bot`]'s plan
/// within [`HINT_MILLIS`], so the first move of an optimal solution when the exact solver
/// proves one within about that time ([`node_budget`]), otherwise the first move of
/// [`solve_best`]'s [`lookahead`] (only that move is computed); `None` once the game is
/// over.
///
/// ```
/// use plateau_floodit::{Config, Game, Play, hint, solve};
///
/// let mut game = Game::new(Config::default(), 3);
/// let optimal = solve(&game)?.len();
/// while let Some(c) = hint(&game) {
///     game.play(c)?;
/// }
/// assert!(game.is_uniform());
/// assert_eq!(game.moves_used() as usize, optimal); // small boards: every hint is optimal
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn hint(game: &Game) -> Option<Color> {
    if game.is_over() {
        return None;
    }
    match best::choose(game, HINT_MILLIS) {
        Ok(exact) => exact.first().copied(),
        Err(heuristic) => heuristic.hint(game),
    }
}

/// Greedy play: repeatedly the colour that absorbs the most cells (the lowest colour on a
/// tie), until the board is one colour; about 10 µs for a 14x14 board. The move limit is
/// ignored. `nodes` counts the positions expanded, one per move.
#[must_use]
pub fn greedy(game: &Game) -> Solution<Color> {
    Solver::Greedy
        .solve(game)
        .unwrap_or_else(|_| unreachable!("no budget"))
}

/// Depth-`depth` lookahead: for each move, every sequence of `depth` useful moves is tried and
/// the first move of the best one played (a win in the fewest moves, otherwise the most
/// cells flooded at the end; ties go to the larger immediate gain, then the lowest colour).
/// Depth 0 and 1 are [`greedy`]. The move limit is ignored. The work grows as
/// `colours ^ depth` per move: depth 3 takes well under a millisecond on a 14x14 board;
/// bound it with [`Solver::solve_limited`].
#[must_use]
pub fn lookahead(game: &Game, depth: u32) -> Solution<Color> {
    Solver::Lookahead(depth)
        .solve(game)
        .unwrap_or_else(|_| unreachable!("no budget"))
}

/// A solver, run on the game's graph with the set width `W` its number of regions needs.
trait Task {
    type Out;
    fn run<const W: usize>(self, graph: &Graph<W>, root: Node<W>) -> Self::Out;
}

fn go<const W: usize, T: Task>(game: &Game, task: T) -> T::Out {
    let (graph, root) = Graph::<W>::build(game);
    task.run(&graph, root)
}

/// The set width [`dispatch`] uses for `words` words of regions.
fn width(words: usize) -> usize {
    match words {
        0 | 1 => 1,
        2..=4 => words,
        5 | 6 => 6,
        7 | 8 => 8,
        9..=16 => 16,
        17..=32 => 32,
        _ => 64,
    }
}

fn dispatch<T: Task>(game: &Game, task: T) -> T::Out {
    match width(game.graph().words) {
        1 => go::<1, T>(game, task),
        2 => go::<2, T>(game, task),
        3 => go::<3, T>(game, task),
        4 => go::<4, T>(game, task),
        6 => go::<6, T>(game, task),
        8 => go::<8, T>(game, task),
        16 => go::<16, T>(game, task),
        32 => go::<32, T>(game, task),
        // At most 64 x 64 cells, so at most 4096 regions: 64 words.
        _ => go::<64, T>(game, task),
    }
}
