//! Every error of the crate, one enum per failure family.

use alloc::string::String;

use plateau_grid::{ParseGridError, Pos, Size};

use crate::{Color, Piece, Placement, Variant};

/// A set of rules that does not exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// Duo is for 2 players, Classic for 2 or 4.
    #[error("{variant} is not played by {players} players (Duo: 2, Classic: 2 or 4)")]
    Players {
        /// The variant asked for.
        variant: Variant,
        /// The number of players asked for.
        players: usize,
    },
}

/// A move was refused; the game is unchanged. Each variant names the rule that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A colour other than the one to move tried to play.
    #[error("not your turn: colour {color} tried to move, colour {to_move} is to move")]
    NotYourTurn {
        /// The colour that tried.
        color: Color,
        /// The colour to move.
        to_move: Color,
    },
    /// The piece was placed before.
    #[error("piece {piece} of colour {color} is already on the board")]
    PieceUsed {
        /// The piece.
        piece: Piece,
        /// Its colour.
        color: Color,
    },
    /// A cell of the piece lies outside the board.
    #[error("{placement} does not fit on the {size} board")]
    OffBoard {
        /// The refused placement.
        placement: Placement,
        /// The board's size.
        size: Size,
    },
    /// A cell of the piece is already covered.
    #[error("{placement} overlaps a piece at {pos}")]
    Overlap {
        /// The refused placement.
        placement: Placement,
        /// The first covered cell it would cover again.
        pos: Pos,
    },
    /// The piece would share an edge with a piece of its own colour.
    #[error("{placement} touches a piece of its own colour edge to edge at {pos}")]
    EdgeContact {
        /// The refused placement.
        placement: Placement,
        /// The first of its cells with an own-colour neighbour.
        pos: Pos,
    },
    /// The colour's first piece must cover its start square.
    #[error("{placement} does not cover the start square {start}")]
    StartNotCovered {
        /// The refused placement.
        placement: Placement,
        /// The start square of the colour.
        start: Pos,
    },
    /// Every piece after the first must touch its own colour corner to corner.
    #[error("{placement} touches no piece of its own colour corner to corner")]
    NoCornerContact {
        /// The refused placement.
        placement: Placement,
    },
    /// A pass while a piece can still be placed.
    #[error("colour {color} cannot pass: it still has a legal move")]
    PassWithMovesLeft {
        /// The colour that tried to pass.
        color: Color,
    },
}

/// A piece name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown piece {text:?} (expected a letter a-u or a name such as I3 or F5)")]
#[non_exhaustive]
pub struct ParsePieceError {
    /// The text read.
    pub text: String,
}

/// A move's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// An ICFPT code is 4 characters.
    #[error("a move code is 4 characters (e.g. 56t2, or 0000 to pass), got {text:?}")]
    Length {
        /// The text read.
        text: String,
    },
    /// A coordinate character is not `1`-`9` or a letter.
    #[error("bad coordinate {ch:?} (expected 1-9 or a letter, a = 10)")]
    BadCoordinate {
        /// The character.
        ch: char,
    },
    /// The piece letter is not `a`-`u`.
    #[error("bad piece letter {ch:?} (expected a-u)")]
    BadPiece {
        /// The character.
        ch: char,
    },
    /// The orientation digit is not `0`-`7`.
    #[error("bad orientation {ch:?} (expected 0-7)")]
    BadOrientation {
        /// The character.
        ch: char,
    },
    /// The code's piece would reach left of column 1 or above row 1, or its canonical code
    /// would name a column or row past `z` (35).
    #[error("move {text:?} reaches off the board")]
    OffBoard {
        /// The text read.
        text: String,
    },
    /// A pass where a placement was expected.
    #[error("a pass places no piece")]
    Pass,
    /// A point of a point list could not be read.
    #[error("bad point {text:?} (expected a column letter and a row number, e.g. e10)")]
    BadPoint {
        /// The point's text.
        text: String,
    },
    /// The points of a point list do not form one of the 21 pieces.
    #[error("the points {text:?} do not form a piece")]
    NotAPiece {
        /// The list's text.
        text: String,
    },
}

/// A board's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// The text is not a rectangle of `.` and `1`-`4`.
    #[error("{0} (cells are . or a colour 1-4)")]
    Grid(#[from] ParseGridError),
    /// Neither 14 x 14 (Duo) nor 20 x 20 (Classic).
    #[error("a {size} board is neither Duo (14x14) nor Classic (20x20)")]
    BadSize {
        /// The size read.
        size: Size,
    },
    /// A colour the variant does not have (3 or 4 on a Duo board).
    #[error("colour {color} at {pos} does not play in {variant}")]
    NoSuchColor {
        /// The colour read.
        color: Color,
        /// Where.
        pos: Pos,
        /// The board's variant.
        variant: Variant,
    },
}

/// A position that no legal game reaches.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The board's variant is not the rules'.
    #[error("the board is {board}, the rules are for {rules}")]
    VariantMismatch {
        /// The board's variant.
        board: Variant,
        /// The rules' variant.
        rules: Variant,
    },
    /// A group of edge-connected cells of one colour is not one of the 21 pieces.
    #[error("the colour {color} cells around {pos} do not form a piece")]
    NotAPiece {
        /// The colour.
        color: Color,
        /// A cell of the group.
        pos: Pos,
    },
    /// A colour has the same piece twice.
    #[error("colour {color} has piece {piece} twice")]
    PieceTwice {
        /// The colour.
        color: Color,
        /// The piece.
        piece: Piece,
    },
    /// A colour's pieces do not cover its start square.
    #[error("colour {color} has pieces but none covers its start square {start}")]
    StartNotCovered {
        /// The colour.
        color: Color,
        /// Its start square.
        start: Pos,
    },
    /// A piece is not linked to the start square by corner contacts of its colour.
    #[error("the colour {color} piece at {pos} is not linked corner to corner to its start")]
    Unreachable {
        /// The colour.
        color: Color,
        /// A cell of the piece.
        pos: Pos,
    },
    /// The colour to move is not a colour of the variant.
    #[error("colour {color} does not play in {variant}")]
    NoSuchColor {
        /// The colour.
        color: Color,
        /// The variant.
        variant: Variant,
    },
}
