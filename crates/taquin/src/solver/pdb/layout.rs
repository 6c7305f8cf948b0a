//! How a table is laid out in memory for the search, and in a file.
//!
//! Both layouts hold one nibble per placement of the group's tiles (two a byte, the even
//! index in the low nibble), in the same order: lexicographic over the tiles' cells, the
//! group's first tile most significant.
//!
//! - **Ranked** (the file format, and in memory for a partition with a group of 7 tiles):
//!   placements are numbered densely by [`rank`](super::build::rank), 16!/(16-k)! entries.
//! - **Sparse** (in memory when every group has at most [`SPARSE_MAX`] tiles): the index is
//!   the tiles' cells written as hexadecimal digits, 16^k entries, most of which (those
//!   with two tiles on a cell) are never read. A move changes one digit of the index, so
//!   the search keeps it up to date with an exclusive or instead of ranking the placement
//!   again at every node; the table is 2.9 times larger for 6 tiles (8 MiB), which the
//!   caches still hold.
//!
//! The layout is chosen per partition, not per group, so that the search's lookups are all
//! of one kind (a compile-time choice, with no test per lookup).

use alloc::borrow::Cow;
use alloc::vec;
use alloc::vec::Vec;

use super::build::entry;

/// The largest group kept sparse in memory (16^6 nibbles: 8 MiB; 7 tiles would take
/// 128 MiB a table).
pub(super) const SPARSE_MAX: usize = 6;

/// Whether the tables of a partition whose largest group has `largest` tiles are kept
/// sparse in memory.
pub(super) fn is_sparse(largest: usize) -> bool {
    largest <= SPARSE_MAX
}

/// Bytes of a sparse table of `k` tiles.
pub(super) fn sparse_len(k: usize) -> usize {
    (1usize << (4 * k)).div_ceil(2)
}

/// Calls `f` with the sparse index of every placement of `k` tiles, in rank order (so the
/// n-th call is the placement of rank n).
fn each_placement(k: usize, f: &mut impl FnMut(usize)) {
    fn go(left: usize, index: usize, used: u32, f: &mut impl FnMut(usize)) {
        let mut free = !used & 0xFFFF;
        while free != 0 {
            let c = free.trailing_zeros();
            free &= free - 1;
            let next = index << 4 | c as usize;
            // The last tile calls `f` directly: most of the calls are there.
            if left == 1 {
                f(next);
            } else {
                go(left - 1, next, used | 1 << c, f);
            }
        }
    }
    if k == 0 {
        f(0);
    } else {
        go(k, 0, 0, f);
    }
}

/// Sets nibble `i` of a packed table.
fn set(table: &mut [u8], i: usize, value: u8) {
    let shift = (i & 1) * 4;
    if let Some(byte) = table.get_mut(i >> 1) {
        *byte = (*byte & !(15 << shift)) | (value & 15) << shift;
    }
}

/// The sparse table of a ranked one of `k` tiles (slots that are no placement hold 0).
pub(super) fn to_sparse(ranked: &[u8], k: usize) -> Vec<u8> {
    let mut out = vec![0u8; sparse_len(k)];
    let mut r = 0;
    each_placement(k, &mut |s| {
        set(&mut out, s, entry(ranked, r));
        r += 1;
    });
    out
}

/// The ranked table of a sparse one of `k` tiles.
pub(super) fn to_ranked(sparse: &[u8], k: usize) -> Vec<u8> {
    let mut out = vec![0u8; super::build::packed_len(k)];
    let mut r = 0;
    each_placement(k, &mut |s| {
        set(&mut out, r, entry(sparse, s));
        r += 1;
    });
    out
}

/// A ranked table of `k` tiles (a file's) in the memory layout (`sparse` or ranked).
pub(super) fn for_search(ranked: &[u8], k: usize, sparse: bool) -> Vec<u8> {
    if sparse {
        to_sparse(ranked, k)
    } else {
        ranked.to_vec()
    }
}

/// A table of `k` tiles in the memory layout (`sparse` or ranked), ranked (as a file holds
/// it).
pub(super) fn for_file(table: &[u8], k: usize, sparse: bool) -> Cow<'_, [u8]> {
    if sparse {
        Cow::Owned(to_ranked(table, k))
    } else {
        Cow::Borrowed(table)
    }
}

#[cfg(test)]
mod tests {
    use super::super::build::{rank, table_len};
    use super::*;

    #[test]
    fn placements_come_in_rank_order() {
        for k in [1, 2, 3] {
            let mut n = 0;
            each_placement(k, &mut |s| {
                let cells: Vec<u8> = (0..k)
                    .map(|i| (s >> (4 * (k - 1 - i)) & 15) as u8)
                    .collect();
                assert_eq!(rank(&cells), n);
                n += 1;
            });
            assert_eq!(n, table_len(k));
        }
    }

    #[test]
    fn sparse_and_ranked_round_trip() {
        let k = 3;
        let ranked: Vec<u8> = (0..super::super::build::packed_len(k))
            .map(|i| (i * 37 % 251) as u8)
            .collect();
        let sparse = to_sparse(&ranked, k);
        assert_eq!(sparse.len(), sparse_len(k));
        assert_eq!(to_ranked(&sparse, k), ranked);
    }
}
