//! Monte-Carlo tree search.
//!
//! A tree search over fast playouts (see [`super::playout`]), made strong the way the
//! strong Blokus programs are:
//! - **learned move knowledge**: each placement gets a log-probability of being the move
//!   a strong player picks, a weighted sum of what it does to the board at once (its
//!   size, the opponents' attach cells it covers, the attach cells it makes and kills, the
//!   space its edges give up, the territory it leaves...), with weights fitted to games
//!   (see [`super::features`] and [`Mcts::with_learned_knowledge`]);
//! - **prior selection** (the default): a node's children are all made at once, each with
//!   its prior probability and a prior value that falls with it, and the search follows
//!   `value + c P sqrt(N) ln(N + 1) / n`; the results of the moves played later in an
//!   iteration are merged into their siblings' values (RAVE, weighed by distance); see
//!   [`Mcts::with_prior_selection`]. Without it: UCT with progressive widening in prior
//!   order, the search of 2026-12-04;
//! - **biased playouts**: the last good reply to the last moves first (a move that won
//!   as the answer to them in an earlier playout of the search), then answers to the
//!   opponents' recent moves, else largest pieces first (see [`super::playout`],
//!   [`Mcts::with_last_good_replies`] and [`Mcts::with_local_answers`]);
//! - **tree reuse**: the subtree of the position reached after the bot's move and the
//!   opponents' replies is kept for the next search;
//! - **budget**: a number of playouts per move and, with `std`, an optional time limit;
//! - **threads** (with `std`): one tree grown by several threads.

mod math;
mod puct;
#[cfg(test)]
mod tests;
#[cfg(feature = "std")]
mod threads;
mod worker;

use alloc::vec::Vec;

use crate::bot::playout::Policy;
use crate::bot::prior::Weights;
use crate::game::color_score;
use crate::position::Position;
use crate::{Bot, Play};
use crate::{Config, Game, Move};
pub use puct::Puct;
use worker::{Setup, Worker};

/// The score margin (squares) at which the margin's share of a reward saturates.
const MARGIN_SCALE: f32 = 40.0;

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
    /// The prior-selection mode's statistics: the mean reward of `player` and its weight
    /// (the prior's count, the visits, the all-moves-as-first updates), and the move's
    /// prior probability among its siblings.
    value: f32,
    count: f32,
    p: f32,
    children: Vec<Node>,
    /// The moves not yet made children, best prior last (popped as the node widens).
    untried: Vec<(Move, f32)>,
    expanded: bool,
    /// Index of the player to move at this node (set on expansion).
    mover: u8,
    /// The colour to move at this node (set on expansion).
    mover_color: u8,
    /// Whether an iteration is making this node's children.
    expanding: bool,
    /// Iterations in flight through this node (selected, not yet backed up): the
    /// other threads' selections count them as lost.
    pending: u16,
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
            value: prior,
            count: 0.0,
            p: 0.0,
            children: Vec::new(),
            untried: Vec::new(),
            expanded: false,
            mover: 0,
            mover_color: 0,
            expanding: false,
            pending: 0,
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
    settings: Settings,
    /// This thread's random stream, replies and iteration marks.
    worker: Worker,
    /// The tree of the last search, and the start and history of the game it was rooted at
    /// (two games with one history from two setups are not the same game).
    root: Option<Node>,
    root_start: Option<Position>,
    root_moves: Vec<Move>,
    last_playouts: u32,
    last_value: f32,
    /// The other threads' workers (see [`Mcts::with_threads`]).
    #[cfg(feature = "std")]
    helpers: Vec<Worker>,
}

/// How a search is run: what the `with_` methods set, shared by all its threads.
#[derive(Debug, Clone, Copy)]
struct Settings {
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
    #[cfg(feature = "std")]
    time_limit: Option<std::time::Duration>,
    /// The move knowledge's weights.
    weights: Weights,
    /// Prior selection (see [`Mcts::with_prior_selection`]), and its parameters.
    puct: Option<Puct>,
    /// Threads searching each move (see [`Mcts::with_threads`]).
    #[cfg(feature = "std")]
    threads: u16,
}

