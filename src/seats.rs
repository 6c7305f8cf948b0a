//! `--players` for games with several seats: a number of players, or who sits in each seat
//! (`human,human` for a hot seat, `human,greedy,search`...), with one kind of error for
//! every count the game does not seat (9 and 300 alike).
//!
//! ```
//! use plateau::seats::{Players, Sitter};
//!
//! #[derive(Debug, Clone, Copy, PartialEq, Eq)]
//! struct Greedy;
//! impl std::str::FromStr for Greedy {
//!     type Err = String;
//!     fn from_str(s: &str) -> Result<Greedy, String> {
//!         (s == "greedy").then_some(Greedy).ok_or(format!("unknown bot {s:?}"))
//!     }
//! }
//!
//! let seats = |n: usize| (2..=4).contains(&n);
//! let wrong = |n: &str| format!("{n} players: 2 to 4 sit at a table");
//! let p = Players::<Greedy>::parse("human,greedy", seats, wrong);
//! assert_eq!(p, Ok(Players::Seats(vec![Sitter::Human, Sitter::Bot(Greedy)])));
//! assert_eq!(Players::<Greedy>::parse("3", seats, wrong), Ok(Players::Count(3)));
//! for n in ["9", "300", "99999999999999999999999"] {
//!     let err = Players::<Greedy>::parse(n, seats, wrong);
//!     assert_eq!(err, Err(format!("{n} players: 2 to 4 sit at a table")));
//! }
//! assert!(Players::<Greedy>::parse("human", seats, wrong).is_err()); // one seat
//! assert!(Players::<Greedy>::parse("human,wizard", seats, wrong).is_err());
//! ```

use std::str::FromStr;

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sitter<B> {
    /// A person at the keyboard.
    Human,
    /// One of the game's bots.
    Bot(B),
}

/// What `--players` says: a number of seats, or who sits in each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Players<B> {
    /// This many players (the game fills the seats its own way).
    Count(usize),
    /// One sitter per seat, in seat order.
    Seats(Vec<Sitter<B>>),
}

impl<B: FromStr<Err = String>> Players<B> {
    /// Reads `text`: a number, or seats separated by commas, each `human` (or `you`) or a
    /// bot's name. A count, or a number of seats, that `seats` refuses is `wrong(count)`, the
    /// count as written (so a number past any integer gets the same error as 9).
    ///
    /// # Errors
    /// A count the game does not seat, or a seat that is neither `human` nor a bot.
    pub fn parse(
        text: &str,
        seats: impl Fn(usize) -> bool,
        wrong: impl Fn(&str) -> String,
    ) -> Result<Players<B>, String> {
        let t = text.trim();
        if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
            return match t.parse::<usize>() {
                Ok(n) if seats(n) => Ok(Players::Count(n)),
                _ => Err(wrong(t)),
            };
        }
        let list = t
            .split(',')
            .map(|w| match w.trim().to_ascii_lowercase().as_str() {
                "human" | "you" => Ok(Sitter::Human),
                other => other.parse().map(Sitter::Bot).map_err(|e: String| {
                    format!("{e}; a seat is `human` or a bot, and --players may also be a number")
                }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !seats(list.len()) {
            return Err(wrong(&list.len().to_string()));
        }
        Ok(Players::Seats(list))
    }

    /// The number of players it asks for.
    pub fn count(&self) -> usize {
        match self {
            Players::Count(n) => *n,
            Players::Seats(s) => s.len(),
        }
    }
}
