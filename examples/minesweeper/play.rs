//! What both front ends say about a game: its counters, the hint and its risk, how it
//! ended, the clock, the best times.

use std::time::Duration;

use plateau::clock::clock_text;
use plateau::records::Records;
use plateau_minesweeper::solver::Settings;
use plateau_minesweeper::{Config, Game, Move, Play, Seat, Status, hint, probabilities_limited};

/// The solver's move for the game, said with whether it is safe or a guess.
pub fn hint_text(game: &Game) -> (Option<Move>, String) {
    match hint(game.view(Seat::FIRST)) {
        Some(m) => (Some(m), format!("hint: {m} ({})", hint_note(game, m))),
        None => (None, "hint: nothing left to reveal".to_owned()),
    }
}

/// Whether the hint `m` is safe or a guess, and its risk (computed within the hint's own
/// small budget, so it answers at once on any board).
pub fn hint_note(game: &Game, m: Move) -> String {
    let budget = Settings::hint().max_nodes;
    let p = probabilities_limited(game.cells(), game.mines(), budget).ok();
    let risk = p
        .as_ref()
        .and_then(|p| p.get(m.pos()).map(|r| (p.is_safe(m.pos()), r)));
    match (m, risk) {
        (Move::Flag(_), _) => "that flag is wrong: the cell is safe".to_owned(),
        (_, Some((true, _))) => "safe".to_owned(),
        (_, Some((false, r))) => format!("a guess, {:.1} % risk", r * 100.0),
        (_, None) if !game.is_started() => "the first click".to_owned(),
        _ => "the solver's choice".to_owned(),
    }
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

/// The best times, one table a board (its `Config` text: size, mines, first-click policy):
/// what both front ends enter a won game in and show.
#[derive(Debug)]
pub struct Best {
    records: Records,
}

impl Best {
    pub fn new(records: Records) -> Best {
        Best { records }
    }

    /// Enters a won game's `time`, if it was played without help (`clean`); what to say
    /// about it.
    pub fn enter(&mut self, game: &Game, time: Duration, clean: bool) -> String {
        if !clean {
            return "with help: no record".to_owned();
        }
        let key = game.config().to_string();
        let millis = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        let label = format!("seed {}", game.seed());
        match self
            .records
            .submit(&key, millis, u64::from(game.clicks()), &label)
        {
            Ok(Some(1)) => "a new best time".to_owned(),
            Ok(Some(rank)) => format!("best time #{rank}"),
            Ok(None) => self.text(game.config()).unwrap_or_default(),
            Err(e) => format!("the time could not be saved: {e}"),
        }
    }

    /// `best 1:02.3` on this board, if it has a record.
    pub fn text(&self, config: Config) -> Option<String> {
        let best = self.records.best(&config.to_string())?;
        Some(format!(
            "best {}",
            clock_text(Duration::from_millis(best.primary), true)
        ))
    }

    /// This board's table, a title line first.
    pub fn page(&self, config: Config) -> Vec<String> {
        let key = config.to_string();
        let mut lines = vec![format!("Best times, {key} (any key)")];
        let table = self.records.table(&key);
        if table.is_empty() {
            lines.push("none yet: win a game without help".to_owned());
        }
        for (i, e) in table.iter().enumerate() {
            lines.push(format!(
                "{:>2}  {:>7}  {:>3} clicks  {}",
                i + 1,
                clock_text(Duration::from_millis(e.primary), true),
                e.secondary,
                e.label
            ));
        }
        lines
    }
}
