//! The 9 x 9 window around an attach cell, and what the playouts read from it cheaply: the
//! free room around the cell and which of its eight neighbours are taken.

use crate::position::Rows;

/// The 81 cells of a 9 x 9 window.
pub(super) const WINDOW: u128 = (1 << 81) - 1;
/// Window cells not in the first / last column.
pub(super) const NOT_LEFT: u128 = {
    let mut m = WINDOW;
    let mut y = 0;
    while y < 9 {
        m &= !(1 << (9 * y));
        y += 1;
    }
    m
};
pub(super) const NOT_RIGHT: u128 = {
    let mut m = WINDOW;
    let mut y = 0;
    while y < 9 {
        m &= !(1 << (9 * y + 8));
        y += 1;
    }
    m
};
/// The window's centre, the attach cell.
pub(super) const CENTRE: u128 = 1 << 40;

/// The ring cells (the eight around the window's centre) a window mask covers, as an 8-bit
/// pattern: bits 0..3 the row above, left to right, 3 the left cell, 4 the right one, 5..8
/// the row below.
#[inline(always)]
pub(super) const fn ring_of(mask: u128) -> usize {
    // Bits 30..33, 39 and 41, 48..51 of the window, packed into 8 bits.
    let m = (mask >> 30) as u32;
    (m & 0b111 | (m >> 9 & 1) << 3 | (m >> 11 & 1) << 4 | (m >> 18 & 0b111) << 5) as usize
}

/// The 9 x 9 window of `rows` around padded cell (px, py).
#[inline(always)]
pub(super) fn window(rows: &Rows, px: usize, py: usize) -> u128 {
    let mut w = 0u128;
    for i in 0..9 {
        w |= u128::from((rows[py - 4 + i] >> (px - 4)) & 0x1FF) << (9 * i);
    }
    w
}

/// Whether the free cells of the window, grown from the centre, reach `size` cells within
/// `size - 1` steps (necessary for a piece of that size to fit).
#[inline(always)]
pub(super) fn room_for(local: u128, size: usize) -> bool {
    let free = !local & WINDOW;
    let mut region = CENTRE;
    for _ in 1..size {
        let grown = region
            | (region << 1 & NOT_LEFT)
            | (region >> 1 & NOT_RIGHT)
            | region << 9
            | region >> 9;
        region = grown & free;
    }
    region.count_ones() as usize >= size
}

/// The size of the largest piece that may fit on the window's centre (at most 5): the free
/// cells grown from the centre must reach `s` cells within `s - 1` steps.
///
/// A step that adds nothing means the region is the centre's whole free component (and
/// every step before it added a cell, so the component has at least as many cells as steps
/// taken): the room is then its size, capped at 5; growing through four steps means the
/// region has at least five cells. So one popcount at most, instead of one per step.
#[inline(always)]
pub(super) fn room(local: u128) -> usize {
    let free = !local & WINDOW;
    if free & CENTRE == 0 {
        return 0;
    }
    let mut region = CENTRE;
    for _ in 1..5 {
        let grown = (region
            | (region << 1 & NOT_LEFT)
            | (region >> 1 & NOT_RIGHT)
            | region << 9
            | region >> 9)
            & free;
        if grown == region {
            return (region.count_ones() as usize).min(5);
        }
        region = grown;
    }
    5
}

#[cfg(test)]
mod tests {
    use plateau_grid::random;

    use super::*;

    #[test]
    fn room_is_the_largest_size_reached_in_time() {
        // The definition, one popcount per step, on windows of every density.
        let reference = |local: u128| {
            let free = !local & WINDOW;
            if free & CENTRE == 0 {
                return 0;
            }
            let (mut region, mut best) = (CENTRE, 1);
            for s in 2..=5 {
                region = (region
                    | (region << 1 & NOT_LEFT)
                    | (region >> 1 & NOT_RIGHT)
                    | region << 9
                    | region >> 9)
                    & free;
                if region.count_ones() as usize >= s {
                    best = s;
                }
            }
            best
        };
        let mut rng = random::seeded(2);
        let mut seen = [0; 6];
        for density in 1..16 {
            for _ in 0..2000 {
                let mut local = 0u128;
                for bit in 0..81 {
                    if random::below(&mut rng, 16) < density {
                        local |= 1 << bit;
                    }
                }
                let local = local & !CENTRE;
                assert_eq!(room(local), reference(local), "{local:#x}");
                seen[room(local)] += 1;
            }
        }
        assert!(seen[1..].iter().all(|&n| n > 0), "{seen:?}");
    }

    #[test]
    fn ring_patterns_read_the_eight_neighbours() {
        let ring = [30, 31, 32, 39, 41, 48, 49, 50];
        for (b, &w) in ring.iter().enumerate() {
            assert_eq!(ring_of(1 << w), 1 << b);
        }
        assert_eq!(
            ring_of(WINDOW & !ring.iter().map(|&w| 1u128 << w).sum::<u128>()),
            0
        );
    }
}
