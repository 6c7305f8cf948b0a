//! Which solver answers a game within a time: [`solve_best`], the choice the demo used to
//! make for itself, and [`solver_bot`], the player that follows its solutions.

use alloc::boxed::Box;
use alloc::vec::Vec;

use plateau_grid::{Planner, Play};

use super::{Solver, greedy, node_budget, solve_limited};
use crate::{Color, Game, Solution};

/// Positions a lookahead solution may try in all (about `colours ^ depth` a move): a
/// fraction of a second, so the depth is lowered where it would cost seconds (depth 3 on
/// 64x64 with 36 colours does).
const LOOKAHEAD_POSITIONS: u64 = 2_000_000;

/// The best solution found from the game's position within about `millis` milliseconds of
/// exact search, and the solver that found it: the exact solver's, optimal, when it
/// finishes within [`node_budget`]`(game, millis)` nodes; otherwise [`lookahead`]'s, a few
/// moves longer, with depth 3, or 2 or 1 ([`Solver::Greedy`]) where a depth would cost more
/// than a fraction of a second on this board. Deterministic: the budget is a node count
/// estimated from the time, no clock is read. Like every solver, it ignores the move limit.
///
/// [`lookahead`]: super::lookahead
///
/// ```
/// use plateau_floodit::{Config, Game, Play, Solver, solve, solve_best};
///
/// let game = Game::new(Config::default(), 5);
/// let (best, solver) = solve_best(&game, 1000);
/// assert_eq!((solver, best.len()), (Solver::Exact, solve(&game)?.len()));
/// let (quick, solver) = solve_best(&game, 0); // no time: lookahead
/// assert_eq!(solver, Solver::Lookahead(3));
/// let mut replay = game.clone();
/// replay.play_all(&quick.moves)?;
/// assert!(replay.is_uniform());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn solve_best(game: &Game, millis: u64) -> (Solution<Color>, Solver) {
    match choose(game, millis) {
        Ok(exact) => (exact, Solver::Exact),
        Err(heuristic) => {
            let s = heuristic
                .solve(game)
                .unwrap_or_else(|_| unreachable!("no budget"));
            (s, heuristic)
        }
    }
}

/// [`solve_best`]'s choice: the exact solution when it is found in time, else the
/// heuristic solver to run (whose first move alone is a hint's).
pub(super) fn choose(game: &Game, millis: u64) -> Result<Solution<Color>, Solver> {
    if let Ok(s) = solve_limited(game, node_budget(game, millis)) {
        return Ok(s);
    }
    let colors = u64::from(game.rules().colors());
    let moves = greedy(game).len() as u64;
    Err((2..=3u32)
        .rev()
        .find(|&d| colors.pow(d).saturating_mul(moves) <= LOOKAHEAD_POSITIONS)
        .map_or(Solver::Greedy, Solver::Lookahead))
}

/// Flood-It's solver as a player: a [`Planner`] over [`solve_best`], which plans a whole
/// solution within its time and plays it move by move (planning again if the game is not
/// where the plan leads). It passes (`None`) once the game is over.
pub type SolverBot = Planner<Game, Box<dyn FnMut(&Game) -> Option<Vec<Color>>>>;

/// A [`SolverBot`] giving each plan about `millis` milliseconds of exact search.
///
/// ```
/// use plateau_floodit::{Bot, Config, Game, Play, Status, solve, solver_bot};
///
/// let mut game = Game::new(Config::default(), 9);
/// let optimal = solve(&game)?.len() as u32;
/// let mut bot = solver_bot(100);
/// while let Some(seat) = game.to_move() {
///     let c = bot.choose(game.view(seat)).expect("a game in progress");
///     game.play(c)?;
/// }
/// assert_eq!(game.status(), Status::Won { moves: optimal });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn solver_bot(millis: u64) -> SolverBot {
    Planner::new(Box::new(move |game: &Game| {
        (!game.is_over()).then(|| solve_best(game, millis).0.moves)
    }))
}
