//! Move knowledge for new tree nodes: a one-ply heuristic that orders the children for
//! progressive widening and gives each a prior value.
//!
//! A placement is scored in squares-equivalent by what it does to the board at once:
//! - its **size** (every square placed counts at the end);
//! - the **attach cells it creates** for its own colour (room to grow);
//! - the **own attach cells it uses up** beyond the one it needs (covered, or made
//!   edge-adjacent and so forbidden);
//! - the **opponents' attach cells it covers** (blocking);
//! - early in the game, how close it comes to the **centre**, where the board is won;
//! - for the best moves by those terms, the **territory** it leaves: free cells its colour
//!   reaches (growing through the cells it may cover) in fewer steps than any opponent,
//!   minus the cells an opponent reaches first.
//!
//! The weights were set by matches against Pentobi (see the crate README): a one-ply bot
//! on this knowledge won 9 of 40 games against Pentobi's level 1 without the territory
//! term, 28 with it on every move, 18 with it on the best 48 (the default, cheaper in the
//! tree).

use alloc::vec::Vec;

use crate::position::{FrameRow, PAD, Position, Rows, frame};
use crate::{Color, Config, Move};

/// The heuristic's weights, in squares.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Weights {
    pub size: f32,
    pub new_attach: f32,
    pub lost_attach: f32,
    pub blocks: f32,
    /// Per cell of distance (of the piece's cell nearest the centre) while early.
    pub centre: f32,
    /// Per cell of territory (free cells the colour reaches first) after the move.
    pub territory: f32,
    /// How many moves (best by the other terms) get the territory term.
    pub top_n: usize,
    /// The prior value falls by this much per square of heuristic below the best move's.
    pub slope: f32,
    /// The best move's prior value.
    pub top: f32,
    /// Whether the score is the learned one ([`super::features`]: its log-probability in
    /// nats) instead of the hand-set terms above (only `top_n`, `slope` and `top` apply).
    pub learned: bool,
}

impl Weights {
    pub(crate) const DEFAULT: Weights = Weights {
        size: 1.0,
        new_attach: 0.5,
        lost_attach: 0.3,
        blocks: 0.7,
        centre: 0.3,
        territory: 0.5,
        top_n: 48,
        slope: 0.03,
        top: 0.55,
        learned: false,
    };

    /// The learned weights of [`super::features`]; `slope` is per nat (used without prior
    /// selection: 0.06 to 0.15 scored within the noise against Pentobi level 5).
    pub(crate) const LEARNED: Weights = Weights {
        learned: true,
        slope: 0.06,
        ..Weights::DEFAULT
    };
}

/// The union of the attach cells of the colours of `c`'s opponents.
fn opponents_corners(pos: &Position, config: Config, c: usize) -> Rows {
    let player = config.player_of(Color(c as u8));
    let mut out: Rows = [0; crate::position::ROWS];
    for d in 0..config.colors() {
        if config.player_of(Color(d as u8)) != player {
            for (o, r) in out.iter_mut().zip(pos.corners(d)) {
                *o |= r;
            }
        }
    }
    out
}

/// The priors before the move knowledge (the `classic` search): 0.5 for the largest piece
/// in hand, 0.12 less per square smaller, 0.03 more per opponents' attach cell covered (up
/// to 3); sorted best last, ties in `moves`' order when read backwards, at most `keep`.
pub(crate) fn size_and_blocking(
    pos: &Position,
    config: Config,
    moves: &[Move],
    keep: usize,
) -> Vec<(Move, f32)> {
    let c = pos.to_move();
    let left = pos.left(c);
    let biggest = crate::Piece::ALL
        .iter()
        .filter(|p| left >> p.index() & 1 == 1)
        .map(|p| p.size())
        .max()
        .unwrap_or(1);
    let opp_corners = opponents_corners(pos, config, c);
    let mut scored: Vec<(Move, f32)> = moves
        .iter()
        .map(|&m| {
            let Move::Place(pl) = m else { return (m, 0.5) };
            let o = pl.orient();
            let mut blocks = 0;
            for r in 0..usize::from(o.height) {
                let bits = u32::from(o.rows[r]) << (usize::from(pl.x) + PAD);
                blocks += (opp_corners[usize::from(pl.y) + PAD + r] & bits).count_ones();
            }
            let size = usize::from(o.len);
            let prior = 0.5 - 0.12 * (biggest - size) as f32 + 0.03 * blocks.min(3) as f32;
            (m, prior)
        })
        .collect();
    // Best prior last, ties in scan order (the stable sort keeps it; reversed below).
    scored.sort_by(|a, b| a.1.total_cmp(&b.1));
    scored.reverse();
    scored.truncate(keep);
    scored.reverse();
    scored
}

