//! Combinations ("melds"): what a player may discard.

use core::fmt;
use core::str::FromStr;

use crate::error::{MeldError, ParseActionError};
use crate::{Card, CardSet};

/// The most cards a meld can hold: a hand never holds more than five.
pub const MAX_MELD: usize = 5;

/// The shape of a [`Meld`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MeldKind {
    /// One card.
    Single,
    /// Two to four cards of one value.
    Set,
    /// Two to five consecutive values in one suit, ace low (the rules may ask for three).
    Run,
}

/// A valid combination of one to five cards: a single card, two to four cards of one
/// value, or a run of two to five consecutive values in one suit, ace low (no K-A wrap).
/// Whether a two-card run is allowed is a rule ([`Rules::min_run`](crate::Rules::min_run)),
/// checked when it is played.
///
/// ```
/// use plateau_japjap::{Meld, MeldKind};
///
/// let run: Meld = "4H 5H 6H".parse()?;
/// assert_eq!((run.kind(), run.len(), run.value()), (MeldKind::Run, 3, 15));
/// assert!("4H 6H".parse::<Meld>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "CardSet", into = "CardSet"))]
pub struct Meld(CardSet);

impl Meld {
    /// The meld of `cards`.
    ///
    /// # Errors
    /// [`MeldError::Empty`], [`MeldError::TooManyCards`] past five, or
    /// [`MeldError::NotACombination`].
    pub fn new(cards: CardSet) -> Result<Meld, MeldError> {
        match cards.len() {
            0 => Err(MeldError::Empty),
            n if n > MAX_MELD => Err(MeldError::TooManyCards { count: n }),
            _ if kind_of(cards).is_some() => Ok(Meld(cards)),
            _ => Err(MeldError::NotACombination { cards }),
        }
    }

    /// A meld of cards already known to form one (the greedy bot's fast path).
    pub(crate) const fn trusted(cards: CardSet) -> Meld {
        Meld(cards)
    }

    /// The one-card meld.
    pub const fn single(card: Card) -> Meld {
        Meld(card.set())
    }

    /// The cards.
    pub const fn cards(self) -> CardSet {
        self.0
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.len()
    }

    /// Always false: a meld holds at least one card (here for clippy's `len` convention).
    pub const fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// The points it takes out of a hand.
    pub fn value(self) -> u32 {
        self.0.value()
    }

    /// Single, set or run. A two-card meld of one suit is a run, of one value a set.
    pub fn kind(self) -> MeldKind {
        kind_of(self.0).unwrap_or(MeldKind::Single)
    }

    /// The card put down last, the "top" of the discard: melds are laid in index order
    /// (runs from the lowest value, sets in suit order `S H D C`), so it is the card of
    /// highest index.
    pub fn top(self) -> Card {
        // A meld is never empty; the fallback is never taken.
        self.0
            .last()
            .unwrap_or(Card::new(crate::Rank::ACE, crate::Suit::Spades))
    }
}

