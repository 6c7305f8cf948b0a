//! Bots: what a bot may see ([`View`]) and the placement-evaluation bot [`Heuristic`], a
//! [`Bot`] of the play contract.

mod heuristic;

pub use heuristic::{Features, Heuristic, Weights};

use alloc::vec::Vec;

use plateau_grid::{Bot, Play, Seat};

use crate::{Board, Field, Game, Piece, Placement, Rules, Tetromino};

/// What the player sees: the board, the falling piece, hold and the shown next pieces, the
/// counters. Not the randomizer's state, so a bot cannot know pieces beyond the preview.
/// [`Play::view`] gives it.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    game: &'a Game,
}

impl<'a> View<'a> {
    pub(crate) fn new(game: &'a Game) -> View<'a> {
        View { game }
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &'a Rules {
        self.game.rules()
    }
    /// The locked cells.
    #[must_use]
    pub fn board(&self) -> &'a Board {
        self.game.board()
    }
    /// The locked cells as bitmasks.
    #[must_use]
    pub fn field(&self) -> &'a Field {
        self.game.board().field()
    }
    /// The falling piece (`None` when the game is over; still shown while paused).
    #[must_use]
    pub fn active(&self) -> Option<Tetromino> {
        self.game.active()
    }
    /// Whether a placement can be played now: a piece is falling and the game is neither
    /// paused nor over ([`Play::to_move`] is `Some`).
    #[must_use]
    pub fn can_place(&self) -> bool {
        self.game.to_move().is_some()
    }
    /// The piece in hold.
    #[must_use]
    pub fn hold_piece(&self) -> Option<Piece> {
        self.game.hold_piece()
    }
    /// Whether hold can be used now.
    #[must_use]
    pub fn can_hold(&self) -> bool {
        self.game.hold_flag()
    }
    /// The piece hold would bring out now (the hold piece, or the first next piece when hold
    /// is empty), if it is shown.
    #[must_use]
    pub fn hold_out(&self) -> Option<Piece> {
        self.game.hold_out_piece()
    }
    /// The shown next pieces.
    #[must_use]
    pub fn next(&self) -> &'a [Piece] {
        self.game.next()
    }
    /// The level.
    #[must_use]
    pub fn level(&self) -> u32 {
        self.game.level()
    }
    /// The score.
    #[must_use]
    pub fn score(&self) -> u64 {
        self.game.score()
    }
    /// Lines cleared.
    #[must_use]
    pub fn lines(&self) -> u32 {
        self.game.lines()
    }
    /// The legal placements ([`Play::legal_moves`]).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Placement> {
        self.game.legal_moves()
    }
    /// The legal placements into `out` ([`Play::legal_moves_into`]).
    pub fn legal_moves_into(&self, out: &mut Vec<Placement>) {
        self.game.legal_moves_into(out);
    }
}

/// The default bot's choice for `game` ([`Heuristic::default`], a few tens of microseconds),
/// `None` when no placement can be played (the game is over or paused).
#[must_use]
pub fn hint(game: &Game) -> Option<Placement> {
    Heuristic::default().choose(game.view(Seat::FIRST))
}
