//! Building the tables: a breadth-first search backwards from the goal per group.
//!
//! A state is a placement of the group's tiles plus the blank's cell. Blank steps onto
//! non-pattern cells are free, so the states are handled a whole blank region at a time (a
//! flood on the 4 x 4 board as one word, [`WordGrid`]); a pattern tile next to the region
//! slides into it at a cost of one move. The table stores, per placement, the depth at which
//! it was first reached.

use alloc::vec;
use alloc::vec::Vec;

use plateau_grid::{Size, WordGrid};

use super::layout::{SPARSE_MAX, to_ranked};
use super::{MAX_GROUP, N};

pub(super) fn table_len(k: usize) -> usize {
    (0..k).map(|i| N - i).product()
}

/// Bytes of a packed table of `k` tiles: two entries per byte.
pub(super) fn packed_len(k: usize) -> usize {
    table_len(k).div_ceil(2)
}

/// The largest value a packed entry holds.
const MAX_EXTRA: u8 = 15;

/// Entry `r` of a packed table: what the group's moves need beyond its tiles' Manhattan
/// distance, in pairs of moves (the two always have the same parity, since a move changes
/// the distance by one). 0 outside the table, still a lower bound.
#[inline(always)]
pub(super) fn entry(table: &[u8], r: usize) -> u8 {
    (table.get(r >> 1).copied().unwrap_or(0) >> ((r & 1) * 4)) & 15
}

/// The Manhattan distance of the group's tiles (`group[i]` at `cells[i]`) to their goals.
fn manhattan(cells: &[u8], group: &[u8]) -> u8 {
    cells
        .iter()
        .zip(group)
        .map(|(&c, &t)| {
            let g = t - 1;
            (c % 4).abs_diff(g % 4) + (c / 4).abs_diff(g / 4)
        })
        .sum()
}

/// The packed entry of a placement `depth` moves from home whose distance is `md`: never
/// more than [`MAX_EXTRA`] (a smaller entry is still a lower bound; no table of the default
/// partition comes near it).
fn extra(depth: u8, md: u8) -> u8 {
    (depth.saturating_sub(md) / 2).min(MAX_EXTRA)
}

/// Two entries a byte, the even rank in the low nibble.
fn pack(extras: &[u8]) -> Vec<u8> {
    extras
        .chunks(2)
        .map(|p| (p[0] & 15) | (p.get(1).copied().unwrap_or(0) & 15) << 4)
        .collect()
}

/// A table of full move counts (one byte per rank, the first file format) packed.
pub(super) fn pack_counts(counts: &[u8], group: &[u8]) -> Vec<u8> {
    let k = group.len();
    let mut cells = [0u8; MAX_GROUP];
    let extras: Vec<u8> = counts
        .iter()
        .enumerate()
        .map(|(r, &d)| {
            unrank(r, &mut cells[..k]);
            extra(d, manhattan(&cells[..k], group))
        })
        .collect();
    pack(&extras)
}

/// The full move counts of a packed table (for the tests).
#[cfg(test)]
pub(super) fn unpack_counts(table: &[u8], group: &[u8]) -> Vec<u8> {
    let k = group.len();
    let mut cells = [0u8; MAX_GROUP];
    (0..table_len(k))
        .map(|r| {
            unrank(r, &mut cells[..k]);
            manhattan(&cells[..k], group) + 2 * entry(table, r)
        })
        .collect()
}

/// Rank of a placement of `k` distinct cells (lexicographic over partial permutations).
#[inline]
pub(super) fn rank(cells: &[u8]) -> usize {
    // Digit i is cell i minus the number of earlier cells below it: counted by comparisons
    // (independent, branch-free) rather than a popcount, which the baseline x86-64 target
    // lacks.
    let mut idx = 0usize;
    for (i, &c) in cells.iter().enumerate() {
        let below: usize = cells[..i].iter().map(|&e| usize::from(e < c)).sum();
        idx = idx * (N - i) + (usize::from(c) - below);
    }
    idx
}

