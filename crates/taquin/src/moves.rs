//! Moves and their notation.
//!
//! **A move names the direction the tile travels**, not the blank: [`Move::Up`] (`U`) slides
//! the tile *below* the blank up into it, so the blank goes down. This matches arrow-key play
//! (press ↑ and a tile goes up). Solvers written with the other convention (the blank's
//! motion) can convert with [`Move::opposite`].

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use plateau_grid::Dir;

use crate::error::ParseMoveError;

/// One slide of one tile into the blank, named by the direction **the tile** moves.
///
/// ```
/// use plateau_taquin::{Board, Move, Play};
///
/// let mut board: Board = "1 2 3\n4 5 6\n. 7 8".parse()?; // blank at the bottom-left
/// board.play(Move::Left)?;                        // tile 7 slides left, the blank goes right
/// assert_eq!(board.to_string(), "1 2 3\n4 5 6\n7 . 8");
/// assert_eq!("R".parse::<Move>()?, Move::Right);
/// assert_eq!("r".parse::<Move>()?, Move::Right);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// The tile below the blank moves up (`U`); the blank moves down.
    Up,
    /// The tile above the blank moves down (`D`); the blank moves up.
    Down,
    /// The tile right of the blank moves left (`L`); the blank moves right.
    Left,
    /// The tile left of the blank moves right (`R`); the blank moves left.
    Right,
}

impl Move {
    /// The four moves in notation order `U`, `D`, `L`, `R`.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The move that undoes this one.
    ///
    /// ```
    /// use plateau_taquin::Move;
    /// assert_eq!(Move::Up.opposite(), Move::Down);
    /// ```
    #[must_use]
    pub const fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// The direction the tile travels, as a [`Dir`].
    #[must_use]
    pub const fn tile_dir(self) -> Dir {
        match self {
            Move::Up => Dir::Up,
            Move::Down => Dir::Down,
            Move::Left => Dir::Left,
            Move::Right => Dir::Right,
        }
    }

    /// The direction the blank travels (the opposite of [`tile_dir`](Move::tile_dir)).
    #[must_use]
    pub const fn blank_dir(self) -> Dir {
        self.opposite().tile_dir()
    }

    /// The move whose tile travels in `dir`, or `None` for a diagonal.
    #[must_use]
    pub const fn from_tile_dir(dir: Dir) -> Option<Move> {
        match dir {
            Dir::Up => Some(Move::Up),
            Dir::Down => Some(Move::Down),
            Dir::Left => Some(Move::Left),
            Dir::Right => Some(Move::Right),
            _ => None,
        }
    }

    /// The notation letter: `U`, `D`, `L` or `R`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The move for a notation letter (either case), or `None`.
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Move> {
        match c {
            'U' | 'u' => Some(Move::Up),
            'D' | 'd' => Some(Move::Down),
            'L' | 'l' => Some(Move::Left),
            'R' | 'r' => Some(Move::Right),
            _ => None,
        }
    }

    /// `(dx, dy)` of the blank when this move is played (row 0 at the top).
    #[must_use]
    pub(crate) const fn blank_delta(self) -> (isize, isize) {
        match self {
            Move::Up => (0, 1),
            Move::Down => (0, -1),
            Move::Left => (1, 0),
            Move::Right => (-1, 0),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.letter())
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// One letter, `U`, `D`, `L` or `R` in either case, surrounding spaces ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Move::from_letter(c).ok_or(ParseMoveError::InvalidLetter {
                letter: c,
                at: s.len() - s.trim_start().len(),
            }),
            _ => Err(ParseMoveError::NotOneMove { text: t.into() }),
        }
    }
}

/// Writes a move list as letters with no separator, e.g. `"ULDR"` (empty for no moves).
///
/// ```
/// use plateau_taquin::{Move, format_moves, parse_moves};
/// let moves = [Move::Up, Move::Left, Move::Down];
/// assert_eq!(format_moves(&moves), "ULD");
/// assert_eq!(parse_moves("U L d")?, moves);
/// # Ok::<(), plateau_taquin::ParseMoveError>(())
/// ```
#[must_use]
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// Parses a move list: letters `U`, `D`, `L`, `R` in either case; whitespace and commas
/// between them are ignored.
///
/// # Errors
/// [`ParseMoveError::InvalidLetter`] for any other character.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseMoveError> {
    let mut out = Vec::new();
    for (at, c) in text.char_indices() {
        if c.is_whitespace() || c == ',' {
            continue;
        }
        out.push(Move::from_letter(c).ok_or(ParseMoveError::InvalidLetter { letter: c, at })?);
    }
    Ok(out)
}
