//! Bit tricks on one 64-cell row word: filling whole runs, and packing a predicate into bits.

/// From each run's lowest seed to the top of that run: adding the seeds to the mask carries
/// through the run.
#[inline(always)]
fn upward(seed: u64, mask: u64) -> u64 {
    (mask & (mask.wrapping_add(seed) ^ (mask & !seed))) | seed
}

/// Cells of `mask` horizontally connected to `seed` within their row (`seed` must be
/// non-zero and lie in `mask`): every run of `mask` that holds a seed bit, whole.
///
/// Filling towards the high bits is one addition. Carries only run upwards, so the low end of
/// each touched run is found from the highest gap below it; a single touched run (the usual
/// case) needs no loop and no branch beyond the one test.
#[inline(always)]
pub(crate) fn fill_runs(seed: u64, mask: u64) -> u64 {
    let up = upward(seed, mask);
    let low = up & up.wrapping_neg();
    // `up + low` clears the lowest block of `up`; nothing left means one block.
    if up & up.wrapping_add(low) == 0 {
        return up | down_to_gap(low, mask);
    }
    fill_blocks(up, mask)
}

/// The cells below `low` (a single bit) down to, not including, the highest gap of `mask`
/// under it.
#[inline(always)]
fn down_to_gap(low: u64, mask: u64) -> u64 {
    let below = low.wrapping_sub(1);
    let gaps = !mask & below;
    // No gap gives 64 leading zeros and a shift of 0; otherwise `gaps < low <= 2^63`, so the
    // shift is at most 63.
    let start = 64 - gaps.leading_zeros();
    below & (u64::MAX << start)
}

/// [`fill_runs`] for seeds in several runs: extends every block of `up` down at once, by
/// Kogge–Stone doubling (1 + 2 + ... + 32 cells), which costs less than a loop over the
/// blocks whose exit the branch predictor cannot guess.
#[inline]
fn fill_blocks(up: u64, mask: u64) -> u64 {
    let (mut filled, mut open) = (up, mask);
    for shift in [1, 2, 4, 8, 16, 32] {
        filled |= (filled >> shift) & open;
        open &= open >> shift;
    }
    filled
}

/// Bit `i` is `inside(&cells[i])`, for at most 64 cells.
///
/// The predicate writes one byte per cell; each eight bytes are then gathered into eight
/// bits by one multiplication (byte `k`'s low bit lands on bit `56 + k`). This is several
/// times cheaper than shifting each cell's bit into place.
#[inline]
pub(crate) fn pack_word<T>(cells: &[T], inside: &mut impl FnMut(&T) -> bool) -> u64 {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    // A whole word (every word but a row's last), eight cells at a time straight into a
    // register: no buffer, and for a `bool` grid no call to `memcpy` (which the buffer loop
    // below becomes) for a 64-byte copy.
    if let Ok(cells) = <&[T; 64]>::try_from(cells) {
        let mut bits = 0;
        for (k, chunk) in cells.chunks_exact(8).enumerate() {
            let eight: [u8; 8] = core::array::from_fn(|i| u8::from(inside(&chunk[i])));
            bits |= (u64::from_le_bytes(eight).wrapping_mul(GATHER) >> 56) << (8 * k);
        }
        return bits;
    }
    let mut bytes = [0u8; 64];
    for (b, c) in bytes.iter_mut().zip(cells) {
        *b = u8::from(inside(c));
    }
    let mut bits = 0;
    for (k, chunk) in bytes.chunks_exact(8).enumerate() {
        let mut eight = [0; 8];
        eight.copy_from_slice(chunk);
        bits |= (u64::from_le_bytes(eight).wrapping_mul(GATHER) >> 56) << (8 * k);
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of `mask` touched by `seed`, cell by cell.
    fn naive(seed: u64, mask: u64) -> u64 {
        let mut out = seed;
        loop {
            let grown = (out | (out << 1) | (out >> 1)) & mask;
            if grown == out {
                return out;
            }
            out = grown;
        }
    }

    #[test]
    fn fills_whole_runs_with_any_number_of_seeds() {
        let m = 0b0111_1011_1100u64;
        // Runs of m: bits 2..=5 and 7..=10.
        assert_eq!(fill_runs(0b0000_0000_0100, m), 0b0000_0011_1100);
        assert_eq!(fill_runs(0b0101_0000_0000, m), 0b0111_1000_0000);
        assert_eq!(fill_runs(0b0010_0010_0000, m), m);
        assert_eq!(fill_runs(0b0000_1000_0000, m), 0b0111_1000_0000);
        assert_eq!(fill_runs(1 << 63, u64::MAX), u64::MAX);
        assert_eq!(fill_runs(1, u64::MAX), u64::MAX);
        // Two touched runs, one filled down 52 cells: every doubling step is needed.
        assert_eq!(fill_runs(1 | 1 << 63, !(1 << 10)), !(1 << 10));
        // Pseudo-random masks and seeds against the cell-by-cell fill.
        let mut rng = crate::random::seeded(0x9E37_79B9_7F4A_7C15);
        let mut next = || rand::Rng::next_u64(&mut rng);
        for _ in 0..20_000 {
            let mask = next() | next();
            let seed = next() & next() & next() & mask;
            if seed == 0 {
                continue;
            }
            assert_eq!(
                fill_runs(seed, mask),
                naive(seed, mask),
                "{mask:064b} {seed:064b}"
            );
        }
    }

    #[test]
    fn packs_predicates_bit_by_bit() {
        let cells: [u8; 70] = core::array::from_fn(|i| (i * 7 % 5) as u8);
        for len in [0, 1, 7, 8, 9, 63, 64] {
            let bits = pack_word(&cells[..len], &mut |&c| c < 2);
            for (i, &c) in cells.iter().enumerate().take(64) {
                assert_eq!(bits >> i & 1 == 1, i < len && c < 2, "len {len} bit {i}");
            }
        }
    }
}
