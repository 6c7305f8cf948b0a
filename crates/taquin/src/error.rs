//! Every error type of the crate, one per failure family.
//!
//! Each carries the values that caused it, and its message is lowercase without a trailing
//! period, so a front end can print it as the tail of its own sentence.

use alloc::string::String;

use plateau_grid::{Pos, Size};

use crate::{Move, Tile};

/// A board size outside `2..=16` on a side (a 1 x N strip is not a puzzle, and tiles are
/// numbered up to 255).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("board size {size} is not supported (each side must be in 2..=16)")]
#[non_exhaustive]
pub struct SizeError {
    /// The size asked for.
    pub size: Size,
}

/// A board could not be built from a tile list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A side outside `2..=16`.
    #[error("board size {size} is not supported (each side must be in 2..=16)")]
    InvalidSize {
        /// The size asked for.
        size: Size,
    },
    /// The list does not hold one tile per cell.
    #[error("a {size} board has {expected} cells, got {actual} tiles")]
    WrongLength {
        /// The board's size.
        size: Size,
        /// `width * height`.
        expected: usize,
        /// Tiles supplied.
        actual: usize,
    },
    /// A tile number is not below the number of cells.
    #[error("tile {tile} is out of range (a board of {cells} cells has the tiles 1 to {} and the blank)", .cells - 1)]
    OutOfRange {
        /// The offending tile.
        tile: Tile,
        /// `width * height`.
        cells: usize,
    },
    /// A tile (or the blank) appears twice.
    #[error("tile {tile} appears more than once")]
    Duplicate {
        /// The repeated tile.
        tile: Tile,
    },
    /// A tile (or the blank) is missing.
    #[error("tile {tile} is missing")]
    Missing {
        /// The absent tile.
        tile: Tile,
    },
}

impl From<SizeError> for BoardError {
    fn from(e: SizeError) -> BoardError {
        BoardError::InvalidSize { size: e.size }
    }
}

/// The text form of a board could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// The text holds no rows (only blank or `#` comment lines).
    #[error("empty board text")]
    Empty,
    /// A token is neither a tile number (0 to 255) nor `.`.
    #[error("invalid tile {token:?} in row {row} (tiles are numbers, with . or 0 for the blank)")]
    InvalidToken {
        /// The offending token.
        token: String,
        /// Board row of the token, from 0 (comment and blank lines not counted).
        row: usize,
    },
    /// Rows have different lengths.
    #[error("row {row} has {found} tiles, expected {expected}")]
    Ragged {
        /// Board row, from 0.
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

/// Text that is not a tile: a number from 0 to 255, or `.` for the blank.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid tile {text:?} (tiles are numbers, with . or 0 for the blank)")]
#[non_exhaustive]
pub struct ParseTileError {
    /// The text given.
    pub text: String,
}

/// A move or a click was refused; the board is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The board is solved: a finished puzzle takes no more moves.
    #[error("the board is solved")]
    Solved,
    /// No tile can slide that way: the blank is on the edge the tile would come from.
    #[error("no tile can slide {direction}: the blank at {blank} is on that edge")]
    NoTile {
        /// The move asked for.
        direction: Move,
        /// Where the blank is.
        blank: Pos,
    },
    /// The clicked cell is outside the board.
    #[error("cell {pos} is outside the {size} board")]
    OutOfBounds {
        /// The clicked cell.
        pos: Pos,
        /// The board's size.
        size: Size,
    },
    /// The clicked cell is the blank.
    #[error("cell {pos} is the blank")]
    Blank {
        /// The clicked cell.
        pos: Pos,
    },
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
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// A character is not one of `U`, `D`, `L`, `R` (either case), a space or a comma.
    #[error("invalid move letter {letter:?} at byte {at} (moves are U, D, L, R)")]
    InvalidLetter {
        /// The offending character.
        letter: char,
        /// Its byte offset in the input.
        at: usize,
    },
    /// One move was expected, but the text was empty or held several.
    #[error("expected exactly one move letter (U, D, L or R), got {text:?}")]
    NotOneMove {
        /// The text given, trimmed.
        text: String,
    },
}