/// [`rank`] of the first `K` cells of `cells`, for a size known at compile time (the
/// search's inner loop): the digits are independent, each weighted by a constant.
#[inline(always)]
pub(super) fn rank_fixed<const K: usize>(cells: &[u8; 8]) -> usize {
    let mut idx = 0usize;
    let mut i = 0;
    while i < K {
        let c = cells[i];
        let mut below = 0usize;
        let mut j = 0;
        while j < i {
            below += usize::from(cells[j] < c);
            j += 1;
        }
        // Weight of digit i: (N - i - 1) (N - i - 2) ... (N - K + 1).
        let mut w = 1usize;
        let mut m = i + 1;
        while m < K {
            w *= N - m;
            m += 1;
        }
        // Distinct cells: c >= below (wrapping only keeps a bad input from panicking).
        idx = idx.wrapping_add(usize::from(c).wrapping_sub(below).wrapping_mul(w));
        i += 1;
    }
    idx
}

/// Neighbour cells of each cell on the 4 x 4 board (up to four; 16 = none).
const NEIGHBORS: [[u8; 4]; N] = {
    let mut out = [[16u8; 4]; N];
    let mut c = 0;
    while c < N {
        let (x, y) = (c % 4, c / 4);
        let mut k = 0;
        if y > 0 {
            out[c][k] = (c - 4) as u8;
            k += 1;
        }
        if y < 3 {
            out[c][k] = (c + 4) as u8;
            k += 1;
        }
        if x > 0 {
            out[c][k] = (c - 1) as u8;
            k += 1;
        }
        if x < 3 {
            out[c][k] = (c + 1) as u8;
        }
        c += 1;
    }
    out
};

/// The neighbours of each cell as a mask.
const NEIGHBOR_MASKS: [u32; N] = {
    let mut out = [0u32; N];
    let mut c = 0;
    while c < N {
        let mut k = 0;
        while k < 4 {
            if NEIGHBORS[c][k] < 16 {
                out[c] |= 1 << NEIGHBORS[c][k];
            }
            k += 1;
        }
        c += 1;
    }
    out
};

/// The cells next to `cells` on the 4 x 4 board (16-bit masks; `cells` not included unless
/// next to another).
#[inline]
fn grow(cells: u32) -> u32 {
    // A step right must not land in column 0 (it came from column 3 of the row above), a
    // step left not in column 3.
    ((cells << 4) | (cells >> 4) | ((cells << 1) & !0x1111) | ((cells >> 1) & !0x8888)) & 0xFFFF
}

/// The 4 x 4 board as one word, for the blank-region floods.
const BOARD: WordGrid = match WordGrid::new(Size::new(4, 4)) {
    Ok(board) => board,
    Err(_) => panic!("a 4 x 4 board fits a word"),
};

/// The cells of `free` 4-connected to `seed` on the 4 x 4 board (16-bit masks).
#[inline]
fn flood(seed: u32, free: u32) -> u32 {
    // The region is a subset of the 16 cells: it fits the low half-word.
    BOARD.flood4(u64::from(seed), u64::from(free)) as u32
}

/// Builds one group's packed table in the memory layout (`sparse` or ranked, see
/// `layout.rs`): groups of up to [`SPARSE_MAX`] tiles with the sparse working index (fast,
/// 4 bytes per 16^k slots: 64 MiB for 6 tiles), larger ones with the compact one (whose
/// result is ranked: a partition with such a group has the ranked layout).
pub(super) fn build_table(group: &[u8], sparse: bool) -> Vec<u8> {
    let k = group.len();
    if k > SPARSE_MAX {
        return pack(&build_table_compact(group));
    }
    let table = pack(&build_table_sparse(group));
    if sparse { table } else { to_ranked(&table, k) }
}

/// Both builders' working state, per slot `i` (a placement): `state[i]` holds in bits
/// 0..16 the blank cells closed (expanded) and in bits 16..32 those waiting for the next
/// depth; `waiting` has one bit per slot with any blank cell waiting, read in slot order at
/// the end of a depth (so the table accesses of one depth sweep forwards, with no sort).
///
/// Marks the blank on `cell_bit` of slot `i` as reached for the next depth, unless it is
/// closed or waiting already.
#[inline(always)]
fn reach(state: &mut [u32], waiting: &mut [u64], i: usize, cell_bit: u32) {
    let w = state[i];
    if (w | (w >> 16)) & cell_bit == 0 {
        waiting[i >> 6] |= 1 << (i & 63);
        state[i] = w | (cell_bit << 16);
    }
}