/// Squares a colour has placed while its moves still count as early (about its first
/// six pieces).
const EARLY_SQUARES: u8 = 30;

/// The moves of `moves` (placements of the colour to move at `pos`) with their prior
/// values, sorted best last (ties keep `moves`' order, best-first when read backwards).
pub(crate) fn score(
    pos: &Position,
    config: Config,
    moves: &[Move],
    w: &Weights,
) -> Vec<(Move, f32)> {
    let mut scored = score_squares(pos, config, moves, w);
    let best = scored.last().map_or(0.0, |s| s.1);
    for s in &mut scored {
        s.1 = (w.top - w.slope * (best - s.1)).clamp(0.05, w.top);
    }
    scored
}

/// The moves of `moves` with their heuristic scores (in squares, or in nats with the
/// learned weights), sorted best last (ties keep `moves`' order, best-first when read
/// backwards); moves past the best `top_n` are scored 100 down.
pub(crate) fn score_squares(
    pos: &Position,
    config: Config,
    moves: &[Move],
    w: &Weights,
) -> Vec<(Move, f32)> {
    if w.learned {
        return learned_scores(pos, config, moves, w);
    }
    let c = pos.to_move();
    let opp_corners = opponents_corners(pos, config, c);
    let own_corners = pos.corners(c);
    let forbidden = pos.forbidden(c);
    let early = pos.placed(c) < EARLY_SQUARES;
    // Twice the centre's coordinate, so a cell's distance is an integer in half cells.
    let centre2 = pos.side() as i32 - 1;
    let mut scored: Vec<(Move, f32)> = moves
        .iter()
        .map(|&m| {
            let Move::Place(pl) = m else { return (m, 0.0) };
            let o = pl.orient();
            let (mut blocks, mut new_attach, mut lost) = (0u32, 0u32, 0u32);
            for FrameRow {
                row,
                cells,
                edges,
                corners,
            } in frame(pl)
            {
                blocks += (opp_corners[row] & cells).count_ones();
                let after = forbidden[row] | cells | edges;
                new_attach += (corners & !after & !own_corners[row]).count_ones();
                lost += (own_corners[row] & (cells | edges)).count_ones();
            }
            let mut value = w.size * f32::from(o.len) + w.new_attach * new_attach as f32
                - w.lost_attach * lost.saturating_sub(1) as f32
                + w.blocks * blocks.min(4) as f32;
            if early {
                let nearest = o.cells[..usize::from(o.len)]
                    .iter()
                    .map(|&(cx, cy)| {
                        let dx = (2 * (i32::from(pl.x) + i32::from(cx)) - centre2).abs();
                        let dy = (2 * (i32::from(pl.y) + i32::from(cy)) - centre2).abs();
                        dx.max(dy)
                    })
                    .min()
                    .unwrap_or(0);
                value -= w.centre * nearest as f32 * 0.5;
            }
            (m, value)
        })
        .collect();
    if w.territory != 0.0 {
        // The territory count costs a few hundred row operations a move: only the best
        // moves by the cheap terms get it, the others keep their cheap value and a penalty
        // that puts them after. Sorted by the cheap terms first (ties in `moves`' order).
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        let base = territory(pos, config, c) as f32;
        for (k, s) in scored.iter_mut().enumerate() {
            if k < w.top_n {
                let mut after = pos.clone();
                after.apply(s.0);
                s.1 += w.territory * (territory(&after, config, c) as f32 - base);
            } else {
                s.1 -= 100.0;
            }
        }
    }
    // Best last; the stable sort keeps ties in `moves`' order, reversed so the first of a
    // tie is popped first.
    scored.reverse();
    scored.sort_by(|a, b| a.1.total_cmp(&b.1));
    scored
}

