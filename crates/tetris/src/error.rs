//! Every error of the crate, one enum per failure family.

use alloc::string::String;
use core::num::ParseIntError;

use plateau_grid::{Pos, Size};

use crate::{Piece, Placement, Step, Tetromino, TopOut};

/// Rules that describe no playable game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The field's size is out of range.
    #[error(
        "a field of {width} columns, {visible} visible rows and {buffer} buffer rows is not within 4..=16 columns, at least 4 + 4 rows and at most 60"
    )]
    Field {
        /// Columns asked for.
        width: usize,
        /// Visible rows asked for.
        visible: usize,
        /// Buffer rows asked for.
        buffer: usize,
    },
    /// More next pieces than the preview holds.
    #[error("a preview of {preview} pieces is more than 6")]
    Preview {
        /// Pieces asked for.
        preview: usize,
    },
    /// A start level above the cap.
    #[error("start level {level} is above {max}")]
    Level {
        /// Level asked for.
        level: u32,
        /// Highest allowed.
        max: u32,
    },
    /// A level cap of 0, above 999, or below the start level.
    #[error("level cap {cap} is not within 1..=999 or is below the start level {start}")]
    LevelCap {
        /// Cap asked for.
        cap: u32,
        /// The start level.
        start: u32,
    },
    /// A speed above 20 rows per tick (or a row every 0 ticks).
    #[error("speed {raw} (rows per tick times 2^32) is above 20G")]
    Speed {
        /// The fixed-point value asked for.
        raw: u64,
    },
    /// A custom gravity table without a speed.
    #[error("a custom gravity table needs at least one speed")]
    EmptyGravity,
    /// A soft drop factor of 0.
    #[error("soft drop factor {factor} must be at least 1")]
    SoftDrop {
        /// Factor asked for.
        factor: u8,
    },
    /// A DAS of 0 ticks.
    #[error("DAS of {das} ticks must be at least 1")]
    Das {
        /// DAS asked for.
        das: u8,
    },
    /// A level every 0 lines.
    #[error("lines per level must be at least 1")]
    LinesPerLevel,
}

/// Rules text that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRulesError {
    /// An unknown preset name.
    #[error("unknown rules {name:?} (expected guideline, classic or calculator)")]
    Preset {
        /// The name.
        name: String,
    },
    /// A token that is not `key=value`.
    #[error("rules setting {token:?} is not key=value")]
    Token {
        /// The token.
        token: String,
    },
    /// An unknown key.
    #[error("unknown rules setting {key:?}")]
    Key {
        /// The key.
        key: String,
    },
    /// A value the key does not take.
    #[error("{value:?} is not a value of rules setting {key:?}")]
    Value {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
    /// A number that does not parse.
    #[error("{value:?} is not a number for rules setting {key:?}")]
    Number {
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// Why.
        #[source]
        source: ParseIntError,
    },
    /// The settings parse but describe no game.
    #[error(transparent)]
    Config(#[from] ConfigError),
}

/// A board that does not fit, or a cell off it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A size outside 4..=16 columns and 1..=60 rows.
    #[error("board size {size} is not within 4..=16 columns and 1..=60 rows")]
    Size {
        /// The size asked for.
        size: Size,
    },
    /// A position off the board.
    #[error("cell {pos} is outside the {size} board")]
    OutOfBounds {
        /// The position.
        pos: Pos,
        /// The board's size.
        size: Size,
    },
    /// A tetromino placed where it does not fit.
    #[error("{tetromino} does not fit on the field")]
    Collision {
        /// The tetromino.
        tetromino: Tetromino,
    },
    /// A starting board of another width than the rules'.
    #[error("the board is {board} columns wide but the rules' field is {field}")]
    Width {
        /// The board's width.
        board: usize,
        /// The rules' width.
        field: usize,
    },
    /// A starting board with cells above the field.
    #[error("the board has cells up to row {board} but the field has {field} rows")]
    Height {
        /// One more than the board's highest filled row.
        board: usize,
        /// The field's rows.
        field: usize,
    },
}

/// Text that is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBoardError {
    /// No rows.
    #[error("the board is empty")]
    Empty,
    /// A row longer or shorter than the first.
    #[error("line {line} has {len} cells, expected {expected}")]
    Ragged {
        /// The line (1-based, top first, blank lines skipped).
        line: usize,
        /// Its cells.
        len: usize,
        /// The first line's cells.
        expected: usize,
    },
    /// A character that is no cell.
    #[error(
        "{ch:?} at line {line}, column {column} is not a cell (expected . # or a piece letter)"
    )]
    Char {
        /// The character.
        ch: char,
        /// Its line (1-based).
        line: usize,
        /// Its column (1-based).
        column: usize,
    },
    /// A board narrower than 4, wider than 16 or taller than 60.
    #[error("a board of {size} is not within 4..=16 columns and 1..=60 rows")]
    Size {
        /// Columns x rows of the text.
        size: Size,
    },
}