/// Empties `waiting` into `current`, the next depth's frontier in slot order: each entry
/// is the slot in its low 32 bits and its waiting blank cells above (cleared in `state`).
fn next_frontier(waiting: &mut [u64], state: &mut [u32], current: &mut Vec<u64>) {
    current.clear();
    for (word_index, word) in waiting.iter_mut().enumerate() {
        let mut bits = core::mem::take(word);
        while bits != 0 {
            let i = word_index * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            current.push(i as u64 | u64::from(state[i] >> 16) << 32);
            state[i] &= 0xFFFF;
        }
    }
}

/// [`build_table_compact`] with a sparse working index: one nibble per tile's cell, the
/// first tile in the most significant one (so index order agrees with [`rank`] order). A
/// slide changes one nibble (no ranking per generated state), and the frontier is visited
/// in index order. The result is indexed the same way (the sparse layout of `layout.rs`),
/// 0 in the slots that are no placement.
fn build_table_sparse(group: &[u8]) -> Vec<u8> {
    let k = group.len();
    // Every placement is reached (at least 8 cells stay free for the blank), so only the
    // slots that are no placement keep their initial 0.
    let mut dist = vec![0u8; 1 << (4 * k)];
    // The working state, as `reach` reads it.
    let mut state = vec![0u32; 1 << (4 * k)];
    let goal = group.iter().fold(0u64, |s, &t| (s << 4) | u64::from(t - 1));
    let mut current: Vec<u64> = vec![goal | (1 << (32 + 15))];
    let mut waiting = vec![0u64; state.len().div_ceil(64)];
    let mut depth = 0u8;
    let mut cells = [0u8; MAX_GROUP];
    while !current.is_empty() {
        for &entry in &current {
            let s = (entry & 0xFFFF_FFFF) as usize;
            let closed = state[s] & 0xFFFF;
            let frontier = (entry >> 32) as u32 & !closed;
            if frontier == 0 {
                continue;
            }
            let mut occupied = 0u32;
            // The group's tile (its index in the group) on each occupied cell.
            let mut tile_at = [0u8; N];
            for (i, cell) in cells[..k].iter_mut().enumerate() {
                *cell = ((s >> (4 * (k - 1 - i))) & 15) as u8;
                occupied |= 1 << *cell;
                tile_at[usize::from(*cell)] = i as u8;
            }
            let region = flood(frontier, !occupied & 0xFFFF);
            state[s] |= region;
            // First expanded at the depth it was first reached.
            if closed == 0 {
                dist[s] = extra(depth, manhattan(&cells[..k], group));
            }
            // Only the tiles next to the region slide, each into its neighbours there
            // (bit by bit: no test of the other cells).
            let mut touching = grow(region) & occupied;
            while touching != 0 {
                let c = touching.trailing_zeros() as usize;
                touching &= touching - 1;
                let shift = 4 * (k - 1 - usize::from(tile_at[c]));
                let base = s & !(15 << shift);
                let bit = 1u32 << c;
                let mut into = NEIGHBOR_MASKS[c] & region;
                while into != 0 {
                    let b = into.trailing_zeros() as usize;
                    into &= into - 1;
                    let ns = base | (b << shift);
                    reach(&mut state, &mut waiting, ns, bit);
                }
            }
        }
        next_frontier(&mut waiting, &mut state, &mut current);
        depth += 1;
    }
    dist
}

/// Inverse of [`rank`]: fills `cells` and returns the mask of occupied cells.
fn unrank(mut idx: usize, cells: &mut [u8]) -> u32 {
    let k = cells.len();
    let mut digits = [0usize; MAX_GROUP];
    for i in (0..k).rev() {
        let base = N - i;
        digits[i] = idx % base;
        idx /= base;
    }
    let mut used = 0u32;
    for (cell, &digit) in cells.iter_mut().zip(&digits[..k]) {
        // The digit-th free cell, in increasing order.
        let mut free = !used & 0xFFFF;
        for _ in 0..digit {
            free &= free - 1;
        }
        let c = free.trailing_zeros();
        *cell = c as u8;
        used |= 1 << c;
    }
    used
}

