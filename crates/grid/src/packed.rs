//! A fast path for flooding small boards: up to 16 rows of at most 15 columns, one row per
//! 16-bit lane, the whole board in two SSE2 registers on x86-64 (four words elsewhere).
//!
//! Filling alternates complete horizontal runs with complete vertical runs, so the loop
//! turns once per bend of the region rather than once per step. Horizontal runs grow
//! towards higher columns by one addition per lane (the carry runs through the run) and
//! towards lower columns by Kogge–Stone doubling (1 + 2 + 4 + 8 columns); vertical runs by
//! Kogge–Stone doubling over rows, both ways. The doubling masks ("the next 2^k cells that
//! way are all open") depend only on the mask, so they are computed once per flood, and a
//! doubling step is skipped for the whole flood when no run of the mask is long enough to
//! need it.
//!
//! The flood reads and writes a block of 16 rows of 64-bit words, and the board is
//! gathered from it and scattered back with a few interleaving shuffles rather than row by
//! row. The algorithm is written once over [`Lanes`]; [`sse2`] and [`words`] lay the board out.

/// Largest width the packed fast path handles.
pub(crate) const MAX_WIDTH: usize = 15;
/// Largest height the packed fast path handles.
pub(crate) const MAX_HEIGHT: usize = 16;

/// A board of at most 16 rows of at most 15 columns, one bit per cell, in some packed
/// layout. Cells outside the board must stay clear through every operation that is given
/// clear cells there (masks take care of what the shifts bring in).
trait Lanes: Copy {
    /// The board whose row `r` holds the low bits of `rows[r]`: rows past 16 are ignored,
    /// rows past `N` are empty. Bits past the lane may be anything in `rows`; they are
    /// dropped or masked by [`Lanes::board`].
    fn load<const N: usize>(rows: &[u64; N]) -> Self;
    /// The cells `(x, y)` with bit `x` of `columns` set and `y < height`.
    fn board(columns: u64, height: usize) -> Self;
    /// The rows, each in the low bits of a word.
    fn store(self) -> [u64; MAX_HEIGHT];
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// Each run of `mask` (a row's maximal open stretch) filled from its lowest cell of
    /// `self` to its top, by the carry of adding `self` to `mask`. The other cells of `self`
    /// in the run stop the carry and come out clear: the caller ORs `self` back in.
    fn run_up(self, mask: Self) -> Self;
    /// Cell `(x, y)` moves to `(x - K, y)`.
    fn left<const K: u32>(self) -> Self;
    /// Cell `(x, y)` moves to `(x, y + K)`, for `K` in 1, 2, 4, 8.
    fn down<const K: u32>(self) -> Self;
    /// Cell `(x, y)` moves to `(x, y - K)`, for `K` in 1, 2, 4, 8.
    fn up<const K: u32>(self) -> Self;
    fn same(self, other: Self) -> bool;
    fn is_empty(self) -> bool;

    /// One Kogge–Stone step: `self` plus the cells of `reach` that `moved` lands on.
    #[inline(always)]
    fn grow(self, reach: Self, moved: Self) -> Self {
        self.or(reach.and(moved))
    }
}

/// The cells of `mask` 4-connected to `seed`, on the board of the first `height` rows and
/// the columns in `columns` (at most [`MAX_WIDTH`] low bits).
#[inline]
pub(crate) fn flood4<const N: usize>(
    seed: &[u64; N],
    mask: &[u64; N],
    columns: u64,
    height: usize,
) -> [u64; MAX_HEIGHT] {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    return flood4_in::<sse2::Board, _>(seed, mask, columns, height);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    return flood4_in::<words::Board, _>(seed, mask, columns, height);
}

