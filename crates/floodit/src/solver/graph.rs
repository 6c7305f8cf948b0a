//! The region graph in fixed-width bitsets, shared by every strategy.
//!
//! A set of regions is `[u64; W]`, `W` chosen from the number of regions when a solver
//! starts ([`dispatch`](super::dispatch)), so the hot loops have constant bounds. A search
//! node is the flood (a set) and its frontier (the regions touching it).

use alloc::vec::Vec;

use crate::{Color, Game};

pub(super) type Set<const W: usize> = [u64; W];

#[inline]
pub(super) fn or_assign<const W: usize>(a: &mut Set<W>, b: &Set<W>) {
    for i in 0..W {
        a[i] |= b[i];
    }
}

#[inline]
pub(super) fn and<const W: usize>(a: &Set<W>, b: &Set<W>) -> Set<W> {
    core::array::from_fn(|i| a[i] & b[i])
}

#[inline]
pub(super) fn intersects<const W: usize>(a: &Set<W>, b: &Set<W>) -> bool {
    (0..W).any(|i| a[i] & b[i] != 0)
}

#[inline]
pub(super) fn is_empty<const W: usize>(a: &Set<W>) -> bool {
    a.iter().all(|&w| w == 0)
}

/// Calls `f` with each member of `s`.
#[inline(always)]
pub(super) fn each<const W: usize>(s: &Set<W>, mut f: impl FnMut(usize)) {
    for (i, &word) in s.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(i * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// The board's regions: sizes, adjacency and the regions of each colour.
pub(super) struct Graph<const W: usize> {
    pub(super) colors: usize,
    size: Vec<u32>,
    pub(super) adj: Vec<Set<W>>,
    pub(super) by_color: Vec<Set<W>>,
}

/// A position: the flooded regions, the regions touching them, and the flooded cells.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Node<const W: usize> {
    pub(super) flooded: Set<W>,
    pub(super) frontier: Set<W>,
    pub(super) cells: u32,
}

impl<const W: usize> Node<W> {
    pub(super) fn solved(&self) -> bool {
        // The region graph of a board is connected: an empty frontier means all is flooded.
        is_empty(&self.frontier)
    }

    /// Whether the move that led from `parent` to this node brought a region that did not
    /// touch the flood before next to it.
    ///
    /// When no forced move exists, a move that does not is never needed first: putting it
    /// last gives a solution as short (its regions stay next to the flood), and if every
    /// optimal first move were of this kind the flood would never grow beyond the regions
    /// touching it now, making some colour forced.
    #[inline]
    pub(super) fn expands(&self, parent: &Node<W>) -> bool {
        (0..W).any(|i| self.frontier[i] & !parent.frontier[i] != 0)
    }
}

impl<const W: usize> Graph<W> {
    /// The graph of the game's board and the node of its current position.
    pub(super) fn build(game: &Game) -> (Graph<W>, Node<W>) {
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
        let by_color = Color::first(rg.colors)
            .map(|c| set(rg.colour_set(c)))
            .collect();
        let graph = Graph {
            colors: usize::from(rg.colors),
            size: rg.regions.sizes().to_vec(),
            adj,
            by_color,
        };
        let root = Node {
            flooded: set(game.flooded_set()),
            frontier: set(game.frontier_set()),
            // At most 64 x 64 cells.
            cells: game.flooded_cells() as u32,
        };
        (graph, root)
    }

    /// Whether colour `c` touches the flood (any other colour absorbs nothing).
    #[inline]
    pub(super) fn useful(&self, node: &Node<W>, c: usize) -> bool {
        intersects(&node.frontier, &self.by_color[c])
    }

    /// Cells colour `c` would absorb.
    pub(super) fn gain(&self, node: &Node<W>, c: usize) -> u32 {
        let mut cells = 0;
        each(&and(&node.frontier, &self.by_color[c]), |r| {
            cells += self.size[r];
        });
        cells
    }

    /// The node after playing colour `c`.
    // Always inlined, as `each`: the exact search's hot path (measured with cachegrind: the
    // compiler's choice varies from build to build and costs up to 4 % when it does not).
    #[inline(always)]
    pub(super) fn apply(&self, node: &Node<W>, c: usize) -> Node<W> {
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

    /// The commutation rule: whether playing `b` at `node`, reached by playing colour `last`
    /// from a parent whose frontier was `parent_frontier`, is covered by playing `b` before
    /// `last` from the parent.
    ///
    /// If `b` absorbs only regions that already touched the parent's flood, `b` then `a`
    /// (the last colour) floods a superset of `a` then `b`; the sibling order is searched
    /// instead when it floods strictly more (`a` gains from `b`'s regions) or, when both
    /// orders flood the same, when `b < a`.
    #[inline]
    pub(super) fn commutes_back(
        &self,
        node: &Node<W>,
        b: usize,
        last: usize,
        parent_frontier: &Set<W>,
    ) -> bool {
        let color = &self.by_color[b];
        if (0..W).any(|i| node.frontier[i] & color[i] & !parent_frontier[i] != 0) {
            return false; // b uses a region that the last move brought next to the flood
        }
        b < last || self.last_gains(node, b, last)
    }

    /// Whether colour `last` has regions, outside the flood, next to those `b` would absorb.
    // Not inlined: its sets stay out of the recursive search's frames.
    #[inline(never)]
    fn last_gains(&self, node: &Node<W>, b: usize, last: usize) -> bool {
        let mut reach = [0u64; W];
        each(&and(&node.frontier, &self.by_color[b]), |r| {
            or_assign(&mut reach, &self.adj[r]);
        });
        let a = &self.by_color[last];
        (0..W).any(|i| reach[i] & a[i] & !node.flooded[i] != 0)
    }

    /// A colour whose remaining regions all touch the flood, if any: playing it first never
    /// makes a solution longer.
    pub(super) fn forced(&self, node: &Node<W>) -> Option<usize> {
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
}
