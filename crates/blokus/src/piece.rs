//! The 21 pieces, their orientations, and a placed piece.

use core::fmt;
use core::str::FromStr;

use plateau_grid::{Pos, Shape};

use crate::ParsePieceError;
use crate::tables::{ORIENT, Orient};

/// One of the 21 Blokus pieces, in the order of their ICFPT letters `a`..`u` (which is also
/// the order of their sizes).
///
/// ```
/// use plateau_blokus::Piece;
///
/// assert_eq!(Piece::ALL.len(), 21);
/// assert_eq!(Piece::ALL.iter().map(|p| p.size()).sum::<usize>(), 89);
/// assert_eq!("t".parse::<Piece>()?, Piece::F5);
/// assert_eq!((Piece::F5.letter(), Piece::F5.name()), ('t', "F5"));
/// assert_eq!(Piece::F5.shape().to_string(), "#..\n###\n.#.");
/// # Ok::<(), plateau_blokus::ParsePieceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Piece {
    /// `a`, the monomino (1 square).
    Monomino,
    /// `b`, the domino.
    Domino,
    /// `c`, the straight tromino.
    I3,
    /// `d`, the bent tromino.
    V3,
    /// `e`, the straight tetromino.
    I4,
    /// `f`, the L tetromino.
    L4,
    /// `g`, the T tetromino.
    T4,
    /// `h`, the square tetromino.
    O4,
    /// `i`, the skew tetromino.
    Z4,
    /// `j`, the straight pentomino.
    I5,
    /// `k`, the L pentomino.
    L5,
    /// `l`, the N pentomino.
    N5,
    /// `m`, the P pentomino.
    P5,
    /// `n`, the U pentomino.
    U5,
    /// `o`, the Y pentomino.
    Y5,
    /// `p`, the T pentomino.
    T5,
    /// `q`, the V pentomino.
    V5,
    /// `r`, the W pentomino.
    W5,
    /// `s`, the Z pentomino.
    Z5,
    /// `t`, the F pentomino.
    F5,
    /// `u`, the X pentomino.
    X5,
}

const NAMES: [&str; 21] = [
    "1", "2", "I3", "V3", "I4", "L4", "T4", "O4", "Z4", "I5", "L5", "N5", "P5", "U5", "Y5", "T5",
    "V5", "W5", "Z5", "F5", "X5",
];

impl Piece {
    /// Every piece, in letter order.
    pub const ALL: [Piece; 21] = [
        Piece::Monomino,
        Piece::Domino,
        Piece::I3,
        Piece::V3,
        Piece::I4,
        Piece::L4,
        Piece::T4,
        Piece::O4,
        Piece::Z4,
        Piece::I5,
        Piece::L5,
        Piece::N5,
        Piece::P5,
        Piece::U5,
        Piece::Y5,
        Piece::T5,
        Piece::V5,
        Piece::W5,
        Piece::Z5,
        Piece::F5,
        Piece::X5,
    ];

    /// The piece with index `i` (`0..21`, letter order).
    pub const fn from_index(i: usize) -> Option<Piece> {
        if i < 21 { Some(Piece::ALL[i]) } else { None }
    }

