//! Property tests for plateau-grid, each checked against a simple independent reference.

use std::collections::{BTreeSet, VecDeque};

use plateau_grid::{
    BitGrid, Connectivity, Grid, Pos, Regions, Shape, Size, WordGrid, flood_fill, random,
};
use proptest::prelude::*;

/// Reference reachability: breadth-first search with explicit offsets.
fn bfs(open: &Grid<bool>, start: Pos, conn: Connectivity) -> BTreeSet<Pos> {
    let mut seen = BTreeSet::new();
    if open.get(start) != Some(&true) {
        return seen;
    }
    let offsets: &[(isize, isize)] = match conn {
        Connectivity::Four => &[(0, -1), (1, 0), (0, 1), (-1, 0)],
        Connectivity::Eight => &[
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
        ],
    };
    let mut queue = VecDeque::from([start]);
    seen.insert(start);
    while let Some(p) = queue.pop_front() {
        for &(dx, dy) in offsets {
            let (x, y) = (p.x as isize + dx, p.y as isize + dy);
            if x < 0 || y < 0 || x >= open.width() as isize || y >= open.height() as isize {
                continue;
            }
            let q = Pos::new(x as usize, y as usize);
            if open[q] && seen.insert(q) {
                queue.push_back(q);
            }
        }
    }
    seen
}

fn conn() -> impl Strategy<Value = Connectivity> {
    prop_oneof![Just(Connectivity::Four), Just(Connectivity::Eight)]
}

/// A random boolean grid: dimensions, open-cell density in percent, and a seed.
fn bool_grid(max_w: usize, max_h: usize) -> impl Strategy<Value = Grid<bool>> {
    (1..=max_w, 1..=max_h, 30u32..=90, any::<u64>()).prop_map(|(w, h, density, seed)| {
        let mut rng = random::seeded(seed);
        Grid::from_fn(Size::new(w, h), |_| random::chance(&mut rng, density, 100)).unwrap()
    })
}

fn grid_and_start(max_w: usize, max_h: usize) -> impl Strategy<Value = (Grid<bool>, Pos)> {
    bool_grid(max_w, max_h).prop_flat_map(|g| {
        let Size {
            width: w,
            height: h,
        } = g.size();
        (Just(g), (0..w, 0..h).prop_map(|(x, y)| Pos::new(x, y)))
    })
}

/// A grid spanning several 64 x 64 tiles each way, around the percolation threshold so regions
/// wind across tile edges, and an open start cell when there is one.
fn large_grid_and_start() -> impl Strategy<Value = (Grid<bool>, Pos)> {
    (
        65usize..=200,
        65usize..=200,
        55u32..=75,
        any::<u64>(),
        any::<u32>(),
    )
        .prop_map(|(w, h, density, seed, at)| {
            let mut rng = random::seeded(seed);
            let g =
                Grid::from_fn(Size::new(w, h), |_| random::chance(&mut rng, density, 100)).unwrap();
            let first = at as usize % (w * h);
            let i = (first..w * h).find(|&i| g.as_slice()[i]).unwrap_or(first);
            (g, Pos::new(i % w, i / w))
        })
}

