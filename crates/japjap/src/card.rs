//! The vocabulary of the deck: [`Suit`], [`Rank`], [`Card`] and the 52-bit [`CardSet`].
//!
//! A card is an index `0..52`, `suit * 13 + (rank - 1)`: the thirteen cards of a suit are
//! consecutive bits of a [`CardSet`], so a run is a block of set bits and the four cards of a
//! value are the bits `rank - 1 + 13 * k`. Hands, the stock's membership, the discards and
//! what a player has seen are all one `u64` each.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};
use core::str::FromStr;

use alloc::string::ToString;

use crate::error::ParseCardError;

/// Number of cards in the deck.
pub const DECK_SIZE: usize = 52;

/// One of the four suits, in the order of the notation letters `S H D C`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suit {
    /// Spades, `S` or `♠`.
    Spades = 0,
    /// Hearts, `H` or `♥`.
    Hearts = 1,
    /// Diamonds, `D` or `♦`.
    Diamonds = 2,
    /// Clubs, `C` or `♣`.
    Clubs = 3,
}

impl Suit {
    /// The four suits in notation order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit of index `0..4` (`S H D C`), `None` past 3.
    pub const fn from_index(i: u8) -> Option<Suit> {
        match i {
            0 => Some(Suit::Spades),
            1 => Some(Suit::Hearts),
            2 => Some(Suit::Diamonds),
            3 => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// Index `0..4` in notation order.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The notation letter: `S`, `H`, `D` or `C`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit symbol: `♠`, `♥`, `♦` or `♣`.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// Hearts and diamonds are red.
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// The 13 cards of this suit.
    pub const fn cards(self) -> CardSet {
        CardSet(0x1FFF << (13 * self as u32))
    }

    fn from_char(c: char) -> Option<Suit> {
        match c {
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = ParseCardError;

    /// Parses `S H D C` (either case) or `♠ ♥ ♦ ♣` (and the outlined `♤ ♡ ♢ ♧`).
    fn from_str(s: &str) -> Result<Suit, ParseCardError> {
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_char(c).ok_or_else(|| ParseCardError::Suit {
                text: t.to_string(),
            }),
            _ => Err(ParseCardError::Suit {
                text: t.to_string(),
            }),
        }
    }
}

/// A card's value, ace low: `A` = 1, `2`..`10`, `J` = 11, `Q` = 12, `K` = 13. The value is
/// also what the card counts in a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Rank(u8);

impl Rank {
    /// The ace, worth 1.
    pub const ACE: Rank = Rank(1);
    /// The ten.
    pub const TEN: Rank = Rank(10);
    /// The jack, worth 11.
    pub const JACK: Rank = Rank(11);
    /// The queen, worth 12.
    pub const QUEEN: Rank = Rank(12);
    /// The king, worth 13.
    pub const KING: Rank = Rank(13);

    /// The rank of value `value` (`1..=13`), `None` otherwise.
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 {
            Some(Rank(value))
        } else {
            None
        }
    }

    /// The value `1..=13`: what the card counts in a hand.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// The 13 ranks from the ace up.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> + ExactSizeIterator {
        (1..=13).map(Rank)
    }

    /// The four cards of this rank.
    pub const fn cards(self) -> CardSet {
        CardSet(RANK_MASK << (self.0 - 1))
    }

    /// The notation: `A`, `2`..`10`, `J`, `Q`, `K`.
    pub const fn symbol(self) -> &'static str {
        const NAMES: [&str; 13] = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        NAMES[(self.0 - 1) as usize]
    }
}

impl TryFrom<u8> for Rank {
    type Error = ParseCardError;

    fn try_from(value: u8) -> Result<Rank, ParseCardError> {
        Rank::new(value).ok_or_else(|| ParseCardError::Rank {
            text: value.to_string(),
        })
    }
}

impl From<Rank> for u8 {
    fn from(r: Rank) -> u8 {
        r.0
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.symbol())
    }
}

impl FromStr for Rank {
    type Err = ParseCardError;

    /// Parses `A`, `2`..`10`, `T` (ten), `J`, `Q`, `K`, letters in either case.
    fn from_str(s: &str) -> Result<Rank, ParseCardError> {
        let t = s.trim();
        let value = match t.to_ascii_uppercase().as_str() {
            "A" => 1,
            "T" | "10" => 10,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            d if d.len() == 1 && (b'2'..=b'9').contains(&d.as_bytes()[0]) => d.as_bytes()[0] - b'0',
            _ => {
                return Err(ParseCardError::Rank {
                    text: t.to_string(),
                });
            }
        };
        Ok(Rank(value))
    }
}

/// A playing card, index `0..52` = `suit * 13 + rank - 1` (suit-major order). Written rank
/// then suit: `AS`, `10H`, `KD`; parsed also as `TH`, `kd`, `4♥`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::string::String", into = "alloc::string::String")
)]
pub struct Card(u8);