/// A solver could not return a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The board cannot reach the goal (see [`Board::is_solvable`](crate::Board::is_solvable)).
    #[error("the board is not solvable")]
    Unsolvable,
    /// The solver handles boards of one size only.
    #[error("this solver handles {expected} boards, got a {found} board")]
    WrongSize {
        /// The size the solver handles.
        expected: Size,
        /// The size of the board given.
        found: Size,
    },
    /// The search expanded as many nodes as it was allowed without finding a solution.
    #[error("search stopped after {nodes} nodes without a solution")]
    NodeLimit {
        /// Nodes expanded before stopping.
        nodes: u64,
    },
}

/// A partition of the fifteen tiles into pattern-database groups is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PartitionError {
    /// A group of the partition has no tile.
    #[error("group {group} of the partition is empty")]
    EmptyGroup {
        /// Index of the group, from 0.
        group: usize,
    },
    /// A group has more tiles than a table can be built for.
    #[error("group {group} of the partition has {len} tiles, at most {max} are supported", max = crate::MAX_GROUP)]
    GroupTooLarge {
        /// Index of the group, from 0.
        group: usize,
        /// Its number of tiles.
        len: usize,
    },
    /// A tile of the partition is not one of the fifteen tiles `1..=15`.
    #[error("tile {tile} is not a tile of the 4x4 board (partitions hold the tiles 1 to 15)")]
    NotATile {
        /// The offending tile.
        tile: Tile,
    },
    /// A tile is in two groups.
    #[error("tile {tile} is in two groups of the partition")]
    TileInTwoGroups {
        /// The repeated tile.
        tile: Tile,
    },
    /// A tile is in no group.
    #[error("tile {tile} is in no group of the partition")]
    TileInNoGroup {
        /// The missing tile.
        tile: Tile,
    },
    /// The text form holds something that is not a tile number.
    #[error(
        "invalid tile {token:?} in the partition (expected groups of tile numbers, e.g. 1,2,3/4,5,6)"
    )]
    InvalidToken {
        /// The offending text.
        token: String,
    },
}

/// Bytes that are not a pattern database image written by
/// [`PatternDatabase::to_bytes`](crate::PatternDatabase::to_bytes).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// The bytes do not start with the image's header.
    #[error("not a pattern database image (bad header)")]
    BadMagic,
    /// The image ends early.
    #[error("truncated pattern database image: {len} bytes, at least {needed} needed")]
    Truncated {
        /// Length of the image.
        len: usize,
        /// Bytes needed to read what was being read.
        needed: usize,
    },
    /// The image goes on after its last table.
    #[error("pattern database image has {extra} bytes after its last table")]
    TrailingBytes {
        /// Number of extra bytes.
        extra: usize,
    },
    /// The partition recorded in the image is not valid.
    #[error("pattern database image with an invalid partition: {0}")]
    Partition(#[from] PartitionError),
}

/// A pattern database file could not be used (the `std` feature's
/// [`PatternDatabase::save`], [`load`] and [`load_or_build`]). Every variant names the file.
///
/// [`PatternDatabase::save`]: crate::PatternDatabase::save
/// [`load`]: crate::PatternDatabase::load
/// [`load_or_build`]: crate::PatternDatabase::load_or_build
#[cfg(feature = "std")]
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PatternFileError {
    /// The file could not be read.
    #[error("cannot read pattern databases from {}: {source}", path.display())]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error("cannot write pattern databases to {}: {source}", path.display())]
    Write {
        /// The file.
        path: std::path::PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a pattern database image written by this crate.
    #[error("{} is not a pattern database file: {source}", path.display())]
    Corrupt {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong with its bytes.
        #[source]
        source: PatternError,
    },
    /// The file holds databases of another partition than the one asked for.
    #[error("{} holds pattern databases of the partition {found}, not {expected}", path.display())]
    OtherPartition {
        /// The file.
        path: std::path::PathBuf,
        /// The partition of the file's databases.
        found: crate::Partition,
        /// The partition asked for.
        expected: crate::Partition,
    },
}
