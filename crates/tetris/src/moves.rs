//! The moves of the two ways to play: [`Placement`] (where a piece ends up, for bots and
//! solvers), [`Step`] (one action of the falling piece, turn by turn) and [`Buttons`] (what is
//! held during one tick, for real-time play), with their notations.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::{BitAnd, BitOr, BitOrAssign, Not};
use core::str::FromStr;

use crate::Tetromino;
use crate::error::ParseMoveError;

/// A final placement, the move of the placement API: the current piece (or, with `hold`, the
/// piece hold gives, after holding) comes to rest at `tetromino` and locks.
///
/// Written as the tetromino, prefixed with `H` when it holds first: `T0@4,1`, `HIR@-1,2`
/// (either case on input).
///
/// ```
/// use plateau_tetris::{Piece, Placement, Rotation, Tetromino};
///
/// let p: Placement = "hIr@-1,2".parse()?;
/// assert_eq!(p, Placement::held(Tetromino::new(Piece::I, Rotation::East, -1, 2)));
/// assert_eq!(p.to_string(), "HIR@-1,2");
/// # Ok::<(), plateau_tetris::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Placement {
    /// Hold first, and place the piece that comes out of hold (or the next piece when hold
    /// was empty).
    pub hold: bool,
    /// Where the piece rests.
    pub tetromino: Tetromino,
}

impl Placement {
    /// Places the current piece at `tetromino`.
    #[must_use]
    pub const fn new(tetromino: Tetromino) -> Placement {
        Placement {
            hold: false,
            tetromino,
        }
    }

    /// Holds, then places the piece out of hold at `tetromino`.
    #[must_use]
    pub const fn held(tetromino: Tetromino) -> Placement {
        Placement {
            hold: true,
            tetromino,
        }
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hold {
            f.write_str("H")?;
        }
        write!(f, "{}", self.tetromino)
    }
}

impl FromStr for Placement {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Placement, ParseMoveError> {
        let t = s.trim();
        match t.strip_prefix(['H', 'h']) {
            Some(rest) => Ok(Placement::held(rest.parse()?)),
            None => Ok(Placement::new(t.parse()?)),
        }
    }
}

/// Placements separated by spaces.
#[must_use]
pub fn format_moves(moves: &[Placement]) -> String {
    let mut s = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&alloc::string::ToString::to_string(m));
    }
    s
}

/// Placements separated by spaces, newlines or `;`.
///
/// # Errors
/// The first token that is not a placement.
pub fn parse_moves(s: &str) -> Result<Vec<Placement>, ParseMoveError> {
    s.split(|c: char| c.is_whitespace() || c == ';')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

/// One action of the falling piece, applied at once by
/// [`Game::step`](crate::Game::step) and listed by [`Game::path`](crate::Game::path).
///
/// Letters: `L` left, `R` right, `S` soft drop one row, `F` fall to the floor without
/// locking, `C` rotate clockwise, `A` rotate anticlockwise, `D` hard drop (locks), `H` hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Step {
    /// One column left.
    Left,
    /// One column right.
    Right,
    /// One row down (a soft drop of one row).
    SoftDrop,
    /// Down as far as the piece falls, without locking ("sonic drop").
    Drop,
    /// A clockwise rotation, with kicks.
    RotateCw,
    /// A counter-clockwise rotation, with kicks.
    RotateCcw,
    /// Down as far as it falls, then lock.
    HardDrop,
    /// Swap with the hold piece.
    Hold,
}

impl Step {
    /// Every step, in letter order `L R S F C A D H`.
    pub const ALL: [Step; 8] = [
        Step::Left,
        Step::Right,
        Step::SoftDrop,
        Step::Drop,
        Step::RotateCw,
        Step::RotateCcw,
        Step::HardDrop,
        Step::Hold,
    ];

    /// The step's letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Step::Left => 'L',
            Step::Right => 'R',
            Step::SoftDrop => 'S',
            Step::Drop => 'F',
            Step::RotateCw => 'C',
            Step::RotateCcw => 'A',
            Step::HardDrop => 'D',
            Step::Hold => 'H',
        }
    }

    /// The step of a letter (either case).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Step> {
        match c.to_ascii_uppercase() {
            'L' => Some(Step::Left),
            'R' => Some(Step::Right),
            'S' => Some(Step::SoftDrop),
            'F' => Some(Step::Drop),
            'C' => Some(Step::RotateCw),
            'A' => Some(Step::RotateCcw),
            'D' => Some(Step::HardDrop),
            'H' => Some(Step::Hold),
            _ => None,
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Step {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Step, ParseMoveError> {
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next().and_then(Step::from_letter), chars.next()) {
            (Some(step), None) => Ok(step),
            _ => Err(ParseMoveError::Step { text: t.into() }),
        }
    }
}

