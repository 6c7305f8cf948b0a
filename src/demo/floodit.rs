//! The Flood-It demo: the exact solver plays a whole game (shared by `floodit --demo` and the
//! tour), and how the example deals a board: the solver's best and the move limit from it
//! (the [`fair_limit`], unless the player gives one).

use std::io::{self, Write};

use plateau_floodit::{
    Color, Config, Game, PLAY_MILLIS, Play, Solution, Status, fair_limit, format_moves, greedy,
    solve_best,
};

/// A board dealt for play, with what the solver found for it.
#[derive(Debug, Clone)]
pub struct Deal {
    /// The game, its move limit set.
    pub game: Game,
    /// The best solution from the start.
    pub best: Solution<Color>,
    /// Whether `best` is proven optimal.
    pub optimal: bool,
}

/// The game of `config`'s size, colours and start from `seed`, with the move limit `moves`
/// or, without one, the [`fair_limit`] of the solver's best (found in [`PLAY_MILLIS`]).
pub fn deal(config: Config, moves: Option<u32>, seed: u64) -> Deal {
    // The board does not depend on the move limit: solve it first, then set the limit.
    let unlimited = config.with_max_moves(u32::MAX).unwrap_or(config);
    let (best, solver) = solve_best(&Game::new(unlimited, seed), PLAY_MILLIS);
    let optimal = solver.is_optimal();
    let limit = moves.unwrap_or_else(|| fair_limit(best.len()));
    let config = config.with_max_moves(limit).unwrap_or(config);
    Deal {
        game: Game::new(config, seed),
        best,
        optimal,
    }
}

/// The tour's section, and `floodit --demo` without options: the classic 12x12 with
/// 6 colours from `seed`, at its fair limit.
///
/// # Errors
/// Writing to `out` failed.
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    play(deal(Config::classic(), None, seed), seed, out)
}

/// Plays the deal's best solution and prints the start, the moves, the final position and a
/// one-line summary.
///
/// # Errors
/// Writing to `out` failed.
pub fn play(deal: Deal, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let Deal {
        mut game,
        best,
        optimal,
    } = deal;
    writeln!(
        out,
        "Flood-It {}, {} colours, limit {} moves, seed {seed}, start {}:",
        game.size(),
        game.rules().colors(),
        game.rules().max_moves(),
        game.start_cell()
    )?;
    writeln!(out, "{}", game.initial_board())?;
    let greedy_len = greedy(&game).len();
    let how = if optimal {
        "exact solver, optimal"
    } else {
        "lookahead: the exact search ran out of its budget"
    };
    writeln!(out, "moves ({how}): {}", format_moves(&best.moves))?;
    for &c in &best.moves {
        if game.play(c).is_err() {
            break; // out of moves: reported below
        }
    }
    writeln!(out, "{game}")?;
    let limit = game.rules().max_moves();
    let quality = if optimal {
        "optimal"
    } else {
        "not proven optimal"
    };
    match game.status() {
        Status::Won { moves } => writeln!(
            out,
            "floodit: won in {moves} moves ({quality}; greedy needs {greedy_len}, limit {limit})"
        ),
        Status::Lost | Status::InProgress => writeln!(
            out,
            "floodit: lost (the best found takes {} moves, {quality}; the limit is {limit})",
            best.len()
        ),
    }
}
