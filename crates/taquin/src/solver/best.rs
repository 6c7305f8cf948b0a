//! Which solver answers a board: [`solve_best`] under a [`Budget`], the choice every front
//! end used to make for itself (the CLI, the demo, the hint and the game's solve key each
//! had their own node budget), and [`solver_bot`], the player that follows its solutions.

use alloc::boxed::Box;
use alloc::vec::Vec;

use plateau_grid::{Planner, Size, Solution};

use super::pdb::PatternDatabase;
use super::{ida, manhattan, solve_fast};
use crate::board::Board;
use crate::error::SolveError;
use crate::moves::Move;

/// How much optimal search [`solve_best`] may spend on a board, and what it does when that
/// is not enough.
///
/// The presets are the workspace's uses: [`Budget::HINT`] (a few milliseconds),
/// [`Budget::PLAY`] (about a second, for a player waiting on a solution) and
/// [`Budget::BATCH`] (a batch of boards that must be answered optimally). A budget that
/// falls back answers every solvable board, optimally when it can; one that does not
/// ([`Budget::optimal`]) answers optimally or fails with [`SolveError::NodeLimit`].
///
/// ```
/// use plateau_taquin::Budget;
/// assert_eq!(Budget::BATCH, Budget::optimal(Budget::BATCH.max_nodes()));
/// assert!(Budget::HINT.max_nodes() < Budget::PLAY.max_nodes());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Budget {
    max_nodes: u64,
    max_len: u32,
    fallback: Fallback,
}

/// What happens when the optimal search does not finish within its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Fallback {
    /// The fast reduction solver answers.
    Fast,
    /// The search fails with [`SolveError::NodeLimit`].
    Fail,
}

/// Search nodes plain IDA* may spend on a 4 x 4 board before the pattern databases are
/// asked for (a few milliseconds: boards a few dozen moves from the goal need no more).
const NEAR_GOAL_NODES: u64 = 200_000;

/// The longest optimal solution looked for on a board of more than 16 cells when a fast
/// answer is acceptable: beyond the 4 x 4, plain IDA* finishes only near the goal (a
/// scrambled 5 x 5 is over a hundred moves away), and the length limit says so at once,
/// before any node is spent on a hopeless search.
const LARGE_MAX_LEN: u32 = 24;

impl Budget {
    /// The budget of [`hint`](crate::hint): optimal on boards up to 3 x 3 and on larger
    /// boards within 24 moves of the goal, the fast solver beyond; 2 M nodes is a safety
    /// net far above what a board within 24 moves needs (tens of thousands of nodes at
    /// most in the tests). A length limit rather than a node budget decides, so that
    /// following the hints cannot go in circles: a board within the limit has a child on
    /// an optimal path within it too, while a node budget can flip from one move to the
    /// next. (The length limit bounds the plain search only: given the pattern databases,
    /// [`solve_best_with`] searches a 4 x 4 with them within the 2 M nodes, at any
    /// length.)
    pub const HINT: Budget = Budget {
        max_nodes: 2_000_000,
        max_len: LARGE_MAX_LEN,
        fallback: Fallback::Fast,
    };

    /// A player waiting for a solution (the demo, the game's solve key): 20 M nodes of
    /// optimal search, about two seconds in release, then the fast solver.
    pub const PLAY: Budget = Budget::nodes(20_000_000);

    /// A batch of boards answered optimally (the default of `taquin solve`): 100 M nodes a
    /// board, about ten seconds in release, then [`SolveError::NodeLimit`].
    pub const BATCH: Budget = Budget::optimal(100_000_000);

    /// `max_nodes` nodes of optimal search, then the fast solver.
    #[must_use]
    pub const fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            max_len: u32::MAX,
            fallback: Fallback::Fast,
        }
    }

    /// `max_nodes` nodes of optimal search, then [`SolveError::NodeLimit`]: only optimal
    /// answers.
    #[must_use]
    pub const fn optimal(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            max_len: u32::MAX,
            fallback: Fallback::Fail,
        }
    }

    /// The nodes each optimal search may expand.
    #[must_use]
    pub const fn max_nodes(self) -> u64 {
        self.max_nodes
    }
}

/// The solver that found a [`solve_best`] solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Solver {
    /// IDA* with Manhattan distance and linear conflicts ([`solve`](crate::solve)):
    /// optimal.
    Ida,
    /// The 4 x 4 pattern databases ([`PatternDatabase::solve`]): optimal.
    PatternDatabase,
    /// The reduction solver ([`solve_fast`]): not optimal.
    Fast,
}

