//! One thread's share of a search: the iterations (select, expand, play out, back up) over a
//! tree that one or more workers share.
//!
//! An iteration holds the tree only to walk it and to write to it: it selects a path from
//! the root, marking each node it enters as in flight (a virtual loss the other threads'
//! selections see), lets go of the tree to generate and score a new node's moves and to
//! play out, and takes it again to attach the children and back the result up. With one
//! thread the tree is behind a `RefCell` and nothing is in flight but the path itself,
//! which the selection discounts: the search is the same as a plain recursive one, move
//! for move. With more, the `threads` module (with `std` only) shares it between them;
//! this module needs nothing but `core` and `alloc`.

use alloc::vec::Vec;
use core::cell::RefCell;

use plateau_grid::random::{self, SeededRng};

use super::puct::select_puct;
use super::{Node, Settings, rewards, stamp_index};
use crate::bot::playout::{self, Recent, Replies};
use crate::bot::prior;
use crate::game::is_over;
use crate::position::Position;
use crate::{Config, Move, Placement};

use super::math::{exp_neg, ln, sqrt};

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
/// Children whose move lists are kept beyond this many are never widened to (nor made,
/// with prior selection).
const MAX_CHILDREN: usize = 256;
/// RAVE's equivalence: the visits at which a child's own value and its all-moves-as-first
/// value weigh the same (Silver's `1 / (4 b^2)`).
const RAVE_EQUIV: f32 = 1000.0;
/// Prior selection: children past this many counts learn no more from RAVE, nor do the
/// children of nodes past [`RAVE_PARENT_MAX`] visits.
const RAVE_CHILD_MAX: f32 = 2000.0;
const RAVE_PARENT_MAX: u32 = 25_000;
/// Placements stamped per colour: 91 orientations at 20 x 20 top-left corners.
const STAMPS_PER_COLOR: usize = 91 * 20 * 20;

/// What the workers of a search share, behind a lock: the tree and the counts of the
/// iterations.
#[derive(Debug)]
pub(super) struct Shared {
    pub(super) root: Node,
    /// The rewards of each player summed over this search's iterations, and their count
    /// (the prior value of new nodes is the mean).
    pub(super) root_sum: [f32; 4],
    pub(super) root_n: f32,
    /// Iterations begun and finished.
    pub(super) started: u32,
    pub(super) done: u32,
    /// Set once the search should end (time, a settled move, a root with one move).
    pub(super) stop: bool,
}

impl Shared {
    pub(super) fn new(root: Node) -> Shared {
        Shared {
            root,
            root_sum: [0.0; 4],
            root_n: 0.0,
            started: 0,
            done: 0,
            stop: false,
        }
    }
}

/// Exclusive access to the [`Shared`] part of a search, for the length of `f`.
pub(super) trait Lock {
    fn with<R>(&self, f: impl FnOnce(&mut Shared) -> R) -> R;
}

impl Lock for RefCell<Shared> {
    fn with<R>(&self, f: impl FnOnce(&mut Shared) -> R) -> R {
        f(&mut self.borrow_mut())
    }
}

/// What every iteration of a search starts from.
#[derive(Debug)]
pub(super) struct Setup<'a> {
    pub(super) settings: &'a Settings,
    pub(super) start: Position,
    pub(super) config: Config,
    /// The game's last placements, for the playouts' local answers and the replies.
    pub(super) recent: Recent,
    pub(super) history: Vec<(u8, Placement)>,
    pub(super) playouts: u32,
    #[cfg(feature = "std")]
    pub(super) clock: std::time::Instant,
}

/// Where a selection stopped.
enum Leaf {
    /// The game is over at the leaf.
    Over,
    /// A playout from the leaf.
    Playout,
    /// The leaf's children must be made first.
    Expand,
}

/// One thread's state: its random stream, its last good replies, and the marks of the
/// current iteration.
#[derive(Debug, Clone)]
pub(super) struct Worker {
    rng: SeededRng,
    replies: Replies,
    /// The placements of the current iteration, from the game's last two on (for the
    /// replies).
    line: Vec<(u8, Placement)>,
    /// RAVE: the iteration in which each (colour, placement) was last played, and with
    /// prior selection the ply of the iteration at which it was.
    stamps: Vec<u32>,
    first_ply: Vec<u16>,
    iteration: u32,
    /// The current iteration's length in plies.
    ply_end: u16,
    scratch: Vec<Move>,
    /// The child indices from the root to the current leaf.
    path: Vec<u16>,
}

impl Worker {
    pub(super) fn new(seed: u64) -> Worker {
        Worker {
            rng: random::seeded(seed),
            replies: Replies::default(),
            line: Vec::new(),
            stamps: Vec::new(),
            first_ply: Vec::new(),
            iteration: 0,
            ply_end: 0,
            scratch: Vec::new(),
            path: Vec::new(),
        }
    }

