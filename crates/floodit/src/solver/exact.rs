//! The exact, optimal solver: iterative-deepening A* (IDA*) over the region graph.
//!
//! - The cheap admissible bound of [`bound`](super::bound), from the distance layers.
//! - A tail bound, checked when the cheap bound is close to the budget: after `d - 1` moves
//!   the flood lies within the ball of radius `d - 1`, so at least `d - 1` moves plus the
//!   optimum from that whole ball are needed. For the last few layers that optimum is a small
//!   search of its own, cached in the tables.
//! - Dominance rules: a colour whose remaining regions all touch the flood is played at once
//!   ([`Graph::forced`]); a move that brings no new region next to the flood is never needed
//!   first ([`Node::expands`]); of two consecutive independent moves only one order is
//!   searched ([`Graph::commutes_back`]).
//! - A transposition table keyed by the flooded set, remembering for how many moves a state
//!   is known to be unsolvable ([`Table`], bounded in memory).
//!
//! The search recurses once per move, so its frames are kept small (a few scalars): the
//! nodes of the path and their pending children live in one vector, referred to by index,
//! and the helpers that need whole sets on the stack are not inlined into it. A 64x64
//! board searched to depth 126 fits in 64 KiB of stack.
//!
//! The exact lengths are checked against a breadth-first search over whole boards in the
//! crate's tests.

use alloc::vec::Vec;

use super::Task;
use super::graph::{Graph, Node, Set, or_assign};
use super::table::Table;
use crate::{Color, Solution, SolveError};

/// How close (in moves) the cheap bound must come to the budget before the tail is searched.
const TAIL_SLACK: u32 = 3;
/// Layers in the tail searched exactly, per nesting level of tail searches (one level).
const TAILS: &[usize] = &[4];

/// An optimal solution, or [`SolveError::NodeLimit`] after `max_nodes` expansions.
pub(super) struct Exact {
    pub(super) max_nodes: u64,
}

impl Task for Exact {
    type Out = Result<Solution<Color>, SolveError>;

    fn run<const W: usize>(self, g: &Graph<W>, root: Node<W>) -> Self::Out {
        let mut search = Search {
            g,
            table: Table::new(),
            path: Vec::new(),
            nodes: 0,
            max_nodes: self.max_nodes,
            tails: TAILS,
            level: 0,
            layers: Vec::new(),
            stack: alloc::vec![root],
            children: Vec::new(),
            solvable: Table::new(),
        };
        g.push_layers(&root, &mut search.layers);
        let root_layers = 0..search.layers.len();
        let h = g.bound_of_layers(&search.layers, &root.flooded);
        let mut bound = h;
        loop {
            match search.dfs(0, root_layers.clone(), h, 0, bound, None) {
                Some(true) => {
                    let moves = search.path.iter().map(|&c| Color::ALL[c]).collect();
                    return Ok(Solution::new(moves, search.nodes));
                }
                Some(false) => bound += 1,
                None => {
                    return Err(SolveError::NodeLimit {
                        nodes: search.max_nodes,
                    });
                }
            }
        }
    }
}

type Layers = core::ops::Range<usize>;

/// One child of a node, waiting to be searched: its bound, cells (for the order), colour,
/// layers in the arena and index in the node stack.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Child {
    bound: u32,
    /// `u32::MAX - cells`: more cells first among equal bounds.
    cells_left: u32,
    color: usize,
    start: usize,
    end: usize,
    slot: usize,
}

/// The move that led to a node: its colour and the parent's index in the node stack (for
/// the commutation rule).
#[derive(Clone, Copy)]
struct LastMove {
    color: usize,
    parent: usize,
}

