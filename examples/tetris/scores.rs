//! The high-score table: the best scores of each rule set, kept by the toolkit's records in
//! the user's data directory (`tetris.records`). A game enters it when it tops out, on the
//! full screen or in the line mode; `tetris scores` prints it.

use std::io::{self, Write};

use plateau::CliResult;
use plateau::records::{Entry, Opened, Order, Records};
use plateau_tetris::{Game, Rules};

/// Opens the table (a one-line warning when the file was unreadable and set aside).
pub fn open() -> Opened {
    Records::open("tetris", Order::Higher)
}

/// The table a game's result goes to: its rules, in their short text form.
pub fn key(rules: &Rules) -> String {
    rules.short_text()
}

/// Enters a finished game (score, then lines to break ties); what to tell the player.
pub fn submit(records: &mut Records, game: &Game) -> String {
    let key = key(game.rules());
    let label = format!("seed {}", game.seed());
    match records.submit(&key, game.score(), u64::from(game.lines()), &label) {
        Ok(Some(1)) => "a new high score!".to_owned(),
        Ok(Some(rank)) => format!("high score #{rank}"),
        Ok(None) => records
            .best(&key)
            .map(|b| format!("best {}", b.primary))
            .unwrap_or_default(),
        Err(e) => format!("the score could not be saved: {e}"),
    }
}

/// One line of a table, short enough for the screen's side column.
pub fn line(rank: usize, e: &Entry) -> String {
    format!("{rank:>2} {:>8} {:>5} lines", e.primary, e.secondary)
}

/// `scores`: every table, or only that of `rules`.
pub fn print(rules: Option<&Rules>) -> CliResult {
    let opened = open();
    if let Some(w) = &opened.warning {
        eprintln!("tetris: {w}");
    }
    let records = opened.records;
    let keys: Vec<String> = match rules {
        Some(r) => vec![key(r)],
        None => records.keys().map(str::to_owned).collect(),
    };
    let mut out = io::stdout().lock();
    if keys.iter().all(|k| records.table(k).is_empty()) {
        let which = rules
            .map(|r| format!(" under {} rules", key(r)))
            .unwrap_or_default();
        writeln!(
            out,
            "no scores yet{which}: a game enters the table when it tops out"
        )?;
        return Ok(());
    }
    for k in keys {
        writeln!(out, "# {k}")?;
        for (i, e) in records.table(&k).iter().enumerate() {
            writeln!(out, "{} {}", line(i + 1, e), e.label)?;
        }
    }
    Ok(())
}
