//! Error types, one enum per failure family.

use plateau_grid::Pos;

use crate::{Color, Status};

/// A [`Config`](crate::Config) that describes no playable game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// Width or height is zero or larger than [`MAX_SIZE`](crate::MAX_SIZE).
    #[error("board size {width}x{height} is not within 1x1..=64x64")]
    Size {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// The number of colours is outside `2..=36`.
    #[error("{colors} colours requested, expected 2..=36")]
    Colors {
        /// Requested number of colours.
        colors: u8,
    },
    /// A move limit of zero.
    #[error("the move limit must be at least 1")]
    NoMoves,
    /// The start cell is off the board.
    #[error("start cell {start} is outside the {width}x{height} board")]
    Start {
        /// Requested start cell.
        start: Pos,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
}

/// A [`Board`](crate::Board) that does not fit a [`Config`](crate::Config), or cells that do
/// not form a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The configuration itself is invalid.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The board's dimensions differ from the configuration's.
    #[error("board is {actual:?} but the configuration expects {expected:?}")]
    Dimensions {
        /// `(width, height)` of the configuration.
        expected: (usize, usize),
        /// `(width, height)` of the board.
        actual: (usize, usize),
    },
    /// A cell holds a colour the configuration does not have.
    #[error("cell {pos} has colour {color} but the game has {colors} colours")]
    Color {
        /// The cell.
        pos: Pos,
        /// Its colour.
        color: Color,
        /// Colours of the configuration.
        colors: u8,
    },
    /// The cells do not make a `width x height` rectangle within `1..=64` each way.
    #[error("{cells} cells do not make a board of width {width} (at most 64x64)")]
    Shape {
        /// Number of cells supplied.
        cells: usize,
        /// Requested width.
        width: usize,
    },
}

/// A move that [`Game::play`](crate::Game::play) refused; the game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
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

/// Text that is not a colour.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseColorError {
    /// Not exactly one character.
    #[error("a colour is one character 0-9 or a-z, got {len} characters")]
    Length {
        /// Characters in the text.
        len: usize,
    },
    /// A character outside `0-9a-z`.
    #[error("invalid colour character {ch:?}, expected 0-9 or a-z")]
    Char {
        /// The character.
        ch: char,
    },
}

/// Text that is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// Not a rectangle of cell characters (`0-9a-z`): empty, ragged, or a bad character.
    #[error(transparent)]
    Text(#[from] plateau_grid::ParseGridError),
    /// More than 64 rows or columns.
    #[error("board of {width}x{height} cells exceeds 64x64")]
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A one-line board whose length is not a multiple of the width.
    #[error("{len} cells do not split into rows of {width}")]
    Length {
        /// Cells in the line.
        len: usize,
        /// Requested width.
        width: usize,
    },
}