fn shape() -> impl Strategy<Value = Shape> {
    prop::collection::vec((0usize..5, 0usize..5), 1..10).prop_map(|cells| {
        Shape::from_cells(cells.into_iter().map(|(x, y)| Pos::new(x, y))).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/properties.txt"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn flood_fill_equals_bfs((grid, start) in grid_and_start(200, 12), conn in conn()) {
        let ours = flood_fill(&grid, start, conn, |&b| b);
        let reference = bfs(&grid, start, conn);
        prop_assert_eq!(ours.len(), reference.len());
        prop_assert_eq!(ours.iter().collect::<BTreeSet<_>>(), reference);
    }

    #[test]
    fn bitgrid_flood_equals_bfs((grid, start) in grid_and_start(64, 20), conn in conn()) {
        let mask: BitGrid<20> = BitGrid::from_fn(grid.size(), |p| grid[p]).unwrap();
        let mut seed = mask.empty_like();
        seed.set(start, true).unwrap();
        let ours = seed.flood(&mask, conn);
        prop_assert_eq!(ours.iter().collect::<BTreeSet<_>>(), bfs(&grid, start, conn));
    }

    #[test]
    fn bitgrid_flood_stays_on_the_seed_board(
        (grid, start) in grid_and_start(15, 9),
        (extra_w, extra_h) in (0usize..4, 0usize..4),
    ) {
        // Storage for 12 rows only (less than the packed path's block of 16), and a mask
        // larger than the seed's board whose extra cells are all open: none may be reached.
        let Size { width: w, height: h } = grid.size();
        let mask: BitGrid<12> = BitGrid::from_fn(Size::new(w + extra_w, h + extra_h), |p| {
            p.x >= w || p.y >= h || grid[p]
        })
        .unwrap();
        let mut seed: BitGrid<12> = BitGrid::new(grid.size()).unwrap();
        seed.set(start, true).unwrap();
        let ours = seed.flood4(&mask);
        prop_assert_eq!(ours.size(), grid.size());
        prop_assert_eq!(ours.iter().collect::<BTreeSet<_>>(), bfs(&grid, start, Connectivity::Four));
    }

    #[test]
    fn bitgrid_flood_from_many_seeds_is_union_of_components(
        (grid, _) in grid_and_start(15, 16),
        seeds in prop::collection::vec((0usize..15, 0usize..16), 0..5),
    ) {
        let mask: BitGrid<16> = BitGrid::from_fn(grid.size(), |p| grid[p]).unwrap();
        let mut seed = mask.empty_like();
        let mut expected = BTreeSet::new();
        for (x, y) in seeds {
            let p = Pos::new(x % grid.width(), y % grid.height());
            seed.set(p, true).unwrap();
            expected.extend(bfs(&grid, p, Connectivity::Four));
        }
        prop_assert_eq!(seed.flood4(&mask).iter().collect::<BTreeSet<_>>(), expected);
    }

    #[test]
    fn regions_partition_the_grid_into_maximal_connected_pieces(
        (w, h, seed) in (1usize..25, 1usize..25, any::<u64>()),
        colours in 1u32..5,
        conn in conn(),
    ) {
        let mut rng = random::seeded(seed);
        let grid = Grid::from_fn(Size::new(w, h), |_| random::below(&mut rng, colours)).unwrap();
        let regions = Regions::of_equal(&grid, conn);
        prop_assert_eq!(regions.sizes().iter().map(|&s| s as usize).sum::<usize>(), w * h);
        for id in 0..regions.count() as u32 {
            let first = regions.representative(id).unwrap();
            let colour = grid[first];
            let same = grid.map(|&c| c == colour);
            // The region is exactly the component of equal cells around its first cell:
            // connected and maximal at once.
            let cells: BTreeSet<Pos> = regions.cells(id).collect();
            prop_assert_eq!(cells.len(), regions.size(id));
            prop_assert_eq!(&cells, &bfs(&same, first, conn));
            prop_assert_eq!(cells.iter().next().copied(), Some(first));
            // Adjacency: exactly the other regions touching it, and symmetric.
            let mut touching = BTreeSet::new();
            for &p in &cells {
                for q in grid.neighbors(p, conn) {
                    let l = regions.label(q).unwrap();
                    if l != id {
                        touching.insert(l);
                    }
                }
            }
            prop_assert_eq!(regions.neighbors(id).iter().copied().collect::<BTreeSet<_>>(), touching);
            for &n in regions.neighbors(id) {
                prop_assert!(regions.neighbors(n).contains(&id));
            }
        }
    }

    #[test]
    fn shape_orientations_form_a_group(s in shape()) {
        let orientations = s.orientations();
        prop_assert!([1, 2, 4, 8].contains(&orientations.len()));
        prop_assert_eq!(s.rotated().rotated().rotated().rotated(), s);
        prop_assert_eq!(s.mirrored().mirrored(), s);
        prop_assert_eq!(orientations[0], s);
        let canonical = s.canonical();
        for &o in &orientations {
            prop_assert_eq!(o.len(), s.len());
            prop_assert_eq!(o.canonical(), canonical);
            prop_assert_eq!(o.orientations().len(), orientations.len());
        }
        prop_assert_eq!(s.rotated().width(), s.height());
        prop_assert_eq!(s.to_string().parse::<Shape>().unwrap(), s);
    }

    #[test]
    fn text_forms_round_trip(grid in bool_grid(30, 10), letters in prop::collection::vec(b'a'..=b'z', 1..60)) {
        let chars = Grid::from_fn(grid.size(), |p| if grid[p] { '#' } else { '.' }).unwrap();
        let text = chars.to_string();
        prop_assert_eq!(text.parse::<Grid<char>>().unwrap(), chars);
        let bits: BitGrid<10> = text.parse().unwrap();
        prop_assert_eq!(bits.to_string(), text);
        prop_assert_eq!(bits.len(), grid.iter().filter(|&&b| b).count());
        let row: String = letters.iter().map(|&b| b as char).collect();
        let one_row: Grid<char> = row.parse().unwrap();
        prop_assert_eq!(one_row.to_string(), row);
    }

    #[test]
    fn neighbours_stay_on_the_board(w in 1usize..40, h in 1usize..40, x in 0usize..45, y in 0usize..45) {
        let grid = Grid::new(Size::new(w, h), ()).unwrap();
        let p = Pos::new(x, y);
        for q in grid.neighbors8(p) {
            prop_assert!(grid.in_bounds(q));
            prop_assert_eq!(p.chebyshev(q), 1);
        }
        let four: Vec<Pos> = grid.neighbors4(p).collect();
        for q in &four {
            prop_assert_eq!(p.manhattan(*q), 1);
        }
        if grid.in_bounds(p) {
            let expected = [(0, -1), (1, 0), (0, 1), (-1, 0)]
                .iter()
                .filter(|(dx, dy)| {
                    let (nx, ny) = (x as isize + dx, y as isize + dy);
                    nx >= 0 && ny >= 0 && nx < w as isize && ny < h as isize
                })
                .count();
            prop_assert_eq!(four.len(), expected);
        } else {
            prop_assert!(four.is_empty());
        }
    }

    #[test]
    fn bitgrid_shifts_match_cellwise_moves((grid, _) in grid_and_start(64, 12), d in 0usize..8) {
        let dir = plateau_grid::Dir::ALL[d];
        let bits: BitGrid<12> = BitGrid::from_fn(grid.size(), |p| grid[p]).unwrap();
        let expected: BTreeSet<Pos> = bits
            .iter()
            .filter_map(|p| p.step(dir))
            .filter(|q| grid.in_bounds(*q))
            .collect();
        prop_assert_eq!(bits.shifted(dir).iter().collect::<BTreeSet<_>>(), expected);
    }

    #[test]
    fn word_grid_flood_equals_bfs((grid, start) in grid_and_start(8, 8)) {
        let board = WordGrid::new(grid.size()).unwrap();
        let open = grid.iter_pos().filter(|&(_, &b)| b).fold(0, |m, (p, _)| m | board.bit(p));
        let ours = board.flood4(board.bit(start), open);
        let expected = bfs(&grid, start, Connectivity::Four)
            .into_iter()
            .fold(0, |m, p| m | board.bit(p));
        prop_assert_eq!(ours, expected);
    }

    #[test]
    fn sizes_and_positions_round_trip_through_text(w in 0usize..10_000, h in 0usize..10_000) {
        let size = Size::new(w, h);
        prop_assert_eq!(size.to_string().parse::<Size>(), Ok(size));
        let pos = Pos::new(w, h);
        prop_assert_eq!(pos.to_string().parse::<Pos>(), Ok(pos));
        prop_assert_eq!(format!("{w},{h}").parse::<Pos>(), Ok(pos));
    }

    #[test]
    fn random_draws_stay_in_range(seed in any::<u64>(), n in 1u32..1000, len in 0usize..50) {
        let mut rng = random::seeded(seed);
        prop_assert!(random::below(&mut rng, n) < n);
        let mut v: Vec<usize> = (0..len).collect();
        random::shuffle(&mut rng, &mut v);
        v.sort_unstable();
        prop_assert_eq!(v, (0..len).collect::<Vec<_>>());
    }
}

proptest! {
    // Large boards: fewer cases, each exercising many tile edges.
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/properties.txt"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn flood_fill_across_tiles_equals_bfs((grid, start) in large_grid_and_start(), conn in conn()) {
        let ours = flood_fill(&grid, start, conn, |&b| b);
        let reference = bfs(&grid, start, conn);
        prop_assert_eq!(ours.len(), reference.len());
        prop_assert_eq!(ours.iter().collect::<BTreeSet<_>>(), reference);
    }
}
