//! The move: a [`Color`], its one-character notation, and [`format_moves`] /
//! [`parse_moves`] for lists of colours.
//!
//! A move of Flood-It picks the flood's next colour, so the colour is the move type; it is
//! also what a board's cells hold.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::ParseMoveError;

/// The largest number of colours a game may have: one per character `0-9a-z`.
pub const MAX_COLORS: u8 = 36;

/// A colour, `0..36`, written as one character: `0-9`, then `a-z` for 10 to 35.
///
/// Every value is a colour some game can have, so [`Display`](fmt::Display) and
/// [`FromStr`] always round-trip. Parsing accepts either letter case and surrounding spaces;
/// printing uses lowercase.
///
/// ```
/// use plateau_floodit::Color;
///
/// let c: Color = "B".parse()?;
/// assert_eq!(c, Color::ALL[11]);
/// assert_eq!(c.to_string(), "b");
/// assert_eq!(Color::new(3).map(Color::index), Some(3));
/// assert_eq!(Color::new(36), None);
/// assert_eq!(Color::from_char('z'), Color::new(35));
/// # Ok::<(), plateau_floodit::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "char", into = "char"))]
pub struct Color(u8);

impl Color {
    /// Every colour, in order: `Color::ALL[i]` is colour `i`.
    pub const ALL: [Color; MAX_COLORS as usize] = {
        let mut all = [Color(0); MAX_COLORS as usize];
        let mut i = 0;
        while i < all.len() {
            all[i] = Color(i as u8);
            i += 1;
        }
        all
    };

    /// Colour `index`, or `None` from 36 on.
    #[must_use]
    pub const fn new(index: u8) -> Option<Color> {
        if index < MAX_COLORS {
            Some(Color(index))
        } else {
            None
        }
    }

    /// The first `colors` colours (all 36 at most), in order.
    pub fn first(colors: u8) -> impl DoubleEndedIterator<Item = Color> + ExactSizeIterator {
        Color::ALL[..usize::from(colors.min(MAX_COLORS))]
            .iter()
            .copied()
    }

    /// The colour's index, `0..36`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The colour's index as a `u8`.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The notation character: `0-9`, then `a-z`.
    #[must_use]
    pub const fn to_char(self) -> char {
        match self.0 {
            0..=9 => (b'0' + self.0) as char,
            _ => (b'a' + self.0 - 10) as char,
        }
    }

    /// The colour written `ch` (`0-9`, `a-z` or `A-Z`), or `None`.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Color> {
        match ch {
            '0'..='9' => Some(Color(ch as u8 - b'0')),
            'a'..='z' => Some(Color(ch as u8 - b'a' + 10)),
            'A'..='Z' => Some(Color(ch as u8 - b'A' + 10)),
            _ => None,
        }
    }
}

impl From<Color> for u8 {
    fn from(c: Color) -> u8 {
        c.0
    }
}

impl From<Color> for char {
    fn from(c: Color) -> char {
        c.to_char()
    }
}

impl TryFrom<char> for Color {
    type Error = ParseMoveError;

    fn try_from(ch: char) -> Result<Color, ParseMoveError> {
        Color::from_char(ch).ok_or(ParseMoveError::Char { ch, index: 0 })
    }
}

/// The notation character.
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.to_char().encode_utf8(&mut [0; 4]))
    }
}

impl FromStr for Color {
    type Err = ParseMoveError;

    /// One colour character, either case; surrounding spaces are ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Color::try_from(ch),
            _ => Err(ParseMoveError::Length {
                len: t.chars().count(),
            }),
        }
    }
}

/// A list of colours in the notation: one character per move, no separator (`"0413"`).
///
/// ```
/// use plateau_floodit::{Color, format_moves, parse_moves};
///
/// let moves = parse_moves("0 4 1 B")?;
/// assert_eq!(moves, [0, 4, 1, 11].map(|i| Color::ALL[i]));
/// assert_eq!(format_moves(&moves), "041b");
/// assert_eq!(parse_moves(&format_moves(&moves))?, moves);
/// # Ok::<(), plateau_floodit::ParseMoveError>(())
/// ```
#[must_use]
pub fn format_moves(moves: &[Color]) -> String {
    moves.iter().map(|c| c.to_char()).collect()
}

/// Parses a list of colours: one character per move, either case, spaces between them
/// allowed (the form [`format_moves`] writes, or a list a person typed). Empty text is the
/// empty list.
///
/// # Errors
/// [`ParseMoveError::Char`] for a character that is neither a colour nor a space, with its
/// position.
pub fn parse_moves(s: &str) -> Result<Vec<Color>, ParseMoveError> {
    s.chars()
        .enumerate()
        .filter(|(_, ch)| !ch.is_whitespace())
        .map(|(index, ch)| Color::from_char(ch).ok_or(ParseMoveError::Char { ch, index }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn every_colour_round_trips_in_both_cases() {
        for c in Color::ALL {
            let ch = c.to_char();
            assert_eq!(Color::from_char(ch), Some(c));
            assert_eq!(Color::from_char(ch.to_ascii_uppercase()), Some(c));
            assert_eq!(c.to_string().parse::<Color>(), Ok(c));
            assert_eq!(Color::new(c.get()), Some(c));
        }
        assert_eq!(Color::new(MAX_COLORS), None);
        assert_eq!(Color::from_char('!'), None);
        assert_eq!(Color::first(3).collect::<Vec<_>>(), &Color::ALL[..3]);
        assert_eq!(Color::first(200).len(), 36);
    }

    #[test]
    fn bad_text_says_what_and_where() {
        assert_eq!("".parse::<Color>(), Err(ParseMoveError::Length { len: 0 }));
        assert_eq!(
            "12".parse::<Color>(),
            Err(ParseMoveError::Length { len: 2 })
        );
        assert_eq!(
            "?".parse::<Color>(),
            Err(ParseMoveError::Char { ch: '?', index: 0 })
        );
        assert_eq!(
            parse_moves("01 2-3"),
            Err(ParseMoveError::Char { ch: '-', index: 4 })
        );
        assert_eq!(parse_moves("  "), Ok(Vec::new()));
        assert_eq!(
            ParseMoveError::Char { ch: '-', index: 4 }.to_string(),
            "invalid colour '-' at character 4, expected 0-9 or a-z"
        );
    }
}
