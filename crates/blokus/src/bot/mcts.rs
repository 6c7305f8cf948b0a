//! Monte-Carlo tree search.
//!
//! UCT over the fast playouts of [`super::playout`], made strong the way the strong Blokus
//! programs are:
//! - **priors**: each child starts with virtual visits at a value from the move knowledge
//!   of [`super::prior`]: size, attach cells made and used up, blocking, the centre early
//!   on, and the territory the move leaves (see [`Mcts::with_move_knowledge`]);
//! - **progressive widening**: children are kept sorted by that prior and a node with `n`
//!   visits considers only its first `1 + 2 sqrt(n)`, so early in the game the search
//!   spends its playouts on big-piece moves instead of spreading them over ~1000 moves;
//! - **biased playouts**: the last good reply to the last moves first (a move that won
//!   as the answer to them in an earlier playout of the search), then answers to the
//!   opponents' recent moves, else largest pieces first (see [`super::playout`],
//!   [`Mcts::with_last_good_replies`] and [`Mcts::with_local_answers`]);
//! - **tree reuse**: the subtree of the position reached after the bot's move and the
//!   opponents' replies is kept for the next search;
//! - **budget**: a number of playouts per move and, with `std`, an optional time limit.

use alloc::vec::Vec;

use plateau_grid::random::{self, SeededRng};

use crate::bot::playout::{self, Policy, Recent, Replies};
use crate::bot::prior::{self, Weights};
use crate::game::{color_score, is_over};
use crate::position::Position;
use crate::{Bot, Placement, Play};
use crate::{Config, Game, Move};

/// Virtual visits given to each child's prior (size and blocking only).
const PRIOR_VISITS: f32 = 4.0;
/// Virtual visits given to each child's prior with the move knowledge, which earns more
/// trust (against Pentobi level 4, 100 games each: 30 wins at 20, 27 at 4, within the
/// noise; see the README).
const KNOWLEDGE_PRIOR_VISITS: f32 = 20.0;
/// Visits a node gets (each a playout from it) before its children are generated, with the
/// move knowledge (whose expansions cost more; without it, 1). At 2 the opening moves of
/// the default 10,000 playouts take 0.7 to 1.0 s instead of 1.3 to 1.5 s, for the same
/// strength at equal time (against Pentobi level 4, 400 games each, 1 to 16 were within
/// the noise).
const EXPAND_AFTER: u32 = 2;
/// Children whose move lists are kept beyond this many are never widened to.
const MAX_CHILDREN: usize = 256;
/// RAVE's equivalence: the visits at which a child's own value and its all-moves-as-first
/// value weigh the same (Silver's `1 / (4 b^2)`).
const RAVE_EQUIV: f32 = 1000.0;
/// The score margin (squares) at which the margin's share of a reward saturates.
const MARGIN_SCALE: f32 = 40.0;
/// Placements stamped per colour: 91 orientations at 20 x 20 top-left corners.
const STAMPS_PER_COLOR: usize = 91 * 20 * 20;

#[derive(Debug, Clone)]
struct Node {
    mv: Move,
    /// Index of the player who made `mv`.
    player: u8,
    visits: u32,
    /// Sum of the rewards of `player`.
    wins: f32,
    prior: f32,
    /// All-moves-as-first (RAVE) visits and reward sum of `mv` for `player` below the parent.
    amaf_visits: f32,
    amaf_wins: f32,
    children: Vec<Node>,
    /// The moves not yet made children, best prior last (popped as the node widens).
    untried: Vec<(Move, f32)>,
    expanded: bool,
    /// Index of the player to move at this node (set on expansion).
    mover: u8,
    /// The colour to move at this node (set on expansion).
    mover_color: u8,
}

impl Node {
    fn new(mv: Move, player: u8, prior: f32) -> Node {
        Node {
            mv,
            player,
            visits: 0,
            wins: 0.0,
            prior,
            amaf_visits: 0.0,
            amaf_wins: 0.0,
            children: Vec::new(),
            untried: Vec::new(),
            expanded: false,
            mover: 0,
            mover_color: 0,
        }
    }
}