struct Search<'g, const W: usize> {
    g: &'g Graph<W>,
    table: Table<W>,
    path: Vec<usize>,
    nodes: u64,
    max_nodes: u64,
    /// Layers of the far tail solved exactly to strengthen the bound, per nesting level.
    tails: &'static [usize],
    level: usize,
    /// The distance layers of the nodes on the current path and of their pending children,
    /// used as a stack: a node's layers are a range of it.
    layers: Vec<Set<W>>,
    /// The nodes on the current path and their pending children, used as a stack like
    /// `layers`; the search refers to them by index.
    stack: Vec<Node<W>>,
    /// The pending children's order and ranges, a stack like `stack`.
    children: Vec<Child>,
    /// Tail states known solvable, as `255 - moves` (larger is better).
    solvable: Table<W>,
}

impl<const W: usize> Search<'_, W> {
    /// Whether node `at` (with distance layers `layers` and lower bound `h`, reached in
    /// `depth` moves) is solved within `bound` moves in all; `None` when the node budget ran
    /// out. On success `path` holds the solution. `last` is the move that led here, for the
    /// commutation rule.
    fn dfs(
        &mut self,
        at: usize,
        layers: Layers,
        h: u32,
        depth: u32,
        bound: u32,
        last: Option<LastMove>,
    ) -> Option<bool> {
        if self.stack[at].solved() {
            return Some(true);
        }
        if depth + h > bound {
            return Some(false);
        }
        if self.nodes >= self.max_nodes {
            return None;
        }
        self.nodes += 1;
        let budget = bound - depth;
        if self.table.get(&self.stack[at].flooded) >= budget {
            return Some(false);
        }
        let marks = (self.layers.len(), self.stack.len(), self.children.len());
        let found = self.expand(at, layers, depth, bound, last);
        self.layers.truncate(marks.0);
        self.stack.truncate(marks.1);
        self.children.truncate(marks.2);
        found
    }

    /// Pushes node `at` played with colour `c` on the stack, returning its index.
    // Not inlined: the new node is built in this leaf's frame, not in the recursion's.
    #[inline(never)]
    fn push_child(&mut self, at: usize, c: usize) -> usize {
        let child = self.g.apply(&self.stack[at], c);
        self.stack.push(child);
        self.stack.len() - 1
    }

    /// Appends the layers of node `at` played with `c` to the arena, returning their range.
    fn child_layers(&mut self, at: usize, layers: &Layers, c: usize) -> Layers {
        let start = self.layers.len();
        self.g.push_child_layers(
            &mut self.layers,
            layers.clone(),
            &self.stack[at].frontier,
            c,
        );
        start..self.layers.len()
    }

    fn expand(
        &mut self,
        at: usize,
        layers: Layers,
        depth: u32,
        bound: u32,
        last: Option<LastMove>,
    ) -> Option<bool> {
        let g = self.g;
        let budget = bound - depth;
        // Whether a child was skipped for a reason that depends on the path here: then the
        // failure below is not a fact about this state alone and is not remembered.
        let mut path_pruned = false;
        if let Some(c) = g.forced(&self.stack[at]) {
            let child = self.push_child(at, c);
            self.path.push(c);
            let range = self.child_layers(at, &layers, c);
            let hc = g.bound_of_layers(&self.layers[range.clone()], &self.stack[child].flooded);
            // No sibling order is searched here, so the child may not rely on one.
            if self.dfs(child, range, hc, depth + 1, bound, None)? {
                return Some(true);
            }
            self.path.pop();
        } else {
            let first = self.children.len();
            for c in 0..g.colors {
                let node = &self.stack[at];
                if !g.useful(node, c) {
                    continue;
                }
                if let Some(last) = last
                    && g.commutes_back(node, c, last.color, &self.stack[last.parent].frontier)
                {
                    path_pruned = true;
                    continue;
                }
                let child = self.push_child(at, c);
                let kid = &self.stack[child];
                // A move that reaches no new region can wait (see `Node::expands`), and a
                // child known unsolvable in the moves left is not searched.
                if !kid.expands(&self.stack[at])
                    || !kid.solved() && self.table.get(&kid.flooded) >= budget - 1
                {
                    self.stack.pop();
                    continue;
                }
                let range = self.child_layers(at, &layers, c);
                let (ok, hc) = self.admits(child, range.clone(), budget - 1)?;
                if ok {
                    self.children.push(Child {
                        bound: hc,
                        cells_left: u32::MAX - self.stack[child].cells,
                        color: c,
                        start: range.start,
                        end: range.end,
                        slot: child,
                    });
                } else {
                    // Nothing was pushed after this child and its layers: drop them at once.
                    self.layers.truncate(range.start);
                    self.stack.truncate(child);
                }
            }
            self.children[first..].sort_unstable();
            for i in first..self.children.len() {
                let child = self.children[i];
                self.path.push(child.color);
                let here = LastMove {
                    color: child.color,
                    parent: at,
                };
                let range = child.start..child.end;
                if self.dfs(child.slot, range, child.bound, depth + 1, bound, Some(here))? {
                    return Some(true);
                }
                self.path.pop();
            }
        }
        if !path_pruned {
            self.table.raise(&self.stack[at].flooded, budget);
        }
        Some(false)
    }

    /// Whether node `at` (with layers `layers`) may be solvable within `limit` moves, and its
    /// cheap lower bound (for ordering). Beyond the layered bound, the far tail is checked:
    /// after `d - 1` moves the flood lies within distance `d - 1` of where it is now, so at
    /// least `d - 1` moves plus the optimum from that whole ball are needed. The tail (the
    /// last few layers) is small; its search is cached in the tables.
    fn admits(&mut self, at: usize, layers: Layers, limit: u32) -> Option<(bool, u32)> {
        let h = self
            .g
            .bound_of_layers(&self.layers[layers.clone()], &self.stack[at].flooded);
        let e = layers.len();
        let mut ok = h <= limit;
        let tail_layers = self.tails.get(self.level).copied().unwrap_or(0);
        if ok && tail_layers > 0 && e > tail_layers && limit - h <= TAIL_SLACK {
            let d = e - tail_layers + 1;
            // The tail state: the ball of radius d - 1 flooded, layer d - 1 its frontier.
            self.stack.extend_from_within(at..=at);
            let tail = self.stack.len() - 1;
            let node = &mut self.stack[tail];
            for l in &self.layers[layers.start..layers.start + d - 1] {
                or_assign(&mut node.flooded, l);
            }
            node.frontier = self.layers[layers.start + d - 1];
            node.cells = 0;
            // Distances from the ball are those of the last layers, shifted.
            let tail_layers = layers.start + d - 1..layers.end;
            // `d` is at most the number of layers, far below `u32::MAX`.
            let solvable = self.tail_solvable(tail, tail_layers, limit - (d as u32 - 1));
            self.stack.truncate(tail);
            ok = solvable?;
        }
        Some((ok, h))
    }

    /// Whether the tail state `at` is solvable within `limit` moves (cached both ways).
    fn tail_solvable(&mut self, at: usize, layers: Layers, limit: u32) -> Option<bool> {
        if self.table.get(&self.stack[at].flooded) >= limit {
            return Some(false);
        }
        let known = self.solvable.get(&self.stack[at].flooded);
        if known != 0 && 255 - known <= limit {
            return Some(true);
        }
        let h = self
            .g
            .bound_of_layers(&self.layers[layers.clone()], &self.stack[at].flooded);
        if h > limit {
            return Some(false);
        }
        let mark = self.path.len();
        self.level += 1;
        let found = self.dfs(at, layers, h, 0, limit, None);
        self.level -= 1;
        let found = found?;
        if found {
            let moves = u32::try_from(self.path.len() - mark).unwrap_or(u32::MAX);
            self.solvable
                .raise(&self.stack[at].flooded, 255 - moves.min(254));
        }
        self.path.truncate(mark);
        Some(found)
    }
}
