//! Every error type of the crate, one enum per failure family.
//!
//! Each names what was refused and carries the offending values; none nests another family
//! where only one can happen.

use plateau_grid::{GridError, ParseGridError, Pos, Size};

use crate::{Color, MAX_COLORS, MAX_SIDE, Status};

/// Rules or a configuration that describe no playable game, refused by the checked
/// constructors and setters of [`Rules`](crate::Rules) and [`Config`](crate::Config).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// A side is zero or longer than [`MAX_SIDE`].
    #[error("board size {size} is not within 1x1..={MAX_SIDE}x{MAX_SIDE}")]
    Size {
        /// The size asked for.
        size: Size,
    },
    /// The number of colours is outside `2..=36` ([`MAX_COLORS`]).
    #[error("{colors} colours asked for, expected 2..={MAX_COLORS}")]
    Colors {
        /// The number asked for.
        colors: u8,
    },
    /// A move limit of zero.
    #[error("the move limit must be at least 1")]
    NoMoves,
    /// The start cell is off the board.
    #[error("start cell {start} is outside the {size} board")]
    Start {
        /// The start cell asked for.
        start: Pos,
        /// The board's size.
        size: Size,
    },
}

/// Cells that do not make a board, refused by [`Board::from_grid`](crate::Board::from_grid)
/// and [`Board::from_cells`](crate::Board::from_cells).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A side is longer than [`MAX_SIDE`] (flooded sets are one `u64` per row).
    #[error("board of {size} exceeds {MAX_SIDE}x{MAX_SIDE}")]
    TooLarge {
        /// The board's size.
        size: Size,
    },
    /// The cells do not make a grid of that size (a zero side, or a cell count that is not
    /// its area).
    #[error(transparent)]
    Grid(#[from] GridError),
}

/// A board and rules that do not make a game, refused by
/// [`Game::from_board`](crate::Game::from_board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A cell holds a colour the rules do not have.
    #[error("cell {pos} has colour {color} but the rules have {colors} colours")]
    Color {
        /// The first such cell, row-major.
        pos: Pos,
        /// Its colour.
        color: Color,
        /// Colours of the rules.
        colors: u8,
    },
    /// The rules' start cell is off the board.
    #[error("start cell {start} is outside the {size} board")]
    Start {
        /// The rules' start cell.
        start: Pos,
        /// The board's size.
        size: Size,
    },
}

/// A move that [`Play::play`](crate::Play::play) refused; the game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The colour is not one of the game's colours.
    #[error("colour {color} is not among the game's {colors} colours")]
    OutOfRange {
        /// The colour played.
        color: Color,
        /// Colours of the game.
        colors: u8,
    },
    /// The colour is already the flood's colour: choosing it would do nothing.
    #[error("colour {color} is already the flood colour")]
    FloodColor {
        /// The colour played.
        color: Color,
    },
    /// The game is already won or lost.
    #[error("the game is over ({status})")]
    GameOver {
        /// How it ended.
        status: Status,
    },
}

/// Text that is not a colour or a list of colours ([`Color`]'s `FromStr`,
/// [`parse_moves`](crate::parse_moves)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// A single colour that is not exactly one character (after trimming spaces).
    #[error("a colour is one character 0-9 or a-z, got {len} characters")]
    Length {
        /// Characters in the text.
        len: usize,
    },
    /// A character that is no colour.
    #[error("invalid colour {ch:?} at character {index}, expected 0-9 or a-z")]
    Char {
        /// The character.
        ch: char,
        /// Its position in the text, in characters from 0.
        index: usize,
    },
}

/// Text that is not a board ([`Board`](crate::Board)'s `FromStr`,
/// [`Board::from_line`](crate::Board::from_line)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// Not a rectangle of colour characters: empty, ragged, or a bad character.
    #[error(transparent)]
    Text(#[from] ParseGridError),
    /// More than [`MAX_SIDE`] rows or columns.
    #[error("board of {size} exceeds {MAX_SIDE}x{MAX_SIDE}")]
    TooLarge {
        /// The board's size.
        size: Size,
    },
    /// A one-line board whose length is not a multiple of the width.
    #[error("{len} cells do not split into rows of {width}")]
    Length {
        /// Cells in the line.
        len: usize,
        /// The width asked for.
        width: usize,
    },
}

/// A solver that gave up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The node budget of [`solve_limited`](crate::solve_limited) ran out before a solution
    /// was proved optimal.
    #[error("no solution found within {nodes} search nodes")]
    NodeLimit {
        /// Nodes expanded when the search stopped (the budget).
        nodes: u64,
    },
}
