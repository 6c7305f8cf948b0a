//! The uniform policy: every move drawn with equal probability among all the legal moves,
//! by rejection over (attach cell, candidate) pairs, without building the move list.

use plateau_grid::random;
use rand::Rng;

use super::MAX_ATTACH;
use super::window::{ring_of, room, window};
use crate::Placement;
use crate::position::{PAD, Position};
use crate::tables::CAND;

/// Draws before falling back to the full move list.
const UNIFORM_TRIES: usize = 64;

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
pub(super) struct Attach {
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

pub(super) const NO_ATTACH: Attach = Attach {
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
pub(super) fn pick_uniform<R: Rng + ?Sized>(
    pos: &mut Position,
    c: usize,
    cells: &mut [Attach; MAX_ATTACH],
    rng: &mut R,
) -> Option<Placement> {
    if pos.left(c) == 0 {
        return None;
    }
    let (n, total) = attach_cells(pos, c, cells);
    if n == 0 {
        return None;
    }
    let cells = &mut cells[..n];
    let corners = pos.corners(c);
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
    let left = pos.left(c);
    let side = pos.side();
    let mut n = 0;
    let mut total = 0u32;
    for py in PAD..PAD + side {
        let mut bits = pos.corners(c)[py];
        while bits != 0 {
            let px = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let local = window(pos.forbidden(c), px, py);
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
                pos.drop_attach(c, px, py);
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

#[cfg(test)]
mod tests {
    use alloc::collections::BTreeMap;

    use super::*;
    use crate::{Bot, Config, Game, Play, RandomBot};

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
                let m = bot.choose(&game).expect("a move while the game goes on");
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
            let legal: alloc::vec::Vec<Placement> = game.placements_of(game.color_to_move());
            if ply % 6 == 0 && !legal.is_empty() {
                let per_move = 120;
                let draws = per_move * legal.len();
                let mut seen: BTreeMap<Placement, usize> = BTreeMap::new();
                let c = game.color_to_move().index();
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
            let m = bot.choose(&game).expect("a move while the game goes on");
            game.play(m).unwrap();
        }
    }
}