impl Card {
    /// The card of `rank` in `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0 - 1)
    }

    /// The card of index `0..52`, `None` past 51.
    pub const fn from_index(i: u8) -> Option<Card> {
        if (i as usize) < DECK_SIZE {
            Some(Card(i))
        } else {
            None
        }
    }

    /// Index `0..52`: `suit * 13 + rank - 1`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 % 13 + 1)
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        match Suit::from_index(self.0 / 13) {
            Some(s) => s,
            // Unreachable: a card's index is below 52.
            None => Suit::Clubs,
        }
    }

    /// What the card counts in a hand (its rank's value, 1 to 13).
    pub const fn value(self) -> u8 {
        self.0 % 13 + 1
    }

    /// The whole deck, from the ace of spades to the king of clubs.
    pub fn all() -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator {
        (0..DECK_SIZE as u8).map(Card)
    }

    /// The one-card set.
    pub const fn set(self) -> CardSet {
        CardSet(1 << self.0)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().letter())
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses a rank (`A`, `2`..`10`, `T`, `J`, `Q`, `K`) followed by a suit (`S H D C` or
    /// `♠ ♥ ♦ ♣`), either case, surrounding spaces ignored.
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let t = s.trim();
        let Some(last) = t.chars().next_back() else {
            return Err(ParseCardError::Empty);
        };
        let suit = Suit::from_char(last).ok_or_else(|| ParseCardError::Card {
            text: t.to_string(),
        })?;
        let rank_text = &t[..t.len() - last.len_utf8()];
        let rank = rank_text
            .parse::<Rank>()
            .map_err(|_| ParseCardError::Card {
                text: t.to_string(),
            })?;
        Ok(Card::new(rank, suit))
    }
}

impl TryFrom<alloc::string::String> for Card {
    type Error = ParseCardError;

    fn try_from(s: alloc::string::String) -> Result<Card, ParseCardError> {
        s.parse()
    }
}

impl From<Card> for alloc::string::String {
    fn from(c: Card) -> alloc::string::String {
        c.to_string()
    }
}

/// The four cards of the ace (bits 0, 13, 26, 39); shift by `rank - 1` for another rank.
const RANK_MASK: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// A set of cards as a 52-bit word: a hand, the discards, what a player has seen. Iterates
/// in index order (suit by suit, ace up). Written as its cards separated by spaces (`-` for
/// the empty set).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::string::String", into = "alloc::string::String")
)]
pub struct CardSet(u64);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// The whole deck.
    pub const DECK: CardSet = CardSet((1 << DECK_SIZE) - 1);

    /// The set of the bits of `bits`, `None` if a bit past 51 is set.
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits >> DECK_SIZE == 0 {
            Some(CardSet(bits))
        } else {
            None
        }
    }

    /// The bits: card `i` is bit `i`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 == 1
    }

    /// Whether every card of `other` is in `self`.
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Adds `card`; returns whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1 << card.0;
        absent
    }

    /// Removes `card`; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.0);
        present
    }

    /// The cards of the deck not in `self`.
    #[must_use]
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0 & CardSet::DECK.0)
    }

    /// The card of lowest index (first in suit order, then lowest rank).
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The card of highest index.
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The hand value: the sum of the cards' values (A = 1 .. K = 13).
    pub fn value(self) -> u32 {
        // A hand holds at most five cards: walking the set bits beats 13 popcounts.
        self.iter().map(|c| u32::from(c.value())).sum()
    }

    /// The cards in index order.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// The cards of `rank` in the set.
    #[must_use]
    pub const fn of_rank(self, rank: Rank) -> CardSet {
        CardSet(self.0 & rank.cards().0)
    }

    /// The cards of `suit` in the set.
    #[must_use]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & suit.cards().0)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl From<Card> for CardSet {
    fn from(c: Card) -> CardSet {
        c.set()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

/// The cards of a [`CardSet`], in index order.
#[derive(Debug, Clone)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl DoubleEndedIterator for CardSetIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << i);
        Some(Card(i))
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl FromStr for CardSet {
    type Err = ParseCardError;

    /// Parses cards separated by spaces or commas (`-` or nothing for the empty set).
    ///
    /// # Errors
    /// A card does not parse, or one appears twice ([`ParseCardError::Duplicate`]).
    fn from_str(s: &str) -> Result<CardSet, ParseCardError> {
        let t = s.trim();
        if t == "-" {
            return Ok(CardSet::EMPTY);
        }
        let mut set = CardSet::EMPTY;
        for word in t
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            let card: Card = word.parse()?;
            if !set.insert(card) {
                return Err(ParseCardError::Duplicate { card });
            }
        }
        Ok(set)
    }
}

impl TryFrom<alloc::string::String> for CardSet {
    type Error = ParseCardError;

    fn try_from(s: alloc::string::String) -> Result<CardSet, ParseCardError> {
        s.parse()
    }
}

impl From<CardSet> for alloc::string::String {
    fn from(c: CardSet) -> alloc::string::String {
        c.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_ranks_and_suits_agree() {
        for c in Card::all() {
            assert_eq!(Card::new(c.rank(), c.suit()), c);
            assert!(c.rank().cards().contains(c));
            assert!(c.suit().cards().contains(c));
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        assert_eq!(CardSet::DECK.len(), 52);
        assert_eq!(CardSet::DECK.value(), 4 * 91);
    }

    #[test]
    fn notation_accepts_ten_and_symbols() {
        let ten: Card = "10H".parse().unwrap();
        assert_eq!("TH".parse::<Card>(), Ok(ten));
        assert_eq!("t♥".parse::<Card>(), Ok(ten));
        assert_eq!(ten.to_string(), "10H");
        assert_eq!(
            "K♦".parse::<Card>().map(|c| c.to_string()).as_deref(),
            Ok("KD")
        );
        assert!("1H".parse::<Card>().is_err());
        assert!("11H".parse::<Card>().is_err());
        assert!("KX".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("K".parse::<Card>().is_err());
        assert!("♥".parse::<Card>().is_err());
    }
}
