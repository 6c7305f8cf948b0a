//! Taquin solver benches on fixed boards; each asserts the solution length it measures.
//!
//! `cargo bench --bench taquin`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use plateau_taquin::{
    Board, Move, Partition, PatternDatabase, Play, Size, Tile, hint, solve, solve_fast,
};

/// Korf instance `cells` (his goal: blank top-left) mapped to ours: half a turn and
/// t -> 16 - t (see crates/taquin/tests/korf100.txt).
fn korf(cells: [u8; 16]) -> Board {
    let mut tiles = [Tile::BLANK; 16];
    for (i, &t) in cells.iter().enumerate() {
        tiles[15 - i] = if t == 0 {
            Tile::BLANK
        } else {
            Tile::new(16 - t)
        };
    }
    Board::from_tiles(Size::square(4), &tiles).unwrap()
}

fn solves(board: &Board, moves: &[Move]) -> bool {
    let mut b = board.clone();
    b.play_all(moves).is_ok() && b.is_solved()
}

fn eight_puzzle(c: &mut Criterion) {
    // One of the two hardest 8-puzzle positions (31 moves).
    let board: Board = "8 6 7\n2 5 4\n3 . 1".parse().unwrap();
    let s = solve(&board).unwrap();
    assert_eq!(s.len(), 31);
    assert!(solves(&board, &s.moves));
    c.bench_function("ida_md_lc/3x3 hardest (31 moves)", |b| {
        b.iter(|| {
            let s = solve(black_box(&board)).unwrap();
            assert_eq!(s.len(), 31);
        });
    });
}

fn fifteen_puzzle(c: &mut Criterion) {
    let pdb = PatternDatabase::build();
    // Korf #1 (57), #2 (55), #55 (41), #88 (65): published optimal lengths.
    let cases = [
        (
            "korf 1",
            korf([14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]),
            57,
        ),
        (
            "korf 2",
            korf([13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6]),
            55,
        ),
        (
            "korf 55",
            korf([13, 8, 14, 3, 9, 1, 0, 7, 15, 5, 4, 10, 12, 2, 6, 11]),
            41,
        ),
        (
            "korf 88",
            korf([15, 2, 12, 11, 14, 13, 9, 5, 1, 3, 8, 7, 0, 10, 6, 4]),
            65,
        ),
    ];
    let mut group = c.benchmark_group("pdb_663");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (name, board, len) in cases {
        let s = pdb.solve(&board).unwrap();
        assert_eq!(s.len(), len, "{name}");
        assert!(solves(&board, &s.moves));
        group.bench_function(name, |b| {
            b.iter(|| {
                let s = pdb.solve(black_box(&board)).unwrap();
                assert_eq!(s.len(), len);
            });
        });
    }
    group.finish();
}

fn pdb_construction(c: &mut Criterion) {
    let mut group = c.benchmark_group("pdb_build");
    group.sample_size(10);
    let partition = Partition::quick();
    let solved = Board::solved(Size::square(4)).unwrap();
    group.bench_function("5-5-5 quick", |b| {
        b.iter(|| {
            let pdb = PatternDatabase::build_with(black_box(&partition));
            assert_eq!(pdb.heuristic(&solved).unwrap(), 0);
        });
    });
    group.bench_function("6-6-3", |b| {
        b.iter(|| {
            let pdb = PatternDatabase::build();
            assert_eq!(pdb.heuristic(&solved).unwrap(), 0);
        });
    });
    group.finish();
}

fn big_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("reduction");
    for (w, h, seed) in [(8, 8, 1), (16, 16, 1), (16, 16, 2)] {
        let board = Board::new(Size::new(w, h), seed).unwrap();
        let s = solve_fast(&board).unwrap();
        assert!(solves(&board, &s.moves));
        let len = s.len();
        group.bench_function(format!("{w}x{h} seed {seed} ({len} moves)"), |b| {
            b.iter(|| {
                let s = solve_fast(black_box(&board)).unwrap();
                assert_eq!(s.len(), len);
            });
        });
    }
    group.finish();
}

/// What one press of the example's hint key costs: far from the goal (the reduction
/// solver's first move) and near it (an optimal search limited to 24 moves).
fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("hint");
    for (name, board) in [
        ("16x16 scramble", Board::new(Size::square(16), 1).unwrap()),
        ("4x4 scramble", Board::new(Size::square(4), 1).unwrap()),
        (
            "5x5 walk of 30",
            Board::random_walk(Size::square(5), 30, 1).unwrap(),
        ),
    ] {
        let m = hint(&board).unwrap();
        assert!(board.is_legal(m));
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(hint(black_box(&board)), Some(m)));
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    eight_puzzle,
    fifteen_puzzle,
    pdb_construction,
    big_boards,
    hints
);
criterion_main!(benches);
