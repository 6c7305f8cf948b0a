//! Colours and their one-character notation.

use core::fmt;
use core::str::FromStr;

use crate::ParseColorError;

/// The largest number of colours a game may have: one per character `0-9a-z`.
pub const MAX_COLORS: u8 = 36;

/// A colour, `0..colors`, written as one character `0-9` then `a-z`.
///
/// A move of Flood-It is a colour, so this is also the move type.
///
/// ```
/// use plateau_floodit::Color;
///
/// let c: Color = "b".parse()?;
/// assert_eq!(c, Color(11));
/// assert_eq!(Color(3).to_string(), "3");
/// # Ok::<(), plateau_floodit::ParseColorError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Color(pub u8);

impl Color {
    /// The colour's index as a `usize`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The notation character, or `None` for a colour of 36 or more.
    #[must_use]
    pub const fn to_char(self) -> Option<char> {
        match self.0 {
            0..=9 => Some((b'0' + self.0) as char),
            10..=35 => Some((b'a' + self.0 - 10) as char),
            _ => None,
        }
    }

    /// The colour written as `ch` (`0-9a-z`), or `None`.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Color> {
        match ch {
            '0'..='9' => Some(Color(ch as u8 - b'0')),
            'a'..='z' => Some(Color(ch as u8 - b'a' + 10)),
            _ => None,
        }
    }
}

impl From<u8> for Color {
    fn from(v: u8) -> Self {
        Color(v)
    }
}

/// The notation character; a colour of 36 or more (never on a board) is written as its
/// number in brackets.
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_char() {
            Some(ch) => write!(f, "{ch}"),
            None => write!(f, "[{}]", self.0),
        }
    }
}

impl FromStr for Color {
    type Err = ParseColorError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Color::from_char(ch).ok_or(ParseColorError::Char { ch }),
            _ => Err(ParseColorError::Length {
                len: s.chars().count(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_round_trip() {
        for v in 0..MAX_COLORS {
            let ch = Color(v).to_char().unwrap();
            assert_eq!(Color::from_char(ch), Some(Color(v)));
        }
        assert_eq!(Color(36).to_char(), None);
        assert_eq!(alloc::string::ToString::to_string(&Color(36)), "[36]");
        assert_eq!(Color::from_char('A'), None);
    }
}