    /// Index in letter order, `0..21`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The ICFPT letter, `'a'..='u'`.
    pub const fn letter(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The piece of an ICFPT letter (either case).
    pub const fn from_letter(c: char) -> Option<Piece> {
        let c = c.to_ascii_lowercase();
        if c >= 'a' && c <= 'u' {
            Piece::from_index(c as usize - 'a' as usize)
        } else {
            None
        }
    }

    /// The standard name: `1`, `2`, `I3`, `V3`, `I4`, `L4`, `T4`, `O4`, `Z4`, `I5`, `L5`,
    /// `N5`, `P5`, `U5`, `Y5`, `T5`, `V5`, `W5`, `Z5`, `F5`, `X5`.
    pub const fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// Number of squares, 1 to 5.
    pub const fn size(self) -> usize {
        ORIENT.orients[ORIENT.first[self as usize] as usize].len as usize
    }

    /// The piece as drawn in the ICFPT tables (orientation 0).
    pub fn shape(self) -> Shape {
        Orientation::AS_DRAWN.shape_of(self)
    }

    /// The distinct orientations, each named by its canonical (smallest) ICFPT digit: 1, 2,
    /// 4 or 8 of them.
    pub fn orientations(self) -> impl ExactSizeIterator<Item = Orientation> + Clone {
        let p = self as usize;
        (ORIENT.first[p]..ORIENT.first[p + 1])
            .map(|o| Orientation(ORIENT.orients[o as usize].digit))
    }

    /// Where the ICFPT reference cell lies in the bounding box of orientation `o`.
    pub fn reference_cell(self, o: Orientation) -> Pos {
        let (x, y) = orient(self.oid(o)).reference;
        Pos::new(usize::from(x), usize::from(y))
    }

    /// The internal orientation index of (self, o).
    pub(crate) const fn oid(self, o: Orientation) -> u8 {
        ORIENT.by_digit[self as usize][o.0 as usize]
    }
}

impl fmt::Display for Piece {
    /// The ICFPT letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Reads an ICFPT letter (`a`..`u`, either case) or a standard name (`I3`, `F5`, `1`...,
/// either case; Pentobi's short names `O`, `N`, `P`, `U`, `Y`, `W`, `F`, `X` too).
impl FromStr for Piece {
    type Err = ParsePieceError;

    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let t = s.trim();
        let mut chars = t.chars();
        if let (Some(c), None) = (chars.next(), chars.clone().next())
            && let Some(p) = Piece::from_letter(c)
        {
            return Ok(p);
        }
        let upper = t.to_ascii_uppercase();
        let short = match upper.as_str() {
            "O" => Some(Piece::O4),
            "N" => Some(Piece::N5),
            "P" => Some(Piece::P5),
            "U" => Some(Piece::U5),
            "Y" => Some(Piece::Y5),
            "W" => Some(Piece::W5),
            "F" => Some(Piece::F5),
            "X" => Some(Piece::X5),
            _ => None,
        };
        short
            .or_else(|| Piece::ALL.into_iter().find(|p| p.name() == upper))
            .ok_or_else(|| ParsePieceError { text: t.into() })
    }
}

/// An ICFPT orientation digit, 0 to 7: 0 as drawn, 1 its mirror image (x to -x), 2 a
/// quarter turn clockwise, 3 the mirror of 2, 4 half a turn, 5 the mirror of 4, 6 three
/// quarter turns, 7 the mirror of 6. For a symmetric piece several digits give one shape;
/// a [`Placement`] always holds the smallest of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Orientation(u8);

impl Orientation {
    /// Digit 0, the piece as drawn.
    pub const AS_DRAWN: Orientation = Orientation(0);

    /// All eight digits.
    pub const ALL: [Orientation; 8] = [
        Orientation(0),
        Orientation(1),
        Orientation(2),
        Orientation(3),
        Orientation(4),
        Orientation(5),
        Orientation(6),
        Orientation(7),
    ];

    /// The orientation of digit `d`, `0..8`.
    pub const fn new(d: u8) -> Option<Orientation> {
        if d < 8 { Some(Orientation(d)) } else { None }
    }

    /// The digit, `0..8`.
    pub const fn digit(self) -> u8 {
        self.0
    }

    /// The smallest digit that gives `piece` the same shape as this one.
    #[must_use]
    pub const fn canonical_for(self, piece: Piece) -> Orientation {
        Orientation(orient(piece.oid(self)).digit)
    }

    /// The shape of `piece` in this orientation.
    pub fn shape_of(self, piece: Piece) -> Shape {
        Shape::from_bits(orient(piece.oid(self)).bits).unwrap_or(Shape::MONOMINO)
    }

    /// Applies the digit's transformation to an offset `(dx, dy)` (y down).
    pub const fn apply(self, dx: i8, dy: i8) -> (i8, i8) {
        crate::tables::transform(self.0, dx, dy)
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TryFrom<u8> for Orientation {
    type Error = crate::ParseMoveError;
    fn try_from(d: u8) -> Result<Orientation, crate::ParseMoveError> {
        Orientation::new(d).ok_or(crate::ParseMoveError::BadOrientation {
            ch: char::from(b'0'.wrapping_add(d)),
        })
    }
}

impl From<Orientation> for u8 {
    fn from(o: Orientation) -> u8 {
        o.0
    }
}

pub(crate) const fn orient(oid: u8) -> &'static Orient {
    &ORIENT.orients[oid as usize]
}

/// A piece in one orientation with the top-left corner of its bounding box at `(x, y)`
/// (zero-based, x = column, y = row from the top). Two placements are equal exactly when
/// they cover the same cells with the same piece.
///
/// ```
/// use plateau_blokus::{Orientation, Piece, Placement, Pos};
///
/// // The ICFPT code 56t2: piece t, digit 2, reference cell (5, 6) one-based.
/// let p = Placement::from_reference(Piece::F5, Orientation::new(2).unwrap(), Pos::new(4, 5))
///     .expect("on the board's side of the origin");
/// let cells: Vec<Pos> = p.cells().collect();
/// assert_eq!(cells, [(4, 4), (5, 4), (3, 5), (4, 5), (4, 6)].map(Pos::from));
/// assert_eq!(p.reference(), Pos::new(4, 5));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    pub(crate) oid: u8,
    pub(crate) x: u8,
    pub(crate) y: u8,
}

impl Placement {
    /// `piece` in orientation `orientation` (any digit; it is stored canonically) with its
    /// bounding box's top-left corner at `(x, y)`.
    pub const fn new(piece: Piece, orientation: Orientation, x: u8, y: u8) -> Placement {
        Placement {
            oid: piece.oid(orientation),
            x,
            y,
        }
    }