/// The Monte-Carlo tree search bot.
///
/// ```
/// use plateau_blokus::{Bot, Config, Game, Mcts, Play};
///
/// let mut game = Game::new(Config::duo());
/// let mut bot = Mcts::new(7).with_playouts(100);
/// let m = bot.choose(&game).expect("the game goes on");
/// assert!(game.is_legal(m));
/// game.play(m)?;
/// # Ok::<(), plateau_blokus::IllegalMove>(())
/// ```
#[derive(Debug, Clone)]
pub struct Mcts {
    rng: SeededRng,
    playouts: u32,
    exploration: f32,
    /// How the playouts choose their moves.
    policy: Policy,
    rave: bool,
    score_weight: f32,
    /// Whether new nodes get the move knowledge of [`prior`] (else size and blocking only,
    /// the priors before it).
    knowledge: bool,
    /// Whether the playouts play the last good replies first.
    reply: bool,
    replies: Replies,
    /// The placements of the current iteration, from the game's last two on (for the
    /// replies).
    line: Vec<(u8, Placement)>,
    /// RAVE: the iteration in which each (colour, placement) was last played.
    stamps: Vec<u32>,
    iteration: u32,
    #[cfg(feature = "std")]
    time_limit: Option<std::time::Duration>,
    /// The tree of the last search, and the start and history of the game it was rooted at
    /// (two games with one history from two setups are not the same game).
    root: Option<Node>,
    root_start: Option<Position>,
    root_moves: Vec<Move>,
    scratch: Vec<Move>,
    last_playouts: u32,
    last_value: f32,
}

impl Mcts {
    /// A bot drawing from `seed`, 10,000 playouts per move, the move knowledge on
    /// ([`Mcts::with_move_knowledge`]), playouts playing the last good replies and the
    /// local answers first ([`Mcts::with_last_good_replies`], [`Mcts::with_local_answers`]),
    /// rewards counting the score margin with weight 0.1
    /// ([`Mcts::with_score_weight`]), without RAVE ([`Mcts::with_rave`]: 200 games of
    /// self-play at 0.05 s a move found it weaker; see the README).
    pub fn new(seed: u64) -> Mcts {
        Mcts {
            rng: random::seeded(seed),
            playouts: 10_000,
            exploration: 0.35,
            policy: Policy {
                contested: true,
                answers: true,
            },
            rave: false,
            score_weight: 0.1,
            knowledge: true,
            reply: true,
            replies: Replies::default(),
            line: Vec::new(),
            stamps: Vec::new(),
            iteration: 0,
            #[cfg(feature = "std")]
            time_limit: None,
            root: None,
            root_start: None,
            root_moves: Vec::new(),
            scratch: Vec::new(),
            last_playouts: 0,
            last_value: 0.5,
        }
    }

    /// The same bot with `n` playouts per move (at least 1).
    #[must_use]
    pub fn with_playouts(mut self, n: u32) -> Mcts {
        self.playouts = n.max(1);
        self
    }

    /// The same bot with exploration constant `c` of the UCB formula (default 0.35).
    #[must_use]
    pub fn with_exploration(mut self, c: f32) -> Mcts {
        self.exploration = if c.is_finite() { c.max(0.0) } else { 0.35 };
        self
    }

    /// The same bot with RAVE on or off: each child also learns from the playouts through
    /// its siblings in which its move was played later by the same colour (all moves as
    /// first), weighed against its own visits as they grow.
    #[must_use]
    pub fn with_rave(mut self, on: bool) -> Mcts {
        self.rave = on;
        self
    }

    /// The same bot whose two-player rewards are `1 - w` times the result (1 win, 0.5 draw,
    /// 0 loss) plus `w` times the score margin mapped to 0..1 (saturating at 40 squares),
    /// so that among won lines the wider margins are preferred; `w` in 0..1 (default 0.1;
    /// 0 is the search as it was before).
    /// With more than two players rewards are the result only.
    #[must_use]
    pub fn with_score_weight(mut self, w: f32) -> Mcts {
        self.score_weight = if w.is_finite() {
            w.clamp(0.0, 1.0)
        } else {
            0.0
        };
        self
    }

    /// The same bot with the move knowledge of new nodes on or off (default on): with it,
    /// each placement is scored by its size, the attach cells it creates and uses up, the
    /// opponents' attach cells it covers, its distance to the centre early on, and (for the
    /// best 48 of those) the territory it leaves its colour (free cells it reaches before
    /// the opponents); children are widened to in that order and start from a prior value
    /// that falls with the score's distance to the best. Off: size and blocking only (the
    /// search before issue 21's knowledge).
    #[must_use]
    pub fn with_move_knowledge(mut self, on: bool) -> Mcts {
        self.knowledge = on;
        self
    }