impl Settings {
    /// The prior selection the searches use: none without the move knowledge.
    fn prior_selection(&self) -> Option<Puct> {
        if self.knowledge { self.puct } else { None }
    }
}

impl Mcts {
    /// A bot drawing from `seed`, 10,000 playouts per move, the learned move knowledge
    /// ([`Mcts::with_learned_knowledge`]) and prior selection with [`Puct::default`]
    /// ([`Mcts::with_prior_selection`]), playouts playing the last good replies and the
    /// local answers first ([`Mcts::with_last_good_replies`], [`Mcts::with_local_answers`]),
    /// rewards counting the score margin with weight 0.1 ([`Mcts::with_score_weight`]).
    /// At 0.05 s a move it won 160, drew 10 and lost 30 of 200 games against the search of
    /// 2026-12-04 (`with_prior_selection(None).with_learned_knowledge(false)`; see the
    /// crate README).
    pub fn new(seed: u64) -> Mcts {
        Mcts {
            settings: Settings {
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
                #[cfg(feature = "std")]
                time_limit: None,
                weights: Weights::LEARNED,
                puct: Some(Puct::default()),
                #[cfg(feature = "std")]
                threads: 1,
            },
            worker: Worker::new(seed),
            root: None,
            root_start: None,
            root_moves: Vec::new(),
            last_playouts: 0,
            last_value: 0.5,
            #[cfg(feature = "std")]
            helpers: Vec::new(),
        }
    }

    /// The same bot with prior selection (default [`Puct::default`]) or without (`None`).
    ///
    /// With it, a node's children are all made when it is expanded (once it has been
    /// visited `2 + depth / 2` times: a child of the root at its third visit), each with
    /// its move's probability `P` under
    /// the move knowledge's softmax (at [`Puct::temperature`]) and a prior value: the
    /// search's mean reward so far for the player to move, times `sqrt(P / P_best)`, held
    /// with [`Puct::prior_count`] counts. The search descends to the child with the highest
    /// `value + c P sqrt(N) ln(N + 1) / n` (`N` the node's visits, `n` the child's counts;
    /// the exploration term of Silver et al. 2016, which Pentobi uses too), and after each
    /// iteration every child whose placement its colour played later in the iteration
    /// learns the result with weight [`Puct::rave_weight`] times one minus the distance
    /// over the plies left (up to 2,000 counts, below nodes of 25,000 visits). The move
    /// chosen is the child with the most wins (value times counts).
    ///
    /// Without it (or without the move knowledge, [`Mcts::with_move_knowledge`]): UCT with
    /// progressive widening in prior order, the search of 2026-12-04.
    #[must_use]
    pub fn with_prior_selection(mut self, puct: Option<Puct>) -> Mcts {
        self.settings.puct = puct.map(Puct::sanitized);
        self
    }

    /// The prior selection the searches use: none without the move knowledge.
    fn prior_selection(&self) -> Option<Puct> {
        self.settings.prior_selection()
    }

    /// The same bot with `n` playouts per move (at least 1).
    #[must_use]
    pub fn with_playouts(mut self, n: u32) -> Mcts {
        self.settings.playouts = n.max(1);
        self
    }

    /// The same bot with exploration constant `c` of UCT's formula (default 0.35), used
    /// without prior selection (whose own is [`Puct::exploration`]).
    #[must_use]
    pub fn with_exploration(mut self, c: f32) -> Mcts {
        self.settings.exploration = if c.is_finite() { c.max(0.0) } else { 0.35 };
        self
    }

    /// The same bot with RAVE on or off, without prior selection (which merges its own
    /// all-moves-as-first updates; see [`Mcts::with_prior_selection`]): each child also
    /// learns from the playouts through its siblings in which its move was played later by
    /// the same colour (all moves as first), weighed against its own visits as they grow.
    #[must_use]
    pub fn with_rave(mut self, on: bool) -> Mcts {
        self.settings.rave = on;
        self
    }

