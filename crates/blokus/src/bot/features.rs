//! Learned move knowledge: what a placement does to the board at once, as a vector of
//! features, and the weights that turn it into a log-probability of being the move a
//! strong player chooses (a softmax over the legal moves, fitted to games: see
//! [`move_features`] and the crate README).
//!
//! The features look at the cells the piece covers, the cells sharing an edge with it (which
//! become forbidden to its colour) and the cells touching it only at a corner (its new
//! attach cells):
//!
//! | index | feature |
//! |---|---|
//! | 0-4 | the piece's size, one-hot (1 to 5 squares) |
//! | 5 | opponents' attach cells covered |
//! | 6 | free cells next to an opponent's attach cell covered (not attach cells themselves) |
//! | 7 | own attach cells covered, beyond the one the move needs |
//! | 8 | own attach cells made edge-adjacent (lost) |
//! | 9 | edge cells occupied by an opponent |
//! | 10 | edge cells free and open to the colour (space it gives up) |
//! | 11 | edge cells free but already forbidden to it |
//! | 12 | edge cells off the board |
//! | 13-17 | new attach cells with 0 to 4 free orthogonal neighbours after the move |
//! | 18 | new attach cells that are or touch an opponent's attach cell (contested) |
//! | 19 | early (the colour's first 30 squares): distance to the centre in half cells |
//! | 20 | territory after the move minus before (see [`super::prior::territory`]) |

use alloc::vec::Vec;

use super::prior::territory;
use crate::position::{FrameRow, PAD, Position, ROWS, Rows, frame};
use crate::{Color, Config, Game, Move, Placement, Play};

/// The number of features of a placement.
pub const FEATURES: usize = 21;

/// The features of one placement (see the module's table).
pub type Features = [f32; FEATURES];

/// Index of the territory feature, the costly one: the search computes it for the best
/// moves by the others only.
pub(crate) const TERRITORY: usize = 20;

/// Squares a colour has placed while its moves still count as early.
const EARLY_SQUARES: u8 = 30;

/// What the features of every placement of the colour to move at one position share.
pub(crate) struct Context {
    c: usize,
    opp_attach: Rows,
    /// Free cells (open to their opponent) next to an opponent's attach cell.
    opp_near: Rows,
    opp_cells: Rows,
    free: Rows,
    early: bool,
    centre2: i32,
}

impl Context {
    pub(crate) fn new(pos: &Position, config: Config) -> Context {
        let c = pos.to_move();
        let player = config.player_of(Color(c as u8));
        let mut opp_attach: Rows = [0; ROWS];
        let mut opp_near: Rows = [0; ROWS];
        let mut opp_cells: Rows = [0; ROWS];
        let mut occupied: Rows = [0; ROWS];
        for d in 0..config.colors() {
            for (o, r) in occupied.iter_mut().zip(pos.own(d)) {
                *o |= r;
            }
            if config.player_of(Color(d as u8)) == player {
                continue;
            }
            let (att, forb) = (pos.corners(d), pos.forbidden(d));
            for r in 1..ROWS - 1 {
                opp_attach[r] |= att[r];
                let around = att[r] << 1 | att[r] >> 1 | att[r - 1] | att[r + 1];
                opp_near[r] |= around & !forb[r];
                opp_cells[r] |= pos.own(d)[r];
            }
        }
        let mut free: Rows = [0; ROWS];
        for (r, f) in free.iter_mut().enumerate().skip(PAD).take(pos.side()) {
            *f = !occupied[r] & (((1u32 << pos.side()) - 1) << PAD);
        }
        Context {
            c,
            opp_attach,
            opp_near,
            opp_cells,
            free,
            early: pos.placed(c) < EARLY_SQUARES,
            centre2: pos.side() as i32 - 1,
        }
    }

