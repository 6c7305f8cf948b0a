//! Solvers: admissibility against breadth-first search, optimality, replayed solutions,
//! pattern databases, the reduction solver on every size.

use std::collections::HashMap;
use std::collections::VecDeque;

use plateau_taquin::{
    Board, PatternDatabase, PatternError, SolveError, manhattan_linear_conflict, solve_fast,
    solve_optimal, solve_optimal_limited,
};

fn replay_solves(board: &Board, moves: &[plateau_taquin::Move]) -> bool {
    let mut b = board.clone();
    b.play_all(moves).is_ok() && b.is_solved()
}

/// Distance from the goal of every solvable 3 x 3 board, by breadth-first search.
fn eight_puzzle_distances() -> HashMap<[u8; 9], u32> {
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let mut dist = HashMap::with_capacity(181_440);
    dist.insert(goal, 0);
    let mut queue = VecDeque::from([goal]);
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        let b = s.iter().position(|&t| t == 0).unwrap();
        let (x, y) = (b % 3, b / 3);
        let mut next = Vec::with_capacity(4);
        if x > 0 {
            next.push(b - 1);
        }
        if x < 2 {
            next.push(b + 1);
        }
        if y > 0 {
            next.push(b - 3);
        }
        if y < 2 {
            next.push(b + 3);
        }
        for nb in next {
            let mut t = s;
            t.swap(b, nb);
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(t) {
                e.insert(d + 1);
                queue.push_back(t);
            }
        }
    }
    dist
}

#[test]
fn heuristic_is_admissible_on_every_8_puzzle_state_and_solver_is_optimal() {
    let dist = eight_puzzle_distances();
    assert_eq!(dist.len(), 181_440);
    assert_eq!(dist.values().max(), Some(&31));
    let mut tight = 0;
    for (tiles, &d) in &dist {
        let tiles: Vec<usize> = tiles.iter().map(|&t| usize::from(t)).collect();
        let board = Board::from_tiles(3, 3, &tiles).unwrap();
        let h = manhattan_linear_conflict(&board);
        assert!(h <= d, "h {h} > distance {d} on {tiles:?}");
        assert_eq!(h == 0, d == 0);
        assert!(h >= board.manhattan());
        if h == d {
            tight += 1;
        }
    }
    assert!(tight > 1000);
    // The IDA* solver finds exactly the breadth-first distance on a sample of boards.
    let mut sample: Vec<(&[u8; 9], &u32)> = dist.iter().collect();
    sample.sort();
    for &(tiles, &d) in sample.iter().step_by(1500) {
        let tiles: Vec<usize> = tiles.iter().map(|&t| usize::from(t)).collect();
        let board = Board::from_tiles(3, 3, &tiles).unwrap();
        let s = solve_optimal(&board).unwrap();
        assert_eq!(s.len() as u32, d, "{board}");
        assert!(replay_solves(&board, &s.moves));
    }
}

#[test]
fn optimal_solver_on_other_shapes() {
    for (w, h) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (2, 5),
        (5, 2),
        (3, 4),
    ] {
        for seed in 0..4 {
            let board = if w * h <= 10 {
                Board::scrambled(w, h, seed).unwrap()
            } else {
                Board::random_walk(w, h, 30, seed).unwrap()
            };
            let s = solve_optimal(&board).unwrap();
            assert!(replay_solves(&board, &s.moves), "{w}x{h} seed {seed}");
            // Never longer than the reduction solver's answer.
            assert!(s.len() <= solve_fast(&board).unwrap().len());
        }
    }
    let solved = Board::solved(4, 4).unwrap();
    assert!(solve_optimal(&solved).unwrap().is_empty());
}

#[test]
fn solvers_reject_unsolvable_boards() {
    let loyd = Board::from_tiles(
        4,
        4,
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0],
    )
    .unwrap();
    assert_eq!(solve_optimal(&loyd), Err(SolveError::Unsolvable));
    assert_eq!(solve_fast(&loyd), Err(SolveError::Unsolvable));
    let pdb = small_pdb();
    assert_eq!(pdb.solve(&loyd), Err(SolveError::Unsolvable));
    assert_eq!(
        pdb.solve(&Board::solved(3, 3).unwrap()),
        Err(SolveError::WrongSize {
            expected: (4, 4),
            found: (3, 3)
        })
    );
}

#[test]
fn node_limit_stops_the_search() {
    let board: Board = "8 6 7\n2 5 4\n3 . 1".parse().unwrap();
    match solve_optimal_limited(&board, 100) {
        Err(SolveError::NodeLimit { nodes }) => assert!(nodes <= 100),
        other => panic!("expected a node limit, got {other:?}"),
    }
}

/// A 4-4-4-3 partition: builds in well under a second even without optimisations.
fn small_pdb() -> PatternDatabase {
    PatternDatabase::build_with(&[
        &[1, 2, 3, 4],
        &[5, 6, 7, 8],
        &[9, 10, 11, 12],
        &[13, 14, 15],
    ])
    .unwrap()
}

