//! A fast path for flooding small boards: up to 16 rows of at most 15 columns, one row per
//! 16-bit lane, the whole board in two SSE2 registers on x86-64 (four words elsewhere).
//!
//! Filling alternates complete horizontal runs with complete vertical runs, so the loop
//! turns once per bend of the region rather than once per step. Horizontal runs grow
//! towards higher columns by one addition per lane (the carry runs through the run) and
//! towards lower columns by Kogge–Stone doubling (1 + 2 + 4 + 8 columns); vertical runs by
//! Kogge–Stone doubling over rows, both ways. The doubling masks ("the next 2^k cells that
//! way are all open") depend only on the mask, so they are computed once per flood.
//!
//! The algorithm is written once over [`Lanes`]; [`sse2`] and [`words`] lay the board out.

/// Largest width the packed fast path handles.
pub(crate) const MAX_WIDTH: usize = 15;
/// Largest height the packed fast path handles.
pub(crate) const MAX_HEIGHT: usize = 16;

/// A board of at most 16 rows of at most 15 columns, one bit per cell, in some packed
/// layout. Cells outside the board must stay clear through every operation that is given
/// clear cells there (masks take care of what the shifts bring in).
trait Lanes: Copy {
    /// The board whose row `r` is `row(r)`, for `r` in `0..16`.
    fn pack(row: impl Fn(usize) -> u64) -> Self;
    /// Writes row `r` to `rows[r]`.
    fn unpack(self, rows: &mut [u64]);
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// Each run of `mask` (a row's maximal open stretch) filled from its lowest cell of
    /// `self` to its top: `self` plus the carry of adding it to `mask`.
    fn run_up(self, mask: Self) -> Self;
    /// Cell `(x, y)` moves to `(x - K, y)`.
    fn left<const K: u32>(self) -> Self;
    /// Cell `(x, y)` moves to `(x, y + K)`, for `K` in 1, 2, 4, 8.
    fn down<const K: u32>(self) -> Self;
    /// Cell `(x, y)` moves to `(x, y - K)`, for `K` in 1, 2, 4, 8.
    fn up<const K: u32>(self) -> Self;
    fn same(self, other: Self) -> bool;

    /// One Kogge–Stone step: `self` plus the cells of `reach` that `moved` lands on.
    #[inline(always)]
    fn grow(self, reach: Self, moved: Self) -> Self {
        self.or(reach.and(moved))
    }
}

/// The cells of `mask` 4-connected to `seed`, for boards within the packed limits. Only
/// columns in `columns` count. Writes the result rows to `out` (as many as it has; `mask`
/// must have as many).
#[inline]
pub(crate) fn flood4(seed: &[u64], mask: &[u64], columns: u64, out: &mut [u64]) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    flood4_in::<sse2::Board>(seed, mask, columns, out);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    flood4_in::<words::Board>(seed, mask, columns, out);
}

#[inline(always)]
fn flood4_in<L: Lanes>(seed: &[u64], mask: &[u64], columns: u64, out: &mut [u64]) {
    // Rows are read one by one, never as a block copied first: storing rows and reloading
    // them at another width stalls store-to-load forwarding (measured: about 20 ns a flood).
    let row = |rows: &[u64], r: usize| rows.get(r).copied().unwrap_or(0);
    let m = L::pack(|r| row(mask, r) & columns);
    let mut g = L::pack(|r| row(seed, r)).and(m);
    // `left1`..`left3` (and `down*`, `up*`): the cell and the 1, 3 or 7 cells a move of 2, 4
    // or 8 would jump to reach it are all open, so that move may land there.
    let left1 = m.and(m.left::<1>());
    let left2 = left1.and(left1.left::<2>());
    let left3 = left2.and(left2.left::<4>());
    let down1 = m.and(m.down::<1>());
    let down2 = down1.and(down1.down::<2>());
    let down3 = down2.and(down2.down::<4>());
    let up1 = m.and(m.up::<1>());
    let up2 = up1.and(up1.up::<2>());
    let up3 = up2.and(up2.up::<4>());
    let mut first = true;
    loop {
        let before = g;
        let right = g.run_up(m);
        let mut left = g.grow(m, g.left::<1>());
        left = left.grow(left1, left.left::<2>());
        left = left.grow(left2, left.left::<4>());
        left = left.grow(left3, left.left::<8>());
        g = right.or(left);
        // Closed under vertical moves (the previous pass) and now horizontal ones: done.
        if !first && g.same(before) {
            break;
        }
        first = false;
        let horizontal = g;
        let mut down = g.grow(m, g.down::<1>());
        down = down.grow(down1, down.down::<2>());
        down = down.grow(down2, down.down::<4>());
        down = down.grow(down3, down.down::<8>());
        let mut up = g.grow(m, g.up::<1>());
        up = up.grow(up1, up.up::<2>());
        up = up.grow(up2, up.up::<4>());
        up = up.grow(up3, up.up::<8>());
        g = down.or(up);
        if g.same(horizontal) {
            break;
        }
    }
    g.unpack(out);
}

