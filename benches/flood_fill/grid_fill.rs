//! plateau-grid's fills against a plain `VecDeque` breadth-first search.
//!
//! Boards: random noise with 55 % open cells (the fill starts in the largest open region; on
//! the small bitboards also 80 %, which percolates) and a perfect maze (every passage
//! connected). Every measured fill is checked against the baseline's region size before
//! timing.

use std::collections::VecDeque;
use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion};
use plateau_grid::{BitGrid, Connectivity, Grid, Pos, Regions, Size, flood_fill, random};

/// The baseline: textbook BFS with a queue and a `Vec<bool>` of visited cells.
fn bfs_region_size(grid: &Grid<bool>, start: Pos) -> usize {
    let (w, h) = (grid.width(), grid.height());
    let mut seen = vec![false; w * h];
    let mut queue = VecDeque::new();
    if !grid[start] {
        return 0;
    }
    seen[start.y * w + start.x] = true;
    queue.push_back(start);
    let mut count = 0;
    while let Some(p) = queue.pop_front() {
        count += 1;
        let (x, y) = (p.x as isize, p.y as isize);
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                continue;
            }
            let i = ny as usize * w + nx as usize;
            if grid.as_slice()[i] && !seen[i] {
                seen[i] = true;
                queue.push_back(Pos::new(nx as usize, ny as usize));
            }
        }
    }
    count
}

/// `size x size` cells, each open with probability `percent` %, and a cell of the largest
/// open region.
fn noise(size: usize, seed: u64, percent: u32) -> (Grid<bool>, Pos) {
    let mut rng = random::seeded(seed);
    let grid = Grid::from_fn(Size::square(size), |_| {
        random::chance(&mut rng, percent, 100)
    })
    .unwrap();
    let regions = Regions::of_equal(&grid, Connectivity::Four);
    let biggest = (0..regions.count() as u32)
        .filter(|&r| grid[regions.representative(r).unwrap()])
        .max_by_key(|&r| regions.size(r))
        .unwrap();
    (grid, regions.representative(biggest).unwrap())
}

/// A perfect maze on a `size x size` board (walls on even coordinates), carved by an
/// iterative randomised depth-first search; the start is the top-left passage.
fn maze(size: usize, seed: u64) -> (Grid<bool>, Pos) {
    let mut rng = random::seeded(seed);
    let mut grid = Grid::new(Size::square(size), false).unwrap();
    let cells = (size - 1) / 2;
    let start = Pos::new(1, 1);
    grid[start] = true;
    let mut stack = vec![start];
    while let Some(&p) = stack.last() {
        let mut options = [(0isize, 0isize); 4];
        let mut n = 0;
        for (dx, dy) in [(0, -2), (2, 0), (0, 2), (-2, 0)] {
            if let Some(q) = p.offset(dx, dy)
                && q.x >= 1
                && q.y >= 1
                && q.x < 2 * cells
                && q.y < 2 * cells
                && !grid[q]
            {
                options[n] = (dx, dy);
                n += 1;
            }
        }
        if n == 0 {
            stack.pop();
            continue;
        }
        let (dx, dy) = options[random::index(&mut rng, n)];
        let wall = p.offset(dx / 2, dy / 2).unwrap();
        let next = p.offset(dx, dy).unwrap();
        grid[wall] = true;
        grid[next] = true;
        stack.push(next);
    }
    (grid, start)
}

fn to_bitgrid<const R: usize>(grid: &Grid<bool>) -> BitGrid<R> {
    BitGrid::from_fn(grid.size(), |p| grid[p]).unwrap()
}

pub fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("grid_flood_fill");
    group.sample_size(20);
    for size in [64usize, 256, 1024] {
        for (kind, (grid, start)) in [("noise55", noise(size, 1, 55)), ("maze", maze(size, 2))] {
            let expected = bfs_region_size(&grid, start);
            let ours = flood_fill(&grid, start, Connectivity::Four, |&open| open);
            assert_eq!(
                ours.len(),
                expected,
                "{kind} {size}: flood_fill disagrees with BFS"
            );
            assert!(expected > 1, "{kind} {size}: degenerate region");
            let id = format!("{kind}/{size}x{size}/region={expected}");
            group.bench_function(BenchmarkId::new("plateau_flood_fill", &id), |b| {
                b.iter(|| {
                    flood_fill(black_box(&grid), start, Connectivity::Four, |&open| open).len()
                });
            });
            group.bench_function(BenchmarkId::new("vecdeque_bfs", &id), |b| {
                b.iter(|| bfs_region_size(black_box(&grid), start));
            });
        }
    }
    group.finish();

    // Each board twice: in a `BitGrid` with exactly its number of rows (what a game on a
    // 12 x 12 or 14 x 14 board would declare), and in a `BitGrid<16>`, whose 136-byte
    // value the benchmark's returned copy moves with a `memcpy` call.
    let mut group = c.benchmark_group("bitgrid_flood4");
    for size in [12usize, 14] {
        let boards = [
            ("noise55", noise(size, 3, 55)),
            ("noise80", noise(size, 5, 80)),
            ("maze", maze(size, 4)),
        ];
        for (kind, (grid, start)) in boards {
            match size {
                12 => bench_bitgrid::<12>(&mut group, "flood4", kind, &grid, start),
                _ => bench_bitgrid::<14>(&mut group, "flood4", kind, &grid, start),
            }
            bench_bitgrid::<16>(&mut group, "flood4_16_rows", kind, &grid, start);
        }
    }
    group.finish();
}

/// Benches `BitGrid<ROWS>::flood4` from `start` inside the open cells of `grid`, after
/// checking its region against the BFS.
fn bench_bitgrid<const ROWS: usize>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    kind: &str,
    grid: &Grid<bool>,
    start: Pos,
) {
    let expected = bfs_region_size(grid, start);
    let mask: BitGrid<ROWS> = to_bitgrid(grid);
    let mut seed = mask.empty_like();
    seed.set(start, true).unwrap();
    assert_eq!(
        seed.flood4(&mask).len(),
        expected,
        "{kind} {ROWS} rows: bitboard flood disagrees"
    );
    let id = format!(
        "{kind}/{}x{}/region={expected}",
        grid.width(),
        grid.height()
    );
    group.bench_function(BenchmarkId::new(name, id), |b| {
        b.iter(|| black_box(&seed).flood4(black_box(&mask)));
    });
}
