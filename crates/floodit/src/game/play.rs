//! The game under the play contract: [`Play`] for [`Game`].

use alloc::vec::Vec;

use plateau_grid::{Outcome, Play, Seat};

use super::{Event, Game, Status};
use crate::{Color, IllegalMove};

/// Flood-It is a one-seat puzzle with a move limit: the game is the whole state, and every
/// seat sees it. It ends when the board is one colour (won) or the move limit is reached
/// (lost), so a game ends within [`Rules::max_moves`](crate::Rules::max_moves) moves.
impl Play for Game {
    type Move = Color;
    type Event = Event;
    type Illegal = IllegalMove;
    type Status = Status;
    type View<'a> = &'a Game;

    /// One seat.
    fn players(&self) -> usize {
        1
    }

    /// The one seat while the game is in progress, `None` once it is won or lost.
    fn to_move(&self) -> Option<Seat> {
        (self.status() == Status::InProgress).then_some(Seat::FIRST)
    }

    /// Won, lost or in progress.
    fn status(&self) -> Status {
        if self.is_uniform() {
            Status::Won {
                moves: self.moves_used(),
            }
        } else if self.moves_used() >= self.rules.max_moves() {
            Status::Lost
        } else {
            Status::InProgress
        }
    }

    /// `Some` once the game is over: won ([`Status::Won`]) or lost ([`Status::Lost`]), the
    /// score being the moves used either way (fewer is better, in a won game).
    ///
    /// ```
    /// use plateau_floodit::{Game, Outcome, Play, Rules};
    ///
    /// let mut game = Game::from_board(Rules::new(3, 2)?, &"012".parse()?)?;
    /// assert_eq!(game.outcome(), None);
    /// game.play_all(&plateau_floodit::parse_moves("12")?)?;
    /// assert_eq!(game.outcome(), Some(Outcome::won(2)));
    /// let mut short = Game::from_board(Rules::new(3, 1)?, &"012".parse()?)?;
    /// short.play(plateau_floodit::Color::ALL[2])?; // 0 -> 2: the 1 is still there
    /// assert_eq!(short.outcome(), Some(Outcome::lost(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn outcome(&self) -> Option<Outcome> {
        let moves = i64::from(self.moves_used());
        match self.status() {
            Status::InProgress => None,
            Status::Won { .. } => Some(Outcome::won(moves)),
            Status::Lost => Some(Outcome::lost(moves)),
        }
    }

    /// The whole game, for any seat (Flood-It hides nothing).
    fn view(&self, _seat: Seat) -> &Game {
        self
    }

    /// The legal moves: every colour of the rules but the flood's, while the game is in
    /// progress; none once it is over. `moves` is cleared first (no allocation once it has
    /// room for the colours).
    fn legal_moves_into(&self, moves: &mut Vec<Color>) {
        moves.clear();
        if !self.is_over() {
            let flood = self.flood_color;
            moves.extend(Color::first(self.rules.colors()).filter(|&c| c != flood));
        }
    }

    /// Whether [`Play::play`] would accept `color`, and why not.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] once the game is won or lost, [`IllegalMove::OutOfRange`]
    /// for a colour the game does not have, [`IllegalMove::FloodColor`] for the flood's own
    /// colour (which would do nothing).
    fn check(&self, color: Color) -> Result<(), IllegalMove> {
        let status = self.status();
        if status != Status::InProgress {
            return Err(IllegalMove::GameOver { status });
        }
        if color.get() >= self.rules.colors() {
            return Err(IllegalMove::OutOfRange {
                color,
                colors: self.rules.colors(),
            });
        }
        if color == self.flood_color {
            return Err(IllegalMove::FloodColor { color });
        }
        Ok(())
    }

    /// Plays a colour: the flood takes it and absorbs every adjacent region of that colour.
    ///
    /// # Errors
    /// As [`Play::check`]; a refused move counts no move, and the game is unchanged.
    fn play(&mut self, color: Color) -> Result<Event, IllegalMove> {
        self.check(color)?;
        let previous = self.flood_color;
        let (absorbed_regions, absorbed_cells) = self.absorb(color);
        self.flood_color = color;
        self.history.push(color);
        Ok(Event {
            color,
            previous,
            absorbed_regions,
            absorbed_cells,
            flooded_cells: self.flooded_cells,
            status: self.status(),
        })
    }
}
