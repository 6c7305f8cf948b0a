//! The line mode (standard input not a terminal): a line of steps (the engine's turn-by-turn
//! inputs) or of placements (the play contract's moves), the board and a status line after
//! each. The toolkit's `LineMode` plays only a game's moves; Tetris's steps move a piece
//! without placing it, so this loop keeps them beside the placements, through the toolkit's
//! capped line reader.

use std::io::{self, Write};

use plateau::CliResult;
use plateau_tetris::{
    Game, Piece, Play, Rules, Status, format_steps, hint, parse_moves, parse_steps,
};

const HELP: &str = "Type steps (L R S F C A D H: left, right, soft drop, fall, rotate cw, \
                    anticlockwise, hard drop, hold; e.g. LLLD) or placements (T2@2,1); or hint, \
                    new, help, quit (end of input also quits).";

/// Plays line by line from `seed`; `new` starts the next seed's game.
pub fn play(rules: &Rules, seed: u64) -> CliResult {
    let mut game = Game::new(rules.clone(), seed);
    let opened = crate::scores::open();
    if let Some(w) = &opened.warning {
        eprintln!("tetris: {w}");
    }
    let mut records = opened.records;
    // A game played with hints enters no record.
    let mut helped = false;
    let mut out = io::stdout().lock();
    show(&mut out, &game)?;
    writeln!(out, "{HELP}")?;
    out.flush()?;
    for line in plateau::input::stdin_lines() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match text.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => break,
            "help" | "?" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            "new" | "n" => {
                game = Game::new(rules.clone(), game.seed().wrapping_add(1));
                helped = false;
                show(&mut out, &game)?;
                continue;
            }
            "hint" => {
                helped = true;
                match hint(&game) {
                    Some(p) => {
                        let path = game.path(p).map(|s| format_steps(&s)).unwrap_or_default();
                        writeln!(out, "hint: {p} (steps {path})")?;
                    }
                    None => writeln!(out, "no hint: no placement left")?,
                }
                continue;
            }
            _ => {}
        }
        if game.is_over() {
            writeln!(out, "the game is over: type new or quit")?;
            continue;
        }
        match parse_steps(text) {
            Ok(steps) => {
                for s in steps {
                    if let Err(e) = game.step(s) {
                        writeln!(out, "error: {e}")?;
                        break;
                    }
                }
            }
            Err(step_error) => match parse_moves(text) {
                Ok(moves) => {
                    for m in moves {
                        if let Err(e) = game.play(m) {
                            writeln!(out, "error: {m}: {e}")?;
                            break;
                        }
                    }
                }
                // A placement has an `@`: say what is wrong with it; else with the steps.
                Err(e) if text.contains('@') => writeln!(out, "error: {e} (type help)")?,
                Err(_) => writeln!(out, "error: {step_error} (type help)")?,
            },
        }
        show(&mut out, &game)?;
        if let Status::Over { reason } = game.status() {
            let note = if helped {
                "played with hints: no record".to_owned()
            } else {
                crate::scores::submit(&mut records, &game)
            };
            writeln!(
                out,
                "game over ({reason}): score {}, lines {}, {note}; type new or quit",
                game.score(),
                game.lines()
            )?;
        }
        out.flush()?;
    }
    Ok(())
}

fn show(out: &mut dyn Write, game: &Game) -> io::Result<()> {
    writeln!(out, "{game}")?;
    writeln!(out, "{}", status_line(game))
}

fn status_line(game: &Game) -> String {
    let next: String = game.next().iter().map(|p| p.letter()).collect();
    let hold = game.hold_piece().map_or('-', Piece::letter);
    let status = match game.status() {
        Status::InProgress => "playing".to_string(),
        Status::Paused => "paused".to_string(),
        Status::Over { reason } => format!("game over ({reason})"),
    };
    format!(
        "score {} lines {} level {} hold {hold} next {} {status}",
        game.score(),
        game.lines(),
        game.level(),
        if next.is_empty() { "-".into() } else { next }
    )
}