impl Solver {
    /// Whether this solver's solutions are optimal.
    #[must_use]
    pub const fn is_optimal(self) -> bool {
        !matches!(self, Solver::Fast)
    }
}

/// The best solution of `board` within `budget`, and the solver that found it: optimal
/// where that is affordable, the fast reduction solver otherwise (unless the budget is
/// [`Budget::optimal`]). The one place that knows which taquin solver suits which board:
///
/// - up to 3 x 3: IDA* (a few milliseconds at most, the hardest 8-puzzles included);
/// - 4 x 4 and other boards up to 16 cells: IDA* within the budget (a 4 x 4 gets the
///   pattern databases when [`solve_best_with`] is given them);
/// - larger boards: IDA* within the budget too, but when a fast answer is acceptable only
///   for solutions of up to 24 moves (the search cannot finish further from the goal);
/// - past the budget, [`solve_fast`], or [`SolveError::NodeLimit`].
///
/// The solution's `nodes` are those of the search that found it.
///
/// # Errors
/// [`SolveError::Unsolvable`] for a board that cannot reach the goal;
/// [`SolveError::NodeLimit`] when a [`Budget::optimal`] budget runs out.
///
/// ```
/// use plateau_taquin::{Board, Budget, Play, Size, Solver, solve_best};
///
/// let board = Board::new(Size::new(3, 3), 7)?;
/// let (solution, solver) = solve_best(&board, Budget::HINT)?;
/// assert_eq!(solver, Solver::Ida); // 3 x 3: optimal at any budget
///
/// let big = Board::new(Size::new(6, 6), 7)?;
/// let (solution, solver) = solve_best(&big, Budget::PLAY)?;
/// assert_eq!(solver, Solver::Fast); // far beyond the optimal search
/// let mut replay = big.clone();
/// replay.play_all(&solution.moves)?;
/// assert!(replay.is_solved());
/// assert!(solve_best(&big, Budget::optimal(1000)).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_best(board: &Board, budget: Budget) -> Result<(Solution<Move>, Solver), SolveError> {
    solve_best_with(board, budget, &mut None, || None)
}

/// [`solve_best`] with the 4 x 4 pattern databases: those in `databases`, or else
/// `build`'s, asked for only when a 4 x 4 board needs them (plain IDA* tries boards near
/// the goal first, within 200 000 nodes) and kept in `databases` for the next board. A
/// `build` that returns `None` leaves 4 x 4 boards to plain IDA* within the budget.
///
/// Building the default databases takes seconds ([`PatternDatabase::build`]): a caller
/// that says so first, or loads them from a file, does it in `build`.
///
/// # Errors
/// As [`solve_best`].
///
/// ```
/// use plateau_taquin::{Board, Budget, Partition, PatternDatabase, Solver, solve_best_with};
///
/// let partition: Partition = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15".parse()?;
/// let mut databases = None;
/// let near: Board = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 . 15".parse()?;
/// let build = || Some(PatternDatabase::build_with(&partition));
/// let (_, solver) = solve_best_with(&near, Budget::BATCH, &mut databases, build)?;
/// assert_eq!(solver, Solver::Ida); // near the goal: no databases needed
/// assert!(databases.is_none());
/// let far = Board::new(plateau_taquin::Size::new(4, 4), 1)?; // a scramble
/// let (_, solver) = solve_best_with(&far, Budget::BATCH, &mut databases, build)?;
/// assert_eq!(solver, Solver::PatternDatabase);
/// assert!(databases.is_some()); // built once, kept for the next board
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_best_with(
    board: &Board,
    budget: Budget,
    databases: &mut Option<PatternDatabase>,
    build: impl FnOnce() -> Option<PatternDatabase>,
) -> Result<(Solution<Move>, Solver), SolveError> {
    let mut built = None;
    let slot = &mut built;
    let found = solve_best_shared(board, budget, databases.as_ref(), move || {
        *slot = build();
        let slot: &Option<PatternDatabase> = slot;
        slot.as_ref()
    });
    if built.is_some() {
        *databases = built;
    }
    found
}

