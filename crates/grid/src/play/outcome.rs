//! [`Outcome`]: how a game ended, readable without knowing the game.

use core::fmt;

use super::seat::{MAX_SEATS, Seat, SeatSet};

/// How a finished game ended, in the terms every game shares: the seats that won and a
/// score for every seat. A front end, a match runner or a learning loop reads it without
/// knowing the game; the game's own `Status` keeps the detail.
///
/// - One winner: that seat won. Several: they share first place (in a two-seat game, a
///   draw). None: nobody won (a puzzle failed, or a game whose rules name only losers had
///   every seat lose).
/// - [`Outcome::score`] is the game's headline number for the seat, as the game counts it
///   (points in Blokus, penalty points in Jap Jap, points in Tetris, moves used in
///   Flood-It): each crate documents its own. Who won is [`Outcome::winners`],
///   never something to infer from the scores (in Jap Jap the lowest score wins).
///
/// ```
/// use plateau_grid::{Outcome, Seat, SeatSet};
///
/// let p1 = Seat::FIRST;
/// let p2 = Seat::new(1).unwrap();
/// let o = Outcome::new(&[35, 30], SeatSet::only(p1));
/// assert_eq!(o.winner(), Some(p1));
/// assert_eq!((o.share(p1), o.share(p2)), (1.0, 0.0));
/// assert_eq!(o.score(p2), Some(30));
/// assert_eq!(o.to_string(), "P1 wins (P1 35, P2 30)");
///
/// let draw = Outcome::new(&[30, 30], SeatSet::all(2));
/// assert!(draw.is_draw());
/// assert_eq!(draw.share(p2), 0.5);
///
/// let puzzle = Outcome::won(17); // a Flood-It board flooded in 17 moves
/// assert_eq!((puzzle.seats(), puzzle.to_string().as_str()), (1, "won (17)"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawOutcome", into = "RawOutcome"))]
pub struct Outcome {
    seats: u8,
    winners: SeatSet,
    scores: [i64; MAX_SEATS],
}

impl Outcome {
    /// The end of a game of `scores.len()` seats won by `winners`. Seats past
    /// [`MAX_SEATS`] are dropped, and so are winners outside the table.
    #[must_use]
    pub fn new(scores: &[i64], winners: SeatSet) -> Outcome {
        let seats = scores.len().min(MAX_SEATS);
        let mut all = [0; MAX_SEATS];
        all[..seats].copy_from_slice(&scores[..seats]);
        Outcome {
            seats: seats as u8,
            winners: winners.intersection(SeatSet::all(seats)),
            scores: all,
        }
    }

    /// A one-seat game (a puzzle) won with `score`.
    #[must_use]
    pub fn won(score: i64) -> Outcome {
        Outcome::new(&[score], SeatSet::only(Seat::FIRST))
    }

    /// A one-seat game (a puzzle) lost with `score`.
    #[must_use]
    pub fn lost(score: i64) -> Outcome {
        Outcome::new(&[score], SeatSet::EMPTY)
    }

    /// Number of seats at the table.
    #[must_use]
    pub fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    /// The seats that won (several share first place).
    #[must_use]
    pub fn winners(&self) -> SeatSet {
        self.winners
    }

    /// The winner when exactly one seat won.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        if self.winners.len() == 1 {
            self.winners.first()
        } else {
            None
        }
    }

    /// Whether several seats share first place.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.winners.len() > 1
    }

    /// Whether `seat` won or shares first place.
    #[must_use]
    pub fn has_won(&self, seat: Seat) -> bool {
        self.winners.contains(seat)
    }

    /// `seat`'s share of the win: 1 for a sole winner, `1/k` for each of `k` seats sharing
    /// first place, 0 otherwise (the score a match runner adds up; a two-seat draw is 0.5).
    #[must_use]
    pub fn share(&self, seat: Seat) -> f64 {
        if self.winners.contains(seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }

    /// `seat`'s score (see [`Outcome`] for what it counts), `None` for a seat not at the
    /// table.
    #[must_use]
    pub fn score(&self, seat: Seat) -> Option<i64> {
        self.scores().get(seat.index()).copied()
    }

    /// Every seat's score, in seat order.
    #[must_use]
    pub fn scores(&self) -> &[i64] {
        &self.scores[..self.seats()]
    }
}

/// `P1 wins (P1 35, P2 30)`, `P1 P2 draw (...)`, `nobody wins (...)`; a one-seat game
/// prints `won (48)` or `lost (12)`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.seats == 1 {
            let word = if self.winners.is_empty() {
                "lost"
            } else {
                "won"
            };
            return write!(f, "{word} ({})", self.scores[0]);
        }
        match self.winners.len() {
            0 => f.write_str("nobody wins")?,
            1 => write!(f, "{} wins", self.winners)?,
            _ => write!(f, "{} draw", self.winners)?,
        }
        f.write_str(" (")?;
        for (i, (seat, score)) in Seat::all(self.seats()).zip(self.scores()).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{seat} {score}")?;
        }
        f.write_str(")")
    }
}

/// The serde form: the scores and the winners, checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawOutcome {
    scores: alloc::vec::Vec<i64>,
    winners: alloc::vec::Vec<Seat>,
}

#[cfg(feature = "serde")]
impl From<Outcome> for RawOutcome {
    fn from(o: Outcome) -> RawOutcome {
        RawOutcome {
            scores: o.scores().into(),
            winners: o.winners.iter().collect(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RawOutcome> for Outcome {
    type Error = alloc::string::String;

    fn try_from(raw: RawOutcome) -> Result<Outcome, alloc::string::String> {
        let seats = raw.scores.len();
        if seats == 0 || seats > MAX_SEATS {
            return Err(alloc::format!(
                "an outcome has 1 to {MAX_SEATS} seats, not {seats}"
            ));
        }
        if let Some(w) = raw.winners.iter().find(|w| w.index() >= seats) {
            return Err(alloc::format!("winner {w} is not at a table of {seats}"));
        }
        Ok(Outcome::new(&raw.scores, raw.winners.into_iter().collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn winners_outside_the_table_are_dropped() {
        let o = Outcome::new(&[1, 2], SeatSet::all(5));
        assert_eq!(o.winners(), SeatSet::all(2));
        assert_eq!(o.score(Seat::new(2).unwrap()), None);
        let many = [7; 12];
        assert_eq!(Outcome::new(&many, SeatSet::EMPTY).seats(), MAX_SEATS);
    }

    #[test]
    fn shares_add_up_to_one_when_someone_wins() {
        let o = Outcome::new(&[3, 3, 1], SeatSet::all(2));
        let total: f64 = Seat::all(3).map(|s| o.share(s)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(o.to_string(), "P1 P2 draw (P1 3, P2 3, P3 1)");
        assert_eq!(
            Outcome::new(&[9, 9], SeatSet::EMPTY).to_string(),
            "nobody wins (P1 9, P2 9)"
        );
        assert_eq!(Outcome::lost(12).to_string(), "lost (12)");
        assert!(!Outcome::lost(0).has_won(Seat::FIRST));
    }
}
