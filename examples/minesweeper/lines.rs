//! The line mode, when standard input or output is not a terminal, on the toolkit's
//! [`LineMode`]: the view printed after every move, moves in notation (`r3,4`, `f3,4`,
//! `c3,4`, several to a line), `hint`, `undo` (also after a loss: the losing click), `new`,
//! `quit`. A game won without hint or undo enters its time in the best times.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use plateau::CliResult;
use plateau::line::LineMode;
use plateau::records::{Order, Records};
use plateau_minesweeper::{Config, Game, Play, Seat, Status, hint, parse_moves};

use plateau::clock::Clock;

use crate::play::{Best, counters, hint_note, outcome_line};

/// What the line mode keeps beside the game: the clock, whether the player had help, the
/// best times.
struct Sitting {
    clock: Clock,
    /// No hint asked and no losing click taken back.
    clean: bool,
    /// The game was lost once (a move after that means the loss was taken back).
    lost: bool,
    seed: u64,
    best: Best,
}

/// Plays `config` from `seed` on standard input and output.
pub fn play(config: Config, seed: u64) -> CliResult {
    let opened = Records::open("minesweeper", Order::Lower);
    if let Some(warning) = &opened.warning {
        writeln!(io::stdout(), "{warning}")?;
    }
    let sitting = Rc::new(RefCell::new(Sitting {
        clock: Clock::default(),
        clean: true,
        lost: false,
        seed,
        best: Best::new(opened.records),
    }));
    let (on_hint, on_move, on_new, on_end) = (
        Rc::clone(&sitting),
        Rc::clone(&sitting),
        Rc::clone(&sitting),
        Rc::clone(&sitting),
    );
    let clock = Rc::clone(&sitting);
    LineMode::with_render(Game::new(config, seed), move |game: &Game, out| {
        let time = clock.borrow().clock.text();
        writeln!(
            out,
            "{}\n{}  seed {}  {}  time {time}",
            game.cells(),
            game.config(),
            game.seed(),
            counters(game)
        )
    })
    .help(
        "Moves: r x,y reveals, f x,y flags, c x,y chords (x = column, y = row from the top, \
         from 0; several moves to a line)",
    )
    .parse(|_, line| parse_moves(line).map_err(|e| e.to_string()))
    .hint(move |game: &Game| {
        let m = hint(game.view(Seat::FIRST));
        if m.is_some() && !game.is_over() {
            on_hint.borrow_mut().clean = false;
        }
        m
    })
    .hint_note(|game: &Game, m| format!("({})", hint_note(game, m)))
    .on_event(move |game: &Game, _, _, _| {
        let mut s = on_move.borrow_mut();
        s.clock.start();
        if s.lost {
            // A move after a loss: the loss was taken back.
            s.clean = false;
            s.lost = false;
        }
        if game.is_over() {
            s.clock.stop();
            s.lost = matches!(game.status(), Status::Lost { .. });
        }
        None
    })
    .new_game(move || {
        let mut s = on_new.borrow_mut();
        s.seed = s.seed.wrapping_add(1);
        s.clock = Clock::default();
        s.clean = true;
        s.lost = false;
        Game::new(config, s.seed)
    })
    .verdict(move |game: &Game| {
        let mut s = on_end.borrow_mut();
        let end = outcome_line(game).unwrap_or_default();
        match game.status() {
            Status::Won => {
                let clean = s.clean;
                let time = s.clock.elapsed();
                let record = s.best.enter(game, time, clean);
                format!("{end} Time {}; {record}.", s.clock.result())
            }
            _ => format!("{end} undo takes the click back, new starts another game."),
        }
    })
    .undo_after_end()
    .run()
}
