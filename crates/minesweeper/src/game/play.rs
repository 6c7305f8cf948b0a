//! The game under the play contract: [`Play`] for [`Game`].

use alloc::vec::Vec;

use plateau_grid::{Outcome, Play, Seat};

use super::{Event, Game, Status};
use crate::{IllegalMove, Move, PlayerView};

/// Minesweeper is a one-seat puzzle with hidden information: the seat sees a
/// [`PlayerView`] (the cells as shown, the mine count, the first-click policy), never the
/// mines still covered. A game ends when every safe cell is revealed (won) or a mine is
/// (lost). Flags can be cycled without end, so only reveals and chords bring the end
/// nearer: each opens at least one cell.
impl Play for Game {
    type Move = Move;
    type Event = Event;
    type Illegal = IllegalMove;
    type Status = Status;
    /// The cells as shown and the public counts, borrowed from the game.
    type View<'a> = PlayerView<'a>;

    /// One seat.
    fn players(&self) -> usize {
        1
    }

    /// The one seat while the game is in progress, `None` once it is won or lost.
    fn to_move(&self) -> Option<Seat> {
        (self.status == Status::InProgress).then_some(Seat::FIRST)
    }

    /// Won, lost (with the mine that exploded) or in progress.
    fn status(&self) -> Status {
        self.status
    }

    /// `Some` once the game is over: won or lost, the score being the safe cells revealed
    /// (all of them in a won game).
    ///
    /// ```
    /// use plateau_minesweeper::{Board, Game, Move, Outcome, Play, Pos, Rules};
    ///
    /// let board: Board = "*.\n..".parse()?;
    /// let mut game = Game::from_board(Rules::default(), &board)?;
    /// assert_eq!(game.outcome(), None);
    /// game.play(Move::Reveal(Pos::new(1, 0)))?;
    /// game.play(Move::Reveal(Pos::new(0, 0)))?; // the mine
    /// assert_eq!(game.outcome(), Some(Outcome::lost(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn outcome(&self) -> Option<Outcome> {
        let revealed = i64::from(self.revealed());
        match self.status {
            Status::InProgress => None,
            Status::Won => Some(Outcome::won(revealed)),
            Status::Lost { .. } => Some(Outcome::lost(revealed)),
        }
    }

    /// Whether the game is won or lost.
    fn is_over(&self) -> bool {
        self.status != Status::InProgress
    }

    /// What the player sees, for any seat: the cells, the mine count, the first-click
    /// policy and the counters; nothing of the mines still covered.
    fn view(&self, _seat: Seat) -> PlayerView<'_> {
        let config = self.config();
        PlayerView {
            cells: self.cells(),
            mines: config.mines(),
            first_click: config.first_click(),
            revealed: self.revealed() as usize,
            flags: self.flags() as usize,
            over: self.is_over(),
        }
    }

    /// Every legal move, row-major: reveals (covered, unflagged cells), then flags (every
    /// covered cell), then chords (numbers with as many flags around as they show and a
    /// covered cell left to open); none once the game is over.
    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.list_moves(out);
    }

    /// Whether [`Play::play`] would accept `m`, and why not.
    ///
    /// # Errors
    /// [`IllegalMove`] when the position is off the board, the game is over, the cell is
    /// already revealed, a reveal targets a flag, or a chord is not on a number with exactly
    /// that many flags and something left to open.
    fn check(&self, m: Move) -> Result<(), IllegalMove> {
        self.locate(m).map(|_| ())
    }

    /// Plays a move: a reveal opens a cell (and the whole zero region around a 0), a flag
    /// cycles the mark, a chord opens the covered neighbours of a satisfied number. The
    /// first reveal lays the mines under the first-click policy.
    ///
    /// # Errors
    /// As [`Play::check`]; the game is then unchanged.
    fn play(&mut self, m: Move) -> Result<Event, IllegalMove> {
        self.apply(m)
    }
}
