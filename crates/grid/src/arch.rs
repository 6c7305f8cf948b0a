//! Everything that depends on the target's instruction set, in one place: the SSE2 layout of
//! the small-board flood and the prefetch hint of the scanline fill. Every item has a
//! portable counterpart used elsewhere, and both are tested against each other.

/// Asks the CPU to bring `slice[index]` into cache, if that element exists; does nothing on
/// targets without a prefetch instruction.
#[inline(always)]
pub(crate) fn prefetch<T>(slice: &[T], index: usize) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    if let Some(cell) = slice.get(index) {
        safe_arch::prefetch_t0(cell);
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = (slice, index);
}

/// Two SSE2 registers: even rows (lane `i` is row `2i`) and odd rows (row `2i + 1`).
///
/// Splitting by parity makes every vertical move cheap: one row down is the even rows
/// becoming the odd ones and the odd ones moving up a lane; two, four or eight rows are a
/// byte shift of each register. Lanes shift and add on their own, so no guard bit is needed
/// between rows.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod sse2 {
    use crate::packed::{Lanes, MAX_HEIGHT, check_shift};
    use safe_arch::{
        add_i16_m128i, bitandnot_m128i, byte_shl_imm_u128_m128i, byte_shr_imm_u128_m128i,
        cmp_eq_mask_i8_m128i, cmp_gt_mask_i16_m128i, m128i, move_mask_i8_m128i, set_i16_m128i,
        set_splat_i16_m128i, shr_imm_u16_m128i, unpack_high_i16_m128i, unpack_high_i32_m128i,
        unpack_low_i16_m128i, unpack_low_i32_m128i, unpack_low_i64_m128i, zeroed_m128i,
    };

    #[derive(Clone, Copy)]
    pub(crate) struct Board {
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

    impl Lanes for Board {
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
            const { check_shift(K) };
            match K {
                1 => self.each(shr_imm_u16_m128i::<1>),
                2 => self.each(shr_imm_u16_m128i::<2>),
                4 => self.each(shr_imm_u16_m128i::<4>),
                _ => self.each(shr_imm_u16_m128i::<8>),
            }
        }

        #[inline(always)]
        fn down<const K: u32>(self) -> Board {
            const { check_shift(K) };
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
            const { check_shift(K) };
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
