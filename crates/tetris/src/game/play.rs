//! The play contract over placements: `impl Play for Game`, beside the real-time API.

use alloc::vec::Vec;

use plateau_grid::{Outcome, Play, Seat};

use crate::error::IllegalMove;
use crate::movegen::Search;
use crate::replay::Entry;
use crate::{Events, Placement, Status, View};

use super::Game;

/// Tetris as a one-seat game whose moves are final placements: what bots, solvers, match
/// runners and the test kit play. The real-time API ([`Game::tick`]) and the turn-by-turn
/// one ([`Game::step`]) stay beside it, and all three can be mixed in one game.
///
/// ```
/// use plateau_tetris::{Game, Play, Rules, Seat, Status};
///
/// let mut game = Game::new(Rules::guideline(), 2026);
/// assert_eq!((game.players(), game.to_move()), (1, Some(Seat::FIRST)));
///
/// // Paused, the game takes no placement: no seat is to move.
/// game.pause()?;
/// assert_eq!((game.to_move(), game.legal_moves().len()), (None, 0));
/// game.resume()?;
///
/// // Every piece as high as it rests: the stack soon tops out, a loss scored by the points.
/// while let Some(&p) = game.legal_moves().iter().max_by_key(|p| p.tetromino.y) {
///     game.play(p)?;
/// }
/// assert!(matches!(game.status(), Status::Over { .. }));
/// let outcome = game.outcome().expect("the game is over");
/// assert!(!outcome.has_won(Seat::FIRST));
/// assert_eq!(outcome.score(Seat::FIRST), Some(game.score() as i64));
/// # Ok::<(), plateau_tetris::IllegalMove>(())
/// ```
impl Play for Game {
    type Move = Placement;
    /// A lock makes several events (locked, lines cleared, points, level up, the next spawn or
    /// the game over), so a placement reports them all.
    type Event = Events;
    type Illegal = IllegalMove;
    type Status = Status;
    type View<'a> = View<'a>;

    /// One: Tetris is played alone.
    fn players(&self) -> usize {
        1
    }

    /// [`Seat::FIRST`] exactly when a placement can be played: a piece is falling and the
    /// game is neither paused nor over. `None` while paused (and between pieces, were the
    /// rules to have an entry delay: this engine spawns the next piece in the lock's tick).
    fn to_move(&self) -> Option<Seat> {
        (self.over.is_none() && !self.paused && self.active.is_some()).then_some(Seat::FIRST)
    }

    /// Where the game is: in progress, paused or over (exhaustive).
    fn status(&self) -> Status {
        match (self.over, self.paused) {
            (Some(reason), _) => Status::Over { reason },
            (None, true) => Status::Paused,
            (None, false) => Status::InProgress,
        }
    }

    /// `Some` once the stack topped out. The rules set no goal (no line or score target; the
    /// score cap of the classic and calculator rules does not end the game), so the only end
    /// is a top-out and it is always [`Outcome::lost`]: the one seat never wins. Its score is
    /// the game's points ([`Game::score`], saturating at `i64::MAX`, which no game reaches).
    fn outcome(&self) -> Option<Outcome> {
        self.over
            .map(|_| Outcome::lost(i64::try_from(self.score).unwrap_or(i64::MAX)))
    }

    /// What the player sees, whatever the seat (there is one, and nothing is hidden from it
    /// but the randomizer's state: a bot cannot know pieces beyond the preview).
    fn view(&self, _seat: Seat) -> View<'_> {
        View::new(self)
    }

    /// Every distinct final placement of the current piece reachable from its spawn, then,
    /// when hold can be used and the piece it would give is known, every placement of that
    /// piece marked [`Placement::hold`]. Empty when the game is over or paused.
    ///
    /// One placement per distinct set of cells (an S resting in state 2 is listed in state
    /// 0), in order of state, row and column. On an empty 10-wide field there are 34 for T, J
    /// and L, 17 for I, S and Z and 9 for O. Reachable means with the rotation system's shifts,
    /// rotations with kicks and soft drops, tucks and spins included, assuming unlimited time
    /// (no gravity or lock delay), as bots assume.
    fn legal_moves_into(&self, out: &mut Vec<Placement>) {
        out.clear();
        let Ok(t) = self.refuse_unless_playing() else {
            return;
        };
        let system = self.rules.rotation_system();
        let mut search = Search::default();
        if search.run(self.board.field(), system, self.rules.spawn(t.piece)) {
            search.for_each(|p| out.push(Placement::new(p)));
        }
        if self.check_hold().is_ok()
            && let Some(h) = self.hold_out()
            && search.run(self.board.field(), system, self.rules.spawn(h))
        {
            search.for_each(|p| out.push(Placement::held(p)));
        }
    }

    /// Whether [`Play::play`] would accept `p`, and why not.
    ///
    /// # Errors
    /// As [`Play::play`].
    fn check(&self, p: Placement) -> Result<(), IllegalMove> {
        self.check_placement(p, &mut Search::default()).map(|_| ())
    }

    /// Locks the current piece (or, with [`Placement::hold`], the hold piece after holding) at
    /// the placement, as if it had been moved there from its spawn and locked without a drop:
    /// no drop points; the T-spin is the best any path into the placement makes. Returns the
    /// lock's [`Events`].
    ///
    /// # Errors
    /// [`IllegalMove::Unreachable`] if no legal move covers the placement's cells,
    /// [`IllegalMove::ListedAs`] if one does in another state (play that one),
    /// [`IllegalMove::WrongPiece`],
    /// [`IllegalMove::HoldUsed`], [`IllegalMove::HoldDisabled`],
    /// [`IllegalMove::HoldUnknown`], [`IllegalMove::GameOver`], [`IllegalMove::Paused`].
    /// Nothing changes on an error.
    fn play(&mut self, p: Placement) -> Result<Events, IllegalMove> {
        let tspin = self.check_placement(p, &mut Search::default())?;
        let mut ev = Events::default();
        if p.hold {
            self.hold_now(&mut ev);
        }
        self.lock_at(p.tetromino, tspin, &mut ev);
        self.log.push(Entry::Place(p));
        Ok(ev)
    }
}
