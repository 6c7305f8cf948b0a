//! The one IDA* driver both optimal solvers run on.
//!
//! Iterative-deepening A* (Korf 1985): depth-first searches bounded by `g + h`, the bound
//! raised each round to the smallest `g + h` that exceeded it. A heuristic ([`Node`]) only
//! says how a move changes its state and its lower bound `h`; the driver owns the bound, the
//! path, the node count and the budget. Children are tried in `U`, `D`, `L`, `R` order, under
//! a move automaton (`prune.rs`): the plain one only keeps a move from undoing the last one;
//! the 4 x 4 solver's also skips every path that a shorter or earlier equivalent one
//! replaces. Before trying its children a node prepares them all at once
//! ([`Node::prepare`]), so that a heuristic reading tables overlaps its memory reads.

use alloc::vec::Vec;

use plateau_grid::Solution;

use crate::error::SolveError;
use crate::moves::Move;
use crate::solver::prune::{DEAD, INVERSE_ONLY};

/// What [`Node::enter`] did with a move.
pub(crate) enum Child<U> {
    /// No tile on that side of the blank: nothing changed.
    Illegal,
    /// The child's `h` is above the budget: nothing changed; `h` is reported so the driver
    /// can set the next bound.
    Pruned(u32),
    /// The move was played; `U` undoes it.
    Entered(U),
}

/// A search state with an admissible heuristic, moved in place.
pub(crate) trait Node {
    /// What [`Node::leave`] needs to undo a move.
    type Undo;

    /// The lower bound at the current state.
    fn h(&self) -> u32;

    /// Whether the current state is the goal.
    fn is_goal(&self) -> bool;

    /// What the node works out once for all its children before they are tried (a
    /// heuristic that reads tables looks every child up at once, so that the memory reads
    /// overlap instead of waiting for each other).
    type Prep;

    /// Prepares the children `allowed` (bit `i`: [`Move::ALL`]`[i]`) may reach, under
    /// `budget` (as [`Node::enter`]).
    fn prepare(&self, allowed: u8, budget: u32) -> Self::Prep;

    /// Plays `m` if it is legal and the child's `h` is at most `budget`; leaves the state
    /// untouched otherwise. `prep` is what [`Node::prepare`] gave for this node, with
    /// `m` among the moves it allowed.
    fn enter(&mut self, m: Move, budget: u32, prep: &Self::Prep) -> Child<Self::Undo>;

    /// Undoes the move `enter` played.
    fn leave(&mut self, m: Move, undo: Self::Undo);
}

enum Step {
    Found,
    /// Not found under this bound; the smallest amount by which a pruned node's `g + h`
    /// went over it (`u32::MAX`: none was pruned).
    Exceeded(u32),
    /// The node budget ran out.
    Abort,
}

/// The search: the node it moves (owned, so the hot loop works through one pointer, as a
/// hand-written search would), the path, and the count against the budget.
struct Driver<'a, N> {
    node: N,
    /// The move automaton: `next[state][i]` after move `i`, or [`DEAD`].
    next: &'a [[u32; 4]],
    path: Vec<Move>,
    nodes: u64,
    max_nodes: u64,
}

/// Runs IDA* from `node`'s state, expanding at most `max_nodes` nodes, for a solution of at
/// most `max_len` moves: `Ok(None)` when there is none that short.
///
/// The caller has checked that the goal is reachable; should the tree run out anyway, the
/// answer is [`SolveError::Unsolvable`] rather than an endless loop.
pub(crate) fn search<N: Node>(
    node: N,
    max_nodes: u64,
    max_len: u32,
) -> Result<Option<Solution<Move>>, SolveError> {
    search_pruned(node, &INVERSE_ONLY, max_nodes, max_len)
}

/// [`search`] under a move automaton (see `prune.rs`): `next[state][i]` is the state after
/// move `i` (index in [`Move::ALL`]) or [`DEAD`] for a move the search skips; state 0 is
/// the start.
pub(crate) fn search_pruned<N: Node>(
    node: N,
    next: &[[u32; 4]],
    max_nodes: u64,
    max_len: u32,
) -> Result<Option<Solution<Move>>, SolveError> {
    let mut bound = node.h();
    let mut driver = Driver {
        node,
        next,
        path: Vec::with_capacity(128),
        nodes: 0,
        max_nodes,
    };
    while bound <= max_len {
        match driver.dfs(bound, 0) {
            Step::Found => return Ok(Some(Solution::new(driver.path, driver.nodes))),
            Step::Exceeded(u32::MAX) => return Err(SolveError::Unsolvable),
            Step::Exceeded(over) => bound = bound.saturating_add(over),
            Step::Abort => {
                return Err(SolveError::NodeLimit {
                    nodes: driver.nodes,
                });
            }
        }
    }
    Ok(None)
}

/// [`search`] with no length limit.
pub(crate) fn solve<N: Node>(node: N, max_nodes: u64) -> Result<Solution<Move>, SolveError> {
    // Every solvable board has a solution: with no length limit the search ends with one,
    // with the node budget spent, or (never, for a solvable board) with the tree exhausted.
    search(node, max_nodes, u32::MAX)?.ok_or(SolveError::Unsolvable)
}

impl<N: Node> Driver<'_, N> {
    /// `budget` is the bound minus the moves made so far: the largest `h` this node may
    /// have (invariant: `h <= budget`). Carrying the difference rather than `g` and the
    /// bound keeps the loop's live values few (they stay in registers across the
    /// heuristic's lookups). `state` is the move automaton's state here.
    fn dfs(&mut self, budget: u32, state: u32) -> Step {
        if self.node.is_goal() {
            return Step::Found;
        }
        if self.nodes >= self.max_nodes {
            return Step::Abort;
        }
        self.nodes += 1;
        // Not the goal, so h >= 1 and budget >= 1.
        let budget = budget.saturating_sub(1);
        let mut over = u32::MAX;
        // The moves the automaton allows from here.
        let row = self.next.get(state as usize).copied().unwrap_or([DEAD; 4]);
        let mut allowed = 0u8;
        for (i, &to) in row.iter().enumerate() {
            if to != DEAD {
                allowed |= 1 << i;
            }
        }
        let prep = self.node.prepare(allowed, budget);
        for (i, &to) in row.iter().enumerate() {
            if to == DEAD {
                continue;
            }
            let m = Move::ALL[i];
            match self.node.enter(m, budget, &prep) {
                Child::Illegal => {}
                // Pruned means h > budget.
                Child::Pruned(h) => over = over.min(h - budget),
                Child::Entered(undo) => {
                    self.path.push(m);
                    match self.dfs(budget, to) {
                        Step::Found => return Step::Found,
                        Step::Exceeded(o) => over = over.min(o),
                        Step::Abort => return Step::Abort,
                    }
                    self.path.pop();
                    self.node.leave(m, undo);
                }
            }
        }
        Step::Exceeded(over)
    }
}
