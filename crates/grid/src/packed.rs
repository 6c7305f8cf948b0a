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
//! row. The algorithm is written once over [`Lanes`]; `arch::sse2` and [`words`] lay the
//! board out.

/// Largest width the packed fast path handles.
pub(crate) const MAX_WIDTH: usize = 15;
/// Largest height the packed fast path handles.
pub(crate) const MAX_HEIGHT: usize = 16;

/// A board of at most 16 rows of at most 15 columns, one bit per cell, in some packed
/// layout. Cells outside the board must stay clear through every operation that is given
/// clear cells there (masks take care of what the shifts bring in).
/// The shift amounts the doubling steps use. Every `left`, `down` and `up` implementation
/// evaluates this at compile time, so a caller passing another amount fails to build rather
/// than shifting by a wrong amount in a match's fallback arm.
pub(crate) const fn check_shift(k: u32) {
    assert!(
        matches!(k, 1 | 2 | 4 | 8),
        "lane shifts are by 1, 2, 4 or 8"
    );
}

pub(crate) trait Lanes: Copy {
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
    /// Cell `(x, y)` moves to `(x - K, y)`, for `K` in 1, 2, 4, 8 ([`check_shift`]).
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
    return flood4_in::<crate::arch::sse2::Board, _>(seed, mask, columns, height);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    return flood4_in::<words::Board, _>(seed, mask, columns, height);
}

/// The doubling masks of a flood inside `m`: `left1` holds the cells whose next cell to
/// the left is open too, `left2` those whose next 3 are, `left3` the next 7; likewise down
/// and up.
struct Reach<L> {
    left1: L,
    left2: L,
    left3: L,
    down1: L,
    down2: L,
    down3: L,
    up1: L,
    up2: L,
    up3: L,
}

/// The masks are computed out of line on purpose: inlined, LLVM splits `left3` (and the
/// others) back into the masks it was made of, spending an extra AND on every use in the
/// flood's loop to save a register (measured: about 5 % of a flood).
#[inline(never)]
fn reach<L: Lanes>(m: L) -> Reach<L> {
    let left1 = m.and(m.left::<1>());
    let left2 = left1.and(left1.left::<2>());
    let down1 = m.and(m.down::<1>());
    let down2 = down1.and(down1.down::<2>());
    let up1 = m.and(m.up::<1>());
    let up2 = up1.and(up1.up::<2>());
    Reach {
        left1,
        left2,
        left3: left2.and(left2.left::<4>()),
        down1,
        down2,
        down3: down2.and(down2.down::<4>()),
        up1,
        up2,
        up3: up2.and(up2.up::<4>()),
    }
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
    let Reach {
        left1,
        left2,
        left3,
        down1,
        down2,
        down3,
        up1,
        up2,
        up3,
    } = reach(m);
    // A doubling step of 4 (or 8) only matters where a run has more than 4 (8) cells to
    // cross: on most boards some of the longer steps can be skipped.
    let rows_past_4 = !left2.and(m.left::<4>()).is_empty();
    let rows_past_8 = !left3.and(m.left::<8>()).is_empty();
    let columns_past_4 = !down2.and(m.down::<4>()).is_empty();
    let columns_past_8 = !down3.and(m.down::<8>()).is_empty();
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
            const { super::check_shift(K) };
            self.each(|w| w >> K)
        }

        #[inline(always)]
        fn down<const K: u32>(self) -> Board {
            const { super::check_shift(K) };
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
            const { super::check_shift(K) };
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
            flood4_in::<crate::arch::sse2::Board, N>(seed, mask, cols, h),
            expected,
            "sse2, {N} rows, case {case}"
        );
    }
}
