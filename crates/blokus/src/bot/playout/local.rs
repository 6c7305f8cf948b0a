//! Local answers: the playouts' reply to the opponents' last moves.
//!
//! Pentobi's playouts owe much of their strength to one feature: a move that covers the
//! *local* cells of the last moves, the attach cells an opponent's recent pieces made (still
//! usable by it) and the free cells next to them, is played almost always, the more such
//! cells the likelier. A random playout otherwise lets each side grow undisturbed, which
//! misjudges every contested area. This module is our form of that idea (the code is ours;
//! the feature's definition is from Pentobi's documentation of its playout policy):
//!
//! - the local cells are those of the opponents' placements among the last three of the
//!   playout, each worth 1, or 2 when it is also an attach cell of the colour to move;
//! - the colour to move looks at its attach cells within four cells of a local cell (a
//!   piece spans at most five) and scans every candidate of the pieces in hand there;
//! - it plays one of the placements covering the most local value (capped at 5), drawn in
//!   proportion to a weight that grows with the piece's size and attach cells;
//! - early on only large pieces are considered (pentominoes in each colour's first two
//!   moves, then tetrominoes and up, then trominoes and up), like the opening rule of the
//!   biased policy.
//!
//! When nothing covers a local cell, the caller falls back to the biased policy.

use plateau_grid::random;
use rand::Rng;

use super::window::window;
use crate::Placement;
use crate::piece::orient;
use crate::position::{PAD, Position, ROWS, Rows};
use crate::tables::{CAND, neighbour_group};

/// The placements of the playout so far that count as recent: the last three, with their
/// colours (a ring; passes are not recorded).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Recent {
    moves: [(u8, Placement); 3],
    len: u8,
    next: u8,
}

impl Default for Recent {
    fn default() -> Recent {
        let none = Placement { oid: 0, x: 0, y: 0 };
        Recent {
            moves: [(0, none); 3],
            len: 0,
            next: 0,
        }
    }
}

impl Recent {
    /// Records colour `c`'s placement `pl`.
    #[inline]
    pub(crate) fn push(&mut self, c: usize, pl: Placement) {
        self.moves[usize::from(self.next)] = (c as u8, pl);
        self.next = (self.next + 1) % 3;
        self.len = (self.len + 1).min(3);
    }

    /// The last placement and the one before it, when played.
    pub(crate) fn last_two(&self) -> (Option<Placement>, Option<Placement>) {
        let at = |back: u8| {
            (self.len > back).then(|| self.moves[usize::from((self.next + 2 - back) % 3)].1)
        };
        (at(0), at(1))
    }

    fn iter(&self) -> impl Iterator<Item = (usize, Placement)> + '_ {
        self.moves[..usize::from(self.len)]
            .iter()
            .map(|&(c, pl)| (usize::from(c), pl))
    }
}

/// Local value at which more is no better.
const MAX_VALUE: u32 = 5;

/// The draw weight of each piece: 3 to the power of its size times 1.8 to the power of its
/// attach cells beyond one, as an integer (Duo's tuning in Pentobi's playouts: larger
/// pieces, and pieces that open more corners, first).
const PIECE_WEIGHT: [u32; 21] = {
    let mut out = [0u32; 21];
    let mut p = 0;
    while p < 21 {
        let o = crate::tables::ORIENT.orients[crate::tables::ORIENT.first[p] as usize];
        let mut attach = 0;
        let mut r = 0;
        while r < 7 {
            attach += o.corners[r].count_ones();
            r += 1;
        }
        let mut w = 1.0f32;
        let mut i = 0;
        while i < o.len {
            w *= 3.0;
            i += 1;
        }
        let mut i = 1;
        while i < attach {
            w *= 1.8;
            i += 1;
        }
        out[p] = w as u32;
        p += 1;
    }
    out
};

/// The cells each group of each piece's candidates covers (see [`CAND`]'s groups): a
/// group that reaches no local cell is skipped whole.
const GROUP_REACH: [[u128; 16]; 21] = {
    let mut out = [[0u128; 16]; 21];
    let mut p = 0;
    while p < 21 {
        let mut g = 0;
        while g < 16 {
            let mut i = CAND.group[p][g] as usize;
            while i < CAND.group[p][g + 1] as usize {
                out[p][g] |= CAND.masks[i];
                i += 1;
            }
            g += 1;
        }
        p += 1;
    }
    out
};

/// The pieces of at least each size, as masks of piece indices (index = size).
const AT_LEAST: [u32; 6] = [
    (1 << 21) - 1,
    (1 << 21) - 1,
    (1 << 21) - 2,
    (1 << 21) - 4,
    (1 << 21) - 16,
    (1 << 21) - (1 << 9),
];

