//! Solvers: greedy, depth-limited lookahead and an exact optimal solver (IDA* on the region
//! graph).
//!
//! Every solver works on the board's region graph with the flood as a set of regions, in
//! fixed-width bitsets (`[u64; W]`, `W` chosen from the number of regions), and considers only
//! the colours touching the flood: any other move absorbs nothing.
//!
//! The exact solver is iterative-deepening A* (IDA*) with:
//! - a cheap admissible bound from one breadth-first pass over the region graph. After `t`
//!   moves the flood lies within graph distance `t` of where it started, and a region is
//!   absorbed only by a move of its own colour, so a colour whose farthest region is at
//!   distance `D(c)` needs a move at a time `>= D(c)`. For every threshold `d`, the `m(d)`
//!   colours with `D(c) >= d` need distinct moves at times `>= d`; the chain of absorptions
//!   leading to a farthest region (distance `e`) also needs `e - d + 1` moves at times `>= d`,
//!   and its region `k` steps before the end has a colour with `D >= e - k`, so those moves can
//!   stand for at most `u(d)` of the `m(d)` colours (a small matching). Hence at least
//!   `e + m(d) - u(d)` moves; the bound is the largest over `d`. It is never below the number
//!   of colours left nor below the eccentricity `e`;
//! - a tail bound, checked when the cheap bound is close to the budget: after `d - 1` moves
//!   the flood lies within the ball of radius `d - 1`, so at least `d - 1` moves plus the
//!   optimum from that whole ball are needed. For the last few layers that optimum is a small
//!   search of its own, cached in the tables;
//! - dominance rules: a colour whose remaining regions all touch the flood is played at once
//!   (playing it first never makes a solution longer); a move that brings no new region next
//!   to the flood is never needed first; of two consecutive independent moves only one order
//!   is searched;
//! - a transposition table keyed by the flooded set, remembering for how many moves a state is
//!   known to be unsolvable.
//!
//! The exact lengths are checked against a breadth-first search over whole boards in the
//! crate's tests.

use alloc::vec::Vec;

use crate::{Color, Game};

/// A solving method, for callers that pick one at run time.
///
/// ```
/// use plateau_floodit::{Config, Game, Strategy};
///
/// let game = Game::new(Config::default(), 1)?;
/// let optimal = Strategy::Exact.solve(&game).len();
/// assert!(Strategy::Greedy.solve(&game).len() >= optimal);
/// assert!(Strategy::Lookahead(2).solve(&game).len() >= optimal);
/// # Ok::<(), plateau_floodit::BoardError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Strategy {
    /// [`greedy`]: the colour absorbing the most cells.
    Greedy,
    /// [`lookahead`] with the given depth.
    Lookahead(u32),
    /// [`solve`]: an optimal solution.
    Exact,
}

impl Strategy {
    /// The moves this strategy plays from the game's position until the board is one colour
    /// (ignoring the move limit).
    #[must_use]
    pub fn solve(self, game: &Game) -> Vec<Color> {
        match self {
            Strategy::Greedy => greedy(game),
            Strategy::Lookahead(d) => lookahead(game, d),
            Strategy::Exact => solve(game),
        }
    }

    /// The strategy's next move, or `None` once the game is over.
    #[must_use]
    pub fn hint(self, game: &Game) -> Option<Color> {
        if game.is_over() {
            return None;
        }
        match self {
            Strategy::Greedy => dispatch(game, Greedy { moves: 1 }).first().copied(),
            Strategy::Lookahead(d) => dispatch(game, Lookahead { depth: d, moves: 1 })
                .first()
                .copied(),
            Strategy::Exact => solve(game).first().copied(),
        }
    }
}

/// The exact solver's next move: the first move of an optimal solution, or `None` once the
/// game is over.
///
/// ```
/// use plateau_floodit::{Config, Game, hint};
///
/// let mut game = Game::new(Config::default(), 3)?;
/// while let Some(c) = hint(&game) {
///     game.play(c)?;
/// }
/// assert!(game.is_uniform());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn hint(game: &Game) -> Option<Color> {
    Strategy::Exact.hint(game)
}