    /// A seed for another worker, from this one's stream.
    #[cfg(feature = "std")]
    pub(super) fn draw_seed(&mut self) -> u64 {
        use rand::Rng;
        self.rng.next_u64()
    }

    /// Gets ready for a search from a root of `root_visits` visits: the replies learnt in
    /// the last search hold while its tree does.
    pub(super) fn prepare(&mut self, settings: &Settings, config: Config, root_visits: u32) {
        if settings.reply && (root_visits == 0 || !self.replies.is_ready(config.colors())) {
            self.replies.clear(config.colors());
        }
        let amaf = settings.rave || settings.prior_selection().is_some();
        if amaf && self.stamps.len() < STAMPS_PER_COLOR * config.colors() {
            self.stamps = alloc::vec![0; STAMPS_PER_COLOR * config.colors()];
            self.first_ply = alloc::vec![0; STAMPS_PER_COLOR * config.colors()];
            self.iteration = 0;
        }
    }

    /// The search of `setup` from `root` on this thread alone.
    pub(super) fn run_alone(&mut self, setup: &Setup<'_>, root: Node) -> Shared {
        let cell = RefCell::new(Shared::new(root));
        self.run(setup, &cell);
        cell.into_inner()
    }

    /// Runs iterations until the search's budget is spent or it is stopped.
    pub(super) fn run(&mut self, setup: &Setup<'_>, lock: &impl Lock) {
        let settings = setup.settings;
        while let Some(reward) = self.iterate(setup, lock) {
            if settings.reply {
                let best = reward.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let config = setup.config;
                let winners = (0..config.colors())
                    .filter(|&c| {
                        let player = config.player_of(crate::Color(c as u8)).index();
                        // Ties (draws) are wins for both, as in Pentobi's scheme.
                        best - reward[player] < 1e-6
                    })
                    .fold(0u8, |a, c| a | 1 << c);
                self.replies.learn(&self.line, winners);
            }
        }
    }

    /// One iteration, or `None` when the search is over. Returns the players' rewards.
    fn iterate(&mut self, setup: &Setup<'_>, lock: &impl Lock) -> Option<[f32; 4]> {
        let settings = setup.settings;
        let config = setup.config;
        let mut pos = setup.start.clone();
        let mut recent = setup.recent;
        self.iteration = self.iteration.wrapping_add(1);
        if self.iteration == 0 {
            self.stamps.fill(0);
            self.iteration = 1;
        }
        self.line.clear();
        self.line.extend_from_slice(&setup.history);
        self.path.clear();
        let mut leaf = lock.with(|sh| {
            if sh.stop || sh.started >= setup.playouts {
                return None;
            }
            sh.started += 1;
            sh.root.pending += 1;
            Some(self.select(settings, &mut sh.root, &mut pos, config, &mut recent))
        })?;
        while let Leaf::Expand = leaf {
            // The moves are generated and scored with the tree let go.
            let player = config.player_of(crate::Color(pos.to_move() as u8)).index();
            let root_val = lock.with(|sh| {
                if sh.root_n > 0.0 {
                    sh.root_sum[player] / sh.root_n
                } else {
                    0.5
                }
            });
            let (children, untried) = self.children(settings, &pos, config, root_val);
            leaf = lock.with(|sh| {
                let node = node_at(&mut sh.root, &self.path);
                // Another worker may have expanded it meanwhile: its children stand.
                if !node.expanded {
                    node.expanded = true;
                    node.mover = player as u8;
                    node.mover_color = pos.to_move() as u8;
                    node.children = children;
                    node.untried = untried;
                }
                self.select(settings, node, &mut pos, config, &mut recent)
            });
        }
        let depth = self.path.len();
        let reward = if let Leaf::Over = leaf {
            self.ply_end = depth as u16;
            rewards(&pos, config, settings.score_weight)
        } else {
            self.play_out(settings, &mut pos, config, recent, depth);
            rewards(&pos, config, settings.score_weight)
        };
        lock.with(|sh| {
            self.back_up(settings, &mut sh.root, &reward);
            for (s, r) in sh.root_sum.iter_mut().zip(reward) {
                *s += r;
            }
            sh.root_n += 1.0;
            sh.done += 1;
            if should_stop(sh, setup) {
                sh.stop = true;
            }
        });
        Some(reward)
    }