    /// The features of placement `pl` of the colour to move at `pos`, but the territory
    /// (left 0).
    pub(crate) fn cheap(&self, pos: &Position, pl: Placement) -> Features {
        let mut f = [0.0; FEATURES];
        let c = self.c;
        let o = pl.orient();
        let y = usize::from(pl.y) + PAD;
        let h = usize::from(o.height);
        let own_attach = pos.corners(c);
        let forbidden = pos.forbidden(c);
        f[usize::from(o.len) - 1] = 1.0;
        // The forbidden cells after the move, rows y - 2 ..= y + h + 1 (index + y - 2).
        let mut after = [0u32; 9];
        let mut new_attach = [0u32; 7];
        let (mut own_covered, mut counts) = (0u32, [0u32; 8]);
        for (
            r,
            FrameRow {
                row,
                cells,
                edges,
                corners,
            },
        ) in frame(pl).enumerate()
        {
            counts[0] += (cells & self.opp_attach[row]).count_ones();
            counts[1] += (cells & self.opp_near[row] & !self.opp_attach[row]).count_ones();
            own_covered += (cells & own_attach[row]).count_ones();
            counts[2] += (edges & own_attach[row]).count_ones();
            counts[3] += (edges & self.opp_cells[row]).count_ones();
            let free = self.free[row];
            counts[4] += (edges & free & !forbidden[row] & !own_attach[row]).count_ones();
            counts[5] += (edges & free & forbidden[row]).count_ones();
            counts[6] += (edges & !free & !self.opp_cells[row] & !pos.own(c)[row]).count_ones();
            let na = corners & !forbidden[row] & !own_attach[row];
            new_attach[r] = na;
            counts[7] += (na & (self.opp_attach[row] | self.opp_near[row])).count_ones();
            after[r + 1] = cells | edges;
        }
        f[5] = counts[0] as f32;
        f[6] = counts[1] as f32;
        f[7] = own_covered.saturating_sub(1) as f32;
        f[8] = counts[2] as f32;
        f[9] = counts[3] as f32;
        f[10] = counts[4] as f32;
        f[11] = counts[5] as f32;
        f[12] = counts[6] as f32;
        for k in 0..h + 4 {
            after[k] |= forbidden[y + k - 2];
        }
        for (r, &na) in new_attach.iter().enumerate().take(h + 2) {
            let mut bits = na;
            // Row r of the frame is row y + r - 1, index r + 1 of `after`.
            let (up, here, down) = (after[r], after[r + 1], after[r + 2]);
            while bits != 0 {
                let b = bits & bits.wrapping_neg();
                bits &= bits - 1;
                let open = u32::from(up & b == 0)
                    + u32::from(down & b == 0)
                    + u32::from(here & (b << 1) == 0)
                    + u32::from(here & (b >> 1) == 0);
                f[13 + open as usize] += 1.0;
            }
        }
        f[18] = counts[7] as f32;
        if self.early {
            let nearest = o.cells[..usize::from(o.len)]
                .iter()
                .map(|&(cx, cy)| {
                    let dx = (2 * (i32::from(pl.x) + i32::from(cx)) - self.centre2).abs();
                    let dy = (2 * (i32::from(pl.y) + i32::from(cy)) - self.centre2).abs();
                    dx.max(dy)
                })
                .min()
                .unwrap_or(0);
            f[19] = nearest as f32;
        }
        f
    }
}

/// The features of every legal move of the colour to move in `game` (none once it is over
/// or when it can only pass), all of them with the territory term: the samples from which
/// the weights of the tree search's move knowledge are fitted (`blokus learn` in the
/// repository's example does it from a file of games).
///
/// ```
/// use plateau_blokus::{Config, Game, move_features};
///
/// let game = Game::new(Config::duo());
/// let all = move_features(&game);
/// assert_eq!(all.len(), 414);
/// // The X pentomino: size 5, one-hot at index 4.
/// assert!(all.iter().all(|(m, f)| f[..5].iter().sum::<f32>() == 1.0 && !m.is_pass()));
/// ```
pub fn move_features(game: &Game) -> Vec<(Move, Features)> {
    let pos = game.position();
    let config = game.config();
    let mut out = Vec::new();
    if game.is_over() {
        return out;
    }
    let ctx = Context::new(pos, config);
    let c = pos.to_move();
    let base = territory(pos, config, c) as f32;
    let mut moves = Vec::new();
    pos.gen_placements(c, &mut moves);
    for m in moves {
        let Move::Place(pl) = m else { continue };
        let mut f = ctx.cheap(pos, pl);
        let mut after = pos.clone();
        after.apply(m);
        f[TERRITORY] = territory(&after, config, c) as f32 - base;
        out.push((m, f));
    }
    out
}

