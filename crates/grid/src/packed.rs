//! A fast path for flooding small boards: up to 16 rows of at most 15 columns packed into
//! four words of four 16-bit lanes, each lane's top bit kept clear.
//!
//! The clear lane bit lets whole-word arithmetic act on every row at once: a carry or a
//! shifted bit that leaves a row lands on it and is masked away. Rows are interleaved
//! (word `r % 4`, lane `r / 4`) so that moving the board one row is a rotation of the four
//! words plus one lane shift, not a shift across word boundaries.
//!
//! Filling alternates complete horizontal runs (carry addition one way, Kogge–Stone doubling
//! the other) with complete vertical runs (Kogge–Stone over rows), so the loop turns once per
//! bend of the region rather than once per step.

/// Largest width the packed fast path handles.
pub(crate) const MAX_WIDTH: usize = 15;
/// Largest height the packed fast path handles.
pub(crate) const MAX_HEIGHT: usize = 16;

#[derive(Clone, Copy, PartialEq, Eq)]
struct Lanes([u64; 4]);

impl Lanes {
    fn pack(rows: &[u64]) -> Lanes {
        let mut w = [0u64; 4];
        for (r, &bits) in rows.iter().enumerate().take(MAX_HEIGHT) {
            w[r % 4] |= (bits & 0x7FFF) << (16 * (r / 4));
        }
        Lanes(w)
    }

    fn unpack(self, rows: &mut [u64]) {
        for (r, out) in rows.iter_mut().enumerate().take(MAX_HEIGHT) {
            *out = (self.0[r % 4] >> (16 * (r / 4))) & 0xFFFF;
        }
    }

    #[inline(always)]
    fn zip(self, o: Lanes, f: impl Fn(u64, u64) -> u64) -> Lanes {
        Lanes([
            f(self.0[0], o.0[0]),
            f(self.0[1], o.0[1]),
            f(self.0[2], o.0[2]),
            f(self.0[3], o.0[3]),
        ])
    }

    #[inline(always)]
    fn map(self, f: impl Fn(u64) -> u64) -> Lanes {
        Lanes([f(self.0[0]), f(self.0[1]), f(self.0[2]), f(self.0[3])])
    }

    /// `g | (p & shifted(g))`: one Kogge–Stone step.
    #[inline(always)]
    fn grow(self, p: Lanes, shifted: Lanes) -> Lanes {
        self.zip(p.zip(shifted, |a, b| a & b), |a, b| a | b)
    }

    /// Row `r` moves to row `r + k` (rows pushed past the last lane vanish).
    #[inline(always)]
    fn down<const K: usize>(self) -> Lanes {
        let w = self.0;
        match K {
            1 => Lanes([w[3] << 16, w[0], w[1], w[2]]),
            2 => Lanes([w[2] << 16, w[3] << 16, w[0], w[1]]),
            4 => self.map(|x| x << 16),
            _ => self.map(|x| x << 32),
        }
    }

    /// Row `r` moves to row `r - k`.
    #[inline(always)]
    fn up<const K: usize>(self) -> Lanes {
        let w = self.0;
        match K {
            1 => Lanes([w[1], w[2], w[3], w[0] >> 16]),
            2 => Lanes([w[2], w[3], w[0] >> 16, w[1] >> 16]),
            4 => self.map(|x| x >> 16),
            _ => self.map(|x| x >> 32),
        }
    }
}

/// The cells of `mask` 4-connected to `seed`, for boards within the packed limits. Writes
/// the result rows to `out` (as many as `mask` has).
pub(crate) fn flood4(seed: &[u64], mask: &[u64], out: &mut [u64]) {
    let m = Lanes::pack(mask);
    let mut g = Lanes::pack(seed).zip(m, |a, b| a & b);
    let and = |a: u64, b: u64| a & b;
    let mut first = true;
    loop {
        let before = g;
        // Towards higher columns: adding the seeds carries through each run above them.
        let right = g.zip(m, |t, mm| (mm & (mm.wrapping_add(t) ^ (mm & !t))) | t);
        // Towards lower columns, doubling the reach each step (1 + 2 + 4 + 8 >= 15): `p` marks
        // cells whose next 2^k cells leftwards are all open. Recomputed rather than kept, to
        // spare registers.
        let (mut left, mut p) = (g, m);
        left = left.grow(p, left.map(|w| w >> 1));
        p = p.zip(p.map(|w| w >> 1), and);
        left = left.grow(p, left.map(|w| w >> 2));
        p = p.zip(p.map(|w| w >> 2), and);
        left = left.grow(p, left.map(|w| w >> 4));
        p = p.zip(p.map(|w| w >> 4), and);
        left = left.grow(p, left.map(|w| w >> 8));
        g = right.zip(left, |a, b| a | b);
        // Closed under vertical moves (the previous pass) and now horizontal ones: done.
        if !first && g == before {
            break;
        }
        first = false;
        let horizontal = g;
        // Whole column runs, both ways, over 1 + 2 + 4 + 8 rows.
        let (mut down, mut p) = (g, m);
        down = down.grow(p, down.down::<1>());
        p = p.zip(p.down::<1>(), and);
        down = down.grow(p, down.down::<2>());
        p = p.zip(p.down::<2>(), and);
        down = down.grow(p, down.down::<4>());
        p = p.zip(p.down::<4>(), and);
        down = down.grow(p, down.down::<8>());
        let (mut up, mut p) = (g, m);
        up = up.grow(p, up.up::<1>());
        p = p.zip(p.up::<1>(), and);
        up = up.grow(p, up.up::<2>());
        p = p.zip(p.up::<2>(), and);
        up = up.grow(p, up.up::<4>());
        p = p.zip(p.up::<4>(), and);
        up = up.grow(p, up.up::<8>());
        g = down.zip(up, |a, b| a | b);
        if g == horizontal {
            break;
        }
    }
    g.unpack(out);
}
