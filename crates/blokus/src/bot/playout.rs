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
use crate::{Config, EndRule, Game, Placement};

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

/// Plays the game on from `game` choosing every move uniformly among all the legal moves
/// of the colour to move (a pass only when it has none), until it ends.
///
/// Each move is drawn by rejection, without building the move list: a pair of an attach
/// cell and a candidate placement on it is drawn uniformly among the pairs that pass cheap
/// necessary tests (a piece in hand, no larger than the free room around the cell, leaving
/// the taken cells of the cell's 3 x 3 ring alone), a pair that does not fit is redrawn,
/// and one that fits is kept with probability 1 / k, k being the number of the colour's
/// attach cells it covers (a placement covering k attach cells has k chances to be drawn),
/// which makes every legal placement equally likely. After 64 refused draws the fits of
/// every attach cell are counted (each placement at its first attach cell) and one is
/// chosen among them, so few moves (or none) cost no more than a move list.
///
/// ```
/// use plateau_blokus::{Config, Game, random, uniform_playout};
///
/// let r = uniform_playout(&Game::new(Config::duo()), &mut random::seeded(3));
/// assert!(r.placements >= 10);
/// ```
pub fn uniform_playout<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Rollout {
    let mut pos = game.position().clone();
    let config = game.config();
    let colors = pos.colors as usize;
    // Scratch for the draws, cleared once here rather than at every move.
    let mut cells = [NO_ATTACH; MAX_ATTACH];
    let all = (1u8 << colors) - 1;
    let first_finished = config.end_rule() == EndRule::FirstFinished;
    let mut placements = 0;
    let over = |pos: &Position| first_finished && pos.left[..colors].contains(&0);
    while pos.blocked != all && !over(&pos) {
        let c = pos.to_move as usize;
        if pos.blocked >> c & 1 == 0 {
            if let Some(pl) = pick_uniform(&mut pos, c, &mut cells, rng) {
                pos.place(c, pl);
                placements += 1;
            } else {
                pos.blocked |= 1 << c;
            }
        }
        pos.to_move = pos.next_color(c) as u8;
    }
    rollout(&pos, config, placements)
}

/// Draws before falling back to the full move list.
const UNIFORM_TRIES: usize = 64;

/// The ring cells (the eight around the window's centre) a window mask covers, as an 8-bit
/// pattern: bits 0..3 the row above, left to right, 3 the left cell, 4 the right one, 5..8
/// the row below.
#[inline(always)]
const fn ring_of(mask: u128) -> usize {
    // Bits 30..33, 39 and 41, 48..51 of the window, packed into 8 bits.
    let m = (mask >> 30) as u32;
    (m & 0b111 | (m >> 9 & 1) << 3 | (m >> 11 & 1) << 4 | (m >> 18 & 0b111) << 5) as usize
}

/// Per piece and free ring pattern `f` (bit set: that neighbour of the attach cell is free),
/// the candidates of the piece that leave the ring's taken cells alone, in `CAND` order:
/// `list[off[256 * p + f]..off[256 * p + f + 1]]`. At an attach cell whose ring is `f`, only
/// these can fit, so drawing among them loses no legal move.
struct RingTable {
    off: [u16; 21 * 256 + 1],
    list: [u16; RING_ENTRIES],
    /// `count[f][p]`: the length of piece `p`'s list for ring pattern `f` (at most 40), laid
    /// out so the weight of a set of pieces is a masked sum of one row.
    count: [[u8; 32]; 256],
}

/// Number of entries of [`RingTable::list`].
const RING_ENTRIES: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < crate::tables::CANDIDATES {
        // A candidate appears under every superset of its ring pattern.
        n += 1 << (8 - ring_of(CAND.masks[i]).count_ones());
        i += 1;
    }
    n
};

static RINGS: RingTable = {
    let mut t = RingTable {
        off: [0; 21 * 256 + 1],
        list: [0; RING_ENTRIES],
        count: [[0; 32]; 256],
    };
    let mut n = 0;
    let mut p = 0;
    while p < 21 {
        let mut f = 0;
        while f < 256 {
            t.off[256 * p + f] = n as u16;
            let start = n;
            let mut i = CAND.first[p] as usize;
            while i < CAND.first[p + 1] as usize {
                if ring_of(CAND.masks[i]) & !f == 0 {
                    t.list[n] = i as u16;
                    n += 1;
                }
                i += 1;
            }
            t.count[f][p] = (n - start) as u8;
            f += 1;
        }
        p += 1;
    }
    t.off[21 * 256] = n as u16;
    assert!(n == RING_ENTRIES && n < 1 << 16);
    t
};

/// The pieces of at most `s` squares, as a mask of piece indices (pieces are in size order).
const UP_TO_SIZE: [u32; 6] = [0, 0b1, 0b11, 0b1111, 0x1FF, 0x1F_FFFF];