    /// The placement whose ICFPT reference cell is `reference`: `None` when that would put
    /// a cell left of column 0 or above row 0, or a coordinate past 255.
    pub fn from_reference(
        piece: Piece,
        orientation: Orientation,
        reference: Pos,
    ) -> Option<Placement> {
        let oid = piece.oid(orientation);
        // The reference cell under this digit, in the bounding box frame: the digit's own
        // reference may differ from the canonical digit's for symmetric pieces.
        let (dx, dy) = digit_reference(piece, orientation);
        let x = reference.x.checked_sub(usize::from(dx))?;
        let y = reference.y.checked_sub(usize::from(dy))?;
        Some(Placement {
            oid,
            x: u8::try_from(x).ok()?,
            y: u8::try_from(y).ok()?,
        })
    }

    /// The piece.
    pub const fn piece(self) -> Piece {
        Piece::ALL[orient(self.oid).piece as usize]
    }

    /// The orientation (its canonical digit).
    pub const fn orientation(self) -> Orientation {
        Orientation(orient(self.oid).digit)
    }

    /// The top-left corner of the bounding box.
    pub const fn origin(self) -> Pos {
        Pos::new(self.x as usize, self.y as usize)
    }

    /// The shape placed.
    pub fn shape(self) -> Shape {
        Shape::from_bits(orient(self.oid).bits).unwrap_or(Shape::MONOMINO)
    }

    /// Number of squares covered.
    pub const fn size(self) -> usize {
        orient(self.oid).len as usize
    }

    /// The covered cells, row-major.
    pub fn cells(self) -> impl ExactSizeIterator<Item = Pos> + Clone {
        let o = orient(self.oid);
        let (x, y) = (usize::from(self.x), usize::from(self.y));
        o.cells[..usize::from(o.len)]
            .iter()
            .map(move |&(cx, cy)| Pos::new(x + usize::from(cx), y + usize::from(cy)))
    }

    /// The ICFPT reference cell of the canonical digit (always a covered cell).
    pub const fn reference(self) -> Pos {
        let (rx, ry) = orient(self.oid).reference;
        // In usize: a placement far off any board (x up to 255) must not overflow.
        Pos::new(self.x as usize + rx as usize, self.y as usize + ry as usize)
    }

    /// The placement covering exactly `cells` (in any order, no repeats) with one piece, if
    /// they form one of the 21 pieces.
    pub fn from_cells(cells: &[Pos]) -> Option<Placement> {
        if cells.is_empty() || cells.len() > 5 {
            return None;
        }
        let min_x = cells.iter().map(|p| p.x).min()?;
        let min_y = cells.iter().map(|p| p.y).min()?;
        let mut bits = 0u64;
        for p in cells {
            let (dx, dy) = (p.x - min_x, p.y - min_y);
            if dx >= 5 || dy >= 5 {
                return None;
            }
            let b = 1u64 << (8 * dy + dx);
            if bits & b != 0 {
                return None;
            }
            bits |= b;
        }
        let oid = ORIENT.orients.iter().position(|o| o.bits == bits)?;
        Some(Placement {
            oid: oid as u8,
            x: u8::try_from(min_x).ok()?,
            y: u8::try_from(min_y).ok()?,
        })
    }

    pub(crate) const fn orient(self) -> &'static Orient {
        orient(self.oid)
    }
}

/// Where the reference cell lies in the bounding box when the piece is turned by `o`
/// (which may be a non-canonical digit of a symmetric piece).
fn digit_reference(piece: Piece, o: Orientation) -> (u8, u8) {
    let (len, offs) = crate::tables::drawing(piece.index());
    let mut min_x = i8::MAX;
    let mut min_y = i8::MAX;
    for &(x, y) in &offs[..len] {
        let (tx, ty) = o.apply(x, y);
        min_x = min_x.min(tx);
        min_y = min_y.min(ty);
    }
    ((-min_x) as u8, (-min_y) as u8)
}

impl fmt::Debug for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Placement({}{} at ({}, {}))",
            self.piece().letter(),
            self.orientation(),
            self.x,
            self.y
        )
    }
}
