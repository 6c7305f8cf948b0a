//! Float functions core lacks without `std`, written out so that they give the same bits on
//! every platform (a libm's may differ, which would break the seed's promise).

/// The natural logarithm of `x >= 1`: the float's exponent times ln 2, plus an atanh
/// series on its mantissa (core has no `ln` without `std`, and a libm's may differ between
/// platforms, which would break the seed's promise).
pub(super) fn ln(x: f32) -> f32 {
    let bits = x.to_bits();
    let e = ((bits >> 23) & 0xFF) as i32 - 127;
    let m = f32::from_bits((bits & 0x7F_FFFF) | 0x3F80_0000);
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let series =
        t * (2.0 + t2 * (2.0 / 3.0 + t2 * (2.0 / 5.0 + t2 * (2.0 / 7.0 + t2 * (2.0 / 9.0)))));
    e as f32 * core::f32::consts::LN_2 + series
}

/// The square root of `x >= 0` by Newton's method from the exponent-halving guess.
pub(super) fn sqrt(x: f32) -> f32 {
    if x <= 0.0 {
        return 0.0;
    }
    let mut y = f32::from_bits((x.to_bits() >> 1) + 0x1FBD_1DF5);
    for _ in 0..3 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// `e^x` for `x <= 0` (0 below -80): `2^(x log2 e)` as an exponent and a series on the
/// fraction, the same on every platform.
pub(super) fn exp_neg(x: f32) -> f32 {
    if x < -80.0 {
        return 0.0;
    }
    let y = x.min(0.0) * core::f32::consts::LOG2_E;
    let k = y as i32 - i32::from(y < (y as i32) as f32);
    let f = (y - k as f32) * core::f32::consts::LN_2;
    // e^f for f in [0, ln 2).
    let mut term = 1.0;
    let mut sum = 1.0;
    for i in 1..9 {
        term *= f / i as f32;
        sum += term;
    }
    sum * f32::from_bits(((k + 127).max(1) as u32) << 23)
}

#[cfg(test)]
mod tests {
    #[test]
    fn ln_and_sqrt_are_close_to_std() {
        for i in 1..100_000u32 {
            let x = i as f32 * 0.37 + 1.0;
            assert!(
                (super::ln(x) - x.ln()).abs() < 1e-5 * x.ln().max(1.0),
                "ln {x}"
            );
            assert!(
                (super::sqrt(x) - x.sqrt()).abs() < 1e-5 * x.sqrt(),
                "sqrt {x}"
            );
        }
        assert!(super::sqrt(0.0).abs() < f32::EPSILON);
        for i in 0..100_000u32 {
            // Down to -80, where it turns to 0 (2^-115: the subnormals are not kept).
            let x = -(i as f32) * 0.0008;
            let (got, want) = (super::exp_neg(x), x.exp());
            assert!((got - want).abs() <= 1e-5 * want, "exp {x}: {got} {want}");
        }
        assert_eq!(super::exp_neg(-100.0).to_bits(), 0);
    }
}
