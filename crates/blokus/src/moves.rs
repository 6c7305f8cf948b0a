//! Moves and their notations: the ICFPT 4-character codes and the point lists of Pentobi's
//! GTP and blksgf files.
//!
//! # ICFPT codes
//!
//! `XYpr`: `X` and `Y` the column and row of the piece's reference cell, one-based, in the
//! digits `1`-`9`, `a` (10), `b` (11)... (rows counted from the top); `p` the piece letter
//! `a`-`u`; `r` the orientation digit `0`-`7`. A pass is `0000` (`----` is read as one
//! too). For Duo this is exactly the competition's notation (coordinates `1`-`e`); Classic
//! boards use the same digits up to `k` (20). Symmetric pieces have several codes for one
//! placement: all are read, and the one printed has the smallest orientation digit.
//!
//! # Point lists
//!
//! Pentobi's GTP and blksgf files write a move as its covered points separated by commas,
//! in any order: a column letter (`a` = left) and a row number counted from the **bottom**
//! (`1` = bottom row), e.g. `e10,d11,e11,f11,e12`; `pass` for a pass.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use plateau_grid::Pos;

use crate::{Orientation, ParseMoveError, Piece, Placement, Variant};

/// A move: place a piece, or pass (legal only for a colour that cannot place any piece).
///
/// ```
/// use plateau_blokus::{Move, Piece};
///
/// let m: Move = "56t2".parse()?;
/// assert_eq!(m.placement().map(|p| p.piece()), Some(Piece::F5));
/// assert_eq!(m.to_string(), "56t2");
/// // Two codes of one domino placement; the smaller digit is printed.
/// assert_eq!("33b6".parse::<Move>()?, "43b2".parse::<Move>()?);
/// assert_eq!("33b6".parse::<Move>()?.to_string(), "43b2");
/// assert_eq!("0000".parse::<Move>()?, Move::Pass);
/// # Ok::<(), plateau_blokus::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub enum Move {
    /// No piece placed.
    Pass,
    /// A piece placed.
    Place(Placement),
}

impl Move {
    /// The placement, unless a pass.
    pub const fn placement(self) -> Option<Placement> {
        match self {
            Move::Pass => None,
            Move::Place(p) => Some(p),
        }
    }

    /// Whether the move is a pass.
    pub const fn is_pass(self) -> bool {
        matches!(self, Move::Pass)
    }

    /// The move as Pentobi's point list for a board of `variant` (`pass` for a pass).
    ///
    /// ```
    /// use plateau_blokus::{Move, Variant};
    ///
    /// let m: Move = "55u0".parse()?; // the X pentomino centred on (4, 4)
    /// assert_eq!(m.points(Variant::Duo).to_string(), "e11,d10,e10,f10,e9");
    /// assert_eq!(Move::parse_points("e9,d10,f10,e10,e11", Variant::Duo)?, m);
    /// # Ok::<(), plateau_blokus::ParseMoveError>(())
    /// ```
    pub const fn points(self, variant: Variant) -> Points {
        Points { mv: self, variant }
    }

    /// Reads Pentobi's point list (any order, commas between points, spaces ignored) or
    /// `pass`, for a board of `variant`.
    ///
    /// # Errors
    /// [`ParseMoveError::BadPoint`] for a point that is not a column letter and a row number
    /// of the board, [`ParseMoveError::NotAPiece`] when the points do not form a piece.
    pub fn parse_points(text: &str, variant: Variant) -> Result<Move, ParseMoveError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let side = variant.side();
        let mut cells = Vec::new();
        for point in t.split(',') {
            let p = point.trim();
            let bad = || ParseMoveError::BadPoint { text: p.into() };
            let mut chars = p.chars();
            let col = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
            if !col.is_ascii_lowercase() {
                return Err(bad());
            }
            let x = col as usize - 'a' as usize;
            let row: usize = chars.as_str().parse().map_err(|_| bad())?;
            if x >= side || row == 0 || row > side || cells.len() >= 5 {
                return Err(if cells.len() >= 5 {
                    ParseMoveError::NotAPiece { text: t.into() }
                } else {
                    bad()
                });
            }
            cells.push(Pos::new(x, side - row));
        }
        Placement::from_cells(&cells)
            .map(Move::Place)
            .ok_or_else(|| ParseMoveError::NotAPiece { text: t.into() })
    }
}

