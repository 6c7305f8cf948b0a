//! What a solver returns ([`Solution`]) and which move of a list was refused
//! ([`PlayAllError`]).

use alloc::vec::Vec;

/// What a solver found: the moves, in order, and the search nodes it expanded to find them
/// (a measure of work that does not depend on the machine).
///
/// ```
/// use plateau_grid::Solution;
///
/// let s = Solution::new(vec!['U', 'L'], 17);
/// assert_eq!((s.len(), s.nodes), (2, 17));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Solution<M> {
    /// The moves, in the order they are played.
    pub moves: Vec<M>,
    /// Search nodes expanded.
    pub nodes: u64,
}

impl<M> Solution<M> {
    /// A solution of `moves` found after expanding `nodes` nodes.
    #[must_use]
    pub fn new(moves: Vec<M>, nodes: u64) -> Solution<M> {
        Solution { moves, nodes }
    }

    /// Number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is nothing to play (the position was already solved).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The first move, the one a hint gives.
    #[must_use]
    pub fn first(&self) -> Option<&M> {
        self.moves.first()
    }
}

/// A move list was refused by `play_all`: the move at `index` (0-based) was illegal after
/// the ones before it, and nothing was played.
///
/// ```
/// use plateau_grid::PlayAllError;
///
/// let e = PlayAllError { index: 2, error: "no tile there" };
/// assert_eq!(e.to_string(), "move 2 of the list (from 0): no tile there");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("move {index} of the list (from 0): {error}")]
pub struct PlayAllError<E> {
    /// Position of the refused move in the list.
    pub index: usize,
    /// Why it was refused.
    pub error: E,
}
