//! The seven tetrominoes, their rotation states, and a tetromino at a position.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseMoveError;

/// One of the seven tetrominoes, in the Guideline's colour order `I O T S Z J L`.
///
/// ```
/// use plateau_tetris::Piece;
///
/// assert_eq!(Piece::ALL.len(), 7);
/// assert_eq!("t".parse::<Piece>()?, Piece::T);
/// assert_eq!(Piece::L.to_string(), "L");
/// # Ok::<(), plateau_tetris::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Piece {
    /// Four in a row (cyan).
    I,
    /// The square (yellow).
    O,
    /// The T (purple).
    T,
    /// S (green).
    S,
    /// Z (red).
    Z,
    /// J (blue).
    J,
    /// L (orange).
    L,
}

impl Piece {
    /// The seven pieces, in index order.
    pub const ALL: [Piece; 7] = [
        Piece::I,
        Piece::O,
        Piece::T,
        Piece::S,
        Piece::Z,
        Piece::J,
        Piece::L,
    ];

    /// The piece's index in [`Piece::ALL`] (`I` = 0 ... `L` = 6), also its colour index.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The piece of index `i`, or `None` past 6.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Piece> {
        if i < 7 { Some(Piece::ALL[i]) } else { None }
    }

    /// The piece's letter, upper case.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Piece::I => 'I',
            Piece::O => 'O',
            Piece::T => 'T',
            Piece::S => 'S',
            Piece::Z => 'Z',
            Piece::J => 'J',
            Piece::L => 'L',
        }
    }

    /// The piece of a letter, in either case.
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Piece> {
        match c.to_ascii_uppercase() {
            'I' => Some(Piece::I),
            'O' => Some(Piece::O),
            'T' => Some(Piece::T),
            'S' => Some(Piece::S),
            'Z' => Some(Piece::Z),
            'J' => Some(Piece::J),
            'L' => Some(Piece::L),
            _ => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Piece {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Piece, ParseMoveError> {
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next().and_then(Piece::from_letter), chars.next()) {
            (Some(p), None) => Ok(p),
            _ => Err(ParseMoveError::Piece { text: t.into() }),
        }
    }
}

/// A rotation state, named as in SRS: `0` the spawn state (`North`), `R` one clockwise turn
/// from it (`East`), `2` two turns (`South`) and `L` one counter-clockwise turn (`West`).
///
/// The names say how far a piece has turned from its spawn orientation: under SRS every piece
/// spawns pointing up, so `North` is "pointing up"; the classic (NES) system spawns the T
/// pointing down, and its `North` is that spawn state too.
///
/// ```
/// use plateau_tetris::Rotation;
///
/// assert_eq!(Rotation::North.cw(), Rotation::East);
/// assert_eq!(Rotation::North.ccw(), Rotation::West);
/// assert_eq!("R".parse::<Rotation>()?, Rotation::East);
/// assert_eq!(Rotation::South.to_string(), "2");
/// # Ok::<(), plateau_tetris::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rotation {
    /// The spawn state, `0`.
    #[default]
    North,
    /// One clockwise turn from spawn, `R`.
    East,
    /// Two turns, `2`.
    South,
    /// One counter-clockwise turn from spawn, `L`.
    West,
}

impl Rotation {
    /// The four states in clockwise order from spawn.
    pub const ALL: [Rotation; 4] = [
        Rotation::North,
        Rotation::East,
        Rotation::South,
        Rotation::West,
    ];

    /// The state's index: 0 to 3 clockwise from spawn.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The state of index `i % 4`.
    #[must_use]
    pub const fn from_index(i: usize) -> Rotation {
        Rotation::ALL[i % 4]
    }

    /// The state one clockwise turn later.
    #[must_use]
    pub const fn cw(self) -> Rotation {
        Rotation::from_index(self.index() + 1)
    }

    /// The state one counter-clockwise turn later.
    #[must_use]
    pub const fn ccw(self) -> Rotation {
        Rotation::from_index(self.index() + 3)
    }

