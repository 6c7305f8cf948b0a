//! Depth-`k` lookahead: every sequence of `k` useful moves is tried before each move.

use alloc::vec::Vec;

use super::Task;
use super::graph::{Graph, Node};
use crate::{Color, Solution, SolveError};

/// Lookahead play until the board is one colour or `moves` moves are chosen, or until
/// `max_nodes` positions have been expanded (every position whose moves the lookahead tries
/// counts one).
pub(super) struct Lookahead {
    pub(super) depth: u32,
    pub(super) moves: usize,
    pub(super) max_nodes: u64,
}

/// Nodes expanded so far, against the budget.
struct Budget {
    nodes: u64,
    max: u64,
}

impl Budget {
    fn spend(&mut self) -> Result<(), SolveError> {
        if self.nodes >= self.max {
            return Err(SolveError::NodeLimit { nodes: self.nodes });
        }
        self.nodes += 1;
        Ok(())
    }
}

/// How a first move ranks: the best score `depth` moves on, then the cells flooded right
/// after it, then the lower colour.
type Key = (u64, u32, core::cmp::Reverse<usize>);

/// Score of the best sequence of at most `depth` moves from `node`: a win scores above any
/// cell count, earlier wins higher.
fn best<const W: usize>(
    g: &Graph<W>,
    node: &Node<W>,
    depth: u32,
    budget: &mut Budget,
) -> Result<u64, SolveError> {
    if node.solved() {
        return Ok((1 << 40) + u64::from(depth));
    }
    if depth == 0 {
        return Ok(u64::from(node.cells));
    }
    budget.spend()?;
    let mut top = 0;
    for c in (0..g.colors).filter(|&c| g.useful(node, c)) {
        top = top.max(best(g, &g.apply(node, c), depth - 1, budget)?);
    }
    Ok(top)
}

impl Task for Lookahead {
    type Out = Result<Solution<Color>, SolveError>;

    fn run<const W: usize>(self, g: &Graph<W>, mut node: Node<W>) -> Self::Out {
        let depth = self.depth.max(1);
        let mut budget = Budget {
            nodes: 0,
            max: self.max_nodes,
        };
        let mut moves = Vec::new();
        while !node.solved() && moves.len() < self.moves {
            budget.spend()?;
            let mut choice: Option<(Key, usize)> = None;
            for c in (0..g.colors).filter(|&c| g.useful(&node, c)) {
                let next = g.apply(&node, c);
                let key = (
                    best(g, &next, depth - 1, &mut budget)?,
                    next.cells,
                    core::cmp::Reverse(c),
                );
                if choice.is_none_or(|(k, _)| key > k) {
                    choice = Some((key, c));
                }
            }
            let c = choice.map_or(0, |(_, c)| c);
            node = g.apply(&node, c);
            moves.push(Color::ALL[c]);
        }
        Ok(Solution::new(moves, budget.nodes))
    }
}