    /// The same bot whose two-player rewards are `1 - w` times the result (1 win, 0.5 draw,
    /// 0 loss) plus `w` times the score margin mapped to 0..1 (saturating at 40 squares),
    /// so that among won lines the wider margins are preferred; `w` in 0..1 (default 0.1;
    /// 0 is the search as it was before).
    /// With more than two players rewards are the result only.
    #[must_use]
    pub fn with_score_weight(mut self, w: f32) -> Mcts {
        self.settings.score_weight = if w.is_finite() {
            w.clamp(0.0, 1.0)
        } else {
            0.0
        };
        self
    }

    /// The same bot with the learned move knowledge on (the default) or off.
    ///
    /// On, a placement's score is the dot product of its features ([`crate::move_features`])
    /// with [`crate::LEARNED_WEIGHTS`], a log-probability fitted to games; the territory
    /// feature, the costly one, is computed for the best 48 moves by the others, and the
    /// moves after those are put 100 nats down (out of the search's reach but for what
    /// RAVE tells them). Off, the hand-set score of [`Mcts::with_move_knowledge`].
    #[must_use]
    pub fn with_learned_knowledge(mut self, on: bool) -> Mcts {
        self.settings.weights = if on {
            Weights::LEARNED
        } else {
            Weights::DEFAULT
        };
        self
    }

    /// The same bot with the move knowledge of new nodes on or off (default on): with it,
    /// each placement is scored, by the learned weights ([`Mcts::with_learned_knowledge`])
    /// or by hand-set ones: its size, the attach cells it creates and uses up, the
    /// opponents' attach cells it covers, its distance to the centre early on, and (for the
    /// best 48 of those) the territory it leaves its colour (free cells it reaches before
    /// the opponents). Off: size and blocking only, UCT (the search before issue 21's
    /// knowledge).
    #[must_use]
    pub fn with_move_knowledge(mut self, on: bool) -> Mcts {
        self.settings.knowledge = on;
        self
    }

    /// The same bot with the playouts' bias toward contested attach cells (those next to an
    /// opponent's) on or off (default on).
    #[must_use]
    pub fn with_local_playouts(mut self, on: bool) -> Mcts {
        self.settings.policy.contested = on;
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
        self.settings.reply = on;
        self
    }

    /// The same bot whose playouts answer the opponents' recent moves first (default on):
    /// a placement covering the attach cells an opponent's last pieces opened, or the cells
    /// next to them, is preferred to any other, the more of them the better (Pentobi's
    /// local-move feature). Off: largest pieces first everywhere.
    #[must_use]
    pub fn with_local_answers(mut self, on: bool) -> Mcts {
        self.settings.policy.answers = on;
        self
    }

    /// The same bot stopping each search after `limit` even if playouts remain (the search
    /// is then no longer determined by the seed alone), or earlier once the most visited
    /// move's lead is more than the playouts the rest of the time (at the rate so far) or
    /// of the budget would run: the move is then decided.
    #[cfg(feature = "std")]
    #[must_use]
    pub fn with_time_limit(mut self, limit: std::time::Duration) -> Mcts {
        self.settings.time_limit = Some(limit);
        self
    }