    /// Walks down from `node` (reached by `self.path`, in flight) to a leaf: each node
    /// entered is marked in flight, its move played on `pos` and stamped.
    fn select(
        &mut self,
        settings: &Settings,
        mut node: &mut Node,
        pos: &mut Position,
        config: Config,
        recent: &mut Recent,
    ) -> Leaf {
        let puct = settings.prior_selection();
        loop {
            let depth = self.path.len();
            let expand_at = match (puct, settings.knowledge) {
                // Deeper nodes wait longer (Pentobi's threshold, 1 + depth / 2 visits).
                (Some(_), _) => 2 + depth as u32 / 2,
                (None, true) => EXPAND_AFTER,
                (None, false) => 1,
            };
            if is_over(pos, config) {
                return Leaf::Over;
            }
            if node.visits < expand_at && depth > 0 {
                return Leaf::Playout;
            }
            if !node.expanded {
                // Another iteration making the children: a playout from here meanwhile
                // (what the node got before it was due), not the same work twice.
                if node.expanding {
                    return Leaf::Playout;
                }
                node.expanding = true;
                return Leaf::Expand;
            }
            let i = if let Some(p) = puct {
                select_puct(node, p.exploration)
            } else {
                select_uct(settings, node)
            };
            let child = &mut node.children[i];
            if let Move::Place(pl) = child.mv {
                if settings.rave || puct.is_some() {
                    let k = stamp_index(pos.to_move(), pl);
                    self.stamps[k] = self.iteration;
                    self.first_ply[k] = depth as u16;
                }
                recent.push(pos.to_move(), pl);
                if settings.reply {
                    self.line.push((pos.to_move() as u8, pl));
                }
            }
            pos.apply(child.mv);
            child.pending += 1;
            self.path.push(i as u16);
            node = child;
        }
    }

    /// A playout from `pos` (at `depth` plies into the iteration), stamping what it plays.
    fn play_out(
        &mut self,
        settings: &Settings,
        pos: &mut Position,
        config: Config,
        recent: Recent,
        depth: usize,
    ) {
        let policy = settings.policy;
        let replies = settings.reply.then_some(&self.replies);
        let amaf = settings.rave || settings.prior_selection().is_some();
        if amaf || settings.reply {
            let (stamps, first, it) = (&mut self.stamps, &mut self.first_ply, self.iteration);
            let (reply, line) = (settings.reply, &mut self.line);
            let mut ply = depth as u16;
            let seen = |c: usize, pl: Placement| {
                if amaf {
                    let k = stamp_index(c, pl);
                    stamps[k] = it;
                    first[k] = ply;
                }
                ply += 1;
                if reply {
                    line.push((c as u8, pl));
                }
            };
            playout::run_seen(pos, config, policy, recent, replies, &mut self.rng, seen);
            self.ply_end = ply;
        } else {
            playout::run_with(pos, config, policy, recent, None, &mut self.rng);
        }
    }

