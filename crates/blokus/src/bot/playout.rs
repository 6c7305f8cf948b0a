//! Fast random playouts: the simulations behind the tree search.
//!
//! A playout plays random moves until the game ends, without building move lists. For the
//! colour to move it tries the largest pieces it still has first: it visits its attach
//! cells in random order and, at each, scans the candidates of that size from a random
//! start for one that fits; a cell whose free neighbourhood is too small for the size is
//! skipped without a scan. Only when no piece of a size fits anywhere does it try the next
//! size down, and a colour with no fit at all is blocked for the rest of the game. This is
//! the "big pieces first" bias the strong Blokus programs use in their playouts, and it
//! makes a playout a few dozen window reads and masks per move.

use plateau_grid::random;
use rand::Rng;

use crate::game::color_score;
use crate::position::{PAD, Position, Rows};
use crate::tables::CAND;
use crate::{Config, EndRule, Game, Move, Placement};

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

/// Attach cells a colour can have: at most 8 per piece placed (checked in the tables'
/// tests), and 1 before the first.
pub(crate) const MAX_ATTACH: usize = 21 * 8;

/// The 81 cells of a 9 x 9 window.
const WINDOW: u128 = (1 << 81) - 1;
/// Window cells not in the first / last column.
const NOT_LEFT: u128 = {
    let mut m = WINDOW;
    let mut y = 0;
    while y < 9 {
        m &= !(1 << (9 * y));
        y += 1;
    }
    m
};
const NOT_RIGHT: u128 = {
    let mut m = WINDOW;
    let mut y = 0;
    while y < 9 {
        m &= !(1 << (9 * y + 8));
        y += 1;
    }
    m
};
/// The window's centre, the attach cell.
const CENTRE: u128 = 1 << 40;

/// What a playout ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rollout {
    /// The score of each colour (index by [`crate::Color::index`]; unused colours 0).
    pub scores: [i32; 4],
    /// Pieces placed during the playout.
    pub placements: u32,
}

/// Plays the game on from `game` with the fast biased policy (largest pieces first, random
/// attach cell, random fitting candidate) until it ends, and returns the scores. Every move
/// is legal; draws come from `rng` only.
///
/// ```
/// use plateau_blokus::{Config, Game, playout, random};
///
/// let mut rng = random::seeded(1);
/// let r = playout(&Game::new(Config::duo()), &mut rng);
/// assert!(r.placements >= 20);
/// ```
pub fn playout<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Rollout {
    let mut pos = game.position().clone();
    let placements = run(&mut pos, game.config(), rng);
    rollout(&pos, game.config(), placements)
}

/// Plays the game on from `game` choosing every move uniformly among all legal moves
/// (built with the full move generator), until it ends. Slower than [`playout`]; the
/// reference for what "random" means.
pub fn uniform_playout<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Rollout {
    let mut g = game.clone();
    let mut moves = alloc::vec::Vec::new();
    let mut placements = 0;
    while !g.is_over() {
        g.legal_moves_into(&mut moves);
        let m = random::choose(rng, &moves).copied().unwrap_or(Move::Pass);
        if g.play(m).is_err() {
            break;
        }
        placements += u32::from(!m.is_pass());
    }
    rollout(g.position(), g.config(), placements)
}

pub(crate) fn rollout(pos: &Position, config: Config, placements: u32) -> Rollout {
    let mut scores = [0; 4];
    for (c, s) in scores.iter_mut().enumerate().take(config.colors()) {
        *s = color_score(pos, config.scoring(), c);
    }
    Rollout { scores, placements }
}

/// Plays `pos` to the end with the biased policy; returns the number of pieces placed.
pub(crate) fn run<R: Rng + ?Sized>(pos: &mut Position, config: Config, rng: &mut R) -> u32 {
    run_with(pos, config, true, rng)
}

/// [`run`], with the bias toward contested attach cells on or off.
pub(crate) fn run_with<R: Rng + ?Sized>(
    pos: &mut Position,
    config: Config,
    local: bool,
    rng: &mut R,
) -> u32 {
    let colors = pos.colors as usize;
    // Each colour's opponents (the colours of the other players).
    let mut opponents = [0u8; 4];
    for (c, o) in opponents.iter_mut().enumerate().take(colors) {
        let me = config.player_of(crate::Color(c as u8));
        for d in 0..colors {
            if config.player_of(crate::Color(d as u8)) != me {
                *o |= 1 << d;
            }
        }
        if !local {
            *o = 0;
        }
    }
    let all = (1u8 << colors) - 1;
    let first_finished = config.end_rule() == EndRule::FirstFinished;
    if first_finished && pos.left[..colors].contains(&0) {
        return 0;
    }
    let mut placed = 0;
    while pos.blocked != all {
        let c = pos.to_move as usize;
        if pos.blocked >> c & 1 == 0 {
            if let Some(pl) = pick(pos, c, opponents[c], rng) {
                pos.place(c, pl);
                placed += 1;
                if first_finished && pos.left[c] == 0 {
                    pos.to_move = pos.next_color(c) as u8;
                    break;
                }
            } else {
                pos.blocked |= 1 << c;
            }
        }
        pos.to_move = pos.next_color(c) as u8;
    }
    placed
}

/// The 9 x 9 window of `rows` around padded cell (px, py).
#[inline(always)]
fn window(rows: &Rows, px: usize, py: usize) -> u128 {
    let mut w = 0u128;
    for i in 0..9 {
        w |= u128::from((rows[py - 4 + i] >> (px - 4)) & 0x1FF) << (9 * i);
    }
    w
}

/// Whether the free cells of the window, grown from the centre, reach `size` cells within
/// `size - 1` steps (necessary for a piece of that size to fit).
#[inline(always)]
fn room_for(local: u128, size: usize) -> bool {
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

/// A random placement for colour `c`, largest pieces first; `None` when it has none. Half
/// the time the attach cells next to an attach cell of an opponent (in `opponents`) are
/// tried first: the contested points where a move both grows and blocks.
pub(crate) fn pick<R: Rng + ?Sized>(
    pos: &Position,
    c: usize,
    opponents: u8,
    rng: &mut R,
) -> Option<Placement> {
    let left = pos.left[c];
    if left == 0 {
        return None;
    }
    let side = pos.side as usize;
    // The attach cells, contested ones (next to an opponent's attach cell) in `hot`. Each
    // piece adds at most 8 (tables test), so 21 pieces fit.
    let mut hot = [0u16; MAX_ATTACH];
    let mut cold = [0u16; MAX_ATTACH];
    let (mut nh, mut nc) = (0, 0);
    let local = opponents != 0 && random::below(rng, 2) == 0;
    for py in PAD..PAD + side {
        let bits = pos.corners[c][py];
        if bits == 0 {
            continue;
        }
        let mut near = 0;
        if local {
            for d in (0..pos.colors as usize).filter(|d| opponents >> d & 1 == 1) {
                let rows = &pos.corners[d];
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
    let forbidden = &pos.forbidden[c];
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
