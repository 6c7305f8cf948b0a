//! Actions, their text notation and their dense integer ids.

use core::fmt;
use core::str::FromStr;

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::error::ParseActionError;
use crate::{Card, CardSet, Meld, MeldKind};

/// Where the card a player takes after discarding comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Take {
    /// The top of the stock (face down).
    Stock,
    /// One of the cards the previous player just discarded (the face-up card on the first
    /// turn of a round).
    Discard(Card),
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Take::Stock => f.write_str("stock"),
            Take::Discard(c) => write!(f, "{c}"),
        }
    }
}

/// One turn: call "Jap Jap", or discard a combination and take a card. Written `call`,
/// `discard 4H 5H 6H take stock`, `discard KD take 3C`; parsing accepts either case,
/// `10` or `T` for tens, and the suit symbols `♠ ♥ ♦ ♣`.
///
/// Every action has a dense id in `0..Action::COUNT` (for learning agents): `call` is 0,
/// a discard is `1 + 53 * meld + take` with the meld's index among the 363 combinations a
/// hand can hold and `take` 0 for the stock, `1 + card` for a discarded card.
///
/// ```
/// use plateau_japjap::Action;
///
/// let a: Action = "discard 6h 4♥ 5H take stock".parse()?;
/// assert_eq!(a.to_string(), "discard 4H 5H 6H take stock");
/// assert_eq!(Action::from_id(a.id()), Some(a));
/// assert_eq!("call".parse::<Action>()?.id(), 0);
/// # Ok::<(), plateau_japjap::ParseActionError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub enum Action {
    /// Call "Jap Jap": the hand is worth at most the call threshold; the round ends.
    Call,
    /// Discard `meld`, then take a card.
    Discard {
        /// The cards put down.
        meld: Meld,
        /// The card taken afterwards.
        take: Take,
    },
}

/// Number of melds a hand of at most five cards can hold: 52 singles, 13 x 11 sets,
/// 4 x 42 runs of 2 to 5 cards.
pub const MELD_COUNT: u32 = 52 + 13 * 11 + 4 * 42;

/// The 4-bit suit masks of sets (two or more suits), in id order.
const SET_MASKS: [u8; 11] = [3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15];
/// Where the runs of each length start among a suit's 42 runs (index = length - 2).
const RUN_OFFSET: [u32; 4] = [0, 12, 23, 33];

impl Action {
    /// Number of distinct action ids: ids run from 0 to `COUNT - 1`.
    pub const COUNT: u32 = 1 + MELD_COUNT * 53;

    /// A discard of `meld` taking `take`.
    pub const fn discard(meld: Meld, take: Take) -> Action {
        Action::Discard { meld, take }
    }

    /// The dense id, in `0..Action::COUNT`.
    pub fn id(self) -> u32 {
        match self {
            Action::Call => 0,
            Action::Discard { meld, take } => {
                let t = match take {
                    Take::Stock => 0,
                    Take::Discard(c) => 1 + u32::from(c.index()),
                };
                1 + 53 * meld_index(meld) + t
            }
        }
    }

    /// The action of id `id`, `None` past the last.
    pub fn from_id(id: u32) -> Option<Action> {
        if id == 0 {
            return Some(Action::Call);
        }
        if id >= Action::COUNT {
            return None;
        }
        let (m, t) = ((id - 1) / 53, (id - 1) % 53);
        let meld = meld_of_index(m)?;
        let take = if t == 0 {
            Take::Stock
        } else {
            Take::Discard(Card::from_index((t - 1) as u8)?)
        };
        Some(Action::Discard { meld, take })
    }

    /// The discarded meld, if any.
    pub const fn meld(self) -> Option<Meld> {
        match self {
            Action::Call => None,
            Action::Discard { meld, .. } => Some(meld),
        }
    }
}

/// The meld's index in `0..MELD_COUNT`.
fn meld_index(meld: Meld) -> u32 {
    let cards = meld.cards();
    let low = cards.first().map_or(0, |c| u32::from(c.index()));
    match meld.kind() {
        MeldKind::Single => low,
        MeldKind::Set => {
            let rank = low % 13;
            let mut mask = 0u8;
            for c in cards {
                mask |= 1 << (c.index() / 13);
            }
            let pos = SET_MASKS.iter().position(|&m| m == mask).unwrap_or(0) as u32;
            52 + rank * 11 + pos
        }
        MeldKind::Run => {
            let (suit, start) = (low / 13, low % 13);
            let len = cards.len() as u32;
            52 + 143 + suit * 42 + RUN_OFFSET[(len - 2) as usize] + start
        }
    }
}