    /// The same bot with the playouts' bias toward contested attach cells (those next to an
    /// opponent's) on or off (default on).
    #[must_use]
    pub fn with_local_playouts(mut self, on: bool) -> Mcts {
        self.policy.contested = on;
        self
    }

    /// The same bot whose playouts play the *last good reply* first (default on): the
    /// placement the colour to move last played in answer to the same last move (or last
    /// two) in an iteration of this search it won, unless an iteration it lost with that
    /// answer forgot it since, when it is still legal
    /// (LGRF-2, the scheme Pentobi's playouts use; at equal time the search took about a
    /// fifth of its games from Pentobi level 5 with it, an eighth without; see the README).
    #[must_use]
    pub fn with_last_good_replies(mut self, on: bool) -> Mcts {
        self.reply = on;
        self
    }

    /// The same bot whose playouts answer the opponents' recent moves first (default on):
    /// a placement covering the attach cells an opponent's last pieces opened, or the cells
    /// next to them, is preferred to any other, the more of them the better (Pentobi's
    /// local-move feature). Off: largest pieces first everywhere.
    #[must_use]
    pub fn with_local_answers(mut self, on: bool) -> Mcts {
        self.policy.answers = on;
        self
    }

    /// The same bot stopping each search after `limit` even if playouts remain (the search
    /// is then no longer determined by the seed alone), or earlier once the most visited
    /// move's lead is more than the playouts the rest of the time (at the rate so far) or
    /// of the budget would run: the move is then decided.
    #[cfg(feature = "std")]
    #[must_use]
    pub fn with_time_limit(mut self, limit: std::time::Duration) -> Mcts {
        self.time_limit = Some(limit);
        self
    }

