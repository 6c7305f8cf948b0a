//! The line mode (standard input not a terminal): the board printed after every line,
//! moves typed as letters or a cell to click, standard input read through the toolkit's
//! capped line reader. End of input ends the game quietly (exit 0).
//!
//! It keeps its own loop rather than the toolkit's `LineMode`: the taquin's commands
//! (`restart`, `solve`, a cell to click) and its going on after a solution (`new`,
//! `restart`) are not the shared ones.

use std::io::{self, Write};

use plateau::CliResult;
use plateau_taquin::{Pos, Size, format_moves, parse_moves};

use crate::game::{Game, describe};
use crate::records::Best;
use plateau::clock::clock_text;

const HELP: &str = "moves as letters (U D L R, e.g. \"ULDR\"), a cell x,y to click, or: undo, \
                    restart, solve, hint, new, help, quit (end of input also quits)";

/// The game without a terminal.
pub fn play(size: Size, seed: u64) -> CliResult {
    let mut game = Game::new(size, seed)?;
    let mut best = Best::open(size);
    let mut out = io::stdout().lock();
    writeln!(out, "{}", game.title(false))?;
    writeln!(out, "{}", game.board)?;
    writeln!(out, "{HELP}")?;
    let greeting = best.greeting();
    if !greeting.is_empty() {
        writeln!(out, "{greeting}")?;
    }
    out.flush()?;
    for line in plateau::input::stdin_lines() {
        let line = line?;
        let command = line.as_str();
        let was_solved = game.is_solved();
        let message = match command.to_ascii_lowercase().as_str() {
            "quit" | "exit" => return Ok(()),
            "help" => HELP.to_owned(),
            "undo" => match game.undo() {
                Ok(()) => String::new(),
                Err(why) => format!("error: {why}"),
            },
            "restart" => {
                game.restart();
                String::new()
            }
            "new" => {
                game.new_game()?;
                format!("new game, seed {}", game.seed)
            }
            "hint" | "?" => match game.hint() {
                Some(m) => format!("hint: {}", describe(&game.board, m)),
                None if game.is_solved() => "nothing to hint: the board is solved".into(),
                None => "no hint within the hint's budget".into(),
            },
            "solve" if game.is_solved() => format!("error: {}", crate::game::LOCKED),
            "solve" => match game.solution(|| {}) {
                Ok((s, kind)) => {
                    for &m in &s.moves {
                        game.slide(m)?;
                    }
                    format!(
                        "solver ({kind}), {} moves: {}",
                        s.len(),
                        format_moves(&s.moves)
                    )
                }
                Err(e) => format!("error: {e}"),
            },
            _ => line_move(&mut game, command),
        };
        writeln!(out, "{}", game.title(false))?;
        writeln!(out, "{}", game.board)?;
        if !message.is_empty() {
            writeln!(out, "{message}")?;
        }
        if !was_solved && game.solved_unassisted() {
            writeln!(
                out,
                "solved in {} moves, {}! {} new: new game, restart: again, quit",
                game.moves(),
                clock_text(game.elapsed(), true),
                best.enter(&game)
            )?;
        }
        out.flush()?;
    }
    Ok(())
}

/// A line of moves (played atomically) or a cell to click; the message to print.
fn line_move(game: &mut Game, command: &str) -> String {
    if let Ok(pos) = command.parse::<Pos>() {
        return game
            .click(pos)
            .err()
            .map_or_else(String::new, |e| format!("error: {e}"));
    }
    match parse_moves(command) {
        Ok(moves) => game
            .slide_all(&moves)
            .err()
            .map_or_else(String::new, |e| format!("error: {e}")),
        Err(e) => format!("error: {e} ({HELP})"),
    }
}