    /// Sets or clears the time limit of the next searches (see [`Mcts::with_time_limit`]);
    /// the tree is kept.
    #[cfg(feature = "std")]
    pub fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        self.settings.time_limit = limit;
    }

    /// The same bot searching each move on `n` threads (1 to 64, default 1) that grow one
    /// tree together (tree parallelism): each runs whole iterations with a random stream
    /// of its own (seeded from this bot's) and its own last good replies, holding the tree
    /// behind a lock only to walk it and to back a result up; a node an iteration has
    /// entered counts as a lost visit for the others until its result is in, and a node
    /// whose children one thread is making gets playouts from the others meanwhile. The
    /// playouts (or the time limit) are the search's, not each thread's. With more than
    /// one thread the search is no longer determined by the seed (the threads' order is
    /// the system's). A thread the system cannot start leaves its work to the others.
    ///
    /// On a two-core machine two threads ran 4,000 playouts from the opening 1.7 times as
    /// fast as one, and at the same time a move scored 57.5 % against one thread, where
    /// one thread with twice the time scored 61 % (see the crate README).
    #[cfg(feature = "std")]
    #[must_use]
    pub fn with_threads(mut self, n: u16) -> Mcts {
        self.settings.threads = n.clamp(1, 64);
        self
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
        let root = self.take_root(game);
        let mut recent = crate::bot::playout::Recent::default();
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
        history.drain(..history.len().saturating_sub(2));
        let setup = Setup {
            settings: &self.settings,
            start: game.position().clone(),
            config,
            recent,
            history,
            playouts: self.settings.playouts,
            #[cfg(feature = "std")]
            clock: std::time::Instant::now(),
        };
        self.worker.prepare(&self.settings, config, root.visits);
        #[cfg(feature = "std")]
        let shared = if self.settings.threads > 1 {
            let n = usize::from(self.settings.threads);
            self.helpers.truncate(n - 1);
            while self.helpers.len() < n - 1 {
                let seed = self.worker.draw_seed();
                self.helpers.push(Worker::new(seed));
            }
            for h in &mut self.helpers {
                h.prepare(&self.settings, config, root.visits);
            }
            threads::run_together(&mut self.worker, &mut self.helpers, &setup, root)
        } else {
            self.worker.run_alone(&setup, root)
        };
        #[cfg(not(feature = "std"))]
        let shared = self.worker.run_alone(&setup, root);
        self.last_playouts = shared.done;
        let root = shared.root;
        let best = self.chosen(&root);
        let mv = best.map_or(Move::Pass, |c| c.mv);
        self.last_value = best.map_or(0.5, |c| {
            if self.prior_selection().is_some() {
                c.value
            } else if c.visits > 0 {
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

    /// The root's child to play: with prior selection the most wins (value times counts),
    /// else the most visits (ties to the higher prior).
    fn chosen<'a>(&self, root: &'a Node) -> Option<&'a Node> {
        if self.prior_selection().is_some() {
            root.children
                .iter()
                .max_by(|a, b| (a.value * a.count).total_cmp(&(b.value * b.count)))
        } else {
            root.children.iter().max_by(|a, b| {
                a.visits
                    .cmp(&b.visits)
                    .then(b.prior.total_cmp(&a.prior).reverse())
            })
        }
    }
}

/// Whether the root's chosen child stays ahead whatever `left` more playouts do: its lead
/// exceeds what they can add to another child. The chosen move is then known, and a
/// time-limited search stops early. Without prior selection the choice is the most
/// visited child (a playout adds one visit); with it, the most wins (`value * count`),
/// which only grow, by at most one plus the RAVE weight a playout.
#[cfg(feature = "std")]
fn settled(root: &Node, puct: Option<Puct>, left: f64) -> bool {
    let (score, gain): (fn(&Node) -> f64, f64) = match puct {
        Some(p) => (
            |ch| f64::from(ch.value * ch.count),
            1.0 + f64::from(p.rave_weight),
        ),
        None => (|ch| f64::from(ch.visits), 1.0),
    };
    let (mut first, mut second) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for ch in &root.children {
        let v = score(ch);
        if v > first {
            (first, second) = (v, first);
        } else if v > second {
            second = v;
        }
    }
    // One child (or none): nothing to decide.
    second == f64::NEG_INFINITY || first - second > left * gain
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
        let margin = official_margin(pos, config) as f32 / MARGIN_SCALE;
        let m0 = 0.5 + 0.5 * margin.clamp(-1.0, 1.0);
        out[0] = (1.0 - w) * out[0] + w * m0;
        out[1] = (1.0 - w) * out[1] + w * (1.0 - m0);
    }
    out
}

/// Player 0's lead over player 1 in official points, whatever the game's scoring (the
/// scorings differ by the squares placed, which a margin would count twice).
fn official_margin(pos: &Position, config: Config) -> i32 {
    let mut margin = 0;
    for c in 0..config.colors() {
        let s = color_score(pos, crate::Scoring::Official, c);
        margin += if config.player_of(crate::Color(c as u8)).index() == 0 {
            s
        } else {
            -s
        };
    }
    margin
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
