//! Greedy play: the colour that absorbs the most cells, move after move.

use alloc::vec::Vec;

use super::Task;
use super::graph::{Graph, Node};
use crate::{Color, Solution, SolveError};

/// Greedy play until the board is one colour or `moves` moves are chosen, or until
/// `max_nodes` positions have been expanded (one per move).
pub(super) struct Greedy {
    pub(super) moves: usize,
    pub(super) max_nodes: u64,
}

impl Task for Greedy {
    type Out = Result<Solution<Color>, SolveError>;

    fn run<const W: usize>(self, g: &Graph<W>, mut node: Node<W>) -> Self::Out {
        let mut moves = Vec::new();
        let mut nodes = 0u64;
        while !node.solved() && moves.len() < self.moves {
            if nodes >= self.max_nodes {
                return Err(SolveError::NodeLimit { nodes });
            }
            nodes += 1;
            let c = (0..g.colors)
                .filter(|&c| g.useful(&node, c))
                .max_by_key(|&c| (g.gain(&node, c), core::cmp::Reverse(c)))
                .unwrap_or(0);
            node = g.apply(&node, c);
            moves.push(Color::ALL[c]);
        }
        Ok(Solution::new(moves, nodes))
    }
}