    /// Sets or clears the time limit of the next searches (see [`Mcts::with_time_limit`]);
    /// the tree is kept.
    #[cfg(feature = "std")]
    pub fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        self.time_limit = limit;
    }

    /// Playouts run by the last search.
    pub fn last_playouts(&self) -> u32 {
        self.last_playouts
    }

    /// The estimated chance of winning (0 to 1) of the move chosen last, for its player.
    pub fn last_value(&self) -> f32 {
        self.last_value
    }

    /// The root for `game`: the kept subtree when the game continued from the last search's
    /// position, otherwise a fresh node.
    fn take_root(&mut self, game: &Game) -> Node {
        let fresh = || Node::new(Move::Pass, 0, 0.5);
        let Some(mut node) = self.root.take() else {
            return fresh();
        };
        if self.root_start.as_ref() != Some(game.start_position()) {
            return fresh();
        }
        let moves = game.moves();
        if moves.len() < self.root_moves.len()
            || moves[..self.root_moves.len()] != self.root_moves[..]
        {
            return fresh();
        }
        for &m in &moves[self.root_moves.len()..] {
            let Some(i) = node.children.iter().position(|c| c.mv == m) else {
                return fresh();
            };
            node = node.children.swap_remove(i);
        }
        node
    }

    fn search(&mut self, game: &Game) -> Move {
        let config = game.config();
        let start = game.position().clone();
        let mut root = self.take_root(game);
        #[cfg(feature = "std")]
        let clock = std::time::Instant::now();
        let mut done = 0;
        let mut recent = Recent::default();
        let mut history = Vec::new();
        for (i, m) in game
            .moves()
            .iter()
            .enumerate()
            .skip(game.moves().len().saturating_sub(3))
        {
            if let Move::Place(pl) = *m {
                recent.push(game.mover_of(i).index(), pl);
                history.push((game.mover_of(i).index() as u8, pl));
            }
        }
        let history = &history[history.len().saturating_sub(2)..];
        // The replies learnt in the last search hold while its tree does.
        if self.reply && (root.visits == 0 || !self.replies.is_ready(config.colors())) {
            self.replies.clear(config.colors());
        }
        if self.rave && self.stamps.len() < STAMPS_PER_COLOR * config.colors() {
            self.stamps = alloc::vec![0; STAMPS_PER_COLOR * config.colors()];
            self.iteration = 0;
        }
        while done < self.playouts {
            let mut pos = start.clone();
            self.iteration = self.iteration.wrapping_add(1);
            if self.iteration == 0 {
                self.stamps.fill(0);
                self.iteration = 1;
            }
            self.line.clear();
            self.line.extend_from_slice(history);
            let reward = self.descend(&mut root, &mut pos, config, recent, 0);
            if self.reply {
                let best = reward.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let winners = (0..config.colors())
                    .filter(|&c| {
                        let player = config.player_of(crate::Color(c as u8)).index();
                        // Ties (draws) are wins for both, as in Pentobi's scheme.
                        best - reward[player] < 1e-6
                    })
                    .fold(0u8, |a, c| a | 1 << c);
                self.replies.learn(&self.line, winners);
            }
            done += 1;
            #[cfg(feature = "std")]
            if done % 8 == 0
                && let Some(limit) = self.time_limit
            {
                let elapsed = clock.elapsed();
                if elapsed >= limit {
                    break;
                }
                if done % 64 == 0 {
                    // The playouts the rest of the time would run at the rate so far.
                    let rate = f64::from(done) / elapsed.as_secs_f64().max(1e-9);
                    let by_time = rate * limit.saturating_sub(elapsed).as_secs_f64();
                    if settled(&root, by_time.min(f64::from(self.playouts - done))) {
                        break;
                    }
                }
            }
            // A root with one move needs no search.
            if root.expanded && root.children.len() + root.untried.len() == 1 && done >= 1 {
                break;
            }
        }
        self.last_playouts = done;
        let best = root.children.iter().max_by(|a, b| {
            a.visits
                .cmp(&b.visits)
                .then(b.prior.total_cmp(&a.prior).reverse())
        });
        let mv = best.map_or(Move::Pass, |c| c.mv);
        self.last_value = best.map_or(0.5, |c| {
            if c.visits > 0 {
                c.wins / c.visits as f32
            } else {
                c.prior
            }
        });
        self.root_moves = game.moves().to_vec();
        if self.root_start.as_ref() != Some(game.start_position()) {
            self.root_start = Some(game.start_position().clone());
        }
        self.root = Some(root);
        mv
    }

    /// One iteration below `node` at `pos`: select, widen, play out, back up. Returns the
    /// rewards of the players.
    fn descend(
        &mut self,
        node: &mut Node,
        pos: &mut Position,
        config: Config,
        mut recent: Recent,
        depth: usize,
    ) -> [f32; 4] {
        let w = self.score_weight;
        let policy = self.policy;
        let reward = if is_over(pos, config) {
            rewards(pos, config, w)
        } else if node.visits < if self.knowledge { EXPAND_AFTER } else { 1 } && depth > 0 {
            let replies = self.reply.then_some(&self.replies);
            if self.rave || self.reply {
                let (rave, stamps, it) = (self.rave, &mut self.stamps, self.iteration);
                let (reply, line) = (self.reply, &mut self.line);
                let seen = |c: usize, pl: Placement| {
                    if rave {
                        stamps[stamp_index(c, pl)] = it;
                    }
                    if reply {
                        line.push((c as u8, pl));
                    }
                };
                playout::run_seen(pos, config, policy, recent, replies, &mut self.rng, seen);
            } else {
                playout::run_with(pos, config, policy, recent, None, &mut self.rng);
            }
            rewards(pos, config, w)
        } else {
            if !node.expanded {
                self.expand(node, pos, config);
            }
            let i = self.select(node);
            let child = &mut node.children[i];
            if self.rave
                && let Move::Place(pl) = child.mv
            {
                self.stamps[stamp_index(pos.to_move(), pl)] = self.iteration;
            }
            if let Move::Place(pl) = child.mv {
                recent.push(pos.to_move(), pl);
                if self.reply {
                    self.line.push((pos.to_move() as u8, pl));
                }
            }
            pos.apply(child.mv);
            let reward = self.descend(child, pos, config, recent, depth + 1);
            if self.rave {
                // Every child whose move its colour played later in this iteration (a
                // placement legal here was not played before: its piece was in hand).
                let (c, it) = (usize::from(node.mover_color), self.iteration);
                for ch in &mut node.children {
                    if let Move::Place(pl) = ch.mv
                        && self.stamps[stamp_index(c, pl)] == it
                    {
                        ch.amaf_visits += 1.0;
                        ch.amaf_wins += reward[usize::from(ch.player)];
                    }
                }
            }
            reward
        };
        node.visits += 1;
        node.wins += reward[usize::from(node.player)];
        reward
    }

    /// Generates the moves of the colour to move, scores their priors, sorts them.
    fn expand(&mut self, node: &mut Node, pos: &Position, config: Config) {
        node.expanded = true;
        let c = pos.to_move();
        let player = config.player_of(crate::Color(c as u8)).index() as u8;
        node.mover = player;
        node.mover_color = c as u8;
        self.scratch.clear();
        if !pos.is_blocked(c) {
            pos.gen_placements(c, &mut self.scratch);
        }
        if self.scratch.is_empty() {
            node.children.push(Node::new(Move::Pass, player, 0.5));
            return;
        }
        node.untried = if self.knowledge {
            let mut scored = prior::score(pos, config, &self.scratch, &Weights::DEFAULT);
            let cut = scored.len().saturating_sub(MAX_CHILDREN);
            scored.drain(..cut);
            scored
        } else {
            prior::size_and_blocking(pos, config, &self.scratch, MAX_CHILDREN)
        };
    }

    /// The child to visit: widens the node when its visits allow, then picks by UCB.
    fn select(&mut self, node: &mut Node) -> usize {
        // 1 + 2 sqrt(n), in integers.
        let allowed = 1 + (4 * node.visits).isqrt() as usize;
        if node.children.len() < allowed
            && let Some((mv, prior)) = node.untried.pop()
        {
            node.children.push(Node::new(mv, node.mover, prior));
        }
        let ln = ln((node.visits + 1) as f32);
        let c = self.exploration;
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, ch) in node.children.iter().enumerate() {
            let n = ch.visits as f32;
            let pv = if self.knowledge {
                KNOWLEDGE_PRIOR_VISITS
            } else {
                PRIOR_VISITS
            };
            let mut q = (ch.wins + pv * ch.prior) / (n + pv);
            if self.rave && ch.amaf_visits > 0.0 {
                let na = ch.amaf_visits;
                let beta = na / (na + n + n * na / RAVE_EQUIV);
                // The prior's virtual visits count on the all-moves side too, so a child
                // seen only in playouts keeps its prior.
                q = (1.0 - beta) * q + beta * ((ch.amaf_wins + pv * ch.prior) / (na + pv));
            }
            let score = q + c * sqrt(ln / (n + 1.0));
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }
}