#[inline(always)]
fn flood4_in<L: Lanes, const N: usize>(
    seed: &[u64; N],
    mask: &[u64; N],
    columns: u64,
    height: usize,
) -> [u64; MAX_HEIGHT] {
    let m = L::load(mask).and(L::board(columns, height));
    let mut g = L::load(seed).and(m);
    let left1 = m.and(m.left::<1>());
    let left2 = left1.and(left1.left::<2>());
    let left3 = left2.and(left2.left::<4>());
    let down1 = m.and(m.down::<1>());
    let down2 = down1.and(down1.down::<2>());
    let down3 = down2.and(down2.down::<4>());
    let up1 = m.and(m.up::<1>());
    let up2 = up1.and(up1.up::<2>());
    let up3 = up2.and(up2.up::<4>());
    // A doubling step of 4 (or 8) only matters where a run has more than 4 (8) cells to
    // cross: on most boards some of the longer steps can be skipped.
    let rows_past_4 = !left2.and(m.left::<4>()).is_empty();
    let rows_past_8 = !left3.and(m.left::<8>()).is_empty();
    let columns_past_4 = !down2.and(m.down::<4>()).is_empty();
    let columns_past_8 = !down3.and(m.down::<8>()).is_empty();
    // Opaque to the optimiser: otherwise LLVM splits `left3` (and the others) back into the
    // two masks it was made of, spending an extra AND on every use in the loop to save a
    // register (measured: about 5 % of a flood).
    let (left1, left2, left3, down1, down2, down3, up1, up2, up3) =
        core::hint::black_box((left1, left2, left3, down1, down2, down3, up1, up2, up3));
    let mut first = true;
    loop {
        let before = g;
        let right = g.run_up(m);
        let mut left = g.grow(m, g.left::<1>());
        left = left.grow(left1, left.left::<2>());
        if rows_past_4 {
            left = left.grow(left2, left.left::<4>());
        }
        if rows_past_8 {
            left = left.grow(left3, left.left::<8>());
        }
        g = right.or(left); // `left` holds the cells of `g` that `right` may lack
        // Closed under vertical moves (the previous pass) and now horizontal ones: done.
        if !first && g.same(before) {
            break;
        }
        first = false;
        let mut down = g.grow(m, g.down::<1>());
        let mut up = g.grow(m, g.up::<1>());
        // Closed under horizontal moves and no vertical step leads anywhere new: done. This
        // check, one step into the vertical half, replaces a check after it (a vertical
        // half that adds nothing is then never run to its end).
        if down.or(up).same(g) {
            break;
        }
        down = down.grow(down1, down.down::<2>());
        up = up.grow(up1, up.up::<2>());
        if columns_past_4 {
            down = down.grow(down2, down.down::<4>());
            up = up.grow(up2, up.up::<4>());
        }
        if columns_past_8 {
            down = down.grow(down3, down.down::<8>());
            up = up.grow(up3, up.up::<8>());
        }
        g = down.or(up);
    }
    g.store()
}