/// Greedy play: repeatedly the colour that absorbs the most cells (the lowest colour on a
/// tie), until the board is one colour. The move limit is ignored.
#[must_use]
pub fn greedy(game: &Game) -> Vec<Color> {
    dispatch(game, Greedy { moves: usize::MAX })
}

/// Depth-`depth` lookahead: for each move, every sequence of `depth` useful moves is tried and
/// the first move of the best one played (a win in the fewest moves, otherwise the most
/// cells flooded at the end; ties go to the larger immediate gain, then the lowest colour).
/// Depth 0 and 1 are [`greedy`]. The move limit is ignored.
#[must_use]
pub fn lookahead(game: &Game, depth: u32) -> Vec<Color> {
    dispatch(
        game,
        Lookahead {
            depth,
            moves: usize::MAX,
        },
    )
}

/// An optimal solution from the game's position: the fewest moves that make the board one
/// colour (the move limit is ignored, so it may exceed the moves left).
///
/// Flood-It is NP-hard in general: this is fast on the usual boards (a few milliseconds for
/// 14 x 14 with 6 colours) but may take very long on large boards with many colours. Use
/// [`solve_with_limit`] to bound the work.
///
/// ```
/// use plateau_floodit::{Config, Game, solve};
///
/// let mut game = Game::new(Config::small(), 42)?;
/// let moves = solve(&game);
/// for &c in &moves {
///     game.play(c)?;
/// }
/// assert!(game.is_uniform());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn solve(game: &Game) -> Vec<Color> {
    dispatch(
        game,
        Exact {
            max_nodes: u64::MAX,
        },
    )
    .map(|s| s.moves)
    .unwrap_or_default()
}

/// Like [`solve`], giving up (`None`) after expanding `max_nodes` search nodes.
#[must_use]
pub fn solve_with_limit(game: &Game, max_nodes: u64) -> Option<Solution> {
    dispatch(game, Exact { max_nodes })
}

/// An optimal solution and the work it took.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Solution {
    /// The moves, in order.
    pub moves: Vec<Color>,
    /// Search nodes expanded (over all iterations).
    pub nodes: u64,
    /// Lower-bound evaluations (over all iterations).
    pub evals: u64,
}

// ---------------------------------------------------------------------------------------------
// Fixed-width region graph.

type Set<const W: usize> = [u64; W];

#[inline]
fn or_assign<const W: usize>(a: &mut Set<W>, b: &Set<W>) {
    for i in 0..W {
        a[i] |= b[i];
    }
}

#[inline]
fn and<const W: usize>(a: &Set<W>, b: &Set<W>) -> Set<W> {
    core::array::from_fn(|i| a[i] & b[i])
}

#[inline]
fn intersects<const W: usize>(a: &Set<W>, b: &Set<W>) -> bool {
    (0..W).any(|i| a[i] & b[i] != 0)
}

#[inline]
fn is_empty<const W: usize>(a: &Set<W>) -> bool {
    a.iter().all(|&w| w == 0)
}

