//! The biased policy of the tree search's playouts: largest pieces first, at random attach
//! cells, contested cells first half the time.

use plateau_grid::random;
use rand::Rng;

use super::MAX_ATTACH;
use super::window::{room_for, window};
use crate::Placement;
use crate::position::{PAD, Position};
use crate::tables::CAND;

/// The pieces of each size, as masks of piece indices (index = size).
const TIER_PIECES: [u32; 6] = [0, 0b1, 0b10, 0b1100, 0b1_1111_0000, 0x1F_FE00];

/// The candidates of each size: `CAND` indices `start..end`.
const TIER_RANGE: [(u16, u16); 6] = [
    (0, 0),
    (CAND.first[0], CAND.first[1]),
    (CAND.first[1], CAND.first[2]),
    (CAND.first[2], CAND.first[4]),
    (CAND.first[4], CAND.first[9]),
    (CAND.first[9], CAND.first[21]),
];

/// The piece index of each candidate.
const CAND_PIECE: [u8; crate::tables::CANDIDATES] = {
    let mut out = [0u8; crate::tables::CANDIDATES];
    let mut p = 0;
    while p < 21 {
        let mut i = CAND.first[p] as usize;
        while i < CAND.first[p + 1] as usize {
            out[i] = p as u8;
            i += 1;
        }
        p += 1;
    }
    out
};

/// A random placement for colour `c`, largest pieces first; `None` when it has none. Half
/// the time the attach cells next to an attach cell of an opponent (in `opponents`) are
/// tried first: the contested points where a move both grows and blocks.
pub(super) fn pick<R: Rng + ?Sized>(
    pos: &Position,
    c: usize,
    opponents: u8,
    rng: &mut R,
) -> Option<Placement> {
    let left = pos.left(c);
    if left == 0 {
        return None;
    }
    let side = pos.side();
    // The attach cells, contested ones (next to an opponent's attach cell) in `hot`. Each
    // piece adds at most 8 (tables test), so 21 pieces fit.
    let mut hot = [0u16; MAX_ATTACH];
    let mut cold = [0u16; MAX_ATTACH];
    let (mut nh, mut nc) = (0, 0);
    let local = opponents != 0 && random::below(rng, 2) == 0;
    for py in PAD..PAD + side {
        let bits = pos.corners(c)[py];
        if bits == 0 {
            continue;
        }
        let mut near = 0;
        if local {
            for d in (0..pos.colors()).filter(|d| opponents >> d & 1 == 1) {
                let rows = pos.corners(d);
                let around = rows[py - 1] | rows[py] | rows[py + 1];
                near |= around | around << 1 | around >> 1;
            }
        }
        let (mut contested, mut others) = (bits & near, bits & !near);
        while contested != 0 {
            hot[nh] = (py << 5 | contested.trailing_zeros() as usize) as u16;
            contested &= contested - 1;
            nh += 1;
        }
        while others != 0 {
            cold[nc] = (py << 5 | others.trailing_zeros() as usize) as u16;
            others &= others - 1;
            nc += 1;
        }
    }
    let forbidden = pos.forbidden(c);
    for size in (1..=5).rev() {
        if left & TIER_PIECES[size] == 0 {
            continue;
        }
        let (lo, hi) = (
            usize::from(TIER_RANGE[size].0),
            usize::from(TIER_RANGE[size].1),
        );
        let len = hi - lo;
        // The contested cells in random order, then the others in random order (each draw
        // swaps within its own list, so the lists stay intact for the next size).
        let (mut mh, mut mk) = (nh, nc);
        while mh + mk > 0 {
            let cell = if mh > 0 {
                let i = random::index(rng, mh);
                hot.swap(i, mh - 1);
                mh -= 1;
                hot[mh]
            } else {
                let i = random::index(rng, mk);
                cold.swap(i, mk - 1);
                mk -= 1;
                cold[mk]
            };
            let (px, py) = (usize::from(cell & 31), usize::from(cell >> 5));
            let local = window(forbidden, px, py);
            if !room_for(local, size) {
                continue;
            }
            let start = lo + random::index(rng, len);
            let hit = (start..hi)
                .chain(lo..start)
                .find(|&i| CAND.masks[i] & local == 0 && left >> CAND_PIECE[i] & 1 == 1);
            if let Some(i) = hit {
                let ci = CAND.info[i];
                let (x, y) = ((px - PAD) as u8, (py - PAD) as u8);
                return Some(Placement {
                    oid: ci.orient,
                    x: x.wrapping_add_signed(ci.dx),
                    y: y.wrapping_add_signed(ci.dy),
                });
            }
        }
    }
    None
}