/// [`solve_best_with`] on databases the caller keeps, for instance shared by the threads
/// that answer a batch: `databases` when they are at hand, otherwise `build`'s, asked for
/// only when a 4 x 4 board needs them (after plain IDA* within 200 000 nodes, exactly as
/// [`solve_best_with`] does; so `build` is called if and only if `solve_best_with` with no
/// databases would call its own).
///
/// # Errors
/// As [`solve_best`].
///
/// ```
/// use core::cell::OnceCell;
/// use plateau_taquin::{Board, Budget, Partition, PatternDatabase, Solver, solve_best_shared};
///
/// let partition: Partition = "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15".parse()?;
/// // One copy, built on first need (threads share one the same way through a lock-guarded
/// // once-cell of the standard library, as `taquin solve` does).
/// let shared = OnceCell::new();
/// let build = || Some(shared.get_or_init(|| PatternDatabase::build_with(&partition)));
/// let near: Board = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 . 15".parse()?;
/// let (_, solver) = solve_best_shared(&near, Budget::BATCH, shared.get(), build)?;
/// assert_eq!(solver, Solver::Ida);
/// assert!(shared.get().is_none()); // near the goal: not built
/// let far = Board::new(plateau_taquin::Size::new(4, 4), 1)?;
/// let (_, solver) = solve_best_shared(&far, Budget::BATCH, shared.get(), build)?;
/// assert_eq!(solver, Solver::PatternDatabase);
/// assert!(shared.get().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_best_shared<'a>(
    board: &Board,
    budget: Budget,
    databases: Option<&'a PatternDatabase>,
    build: impl FnOnce() -> Option<&'a PatternDatabase>,
) -> Result<(Solution<Move>, Solver), SolveError> {
    if !board.is_solvable() {
        return Err(SolveError::Unsolvable);
    }
    match (optimal(board, budget, databases, build), budget.fallback) {
        (Ok(Some(found)), _) => Ok(found),
        // None within the length limit (only budgets that fall back have one), or out of
        // nodes where that is allowed.
        (Ok(None), _) | (Err(SolveError::NodeLimit { .. }), Fallback::Fast) => {
            Ok((solve_fast(board)?, Solver::Fast))
        }
        (Err(e), _) => Err(e),
    }
}

/// The optimal search `budget` affords on `board`: `Ok(None)` when no solution is within
/// its length limit.
fn optimal<'a>(
    board: &Board,
    budget: Budget,
    databases: Option<&'a PatternDatabase>,
    build: impl FnOnce() -> Option<&'a PatternDatabase>,
) -> Result<Option<(Solution<Move>, Solver)>, SolveError> {
    let ida = |max_nodes, max_len| {
        ida::search(manhattan::Manhattan::new(board), max_nodes, max_len)
            .map(|found| found.map(|s| (s, Solver::Ida)))
    };
    if board.cells() <= 9 {
        return ida(budget.max_nodes, u32::MAX);
    }
    let max_len = if board.cells() > 16 && budget.fallback == Fallback::Fast {
        budget.max_len.min(LARGE_MAX_LEN)
    } else {
        budget.max_len
    };
    if board.size() == Size::square(4) {
        let databases = if databases.is_some() {
            databases
        } else {
            match ida(budget.max_nodes.min(NEAR_GOAL_NODES), max_len) {
                Err(SolveError::NodeLimit { .. }) => {}
                // Found, or none that short: the databases would not change that.
                near => return near,
            }
            build()
        };
        // The databases search any length: the length limit is for the plain search,
        // whose cost it bounds.
        if let Some(pdb) = databases {
            let s = pdb.solve_limited(board, budget.max_nodes)?;
            return Ok(Some((s, Solver::PatternDatabase)));
        }
    }
    ida(budget.max_nodes, max_len)
}

/// The taquin's solver as a player: a [`Planner`] over [`solve_best`], which plans a whole
/// solution within its [`Budget`] and plays it move by move (planning again if the board
/// is not where the plan leads). It passes (`None`) on an unsolvable board.
pub type SolverBot = Planner<Board, Box<dyn FnMut(&Board) -> Option<Vec<Move>>>>;

/// A [`SolverBot`] planning within `budget`.
///
/// ```
/// use plateau_taquin::{Board, Bot, Budget, Play, Seat, Size, solver_bot};
///
/// let mut board = Board::new(Size::new(4, 3), 11)?;
/// let mut bot = solver_bot(Budget::PLAY);
/// while let Some(seat) = board.to_move() {
///     let m = bot.choose(board.view(seat)).expect("a solvable board");
///     board.play(m)?;
/// }
/// assert!(board.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn solver_bot(budget: Budget) -> SolverBot {
    Planner::new(Box::new(move |board: &Board| {
        solve_best(board, budget).ok().map(|(s, _)| s.moves)
    }))
}