/// Whether the root's most visited child stays ahead whatever `left` more playouts do: its
/// lead in visits exceeds them. The chosen move is then known, and a time-limited search
/// stops early.
#[cfg(feature = "std")]
fn settled(root: &Node, left: f64) -> bool {
    let (mut first, mut second) = (0, 0);
    for ch in &root.children {
        if ch.visits > first {
            (first, second) = (ch.visits, first);
        } else if ch.visits > second {
            second = ch.visits;
        }
    }
    f64::from(first - second) > left
}

/// The natural logarithm of `x >= 1`: the float's exponent times ln 2, plus an atanh
/// series on its mantissa (core has no `ln` without `std`, and a libm's may differ between
/// platforms, which would break the seed's promise).
fn ln(x: f32) -> f32 {
    let bits = x.to_bits();
    let e = ((bits >> 23) & 0xFF) as i32 - 127;
    let m = f32::from_bits((bits & 0x7F_FFFF) | 0x3F80_0000);
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let series =
        t * (2.0 + t2 * (2.0 / 3.0 + t2 * (2.0 / 5.0 + t2 * (2.0 / 7.0 + t2 * (2.0 / 9.0)))));
    e as f32 * core::f32::consts::LN_2 + series
}

/// The square root of `x >= 0` by Newton's method from the exponent-halving guess.
fn sqrt(x: f32) -> f32 {
    if x <= 0.0 {
        return 0.0;
    }
    let mut y = f32::from_bits((x.to_bits() >> 1) + 0x1FBD_1DF5);
    for _ in 0..3 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// The RAVE stamp of colour `c`'s placement `pl`.
fn stamp_index(c: usize, pl: crate::Placement) -> usize {
    (c * 91 + usize::from(pl.oid)) * 400 + usize::from(pl.y) * 20 + usize::from(pl.x)
}

/// Each player's reward at a finished position: 1 for the sole best score, shared among
/// tied players, 0 otherwise; with two players and a score weight `w > 0`, `1 - w` times
/// that plus `w` times the margin (in official points) mapped to 0..1.
fn rewards(pos: &Position, config: Config, w: f32) -> [f32; 4] {
    let mut player_scores = [i32::MIN; 4];
    for c in 0..config.colors() {
        let p = config.player_of(crate::Color(c as u8)).index();
        let s = color_score(pos, config.scoring(), c);
        player_scores[p] = if player_scores[p] == i32::MIN {
            s
        } else {
            player_scores[p] + s
        };
    }
    let best = player_scores[..config.players()]
        .iter()
        .copied()
        .max()
        .unwrap_or(0);
    let winners = player_scores[..config.players()]
        .iter()
        .filter(|&&s| s == best)
        .count();
    let mut out = [0.0; 4];
    for (o, &s) in out.iter_mut().zip(&player_scores[..config.players()]) {
        if s == best {
            *o = 1.0 / winners as f32;
        }
    }
    if w > 0.0 && config.players() == 2 {
        // The margin in official points whatever the scoring (the scorings differ by the
        // squares placed, which would count them twice).
        let mut margin = 0;
        for c in 0..config.colors() {
            let s = color_score(pos, crate::Scoring::Official, c);
            margin += if config.player_of(crate::Color(c as u8)).index() == 0 {
                s
            } else {
                -s
            };
        }
        let margin = margin as f32 / MARGIN_SCALE;
        let m0 = 0.5 + 0.5 * margin.clamp(-1.0, 1.0);
        out[0] = (1.0 - w) * out[0] + w * m0;
        out[1] = (1.0 - w) * out[1] + w * (1.0 - m0);
    }
    out
}

/// The first legal move in the generator's scan order (a pass when there is none).
fn first_legal(game: &Game) -> Move {
    let mut found = Move::Pass;
    game.position()
        .for_each_placement(game.color_to_move().index(), |p| {
            found = Move::Place(p);
            false
        });
    found
}

impl Bot<Game> for Mcts {
    /// `None` once the game is over; a pass when the colour to move is blocked.
    fn choose(&mut self, game: &Game) -> Option<Move> {
        (!game.is_over()).then(|| self.pick(game))
    }
}

impl Mcts {
    fn pick(&mut self, game: &Game) -> Move {
        if game.is_over() {
            return Move::Pass;
        }
        let mv = self.search(game);
        if game.is_legal(mv) {
            mv
        } else {
            // Never reached: the tree only holds legal moves of the game's position.
            first_legal(game)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Config, Game, Play};

    #[test]
    fn the_tree_is_kept_only_for_the_same_game() {
        let config = Config::duo();
        let mut bot = super::Mcts::new(3).with_playouts(200);
        let mut game = Game::new(config);
        let first = bot.search(&game);
        game.play(first).unwrap();
        // The same game one move on: the subtree is kept.
        assert!(bot.take_root(&game).visits > 0);
        // A game set up at that position has no history, like a new game; the tree of one
        // is not the other's.
        let setup = Game::from_board(config, &game.board(), game.color_to_move()).unwrap();
        assert!(setup.moves().is_empty());
        bot.search(&setup);
        assert_eq!(bot.take_root(&Game::new(config)).visits, 0);
        bot.search(&setup);
        assert!(bot.take_root(&setup).visits > 0);
        bot.search(&Game::new(config));
        assert_eq!(bot.take_root(&setup).visits, 0);
    }

    #[cfg(feature = "std")]
    #[test]
    fn a_search_is_settled_when_the_lead_outruns_the_time_left() {
        use super::{Node, settled};
        use crate::Move;
        let mut root = Node::new(Move::Pass, 0, 0.5);
        for visits in [30, 100, 10] {
            let mut ch = Node::new(Move::Pass, 0, 0.5);
            ch.visits = visits;
            root.children.push(ch);
        }
        // A lead of 70 visits.
        assert!(!settled(&root, 140.0));
        assert!(!settled(&root, 70.0));
        assert!(settled(&root, 69.5));
        // A tie for the lead never settles.
        root.children[0].visits = 100;
        assert!(!settled(&root, 0.0));
    }

    #[test]
    fn ln_and_sqrt_are_close_to_std() {
        for i in 1..100_000u32 {
            let x = i as f32 * 0.37 + 1.0;
            assert!(
                (super::ln(x) - x.ln()).abs() < 1e-5 * x.ln().max(1.0),
                "ln {x}"
            );
            assert!(
                (super::sqrt(x) - x.sqrt()).abs() < 1e-5 * x.sqrt(),
                "sqrt {x}"
            );
        }
        assert!(super::sqrt(0.0).abs() < f32::EPSILON);
    }
}

#[cfg(test)]
mod search_tests {
    use super::{Mcts, rewards};
    use crate::{Bot, Config, Game, Play};

    #[test]
    fn margin_rewards_stay_in_range_and_order_wins_by_margin() {
        let config = Config::duo();
        let mut bot = Mcts::new(5).with_score_weight(0.0).with_playouts(50);
        let mut game = Game::new(config);
        while let Some(m) = bot.choose(&game) {
            game.play(m).unwrap();
        }
        let pos = game.position();
        let plain = rewards(pos, config, 0.0);
        let mixed = rewards(pos, config, 0.1);
        assert!((plain[0] + plain[1] - 1.0).abs() < 1e-6);
        assert!((mixed[0] + mixed[1] - 1.0).abs() < 1e-6);
        // The winner's reward stays above a draw's and within 0.1 of the plain one.
        for p in 0..2 {
            assert!((mixed[p] - plain[p]).abs() <= 0.1 + 1e-6);
            assert_eq!(mixed[p] > 0.5, plain[p] > 0.5);
        }
    }

    #[test]
    fn rave_search_is_seeded_and_legal_and_keeps_its_tree() {
        for config in [
            Config::duo(),
            Config::classic(),
            Config::classic_two_players(),
        ] {
            let mut game = Game::new(config);
            let rave = || Mcts::new(11).with_rave(true).with_score_weight(0.1);
            let mut a = rave().with_playouts(300);
            let mut b = rave().with_playouts(300);
            for _ in 0..6 {
                let m = a.choose(&game).unwrap();
                assert_eq!(b.choose(&game), Some(m));
                assert!(game.is_legal(m));
                game.play(m).unwrap();
            }
            assert!(a.take_root(&game).visits > 0 || game.is_over());
        }
    }

    #[test]
    fn amaf_statistics_are_gathered() {
        let mut bot = Mcts::new(3).with_rave(true).with_playouts(500);
        let game = Game::new(Config::duo());
        bot.search(&game);
        let root = bot.root.as_ref().unwrap();
        assert!(root.children.iter().any(|c| c.amaf_visits > 0.0));
        // No child can be credited more often than the searches through its parent.
        for c in &root.children {
            assert!(c.amaf_visits <= root.visits as f32);
        }
        let mut classic = Mcts::new(3).with_playouts(500);
        assert!(!classic.rave);
        classic.search(&game);
        let root = classic.root.as_ref().unwrap();
        assert!(root.children.iter().all(|c| c.amaf_visits == 0.0));
    }
}

#[cfg(test)]
mod default_tests {
    use super::Mcts;
    use crate::{Bot, Config, Game, Play};

    /// The first moves of a game between two copies of `make`'s bot.
    fn line(make: impl Fn() -> Mcts) -> Vec<crate::Move> {
        let mut game = Game::new(Config::duo());
        let mut bot = make();
        for _ in 0..8 {
            let m = bot.choose(&game).unwrap();
            game.play(m).unwrap();
        }
        game.moves().to_vec()
    }

    #[test]
    fn the_margin_reward_changes_the_search_and_zero_weight_is_repeatable() {
        let classic = || Mcts::new(3).with_playouts(200).with_score_weight(0.0);
        assert_eq!(line(classic), line(classic));
        assert_ne!(line(|| Mcts::new(3).with_playouts(200)), line(classic));
    }

    #[test]
    fn the_move_knowledge_changes_the_search_and_is_repeatable() {
        let known = || Mcts::new(4).with_playouts(200);
        assert_eq!(line(known), line(known));
        assert_ne!(
            line(known),
            line(|| Mcts::new(4).with_playouts(200).with_move_knowledge(false))
        );
    }
}