fn meld_of_index(i: u32) -> Option<Meld> {
    let bits: u64 = if i < 52 {
        1 << i
    } else if i < 52 + 143 {
        let (rank, pos) = ((i - 52) / 11, (i - 52) % 11);
        let mask = SET_MASKS[pos as usize];
        (0..4)
            .filter(|s| mask >> s & 1 == 1)
            .map(|s| 1u64 << (s * 13 + rank))
            .sum()
    } else if i < MELD_COUNT {
        let (suit, k) = ((i - 195) / 42, (i - 195) % 42);
        let li = RUN_OFFSET.iter().rposition(|&o| o <= k)?;
        let (len, start) = (li as u32 + 2, k - RUN_OFFSET[li]);
        ((1u64 << len) - 1) << (suit * 13 + start)
    } else {
        return None;
    };
    Meld::new(CardSet::from_bits(bits)?).ok()
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Call => f.write_str("call"),
            Action::Discard { meld, take } => write!(f, "discard {meld} take {take}"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// Parses `call` or `discard <cards> take stock|<card>`.
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let mut words = s.split_whitespace();
        let Some(verb) = words.next() else {
            return Err(ParseActionError::Empty);
        };
        let rest = |words: core::str::SplitWhitespace<'_>| -> Result<(), ParseActionError> {
            let extra: Vec<&str> = words.collect();
            if extra.is_empty() {
                Ok(())
            } else {
                Err(ParseActionError::Trailing {
                    text: extra.join(" "),
                })
            }
        };
        if verb.eq_ignore_ascii_case("call") {
            rest(words)?;
            return Ok(Action::Call);
        }
        if !verb.eq_ignore_ascii_case("discard") {
            return Err(ParseActionError::UnknownVerb {
                word: verb.to_string(),
            });
        }
        let mut cards = String::new();
        let mut took = false;
        for w in words.by_ref() {
            if w.eq_ignore_ascii_case("take") {
                took = true;
                break;
            }
            cards.push_str(w);
            cards.push(' ');
        }
        let meld: Meld = cards.parse()?;
        if !took {
            return Err(ParseActionError::MissingTake);
        }
        let take = match words.next() {
            None => return Err(ParseActionError::MissingTake),
            Some(w) if w.eq_ignore_ascii_case("stock") => Take::Stock,
            Some(w) => Take::Discard(w.parse()?),
        };
        rest(words)?;
        Ok(Action::Discard { meld, take })
    }
}

impl TryFrom<String> for Action {
    type Error = ParseActionError;
    fn try_from(s: String) -> Result<Action, ParseActionError> {
        s.parse()
    }
}

impl From<Action> for String {
    fn from(a: Action) -> String {
        a.to_string()
    }
}

/// Actions as text, separated by `; `.
pub fn format_actions(actions: &[Action]) -> String {
    let parts: Vec<String> = actions.iter().map(ToString::to_string).collect();
    parts.join("; ")
}

/// Parses actions separated by `;` or new lines (blank parts and lines starting with `#`
/// are skipped).
///
/// # Errors
/// The first action that does not parse.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, ParseActionError> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(|l| l.split(';'))
        .filter(|p| !p.trim().is_empty())
        .map(str::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_dense_and_invertible() {
        let mut melds = 0;
        for id in 0..Action::COUNT {
            let a = Action::from_id(id).unwrap_or_else(|| panic!("id {id}"));
            assert_eq!(a.id(), id);
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
            if let Action::Discard {
                take: Take::Stock, ..
            } = a
            {
                melds += 1;
            }
        }
        assert_eq!(melds, MELD_COUNT);
        assert_eq!(Action::from_id(Action::COUNT), None);
    }

    #[test]
    fn notation() {
        let a: Action = "discard KD take 3C".parse().unwrap();
        assert_eq!(a.to_string(), "discard KD take 3C");
        assert_eq!(
            "DISCARD t♠ 10s take stock".parse::<Action>(),
            Err(ParseActionError::Card(crate::ParseCardError::Duplicate {
                card: "TS".parse().unwrap()
            }))
        );
        assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
        assert_eq!(
            "discard KD".parse::<Action>(),
            Err(ParseActionError::MissingTake)
        );
        assert_eq!(
            "discard KD take".parse::<Action>(),
            Err(ParseActionError::MissingTake)
        );
        assert!(matches!(
            "call now".parse::<Action>(),
            Err(ParseActionError::Trailing { .. })
        ));
        assert!(matches!(
            "discard KD QH take stock".parse::<Action>(),
            Err(ParseActionError::Meld(_))
        ));
        assert!(matches!(
            "discard take stock".parse::<Action>(),
            Err(ParseActionError::Meld(crate::MeldError::Empty))
        ));
        assert!(matches!(
            "pass".parse::<Action>(),
            Err(ParseActionError::UnknownVerb { .. })
        ));
        let list =
            parse_actions("call; discard KD take 3C\n# a comment\ndiscard 4H take stock").unwrap();
        assert_eq!(list.len(), 3);
        assert_eq!(parse_actions(&format_actions(&list)), Ok(list));
    }
}
