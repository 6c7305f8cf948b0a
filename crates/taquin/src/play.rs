//! The board under the play contract: [`Play`] for [`Board`].

use alloc::vec::Vec;

use plateau_grid::{Outcome, Play, Seat};

use crate::board::{Board, Event, Status};
use crate::error::IllegalMove;
use crate::moves::Move;

/// The taquin is a one-seat puzzle: the board is the whole state, and every seat sees it.
///
/// The game ends when the board is solved: from then on [`Play::to_move`] is `None`, no move
/// is legal and [`Play::play`] refuses every move with [`IllegalMove::Solved`]. An
/// unsolvable board never ends (its moves stay legal; they just never reach the goal), so a
/// caller playing one needs its own limit.
impl Play for Board {
    type Move = Move;
    type Event = Event;
    type Illegal = IllegalMove;
    type Status = Status;
    type View<'a> = &'a Board;

    /// One seat.
    fn players(&self) -> usize {
        1
    }

    /// The one seat while the board is not solved (unsolvable boards included), `None` once
    /// it is.
    fn to_move(&self) -> Option<Seat> {
        (!self.is_solved()).then_some(Seat::FIRST)
    }

    /// Where the board stands: solved, in progress, or unsolvable.
    ///
    /// Costs `O(cells log cells)` (the solvability test).
    fn status(&self) -> Status {
        if self.is_solved() {
            Status::Solved
        } else if self.is_solvable() {
            Status::InProgress
        } else {
            Status::Unsolvable
        }
    }

    /// `Some` once the board is solved: the seat won, with a score of 0. The board does not
    /// count the moves that led to it (two boards with the same tiles are the same state,
    /// however they were reached), so a front end that shows a move count keeps its own.
    ///
    /// ```
    /// use plateau_taquin::{Board, Move, Outcome, Play};
    /// let mut board: Board = "1 2 3\n4 5 6\n7 . 8".parse()?;
    /// assert_eq!(board.outcome(), None);
    /// board.play(Move::Left)?;
    /// assert_eq!(board.outcome(), Some(Outcome::won(0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn outcome(&self) -> Option<Outcome> {
        self.is_solved().then(|| Outcome::won(0))
    }

    /// The whole board, for any seat (the taquin hides nothing).
    fn view(&self, _seat: Seat) -> &Board {
        self
    }

    /// The legal moves, in the order `U`, `D`, `L`, `R`: two to four of them, none once the
    /// board is solved. `out` is cleared first and never grows past four moves.
    ///
    /// ```
    /// use plateau_taquin::{Board, Move, Play, Size};
    /// let board: Board = "1 2 3\n4 5 6\n7 . 8".parse()?; // blank on the bottom edge
    /// assert_eq!(board.legal_moves(), [Move::Down, Move::Left, Move::Right]);
    /// assert_eq!(Board::solved(Size::new(3, 3))?.legal_moves(), []);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if !self.is_solved() {
            out.extend(Move::ALL.into_iter().filter(|&m| self.can_slide(m)));
        }
    }

    /// Whether `m` slides a tile: the board is not solved and a tile lies on the side of
    /// the blank it comes from.
    ///
    /// # Errors
    /// [`IllegalMove::Solved`] on a solved board, [`IllegalMove::NoTile`] when the blank is
    /// on the edge the tile would come from.
    fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if self.is_solved() {
            Err(IllegalMove::Solved)
        } else if self.can_slide(m) {
            Ok(())
        } else {
            Err(IllegalMove::NoTile {
                direction: m,
                blank: self.blank(),
            })
        }
    }

    /// Slides one tile into the blank and says which tile went where.
    ///
    /// # Errors
    /// As [`Play::check`]; the board is then unchanged.
    ///
    /// ```
    /// use plateau_taquin::{Board, IllegalMove, Move, Play, Pos, Tile};
    /// let mut b: Board = "1 2 3\n4 5 .\n7 8 6".parse()?;
    /// let blank = b.blank();
    /// assert_eq!(b.play(Move::Left), Err(IllegalMove::NoTile { direction: Move::Left, blank }));
    /// assert_eq!(b.blank(), blank, "unchanged");
    /// let event = b.play(Move::Up)?; // tile 6 slides up into the blank
    /// assert_eq!((event.tile, event.from, event.to), (Tile::new(6), Pos::new(2, 2), Pos::new(2, 1)));
    /// assert!(b.is_solved());
    /// assert_eq!(b.play(Move::Down), Err(IllegalMove::Solved)); // the puzzle is over
    /// // A move list is atomic: on a refusal nothing is played, and the error names it.
    /// let mut b: Board = "1 2 3\n4 5 .\n7 8 6".parse()?;
    /// let err = b.play_all(&[Move::Down, Move::Down, Move::Down]).unwrap_err();
    /// assert_eq!(err.index, 1);
    /// assert_eq!(b.blank(), blank, "nothing was played");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&mut self, m: Move) -> Result<Event, IllegalMove> {
        self.check(m)?;
        self.slide(m)
    }
}