/// How many of `pieces`' candidates fit ring pattern `f`.
#[inline(always)]
fn ring_weight(pieces: u32, f: usize) -> u32 {
    // Branch-free over all 32 slots (the compiler vectorises it).
    let row = &RINGS.count[f];
    let mut w = 0;
    for (p, &n) in row.iter().enumerate() {
        w += u32::from(n) & (pieces >> p & 1).wrapping_neg();
    }
    w
}

/// An attach cell as [`pick_uniform`] sees it.
#[derive(Clone, Copy)]
pub(crate) struct Attach {
    /// Padded cell, `py << 5 | px`.
    cell: u16,
    /// Its free ring pattern.
    ring: u8,
    /// The pieces that may fit there: in hand and no larger than the free room.
    pieces: u32,
    /// The number of their candidates that leave the ring's taken cells alone.
    weight: u32,
    /// The window of the colour's forbidden cells around it.
    local: u128,
    /// In [`exhaustive`]: the number of legal placements counted at this cell.
    count: u32,
}

const NO_ATTACH: Attach = Attach {
    cell: 0,
    ring: 0,
    pieces: 0,
    weight: 0,
    local: 0,
    count: 0,
};

/// The placement of candidate `i` on padded attach cell `cell`.
#[inline(always)]
fn placed_at(i: usize, cell: u16) -> Placement {
    let (px, py) = (usize::from(cell & 31), usize::from(cell >> 5));
    let ci = CAND.info[i];
    Placement {
        oid: ci.orient,
        x: ((px - PAD) as u8).wrapping_add_signed(ci.dx),
        y: ((py - PAD) as u8).wrapping_add_signed(ci.dy),
    }
}

/// A legal placement of colour `c` drawn uniformly, or `None` when it has none.
///
/// The draw is by rejection over (attach cell, candidate) pairs. At each attach cell the
/// pairs proposed are the candidates of the pieces in hand no larger than the free room
/// around the cell that leave the taken cells of its 3 x 3 ring alone: every legal pair is
/// among them, so a pair drawn uniformly among them and kept only if it fits is a legal
/// pair drawn uniformly; keeping it with probability 1 / k, k the number of the colour's
/// attach cells the placement covers, makes each placement (which has k pairs) equally
/// likely.
///
/// Attach cells where nothing can be proposed are dropped from `pos`'s attach cells of `c`:
/// none can come back (the forbidden cells only grow and the hand only shrinks), so later
/// draws skip them, and no legal placement covers one, so every count of attach cells a
/// placement covers stays the same.
pub(crate) fn pick_uniform<R: Rng + ?Sized>(
    pos: &mut Position,
    c: usize,
    cells: &mut [Attach; MAX_ATTACH],
    rng: &mut R,
) -> Option<Placement> {
    if pos.left[c] == 0 {
        return None;
    }
    let (n, total) = attach_cells(pos, c, cells);
    if n == 0 {
        return None;
    }
    let cells = &mut cells[..n];
    let corners = &pos.corners[c];
    for _ in 0..UNIFORM_TRIES {
        let mut r = random::below(rng, total);
        let mut pick = 0;
        while r >= cells[pick].weight {
            r -= cells[pick].weight;
            pick += 1;
        }
        let a = &cells[pick];
        let i = ring_candidate(a.pieces, usize::from(a.ring), r);
        if CAND.masks[i] & a.local != 0 {
            continue;
        }
        let pl = placed_at(i, a.cell);
        let o = pl.orient();
        let mut k = 0;
        for row in 0..usize::from(o.height) {
            let bits = u32::from(o.rows[row]) << (usize::from(pl.x) + PAD);
            k += (corners[usize::from(pl.y) + PAD + row] & bits).count_ones();
        }
        if k <= 1 || random::below(rng, k) == 0 {
            return Some(pl);
        }
    }
    exhaustive(cells, rng)
}

/// Fills `cells` with colour `c`'s attach cells that have candidates to propose (in scan
/// order: rows from the top, left to right) and returns how many, with their total weight;
/// the others are removed from `pos`'s attach cells of `c` (see [`pick_uniform`]).
fn attach_cells(pos: &mut Position, c: usize, cells: &mut [Attach; MAX_ATTACH]) -> (usize, u32) {
    let left = pos.left[c];
    let side = pos.side as usize;
    let forbidden = &pos.forbidden[c];
    let mut n = 0;
    let mut total = 0u32;
    for py in PAD..PAD + side {
        let mut bits = pos.corners[c][py];
        while bits != 0 {
            let px = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let local = window(forbidden, px, py);
            let pieces = left & UP_TO_SIZE[room(local)];
            let ring = !ring_of(local) & 0xFF;
            let weight = ring_weight(pieces, ring);
            if weight > 0 {
                cells[n] = Attach {
                    cell: (py << 5 | px) as u16,
                    ring: ring as u8,
                    pieces,
                    weight,
                    local,
                    count: 0,
                };
                total += weight;
                n += 1;
            } else {
                pos.corners[c][py] &= !(1 << px);
            }
        }
    }
    (n, total)
}