/// Two SSE2 registers: even rows (lane `i` is row `2i`) and odd rows (row `2i + 1`).
///
/// Splitting by parity makes every vertical move cheap: one row down is the even rows
/// becoming the odd ones and the odd ones moving up a lane; two, four or eight rows are a
/// byte shift of each register. Lanes shift and add on their own, so no guard bit is needed
/// between rows.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use safe_arch::{
        add_i16_m128i, bitandnot_m128i, byte_shl_imm_u128_m128i, byte_shr_imm_u128_m128i,
        cmp_eq_mask_i8_m128i, get_i64_from_m128i_s, m128i, move_mask_i8_m128i, set_i64_m128i,
        shr_imm_u16_m128i,
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
        fn pack(row: impl Fn(usize) -> u64) -> Board {
            // Four rows of one parity per word, built in registers.
            let word =
                |first: usize| (0..4).fold(0, |w, i| w | (row(first + 2 * i) & 0xFFFF) << (16 * i));
            let half = |lo: u64, hi: u64| set_i64_m128i(hi as i64, lo as i64);
            Board {
                even: half(word(0), word(8)),
                odd: half(word(1), word(9)),
            }
        }

        #[inline(always)]
        fn unpack(self, rows: &mut [u64]) {
            let halves = |x: m128i| {
                let hi = byte_shr_imm_u128_m128i::<8>(x);
                [
                    get_i64_from_m128i_s(x) as u64,
                    get_i64_from_m128i_s(hi) as u64,
                ]
            };
            let (even, odd) = (halves(self.even), halves(self.odd));
            let all: [u64; super::MAX_HEIGHT] = core::array::from_fn(|r| {
                let word = if r % 2 == 0 { even[r / 8] } else { odd[r / 8] };
                word >> (16 * (r / 2 % 4)) & 0xFFFF
            });
            for (out, row) in rows.iter_mut().zip(all) {
                *out = row;
            }
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
            self.zip(mask, |g, m| {
                (m & (add_i16_m128i(m, g) ^ bitandnot_m128i(g, m))) | g
            })
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
        fn pack(row: impl Fn(usize) -> u64) -> Board {
            Board(core::array::from_fn(|w| {
                (0..4).fold(0, |acc, lane| {
                    acc | (row(w + 4 * lane) & 0x7FFF) << (16 * lane)
                })
            }))
        }

        #[inline(always)]
        fn unpack(self, rows: &mut [u64]) {
            for (r, out) in rows.iter_mut().enumerate().take(super::MAX_HEIGHT) {
                *out = (self.0[r % 4] >> (16 * (r / 4))) & 0xFFFF;
            }
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
            self.zip(mask, |g, m| (m & (m.wrapping_add(g) ^ (m & !g))) | g)
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
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for case in 0..3000 {
            let (w, h) = (1 + case % MAX_WIDTH, 1 + case / 7 % MAX_HEIGHT);
            let cols = (1u64 << w) - 1;
            // Denser masks as the cases go on, around the percolation threshold.
            // Bits past the width must be ignored.
            let mask: Vec<u64> = (0..h).map(|_| next() | next() >> (case % 3)).collect();
            let seed: Vec<u64> = (0..h).map(|_| next() & next() & next() & next()).collect();
            let expected = naive(&seed, &mask, cols);
            let mut out = vec![0; h];
            flood4_in::<words::Board>(&seed, &mask, cols, &mut out);
            assert_eq!(out, expected[..h], "words, case {case}");
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            {
                flood4_in::<sse2::Board>(&seed, &mask, cols, &mut out);
                assert_eq!(out, expected[..h], "sse2, case {case}");
            }
        }
    }
}
