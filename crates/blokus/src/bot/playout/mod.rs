//! Fast random playouts: the simulations behind the tree search.
//!
//! A playout plays random moves until the game ends, without building move lists. For the
//! colour to move it tries the largest pieces it still has first: it visits its attach
//! cells in random order and, at each, scans the candidates of that size from a random
//! start for one that fits; a cell whose free neighbourhood is too small for the size is
//! skipped without a scan. Only when no piece of a size fits anywhere does it try the next
//! size down, and a colour with no fit at all is blocked for the rest of the game. This is
//! the "big pieces first" bias the strong Blokus programs use in their playouts, and it
//! makes a playout a few dozen window reads and masks per move.
//!
//! - `biased`: that policy;
//! - `local`: the tree search's choice before it, a placement answering the opponents'
//!   recent moves (covering the attach cells they opened or the cells next to them), the
//!   policy Pentobi's playouts owe much to;
//! - `reply`: the tree search's first choice, before the local answers: the last good
//!   reply to the last move (or two) learnt from the search's earlier playouts;
//! - `uniform`: every move uniform among all the legal moves, by rejection;
//! - `window`: the 9 x 9 window around an attach cell both read.
//!
//! Every playout plays its moves with [`Position::apply`], as the game does.

mod biased;
mod local;
mod reply;
mod uniform;
mod window;

use rand::Rng;

use crate::game::color_score;
use crate::position::Position;
use crate::{Config, EndRule, Game, Move};
use biased::pick;
pub(crate) use local::Recent;
use local::pick_local;
pub(crate) use reply::Replies;
use uniform::{NO_ATTACH, pick_uniform};

/// Attach cells a colour can have: at most 8 per piece placed (checked in the tables'
/// tests), and 1 before the first.
pub(crate) const MAX_ATTACH: usize = 21 * 8;

/// What a playout ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rollout {
    /// The score of each colour (index by [`crate::Color::index`]; unused colours 0).
    pub scores: [i32; 4],
    /// Pieces placed during the playout.
    pub placements: u32,
}

/// Plays the game on from `game` with the fast biased policy (largest pieces first, random
/// attach cell, random fitting candidate) until it ends, and returns the scores. Every move
/// is legal; draws come from `rng` only.
///
/// ```
/// use plateau_blokus::{Config, Game, playout, random};
///
/// let mut rng = random::seeded(1);
/// let r = playout(&Game::new(Config::duo()), &mut rng);
/// assert!(r.placements >= 20);
/// ```
pub fn playout<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Rollout {
    let mut pos = game.position().clone();
    let placements = run(&mut pos, game.config(), rng);
    rollout(&pos, game.config(), placements)
}

/// Plays the game on from `game` choosing every move uniformly among all the legal moves
/// of the colour to move (a pass only when it has none), until it ends.
///
/// Each move is drawn by rejection, without building the move list: a pair of an attach
/// cell and a candidate placement on it is drawn uniformly among the pairs that pass cheap
/// necessary tests (a piece in hand, no larger than the free room around the cell, leaving
/// the taken cells of the cell's 3 x 3 ring alone), a pair that does not fit is redrawn,
/// and one that fits is kept with probability 1 / k, k being the number of the colour's
/// attach cells it covers (a placement covering k attach cells has k chances to be drawn),
/// which makes every legal placement equally likely. After 64 refused draws the fits of
/// every attach cell are counted (each placement at its first attach cell) and one is
/// chosen among them, so few moves (or none) cost no more than a move list.
///
/// ```
/// use plateau_blokus::{Config, Game, random, uniform_playout};
///
/// let r = uniform_playout(&Game::new(Config::duo()), &mut random::seeded(3));
/// assert!(r.placements >= 10);
/// ```
pub fn uniform_playout<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Rollout {
    let mut pos = game.position().clone();
    let config = game.config();
    let colors = pos.colors();
    // Scratch for the draws, cleared once here rather than at every move.
    let mut cells = [NO_ATTACH; MAX_ATTACH];
    let all = (1u8 << colors) - 1;
    let first_finished = config.end_rule() == EndRule::FirstFinished;
    let mut placements = 0;
    let over = |pos: &Position| first_finished && pos.hands(colors).contains(&0);
    while pos.blocked() != all && !over(&pos) {
        let c = pos.to_move();
        // A colour without a placement passes (a blocked one passes again, which changes
        // nothing but the turn).
        let mut m = Move::Pass;
        if !pos.is_blocked(c)
            && let Some(pl) = pick_uniform(&mut pos, c, &mut cells, rng)
        {
            m = Move::Place(pl);
            placements += 1;
        }
        pos.apply(m);
    }
    rollout(&pos, config, placements)
}

