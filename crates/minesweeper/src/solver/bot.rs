//! The [`Solver`] as a player of the play contract: [`Bot`] for [`Solver`], following one
//! game from its [`PlayerView`] alone.

use plateau_grid::{Bot, Play, Pos};

use super::engine::Known;
use super::player::{Choice, Solver};
use crate::{Cell, Game, Move, PlayerView, Status, View};

impl Solver {
    /// Plays `game` to its end from wherever it stands through the play contract (each move
    /// is [`Bot::choose`] on the seat's [`PlayerView`]), and returns the final status. The
    /// solver reveals cells and never flags; a flag of the player's that it needs to open is
    /// removed first. It stops early only if it has no move to offer.
    pub fn play(&mut self, game: &mut Game) -> Status {
        self.guesses = 0;
        while let Some(seat) = game.to_move() {
            let Some(m) = self.choose(game.view(seat)) else {
                break;
            };
            if game.play(m).is_err() {
                break;
            }
        }
        game.status()
    }

    /// The solver's move for `view`, `None` when the game is over or nothing is left to
    /// reveal (see [`Bot::choose`]).
    fn next_move(&mut self, view: PlayerView<'_>) -> Option<Move> {
        if view.is_over() {
            return None;
        }
        let cells = view.cells();
        if view.revealed() == 0 {
            self.guesses = 0;
            self.follow.loaded = false;
            let at = self.settings.opener.cell(cells.size(), view.first_click());
            return Some(first_move(cells, at));
        }
        let mut fresh = !self.follows(view);
        if fresh {
            self.reload(view);
        }
        loop {
            self.follow.last = None;
            let choice = self.choose_cell();
            let at = match choice {
                Choice::Safe(c) | Choice::Guess(c) | Choice::GaveUp(c) => {
                    self.size.pos_of(c as usize)
                }
                Choice::Done => None,
            };
            let m = match at.and_then(|at| cells.get(at)) {
                Some(Cell::Flagged) => at.map(Move::Flag),
                Some(Cell::Hidden | Cell::Question) => at.map(Move::Reveal),
                _ if fresh => None,
                // Knowledge carried over from a view that passed the checks of `follows`
                // but was another game's: start over from the view itself.
                _ => {
                    fresh = true;
                    self.reload(view);
                    continue;
                }
            };
            if let (Some(Move::Reveal(_)), Choice::Safe(c) | Choice::Guess(c) | Choice::GaveUp(c)) =
                (m, &choice)
            {
                self.follow.last = Some(*c);
            }
            if matches!(choice, Choice::Guess(_) | Choice::GaveUp(_)) {
                self.guesses += 1;
            }
            return m;
        }
    }

    /// Loads `view` from scratch as the position the solver follows.
    fn reload(&mut self, view: PlayerView<'_>) {
        self.load(view.cells(), view.mines());
        self.follow.loaded = true;
        self.follow.revealed = view.revealed();
        self.follow.flags = view.flags();
    }

    /// Whether `view` is the position after the solver's last reveal in the game it
    /// follows; if so, learns the cells that reveal opened (a flood from it through the
    /// zeros, as the game opened them), in row-major order.
    fn follows(&mut self, view: PlayerView<'_>) -> bool {
        let cells = view.cells();
        let f = &mut self.follow;
        let Some(last) = f.last else {
            return false;
        };
        if !f.loaded
            || cells.size() != self.size
            || view.mines() != self.mines
            || view.flags() != f.flags
            || view.revealed() < f.revealed
        {
            return false;
        }
        let shown = cells.as_slice();
        if shown[last as usize].number().is_none() {
            return false;
        }
        f.learned.clear();
        f.stack.clear();
        f.stack.push(last);
        f.visited.resize(shown.len(), false);
        while let Some(c) = f.stack.pop() {
            let i = c as usize;
            if self.know[i] != Known::Unknown || f.visited[i] {
                continue;
            }
            let Cell::Revealed(n) = shown[i] else {
                continue;
            };
            f.visited[i] = true;
            f.learned.push(c);
            if n.get() == 0 {
                f.stack.extend_from_slice(self.engine.nb.of(i));
            }
        }
        for &c in &f.learned {
            f.visited[c as usize] = false;
        }
        if f.revealed + f.learned.len() != view.revealed() {
            return false;
        }
        f.revealed = view.revealed();
        f.learned.sort_unstable();
        let learned = core::mem::take(&mut self.follow.learned);
        for &c in &learned {
            let i = c as usize;
            if let Cell::Revealed(n) = shown[i] {
                self.learn(i, n.get());
            }
        }
        self.follow.learned = learned;
        true
    }
}

/// The first click at `at`: a reveal, or the removal of a flag the player put there.
fn first_move(cells: &View, at: Pos) -> Move {
    if cells.get(at) == Some(Cell::Flagged) {
        Move::Flag(at)
    } else {
        Move::Reveal(at)
    }
}

/// The solver as a player: from the view alone, a certainly safe cell when there is one,
/// else its best guess (a flag it must open first is removed by a [`Move::Flag`] on it);
/// `None` when the game is over or nothing is left to reveal.
impl Bot<Game> for Solver {
    fn choose(&mut self, view: PlayerView<'_>) -> Option<Move> {
        self.next_move(view)
    }
}
