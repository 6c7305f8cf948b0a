//! Error types, one enum per failure family.

use plateau_grid::Pos;

use crate::Move;

/// A board could not be built: bad dimensions or a bad tile list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// Width or height outside `2..=16` (a 1 x N strip is not a puzzle).
    #[error("board size {width}x{height} is not supported (each side must be in 2..=16)")]
    InvalidSize {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// The tile list does not hold `width * height` entries.
    #[error("expected {expected} tiles, got {actual}")]
    WrongLength {
        /// `width * height`.
        expected: usize,
        /// Entries supplied.
        actual: usize,
    },
    /// A value is not in `0..width * height`.
    #[error("tile {tile} is out of range (tiles are 0..{cells}, 0 for the blank)")]
    OutOfRange {
        /// The offending value.
        tile: usize,
        /// `width * height`.
        cells: usize,
    },
    /// A tile (or the blank, 0) appears twice.
    #[error("tile {tile} appears more than once")]
    Duplicate {
        /// The repeated value.
        tile: usize,
    },
    /// A tile (or the blank, 0) is missing.
    #[error("tile {tile} is missing")]
    Missing {
        /// The absent value.
        tile: usize,
    },
}

/// The text form of a board could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// The text holds no rows.
    #[error("empty board text")]
    Empty,
    /// A token is neither a number nor `.`.
    #[error("invalid tile {token:?} in row {row}")]
    InvalidToken {
        /// The offending token.
        token: alloc::string::String,
        /// 0-based row of the token.
        row: usize,
    },
    /// Rows have different lengths.
    #[error("row {row} has {found} tiles, expected {expected}")]
    Ragged {
        /// 0-based row index.
        row: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// The rows parse but do not form a valid board.
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// A move or click was refused; the board is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// No tile can slide in that direction: the blank is on the edge it would come from.
    #[error("no tile can slide {0}: the blank is on that edge")]
    NoTile(Move),
    /// The clicked cell is outside the board.
    #[error("cell {0} is outside the board")]
    OutOfBounds(Pos),
    /// The clicked cell is the blank.
    #[error("cell {0} is the blank")]
    Blank(Pos),
    /// The clicked cell is in neither the blank's row nor its column.
    #[error("cell {pos} is not in line with the blank at {blank}")]
    NotInLine {
        /// The clicked cell.
        pos: Pos,
        /// Where the blank is.
        blank: Pos,
    },
}

/// Move notation could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// A character is not one of `U`, `D`, `L`, `R` (lowercase accepted) or whitespace/comma.
    #[error("invalid move letter {letter:?} at byte {at}")]
    InvalidLetter {
        /// The offending character.
        letter: char,
        /// Its byte offset in the input.
        at: usize,
    },
    /// A single move was expected but the text was empty or held several.
    #[error("expected exactly one move letter")]
    NotOneMove,
}

/// A solver could not return a solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The board is not reachable from the goal (see [`Board::is_solvable`](crate::Board::is_solvable)).
    #[error("the board is not solvable")]
    Unsolvable,
    /// The solver only handles boards of one size.
    #[error("this solver handles {expected:?} boards, got {found:?}")]
    WrongSize {
        /// `(width, height)` the solver handles.
        expected: (usize, usize),
        /// `(width, height)` of the board given.
        found: (usize, usize),
    },
    /// The search expanded more nodes than allowed.
    #[error("search stopped after {nodes} nodes without a solution")]
    NodeLimit {
        /// Nodes expanded before stopping.
        nodes: u64,
    },
}

/// A pattern database could not be built or loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// The partition does not cover tiles 1..=15 exactly once, or a group is empty or too big.
    #[error("invalid partition: {0}")]
    InvalidPartition(&'static str),
    /// The byte image is not a pattern database written by this crate.
    #[error("corrupt pattern database image: {0}")]
    Corrupt(&'static str),
}
