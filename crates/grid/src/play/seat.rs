//! [`Seat`] and [`SeatSet`]: who is at the table, in every game's terms.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::error::ParseSeatError;

/// The most seats any game of the workspace has at one table (Jap Jap has up to 5, Blokus
/// Classic 4); a [`SeatSet`] holds them in one byte.
pub const MAX_SEATS: usize = 8;

/// A seat at the table: the 0-based index of a player in play order (`0..players`).
/// Puzzles have one seat, [`Seat::FIRST`].
///
/// Written `P1`, `P2`... (one more than the index, as a table counts them); parsing also
/// takes `p2` and the bare number `2`.
///
/// ```
/// use plateau_grid::Seat;
///
/// let s = Seat::new(1).unwrap();
/// assert_eq!((s.index(), s.to_string()), (1, "P2".to_owned()));
/// assert_eq!("p2".parse::<Seat>()?, s);
/// assert_eq!(s.next(2), Seat::FIRST);
/// assert_eq!(Seat::new(8), None);
/// # Ok::<(), plateau_grid::ParseSeatError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Seat(u8);

impl Seat {
    /// Seat 0: the player who starts (the only one in a puzzle).
    pub const FIRST: Seat = Seat(0);

    /// The seat of index `index`, `None` from [`MAX_SEATS`] on.
    #[must_use]
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// Index of the seat, from 0.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in play order at a table of `seats` (back to seat 0 after the last).
    /// A table of 0 seats, or more than [`MAX_SEATS`], counts as [`MAX_SEATS`].
    #[must_use]
    pub const fn next(self, seats: usize) -> Seat {
        let n = if seats == 0 || seats > MAX_SEATS {
            MAX_SEATS
        } else {
            seats
        };
        Seat(((self.0 as usize + 1) % n) as u8)
    }

    /// The seats of a table of `seats`, in play order (at most [`MAX_SEATS`]).
    pub fn all(seats: usize) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + Clone {
        (0..seats.min(MAX_SEATS) as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

impl FromStr for Seat {
    type Err = ParseSeatError;

    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        let t = s.trim();
        let digits = t.strip_prefix(['P', 'p']).unwrap_or(t);
        digits
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(Seat::new)
            .ok_or_else(|| ParseSeatError {
                text: String::from(s),
            })
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s.0
    }
}

impl TryFrom<u8> for Seat {
    type Error = ParseSeatError;

    fn try_from(i: u8) -> Result<Seat, ParseSeatError> {
        Seat::new(usize::from(i)).ok_or_else(|| ParseSeatError {
            text: alloc::format!("{i}"),
        })
    }
}

/// A set of seats (the winners of a game, the players a rule names), one bit a seat.
///
/// ```
/// use plateau_grid::{Seat, SeatSet};
///
/// let mut set = SeatSet::EMPTY;
/// set.insert(Seat::new(2).unwrap());
/// set.insert(Seat::FIRST);
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "P1 P3");
/// assert_eq!(SeatSet::all(3).iter().count(), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Every seat of a table of `seats` (at most [`MAX_SEATS`]).
    #[must_use]
    pub const fn all(seats: usize) -> SeatSet {
        if seats >= MAX_SEATS {
            SeatSet(u8::MAX)
        } else {
            SeatSet(((1u16 << seats) - 1) as u8)
        }
    }

    /// The set holding only `seat`.
    #[must_use]
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 >> seat.0 & 1 == 1
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// The set with `seat` added.
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat.0)
    }

    /// The seats of both sets.
    #[must_use]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// The seats in both sets.
    #[must_use]
    pub const fn intersection(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    /// Number of seats in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat of the set.
    #[must_use]
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(Seat(self.0.trailing_zeros() as u8))
        }
    }

    /// The seats, in order.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Seat> + Clone {
        (0..MAX_SEATS as u8)
            .filter(move |i| self.0 >> i & 1 == 1)
            .map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// The seats separated by spaces (`P1 P3`); nothing for the empty set.
impl fmt::Display for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn seats_round_trip_through_text_and_bytes() {
        for s in Seat::all(MAX_SEATS) {
            assert_eq!(s.to_string().parse::<Seat>(), Ok(s));
            assert_eq!(Seat::try_from(u8::from(s)), Ok(s));
        }
        for bad in ["", "P0", "0", "P9", "9", "Q1", "P", "P-1", "1.0"] {
            assert!(bad.parse::<Seat>().is_err(), "{bad:?}");
        }
        assert!(Seat::try_from(8u8).is_err());
    }

    #[test]
    fn next_goes_round_the_table() {
        let seats: alloc::vec::Vec<Seat> =
            core::iter::successors(Some(Seat::FIRST), |s| Some(s.next(3)))
                .take(7)
                .collect();
        let idx: alloc::vec::Vec<usize> = seats.iter().map(|s| s.index()).collect();
        assert_eq!(idx, [0, 1, 2, 0, 1, 2, 0]);
        assert_eq!(Seat::new(7).unwrap().next(0), Seat::FIRST);
        assert_eq!(Seat::new(7).unwrap().next(99), Seat::FIRST);
    }

    #[test]
    fn sets_hold_what_was_put_in() {
        for n in 0..=MAX_SEATS {
            let all = SeatSet::all(n);
            assert_eq!(all.len(), n);
            assert_eq!(Seat::all(n).collect::<SeatSet>(), all);
        }
        let set = SeatSet::only(Seat::new(4).unwrap()).with(Seat::FIRST);
        assert_eq!(set.first(), Some(Seat::FIRST));
        assert!(set.contains(Seat::new(4).unwrap()) && !set.contains(Seat::new(3).unwrap()));
        assert_eq!(
            set.intersection(SeatSet::all(3)),
            SeatSet::only(Seat::FIRST)
        );
        assert_eq!(SeatSet::EMPTY.to_string(), "");
        assert_eq!(SeatSet::EMPTY.first(), None);
    }
}
