//! What both front ends say about a game: its counters, the hint and its risk, how it
//! ended, the clock.

use std::time::{Duration, Instant};

use plateau_minesweeper::{Game, Move, Play, Seat, Status, hint, probabilities};

/// The solver's move for the game, said with whether it is safe or a guess.
pub fn hint_text(game: &Game) -> (Option<Move>, String) {
    let Some(m) = hint(game.view(Seat::FIRST)) else {
        return (None, "hint: nothing left to reveal".to_owned());
    };
    let p = probabilities(game.cells(), game.mines()).ok();
    let risk = p
        .as_ref()
        .and_then(|p| p.get(m.pos()).map(|r| (p.is_safe(m.pos()), r)));
    let note = match (m, risk) {
        (Move::Flag(_), _) => "that flag is wrong: the cell is safe".to_owned(),
        (_, Some((true, _))) => "safe".to_owned(),
        (_, Some((false, r))) => format!("a guess, {:.1} % risk", r * 100.0),
        (_, None) if !game.is_started() => "the first click".to_owned(),
        _ => "the solver's choice".to_owned(),
    };
    (Some(m), format!("hint: {m} ({note})"))
}

/// The counters: mines left, clicks.
pub fn counters(game: &Game) -> String {
    format!(
        "mines left {}  clicks {} ({} effective)",
        game.mines_left(),
        game.clicks(),
        game.effective_clicks()
    )
}

/// The 3BV of the board (the fewest clicks that clear it), once the mines are laid.
pub fn three_bv(game: &Game) -> u32 {
    game.board().map_or(0, |b| b.metrics().three_bv)
}

/// How the game ended, in a few words (`None` while it goes on).
pub fn outcome_line(game: &Game) -> Option<String> {
    match game.status() {
        Status::InProgress => None,
        Status::Won => Some(format!("You won! 3BV {}.", three_bv(game))),
        Status::Lost { at } => Some(format!("Boom: a mine at {at}. You lost.")),
    }
}

/// `1:05` (live) or `1:05.3` (a result); hours when it comes to that.
pub fn clock_text(d: Duration, tenths: bool) -> String {
    let total = d.as_secs();
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    let whole = if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    };
    if tenths {
        format!("{whole}.{}", d.subsec_millis() / 100)
    } else {
        whole
    }
}

/// The game's clock: it starts at the first move played and stops when the game ends.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    started: Option<Instant>,
    stopped: Option<Duration>,
}

impl Clock {
    /// Starts the clock if it is not running yet.
    pub fn start(&mut self) {
        if self.started.is_none() {
            self.started = Some(Instant::now());
        }
    }

    /// Stops it (the time so far is the result).
    pub fn stop(&mut self) {
        if self.stopped.is_none() {
            self.stopped = Some(self.elapsed());
        }
    }

    /// Lets it run on after a stop (a losing click taken back): the time stopped counts.
    pub fn resume(&mut self) {
        self.stopped = None;
    }

    /// Whether it runs.
    pub fn is_running(&self) -> bool {
        self.started.is_some() && self.stopped.is_none()
    }

    /// The time on the clock.
    pub fn elapsed(&self) -> Duration {
        match (self.stopped, self.started) {
            (Some(d), _) => d,
            (None, Some(t)) => t.elapsed(),
            (None, None) => Duration::ZERO,
        }
    }
}