/// A move or step the game refused; the game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over ({reason})")]
    GameOver {
        /// How it ended.
        reason: TopOut,
    },
    /// The game is paused.
    #[error("the game is paused")]
    Paused,
    /// The placement is for another piece than the one that would be placed.
    #[error("placement {placement} is for the wrong piece: the piece to place is {expected}")]
    WrongPiece {
        /// The piece to place.
        expected: Piece,
        /// The placement.
        placement: Placement,
    },
    /// No way from the spawn reaches the placement as a final resting position.
    #[error("placement {placement} cannot be reached from the spawn or does not rest there")]
    Unreachable {
        /// The placement.
        placement: Placement,
    },
    /// The placement covers the same cells as a listed one in another state (a vertical S
    /// in state 3 is listed in state 1): play the listed one.
    #[error("placement {placement} covers the same cells as {listed}: play {listed}")]
    ListedAs {
        /// The placement asked for.
        placement: Placement,
        /// The legal move with the same cells.
        listed: Placement,
    },
    /// Hold was already used for this piece.
    #[error("hold was already used for this piece")]
    HoldUsed,
    /// The rules have no hold.
    #[error("the rules have no hold")]
    HoldDisabled,
    /// Hold is empty and no next piece is shown, so the piece it would give is unknown.
    #[error("hold is empty and the next piece is not shown")]
    HoldUnknown,
    /// The rules have no hard drop.
    #[error("the rules have no hard drop")]
    HardDropDisabled,
    /// The piece cannot move that way.
    #[error("step {step} is blocked for {tetromino}")]
    Blocked {
        /// The step.
        step: Step,
        /// Where the piece is.
        tetromino: Tetromino,
    },
}

/// Text that is not a piece, rotation, tetromino, placement, step or set of buttons.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Not a piece letter.
    #[error("{text:?} is not a piece (I, O, T, S, Z, J or L)")]
    Piece {
        /// The text.
        text: String,
    },
    /// Not a rotation state.
    #[error("{text:?} is not a rotation state (0, R, 2 or L)")]
    Rotation {
        /// The text.
        text: String,
    },
    /// Not `<piece><rotation>@<x>,<y>`.
    #[error("{text:?} is not a tetromino like T0@4,20")]
    Tetromino {
        /// The text.
        text: String,
    },
    /// A coordinate that is not a small integer.
    #[error("{text:?} has a coordinate that is not an integer in -128..=127")]
    Coordinate {
        /// The text.
        text: String,
        /// Why.
        #[source]
        source: ParseIntError,
    },
    /// Not a step letter.
    #[error("{text:?} is not a step (L, R, S, F, C, A, D or H)")]
    Step {
        /// The text.
        text: String,
    },
    /// Not a set of button letters.
    #[error("{text:?} is not a set of buttons (letters of LRSDCAH, or -)")]
    Buttons {
        /// The text.
        text: String,
    },
}

/// Text that is not a replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseReplayError {
    /// The first line is not `plateau-tetris replay`.
    #[error("a replay starts with \"plateau-tetris replay\", found {found:?}")]
    Header {
        /// The first line.
        found: String,
    },
    /// The second line is not `rules ...`.
    #[error("the replay's second line should be \"rules ...\", found {found:?}")]
    MissingRules {
        /// The line found, if any.
        found: String,
    },
    /// The third line is not `seed N`.
    #[error("the replay's third line should be \"seed N\", found {found:?}")]
    MissingSeed {
        /// The line found, if any.
        found: String,
    },
    /// The rules line does not parse.
    #[error("replay rules: {0}")]
    Rules(#[from] ParseRulesError),
    /// The seed is not a number.
    #[error("replay seed {text:?} is not a number")]
    Seed {
        /// The text.
        text: String,
        /// Why.
        #[source]
        source: ParseIntError,
    },
    /// An input that does not parse.
    #[error("replay input {token:?}: {source}")]
    Entry {
        /// The token.
        token: String,
        /// Why.
        #[source]
        source: ParseMoveError,
    },
    /// The `board` line is not a board.
    #[error("replay board: {0}")]
    Board(#[from] ParseBoardError),
    /// The board does not fit the replay's rules.
    #[error("replay board: {0}")]
    Fit(#[from] BoardError),
    /// A tick count that is not a positive number.
    #[error("replay input {token:?} has a count that is not a positive number")]
    Count {
        /// The token.
        token: String,
    },
    /// A tick count above the cap of one entry.
    #[error("replay input {token:?} waits more than {max} ticks, the most one input may")]
    Wait {
        /// The token.
        token: String,
        /// The cap, [`MAX_WAIT`](crate::MAX_WAIT).
        max: u32,
    },
}

/// A replay that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// An entry of ticks that waits no tick, or more than the cap of one entry.
    #[error("replay entry {index} waits {count} ticks, not within 1..={max}")]
    Wait {
        /// The entry's index in the replay.
        index: usize,
        /// Its ticks.
        count: u32,
        /// The cap, [`MAX_WAIT`](crate::MAX_WAIT).
        max: u32,
    },
    /// The starting board does not fit the rules.
    #[error(transparent)]
    Board(#[from] BoardError),
}
