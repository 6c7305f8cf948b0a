//! Every error enum of the crate, one per failure family.

use alloc::string::String;

use plateau_grid::{ParseGridError, Pos, Size};

use crate::FirstClick;

/// A configuration (or a board to play) was refused.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// A side is zero.
    #[error("a minesweeper board needs at least one row and one column, got {size}")]
    Empty {
        /// The size asked for.
        size: Size,
    },
    /// A side is longer than [`MAX_SIDE`](crate::MAX_SIDE) or the board has more than
    /// [`MAX_CELLS`](crate::MAX_CELLS) cells.
    #[error("board {size} is too large (at most {max_side} cells a side and {max_cells} cells)")]
    TooLarge {
        /// The size asked for.
        size: Size,
        /// Longest side allowed.
        max_side: usize,
        /// Most cells allowed.
        max_cells: usize,
    },
    /// A no-guess board needs at least 3 rows and 3 columns: on two rows (or columns) the
    /// cells of a column are told apart by no number, so a lone mine there is a coin flip.
    #[error("no-guess boards need at least 3 rows and 3 columns, got {size}")]
    NoGuessTooNarrow {
        /// The size asked for.
        size: Size,
    },
    /// More mines than the board holds once the first click's clear cells are set aside.
    #[error(
        "{mines} mines do not fit on a {size} board with the {first_click} first click: at most {max}"
    )]
    TooManyMines {
        /// Mines asked for.
        mines: u32,
        /// Most mines allowed for this size and first-click policy.
        max: u32,
        /// The board size.
        size: Size,
        /// The first-click policy.
        first_click: FirstClick,
    },
}

/// A move was refused; the game is exactly as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The position is off the board.
    #[error("{pos} is outside the {size} board")]
    OutOfBounds {
        /// The position given.
        pos: Pos,
        /// The board size.
        size: Size,
    },
    /// The game is already won or lost.
    #[error("the game is over")]
    GameOver,
    /// Revealing or marking a cell that is already open.
    #[error("{pos} is already revealed")]
    AlreadyRevealed {
        /// The cell.
        pos: Pos,
    },
    /// Revealing a flagged cell (remove the flag first).
    #[error("{pos} is flagged")]
    Flagged {
        /// The cell.
        pos: Pos,
    },
    /// Chording on a cell that is not a revealed number.
    #[error("{pos} is not a revealed number to chord on")]
    NotANumber {
        /// The cell.
        pos: Pos,
    },
    /// Chording on a number whose flagged neighbours are not exactly that many.
    #[error("{pos} shows {number} but has {flags} flagged neighbours")]
    FlagMismatch {
        /// The cell.
        pos: Pos,
        /// Its number.
        number: u8,
        /// Flags around it.
        flags: u8,
    },
    /// Chording on a number with no hidden, unflagged neighbour left to open.
    #[error("{pos} has no hidden neighbour left to open")]
    NothingToOpen {
        /// The cell.
        pos: Pos,
    },
}

/// Text that is not a move (`r3,4`, `f3,4` or `c3,4`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid move {text:?}: expected r, f or c then a position x,y, e.g. r3,4")]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
}

/// Text that is not a view (`x` hidden, `?`, `F`, `*`, `.`/`0`, `1`-`8`) or not a board
/// (`*` mine, `.` safe) of an allowed size.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// The grid itself is malformed (empty, ragged, an unknown character).
    #[error(transparent)]
    Grid(#[from] ParseGridError),
    /// The grid is larger than a game allows.
    #[error("board {size} is too large (at most {max_side} cells a side and {max_cells} cells)")]
    TooLarge {
        /// Its size.
        size: Size,
        /// Longest side allowed.
        max_side: usize,
        /// Most cells allowed.
        max_cells: usize,
    },
}

/// The mine probabilities of a view could not be computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ProbabilityError {
    /// No layout of the mines agrees with the numbers, the flags and the mine count.
    #[error("inconsistent view: no layout of {mines} mines agrees with it")]
    Inconsistent {
        /// The mine count the view was read with.
        mines: u32,
    },
    /// Counting the layouts needed more work than allowed.
    #[error("gave up after {nodes} search nodes (raise the node limit)")]
    NodeLimit {
        /// Nodes expanded before stopping.
        nodes: u64,
    },
    /// A structural limit, whatever the budget: the covered cells along the numbers form a
    /// group whose count keeps more numbers open at once than the engine encodes.
    #[error(
        "the numbers on show form a frontier that needs at least {open} of them open at once, \
         and the engine counts at most {max}: no node limit helps; reveal or flag cells so \
         the frontier splits, or ask about a smaller part of the board"
    )]
    TooWide {
        /// Numbers that would be open at once (at least).
        open: usize,
        /// The most the engine handles.
        max: usize,
    },
    /// Counting would need more memory than the engine allows itself.
    #[error(
        "counting the layouts would need more than {max_mib} MiB of memory: reveal or flag \
         cells so the frontier splits, or ask about a smaller part of the board"
    )]
    MemoryLimit {
        /// The cap, in MiB.
        max_mib: usize,
    },
}

/// A solver could not finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The search needed more work than allowed.
    #[error("gave up after {nodes} search nodes (raise the node limit)")]
    NodeLimit {
        /// Nodes expanded before stopping.
        nodes: u64,
    },
    /// A structural limit of the probability engine, whatever the budget (see
    /// [`ProbabilityError::TooWide`]).
    #[error(
        "the numbers on show form a frontier that needs at least {open} of them open at once, \
         and the engine counts at most {max}: no node limit helps"
    )]
    TooWide {
        /// Numbers that would be open at once (at least).
        open: usize,
        /// The most the engine handles.
        max: usize,
    },
    /// Counting would need more memory than the engine allows itself.
    #[error("counting the layouts would need more than {max_mib} MiB of memory")]
    MemoryLimit {
        /// The cap, in MiB.
        max_mib: usize,
    },
    /// No cell is certainly safe: going on needs a guess (after `moves` deduced moves).
    #[error("no safe move left after {moves} deduced moves: a guess is needed")]
    NeedsGuess {
        /// Moves deduced before getting stuck.
        moves: usize,
    },
    /// The game is already lost.
    #[error("the game is already lost")]
    Lost,
    /// The view has no consistent mine layout (wrong flags, impossible numbers).
    #[error("inconsistent view: no layout of the mines agrees with it")]
    Inconsistent,
}