/// [`score_squares`] with the learned weights: each move's log-probability (unnormalised)
/// from its cheap features, then for the best `top_n` the territory term as well.
fn learned_scores(pos: &Position, config: Config, moves: &[Move], w: &Weights) -> Vec<(Move, f32)> {
    use super::features::{Context, LEARNED, TERRITORY};
    let ctx = Context::new(pos, config);
    let dot =
        |f: &super::features::Features| f.iter().zip(&LEARNED).map(|(a, b)| a * b).sum::<f32>();
    let mut scored: Vec<(Move, f32)> = moves
        .iter()
        .map(|&m| match m {
            Move::Place(pl) => (m, dot(&ctx.cheap(pos, pl))),
            Move::Pass => (m, 0.0),
        })
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    let c = pos.to_move();
    let base = territory(pos, config, c) as f32;
    for (k, s) in scored.iter_mut().enumerate() {
        if k < w.top_n {
            let mut after = pos.clone();
            after.apply(s.0);
            s.1 += LEARNED[TERRITORY] * (territory(&after, config, c) as f32 - base);
        } else {
            s.1 -= 100.0;
        }
    }
    scored.reverse();
    scored.sort_by(|a, b| a.1.total_cmp(&b.1));
    scored
}

/// Steps of growth the territory count looks ahead.
const REACH_STEPS: usize = 8;

