//! The Minesweeper demo: the solver plays an Expert game from its view alone, then a
//! no-guess Expert board is generated and cleared by deduction (shared by
//! `minesweeper --demo` and the tour).

use std::io::{self, Write};
use std::time::Instant;

use plateau_minesweeper::{Config, FirstClick, Game, Move, Play, Solver, Status, solve};

use crate::matches::play_to_end;

/// Moves after which the demo gives up (a safety net: the solver never comes near it).
const MAX_PLIES: u64 = 10_000_000;

/// The demo on Expert (safe first click): see [`run_with`].
///
/// # Errors
/// Writing to `out` failed.
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    run_with(Config::expert(), seed, out)
}

/// The solver plays one game of `config` from `seed` and prints the final board (mines
/// shown) and the result; then, when the config allows one, a no-guess board of the same
/// size is generated and cleared by deduction alone. Ends with a one-line summary.
///
/// # Errors
/// Writing to `out` failed (or the solver's solution was refused, which would be a bug).
pub fn run_with(config: Config, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut game = Game::new(config, seed);
    let mut solver = Solver::default();
    let start = Instant::now();
    // The loop every front end runs: the solver sees only the view.
    let played = play_to_end(
        &mut game,
        std::slice::from_mut(&mut solver),
        MAX_PLIES,
        Play::outcome,
    );
    let took = start.elapsed();
    let status = game.status();
    writeln!(
        out,
        "Minesweeper {config}, seed {seed}: the solver plays, seeing only the view."
    )?;
    writeln!(out, "{}", game.reveal_all_view())?;
    let bv = game.board().map_or(0, |b| b.metrics().three_bv);
    let result = match status {
        Status::Won => "won".to_owned(),
        Status::Lost { at } => format!("lost on the mine at {at}"),
        Status::InProgress => match played {
            Err(e) => format!("stopped ({})", e.why),
            Ok(_) => "stopped".to_owned(),
        },
    };
    writeln!(
        out,
        "{result} after {} guesses, {} of {} safe cells revealed, 3BV {bv}, {:.1?}",
        solver.guesses(),
        game.revealed(),
        game.revealed() + game.safe_left(),
        took
    )?;
    let mut no_guess_note = "";
    let no_guess = config.with_first_click(FirstClick::NoGuess);
    if no_guess.is_ok() && config.cells() > 250_000 {
        // Generating and clearing one takes tens of seconds there: not for a demo.
        writeln!(out, "(no no-guess board on a board this large in the demo)")?;
    } else if let Ok(ng) = no_guess {
        let mut board = Game::new(ng, seed);
        let at = solver
            .settings()
            .opener
            .cell(ng.size(), FirstClick::NoGuess);
        let start = Instant::now();
        board.play(Move::Reveal(at)).map_err(io::Error::other)?;
        let generated = start.elapsed();
        let cleared = solve(&board).map_err(io::Error::other).and_then(|s| {
            board
                .play_all(&s.moves)
                .map_err(io::Error::other)
                .map(|()| s)
        });
        match cleared {
            Ok(s) if board.status() == Status::Won => {
                writeln!(
                    out,
                    "no-guess board (same size, seed {seed}): generated in {generated:.1?}, \
                     cleared by deduction alone in {} moves",
                    s.moves.len() + 1
                )?;
                no_guess_note = ", no-guess board cleared by deduction";
            }
            _ => writeln!(out, "no-guess board: not cleared (a bug: please report it)")?,
        }
    }
    writeln!(
        out,
        "minesweeper: the solver {result} on {config}{no_guess_note}"
    )
}