/// The `r`-th candidate (`CAND` index) among those of `pieces` fitting ring pattern `f`.
#[inline(always)]
fn ring_candidate(mut pieces: u32, f: usize, mut r: u32) -> usize {
    loop {
        let p = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let k = 256 * p + f;
        let (lo, hi) = (RINGS.off[k], RINGS.off[k + 1]);
        let len = u32::from(hi - lo);
        if r < len || pieces == 0 {
            return usize::from(RINGS.list[usize::from(lo) + r as usize]);
        }
        r -= len;
    }
}

/// The fallback of [`pick_uniform`] when the draws keep missing (few legal moves, or none):
/// counts every legal placement once, at the first attach cell (in `cells` order) it
/// covers, then draws one of them uniformly.
fn exhaustive<R: Rng + ?Sized>(cells: &mut [Attach], rng: &mut R) -> Option<Placement> {
    let mut total = 0;
    for j in 0..cells.len() {
        let local = cells[j].local | earlier(cells, j);
        cells[j].count = for_each_fit(&cells[j], local, |_| true);
        total += cells[j].count;
    }
    if total == 0 {
        return None;
    }
    let mut r = random::below(rng, total);
    let mut j = 0;
    while r >= cells[j].count {
        r -= cells[j].count;
        j += 1;
    }
    let mut chosen = 0;
    for_each_fit(&cells[j], cells[j].local | earlier(cells, j), |i| {
        if r == 0 {
            chosen = i;
            return false;
        }
        r -= 1;
        true
    });
    Some(placed_at(chosen, cells[j].cell))
}

/// The cells `0..j` of `cells` as a mask of cell j's window: a placement is counted at cell
/// j only if it covers none of them, so each placement once, at its first attach cell.
fn earlier(cells: &[Attach], j: usize) -> u128 {
    let (jx, jy) = (i32::from(cells[j].cell & 31), i32::from(cells[j].cell >> 5));
    let mut mask = 0u128;
    for b in &cells[..j] {
        let dx = i32::from(b.cell & 31) - jx + 4;
        let dy = i32::from(b.cell >> 5) - jy + 4;
        if (0..9).contains(&dx) && (0..9).contains(&dy) {
            mask |= 1 << (9 * dy + dx);
        }
    }
    mask
}

