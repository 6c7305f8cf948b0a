//! The solver: exact mine probabilities, deductions, guesses, no-guess boards.
//!
//! - [`probabilities`]: the exact probability of a mine under every covered cell of a
//!   [`View`](crate::View), given the total mine count (flags count as mines).
//! - [`Solver`]: a [`Bot`](plateau_grid::Bot) that plays from the [`PlayerView`] alone:
//!   single-number deductions, then the exact engine (every cell safe or a mine in all
//!   layouts), then a guess ([`Guess`]), under its [`Settings`].
//! - [`solve`] / [`solve_limited`]: the moves that win a game by deduction alone from where
//!   it stands, or why it cannot be done without a guess.
//! - [`hint`]: the solver's next move for a view, within a small budget
//!   ([`Settings::hint`]).
//!
//! How the probabilities are computed: the revealed numbers with covered neighbours are
//! constraints; the covered cells they touch are grouped into boxes (cells with the same
//! constraints) and independent components; each component's layouts are counted exactly by
//! a dynamic programme over its boxes, per mine total; the components are then combined
//! with the covered cells that touch no number, weighting a frontier total of `t` mines by
//! `C(rest, mines - t)`, the ways to place the others. Counts carry an unbounded binary
//! exponent, so huge boards do not overflow, and certainty is decided on exact feasibility,
//! not on a rounded probability.

mod bot;
mod dp;
mod endgame;
pub(crate) mod engine;
mod guess;
pub(crate) mod noguess;
mod player;
mod probability;
mod settings;
mod wide;

pub use player::Solver;
pub use probability::{DEFAULT_MAX_NODES, Probabilities, probabilities, probabilities_limited};
pub use settings::{Guess, Opener, Settings};

use alloc::vec::Vec;

use plateau_grid::{Play, Solution};

use crate::error::SolveError;
use crate::{Cell, FirstClick, Game, Move, PlayerView, Status};
use engine::EngineError;
use player::Choice;

/// The moves that win `game` by deduction alone from where it stands (starting with the
/// solver's first click if the game has not started), without ever revealing a cell that
/// could be a mine. Flags are taken as mines when they are consistent.
///
/// ```
/// use plateau_minesweeper::{Config, FirstClick, Game, Play, Status, solve};
///
/// let config = Config::expert().with_first_click(FirstClick::NoGuess)?;
/// let mut game = Game::new(config, 11);
/// let solution = solve(&game)?; // a no-guess board needs no guess
/// game.play_all(&solution.moves)?;
/// assert_eq!(game.status(), Status::Won);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`SolveError::NeedsGuess`] when the play gets stuck (every covered cell could be a
/// mine), [`SolveError::Lost`] for a lost game, [`SolveError::NodeLimit`] when a
/// probability computation passes [`DEFAULT_MAX_NODES`].
pub fn solve(game: &Game) -> Result<Solution<Move>, SolveError> {
    solve_limited(game, DEFAULT_MAX_NODES)
}

/// [`solve`] with a node budget for each probability computation.
///
/// # Errors
/// As [`solve`], with `max_nodes` as the budget.
pub fn solve_limited(game: &Game, max_nodes: u64) -> Result<Solution<Move>, SolveError> {
    match game.status() {
        Status::Lost { .. } => return Err(SolveError::Lost),
        Status::Won => return Ok(Solution::new(Vec::new(), 0)),
        Status::InProgress => {}
    }
    let mut g = game.clone();
    let mut solver = Solver::new(Settings {
        max_nodes,
        ..Settings::default()
    });
    solver.deduce_only = true;
    let mut moves = Vec::new();
    if g.revealed() == 0 {
        let policy = g.config().first_click();
        if policy == FirstClick::Unsafe {
            return Err(SolveError::NeedsGuess { moves: 0 });
        }
        let at = solver.settings().opener.cell(g.size(), policy);
        if g.cells().get(at) == Some(Cell::Flagged) {
            return Err(SolveError::NeedsGuess { moves: 0 });
        }
        let m = Move::Reveal(at);
        g.play(m).map_err(|_| SolveError::Inconsistent)?;
        moves.push(m);
    }
    solver.load(g.cells(), g.mines());
    while !g.is_over() {
        match solver.choose_cell() {
            Choice::Safe(c) => {
                let at = g
                    .size()
                    .pos_of(c as usize)
                    .ok_or(SolveError::Inconsistent)?;
                let m = Move::Reveal(at);
                let event = g.play(m).map_err(|_| SolveError::Inconsistent)?;
                moves.push(m);
                for &p in event.opened() {
                    if let (Some(Cell::Revealed(n)), Some(i)) =
                        (g.cells().get(p), g.size().index_of(p))
                    {
                        solver.learn(i, n.get());
                    }
                }
            }
            Choice::Guess(_) => {
                return Err(SolveError::NeedsGuess { moves: moves.len() });
            }
            Choice::GaveUp(_) => {
                return Err(match solver.gave_up {
                    Some(EngineError::TooWide { open }) => SolveError::TooWide {
                        open,
                        max: dp::MAX_OPEN,
                    },
                    Some(EngineError::Memory) => SolveError::MemoryLimit {
                        max_mib: dp::MAX_LAYER_BYTES >> 20,
                    },
                    Some(EngineError::Inconsistent) => SolveError::Inconsistent,
                    Some(EngineError::NodeLimit { .. }) | None => SolveError::NodeLimit {
                        nodes: solver.nodes,
                    },
                });
            }
            Choice::Done => break,
        }
    }
    match g.status() {
        Status::Won => Ok(Solution::new(moves, solver.nodes)),
        // A flag taken as a mine was wrong, or the position was not one of this game's.
        Status::Lost { .. } | Status::InProgress => Err(SolveError::Inconsistent),
    }
}

/// The solver's next move for `view` within the small budget of [`Settings::hint`]: a
/// certainly safe cell if there is one, else its best guess; `None` when the game is over
/// or nothing is left to reveal.
///
/// ```
/// use plateau_minesweeper::{Move, PlayerView, Pos, View, hint};
///
/// // The 1 at the left has one covered neighbour: (0, 1) is the mine, so (1, 1) is safe.
/// let view: View = "1.\nxx".parse()?;
/// assert_eq!(hint(PlayerView::new(&view, 1)), Some(Move::Reveal(Pos::new(1, 1))));
/// # Ok::<(), plateau_minesweeper::ParseBoardError>(())
/// ```
#[must_use]
pub fn hint(view: PlayerView<'_>) -> Option<Move> {
    plateau_grid::Bot::<Game>::choose(&mut Solver::new(Settings::hint()), view)
}