/// The weight of each digit of a [`rank`] of `k` cells: digit i counts
/// (N - i - 1) (N - i - 2) ... (N - k + 1).
fn digit_weights(k: usize) -> [usize; MAX_GROUP] {
    let mut w = [0usize; MAX_GROUP];
    let mut acc = 1;
    for i in (0..k).rev() {
        w[i] = acc;
        acc *= N - i;
    }
    w
}

/// [`rank`] of `cells` once tile `i` has slid to the free cell `to`, from the rank `r` of
/// `cells` as they are: only digit i and the later digits that counted the old cell or
/// count the new one change, so no ranking from scratch.
#[inline]
fn rank_after_slide(
    r: usize,
    cells: &[u8],
    weights: &[usize; MAX_GROUP],
    i: usize,
    to: u8,
) -> usize {
    let from = cells[i];
    let mut up = 0usize;
    let mut down = 0usize;
    // Digit i: the cell minus the earlier cells below it.
    let below = |x: u8| cells[..i].iter().filter(|&&e| e < x).count();
    let (old_digit, new_digit) = (usize::from(from) - below(from), usize::from(to) - below(to));
    if new_digit >= old_digit {
        up += (new_digit - old_digit) * weights[i];
    } else {
        down += (old_digit - new_digit) * weights[i];
    }
    // A later digit j loses one if its cell is above `to` and not above `from`, and gains
    // one the other way round.
    for (j, &e) in cells.iter().enumerate().skip(i + 1) {
        match (from < e, to < e) {
            (true, false) => up += weights[j],
            (false, true) => down += weights[j],
            _ => {}
        }
    }
    r + up - down
}