/// A move as a point list (see [`Move::points`]).
#[derive(Debug, Clone, Copy)]
pub struct Points {
    mv: Move,
    variant: Variant,
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Move::Place(p) = self.mv else {
            return f.write_str("pass");
        };
        let side = self.variant.side();
        for (i, c) in p.cells().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            // Cells past the board (an illegal placement) print past the last letter/row.
            let col = char::from(b'a'.wrapping_add(c.x as u8));
            write!(f, "{col}{}", side as isize - c.y as isize)?;
        }
        Ok(())
    }
}

impl From<Placement> for Move {
    fn from(p: Placement) -> Move {
        Move::Place(p)
    }
}

/// One coordinate digit of the ICFPT code: 1..=9, then a = 10, b = 11...
fn coord_char(v: usize) -> char {
    match v {
        1..=9 => char::from(b'0' + v as u8),
        10..=35 => char::from(b'a' + (v - 10) as u8),
        _ => '?',
    }
}

fn coord_value(ch: char) -> Result<usize, ParseMoveError> {
    match ch.to_ascii_lowercase() {
        c @ '1'..='9' => Ok(c as usize - '0' as usize),
        c @ 'a'..='z' => Ok(c as usize - 'a' as usize + 10),
        _ => Err(ParseMoveError::BadCoordinate { ch }),
    }
}

impl fmt::Display for Move {
    /// The ICFPT code, canonical for symmetric pieces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("0000"),
            Move::Place(p) => write!(f, "{p}"),
        }
    }
}

impl fmt::Display for Placement {
    /// The ICFPT code of the canonical orientation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.reference();
        write!(
            f,
            "{}{}{}{}",
            coord_char(r.x + 1),
            coord_char(r.y + 1),
            self.piece().letter(),
            self.orientation()
        )
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads an ICFPT code (either case) or `0000` / `----` for a pass.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        let chars: Vec<char> = t.chars().collect();
        let [x, y, p, r] = chars[..] else {
            return Err(ParseMoveError::Length { text: t.into() });
        };
        if t == "0000" || t == "----" {
            return Ok(Move::Pass);
        }
        let x = coord_value(x)?;
        let y = coord_value(y)?;
        let piece = Piece::from_letter(p).ok_or(ParseMoveError::BadPiece { ch: p })?;
        let orientation = r
            .to_digit(10)
            .and_then(|d| Orientation::new(d as u8))
            .ok_or(ParseMoveError::BadOrientation { ch: r })?;
        let off = || ParseMoveError::OffBoard { text: t.into() };
        let pl = Placement::from_reference(piece, orientation, Pos::new(x - 1, y - 1))
            .ok_or_else(off)?;
        // A symmetric piece's canonical code may name a cell one column or row further on
        // than the code read (`z4b3` is `{4b2`): past `z` it could not be written back. Such
        // a placement lies off every board anyway.
        let r = pl.reference();
        if r.x >= 35 || r.y >= 35 {
            return Err(off());
        }
        Ok(Move::Place(pl))
    }
}

impl FromStr for Placement {
    type Err = ParseMoveError;

    /// Reads an ICFPT code; a pass code is refused with [`ParseMoveError::Pass`].
    fn from_str(s: &str) -> Result<Placement, ParseMoveError> {
        match s.parse::<Move>()? {
            Move::Place(p) => Ok(p),
            Move::Pass => Err(ParseMoveError::Pass),
        }
    }
}

impl TryFrom<String> for Move {
    type Error = ParseMoveError;
    fn try_from(s: String) -> Result<Move, ParseMoveError> {
        s.parse()
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        alloc::string::ToString::to_string(&m)
    }
}

/// The moves' ICFPT codes separated by spaces.
///
/// ```
/// use plateau_blokus::{format_moves, parse_moves};
///
/// let moves = parse_moves("55u0 aaj2 0000")?;
/// assert_eq!(format_moves(&moves), "55u0 aaj2 0000");
/// # Ok::<(), plateau_blokus::ParseMoveError>(())
/// ```
pub fn format_moves(moves: &[Move]) -> String {
    let mut s = String::with_capacity(moves.len() * 5);
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&alloc::string::ToString::to_string(m));
    }
    s
}

/// Reads ICFPT codes separated by whitespace or commas.
///
/// # Errors
/// The first code that does not parse (see [`Move`]'s `FromStr`).
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseMoveError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}