#[test]
fn pattern_database_solves_optimally() {
    let pdb = small_pdb();
    for seed in 0..12 {
        let board = Board::random_walk(4, 4, 34, seed).unwrap();
        let h = pdb.heuristic(&board).unwrap();
        let reference = solve_optimal(&board).unwrap();
        let s = pdb.solve(&board).unwrap();
        assert_eq!(s.len(), reference.len(), "seed {seed}\n{board}");
        assert!(h as usize <= s.len());
        assert!(
            h >= manhattan_linear_conflict(&board) / 2,
            "a sane lower bound"
        );
        assert!(replay_solves(&board, &s.moves));
    }
    assert!(pdb.solve(&Board::solved(4, 4).unwrap()).unwrap().is_empty());
}

#[test]
fn pattern_database_bytes_round_trip() {
    let pdb = small_pdb();
    let bytes = pdb.to_bytes();
    assert_eq!(PatternDatabase::from_bytes(&bytes).unwrap(), pdb);
    assert_eq!(
        PatternDatabase::from_bytes(&bytes[..bytes.len() - 1]),
        Err(PatternError::Corrupt("truncated"))
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        PatternDatabase::from_bytes(&longer),
        Err(PatternError::Corrupt("trailing bytes"))
    );
    assert_eq!(
        PatternDatabase::from_bytes(b"nonsense"),
        Err(PatternError::Corrupt("bad magic"))
    );
    let path = std::env::temp_dir().join(format!("taquin-pdb-test-{}.bin", std::process::id()));
    pdb.save(&path).unwrap();
    assert_eq!(PatternDatabase::load(&path).unwrap(), pdb);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn partitions_are_checked() {
    for bad in [
        &[
            &[1u8, 2, 3][..],
            &[4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        ][..],
        &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14]],
        &[
            &[0, 1, 2, 3, 4, 5, 6],
            &[7, 8, 9, 10, 11, 12, 13],
            &[14, 15],
        ],
        &[
            &[1, 1, 2, 3, 4, 5, 6],
            &[7, 8, 9, 10, 11, 12, 13],
            &[14, 15],
        ],
        &[
            &[1, 2, 3, 4, 5, 6, 7],
            &[8, 9, 10, 11, 12, 13, 14],
            &[15],
            &[],
        ],
    ] {
        assert!(matches!(
            PatternDatabase::build_with(bad),
            Err(PatternError::InvalidPartition(_))
        ));
    }
}

#[test]
fn reduction_solver_solves_every_size() {
    for w in 2..=16 {
        for h in 2..=16 {
            let board = Board::scrambled(w, h, (w * 100 + h) as u64).unwrap();
            let s = solve_fast(&board).unwrap();
            assert!(replay_solves(&board, &s.moves), "{w}x{h}");
        }
    }
}

#[test]
fn reduction_solver_on_random_16x16_boards() {
    for seed in 0..8 {
        let board = Board::scrambled(16, 16, 1000 + seed).unwrap();
        let s = solve_fast(&board).unwrap();
        assert!(replay_solves(&board, &s.moves), "seed {seed}");
    }
}

/// Korf's 100 instances, mapped to this crate's goal (see the fixture's header).
fn korf_instances() -> Vec<(usize, usize, Board)> {
    include_str!("korf100.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let v: Vec<usize> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
            let mut tiles = [0usize; 16];
            for (i, &t) in v[2..].iter().enumerate() {
                tiles[15 - i] = if t == 0 { 0 } else { 16 - t };
            }
            (v[0], v[1], Board::from_tiles(4, 4, &tiles).unwrap())
        })
        .collect()
}

#[test]
fn korf_fixture_is_well_formed() {
    let instances = korf_instances();
    assert_eq!(instances.len(), 100);
    let pdb = small_pdb();
    for (i, (id, len, board)) in instances.iter().enumerate() {
        assert_eq!(*id, i + 1);
        assert!(board.is_solvable(), "instance {id}");
        assert!((41..=66).contains(len));
        // Admissible bounds under the published optimum.
        assert!(
            manhattan_linear_conflict(board) as usize <= *len,
            "instance {id}"
        );
        assert!(
            pdb.heuristic(board).unwrap() as usize <= *len,
            "instance {id}"
        );
    }
    // Instance 1 (optimal 57) after the mapping.
    assert_eq!(instances[0].1, 57);
    // Korf: 14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3, read backwards with t -> 16 - t.
    assert_eq!(
        instances[0].2.tiles(),
        &[13, 6, 8, 12, 15, 14, 0, 10, 11, 7, 4, 5, 9, 1, 3, 2][..]
    );
}

/// All 100 optimal with the default 6-6-3 databases. Minutes in a debug build: run with
/// `cargo test --release -p plateau-taquin -- --ignored`.
#[test]
#[ignore = "slow in debug builds; run in release"]
fn korf_100_optimal() {
    let pdb = PatternDatabase::build();
    for (id, len, board) in korf_instances() {
        let s = pdb.solve(&board).unwrap();
        assert_eq!(s.len(), len, "instance {id}");
        assert!(replay_solves(&board, &s.moves));
    }
}