/// The kind of a set of 1..=5 cards, `None` if it is no combination.
fn kind_of(cards: CardSet) -> Option<MeldKind> {
    let bits = cards.bits();
    let n = cards.len();
    if n == 1 {
        return Some(MeldKind::Single);
    }
    let low = bits.trailing_zeros();
    // Same value: every card is a copy of the lowest one shifted by whole suits.
    let rank_mask = (1u64 | 1 << 13 | 1 << 26 | 1 << 39) << (low % 13);
    if bits & !rank_mask == 0 {
        return Some(MeldKind::Set);
    }
    // A run: one block of consecutive bits that stays inside the lowest card's suit.
    let block = bits >> low;
    if block & (block + 1) == 0 && low % 13 + n as u32 <= 13 {
        return Some(MeldKind::Run);
    }
    None
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for Meld {
    type Err = ParseActionError;

    /// Parses the cards (any order, spaces or commas between them).
    fn from_str(s: &str) -> Result<Meld, ParseActionError> {
        let cards: CardSet = s.parse()?;
        Ok(Meld::new(cards)?)
    }
}

impl TryFrom<CardSet> for Meld {
    type Error = MeldError;
    fn try_from(cards: CardSet) -> Result<Meld, MeldError> {
        Meld::new(cards)
    }
}

impl From<Meld> for CardSet {
    fn from(m: Meld) -> CardSet {
        m.0
    }
}

/// The melds a hand can discard, in a fixed buffer (a hand of five cards has at most
/// 17 melds: four of a kind and a fifth card making a two-card run with one of them).
#[derive(Debug, Clone, Copy)]
pub(crate) struct MeldList {
    melds: [Meld; 32],
    len: usize,
}

impl MeldList {
    pub(crate) fn as_slice(&self) -> &[Meld] {
        &self.melds[..self.len]
    }

    fn push(&mut self, m: CardSet) {
        // Hands hold five cards at most, so 32 is never reached; guard anyway.
        if self.len < self.melds.len() {
            self.melds[self.len] = Meld(m);
            self.len += 1;
        }
    }
}

/// Every meld of `hand` allowed with runs of at least `min_run` cards, in a fixed order:
/// singles by index, then sets by rank, then runs by suit, start and length.
pub(crate) fn melds_of(hand: CardSet, min_run: u8) -> MeldList {
    let mut out = MeldList {
        melds: [Meld(CardSet::EMPTY); 32],
        len: 0,
    };
    for c in hand {
        out.push(c.set());
    }
    let bits = hand.bits();
    // Sets: every subset of two or more cards of a value held at least twice.
    let mut seen_ranks = 0u64;
    for c in hand {
        let r = u64::from(c.index() % 13);
        if seen_ranks >> r & 1 == 1 {
            continue;
        }
        seen_ranks |= 1 << r;
        let mask = bits & ((1u64 | 1 << 13 | 1 << 26 | 1 << 39) << r);
        if mask.count_ones() < 2 {
            continue;
        }
        let mut sub = mask;
        while sub != 0 {
            if sub.count_ones() >= 2 {
                out.push(CardSet::from_bits(sub).unwrap_or_default());
            }
            sub = (sub - 1) & mask;
        }
    }
    // Runs: every block of `min_run` or more consecutive values in a suit.
    for s in 0..4u32 {
        let m = (bits >> (13 * s)) & 0x1FFF;
        if m.count_ones() < u32::from(min_run) {
            continue;
        }
        for start in 0..13u32 {
            if m >> start & 1 == 0 {
                continue;
            }
            let mut len = 1u32;
            while start + len < 13 && m >> (start + len) & 1 == 1 {
                len += 1;
                if len >= u32::from(min_run) {
                    let run = ((1u64 << len) - 1) << (start + 13 * s);
                    out.push(CardSet::from_bits(run).unwrap_or_default());
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn kinds() {
        assert_eq!(Meld::new(set("KD")).map(Meld::kind), Ok(MeldKind::Single));
        assert_eq!(Meld::new(set("4S 4H")).map(Meld::kind), Ok(MeldKind::Set));
        assert_eq!(
            Meld::new(set("4S 4H 4D 4C")).map(Meld::kind),
            Ok(MeldKind::Set)
        );
        assert_eq!(Meld::new(set("AH 2H")).map(Meld::kind), Ok(MeldKind::Run));
        assert_eq!(
            Meld::new(set("9C 10C JC QC KC")).map(Meld::kind),
            Ok(MeldKind::Run)
        );
        // No wrap from the king to the ace, nor from one suit's king to the next suit's ace.
        assert!(Meld::new(set("KS AH")).is_err());
        assert!(Meld::new(set("QS KS AS")).is_err());
        assert!(Meld::new(set("4H 5S")).is_err());
        assert!(Meld::new(set("4H 6H")).is_err());
        assert_eq!(Meld::new(CardSet::EMPTY), Err(MeldError::Empty));
        assert_eq!(
            Meld::new(set("AH 2H 3H 4H 5H 6H")),
            Err(MeldError::TooManyCards { count: 6 })
        );
    }

    /// Every meld of a hand, by brute force over its subsets.
    fn brute(hand: CardSet, min_run: u8) -> alloc::vec::Vec<CardSet> {
        let cards: alloc::vec::Vec<Card> = hand.iter().collect();
        let mut out = alloc::vec::Vec::new();
        for mask in 1u32..(1 << cards.len()) {
            let sub: CardSet = (0..cards.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| cards[i])
                .collect();
            if let Ok(m) = Meld::new(sub)
                && !(m.kind() == MeldKind::Run && m.len() < usize::from(min_run))
            {
                out.push(sub);
            }
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn enumeration_matches_brute_force() {
        let mut rng = plateau_grid::random::seeded(5);
        for _ in 0..3000 {
            let mut deck: alloc::vec::Vec<Card> = Card::all().collect();
            // Small decks make sets and runs common.
            let top = 1 + plateau_grid::random::below(&mut rng, 52) as usize;
            deck.truncate(top.max(5));
            plateau_grid::random::shuffle(&mut rng, &mut deck);
            let n = 1 + plateau_grid::random::below(&mut rng, 5) as usize;
            let hand: CardSet = deck.iter().take(n).copied().collect();
            for min_run in [2, 3] {
                let mut got: alloc::vec::Vec<CardSet> = melds_of(hand, min_run)
                    .as_slice()
                    .iter()
                    .map(|m| m.cards())
                    .collect();
                got.sort_unstable();
                assert_eq!(got, brute(hand, min_run), "{hand}");
            }
        }
    }
}