/// Calls `f` with each member of `s`.
#[inline]
fn each<const W: usize>(s: &Set<W>, mut f: impl FnMut(usize)) {
    for (i, &word) in s.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(i * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

struct Graph<const W: usize> {
    colors: usize,
    size: Vec<u32>,
    adj: Vec<Set<W>>,
    by_color: Vec<Set<W>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Node<const W: usize> {
    flooded: Set<W>,
    frontier: Set<W>,
    cells: u32,
}

impl<const W: usize> Node<W> {
    fn solved(&self) -> bool {
        // The region graph of a board is connected: an empty frontier means all is flooded.
        is_empty(&self.frontier)
    }
}

impl<const W: usize> Graph<W> {
    fn build(game: &Game) -> (Graph<W>, Node<W>) {
        let rg = game.graph();
        let n = rg.count();
        let set = |words: &[u64]| -> Set<W> {
            core::array::from_fn(|i| words.get(i).copied().unwrap_or(0))
        };
        let mut adj = Vec::with_capacity(n);
        for r in 0..n {
            let mut s = [0u64; W];
            for &nb in rg.regions.neighbors(r as u32) {
                s[nb as usize / 64] |= 1 << (nb % 64);
            }
            adj.push(s);
        }
        let by_color = (0..rg.colors).map(|c| set(rg.colour_set(c))).collect();
        let graph = Graph {
            colors: usize::from(rg.colors),
            size: rg.regions.sizes().to_vec(),
            adj,
            by_color,
        };
        let root = Node {
            flooded: set(game.flooded_set()),
            frontier: set(game.frontier_set()),
            cells: game.flooded_cells() as u32,
        };
        (graph, root)
    }

    #[inline]
    fn useful(&self, node: &Node<W>, c: usize) -> bool {
        intersects(&node.frontier, &self.by_color[c])
    }

    fn gain(&self, node: &Node<W>, c: usize) -> u32 {
        let mut cells = 0;
        each(&and(&node.frontier, &self.by_color[c]), |r| {
            cells += self.size[r]
        });
        cells
    }

    #[inline]
    fn apply(&self, node: &Node<W>, c: usize) -> Node<W> {
        let mut next = *node;
        let new = and(&node.frontier, &self.by_color[c]);
        or_assign(&mut next.flooded, &new);
        each(&new, |r| {
            next.cells += self.size[r];
            or_assign(&mut next.frontier, &self.adj[r]);
        });
        for i in 0..W {
            next.frontier[i] &= !next.flooded[i];
        }
        next
    }

    /// Whether playing the move that led from `node` to `child` brought a region that did not
    /// touch the flood before next to it.
    ///
    /// When no forced move exists, a move that does not is never needed first: putting it
    /// last gives a solution as short (its regions stay next to the flood), and if every
    /// optimal first move were of this kind the flood would never grow beyond the regions
    /// touching it now, making some colour forced.
    #[inline]
    fn expands(&self, node: &Node<W>, child: &Node<W>) -> bool {
        (0..W).any(|i| child.frontier[i] & !node.frontier[i] != 0)
    }

    /// The commutation rule: whether playing `b` at `node`, reached by `last`, is covered by
    /// playing `b` before `last` from the parent.
    ///
    /// If `b` absorbs only regions that already touched the parent's flood, `b` then `a`
    /// (the last colour) floods a superset of `a` then `b`; the sibling order is searched
    /// instead when it floods strictly more (`a` gains from `b`'s regions) or, when both
    /// orders flood the same, when `b < a`.
    fn commutes_back(&self, node: &Node<W>, b: usize, last: &Last<W>) -> bool {
        let new = and(&node.frontier, &self.by_color[b]);
        if (0..W).any(|i| new[i] & !last.frontier[i] != 0) {
            return false; // b uses a region that the last move brought next to the flood
        }
        if b < last.color {
            return true;
        }
        let mut reach = [0u64; W];
        each(&new, |r| or_assign(&mut reach, &self.adj[r]));
        let a = &self.by_color[last.color];
        (0..W).any(|i| reach[i] & a[i] & !last.flooded[i] != 0)
    }

    /// A colour whose remaining regions all touch the flood, if any.
    fn forced(&self, node: &Node<W>) -> Option<usize> {
        (0..self.colors).find(|&c| {
            let mut any = false;
            for i in 0..W {
                let rest = self.by_color[c][i] & !node.flooded[i];
                if rest & !node.frontier[i] != 0 {
                    return false;
                }
                any |= rest != 0;
            }
            any
        })
    }

    /// Appends the breadth-first distance layers of `node` (frontier first) to `out`.
    fn push_layers(&self, node: &Node<W>, out: &mut Vec<Set<W>>) {
        let mut visited = node.flooded;
        let mut layer = node.frontier;
        while !is_empty(&layer) {
            out.push(layer);
            or_assign(&mut visited, &layer);
            let mut next = [0u64; W];
            each(&layer, |r| or_assign(&mut next, &self.adj[r]));
            for i in 0..W {
                next[i] &= !visited[i];
            }
            layer = next;
        }
    }

    /// Appends the layers of the child reached by absorbing `absorbed` (part of the first
    /// layer) to `arena`, from the parent's layers `arena[parent]`.
    ///
    /// A region's distance drops by one exactly when a path from `absorbed` reaches it going
    /// one layer outwards at each step (the descendants of `absorbed` in the layered graph);
    /// every other region keeps its distance.
    fn push_child_layers(
        &self,
        arena: &mut Vec<Set<W>>,
        parent: core::ops::Range<usize>,
        absorbed: &Set<W>,
    ) {
        let e = parent.len();
        let mut desc = *absorbed;
        for i in 0..e {
            let here = arena[parent.start + i];
            let mut next_desc = [0u64; W];
            if i + 1 < e && !is_empty(&desc) {
                each(&desc, |r| or_assign(&mut next_desc, &self.adj[r]));
                let below = arena[parent.start + i + 1];
                for w in 0..W {
                    next_desc[w] &= below[w];
                }
            }
            let layer: Set<W> = core::array::from_fn(|w| (here[w] & !desc[w]) | next_desc[w]);
            if is_empty(&layer) {
                break; // only the last layer can empty
            }
            arena.push(layer);
            desc = next_desc;
        }
    }

    /// The bound of a node from its layers.
    fn bound_of_layers(&self, layers: &[Set<W>]) -> u32 {
        // The colours still present, then the farthest layer of each, from the far end.
        let mut rest = [0u64; W];
        for l in layers {
            or_assign(&mut rest, l);
        }
        let mut missing = 0u64;
        for (c, set) in self.by_color.iter().enumerate() {
            if intersects(set, &rest) {
                missing |= 1 << c;
            }
        }
        let mut far = [0u32; crate::MAX_COLORS as usize];
        for (d, l) in layers.iter().enumerate().rev() {
            if missing == 0 {
                break;
            }
            let mut m = missing;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                if intersects(l, &self.by_color[c]) {
                    far[c] = d as u32 + 1;
                    missing &= !(1 << c);
                }
            }
        }
        chain_bound(&mut far[..self.colors])
    }
}

/// The lower bound from the farthest distance `far[c]` of each colour (0: colour gone); see
/// the module docs. Sorts `far` in decreasing order.
fn chain_bound(far: &mut [u32]) -> u32 {
    far.sort_unstable_by(|a, b| b.cmp(a));
    let e = far[0];
    let mut best = 0;
    let mut used = 0;
    let mut eligible = 0;
    for d in (1..=e).rev() {
        while eligible < far.len() && far[eligible] >= d {
            eligible += 1;
        }
        if eligible as u32 > used {
            used += 1;
        }
        best = best.max(e + eligible as u32 - used);
    }
    best
}

trait Task {
    type Out;
    fn run<const W: usize>(self, graph: &Graph<W>, root: Node<W>) -> Self::Out;
}

fn go<const W: usize, T: Task>(game: &Game, task: T) -> T::Out {
    let (graph, root) = Graph::<W>::build(game);
    task.run(&graph, root)
}

fn dispatch<T: Task>(game: &Game, task: T) -> T::Out {
    match game.graph().words {
        0 | 1 => go::<1, T>(game, task),
        2 => go::<2, T>(game, task),
        3 => go::<3, T>(game, task),
        4 => go::<4, T>(game, task),
        5 | 6 => go::<6, T>(game, task),
        7 | 8 => go::<8, T>(game, task),
        9..=16 => go::<16, T>(game, task),
        17..=32 => go::<32, T>(game, task),
        // At most 64 x 64 cells, so at most 4096 regions: 64 words.
        _ => go::<64, T>(game, task),
    }
}

struct Greedy {
    moves: usize,
}

impl Task for Greedy {
    type Out = Vec<Color>;
    fn run<const W: usize>(self, g: &Graph<W>, mut node: Node<W>) -> Vec<Color> {
        let mut out = Vec::new();
        while !node.solved() && out.len() < self.moves {
            let c = (0..g.colors)
                .filter(|&c| g.useful(&node, c))
                .max_by_key(|&c| (g.gain(&node, c), core::cmp::Reverse(c)))
                .unwrap_or(0);
            node = g.apply(&node, c);
            out.push(Color(c as u8));
        }
        out
    }
}

struct Lookahead {
    depth: u32,
    moves: usize,
}

impl Lookahead {
    /// Score of the best sequence of at most `depth` moves from `node`: a win scores above
    /// any cell count, earlier wins higher.
    fn best<const W: usize>(g: &Graph<W>, node: &Node<W>, depth: u32) -> u64 {
        if node.solved() {
            return (1 << 40) + u64::from(depth);
        }
        if depth == 0 {
            return u64::from(node.cells);
        }
        (0..g.colors)
            .filter(|&c| g.useful(node, c))
            .map(|c| Self::best(g, &g.apply(node, c), depth - 1))
            .max()
            .unwrap_or(0)
    }
}

impl Task for Lookahead {
    type Out = Vec<Color>;
    fn run<const W: usize>(self, g: &Graph<W>, mut node: Node<W>) -> Vec<Color> {
        let depth = self.depth.max(1);
        let mut out = Vec::new();
        while !node.solved() && out.len() < self.moves {
            let c = (0..g.colors)
                .filter(|&c| g.useful(&node, c))
                .max_by_key(|&c| {
                    let next = g.apply(&node, c);
                    (
                        Self::best(g, &next, depth - 1),
                        next.cells,
                        core::cmp::Reverse(c),
                    )
                })
                .unwrap_or(0);
            node = g.apply(&node, c);
            out.push(Color(c as u8));
        }
        out
    }
}

/// How close (in moves) the cheap bound must come to the budget before the tail is searched.
const TAIL_SLACK: u32 = 3;
/// Layers in the tail searched exactly, per nesting level of tail searches (one level).
const TAILS: &[usize] = &[4];

struct Exact {
    max_nodes: u64,
}

impl Task for Exact {
    type Out = Option<Solution>;
    fn run<const W: usize>(self, g: &Graph<W>, root: Node<W>) -> Option<Solution> {
        let mut search = Search {
            g,
            table: Table::new(),
            path: Vec::new(),
            nodes: 0,
            evals: 0,
            max_nodes: self.max_nodes,
            tails: TAILS,
            level: 0,
            layers: Vec::new(),
            pending: Vec::new(),
            solvable: Table::new(),
        };
        g.push_layers(&root, &mut search.layers);
        let root_layers = 0..search.layers.len();
        let h = g.bound_of_layers(&search.layers);
        let mut bound = h;
        loop {
            match search.dfs(root, root_layers.clone(), h, 0, bound, None) {
                Some(true) => {
                    let moves = search.path.iter().map(|&c| Color(c)).collect();
                    return Some(Solution {
                        moves,
                        nodes: search.nodes,
                        evals: search.evals,
                    });
                }
                Some(false) => bound += 1,
                None => return None,
            }
        }
    }
}

type Layers = core::ops::Range<usize>;

struct Search<'g, const W: usize> {
    g: &'g Graph<W>,
    table: Table<W>,
    path: Vec<u8>,
    nodes: u64,
    evals: u64,
    max_nodes: u64,
    /// Layers of the far tail solved exactly to strengthen the bound, per nesting level.
    tails: &'static [usize],
    level: usize,
    /// The distance layers of the nodes on the current path and of their pending children,
    /// used as a stack: a node's layers are a range of it.
    layers: Vec<Set<W>>,
    /// Children waiting to be searched, used as a stack like `layers`.
    pending: Vec<Node<W>>,
    solvable: Table<W>,
}

impl<const W: usize> Search<'_, W> {
    /// Whether `node` (with distance layers `layers` and lower bound `h`, reached in `depth`
    /// moves) is solved within `bound` moves in all; `None` when the node budget ran out. On
    /// success `path` holds the solution. `last` describes the move that led here, for the
    /// commutation rule.
    fn dfs(
        &mut self,
        node: Node<W>,
        layers: Layers,
        h: u32,
        depth: u32,
        bound: u32,
        last: Option<&Last<W>>,
    ) -> Option<bool> {
        if node.solved() {
            return Some(true);
        }
        if depth + h > bound {
            return Some(false);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        let budget = bound - depth;
        if self.table.get(&node.flooded) >= budget {
            return Some(false);
        }
        let (mark, pending) = (self.layers.len(), self.pending.len());
        let found = self.expand(&node, layers, depth, bound, last);
        self.layers.truncate(mark);
        self.pending.truncate(pending);
        found
    }

    /// Appends the layers of `node` played with `c` to the stack, returning their range.
    fn child_layers(&mut self, node: &Node<W>, layers: &Layers, c: usize) -> Layers {
        let start = self.layers.len();
        let absorbed = and(&node.frontier, &self.g.by_color[c]);
        self.g
            .push_child_layers(&mut self.layers, layers.clone(), &absorbed);
        start..self.layers.len()
    }

    fn expand(
        &mut self,
        node: &Node<W>,
        layers: Layers,
        depth: u32,
        bound: u32,
        last: Option<&Last<W>>,
    ) -> Option<bool> {
        let g = self.g;
        let budget = bound - depth;
        // Whether a child was skipped for a reason that depends on the path here: then the
        // failure below is not a fact about this state alone and is not remembered.
        let mut path_pruned = false;
        if let Some(c) = g.forced(node) {
            let child = g.apply(node, c);
            self.path.push(c as u8);
            self.evals += 1;
            let range = self.child_layers(node, &layers, c);
            let hc = g.bound_of_layers(&self.layers[range.clone()]);
            // No sibling order is searched here, so the child may not rely on one.
            if self.dfs(child, range, hc, depth + 1, bound, None)? {
                return Some(true);
            }
            self.path.pop();
        } else {
            let mut children =
                [(0u32, 0u32, 0usize, 0usize, 0usize, 0usize); crate::MAX_COLORS as usize];
            let mut count = 0;
            for c in 0..g.colors {
                if !g.useful(node, c) {
                    continue;
                }
                if let Some(last) = last
                    && g.commutes_back(node, c, last)
                {
                    path_pruned = true;
                    continue;
                }
                let child = g.apply(node, c);
                // A move that reaches no new region can wait (see `expands`).
                if !g.expands(node, &child) {
                    continue;
                }
                if !child.solved() && self.table.get(&child.flooded) >= budget - 1 {
                    continue;
                }
                self.evals += 1;
                let range = self.child_layers(node, &layers, c);
                let (ok, hc) = self.admits(&child, range.clone(), budget - 1)?;
                if ok {
                    let slot = self.pending.len();
                    self.pending.push(child);
                    children[count] = (hc, u32::MAX - child.cells, c, range.start, range.end, slot);
                    count += 1;
                }
            }
            let children = &mut children[..count];
            children.sort_unstable();
            for &(hc, _, c, start, end, slot) in children.iter() {
                let child = self.pending[slot];
                self.path.push(c as u8);
                let here = Last {
                    color: c,
                    frontier: node.frontier,
                    flooded: child.flooded,
                };
                if self.dfs(child, start..end, hc, depth + 1, bound, Some(&here))? {
                    return Some(true);
                }
                self.path.pop();
            }
        }
        if !path_pruned {
            self.table.raise(&node.flooded, budget);
        }
        Some(false)
    }

    /// Whether `node` (with layers `layers`) may be solvable within `limit` moves, and its
    /// cheap lower bound (for ordering). Beyond the layered bound, the far tail is checked:
    /// after `d - 1` moves the flood lies within distance `d - 1` of where it is now, so at
    /// least `d - 1` moves plus the optimum from that whole ball are needed. The tail (the
    /// last few layers) is small; its search is cached in the tables.
    fn admits(&mut self, node: &Node<W>, layers: Layers, limit: u32) -> Option<(bool, u32)> {
        let h = self.g.bound_of_layers(&self.layers[layers.clone()]);
        let e = layers.len();
        let mut ok = h <= limit;
        let tail_layers = self.tails.get(self.level).copied().unwrap_or(0);
        if ok && tail_layers > 0 && e > tail_layers && limit - h <= TAIL_SLACK {
            let d = e - tail_layers + 1;
            let mut ball = node.flooded;
            for l in &self.layers[layers.start..layers.start + d - 1] {
                or_assign(&mut ball, l);
            }
            let tail = Node {
                flooded: ball,
                frontier: self.layers[layers.start + d - 1],
                cells: 0,
            };
            // Distances from the ball are those of the last layers, shifted.
            let tail_layers = layers.start + d - 1..layers.end;
            ok = self.tail_solvable(&tail, tail_layers, limit - (d as u32 - 1))?;
        }
        Some((ok, h))
    }

    /// Whether the tail state is solvable within `limit` moves (cached both ways).
    fn tail_solvable(&mut self, tail: &Node<W>, layers: Layers, limit: u32) -> Option<bool> {
        if self.table.get(&tail.flooded) >= limit {
            return Some(false);
        }
        // `solvable` keeps 255 - (moves of a known solution), so larger is better.
        let known = self.solvable.get(&tail.flooded);
        if known != 0 && 255 - known <= limit {
            return Some(true);
        }
        let h = self.g.bound_of_layers(&self.layers[layers.clone()]);
        if h > limit {
            return Some(false);
        }
        let mark = self.path.len();
        self.level += 1;
        let found = self.dfs(*tail, layers, h, 0, limit, None);
        self.level -= 1;
        let found = found?;
        if found {
            let moves = (self.path.len() - mark) as u32;
            self.solvable.raise(&tail.flooded, 255 - moves.min(254));
        }
        self.path.truncate(mark);
        Some(found)
    }
}

/// The move that led to a node: its colour, the frontier before it and the flood after it.
struct Last<const W: usize> {
    color: usize,
    frontier: Set<W>,
    flooded: Set<W>,
}

/// Open-addressing map from a flooded set to the largest number of moves within which it is
/// known to be unsolvable (0: nothing known).
struct Table<const W: usize> {
    keys: Vec<Set<W>>,
    vals: Vec<u32>,
    len: usize,
}

impl<const W: usize> Table<W> {
    fn new() -> Self {
        Table {
            keys: alloc::vec![[0; W]; 1024],
            vals: alloc::vec![0; 1024],
            len: 0,
        }
    }

    fn slot(keys: &[Set<W>], vals: &[u32], key: &Set<W>) -> usize {
        let mut h = 0x243F_6A88_85A3_08D3u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
        let mask = keys.len() - 1;
        let mut i = (h as usize) & mask;
        while vals[i] != 0 && keys[i] != *key {
            i = (i + 1) & mask;
        }
        i
    }

    fn get(&self, key: &Set<W>) -> u32 {
        self.vals[Self::slot(&self.keys, &self.vals, key)]
    }

    fn raise(&mut self, key: &Set<W>, val: u32) {
        if 2 * (self.len + 1) > self.keys.len() {
            let cap = self.keys.len() * 2;
            let old_keys = core::mem::replace(&mut self.keys, alloc::vec![[0; W]; cap]);
            let old_vals = core::mem::replace(&mut self.vals, alloc::vec![0; cap]);
            for (k, v) in old_keys.iter().zip(old_vals) {
                if v != 0 {
                    let i = Self::slot(&self.keys, &self.vals, k);
                    self.keys[i] = *k;
                    self.vals[i] = v;
                }
            }
        }
        let i = Self::slot(&self.keys, &self.vals, key);
        if self.vals[i] == 0 {
            self.len += 1;
            self.keys[i] = *key;
        }
        self.vals[i] = self.vals[i].max(val);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_bound_counts_colours_the_chain_cannot_cover() {
        // One colour at distance 3, two only at distance 1: the chain to the far region can
        // stand for the far colour and one near colour, the other needs its own move.
        assert_eq!(chain_bound(&mut [3, 1, 1]), 4);
        // Three colours all needed at time >= 5.
        assert_eq!(chain_bound(&mut [5, 5, 5]), 7);
        // The distance alone, colours gone.
        assert_eq!(chain_bound(&mut [0, 2, 0]), 2);
        assert_eq!(chain_bound(&mut [1, 1, 1, 1]), 4);
        assert_eq!(chain_bound(&mut [0, 0]), 0);
    }

    #[test]
    fn table_keeps_the_largest_value() {
        let mut t = Table::<2>::new();
        for i in 0..5000u64 {
            t.raise(&[i, i * 7], 3);
        }
        t.raise(&[10, 70], 2);
        t.raise(&[11, 77], 9);
        assert_eq!(t.get(&[10, 70]), 3);
        assert_eq!(t.get(&[11, 77]), 9);
        assert_eq!(t.get(&[5000, 0]), 0);
        assert_eq!(t.len, 5000);
    }
}