    /// Backs `reward` up the path from `root`: each node's own value and visits, and the
    /// all-moves-as-first updates of its children, and takes the path out of flight.
    fn back_up(&self, settings: &Settings, root: &mut Node, reward: &[f32; 4]) {
        let puct = settings.prior_selection();
        let mut node = root;
        for depth in 0..=self.path.len() {
            if depth < self.path.len() {
                if let Some(p) = puct {
                    self.merge_amaf(node, reward, depth, p.rave_weight);
                } else if settings.rave {
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
            }
            let r = reward[usize::from(node.player)];
            node.count += 1.0;
            node.value += (r - node.value) / node.count;
            node.visits += 1;
            node.wins += r;
            node.pending = node.pending.saturating_sub(1);
            if let Some(&i) = self.path.get(depth) {
                node = &mut node.children[usize::from(i)];
            }
        }
    }

    /// Prior selection's all-moves-as-first update at `node` (at `depth` plies into the
    /// iteration): every child whose placement its colour played later in the iteration
    /// learns the iteration's reward with weight `w` times one minus the distance over the
    /// plies left, up to [`RAVE_CHILD_MAX`] counts and while the node has at most
    /// [`RAVE_PARENT_MAX`] visits.
    fn merge_amaf(&self, node: &mut Node, reward: &[f32; 4], depth: usize, w: f32) {
        if node.visits > RAVE_PARENT_MAX {
            return;
        }
        let (c, it) = (usize::from(node.mover_color), self.iteration);
        let left = f32::from(self.ply_end.saturating_sub(depth as u16).max(1));
        for ch in &mut node.children {
            if let Move::Place(pl) = ch.mv {
                let k = stamp_index(c, pl);
                let first = self.first_ply[k];
                if self.stamps[k] != it || usize::from(first) <= depth || ch.count > RAVE_CHILD_MAX
                {
                    continue;
                }
                let weight = w * (1.0 - f32::from(first - depth as u16) / left);
                if weight <= 0.0 {
                    continue;
                }
                ch.count += weight;
                ch.value += weight * (reward[usize::from(ch.player)] - ch.value) / ch.count;
            }
        }
    }

    /// The children of a node at `pos` (all of them with prior selection, with
    /// `root_val` the search's mean reward for the player to move), or the moves to widen
    /// to, sorted best last.
    fn children(
        &mut self,
        settings: &Settings,
        pos: &Position,
        config: Config,
        root_val: f32,
    ) -> (Vec<Node>, Vec<(Move, f32)>) {
        let c = pos.to_move();
        let player = config.player_of(crate::Color(c as u8)).index() as u8;
        self.scratch.clear();
        if !pos.is_blocked(c) {
            pos.gen_placements(c, &mut self.scratch);
        }
        if self.scratch.is_empty() {
            return (alloc::vec![Node::new(Move::Pass, player, 0.5)], Vec::new());
        }
        if let Some(p) = settings.prior_selection() {
            let scored = prior::score_squares(pos, config, &self.scratch, &settings.weights);
            let cut = scored.len().saturating_sub(MAX_CHILDREN);
            let scored = &scored[cut..];
            let best = scored.last().map_or(0.0, |s| s.1);
            let t = p.temperature.max(1e-3);
            let mut sum = 0.0;
            let mut children = Vec::with_capacity(scored.len());
            // Best first.
            for &(mv, score) in scored.iter().rev() {
                let gamma = exp_neg((score - best) / t);
                sum += gamma;
                let mut ch = Node::new(mv, player, root_val * sqrt(gamma));
                ch.count = p.prior_count;
                ch.p = gamma;
                children.push(ch);
            }
            for ch in &mut children {
                ch.p /= sum;
            }
            return (children, Vec::new());
        }
        let untried = if settings.knowledge {
            let mut scored = prior::score(pos, config, &self.scratch, &settings.weights);
            let cut = scored.len().saturating_sub(MAX_CHILDREN);
            scored.drain(..cut);
            scored
        } else {
            prior::size_and_blocking(pos, config, &self.scratch, MAX_CHILDREN)
        };
        (Vec::new(), untried)
    }
}

/// The node `path` leads to from `root`.
fn node_at<'a>(root: &'a mut Node, path: &[u16]) -> &'a mut Node {
    path.iter()
        .fold(root, |node, &i| &mut node.children[usize::from(i)])
}

/// Whether the search should end after its latest iteration: out of time, its move
/// settled (see [`super::settled`]), or a root with one move.
fn should_stop(sh: &Shared, setup: &Setup<'_>) -> bool {
    let done = sh.done;
    #[cfg(feature = "std")]
    if done.is_multiple_of(8)
        && let Some(limit) = setup.settings.time_limit
    {
        let elapsed = setup.clock.elapsed();
        if elapsed >= limit {
            return true;
        }
        if done.is_multiple_of(64) {
            // The playouts the rest of the time would run at the rate so far.
            let rate = f64::from(done) / elapsed.as_secs_f64().max(1e-9);
            let by_time = rate * limit.saturating_sub(elapsed).as_secs_f64();
            let left = f64::from(setup.playouts.saturating_sub(done));
            if super::settled(
                &sh.root,
                setup.settings.prior_selection(),
                by_time.min(left),
            ) {
                return true;
            }
        }
    }
    #[cfg(not(feature = "std"))]
    let _ = setup;
    // A root with one move needs no search.
    let root = &sh.root;
    root.expanded && root.children.len() + root.untried.len() == 1 && done >= 1
}

/// UCT's child to visit: widens the node when its visits allow, then picks by UCB. Nodes
/// in flight in other iterations count as lost visits.
fn select_uct(settings: &Settings, node: &mut Node) -> usize {
    // The node's visits, with those of the other iterations in flight through it.
    let visits = node.visits + u32::from(node.pending.saturating_sub(1));
    // 1 + 2 sqrt(n), in integers.
    let allowed = 1 + (4 * visits).isqrt() as usize;
    if node.children.len() < allowed
        && let Some((mv, prior)) = node.untried.pop()
    {
        node.children.push(Node::new(mv, node.mover, prior));
    }
    let ln = ln((visits + 1) as f32);
    let c = settings.exploration;
    let pv = if settings.knowledge {
        KNOWLEDGE_PRIOR_VISITS
    } else {
        PRIOR_VISITS
    };
    let mut best = 0;
    let mut best_score = f32::NEG_INFINITY;
    for (i, ch) in node.children.iter().enumerate() {
        let n = (ch.visits + u32::from(ch.pending)) as f32;
        let mut q = (ch.wins + pv * ch.prior) / (n + pv);
        if settings.rave && ch.amaf_visits > 0.0 {
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
