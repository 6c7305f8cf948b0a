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
/// Each move is drawn by rejection, without building the move list: an attach cell and a
/// candidate of a piece in hand are drawn uniformly, a candidate that does not fit is
/// redrawn, and one that fits is kept with probability 1 / k, k being the number of the
/// colour's attach cells it covers (a placement covering k attach cells has k chances to be
/// drawn), which makes every legal placement equally likely. After 64 refused draws the
/// colour's full move list is built and one is chosen from it, so few moves (or none) cost
/// no more than a move list.
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
    let all = (1u8 << colors) - 1;
    let first_finished = config.end_rule() == EndRule::FirstFinished;
    let mut placements = 0;
    let over = |pos: &Position| first_finished && pos.left[..colors].contains(&0);
    while pos.blocked != all && !over(&pos) {
        let c = pos.to_move as usize;
        if pos.blocked >> c & 1 == 0 {
            if let Some(pl) = pick_uniform(&pos, c, rng) {
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

/// A legal placement of colour `c` drawn uniformly, or `None` when it has none.
pub(crate) fn pick_uniform<R: Rng + ?Sized>(
    pos: &Position,
    c: usize,
    rng: &mut R,
) -> Option<Placement> {
    let left = pos.left[c];
    if left == 0 {
        return None;
    }
    // The candidates of the pieces in hand, as ranges of CAND laid end to end, smallest
    // pieces first; `upto[s]`: how many of them belong to pieces of at most `s` squares.
    let mut ranges = [(0u16, 0u16); 21];
    let mut pieces = 0;
    let mut upto = [0u32; 6];
    let mut l = left;
    while l != 0 {
        let p = l.trailing_zeros() as usize;
        l &= l - 1;
        ranges[pieces] = (CAND.first[p], CAND.first[p + 1]);
        let size = crate::Piece::ALL[p].size();
        for u in &mut upto[size..] {
            *u += u32::from(CAND.first[p + 1] - CAND.first[p]);
        }
        pieces += 1;
    }
    let side = pos.side as usize;
    let forbidden = &pos.forbidden[c];
    // The attach cells with their windows and how many candidates may fit there: those of
    // the pieces no larger than the free room around the cell. A legal placement's every
    // (cell, candidate) pair is among them, so drawing a pair uniformly among these keeps
    // the draw uniform.
    let mut cells = [(0u16, 0u128, 0u32); MAX_ATTACH];
    let mut n = 0;
    let mut total = 0u32;
    for py in PAD..PAD + side {
        let mut bits = pos.corners[c][py];
        while bits != 0 {
            let px = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let local = window(forbidden, px, py);
            let weight = upto[room(local)];
            if weight > 0 {
                cells[n] = ((py << 5 | px) as u16, local, weight);
                total += weight;
                n += 1;
            }
        }
    }
    if n == 0 {
        return None;
    }
    let corners = &pos.corners[c];
    for _ in 0..UNIFORM_TRIES {
        let mut r = random::below(rng, total);
        let mut pick = 0;
        while r >= cells[pick].2 {
            r -= cells[pick].2;
            pick += 1;
        }
        let (cell, local, _) = cells[pick];
        let mut r = r as u16;
        let mut i = 0;
        for &(lo, hi) in &ranges[..pieces] {
            if r < hi - lo {
                i = usize::from(lo + r);
                break;
            }
            r -= hi - lo;
        }
        if CAND.masks[i] & local != 0 {
            continue;
        }
        let (px, py) = (usize::from(cell & 31), usize::from(cell >> 5));
        let ci = CAND.info[i];
        let pl = Placement {
            oid: ci.orient,
            x: ((px - PAD) as u8).wrapping_add_signed(ci.dx),
            y: ((py - PAD) as u8).wrapping_add_signed(ci.dy),
        };
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
    // Few fits: choose from the full list (two passes, no allocation).
    let mut count = 0u32;
    pos.for_each_placement(c, |_| {
        count += 1;
        true
    });
    if count == 0 {
        return None;
    }
    let mut target = random::below(rng, count);
    let mut chosen = None;
    pos.for_each_placement(c, |p| {
        if target == 0 {
            chosen = Some(p);
            return false;
        }
        target -= 1;
        true
    });
    chosen
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

/// The size of the largest piece that may fit on the window's centre: the free cells grown
/// from the centre must reach `s` cells within `s - 1` steps.
#[inline(always)]
fn room(local: u128) -> usize {
    let free = !local & WINDOW;
    if free & CENTRE == 0 {
        return 0;
    }
    let mut region = CENTRE;
    let mut best = 1;
    for s in 2..=5 {
        let grown = region
            | (region << 1 & NOT_LEFT)
            | (region >> 1 & NOT_RIGHT)
            | region << 9
            | region >> 9;
        region = grown & free;
        if region.count_ones() as usize >= s {
            best = s;
        }
    }
    best
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
    fn uniform_draws_are_legal_and_uniform() {
        // Positions of a random game: every draw is a legal move, and each legal move is
        // drawn about equally often.
        let mut game = Game::new(Config::duo());
        let mut bot = RandomBot::new(9);
        let mut rng = random::seeded(4);
        for ply in 0..24 {
            let legal: alloc::vec::Vec<Placement> = game.placements_of(game.to_move());
            if ply % 6 == 0 && !legal.is_empty() {
                let per_move = 120;
                let draws = per_move * legal.len();
                let mut seen: BTreeMap<Placement, usize> = BTreeMap::new();
                let c = game.to_move().index();
                for _ in 0..draws {
                    let p = pick_uniform(game.position(), c, &mut rng).expect("a move");
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