/// The free cells colour `c` reaches from its attach cells in fewer orthogonal steps
/// through cells it may cover than any opponent does, minus those some opponent reaches
/// first (within [`REACH_STEPS`]).
pub(crate) fn territory(pos: &Position, config: Config, c: usize) -> i32 {
    let player = config.player_of(Color(c as u8));
    let mut mine = *pos.corners(c);
    let mine_forbidden = pos.forbidden(c);
    // The opponents' fronts and forbidden cells (at most three).
    let mut theirs: [Rows; 3] = [[0; crate::position::ROWS]; 3];
    let mut their_forbidden: [&Rows; 3] = [mine_forbidden; 3];
    let mut n = 0;
    for d in 0..config.colors() {
        if config.player_of(Color(d as u8)) != player {
            theirs[n] = *pos.corners(d);
            their_forbidden[n] = pos.forbidden(d);
            n += 1;
        }
    }
    let (theirs, their_forbidden) = (&mut theirs[..n], &their_forbidden[..n]);
    // Only the board's rows: the margin is forbidden to everyone, so nothing grows there.
    let rows = PAD..PAD + pos.side();
    let mut won_mask: Rows = [0; crate::position::ROWS];
    let mut lost_mask: Rows = [0; crate::position::ROWS];
    let settle = |r: usize, mine: u32, t: u32, won: &mut Rows, lost: &mut Rows| {
        won[r] |= mine & !t & !lost[r];
        lost[r] |= t & !mine & !won[r];
    };
    for r in rows.clone() {
        let t = theirs.iter().fold(0, |a, rows| a | rows[r]);
        settle(r, mine[r], t, &mut won_mask, &mut lost_mask);
    }
    // Each step grows every front by one orthogonal step and settles the cells reached,
    // row by row: a row's new value needs the old values of the rows next to it, kept in
    // `above` (the row below is not yet overwritten).
    let grow = |cur: &mut Rows, r: usize, above: &mut u32, forbidden: &Rows| {
        let here = cur[r];
        cur[r] = (here | here << 1 | here >> 1 | *above | cur[r + 1]) & !forbidden[r];
        *above = here;
        cur[r]
    };
    for _ in 0..REACH_STEPS {
        let mut above_mine = 0;
        let mut above_theirs = [0u32; 3];
        for r in rows.clone() {
            let m = grow(&mut mine, r, &mut above_mine, mine_forbidden);
            let mut t = 0;
            for ((front, above), forbidden) in theirs
                .iter_mut()
                .zip(&mut above_theirs)
                .zip(their_forbidden)
            {
                t |= grow(front, r, above, forbidden);
            }
            settle(r, m, t, &mut won_mask, &mut lost_mask);
        }
    }
    let (mut won, mut lost) = (0i32, 0i32);
    for r in rows {
        won += won_mask[r].count_ones() as i32;
        lost += lost_mask[r].count_ones() as i32;
    }
    won - lost
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::{REACH_STEPS, Weights, score, territory};
    use crate::{Bot, Color, Config, Game, Move, Play, RandomBot};

    /// Each cell's distance from colour `c`'s attach cells in orthogonal steps through
    /// cells `c` may cover, by breadth-first search over single cells (`u32::MAX`: not
    /// reached within the steps).
    fn distances(game: &Game, c: usize) -> Vec<u32> {
        let pos = game.position();
        let side = pos.side();
        let mut dist = alloc::vec![u32::MAX; side * side];
        let mut queue = Vec::new();
        for y in 0..side {
            for x in 0..side {
                if pos.is_corner(c, x, y) {
                    dist[y * side + x] = 0;
                    queue.push((x, y));
                }
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let (x, y) = queue[head];
            head += 1;
            let d = dist[y * side + x];
            if d as usize == REACH_STEPS {
                continue;
            }
            let steps = [(0, 1), (2, 1), (1, 0), (1, 2)];
            for (dx, dy) in steps {
                let (nx, ny) = ((x + dx).wrapping_sub(1), (y + dy).wrapping_sub(1));
                if nx < side
                    && ny < side
                    && !pos.is_forbidden(c, nx, ny)
                    && dist[ny * side + nx] == u32::MAX
                {
                    dist[ny * side + nx] = d + 1;
                    queue.push((nx, ny));
                }
            }
        }
        dist
    }

    fn positions(config: Config, seed: u64) -> Vec<Game> {
        let mut game = Game::new(config);
        let mut bot = RandomBot::new(seed);
        let mut out = alloc::vec![game.clone()];
        while let Some(m) = bot.choose(&game) {
            game.play(m).unwrap();
            out.push(game.clone());
        }
        out
    }

    #[test]
    fn territory_matches_a_breadth_first_search_of_each_cell() {
        for config in [Config::duo(), Config::classic()] {
            for seed in 0..4 {
                for game in positions(config, seed) {
                    let player = |d: usize| config.player_of(Color(d as u8));
                    let all: Vec<Vec<u32>> =
                        (0..config.colors()).map(|d| distances(&game, d)).collect();
                    for c in 0..config.colors() {
                        let mut expected = 0;
                        for (i, &mine) in all[c].iter().enumerate() {
                            let theirs = (0..config.colors())
                                .filter(|&d| player(d) != player(c))
                                .map(|d| all[d][i])
                                .min()
                                .unwrap_or(u32::MAX);
                            if mine < theirs {
                                expected += 1;
                            } else if theirs < mine {
                                expected -= 1;
                            }
                        }
                        assert_eq!(territory(game.position(), config, c), expected);
                    }
                }
            }
        }
    }

    #[test]
    fn scores_keep_every_move_once_best_last_in_range() {
        let w = Weights::DEFAULT;
        for config in [Config::duo(), Config::classic_two_players()] {
            for game in positions(config, 7).into_iter().step_by(3) {
                let pos = game.position();
                let mut moves = Vec::new();
                pos.gen_placements(pos.to_move(), &mut moves);
                let scored = score(pos, config, &moves, &w);
                assert_eq!(scored.len(), moves.len());
                let mut seen: Vec<Move> = scored.iter().map(|s| s.0).collect();
                seen.sort_by_key(|m| alloc::format!("{m:?}"));
                moves.sort_by_key(|m| alloc::format!("{m:?}"));
                assert_eq!(seen, moves);
                assert!(scored.windows(2).all(|p| p[0].1 <= p[1].1));
                assert!(scored.iter().all(|s| (0.05..=w.top).contains(&s.1)));
                if let Some(best) = scored.last() {
                    assert!((best.1 - w.top).abs() < 1e-6);
                }
            }
        }
    }

    #[test]
    fn the_opening_favours_large_pieces_toward_the_centre() {
        let config = Config::duo();
        let game = Game::new(config);
        let pos = game.position();
        let mut moves = Vec::new();
        pos.gen_placements(pos.to_move(), &mut moves);
        let scored = score(pos, config, &moves, &Weights::DEFAULT);
        // How near a placement comes to the centre of the 14 x 14 board, in half cells.
        let reach = |m: &Move| {
            m.placement().map_or(i32::MAX, |pl| {
                pl.cells()
                    .map(|p| (2 * p.x as i32 - 13).abs().max((2 * p.y as i32 - 13).abs()))
                    .min()
                    .unwrap_or(i32::MAX)
            })
        };
        let mut pentominoes: Vec<i32> = moves
            .iter()
            .filter(|m| m.placement().map(crate::Placement::size) == Some(5))
            .map(reach)
            .collect();
        pentominoes.sort_unstable();
        let median = pentominoes[pentominoes.len() / 2];
        // The ten moves widened to first are pentominoes reaching nearer the centre than
        // the median pentomino does.
        for (m, _) in scored.iter().rev().take(10) {
            assert_eq!(m.placement().map(crate::Placement::size), Some(5), "{m:?}");
            assert!(reach(m) < median, "{m:?}: {} against {median}", reach(m));
        }
    }
}