/// Two SSE2 registers: even rows (lane `i` is row `2i`) and odd rows (row `2i + 1`).
///
/// Splitting by parity makes every vertical move cheap: one row down is the even rows
/// becoming the odd ones and the odd ones moving up a lane; two, four or eight rows are a
/// byte shift of each register. Lanes shift and add on their own, so no guard bit is needed
/// between rows.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::MAX_HEIGHT;
    use safe_arch::{
        add_i16_m128i, bitandnot_m128i, byte_shl_imm_u128_m128i, byte_shr_imm_u128_m128i,
        cmp_eq_mask_i8_m128i, cmp_gt_mask_i16_m128i, m128i, move_mask_i8_m128i, set_i16_m128i,
        set_splat_i16_m128i, shr_imm_u16_m128i, unpack_high_i16_m128i, unpack_high_i32_m128i,
        unpack_low_i16_m128i, unpack_low_i32_m128i, unpack_low_i64_m128i, zeroed_m128i,
    };

    #[derive(Clone, Copy)]
    pub(super) struct Board {
        even: m128i,
        odd: m128i,
    }

    impl Board {
        #[inline(always)]
        fn each(self, f: impl Fn(m128i) -> m128i) -> Board {
            Board {
                even: f(self.even),
                odd: f(self.odd),
            }
        }

        #[inline(always)]
        fn zip(self, o: Board, f: impl Fn(m128i, m128i) -> m128i) -> Board {
            Board {
                even: f(self.even, o.even),
                odd: f(self.odd, o.odd),
            }
        }
    }

    impl super::Lanes for Board {
        #[inline(always)]
        fn load<const N: usize>(rows: &[u64; N]) -> Board {
            // Rows 2k and 2k + 1 are 16-bit lanes 0 and 4 of pair k. Interleaving two pairs
            // puts two even rows in lanes 0 and 1 (and two odd rows, from the high halves);
            // two more interleaves at 32 and 64 bits gather all eight of a parity. `N` is
            // known at compile time, so each pair is one load, half a load, or zero.
            let row = |r: usize| rows.get(r).copied().unwrap_or(0);
            let pair = |k: usize| m128i::from([row(2 * k), row(2 * k + 1)]);
            let (p0, p1, p2, p3) = (pair(0), pair(1), pair(2), pair(3));
            let (p4, p5, p6, p7) = (pair(4), pair(5), pair(6), pair(7));
            let gather = |a: m128i, b: m128i, c: m128i, d: m128i| {
                unpack_low_i64_m128i(unpack_low_i32_m128i(a, b), unpack_low_i32_m128i(c, d))
            };
            Board {
                even: gather(
                    unpack_low_i16_m128i(p0, p1),
                    unpack_low_i16_m128i(p2, p3),
                    unpack_low_i16_m128i(p4, p5),
                    unpack_low_i16_m128i(p6, p7),
                ),
                odd: gather(
                    unpack_high_i16_m128i(p0, p1),
                    unpack_high_i16_m128i(p2, p3),
                    unpack_high_i16_m128i(p4, p5),
                    unpack_high_i16_m128i(p6, p7),
                ),
            }
        }

        #[inline(always)]
        fn board(columns: u64, height: usize) -> Board {
            let height = set_splat_i16_m128i(height as i16);
            let columns = set_splat_i16_m128i(columns as i16);
            let rows_below = |first: i16| {
                let rows = set_i16_m128i(
                    first + 14,
                    first + 12,
                    first + 10,
                    first + 8,
                    first + 6,
                    first + 4,
                    first + 2,
                    first,
                );
                cmp_gt_mask_i16_m128i(height, rows) & columns
            };
            Board {
                even: rows_below(0),
                odd: rows_below(1),
            }
        }

        #[inline(always)]
        fn store(self) -> [u64; MAX_HEIGHT] {
            // `load` undone: the parities interleaved back into row order, then each 16-bit
            // row widened to 64 bits with zeros (to 32 bits, four rows a register, then 64).
            let zero = zeroed_m128i();
            let rows_0_7 = unpack_low_i16_m128i(self.even, self.odd);
            let rows_8_15 = unpack_high_i16_m128i(self.even, self.odd);
            let fours = [
                unpack_low_i16_m128i(rows_0_7, zero),
                unpack_high_i16_m128i(rows_0_7, zero),
                unpack_low_i16_m128i(rows_8_15, zero),
                unpack_high_i16_m128i(rows_8_15, zero),
            ];
            let mut rows = [0; MAX_HEIGHT];
            for (out, four) in rows.chunks_exact_mut(4).zip(fours) {
                out[..2].copy_from_slice(&<[u64; 2]>::from(unpack_low_i32_m128i(four, zero)));
                out[2..].copy_from_slice(&<[u64; 2]>::from(unpack_high_i32_m128i(four, zero)));
            }
            rows
        }

        #[inline(always)]
        fn and(self, o: Board) -> Board {
            self.zip(o, |a, b| a & b)
        }

        #[inline(always)]
        fn or(self, o: Board) -> Board {
            self.zip(o, |a, b| a | b)
        }

        #[inline(always)]
        fn run_up(self, mask: Board) -> Board {
            self.zip(mask, |g, m| bitandnot_m128i(add_i16_m128i(m, g), m))
        }

        #[inline(always)]
        fn left<const K: u32>(self) -> Board {
            match K {
                1 => self.each(shr_imm_u16_m128i::<1>),
                2 => self.each(shr_imm_u16_m128i::<2>),
                4 => self.each(shr_imm_u16_m128i::<4>),
                _ => self.each(shr_imm_u16_m128i::<8>),
            }
        }

        #[inline(always)]
        fn down<const K: u32>(self) -> Board {
            match K {
                1 => Board {
                    even: byte_shl_imm_u128_m128i::<2>(self.odd),
                    odd: self.even,
                },
                2 => self.each(byte_shl_imm_u128_m128i::<2>),
                4 => self.each(byte_shl_imm_u128_m128i::<4>),
                _ => self.each(byte_shl_imm_u128_m128i::<8>),
            }
        }

        #[inline(always)]
        fn up<const K: u32>(self) -> Board {
            match K {
                1 => Board {
                    even: self.odd,
                    odd: byte_shr_imm_u128_m128i::<2>(self.even),
                },
                2 => self.each(byte_shr_imm_u128_m128i::<2>),
                4 => self.each(byte_shr_imm_u128_m128i::<4>),
                _ => self.each(byte_shr_imm_u128_m128i::<8>),
            }
        }

        #[inline(always)]
        fn same(self, o: Board) -> bool {
            let eq =
                cmp_eq_mask_i8_m128i(self.even, o.even) & cmp_eq_mask_i8_m128i(self.odd, o.odd);
            move_mask_i8_m128i(eq) == 0xFFFF
        }

        #[inline(always)]
        fn is_empty(self) -> bool {
            let zero = cmp_eq_mask_i8_m128i(self.even | self.odd, zeroed_m128i());
            move_mask_i8_m128i(zero) == 0xFFFF
        }
    }
}