/// The smallest piece size a colour with `pieces` placed considers.
fn min_size(pieces: u32) -> usize {
    match pieces {
        0..=1 => 5,
        2 => 4,
        3..=4 => 3,
        _ => 1,
    }
}

/// A placement of colour `c` answering the opponents' (colours in `opponents`) recent
/// moves, or `None` when no placement covers a local cell.
pub(super) fn pick_local<R: Rng + ?Sized>(
    pos: &Position,
    c: usize,
    opponents: u8,
    recent: &Recent,
    rng: &mut R,
) -> Option<Placement> {
    let left = pos.left(c);
    let pieces = left & AT_LEAST[min_size(21 - left.count_ones())];
    if pieces == 0 {
        return None;
    }
    let local = local_cells(pos, c, opponents, recent)?;
    let mut double = [0u32; ROWS];
    for (o, (l, a)) in double.iter_mut().zip(local.iter().zip(pos.corners(c))) {
        *o = l & a;
    }
    let near = within_four_steps(&local);
    let forbidden = pos.forbidden(c);
    let corners = pos.corners(c);
    let mut draw = Draw::default();
    for py in PAD..PAD + pos.side() {
        let mut bits = corners[py] & near[py];
        while bits != 0 {
            let px = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let f = window(forbidden, px, py);
            let w1 = window(&local, px, py);
            let w2 = window(&double, px, py);
            // Candidates covering a taken neighbour of the cell are skipped by whole
            // groups (the same candidates, in the same order, as testing each).
            let free = !neighbour_group(f) & 15;
            let mut todo = pieces;
            while todo != 0 {
                let p = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let (groups, reach) = (&CAND.group[p], &GROUP_REACH[p]);
                // The groups that are subsets of `free`, in increasing order.
                let mut g = 0;
                loop {
                    if reach[g] & w1 != 0 {
                        let start = usize::from(groups[g]);
                        let masks = &CAND.masks[start..usize::from(groups[g + 1])];
                        for (i, &m) in masks.iter().enumerate() {
                            if m & w1 != 0 && m & f == 0 {
                                let v = (m & w1).count_ones() + (m & w2).count_ones();
                                draw.offer(v.min(MAX_VALUE), PIECE_WEIGHT[p], rng, || {
                                    (start + i, px, py)
                                });
                            }
                        }
                    }
                    g = g.wrapping_sub(free) & free;
                    if g == 0 {
                        break;
                    }
                }
            }
        }
    }
    draw.chosen.map(|(i, px, py)| {
        let ci = CAND.info[i];
        Placement {
            oid: ci.orient,
            x: ((px - PAD) as u8).wrapping_add_signed(ci.dx),
            y: ((py - PAD) as u8).wrapping_add_signed(ci.dy),
        }
    })
}

/// The local cells colour `c` may cover, `None` when there are none: the attach cells of
/// the opponents' recent placements still usable by their colour, and the cells next to
/// those free to it.
fn local_cells(pos: &Position, c: usize, opponents: u8, recent: &Recent) -> Option<Rows> {
    let mut local = [0u32; ROWS];
    for (d, pl) in recent.iter().filter(|&(d, _)| opponents >> d & 1 == 1) {
        let o = orient(pl.oid);
        let (x, y) = (usize::from(pl.x) + PAD, usize::from(pl.y) + PAD);
        let theirs = pos.corners(d);
        let their_forbidden = pos.forbidden(d);
        // The move's attach cells still usable by `d` (rows y - 1 ..= y + height), and
        // their neighbours free to `d` (one row more each way).
        for r in 0..usize::from(o.height) + 2 {
            let row = y + r - 1;
            let a = (u32::from(o.corners[r]) << (x - 1)) & theirs[row];
            if a == 0 {
                continue;
            }
            local[row] |= a | ((a << 1 | a >> 1) & !their_forbidden[row]);
            local[row - 1] |= a & !their_forbidden[row - 1];
            local[row + 1] |= a & !their_forbidden[row + 1];
        }
    }
    let mut any = false;
    for (l, f) in local.iter_mut().zip(pos.forbidden(c)) {
        *l &= !f;
        any |= *l != 0;
    }
    any.then_some(local)
}

/// The cells within four orthogonal steps of a cell of `cells`: only a placement at an
/// attach cell there can reach one (a piece's cells are at most four steps apart).
fn within_four_steps(cells: &Rows) -> Rows {
    let mut out = *cells;
    for _ in 0..4 {
        let mut above = 0;
        for r in 1..ROWS - 1 {
            let here = out[r];
            out[r] = here | here << 1 | here >> 1 | above | out[r + 1];
            above = here;
        }
    }
    out
}

