//! The Tetris demo: the heuristic bot plays a game (shared by `tetris --demo` and the tour).

use std::io::{self, Write};
use std::time::Instant;

use plateau_tetris::{Bot, Game, Heuristic, Play, Rules, Seat, Status};

/// Pieces the demo plays unless told otherwise.
pub const DEFAULT_PIECES: u64 = 1000;

/// How a bot game went.
#[derive(Debug, Clone, Copy)]
pub struct Summary {
    pub pieces: u64,
    pub lines: u32,
    pub score: u64,
    pub level: u32,
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

/// The bot plays up to `pieces` pieces of a game under `rules` from `seed`; `progress`, if
/// any, hears the number of pieces played every thousand.
pub fn play(
    rules: Rules,
    seed: u64,
    pieces: u64,
    progress: Option<&dyn Fn(u64)>,
) -> (Game, Summary) {
    let mut game = Game::new(rules, seed);
    let mut bot = Heuristic::default();
    let start = Instant::now();
    while game.pieces() < pieces {
        if let Some(report) = progress
            && game.pieces().is_multiple_of(1000)
        {
            report(game.pieces());
        }
        let Some(p) = bot.choose(game.view(Seat::FIRST)) else {
            break;
        };
        if game.play(p).is_err() {
            // The bot only proposes legal placements; stop rather than loop if it did not.
            break;
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let summary = Summary {
        pieces: game.pieces(),
        lines: game.lines(),
        score: game.score(),
        level: game.level(),
        topout: matches!(game.status(), Status::Over { .. }),
        pps: game.pieces() as f64 / secs,
    };
    (game, summary)
}

/// Plays and prints: a title, the final board, and the summary as the last line.
pub fn run_with(
    label: &str,
    rules: Rules,
    seed: u64,
    pieces: u64,
    out: &mut dyn Write,
    progress: Option<&dyn Fn(u64)>,
) -> io::Result<Summary> {
    writeln!(
        out,
        "Tetris, {label} rules, seed {seed}: the heuristic bot plays up to {pieces} pieces"
    )?;
    let (game, summary) = play(rules, seed, pieces, progress);
    writeln!(out, "{game}")?;
    if let Status::Over { reason } = game.status() {
        writeln!(out, "game over: {reason}")?;
    }
    writeln!(out, "{}", summary.line())?;
    Ok(summary)
}

/// The demo of the tour: 1000 pieces of Guideline Tetris.
#[allow(dead_code)] // the tour calls it; `tetris --demo` calls `run_with`
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    run_with(
        "guideline",
        Rules::guideline(),
        seed,
        DEFAULT_PIECES,
        out,
        None,
    )
    .map(|_| ())
}