/// Steps as their letters run together (`"CLLFD"`).
#[must_use]
pub fn format_steps(steps: &[Step]) -> String {
    steps.iter().map(|s| s.letter()).collect()
}

/// Steps from their letters; spaces and commas are ignored.
///
/// # Errors
/// [`ParseMoveError::Step`] for a character that is not a step letter.
pub fn parse_steps(s: &str) -> Result<Vec<Step>, ParseMoveError> {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| {
            Step::from_letter(c).ok_or_else(|| ParseMoveError::Step {
                text: alloc::string::ToString::to_string(&c),
            })
        })
        .collect()
}

/// The buttons held during one tick, the input of [`Game::tick`](crate::Game::tick).
///
/// The game sees presses and releases as changes from one tick to the next: a rotation, a
/// hard drop or a hold acts on the tick its button goes down; left and right shift on the
/// press, then repeat after the DAS delay at the ARR rate while held; soft drop acts while
/// held.
///
/// Written as the letters of the held buttons in the order `L R S D C A H` (left, right, soft
/// drop, hard drop, rotate clockwise, rotate anticlockwise, hold), or `-` for none.
///
/// ```
/// use plateau_tetris::Buttons;
///
/// let b = Buttons::LEFT | Buttons::SOFT_DROP;
/// assert_eq!(b.to_string(), "LS");
/// assert_eq!("sl".parse::<Buttons>()?, b);
/// assert!(b.contains(Buttons::LEFT) && !b.contains(Buttons::HOLD));
/// assert_eq!(Buttons::NONE.to_string(), "-");
/// # Ok::<(), plateau_tetris::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Buttons(u8);

impl Buttons {
    /// Nothing held.
    pub const NONE: Buttons = Buttons(0);
    /// Shift left.
    pub const LEFT: Buttons = Buttons(1);
    /// Shift right.
    pub const RIGHT: Buttons = Buttons(2);
    /// Soft drop.
    pub const SOFT_DROP: Buttons = Buttons(4);
    /// Hard drop.
    pub const HARD_DROP: Buttons = Buttons(8);
    /// Rotate clockwise.
    pub const CW: Buttons = Buttons(16);
    /// Rotate counter-clockwise.
    pub const CCW: Buttons = Buttons(32);
    /// Hold.
    pub const HOLD: Buttons = Buttons(64);

    const LETTERS: [(Buttons, char); 7] = [
        (Buttons::LEFT, 'L'),
        (Buttons::RIGHT, 'R'),
        (Buttons::SOFT_DROP, 'S'),
        (Buttons::HARD_DROP, 'D'),
        (Buttons::CW, 'C'),
        (Buttons::CCW, 'A'),
        (Buttons::HOLD, 'H'),
    ];

    /// The buttons of bit pattern `bits` (bits above the seventh are ignored).
    #[must_use]
    pub const fn from_bits(bits: u8) -> Buttons {
        Buttons(bits & 0x7F)
    }

    /// The bit pattern.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether every button of `other` is held.
    #[must_use]
    pub const fn contains(self, other: Buttons) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether nothing is held.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl BitOr for Buttons {
    type Output = Buttons;
    fn bitor(self, rhs: Buttons) -> Buttons {
        Buttons(self.0 | rhs.0)
    }
}

impl BitOrAssign for Buttons {
    fn bitor_assign(&mut self, rhs: Buttons) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Buttons {
    type Output = Buttons;
    fn bitand(self, rhs: Buttons) -> Buttons {
        Buttons(self.0 & rhs.0)
    }
}

impl Not for Buttons {
    type Output = Buttons;
    fn not(self) -> Buttons {
        Buttons(!self.0 & 0x7F)
    }
}

impl fmt::Display for Buttons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (b, c) in Buttons::LETTERS {
            if self.contains(b) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Buttons {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Buttons, ParseMoveError> {
        let t = s.trim();
        if t == "-" {
            return Ok(Buttons::NONE);
        }
        if t.is_empty() {
            return Err(ParseMoveError::Buttons { text: t.into() });
        }
        let mut out = Buttons::NONE;
        for ch in t.chars() {
            let up = ch.to_ascii_uppercase();
            let b = Buttons::LETTERS
                .iter()
                .find(|(_, c)| *c == up)
                .map(|(b, _)| *b)
                .ok_or_else(|| ParseMoveError::Buttons { text: t.into() })?;
            out |= b;
        }
        Ok(out)
    }
}