/// A weighted draw among the candidates of the highest value offered, one pass (a
/// reservoir: each offer of the best value so far replaces the choice with the chance of
/// its weight over the total).
#[derive(Default)]
struct Draw {
    best: u32,
    total: u32,
    /// CAND index and attach cell of the choice.
    chosen: Option<(usize, usize, usize)>,
}

impl Draw {
    #[inline(always)]
    fn offer<R: Rng + ?Sized>(
        &mut self,
        value: u32,
        weight: u32,
        rng: &mut R,
        what: impl FnOnce() -> (usize, usize, usize),
    ) {
        if value < self.best {
            return;
        }
        if value > self.best {
            (self.best, self.total) = (value, 0);
        }
        self.total += weight;
        if random::below(rng, self.total) < weight {
            self.chosen = Some(what());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Game, Move, Play};

    #[test]
    fn piece_weights_grow_with_size() {
        // Monomino: 3 (4 attach cells: 3 * 1.8^3 = 17); the pentomino X has 8 attach cells.
        assert_eq!(PIECE_WEIGHT[0], 17);
        assert!(PIECE_WEIGHT[20] > PIECE_WEIGHT[9]);
        assert!(PIECE_WEIGHT[9] > PIECE_WEIGHT[4]);
    }

    /// The local value of `pl` for colour `c` after `recent`, cell by cell from the
    /// definition (the module's docs).
    fn reference_value(
        pos: &Position,
        c: usize,
        opponents: u8,
        recent: &Recent,
        pl: Placement,
    ) -> u32 {
        let side = pos.side() as i32;
        let inside = |x: i32, y: i32| (0..side).contains(&x) && (0..side).contains(&y);
        let mut local = std::collections::HashSet::new();
        for (d, mv) in recent.iter().filter(|&(d, _)| opponents >> d & 1 == 1) {
            let cells: Vec<(i32, i32)> = mv.cells().map(|p| (p.x as i32, p.y as i32)).collect();
            let touches = |x: i32, y: i32, dirs: &[(i32, i32)]| {
                dirs.iter()
                    .any(|&(dx, dy)| cells.contains(&(x + dx, y + dy)))
            };
            let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)];
            let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
            for y in 0..side {
                for x in 0..side {
                    let attach = !cells.contains(&(x, y))
                        && touches(x, y, &diag)
                        && !touches(x, y, &orth)
                        && pos.is_corner(d, x as usize, y as usize);
                    if !attach {
                        continue;
                    }
                    local.insert((x, y));
                    for (dx, dy) in orth {
                        let (nx, ny) = (x + dx, y + dy);
                        if inside(nx, ny) && !pos.is_forbidden(d, nx as usize, ny as usize) {
                            local.insert((nx, ny));
                        }
                    }
                }
            }
        }
        let v: u32 = pl
            .cells()
            .filter(|p| local.contains(&(p.x as i32, p.y as i32)))
            .map(|p| 1 + u32::from(pos.is_corner(c, p.x, p.y)))
            .sum();
        v.min(MAX_VALUE)
    }

    #[test]
    fn local_answers_are_legal_and_cover_the_most_local_value() {
        let mut rng = plateau_grid::random::seeded(4);
        let (mut answered, mut none) = (0, 0);
        for config in [Config::duo(), Config::classic()] {
            for g in 0..12u64 {
                let mut game = Game::new(config);
                let mut recent = Recent::default();
                let mut bot = crate::RandomBot::new(g);
                while let Some(m) = crate::Bot::choose(&mut bot, &game) {
                    let c = game.color_to_move().index();
                    let me = config.player_of(game.color_to_move());
                    let opponents = (0..config.colors())
                        .filter(|&d| config.player_of(crate::Color(d as u8)) != me)
                        .fold(0u8, |a, d| a | 1 << d);
                    let pos = game.position();
                    let min = min_size(21 - pos.left(c).count_ones());
                    let best = game
                        .placements_of(game.color_to_move())
                        .into_iter()
                        .filter(|pl| pl.piece().size() >= min)
                        .map(|pl| reference_value(pos, c, opponents, &recent, pl))
                        .max()
                        .unwrap_or(0);
                    if let Some(pl) = pick_local(pos, c, opponents, &recent, &mut rng) {
                        assert!(game.is_legal(Move::Place(pl)), "{pl:?}");
                        assert!(pl.piece().size() >= min);
                        assert_eq!(reference_value(pos, c, opponents, &recent, pl), best);
                        assert!(best > 0);
                        answered += 1;
                    } else {
                        assert_eq!(best, 0);
                        none += 1;
                    }
                    if let Move::Place(pl) = m {
                        recent.push(c, pl);
                    }
                    game.play(m).unwrap();
                }
            }
        }
        assert!(answered > 100 && none > 10, "{answered} {none}");
    }
}
