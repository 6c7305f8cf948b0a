//! The Tetris demo: the heuristic bot plays a game under any rules (shared by `tetris
//! --demo` and the tour), through the match runner's loop.

use std::io::{self, Write};
use std::time::Instant;

use plateau_tetris::{Game, Heuristic, Outcome, Play, Rules};

use crate::matches::play_to_end_with;

/// Pieces the demo plays unless told otherwise.
pub const DEFAULT_PIECES: u64 = 1000;

/// How a bot game went.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// Pieces placed.
    pub pieces: u64,
    /// Lines cleared.
    pub lines: u32,
    /// Points.
    pub score: u64,
    /// Level at the end.
    pub level: u32,
    /// Whether the stack topped out (the game is over) before the cap.
    pub topout: bool,
    /// Pieces per second of the whole loop (the bot's decision and the engine's lock).
    pub pps: f64,
}

impl Summary {
    /// The summary line scripts read: `pieces P lines L score S level V topout yes|no pps X`.
    pub fn line(&self) -> String {
        format!(
            "pieces {} lines {} score {} level {} topout {} pps {:.0}",
            self.pieces,
            self.lines,
            self.score,
            self.level,
            if self.topout { "yes" } else { "no" },
            self.pps
        )
    }
}

/// How a game capped at `pieces` ends: the game's own outcome (a top-out, lost), or a win
/// once the cap is reached.
pub fn capped(game: &Game, pieces: u64) -> Option<Outcome> {
    game.outcome().or_else(|| {
        (game.pieces() >= pieces)
            .then(|| Outcome::won(i64::try_from(game.score()).unwrap_or(i64::MAX)))
    })
}

/// The bot plays up to `pieces` pieces of a game under `rules` from `seed`; `progress`, if
/// any, hears the number of pieces played every thousand.
pub fn play(
    rules: Rules,
    seed: u64,
    pieces: u64,
    progress: Option<&dyn Fn(u64)>,
) -> (Game, Summary) {
    let mut game = Game::new(rules, seed);
    let start = Instant::now();
    // The bot only stops when no placement is left, which the top-out has already said.
    let _ = play_to_end_with(
        &mut game,
        &mut [Heuristic::default()],
        // A safety net only: the cap ends the game first.
        pieces.saturating_mul(2),
        |g| capped(g, pieces),
        |g, _, _, _| {
            if let Some(report) = progress
                && g.pieces().is_multiple_of(1000)
            {
                report(g.pieces());
            }
        },
    );
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let summary = Summary {
        pieces: game.pieces(),
        lines: game.lines(),
        score: game.score(),
        level: game.level(),
        topout: game.is_over(),
        pps: game.pieces() as f64 / secs,
    };
    (game, summary)
}

/// Plays and prints: a title, the final board, and the summary as the last line.
///
/// # Errors
/// Writing failed.
pub fn run_with(
    rules: Rules,
    seed: u64,
    pieces: u64,
    out: &mut dyn Write,
    progress: Option<&dyn Fn(u64)>,
) -> io::Result<Summary> {
    writeln!(
        out,
        "Tetris, {} rules, seed {seed}: the heuristic bot plays up to {pieces} pieces",
        rules.short_text()
    )?;
    let (game, summary) = play(rules, seed, pieces, progress);
    writeln!(out, "{game}")?;
    if let plateau_tetris::Status::Over { reason } = game.status() {
        writeln!(out, "game over: {reason}")?;
    }
    writeln!(out, "{}", summary.line())?;
    Ok(summary)
}

/// The demo of the tour: 1000 pieces of Guideline Tetris.
///
/// # Errors
/// Writing failed.
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    run_with(Rules::guideline(), seed, DEFAULT_PIECES, out, None).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_stops_at_the_cap_and_ends_with_its_summary() {
        let mut out = Vec::new();
        let s = run_with(Rules::guideline(), 3, 120, &mut out, None).expect("written");
        assert_eq!(s.pieces, 120);
        assert!(!s.topout);
        let text = String::from_utf8(out).expect("text");
        let last = text.lines().last().expect("a line");
        assert!(last.starts_with("pieces 120 lines "), "{last}");
        // The same game from the same seed.
        let (game, again) = play(Rules::guideline(), 3, 120, None);
        assert_eq!((again.lines, again.score), (s.lines, s.score));
        assert_eq!(
            capped(&game, 120).map(|o| o.has_won(plateau_tetris::Seat::FIRST)),
            Some(true)
        );
        assert_eq!(capped(&game, 121), None);
    }
}
