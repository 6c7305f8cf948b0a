//! The greedy bot: big pieces, many own attach cells, few for the opponents.

use alloc::vec::Vec;

use crate::{Bot, Play};
use crate::{Game, Move};

/// Plays the largest piece it can; among those, the move leaving it the most attach cells
/// minus the opponents' attach cells (so it both opens room for itself and closes theirs);
/// ties go to the first in the generator's scan order. Deterministic.
///
/// ```
/// use plateau_blokus::{Bot, Config, Game, GreedyBot};
///
/// let game = Game::new(Config::duo());
/// let m = GreedyBot::new().choose(&game).expect("the game goes on");
/// assert_eq!(m.placement().map(|p| p.size()), Some(5));
/// ```
#[derive(Debug, Clone, Default)]
pub struct GreedyBot {
    moves: Vec<Move>,
}

impl GreedyBot {
    /// The bot.
    pub fn new() -> GreedyBot {
        GreedyBot::default()
    }
}

impl Bot<Game> for GreedyBot {
    /// `None` once the game is over; a pass when the colour to move is blocked.
    fn choose(&mut self, game: &Game) -> Option<Move> {
        (!game.is_over()).then(|| self.pick(game))
    }
}

impl GreedyBot {
    fn pick(&mut self, game: &Game) -> Move {
        game.legal_moves_into(&mut self.moves);
        let config = game.config();
        let c = game.color_to_move();
        let me = config.player_of(c);
        let pos = game.position();
        let colors = config.colors();
        let mut best: Option<(i64, Move)> = None;
        for &m in &self.moves {
            let Move::Place(pl) = m else {
                return m;
            };
            let mut after = pos.clone();
            after.apply(m);
            let mut balance = 0i64;
            for d in 0..colors {
                let n = i64::from(after.corner_count(d));
                if config.player_of(crate::Color(d as u8)) == me {
                    balance += n;
                } else {
                    balance -= n;
                }
            }
            // Size dominates: no corner balance on a 20 x 20 board reaches 1000.
            let key = pl.size() as i64 * 1000 + balance;
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, m));
            }
        }
        best.map_or(Move::Pass, |(_, m)| m)
    }
}
