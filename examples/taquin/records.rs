//! The best results of each board size, kept between runs (`plateau::records`, file
//! `taquin.records` in the user's data directory): the fewest moves (ties broken by time)
//! and the best time (ties broken by moves), for games solved without the solver.

use plateau::records::{Order, Records};
use plateau_taquin::Size;

use crate::game::Game;
use plateau::clock::clock_text;

/// The records of one board size.
pub struct Best {
    records: Records,
    size: Size,
    /// Said once: the old file could not be read and was set aside.
    warning: Option<String>,
}

impl Best {
    /// The records file, opened for `size` (a corrupt one is set aside and said once).
    pub fn open(size: Size) -> Best {
        let opened = Records::open("taquin", Order::Lower);
        Best {
            records: opened.records,
            size,
            warning: opened.warning,
        }
    }

    fn moves_key(&self) -> String {
        format!("{} moves", self.size)
    }

    fn time_key(&self) -> String {
        format!("{} time", self.size)
    }

    /// What to say at the start: a warning about the file, or the records to beat.
    pub fn greeting(&mut self) -> String {
        if let Some(w) = self.warning.take() {
            return w;
        }
        self.standing()
            .map_or_else(String::new, |s| format!("{}: {s}", self.size))
    }

    /// The records of this size as one phrase ("best 48 moves, best time 0:59"), if any.
    fn standing(&self) -> Option<String> {
        let moves = self.records.best(&self.moves_key())?;
        let time = self.records.best(&self.time_key())?;
        Some(format!(
            "best {} moves, best time {}",
            moves.primary,
            clock_text(std::time::Duration::from_millis(time.primary), true)
        ))
    }

    /// Enters a solved game; what to say about it (a new record, or the ones to beat).
    pub fn enter(&mut self, game: &Game) -> String {
        let moves = game.moves() as u64;
        let millis = u64::try_from(game.elapsed().as_millis()).unwrap_or(u64::MAX);
        let label = format!("seed {}", game.seed);
        let by_moves = self
            .records
            .submit(&self.moves_key(), moves, millis, &label);
        let by_time = self.records.submit(&self.time_key(), millis, moves, &label);
        let (by_moves, by_time) = match (by_moves, by_time) {
            (Ok(m), Ok(t)) => (m, t),
            (Err(e), _) | (_, Err(e)) => {
                return format!("(the records could not be saved: {e})");
            }
        };
        let news = match (by_moves == Some(1), by_time == Some(1)) {
            (true, true) => "A new record of moves and of time!".to_owned(),
            (true, false) => "A new record of moves!".to_owned(),
            (false, true) => "A new record of time!".to_owned(),
            (false, false) => String::new(),
        };
        let standing = self.standing().unwrap_or_default();
        format!("{news} {}: {standing}.", self.size)
            .trim_start()
            .to_owned()
    }
}