/// The weights fitted to games (see the crate README for the command and the data).
pub const LEARNED: Features = [
    -0.8949, -1.1859, -1.4130, -0.6432, 1.1415, 0.8867, 1.1241, -0.0517, -1.2276, 0.4416, -0.4462,
    0.7202, 0.3450, -0.0203, 0.8617, 0.9962, 0.0000, 0.0000, -0.3282, -0.0190, 0.0780,
];

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::{FEATURES, Features, TERRITORY, move_features};
    use crate::{Bot, Color, Config, Game, Move, Play, RandomBot};

    /// The features of `pl` for the colour to move, cell by cell from the module's table
    /// (the territory left 0): the reference the bitboard code is checked against.
    fn naive(game: &Game, m: Move) -> Features {
        let Move::Place(pl) = m else { unreachable!() };
        let pos = game.position();
        let config = game.config();
        let c = pos.to_move();
        let side = pos.side() as i32;
        let player = config.player_of(Color(c as u8));
        let opponents: Vec<usize> = (0..config.colors())
            .filter(|&d| config.player_of(Color(d as u8)) != player)
            .collect();
        let on = |x: i32, y: i32| (0..side).contains(&x) && (0..side).contains(&y);
        let (ux, uy) = (|x: i32| x as usize, |y: i32| y as usize);
        let occupied_by = |x: i32, y: i32, d: usize| pos.covered_by(d, ux(x), uy(y));
        let occupied = |x: i32, y: i32| (0..config.colors()).any(|d| occupied_by(x, y, d));
        let opp_attach =
            |x: i32, y: i32| on(x, y) && opponents.iter().any(|&d| pos.is_corner(d, ux(x), uy(y)));
        let steps = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let opp_near = |x: i32, y: i32| {
            on(x, y)
                && opponents.iter().any(|&d| {
                    !pos.is_forbidden(d, ux(x), uy(y))
                        && steps.iter().any(|&(dx, dy)| {
                            on(x + dx, y + dy) && pos.is_corner(d, ux(x + dx), uy(y + dy))
                        })
                })
        };
        let own_attach = |x: i32, y: i32| on(x, y) && pos.is_corner(c, ux(x), uy(y));
        let forbidden = |x: i32, y: i32| !on(x, y) || pos.is_forbidden(c, ux(x), uy(y));
        let cells: Vec<(i32, i32)> = pl.cells().map(|p| (p.x as i32, p.y as i32)).collect();
        let in_piece = |x: i32, y: i32| cells.contains(&(x, y));
        let mut edges = Vec::new();
        let mut corners = Vec::new();
        for &(x, y) in &cells {
            for (dx, dy) in steps {
                let e = (x + dx, y + dy);
                if !in_piece(e.0, e.1) && !edges.contains(&e) {
                    edges.push(e);
                }
            }
        }
        for &(x, y) in &cells {
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let k = (x + dx, y + dy);
                if !in_piece(k.0, k.1) && !edges.contains(&k) && !corners.contains(&k) {
                    corners.push(k);
                }
            }
        }
        let mut f = [0.0; FEATURES];
        f[cells.len() - 1] = 1.0;
        let count = |v: &[(i32, i32)], p: &dyn Fn(i32, i32) -> bool| {
            v.iter().filter(|&&(x, y)| p(x, y)).count() as f32
        };
        f[5] = count(&cells, &opp_attach);
        f[6] = count(&cells, &|x, y| !opp_attach(x, y) && opp_near(x, y));
        f[7] = (count(&cells, &own_attach) - 1.0).max(0.0);
        f[8] = count(&edges, &own_attach);
        f[9] = count(&edges, &|x, y| {
            on(x, y) && opponents.iter().any(|&d| occupied_by(x, y, d))
        });
        f[10] = count(&edges, &|x, y| {
            on(x, y) && !occupied(x, y) && !forbidden(x, y) && !own_attach(x, y)
        });
        f[11] = count(&edges, &|x, y| {
            on(x, y) && !occupied(x, y) && forbidden(x, y)
        });
        f[12] = count(&edges, &|x, y| !on(x, y));
        for &(x, y) in &corners {
            if forbidden(x, y) || own_attach(x, y) {
                continue;
            }
            let open = steps
                .iter()
                .filter(|&&(dx, dy)| {
                    let (nx, ny) = (x + dx, y + dy);
                    !forbidden(nx, ny) && !in_piece(nx, ny) && !edges.contains(&(nx, ny))
                })
                .count();
            f[13 + open] += 1.0;
            if opp_attach(x, y) || opp_near(x, y) {
                f[18] += 1.0;
            }
        }
        if pos.placed(c) < 30 {
            let centre2 = side - 1;
            f[19] = cells
                .iter()
                .map(|&(x, y)| (2 * x - centre2).abs().max((2 * y - centre2).abs()))
                .min()
                .unwrap() as f32;
        }
        f
    }

    #[test]
    // The features are counts (or a distance), exact in `f32`.
    #[allow(clippy::float_cmp)]
    fn the_features_equal_a_cell_by_cell_count() {
        for (config, seed) in [
            (Config::duo(), 1),
            (Config::duo(), 2),
            (Config::classic(), 3),
        ] {
            let mut game = Game::new(config);
            let mut bot = RandomBot::new(seed);
            let mut checked = 0;
            while !game.is_over() {
                for (m, f) in move_features(&game) {
                    let mut expect = naive(&game, m);
                    expect[TERRITORY] = f[TERRITORY];
                    assert_eq!(f, expect, "{m} at\n{}", game.board());
                    checked += 1;
                }
                let m = bot.choose(&game).unwrap();
                game.play(m).unwrap();
            }
            assert!(checked > 1000, "{checked}");
        }
    }

    #[test]
    fn every_legal_move_has_features_and_none_once_over() {
        let mut game = Game::new(Config::duo());
        assert_eq!(move_features(&game).len(), game.legal_moves().len());
        let mut bot = RandomBot::new(9);
        while let Some(m) = bot.choose(&game) {
            game.play(m).unwrap();
        }
        assert!(move_features(&game).is_empty());
    }
}