/// The scores at the end of a playout.
pub(crate) fn rollout(pos: &Position, config: Config, placements: u32) -> Rollout {
    let mut scores = [0; 4];
    for (c, s) in scores.iter_mut().enumerate().take(config.colors()) {
        *s = color_score(pos, config.scoring(), c);
    }
    Rollout { scores, placements }
}

/// How the tree search's playouts choose their moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Policy {
    /// Half the time, try the attach cells next to an opponent's first.
    pub contested: bool,
    /// Answer the opponents' recent moves first (see `local`).
    pub answers: bool,
}

impl Policy {
    /// The policy of [`playout`]: largest pieces first, contested cells first half the
    /// time, no local answers (the tree search turns them on).
    pub(crate) const DEFAULT: Policy = Policy {
        contested: true,
        answers: false,
    };
}

/// Plays `pos` to the end with the biased policy; returns the number of pieces placed.
pub(crate) fn run<R: Rng + ?Sized>(pos: &mut Position, config: Config, rng: &mut R) -> u32 {
    run_with(pos, config, Policy::DEFAULT, Recent::default(), None, rng)
}

/// [`run`] with `policy`, the recent placements before `pos` in `recent`, and the last
/// good replies learnt so far (played first when legal), if any.
pub(crate) fn run_with<R: Rng + ?Sized>(
    pos: &mut Position,
    config: Config,
    policy: Policy,
    recent: Recent,
    replies: Option<&Replies>,
    rng: &mut R,
) -> u32 {
    run_seen(pos, config, policy, recent, replies, rng, |_, _| {})
}

/// [`run_with`], telling `seen` each placement with its colour as it is played (the same
/// draws, so the same playout).
pub(crate) fn run_seen<R: Rng + ?Sized, F: FnMut(usize, crate::Placement)>(
    pos: &mut Position,
    config: Config,
    policy: Policy,
    mut recent: Recent,
    replies: Option<&Replies>,
    rng: &mut R,
    mut seen: F,
) -> u32 {
    let colors = pos.colors();
    // Each colour's opponents (the colours of the other players).
    let mut opponents = [0u8; 4];
    for (c, o) in opponents.iter_mut().enumerate().take(colors) {
        let me = config.player_of(crate::Color(c as u8));
        for d in 0..colors {
            if config.player_of(crate::Color(d as u8)) != me {
                *o |= 1 << d;
            }
        }
    }
    let contested = if policy.contested { opponents } else { [0; 4] };
    let all = (1u8 << colors) - 1;
    let first_finished = config.end_rule() == EndRule::FirstFinished;
    if first_finished && pos.hands(colors).contains(&0) {
        return 0;
    }
    let mut placed = 0;
    while pos.blocked() != all {
        let c = pos.to_move();
        let mut m = Move::Pass;
        if !pos.is_blocked(c) {
            let reply = replies.and_then(|r| r.get(pos, c, &recent));
            let answer = || {
                if policy.answers {
                    pick_local(pos, c, opponents[c], &recent, rng)
                } else {
                    None
                }
            };
            if let Some(pl) = reply
                .or_else(answer)
                .or_else(|| pick(pos, c, contested[c], rng))
            {
                seen(c, pl);
                recent.push(c, pl);
                m = Move::Place(pl);
                placed += 1;
            }
        }
        pos.apply(m);
        if first_finished && pos.left(c) == 0 {
            break;
        }
    }
    placed
}
