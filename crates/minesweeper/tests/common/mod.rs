//! Test-only references: brute-force enumeration of mine layouts, and random positions.
#![allow(dead_code)]

use plateau_minesweeper::{Board, Cell, Pos, View};

/// Every layout of the covered unflagged cells agreeing with `view` and `mines` (flags and
/// shown mines count as mines), counted: per cell, the layouts with a mine there, and the
/// total. `None` when the view has more covered cells than `max_cells`.
pub struct Enumeration {
    pub total: u64,
    /// Row-major, per cell (0 for cells that are not covered and unflagged).
    pub mine_counts: Vec<u64>,
    pub covered: Vec<bool>,
}

pub fn enumerate(view: &View, mines: u32, max_cells: usize) -> Option<Enumeration> {
    let (w, h) = (view.width(), view.height());
    let cells: Vec<Cell> = view.iter().map(|(_, c)| c).collect();
    let unknown: Vec<usize> = (0..cells.len())
        .filter(|&i| matches!(cells[i], Cell::Hidden | Cell::Question))
        .collect();
    if unknown.len() > max_cells {
        return None;
    }
    let known = cells
        .iter()
        .filter(|c| matches!(c, Cell::Flagged | Cell::Mine))
        .count() as u32;
    let mut total = 0u64;
    let mut counts = vec![0u64; cells.len()];
    let mut is_mine = vec![false; cells.len()];
    for (i, c) in cells.iter().enumerate() {
        is_mine[i] = matches!(c, Cell::Flagged | Cell::Mine);
    }
    let neighbours = |i: usize| {
        let (x, y) = ((i % w) as i64, (i / w) as i64);
        let mut v = Vec::new();
        for dy in -1..=1i64 {
            for dx in -1..=1i64 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < w as i64 && ny < h as i64 {
                    v.push((ny as usize) * w + nx as usize);
                }
            }
        }
        v
    };
    let nbrs: Vec<Vec<usize>> = (0..cells.len()).map(neighbours).collect();
    for mask in 0u64..(1u64 << unknown.len()) {
        if known + mask.count_ones() != mines {
            continue;
        }
        for (b, &i) in unknown.iter().enumerate() {
            is_mine[i] = mask >> b & 1 == 1;
        }
        let ok = cells.iter().enumerate().all(|(i, c)| match c {
            Cell::Revealed(n) => {
                nbrs[i].iter().filter(|&&j| is_mine[j]).count() == usize::from(n.get())
            }
            _ => true,
        });
        if ok {
            total += 1;
            for &i in &unknown {
                if is_mine[i] {
                    counts[i] += 1;
                }
            }
        }
    }
    let mut covered = vec![false; cells.len()];
    for &i in &unknown {
        covered[i] = true;
    }
    Some(Enumeration {
        total,
        mine_counts: counts,
        covered,
    })
}

/// The view of `board` where the cells of `open` are revealed and those of `flag` flagged
/// (a flag on a safe cell makes a wrong flag).
pub fn view_of(board: &Board, open: &[bool], flag: &[bool]) -> View {
    let w = board.width();
    View::from_fn(board.size(), |p| {
        let i = p.y * w + p.x;
        if flag[i] {
            Cell::Flagged
        } else if open[i] {
            match board.number(p) {
                Some(n) => Cell::Revealed(plateau_minesweeper::Number::new(n).unwrap()),
                None => Cell::Mine,
            }
        } else {
            Cell::Hidden
        }
    })
    .unwrap()
}

pub fn pos(w: usize, i: usize) -> Pos {
    Pos::new(i % w, i / w)
}
