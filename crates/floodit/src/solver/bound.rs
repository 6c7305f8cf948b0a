//! The exact solver's admissible lower bound, from the breadth-first distance layers of the
//! region graph around the flood.
//!
//! After `t` moves the flood lies within graph distance `t` of where it started, and a region
//! is absorbed only by a move of its own colour, so a colour whose farthest region is at
//! distance `D(c)` needs a move at a time `>= D(c)`. For every threshold `d`, the `m(d)`
//! colours with `D(c) >= d` need distinct moves at times `>= d`; the chain of absorptions
//! leading to a farthest region (distance `e`) also needs `e - d + 1` moves at times `>= d`,
//! and its region `k` steps before the end has a colour with `D >= e - k`, so those moves can
//! stand for at most `u(d)` of the `m(d)` colours (a small matching). Hence at least
//! `e + m(d) - u(d)` moves; the bound is the largest over `d`. It is never below the number
//! of colours left nor below the eccentricity `e`.
//!
//! The layers of a child are derived from its parent's ([`Graph::push_child_layers`]), so
//! the bound costs one pass over the layers per node, not a breadth-first search.

use alloc::vec::Vec;

use super::graph::{Graph, Node, Set, and, each, intersects, is_empty, or_assign};
use crate::MAX_COLORS;

impl<const W: usize> Graph<W> {
    /// Appends the breadth-first distance layers of `node` (frontier first) to `out`.
    pub(super) fn push_layers(&self, node: &Node<W>, out: &mut Vec<Set<W>>) {
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

    /// Appends the layers of the child reached by playing colour `c` from a node with
    /// frontier `frontier` (absorbing part of the first layer) to `arena`, from the parent's
    /// layers `arena[parent]`.
    ///
    /// A region's distance drops by one exactly when a path from `absorbed` reaches it going
    /// one layer outwards at each step (the descendants of `absorbed` in the layered graph);
    /// every other region keeps its distance.
    // Not inlined (nor `bound_of_layers`): their sets stay out of the recursive search's frames.
    #[inline(never)]
    pub(super) fn push_child_layers(
        &self,
        arena: &mut Vec<Set<W>>,
        parent: core::ops::Range<usize>,
        frontier: &Set<W>,
        c: usize,
    ) {
        let e = parent.len();
        let mut desc = and(frontier, &self.by_color[c]);
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
    #[inline(never)]
    ///
    /// `flooded` is the node's flood: the layers cover every other region (the region graph
    /// is connected), so the colours still to absorb are those with a region outside it.
    pub(super) fn bound_of_layers(&self, layers: &[Set<W>], flooded: &Set<W>) -> u32 {
        // The colours still present, then the farthest layer of each, from the far end.
        let mut missing = 0u64;
        for (c, set) in self.by_color.iter().enumerate() {
            if (0..W).any(|i| set[i] & !flooded[i] != 0) {
                missing |= 1 << c;
            }
        }
        let mut far = [0u32; MAX_COLORS as usize];
        for (d, l) in layers.iter().enumerate().rev() {
            if missing == 0 {
                break;
            }
            let mut m = missing;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                if intersects(l, &self.by_color[c]) {
                    // At most 64 x 64 regions, so far fewer layers than `u32::MAX`.
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
pub(super) fn chain_bound(far: &mut [u32]) -> u32 {
    far.sort_unstable_by(|a, b| b.cmp(a));
    let Some(&e) = far.first() else {
        return 0;
    };
    let mut best = 0;
    let mut used = 0;
    let mut eligible = 0u32;
    for d in (1..=e).rev() {
        while (eligible as usize) < far.len() && far[eligible as usize] >= d {
            eligible += 1;
        }
        if eligible > used {
            used += 1;
        }
        best = best.max(e + eligible - used);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::chain_bound;

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
        assert_eq!(chain_bound(&mut []), 0);
    }
}
