//! The line mode, when standard input or output is not a terminal: the view printed after
//! every move, moves in notation (`r3,4`, `f3,4`, `c3,4`), `h` for a hint, `q` to quit.

use std::io::{self, Write};

use plateau::CliResult;
use plateau_minesweeper::{Config, Game, Move, Play};

use crate::play::{counters, hint_text, outcome_line};

/// Plays `config` from `seed` on standard input and output.
pub fn play(config: Config, seed: u64) -> CliResult {
    let mut game = Game::new(config, seed);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Minesweeper {config}. Moves: r x,y reveals, f x,y flags, c x,y chords (x = column, y = row from the top); h hints, q quits."
    )?;
    let mut lines = plateau::input::stdin_lines();
    loop {
        writeln!(
            out,
            "{}\n{config}  seed {}  {}",
            game.cells(),
            game.seed(),
            counters(&game)
        )?;
        if let Some(end) = outcome_line(&game) {
            writeln!(out, "{end}")?;
            return Ok(());
        }
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(());
        };
        let line = line?;
        let t = line.trim();
        match t {
            "q" | "quit" => return Ok(()),
            "h" | "hint" => writeln!(out, "{}", hint_text(&game).1)?,
            _ => match t.parse::<Move>() {
                Ok(m) => {
                    if let Err(e) = game.play(m) {
                        writeln!(out, "not played: {e}")?;
                    }
                }
                Err(e) => writeln!(out, "{e}")?,
            },
        }
    }
}
