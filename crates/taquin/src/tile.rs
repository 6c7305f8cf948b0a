//! [`Tile`]: a numbered tile, or the blank.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::error::ParseTileError;

/// A tile of the puzzle: a number from 1 up, or the blank ([`Tile::BLANK`], number 0).
///
/// A board of `W x H` cells holds the tiles `1..W*H` and the blank, so one byte is enough
/// (16 x 16 = 256 cells). A `Tile` on its own may hold any number; a [`Board`](crate::Board)
/// checks that its tiles fit it.
///
/// The text form is the number, and `.` for the blank (`0` is read as the blank too):
///
/// ```
/// use plateau_taquin::Tile;
///
/// let seven = Tile::new(7);
/// assert_eq!(seven.number(), 7);
/// assert_eq!(seven.to_string(), "7");
/// assert_eq!(Tile::BLANK.to_string(), ".");
/// assert_eq!("0".parse::<Tile>()?, Tile::BLANK);
/// assert_eq!(".".parse::<Tile>()?, Tile::BLANK);
/// assert!(Tile::BLANK.is_blank() && !seven.is_blank());
/// // Padding works as for numbers, so boards print in columns.
/// assert_eq!(format!("[{:>3}][{:>3}]", seven, Tile::BLANK), "[  7][  .]");
/// # Ok::<(), plateau_taquin::ParseTileError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Tile(u8);

impl Tile {
    /// The blank (the empty cell), number 0.
    pub const BLANK: Tile = Tile(0);

    /// The tile numbered `number` (0 is the blank).
    #[must_use]
    pub const fn new(number: u8) -> Tile {
        Tile(number)
    }

    /// The tile's number (0 for the blank).
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Whether this is the blank.
    #[must_use]
    pub const fn is_blank(self) -> bool {
        self.0 == 0
    }

    /// The number as an index.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<u8> for Tile {
    fn from(number: u8) -> Tile {
        Tile(number)
    }
}

impl From<Tile> for u8 {
    fn from(tile: Tile) -> u8 {
        tile.0
    }
}

impl From<Tile> for usize {
    fn from(tile: Tile) -> usize {
        usize::from(tile.0)
    }
}

/// The number, or `.` for the blank; width and alignment flags are honoured.
impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_blank() {
            f.pad(".")
        } else {
            fmt::Display::fmt(&self.0, f)
        }
    }
}

impl FromStr for Tile {
    type Err = ParseTileError;

    /// A decimal number from 0 to 255 (0 is the blank) or `.`, surrounding spaces ignored.
    fn from_str(s: &str) -> Result<Tile, ParseTileError> {
        parse_token(s.trim()).ok_or_else(|| ParseTileError {
            text: String::from(s),
        })
    }
}

/// A tile token: `.` or a decimal number that fits a byte. (No error to lose: the callers
/// build their own, with the token in it.)
pub(crate) fn parse_token(token: &str) -> Option<Tile> {
    if token == "." {
        return Some(Tile::BLANK);
    }
    if token.is_empty() || token.len() > 3 || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = token
        .bytes()
        .fold(0u16, |n, b| n * 10 + u16::from(b - b'0'));
    u8::try_from(n).ok().map(Tile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert_eq!(parse_token("255"), Some(Tile(255)));
        assert_eq!(parse_token("007"), Some(Tile(7)));
        assert_eq!(parse_token("0"), Some(Tile::BLANK));
        for bad in ["256", "1000", "", "-1", "+1", "1.", "x", "..", "１"] {
            assert_eq!(parse_token(bad), None, "{bad:?}");
        }
    }
}