/// Four words of four 16-bit lanes (row `r` in word `r % 4`, lane `r / 4`), each lane's
/// top bit kept clear: the portable layout.
///
/// The clear top bit lets whole-word arithmetic act on every row at once: a carry or a
/// shifted bit that leaves a row lands on it and is masked away (the doubling masks are
/// clear there too). Interleaving the rows makes one row down a rotation of the words plus
/// one lane shift.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod words {
    use super::MAX_HEIGHT;

    #[derive(Clone, Copy, PartialEq, Eq)]
    pub(super) struct Board([u64; 4]);

    impl Board {
        #[inline(always)]
        fn each(self, f: impl Fn(u64) -> u64) -> Board {
            Board(self.0.map(f))
        }

        #[inline(always)]
        fn zip(self, o: Board, f: impl Fn(u64, u64) -> u64) -> Board {
            let (a, b) = (self.0, o.0);
            Board([f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])])
        }
    }

    impl super::Lanes for Board {
        #[inline(always)]
        fn load<const N: usize>(rows: &[u64; N]) -> Board {
            let row = |r: usize| rows.get(r).copied().unwrap_or(0);
            Board(core::array::from_fn(|w| {
                (0..4).fold(0, |acc, lane| {
                    acc | (row(w + 4 * lane) & 0x7FFF) << (16 * lane)
                })
            }))
        }

        #[inline(always)]
        fn board(columns: u64, height: usize) -> Board {
            let mut rows = [0; MAX_HEIGHT];
            rows[..height.min(MAX_HEIGHT)].fill(columns);
            Board::load(&rows)
        }

        #[inline(always)]
        fn store(self) -> [u64; MAX_HEIGHT] {
            core::array::from_fn(|r| (self.0[r % 4] >> (16 * (r / 4))) & 0xFFFF)
        }

        #[inline(always)]
        fn and(self, o: Board) -> Board {
            self.zip(o, |a, b| a & b)
        }

        #[inline(always)]
        fn or(self, o: Board) -> Board {
            self.zip(o, |a, b| a | b)
        }

        #[inline(always)]
        fn run_up(self, mask: Board) -> Board {
            self.zip(mask, |g, m| m & !m.wrapping_add(g))
        }

        #[inline(always)]
        fn left<const K: u32>(self) -> Board {
            self.each(|w| w >> K)
        }

        #[inline(always)]
        fn down<const K: u32>(self) -> Board {
            let w = self.0;
            match K {
                1 => Board([w[3] << 16, w[0], w[1], w[2]]),
                2 => Board([w[2] << 16, w[3] << 16, w[0], w[1]]),
                4 => self.each(|x| x << 16),
                _ => self.each(|x| x << 32),
            }
        }

        #[inline(always)]
        fn up<const K: u32>(self) -> Board {
            let w = self.0;
            match K {
                1 => Board([w[1], w[2], w[3], w[0] >> 16]),
                2 => Board([w[2], w[3], w[0] >> 16, w[1] >> 16]),
                4 => self.each(|x| x >> 16),
                _ => self.each(|x| x >> 32),
            }
        }

        #[inline(always)]
        fn same(self, o: Board) -> bool {
            self == o
        }

        #[inline(always)]
        fn is_empty(self) -> bool {
            self.0 == [0; 4]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The region by repeated one-step growth.
    fn naive(seed: &[u64], mask: &[u64], cols: u64) -> [u64; MAX_HEIGHT] {
        let mut g = [0; MAX_HEIGHT];
        let mask: Vec<u64> = mask.iter().map(|m| m & cols).collect();
        for (r, (s, m)) in seed.iter().zip(&mask).enumerate() {
            g[r] = s & m;
        }
        loop {
            let mut next = g;
            for r in 0..mask.len() {
                let above = if r > 0 { g[r - 1] } else { 0 };
                let below = g.get(r + 1).copied().unwrap_or(0);
                next[r] = (g[r] | g[r] << 1 | g[r] >> 1 | above | below) & mask[r];
            }
            if next == g {
                return g;
            }
            g = next;
        }
    }

    #[test]
    fn every_layout_matches_the_naive_flood() {
        let mut rng = crate::random::seeded(0x2545_F491_4F6C_DD1D);
        let mut next = || rand::Rng::next_u64(&mut rng);
        for case in 0..3000 {
            let (w, h) = (1 + case % MAX_WIDTH, 1 + case / 7 % MAX_HEIGHT);
            let cols = (1u64 << w) - 1;
            // Masks from a quarter to seven eighths open: sparse ones skip the long doubling
            // steps, dense ones need them. Bits past the width and rows past the height must
            // be ignored, so they are random too.
            let mask: [u64; MAX_HEIGHT] = core::array::from_fn(|_| match case % 4 {
                0 => next() & next(),
                1 => next(),
                2 => next() | next(),
                _ => next() | next() | next(),
            });
            let seed: [u64; MAX_HEIGHT] =
                core::array::from_fn(|_| next() & next() & next() & next());
            let mut expected = naive(&seed[..h], &mask[..h], cols);
            expected[h..].fill(0);
            check(&seed, &mask, cols, h, expected, case);
            // The same board stored in fewer rows than the block of 16 (an odd number, so
            // the last row pair is half missing).
            if h <= 13 {
                let first_13 =
                    |rows: &[u64; MAX_HEIGHT]| -> [u64; 13] { core::array::from_fn(|r| rows[r]) };
                check(&first_13(&seed), &first_13(&mask), cols, h, expected, case);
            }
        }
    }

    fn check<const N: usize>(
        seed: &[u64; N],
        mask: &[u64; N],
        cols: u64,
        h: usize,
        expected: [u64; MAX_HEIGHT],
        case: usize,
    ) {
        assert_eq!(
            flood4_in::<words::Board, N>(seed, mask, cols, h),
            expected,
            "words, {N} rows, case {case}"
        );
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        assert_eq!(
            flood4_in::<sse2::Board, N>(seed, mask, cols, h),
            expected,
            "sse2, {N} rows, case {case}"
        );
    }
}
