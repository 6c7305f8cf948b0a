//! [`Move`]: reveal, flag (cycling through the question mark) and chord; their notation.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};
use core::str::FromStr;

use plateau_grid::Pos;

use crate::error::ParseMoveError;

/// One action of the player.
///
/// Notation: a letter and the position `x,y` (column, then row from the top): `r3,4`
/// reveals, `f3,4` flags, `c3,4` chords. Letters are read in either case, the position in
/// any form [`Pos`] reads (`3,4`, `3 4`, `(3, 4)`).
///
/// ```
/// use plateau_minesweeper::{Move, Pos, format_moves, parse_moves};
///
/// let m: Move = "r3,4".parse()?;
/// assert_eq!(m, Move::Reveal(Pos::new(3, 4)));
/// assert_eq!("F (0, 1)".parse(), Ok(Move::Flag(Pos::new(0, 1))));
/// let list = parse_moves("r0,0 f1,2 c0,1")?;
/// assert_eq!(format_moves(&list), "r0,0 f1,2 c0,1");
/// # Ok::<(), plateau_minesweeper::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// Open a covered, unflagged cell (a question mark does not protect it).
    Reveal(Pos),
    /// The right click on a covered cell: hidden -> flag -> (`?` when the game uses marks)
    /// -> hidden.
    Flag(Pos),
    /// On a revealed number with exactly that many flags around it: open every other
    /// covered neighbour (a wrong flag loses the game).
    Chord(Pos),
}

impl Move {
    /// The cell the move acts on.
    #[must_use]
    pub const fn pos(self) -> Pos {
        match self {
            Move::Reveal(p) | Move::Flag(p) | Move::Chord(p) => p,
        }
    }

    /// The notation's letter: `r`, `f` or `c`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Move::Reveal(_) => 'r',
            Move::Flag(_) => 'f',
            Move::Chord(_) => 'c',
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.pos();
        write!(f, "{}{},{}", self.letter(), p.x, p.y)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError { text: s.into() };
        let t = s.trim();
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(err)?;
        let pos: Pos = chars.as_str().parse().map_err(|_| err())?;
        match letter.to_ascii_lowercase() {
            'r' => Ok(Move::Reveal(pos)),
            'f' => Ok(Move::Flag(pos)),
            'c' => Ok(Move::Chord(pos)),
            _ => Err(err()),
        }
    }
}

/// The moves in notation, separated by single spaces.
#[must_use]
pub fn format_moves(moves: &[Move]) -> String {
    let mut s = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{m}");
    }
    s
}

/// Reads moves separated by whitespace, each in the compact notation (`r3,4`, no space
/// inside a move).
///
/// # Errors
/// [`ParseMoveError`] naming the first word that is not a move.
pub fn parse_moves(s: &str) -> Result<Vec<Move>, ParseMoveError> {
    s.split_whitespace().map(str::parse).collect()
}
