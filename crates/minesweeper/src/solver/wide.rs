//! [`Wide`]: a positive float with an unbounded binary exponent, for layout counts.
//!
//! The number of mine layouts of an expert board is about 10^104 and grows without bound
//! with the board, past `f64`'s 10^308. Counts are therefore kept as a mantissa in
//! `[0.5, 1)` and an `i64` power of two. Only multiplication, division and addition of
//! non-negative values are needed; none of them uses a transcendental function, so the
//! crate stays `no_std` (core has no `ln`).

/// `m * 2^e`, with `m` in `[0.5, 1)` or exactly zero.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Wide {
    m: f64,
    e: i64,
}

/// `2^k` for `k` in `-1022..=1023`.
#[inline]
pub(crate) fn pow2(k: i64) -> f64 {
    debug_assert!((-1022..=1023).contains(&k));
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// Splits a positive finite `x` into `(m, e)` with `x = m * 2^e`, `m` in `[0.5, 1)`.
#[inline]
pub(crate) fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 {
        return (0.0, 0);
    }
    let mut x = x;
    let mut bias = 0;
    if x < f64::MIN_POSITIVE {
        // Subnormal: scale into the normal range first.
        x *= pow2(64);
        bias = -64;
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, exp - 1022 + bias)
}

impl Wide {
    pub(crate) const ZERO: Wide = Wide { m: 0.0, e: 0 };
    pub(crate) const ONE: Wide = Wide { m: 0.5, e: 1 };

    /// `x * 2^e` for a finite non-negative `x`.
    pub(crate) fn new(x: f64, e: i64) -> Wide {
        let (m, k) = frexp(x);
        if m == 0.0 {
            Wide::ZERO
        } else {
            Wide { m, e: e + k }
        }
    }

    pub(crate) fn from_u64(n: u64) -> Wide {
        Wide::new(n as f64, 0)
    }

    pub(crate) fn is_zero(self) -> bool {
        self.m == 0.0
    }

    /// The binary exponent (`self` lies in `[2^(e-1), 2^e)`), for scaling vectors.
    pub(crate) fn exponent(self) -> i64 {
        self.e
    }

    pub(crate) fn mul(self, o: Wide) -> Wide {
        if self.is_zero() || o.is_zero() {
            return Wide::ZERO;
        }
        Wide::new(self.m * o.m, self.e + o.e)
    }

    pub(crate) fn div(self, o: Wide) -> Wide {
        debug_assert!(!o.is_zero());
        if self.is_zero() {
            return Wide::ZERO;
        }
        Wide::new(self.m / o.m, self.e - o.e)
    }

    /// The value as an `f64` (0 below its range, infinity above).
    pub(crate) fn to_f64(self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        let mut m = self.m;
        let mut e = self.e;
        while e > 1000 {
            m *= pow2(1000);
            e -= 1000;
            if m.is_infinite() {
                return f64::INFINITY;
            }
        }
        while e < -1000 {
            m *= pow2(-1000);
            e += 1000;
            if m == 0.0 {
                return 0.0;
            }
        }
        m * pow2(e)
    }

    /// `self * 2^-e` as an `f64`: the value in a vector scaled by `2^e`.
    pub(crate) fn scaled(self, e: i64) -> f64 {
        Wide {
            m: self.m,
            e: self.e - e,
        }
        .to_f64()
    }

    /// log2 of the value (about; exact to the mantissa's leading bits), `-inf` for zero.
    pub(crate) fn log2(self) -> f64 {
        if self.is_zero() {
            return f64::NEG_INFINITY;
        }
        // ln(m) = 2 atanh(t), t = (m - 1) / (m + 1) in [-1/3, 0): the series converges fast
        // (the last term kept is below 1e-7).
        let t = (self.m - 1.0) / (self.m + 1.0);
        let t2 = t * t;
        let mut term = t;
        let mut sum = 0.0;
        for k in 0..7 {
            sum += term / f64::from(2 * k + 1);
            term *= t2;
        }
        self.e as f64 + 2.0 * sum * core::f64::consts::LOG2_E
    }
}

/// `n!` for every `n` up to a board's cell count, to give binomials an absolute scale.
#[derive(Debug, Clone, Default)]
pub(crate) struct Factorials {
    table: alloc::vec::Vec<Wide>,
}

impl Factorials {
    pub(crate) fn ensure(&mut self, n: usize) {
        if self.table.is_empty() {
            self.table.push(Wide::ONE);
        }
        while self.table.len() <= n {
            let k = self.table.len();
            let prev = self.table[k - 1];
            self.table.push(prev.mul(Wide::from_u64(k as u64)));
        }
    }

    /// `C(n, k)` (0 when `k > n`); `ensure(n)` must have been called.
    pub(crate) fn binomial(&self, n: usize, k: usize) -> Wide {
        if k > n {
            return Wide::ZERO;
        }
        self.table[n].div(self.table[k].mul(self.table[n - k]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frexp_and_back() {
        for x in [1.0, 0.75, 3.0, 1e300, 1e-300, 5e-324, 123_456.789] {
            let (m, e) = frexp(x);
            assert!((0.5..1.0).contains(&m), "{x}: {m}");
            assert_eq!(Wide::new(m, e).to_f64().to_bits(), x.to_bits());
        }
    }

    #[test]
    fn binomials_beyond_f64() {
        let mut f = Factorials::default();
        f.ensure(2000);
        assert!((f.binomial(10, 3).to_f64() - 120.0).abs() < 1e-9);
        assert!((f.binomial(480, 99).to_f64() / 5.6e104 - 1.0).abs() < 0.01);
        let big = f.binomial(2000, 1000);
        assert!(big.to_f64().is_infinite());
        // log2 C(2000, 1000) = 1994.19118 (exact integer arithmetic, Python math.comb)
        assert!((big.log2() - 1_994.191_18).abs() < 1e-4, "{}", big.log2());
        let ratio = f.binomial(2000, 1001).div(big).to_f64();
        assert!((ratio - 1000.0 / 1001.0).abs() < 1e-12);
    }
}
