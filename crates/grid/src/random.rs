//! Platform-independent random draws shared by every Plateau engine.
//!
//! The games promise that one seed gives one game on every platform. Two things break that
//! promise in practice: sampling a `usize` (its width differs between targets) and relying on a
//! library's shuffle or range sampling, whose use of the stream may change between versions.
//! This module draws only `u32`/`u64` words from the generator and maps them to ranges with
//! Lemire's multiply-and-reject method, so the sequence of values is fixed by the seed alone.
//!
//! ```
//! use plateau_grid::random;
//!
//! let mut rng = random::seeded(42);
//! let mut deck: Vec<u32> = (0..10).collect();
//! random::shuffle(&mut rng, &mut deck);
//! let mut again: Vec<u32> = (0..10).collect();
//! random::shuffle(&mut random::seeded(42), &mut again);
//! assert_eq!(deck, again);
//! assert!(random::below(&mut rng, 6) < 6);
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator behind every seeded convenience constructor: `ChaCha8` seeded with
/// [`SeedableRng::seed_from_u64`].
pub type SeededRng = ChaCha8Rng;

/// Creates the workspace's standard deterministic generator from a `u64` seed.
#[must_use]
pub fn seeded(seed: u64) -> SeededRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Draws a uniform value in `0..n` from 32-bit words. Returns 0 when `n` is 0 or 1 (nothing
/// to choose), without consuming randomness.
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    // Lemire, "Fast Random Integer Generation in an Interval" (2019): the high word of
    // x * n is uniform once the low words below 2^32 mod n are rejected.
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Draws a uniform value in `0..n` from 64-bit words. Returns 0 when `n` is 0 or 1.
pub fn below_u64<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    if n <= 1 {
        return 0;
    }
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

/// Draws a uniform index in `0..len`, the same on 32- and 64-bit targets: lengths that fit in
/// a `u32` use 32-bit draws, longer ones 64-bit draws. Returns 0 when `len` is 0 or 1.
pub fn index<R: Rng + ?Sized>(rng: &mut R, len: usize) -> usize {
    match u32::try_from(len) {
        Ok(n) => below(rng, n) as usize,
        // Only reachable on targets where usize is wider than 32 bits, so the cast back fits.
        Err(_) => below_u64(rng, len as u64) as usize,
    }
}

/// Returns `true` with probability `numerator / denominator` (clamped to 0 and 1; a zero
/// denominator gives `false`).
pub fn chance<R: Rng + ?Sized>(rng: &mut R, numerator: u32, denominator: u32) -> bool {
    denominator != 0 && below(rng, denominator) < numerator
}

/// Shuffles `items` in place with Fisher–Yates, every permutation equally likely.
///
/// The draw order is part of the determinism contract: position `i` (from the last down to 1)
/// swaps with `index(rng, i + 1)`.
pub fn shuffle<R: Rng + ?Sized, T>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = index(rng, i + 1);
        items.swap(i, j);
    }
}

/// Picks a uniform element of `items`, or `None` when it is empty.
pub fn choose<'a, R: Rng + ?Sized, T>(rng: &mut R, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        items.get(index(rng, items.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn golden_stream() {
        // Pins the mapping from seed to values: a change here breaks every seeded game.
        let mut rng = seeded(2026);
        let draws: Vec<u32> = (0..8).map(|_| below(&mut rng, 100)).collect();
        assert_eq!(draws, GOLDEN_BELOW_100);
        let mut perm: Vec<u8> = (0..10).collect();
        shuffle(&mut seeded(7), &mut perm);
        assert_eq!(perm, GOLDEN_SHUFFLE_10);
    }

    const GOLDEN_BELOW_100: [u32; 8] = [5, 59, 33, 25, 73, 4, 49, 18];
    const GOLDEN_SHUFFLE_10: [u8; 10] = [5, 4, 2, 0, 3, 6, 7, 8, 9, 1];

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut rng = seeded(1);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            let v = below(&mut rng, 7);
            counts[v as usize] += 1;
        }
        for c in counts {
            // Expected 10 000 each; 5 sigma is about 450.
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
        assert_eq!(below(&mut rng, 0), 0);
        assert_eq!(below(&mut rng, 1), 0);
        assert!(below_u64(&mut rng, u64::MAX) < u64::MAX);
    }

    #[test]
    fn shuffle_is_a_permutation_and_reaches_all_orders() {
        let mut rng = seeded(3);
        let mut seen = alloc::collections::BTreeSet::new();
        for _ in 0..2_000 {
            let mut v = [0u8, 1, 2, 3];
            shuffle(&mut rng, &mut v);
            let mut sorted = v;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3]);
            seen.insert(v);
        }
        assert_eq!(seen.len(), 24);
    }
}
