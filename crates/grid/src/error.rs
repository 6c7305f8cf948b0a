//! Every error type of the grid crate, one enum per failure family.

use alloc::string::String;

use crate::{Pos, Size};

/// A grid could not be built or addressed with the given dimensions or position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// One of the dimensions is zero.
    #[error("grid dimensions must be positive, got {size}")]
    Empty {
        /// Requested size.
        size: Size,
    },
    /// `width * height` does not fit in `usize`, or its storage cannot be allocated.
    #[error("grid of {size} cells is too large")]
    TooLarge {
        /// Requested size.
        size: Size,
    },
    /// A fixed-capacity grid was asked for more columns or rows than it can hold.
    #[error("grid of {size} exceeds its {max} capacity")]
    ExceedsCapacity {
        /// Requested size.
        size: Size,
        /// Largest supported size.
        max: Size,
    },
    /// The position lies outside the grid.
    #[error("position {pos} is outside the {size} grid")]
    OutOfBounds {
        /// The offending position.
        pos: Pos,
        /// Grid size.
        size: Size,
    },
    /// A cell vector did not hold `width * height` cells.
    #[error("expected {expected} cells for the grid, got {actual}")]
    LengthMismatch {
        /// `width * height`.
        expected: usize,
        /// Cells supplied.
        actual: usize,
    },
}

/// Text could not be parsed as a grid.
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

/// A shape could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// No cells were given.
    #[error("a shape needs at least one cell")]
    Empty,
    /// The cells do not fit in an 8 x 8 box.
    #[error("shape spans {size} cells, more than 8x8")]
    TooLarge {
        /// Extent of the cells.
        size: Size,
    },
    /// A character of the text form is neither a cell nor a gap.
    #[error("unexpected character {ch:?} at column {x}, row {y} of a shape")]
    InvalidChar {
        /// The character.
        ch: char,
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
    },
}

/// Text that is not a [`Size`] (`WxH` or a single number).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid size {text:?}: expected WxH, e.g. 14x14, or one number for a square")]
pub struct ParseSizeError {
    /// The text given.
    pub text: String,
}

/// Text that is not a [`Seat`](crate::Seat) (`P1` to `P8`, or the bare number).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid seat {text:?}: expected P1 to P8 (or the number alone)")]
pub struct ParseSeatError {
    /// The text given.
    pub text: String,
}

/// Text that is not a [`Pos`] (`x,y`, `x y` or `(x, y)`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid position {text:?}: expected x,y (column, row), e.g. 3,4")]
pub struct ParsePosError {
    /// The text given.
    pub text: String,
}