/// Calls `f` with each candidate of attach cell `a` (its ring list) that misses `local`,
/// until `f` returns `false`; returns how many it called `f` with.
#[inline(always)]
fn for_each_fit(a: &Attach, local: u128, mut f: impl FnMut(usize) -> bool) -> u32 {
    let mut pieces = a.pieces;
    let mut count = 0;
    while pieces != 0 {
        let p = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let k = 256 * p + usize::from(a.ring);
        let (lo, hi) = (usize::from(RINGS.off[k]), usize::from(RINGS.off[k + 1]));
        for &i in &RINGS.list[lo..hi] {
            let i = usize::from(i);
            if CAND.masks[i] & local == 0 {
                count += 1;
                if !f(i) {
                    return count;
                }
            }
        }
    }
    count
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

/// The size of the largest piece that may fit on the window's centre (at most 5): the free
/// cells grown from the centre must reach `s` cells within `s - 1` steps.
///
/// A step that adds nothing means the region is the centre's whole free component (and
/// every step before it added a cell, so the component has at least as many cells as steps
/// taken): the room is then its size, capped at 5; growing through four steps means the
/// region has at least five cells. So one popcount at most, instead of one per step.
#[inline(always)]
fn room(local: u128) -> usize {
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

#[cfg(test)]
mod tests {
    use alloc::collections::BTreeMap;

    use super::*;
    use crate::{Bot, RandomBot};

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

    /// Random games of each variant, every position with each colour's legal placements.
    fn positions(mut visit: impl FnMut(&Game, usize, &[Placement])) {
        for (seed, config) in [Config::duo(), Config::classic()].into_iter().enumerate() {
            let mut game = Game::new(config);
            let mut bot = RandomBot::new(seed as u64);
            while !game.is_over() {
                for c in 0..config.colors() {
                    let legal = game.placements_of(crate::Color(c as u8));
                    visit(&game, c, &legal);
                }
                let m = bot.choose(&game);
                game.play(m).unwrap();
            }
        }
    }

    #[test]
    fn proposals_hold_every_legal_pair() {
        // The rejection draw proposes, at each attach cell, the candidates of its ring lists
        // (`ring_candidate` over `0..weight`): of those that fit, each legal placement must
        // come once per attach cell it covers, and nothing else; counted at its first
        // attach cell only (the fallback's rule), each legal placement comes exactly once.
        positions(|game, c, legal| {
            let pos = game.position();
            let mut pruned = pos.clone();
            let mut cells = [NO_ATTACH; MAX_ATTACH];
            let (n, total) = attach_cells(&mut pruned, c, &mut cells);
            let cells = &cells[..n];
            // The attach cells left are those proposing something; the counts `k` below
            // come from the unpruned position, so a pruned cell that a legal placement
            // covers would show.
            assert_eq!(pruned.corner_count(c) as usize, n);
            assert_eq!(total, cells.iter().map(|a| a.weight).sum::<u32>());
            let mut pairs: BTreeMap<Placement, u32> = BTreeMap::new();
            let mut firsts: BTreeMap<Placement, u32> = BTreeMap::new();
            for (j, a) in cells.iter().enumerate() {
                let mut proposed = alloc::vec::Vec::new();
                for_each_fit(a, 0, |i| {
                    proposed.push(i);
                    true
                });
                let drawn: alloc::vec::Vec<usize> = (0..a.weight)
                    .map(|r| ring_candidate(a.pieces, usize::from(a.ring), r))
                    .collect();
                assert_eq!(drawn, proposed);
                for &i in &proposed {
                    if CAND.masks[i] & a.local == 0 {
                        *pairs.entry(placed_at(i, a.cell)).or_default() += 1;
                    }
                }
                for_each_fit(a, a.local | earlier(cells, j), |i| {
                    *firsts.entry(placed_at(i, a.cell)).or_default() += 1;
                    true
                });
            }
            assert_eq!(pairs.len(), legal.len());
            assert_eq!(firsts.len(), legal.len());
            for p in legal {
                let k = p.cells().filter(|q| pos.is_corner(c, q.x, q.y)).count() as u32;
                assert_eq!(pairs.get(p), Some(&k), "{p}");
                assert_eq!(firsts.get(p), Some(&1), "{p}");
            }
        });
    }

    #[test]
    fn the_fallback_draws_uniformly() {
        // The exhaustive draw on late positions (few moves): each legal move about equally
        // often.
        let mut rng = random::seeded(5);
        let mut checked = 0;
        positions(|game, c, legal| {
            if legal.is_empty() || legal.len() > 40 || game.moves().len() % 5 != 0 {
                return;
            }
            checked += 1;
            let mut cells = [NO_ATTACH; MAX_ATTACH];
            let (n, _) = attach_cells(&mut game.position().clone(), c, &mut cells);
            let per_move = 200;
            let mut seen: BTreeMap<Placement, usize> = BTreeMap::new();
            for _ in 0..per_move * legal.len() {
                let p = exhaustive(&mut cells[..n], &mut rng).expect("a move");
                *seen.entry(p).or_default() += 1;
            }
            assert_eq!(seen.len(), legal.len());
            let sd = (per_move as f64).sqrt();
            for p in legal {
                let got = seen.get(p).copied().unwrap_or(0) as f64;
                assert!((got - per_move as f64).abs() < 6.0 * sd, "{p}: {got}");
            }
        });
        assert!(checked >= 5, "{checked} positions");
    }

    #[test]
    fn uniform_draws_are_legal_and_uniform() {
        // Positions of a random game, from the opening to the last moves: every draw is a
        // legal move, and each legal move is drawn about equally often.
        let mut game = Game::new(Config::duo());
        let mut bot = RandomBot::new(9);
        let mut rng = random::seeded(4);
        for ply in 0..42 {
            if game.is_over() {
                break;
            }
            let legal: alloc::vec::Vec<Placement> = game.placements_of(game.to_move());
            if ply % 6 == 0 && !legal.is_empty() {
                let per_move = 120;
                let draws = per_move * legal.len();
                let mut seen: BTreeMap<Placement, usize> = BTreeMap::new();
                let c = game.to_move().index();
                let mut cells = [NO_ATTACH; MAX_ATTACH];
                // One copy for all the draws: those after the first see its dead attach
                // cells pruned, as in a playout.
                let mut pos = game.position().clone();
                for _ in 0..draws {
                    let p = pick_uniform(&mut pos, c, &mut cells, &mut rng).expect("a move");
                    *seen.entry(p).or_default() += 1;
                }
                assert!(seen.keys().all(|p| legal.contains(p)));
                // Binomial(draws, 1/len): sd about sqrt(per_move); 6 sd either side.
                let sd = (per_move as f64).sqrt();
                for p in &legal {
                    let n = seen.get(p).copied().unwrap_or(0) as f64;
                    assert!(
                        (n - per_move as f64).abs() < 6.0 * sd,
                        "{p}: {n} of {per_move}"
                    );
                }
            }
            let m = bot.choose(&game);
            game.play(m).unwrap();
        }
    }
}