    /// The SRS notation: `0`, `R`, `2` or `L`.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Rotation::North => '0',
            Rotation::East => 'R',
            Rotation::South => '2',
            Rotation::West => 'L',
        }
    }

    /// The state of a symbol: `0 R 2 L` or the compass letters `N E S W`, either case.
    #[must_use]
    pub const fn from_symbol(c: char) -> Option<Rotation> {
        match c.to_ascii_uppercase() {
            '0' | 'N' => Some(Rotation::North),
            'R' | 'E' => Some(Rotation::East),
            '2' | 'S' => Some(Rotation::South),
            'L' | 'W' => Some(Rotation::West),
            _ => None,
        }
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl FromStr for Rotation {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Rotation, ParseMoveError> {
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next().and_then(Rotation::from_symbol), chars.next()) {
            (Some(r), None) => Ok(r),
            _ => Err(ParseMoveError::Rotation { text: t.into() }),
        }
    }
}

/// A piece in a rotation state at a position: the falling piece, its ghost, or where a piece
/// comes to rest.
///
/// `(x, y)` is the piece's **pivot** in field coordinates: `x` the column from 0 at the left,
/// `y` the row **from 0 at the bottom** (see the crate docs). The cells are the pivot plus the
/// rotation system's offsets ([`RotationSystem::offsets`](crate::RotationSystem::offsets)); for
/// SRS the pivot is the centre cell of the J, L, S, T and Z, the cell left of and above the
/// centre of the I, and the bottom-left cell of the O. The pivot itself may lie outside the
/// field (an I standing in column 0 has its pivot in column -1), so the coordinates are signed.
///
/// Written `<piece><rotation>@<x>,<y>`: `T0@4,20` is the T at its Guideline spawn.
///
/// ```
/// use plateau_tetris::{Piece, Rotation, Tetromino};
///
/// let t: Tetromino = "T0@4,20".parse()?;
/// assert_eq!(t, Tetromino::new(Piece::T, Rotation::North, 4, 20));
/// assert_eq!(t.to_string(), "T0@4,20");
/// # Ok::<(), plateau_tetris::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tetromino {
    /// Which piece.
    pub piece: Piece,
    /// Its rotation state.
    pub rotation: Rotation,
    /// Pivot column.
    pub x: i8,
    /// Pivot row, from 0 at the bottom.
    pub y: i8,
}

impl Tetromino {
    /// A piece in state `rotation` with its pivot at `(x, y)`.
    #[must_use]
    pub const fn new(piece: Piece, rotation: Rotation, x: i8, y: i8) -> Tetromino {
        Tetromino {
            piece,
            rotation,
            x,
            y,
        }
    }

    /// The same piece moved by `(dx, dy)` (saturating at the `i8` range, far off any field).
    #[must_use]
    pub const fn moved(self, dx: i8, dy: i8) -> Tetromino {
        Tetromino {
            x: self.x.saturating_add(dx),
            y: self.y.saturating_add(dy),
            ..self
        }
    }

    /// The same piece at the same pivot in another state.
    #[must_use]
    pub const fn turned(self, rotation: Rotation) -> Tetromino {
        Tetromino { rotation, ..self }
    }

    /// The four cells `(x, y)` it covers under `system` (row 0 at the bottom; they may lie
    /// off the field).
    ///
    /// ```
    /// use plateau_tetris::{Piece, Rotation, RotationSystem, Tetromino};
    ///
    /// let t = Tetromino::new(Piece::T, Rotation::North, 4, 20);
    /// assert_eq!(t.cells(RotationSystem::Srs), [(3, 20), (4, 20), (5, 20), (4, 21)]);
    /// ```
    #[must_use]
    pub fn cells(self, system: crate::RotationSystem) -> [(i32, i32); 4] {
        crate::Field::cells(system, self)
    }
}

impl fmt::Display for Tetromino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}@{},{}", self.piece, self.rotation, self.x, self.y)
    }
}

impl FromStr for Tetromino {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Tetromino, ParseMoveError> {
        let t = s.trim();
        let bad = || ParseMoveError::Tetromino { text: t.into() };
        let (head, pos) = t.split_once('@').ok_or_else(bad)?;
        let mut chars = head.chars();
        let piece = chars.next().and_then(Piece::from_letter).ok_or_else(bad)?;
        let rotation = chars
            .next()
            .and_then(Rotation::from_symbol)
            .ok_or_else(bad)?;
        if chars.next().is_some() {
            return Err(bad());
        }
        let (x, y) = pos.split_once(',').ok_or_else(bad)?;
        let coordinate = |c: &str| {
            c.trim()
                .parse::<i8>()
                .map_err(|source| ParseMoveError::Coordinate {
                    text: t.into(),
                    source,
                })
        };
        let (x, y) = (coordinate(x)?, coordinate(y)?);
        Ok(Tetromino::new(piece, rotation, x, y))
    }
}
