//! Test-only references: a naive move generator that checks every piece, orientation and
//! position directly against the rules on the board's cells, built from the published ICFPT
//! offset table (not from the crate's tables), and perft over both generators.
#![allow(dead_code)]

use std::collections::BTreeSet;

use plateau_blokus::{Board, Color, Game, Move, Piece, Placement, Play, Pos};

/// The ICFPT table: for each piece (letter order) and digit, the offsets from the
/// reference cell.
pub fn offsets() -> Vec<[Vec<(i32, i32)>; 8]> {
    let text = include_str!("../fixtures/icfpt2013_offsets.txt");
    let mut table: Vec<[Vec<(i32, i32)>; 8]> = (0..21).map(|_| Default::default()).collect();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (code, rest) = line.split_once(':').expect("code: offsets");
        let mut chars = code.chars();
        let p = chars.next().unwrap() as usize - 'a' as usize;
        let d = chars.next().unwrap().to_digit(10).unwrap() as usize;
        let cells = rest
            .split_whitespace()
            .map(|t| {
                let t = t.trim_matches(|c| c == '(' || c == ')');
                let (x, y) = t.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        table[p][d] = cells;
    }
    table
}

/// A placement as the rules see it: the piece and its cells, sorted.
pub type Cells = (Piece, Vec<Pos>);

pub fn cells_of(p: Placement) -> Cells {
    let mut v: Vec<Pos> = p.cells().collect();
    v.sort();
    (p.piece(), v)
}

/// The distinct orientations of each piece, from the ICFPT table (digits giving the same
/// cell set counted once).
pub fn distinct_offsets() -> Vec<Vec<Vec<(i32, i32)>>> {
    offsets()
        .into_iter()
        .map(|digits| {
            let mut seen: Vec<Vec<(i32, i32)>> = Vec::new();
            let mut out = Vec::new();
            for offs in digits {
                let min_x = offs.iter().map(|c| c.0).min().unwrap();
                let min_y = offs.iter().map(|c| c.1).min().unwrap();
                let mut norm: Vec<(i32, i32)> =
                    offs.iter().map(|&(x, y)| (x - min_x, y - min_y)).collect();
                norm.sort_unstable();
                if !seen.contains(&norm) {
                    seen.push(norm);
                    out.push(offs);
                }
            }
            out
        })
        .collect()
}

/// Every legal placement of the colour to move, found by trying every piece in hand, every
/// orientation and every reference cell on the board, and checking the rules cell by cell
/// on the board's picture.
pub fn naive_placements(game: &Game) -> BTreeSet<Cells> {
    thread_local! {
        static TABLE: Vec<Vec<Vec<(i32, i32)>>> = distinct_offsets();
    }
    TABLE.with(|t| naive_for(t, &game.board(), game, game.color_to_move()))
}

pub fn naive_for(
    table: &[Vec<Vec<(i32, i32)>>],
    board: &Board,
    game: &Game,
    color: Color,
) -> BTreeSet<Cells> {
    let side = board.size().width as i32;
    let left = game.pieces_left(color);
    let first = left.len() == 21;
    let start = game.variant().start(color).unwrap();
    // The board with a margin of 5 off-board cells (value 9) on every side: cell (x, y) at
    // (x + 5, y + 5) of a row of `w` cells.
    let w = side + 10;
    let mut cells_at = vec![9u8; (w * w) as usize];
    for y in 0..side {
        for x in 0..side {
            cells_at[((y + 5) * w + x + 5) as usize] = board
                .get(Pos::new(x as usize, y as usize))
                .map_or(0, |c| c.index() as u8 + 1);
        }
    }
    let at = |x: i32, y: i32| cells_at[((y + 5) * w + x + 5) as usize];
    let own = color.index() as u8 + 1;
    let mut out = BTreeSet::new();
    if game.is_over() {
        return out;
    }
    for piece in left.iter() {
        for offs in &table[piece.index()] {
            // The reference cell is always covered, so it lies on the board.
            for ry in 0..side {
                for rx in 0..side {
                    let cells = offs.iter().map(|&(dx, dy)| (rx + dx, ry + dy));
                    // On the board and free.
                    if cells.clone().any(|(x, y)| at(x, y) != 0) {
                        continue;
                    }
                    // No edge shared with its own colour.
                    let edge = cells.clone().any(|(x, y)| {
                        at(x + 1, y) == own
                            || at(x - 1, y) == own
                            || at(x, y + 1) == own
                            || at(x, y - 1) == own
                    });
                    if edge {
                        continue;
                    }
                    let ok = if first {
                        cells
                            .clone()
                            .any(|(x, y)| (x, y) == (start.x as i32, start.y as i32))
                    } else {
                        cells.clone().any(|(x, y)| {
                            at(x + 1, y + 1) == own
                                || at(x - 1, y + 1) == own
                                || at(x + 1, y - 1) == own
                                || at(x - 1, y - 1) == own
                        })
                    };
                    if ok {
                        let mut v: Vec<Pos> = cells
                            .map(|(x, y)| Pos::new(x as usize, y as usize))
                            .collect();
                        v.sort();
                        out.insert((piece, v));
                    }
                }
            }
        }
    }
    out
}

/// The crate's legal placements of the colour to move, as cell sets; panics on duplicates.
pub fn fast_placements(game: &Game) -> BTreeSet<Cells> {
    let moves = game.legal_moves();
    let set: BTreeSet<Cells> = moves
        .iter()
        .filter_map(|m| m.placement())
        .map(cells_of)
        .collect();
    let placements = moves.iter().filter(|m| !m.is_pass()).count();
    assert_eq!(
        set.len(),
        placements,
        "the generator reported a placement twice"
    );
    set
}

/// The naive legal moves as moves: the placements, or a pass when there are none.
pub fn naive_moves(game: &Game) -> Vec<Move> {
    if game.is_over() {
        return Vec::new();
    }
    let set = naive_placements(game);
    if set.is_empty() {
        return vec![Move::Pass];
    }
    set.into_iter()
        .map(|(_, cells)| Move::Place(Placement::from_cells(&cells).expect("a piece")))
        .collect()
}

/// Number of move sequences of length `depth` (passes count as moves), with `moves`
/// generating the legal moves.
pub fn perft(game: &mut Game, depth: u32, moves: &dyn Fn(&Game) -> Vec<Move>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = moves(game);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for m in list {
        game.play(m).expect("generated moves are legal");
        n += perft(game, depth - 1, moves);
        game.undo();
    }
    n
}