/// Breadth-first construction of one group's table (see the module docs).
///
/// A state is a placement of the group's tiles plus the blank's cell. Blank steps onto
/// non-pattern cells are free, so the states are handled a whole blank region at a time: for
/// each placement, a 16-bit mask holds the blank cells reached, and a flood fill inside the
/// free cells closes the region at the current depth before the pattern tiles next to it
/// slide (cost 1, next depth).
fn build_table_compact(group: &[u8]) -> Vec<u8> {
    let k = group.len();
    let len = table_len(k);
    let mut dist = vec![u8::MAX; len];
    // The working state, as `reach` reads it.
    let mut state = vec![0u32; len];
    let mut waiting = vec![0u64; len.div_ceil(64)];
    let goal: Vec<u8> = group.iter().map(|&t| t - 1).collect();
    let mut current: Vec<u64> = vec![rank(&goal) as u64 | (1 << (32 + 15))];
    let weights = digit_weights(k);
    let mut depth = 0u8;
    let mut cells = [0u8; MAX_GROUP];
    while !current.is_empty() {
        for &entry in &current {
            let r = (entry & 0xFFFF_FFFF) as usize;
            let closed = state[r] & 0xFFFF;
            let frontier = (entry >> 32) as u32 & !closed;
            if frontier == 0 {
                continue;
            }
            let occupied = unrank(r, &mut cells[..k]);
            let region = flood(frontier, !occupied & 0xFFFF);
            state[r] |= region;
            if dist[r] == u8::MAX {
                dist[r] = extra(depth, manhattan(&cells[..k], group));
            }
            // Every pattern tile next to the region can slide into it.
            for i in 0..k {
                let c = cells[i];
                let bit = 1u32 << c;
                let mut into = NEIGHBOR_MASKS[usize::from(c)] & region;
                while into != 0 {
                    let b = into.trailing_zeros() as u8;
                    into &= into - 1;
                    let nr = rank_after_slide(r, &cells[..k], &weights, i, b);
                    reach(&mut state, &mut waiting, nr, bit);
                }
            }
        }
        next_frontier(&mut waiting, &mut state, &mut current);
        depth += 1;
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::super::layout::to_ranked;
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_bijections() {
        let len = table_len(3);
        assert_eq!(len, 16 * 15 * 14);
        let mut seen = vec![false; len];
        let mut cells = [0u8; 3];
        for (r, seen) in seen.iter_mut().enumerate() {
            let used = unrank(r, &mut cells);
            assert_eq!(used.count_ones(), 3);
            assert_eq!(rank(&cells), r);
            assert!(!*seen);
            *seen = true;
        }
        assert_eq!(rank(&[0, 1, 2]), 0);
        assert_eq!(rank(&[15, 14, 13]), len - 1);
    }

    #[test]
    fn fixed_rank_agrees_with_rank() {
        let mut cells = [0u8; 8];
        for r in (0..table_len(6)).step_by(997) {
            unrank(r, &mut cells[..6]);
            assert_eq!(rank_fixed::<6>(&cells), r);
            assert_eq!(rank_fixed::<3>(&cells), rank(&cells[..3]));
            assert_eq!(rank_fixed::<1>(&cells), rank(&cells[..1]));
        }
        let cells = [3, 9, 0, 15, 4, 1, 12, 0];
        assert_eq!(rank_fixed::<7>(&cells), rank(&cells[..7]));
    }

    #[test]
    fn a_slide_updates_the_rank_as_ranking_again_does() {
        for k in [1, 3, 6, 7] {
            let weights = digit_weights(k);
            let mut cells = [0u8; MAX_GROUP];
            for r in (0..table_len(k)).step_by(table_len(k) / 500 + 1) {
                let used = unrank(r, &mut cells[..k]);
                for i in 0..k {
                    // Every free cell, not only the neighbours: the update holds for any.
                    for to in (0..16u8).filter(|&t| used >> t & 1 == 0) {
                        let mut moved = cells;
                        moved[i] = to;
                        assert_eq!(
                            rank_after_slide(r, &cells[..k], &weights, i, to),
                            rank(&moved[..k]),
                            "k {k} rank {r} tile {i} to {to}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn grow_gives_the_neighbours() {
        for (c, &mask) in NEIGHBOR_MASKS.iter().enumerate() {
            assert_eq!(grow(1 << c), mask, "cell {c}");
            for d in 0..N {
                let step = (c % 4).abs_diff(d % 4) + (c / 4).abs_diff(d / 4) == 1;
                assert_eq!(mask >> d & 1 == 1, step, "cells {c} and {d}");
            }
        }
        // Corners have two neighbours, edges three, the middle four.
        assert_eq!(NEIGHBOR_MASKS[0], (1 << 1) | (1 << 4));
        assert_eq!(NEIGHBOR_MASKS[7], (1 << 3) | (1 << 6) | (1 << 11));
        assert_eq!(NEIGHBOR_MASKS[5], (1 << 1) | (1 << 4) | (1 << 6) | (1 << 9));
        assert_eq!(
            grow((1 << 3) | (1 << 4)),
            NEIGHBOR_MASKS[3] | NEIGHBOR_MASKS[4]
        );
    }

    #[test]
    fn flood_stays_inside_and_does_not_wrap() {
        // Column 0 free, everything else blocked: the flood runs down the column only.
        assert_eq!(flood(1, 0x1111), 0x1111);
        // Cell 3 (right edge, row 0) must not leak into cell 4 (left edge, row 1).
        assert_eq!(flood(1 << 3, (1 << 3) | (1 << 4)), 1 << 3);
        assert_eq!(flood(1, 0xFFFF), 0xFFFF);
    }

    #[test]
    fn packed_tables_round_trip_through_move_counts() {
        for group in [&[1u8, 2, 3][..], &[5, 10, 15, 4], &[7]] {
            let packed = build_table(group, false);
            assert_eq!(packed.len(), packed_len(group.len()));
            let counts = unpack_counts(&packed, group);
            // The goal placement is 0 moves from home; every count has the distance's parity.
            let goal: Vec<u8> = group.iter().map(|&t| t - 1).collect();
            assert_eq!(counts[rank(&goal)], 0);
            assert_eq!(pack_counts(&counts, group), packed);
        }
    }

    #[test]
    fn sparse_and_compact_builders_agree() {
        for group in [&[1u8, 2, 3][..], &[5, 10, 15, 4], &[7]] {
            assert_eq!(
                to_ranked(&pack(&build_table_sparse(group)), group.len()),
                pack(&build_table_compact(group))
            );
        }
    }
}
