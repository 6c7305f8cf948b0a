//! Arbitrary boards (the first byte is the width, each later byte a cell, odd = open): every
//! flood of plateau-grid (`flood_fill` 4- and 8-connected, `BitGrid` floods, `WordGrid`, the
//! region labelling) reaches exactly the cells a plain breadth-first search reaches.
#![no_main]

use std::collections::{BTreeSet, VecDeque};

use libfuzzer_sys::fuzz_target;
use plateau_grid::{BitGrid, Connectivity, Grid, Pos, Regions, Size, WordGrid, flood_fill};

fn bfs(open: &Grid<bool>, start: Pos, conn: Connectivity) -> BTreeSet<Pos> {
    let mut seen = BTreeSet::new();
    if open.get(start) != Some(&true) {
        return seen;
    }
    let mut queue = VecDeque::from([start]);
    seen.insert(start);
    while let Some(p) = queue.pop_front() {
        for q in open.neighbors(p, conn) {
            if open[q] && seen.insert(q) {
                queue.push_back(q);
            }
        }
    }
    seen
}

fuzz_target!(|data: &[u8]| {
    let Some((&w, cells)) = data.split_first() else { return };
    let width = usize::from(w % 80) + 1;
    let height = cells.len() / width;
    if height == 0 {
        return;
    }
    let size = Size::new(width, height);
    let grid = Grid::from_fn(size, |p| cells[p.y * width + p.x] & 1 == 1).unwrap();
    let start = Pos::new(usize::from(w) % width, usize::from(cells[0]) % height);
    for conn in [Connectivity::Four, Connectivity::Eight] {
        let expected = bfs(&grid, start, conn);
        let ours = flood_fill(&grid, start, conn, |&b| b);
        assert_eq!(ours.iter().collect::<BTreeSet<_>>(), expected);
        if let Ok(mask) = BitGrid::<64>::from_fn(size, |p| grid[p]) {
            let mut seed = mask.empty_like();
            seed.set(start, true).unwrap();
            assert_eq!(seed.flood(&mask, conn).iter().collect::<BTreeSet<_>>(), expected);
        }
        let regions = Regions::of_equal(&grid, conn);
        let label = regions.label(start).unwrap();
        if grid[start] {
            assert_eq!(regions.cells(label).collect::<BTreeSet<_>>(), expected);
        }
    }
    if let Ok(board) = WordGrid::new(size) {
        let open = size.positions().filter(|&p| grid[p]).fold(0, |m, p| m | board.bit(p));
        let expected = bfs(&grid, start, Connectivity::Four);
        let reached = board.flood4(board.bit(start), open);
        assert_eq!(reached, expected.iter().fold(0, |m, &p| m | board.bit(p)));
    }
});
