//! The line mode (standard input not a terminal), on the toolkit's `LineMode`: the board
//! printed after every line, one or more colours a line. A line that is a colour of the
//! game is played, even when it is also a command letter (`h` from 18 colours up); the
//! words `hint`, `undo`, `new`, `quit` and `help` are always commands. Once the game is
//! over, `undo` takes the last move back and `new` deals the next board. `999` ends the
//! game, as in the original, and so does the end of input (exit 0 both).

use std::cell::{Cell, RefCell};
use std::io::{self, Write};
use std::rc::Rc;

use plateau::CliResult;
use plateau::line::LineMode;
use plateau_floodit::{Color, Config, Game, hint, parse_moves};

use crate::round::{Round, verdict};

/// The words that are commands, whatever the colours.
const COMMANDS: [&str; 7] = ["hint", "?", "undo", "new", "quit", "exit", "help"];

/// What ends the game, as in the original program.
const END: &str = "999";

pub fn play(config: Config, moves: Option<u32>, seed: u64) -> CliResult {
    let round = Rc::new(RefCell::new(Round::new(config, moves, seed)));
    let game = round.borrow().game.clone();
    let colors = config.colors();
    let (show, judge, next) = (round.clone(), round.clone(), round.clone());
    let last = Color::ALL[usize::from(colors) - 1];
    let mode = LineMode::new(game)
        .render(move |g: &Game, out: &mut dyn Write| {
            let round = show.borrow();
            writeln!(out, "{}", crate::round::title(g, round.seed))?;
            writeln!(out, "{g}")?;
            match &round.warning {
                Some(w) if g.moves_used() == 0 => writeln!(out, "{w}"),
                _ => Ok(()),
            }
        })
        .parse(move |_, line| parse(line, colors))
        .hint(hint)
        .verdict(move |g| {
            let round = judge.borrow();
            verdict(g, &round.best, round.optimal).unwrap_or_default()
        })
        // As on the full screen: once over, undo takes the last move back, new deals again.
        .undo_after_end()
        .new_game(move || {
            let fresh = next.borrow().next(moves);
            let game = fresh.game.clone();
            *next.borrow_mut() = fresh;
            game
        })
        .help(format!(
            "Type colours (0-{last}), one or more a line; {END} ends the game"
        ));
    let ended = Cell::new(false);
    let lines = plateau::input::stdin_lines().take_while(|line| {
        let end = matches!(line, Ok(l) if l == END);
        ended.set(end);
        !end
    });
    let mut out = io::stdout().lock();
    mode.run_on(lines, &mut out)?;
    if ended.get() {
        writeln!(out, "Game ended ({END}). {}", round.borrow().solution())?;
    }
    Ok(())
}

/// A line as colours of this game; anything else (a command) is an error for `LineMode`
/// to read as a command.
fn parse(line: &str, colors: u8) -> Result<Vec<Color>, String> {
    let word = line.trim().to_ascii_lowercase();
    if COMMANDS.contains(&word.as_str()) {
        return Err(format!("{word:?} is a command"));
    }
    let moves = parse_moves(&word).map_err(|e| format!("not a colour: {e}"))?;
    match moves.iter().find(|c| c.get() >= colors) {
        Some(c) => Err(format!(
            "not a colour: {c} is not one of the {colors} colours (0-{})",
            Color::ALL[usize::from(colors) - 1]
        )),
        None => Ok(moves),
    }
}
