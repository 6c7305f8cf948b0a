//! Independent reference implementations shared by the integration tests.
#![allow(dead_code)]

use std::collections::{HashSet, VecDeque};

/// Recolours the flood of `cells` (a `width`-wide board, flood from `start`) to `color` with a
/// plain cell-by-cell flood fill, returning the new board.
pub(crate) fn naive_move(cells: &[u8], width: usize, start: usize, color: u8) -> Vec<u8> {
    let height = cells.len() / width;
    let old = cells[start];
    let mut out = cells.to_vec();
    if old == color {
        return out;
    }
    let mut stack = vec![start];
    let mut seen = vec![false; cells.len()];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        out[i] = color;
        let (x, y) = (i % width, i / width);
        let mut push = |j: usize| {
            if !seen[j] && cells[j] == old {
                seen[j] = true;
                stack.push(j);
            }
        };
        if x > 0 {
            push(i - 1);
        }
        if x + 1 < width {
            push(i + 1);
        }
        if y > 0 {
            push(i - width);
        }
        if y + 1 < height {
            push(i + width);
        }
    }
    out
}

/// The fewest moves that make the board one colour, by breadth-first search over whole boards.
pub(crate) fn brute_force(cells: &[u8], width: usize, start: usize, colors: u8) -> usize {
    let uniform = |b: &[u8]| b.iter().all(|&c| c == b[0]);
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(cells.to_vec());
    queue.push_back((cells.to_vec(), 0));
    while let Some((board, d)) = queue.pop_front() {
        if uniform(&board) {
            return d;
        }
        for c in 0..colors {
            if c == board[start] {
                continue;
            }
            let next = naive_move(&board, width, start, c);
            if seen.insert(next.clone()) {
                queue.push_back((next, d + 1));
            }
        }
    }
    unreachable!("every board can be flooded")
}
