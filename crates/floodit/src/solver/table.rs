//! The exact solver's transposition table: a flooded set mapped to a number of moves, in
//! bounded memory.

use alloc::vec::Vec;

use super::graph::Set;

/// The most memory one table may use. The exact solver keeps two, so its tables never take
/// more than twice this, whatever the board and the node budget.
pub(super) const TABLE_BYTES: usize = 16 << 20;

/// Slots of a new table (grown by doubling up to the cap).
const INITIAL_SLOTS: usize = 1024;

/// Open-addressing map from a flooded set to the largest value recorded for it (0: nothing
/// known). Values only ever rise.
///
/// The table doubles while it is at most half full, up to [`TABLE_BYTES`]; once at the cap
/// it keeps what it holds and forgets new keys. The solvers use it as a cache of facts
/// (a state unsolvable within so many moves, or solvable), so a forgotten key costs time,
/// never correctness.
pub(super) struct Table<const W: usize> {
    keys: Vec<Set<W>>,
    vals: Vec<u32>,
    len: usize,
    max_slots: usize,
}

impl<const W: usize> Table<W> {
    pub(super) fn new() -> Self {
        Table::with_cap(TABLE_BYTES)
    }

    /// A table using at most `bytes` (at least one initial table's worth).
    pub(super) fn with_cap(bytes: usize) -> Self {
        let slot = core::mem::size_of::<Set<W>>() + core::mem::size_of::<u32>();
        let fit = (bytes / slot).max(INITIAL_SLOTS);
        // The largest power of two that fits (slots are indexed with a mask).
        let max_slots = 1 << fit.ilog2();
        let slots = INITIAL_SLOTS.min(max_slots);
        Table {
            keys: alloc::vec![[0; W]; slots],
            vals: alloc::vec![0; slots],
            len: 0,
            max_slots,
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
        // At most half the slots are used, so an empty slot ends every probe.
        while vals[i] != 0 && keys[i] != *key {
            i = (i + 1) & mask;
        }
        i
    }

    pub(super) fn get(&self, key: &Set<W>) -> u32 {
        self.vals[Self::slot(&self.keys, &self.vals, key)]
    }

    /// Records `val` for `key` if it is larger than what is known (a new key is dropped when
    /// the table is full).
    pub(super) fn raise(&mut self, key: &Set<W>, val: u32) {
        if val == 0 {
            return;
        }
        if 2 * (self.len + 1) > self.keys.len() && self.keys.len() < self.max_slots {
            self.grow();
        }
        let i = Self::slot(&self.keys, &self.vals, key);
        if self.vals[i] == 0 {
            if 2 * (self.len + 1) > self.keys.len() {
                return; // full: keep the load at most one half
            }
            self.len += 1;
            self.keys[i] = *key;
        }
        self.vals[i] = self.vals[i].max(val);
    }

    fn grow(&mut self) {
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

    #[cfg(test)]
    fn slots(&self) -> usize {
        self.keys.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_largest_value() {
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

    #[test]
    fn memory_stops_at_the_cap_and_old_facts_stay() {
        // 4096 slots of 20 bytes fit in 82 000 bytes: at most 2048 keys.
        let mut t = Table::<2>::with_cap(82_000);
        for i in 0..100_000u64 {
            t.raise(&[i, 1], 5);
        }
        assert_eq!(t.slots(), 4096);
        assert_eq!(t.len, 2048);
        assert_eq!(t.get(&[0, 1]), 5);
        assert_eq!(t.get(&[2047, 1]), 5);
        assert_eq!(t.get(&[99_999, 1]), 0); // forgotten, not wrong
        t.raise(&[0, 1], 7); // a known key still rises when full
        assert_eq!(t.get(&[0, 1]), 7);
        // The default cap holds for the widest sets too.
        let wide = Table::<64>::new();
        assert!(wide.max_slots * (64 * 8 + 4) <= TABLE_BYTES);
    }
}
