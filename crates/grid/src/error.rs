//! Error types of the grid crate, one enum per failure family.

use crate::Pos;

/// A grid could not be built or addressed with the given dimensions or position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// One of the dimensions is zero.
    #[error("grid dimensions must be positive, got {width}x{height}")]
    Empty {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// `width * height` does not fit in `usize`.
    #[error("grid of {width}x{height} cells is too large")]
    TooLarge {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// A bit grid was asked for more columns or rows than it can hold.
    #[error("bit grid of {width}x{height} exceeds its {max_width}x{max_height} capacity")]
    ExceedsCapacity {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
        /// Largest supported width.
        max_width: usize,
        /// Largest supported height.
        max_height: usize,
    },
    /// The position lies outside the grid.
    #[error("position {pos} is outside the {width}x{height} grid")]
    OutOfBounds {
        /// The offending position.
        pos: Pos,
        /// Grid width.
        width: usize,
        /// Grid height.
        height: usize,
    },
    /// A cell vector did not hold `width * height` cells.
    #[error("expected {expected} cells for the grid, got {actual}")]
    LengthMismatch {
        /// `width * height`.
        expected: usize,
        /// Cells supplied.
        actual: usize,
    },
    /// Two grids that must share dimensions do not.
    #[error("grid dimensions differ: {left:?} vs {right:?}")]
    DimensionMismatch {
        /// `(width, height)` of the first grid.
        left: (usize, usize),
        /// `(width, height)` of the second grid.
        right: (usize, usize),
    },
}

/// Text could not be parsed as a grid or a shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseGridError {
    /// The text holds no rows.
    #[error("grid text is empty")]
    Empty,
    /// A row's length differs from the first row's.
    #[error("row {row} has {len} cells, expected {expected}")]
    Ragged {
        /// Zero-based row index.
        row: usize,
        /// Cells in that row.
        len: usize,
        /// Cells in the first row.
        expected: usize,
    },
    /// A character is not allowed at this place.
    #[error("unexpected character {ch:?} at column {x}, row {y}")]
    InvalidChar {
        /// The character.
        ch: char,
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
    },
    /// The parsed dimensions are not allowed.
    #[error(transparent)]
    Grid(#[from] GridError),
}
