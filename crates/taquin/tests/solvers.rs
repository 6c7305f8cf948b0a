//! Solvers: admissibility against breadth-first search, optimality, replayed solutions,
//! pattern databases, the reduction solver on every size.

use std::collections::HashMap;
use std::collections::VecDeque;

use plateau_taquin::{
    Board, Move, Partition, PartitionError, PatternDatabase, PatternError, PatternFileError, Play,
    Size, SolveError, Tile, hint, manhattan_linear_conflict, solve, solve_fast, solve_limited,
};

fn sz(w: usize, h: usize) -> Size {
    Size::new(w, h)
}

fn board_of(size: Size, numbers: &[u8]) -> Board {
    let tiles: Vec<Tile> = numbers.iter().map(|&t| Tile::new(t)).collect();
    Board::from_tiles(size, &tiles).unwrap()
}

fn replay_solves(board: &Board, moves: &[Move]) -> bool {
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
        let board = board_of(sz(3, 3), tiles);
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
        let board = board_of(sz(3, 3), tiles);
        let s = solve(&board).unwrap();
        assert_eq!(s.len() as u32, d, "{board}");
        assert!(replay_solves(&board, &s.moves));
        // The hint starts an optimal solution: one move closer to the goal.
        match hint(&board) {
            None => assert_eq!(d, 0),
            Some(m) => {
                let mut next = board.clone();
                next.play(m).unwrap();
                let key: [u8; 9] = std::array::from_fn(|i| next.tiles()[i].number());
                assert_eq!(dist[&key] + 1, d, "hint {m} on\n{board}");
            }
        }
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
                Board::new(sz(w, h), seed).unwrap()
            } else {
                Board::random_walk(sz(w, h), 30, seed).unwrap()
            };
            let s = solve(&board).unwrap();
            assert!(replay_solves(&board, &s.moves), "{w}x{h} seed {seed}");
            // Never longer than the reduction solver's answer.
            assert!(s.len() <= solve_fast(&board).unwrap().len());
        }
    }
    let solved = Board::solved(sz(4, 4)).unwrap();
    let s = solve(&solved).unwrap();
    assert!(s.is_empty());
    assert_eq!(s.nodes, 0);
    assert_eq!(hint(&solved), None);
}

#[test]
fn solvers_reject_unsolvable_boards() {
    let loyd = board_of(
        sz(4, 4),
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0],
    );
    assert_eq!(solve(&loyd), Err(SolveError::Unsolvable));
    assert_eq!(solve_limited(&loyd, 10), Err(SolveError::Unsolvable));
    assert_eq!(solve_fast(&loyd), Err(SolveError::Unsolvable));
    assert_eq!(hint(&loyd), None);
    let pdb = small_pdb();
    assert_eq!(pdb.solve(&loyd), Err(SolveError::Unsolvable));
    assert_eq!(pdb.hint(&loyd), None);
    let three = Board::solved(sz(3, 3)).unwrap();
    assert_eq!(
        pdb.solve(&three),
        Err(SolveError::WrongSize {
            expected: sz(4, 4),
            found: sz(3, 3)
        })
    );
    assert_eq!(pdb.hint(&three), None);
    assert_eq!(
        pdb.solve(&three).unwrap_err().to_string(),
        "this solver handles 4x4 boards, got a 3x3 board"
    );
}

#[test]
fn node_limit_stops_the_search() {
    let board: Board = "8 6 7\n2 5 4\n3 . 1".parse().unwrap();
    for limit in [0, 1, 100, 5000] {
        assert_eq!(
            solve_limited(&board, limit),
            Err(SolveError::NodeLimit { nodes: limit })
        );
    }
    let full = solve(&board).unwrap();
    // Exactly the nodes the full search needs is enough; one fewer is not.
    assert_eq!(solve_limited(&board, full.nodes), Ok(full.clone()));
    assert_eq!(
        solve_limited(&board, full.nodes - 1),
        Err(SolveError::NodeLimit {
            nodes: full.nodes - 1
        })
    );
    let pdb = small_pdb();
    let hard = Board::random_walk(sz(4, 4), 60, 3).unwrap();
    let s = pdb.solve(&hard).unwrap();
    assert_eq!(pdb.solve_limited(&hard, s.nodes), Ok(s.clone()));
    assert!(matches!(
        pdb.solve_limited(&hard, s.nodes / 2),
        Err(SolveError::NodeLimit { .. })
    ));
}

/// A 4-4-4-3 partition: builds in well under a second even without optimisations.
fn small_pdb() -> PatternDatabase {
    PatternDatabase::build_with(&"1,2,3,4/5,6,7,8/9,10,11,12/13,14,15".parse().unwrap())
}

#[test]
fn pattern_database_solves_optimally() {
    let pdb = small_pdb();
    for seed in 0..12 {
        let board = Board::random_walk(sz(4, 4), 34, seed).unwrap();
        let h = pdb.heuristic(&board).unwrap();
        let reference = solve(&board).unwrap();
        let s = pdb.solve(&board).unwrap();
        assert_eq!(s.len(), reference.len(), "seed {seed}\n{board}");
        // The hint is the first move of an optimal solution.
        let mut next = board.clone();
        next.play(pdb.hint(&board).unwrap()).unwrap();
        assert_eq!(pdb.solve(&next).unwrap().len() + 1, s.len());
        assert!(h as usize <= s.len());
        assert!(
            h >= manhattan_linear_conflict(&board) / 2,
            "a sane lower bound"
        );
        assert!(replay_solves(&board, &s.moves));
    }
    assert!(
        pdb.solve(&Board::solved(sz(4, 4)).unwrap())
            .unwrap()
            .is_empty()
    );
    assert_eq!(pdb.hint(&Board::solved(sz(4, 4)).unwrap()), None);
}

#[test]
fn pattern_database_bytes_round_trip() {
    let pdb = small_pdb();
    let bytes = pdb.to_bytes();
    assert_eq!(PatternDatabase::from_bytes(&bytes).unwrap(), pdb);
    assert_eq!(
        PatternDatabase::from_bytes(&bytes[..bytes.len() - 1]),
        Err(PatternError::Truncated {
            len: bytes.len() - 1,
            needed: bytes.len()
        })
    );
    assert_eq!(
        PatternDatabase::from_bytes(&bytes[..8]),
        Err(PatternError::Truncated { len: 8, needed: 9 })
    );
    let mut longer = bytes.clone();
    longer.extend([0, 0]);
    assert_eq!(
        PatternDatabase::from_bytes(&longer),
        Err(PatternError::TrailingBytes { extra: 2 })
    );
    assert_eq!(
        PatternDatabase::from_bytes(b"nonsense"),
        Err(PatternError::BadMagic)
    );
    assert_eq!(
        PatternDatabase::from_bytes(b""),
        Err(PatternError::BadMagic)
    );
    // A header whose groups are not a partition.
    let mut bad = b"PLTQPDB1".to_vec();
    bad.extend([1, 2, 1, 1]);
    assert_eq!(
        PatternDatabase::from_bytes(&bad),
        Err(PatternError::Partition(PartitionError::TileInTwoGroups {
            tile: Tile::new(1)
        }))
    );
}

#[test]
fn pattern_database_files() {
    let dir = std::env::temp_dir().join(format!("taquin-pdb-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdb = small_pdb();
    let partition = pdb.partition().clone();
    let path = dir.join("small.pdb");
    pdb.save(&path).unwrap();
    assert_eq!(PatternDatabase::load(&path).unwrap(), pdb);
    assert_eq!(
        PatternDatabase::load_or_build(&path, &partition).unwrap(),
        pdb
    );

    // Another partition in the file: reported, and the file is left alone.
    let other: Partition = "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15".parse().unwrap();
    let err = PatternDatabase::load_or_build(&path, &other).unwrap_err();
    assert!(
        matches!(&err, PatternFileError::OtherPartition { found, expected, .. } if *found == partition && *expected == other),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("1,2,3,4/5,6,7,8/9,10,11,12/13,14,15"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), pdb.to_bytes());

    // A corrupt file: reported with its name, not silently rebuilt over.
    let corrupt = dir.join("corrupt.pdb");
    std::fs::write(&corrupt, b"PLTQPDB1\x03").unwrap();
    let err = PatternDatabase::load_or_build(&corrupt, &partition).unwrap_err();
    assert!(
        matches!(
            &err,
            PatternFileError::Corrupt {
                source: PatternError::Truncated { .. },
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("corrupt.pdb"), "{err}");
    assert_eq!(std::fs::read(&corrupt).unwrap(), b"PLTQPDB1\x03");

    // A missing file is built and written; the next call loads it.
    let fresh = dir.join("fresh.pdb");
    let built = PatternDatabase::load_or_build(&fresh, &partition).unwrap();
    assert_eq!(built, pdb);
    assert_eq!(PatternDatabase::load(&fresh).unwrap(), pdb);
    assert!(!dir.join("fresh.pdb.partial").exists());

    // Unwritable and unreadable places are reported with the file's name.
    let nowhere = dir.join("no/such/dir/x.pdb");
    let err = PatternDatabase::load_or_build(&nowhere, &partition).unwrap_err();
    assert!(matches!(err, PatternFileError::Write { .. }), "{err:?}");
    assert!(err.to_string().contains("x.pdb"), "{err}");
    let err = PatternDatabase::load(dir.join("missing.pdb")).unwrap_err();
    assert!(matches!(err, PatternFileError::Read { .. }), "{err:?}");
    let err = PatternDatabase::load_or_build(&dir, &partition).unwrap_err();
    assert!(
        matches!(err, PatternFileError::Read { .. }),
        "a directory: {err:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn partitions_are_checked() {
    let t = Tile::new;
    for (text, expected) in [
        (
            "1,2,3/4,5,6,7,8,9,10,11,12,13,14,15",
            PartitionError::GroupTooLarge { group: 1, len: 12 },
        ),
        (
            "1,2,3,4,5,6,7/8,9,10,11,12,13,14",
            PartitionError::TileInNoGroup { tile: t(15) },
        ),
        (
            "0,1,2,3,4,5,6/7,8,9,10,11,12,13/14,15",
            PartitionError::NotATile { tile: Tile::BLANK },
        ),
        (
            "1,2,3,4,5,6,16/7,8,9,10,11,12,13/14,15",
            PartitionError::NotATile { tile: t(16) },
        ),
        (
            "1,1,2,3,4,5,6/7,8,9,10,11,12,13/14,15",
            PartitionError::TileInTwoGroups { tile: t(1) },
        ),
        (
            "1,2,3,4,5,6,7/8,9,10,11,12,13,14/15/",
            PartitionError::EmptyGroup { group: 3 },
        ),
        (
            "1,2,x/4",
            PartitionError::InvalidToken { token: "x".into() },
        ),
        ("", PartitionError::EmptyGroup { group: 0 }),
    ] {
        assert_eq!(text.parse::<Partition>(), Err(expected), "{text:?}");
    }
    for text in [
        "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4",
        "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15",
        " 15 / 1,2,3,4,5,6,7 / 8,9,10,11,12,13,14 ",
    ] {
        let p: Partition = text.parse().unwrap();
        assert_eq!(p.to_string().parse::<Partition>(), Ok(p));
    }
    assert_eq!(
        Partition::default().to_string(),
        "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4"
    );
}

fn check_reduction(w: usize, h: usize, seed: u64) {
    let board = Board::new(sz(w, h), seed).unwrap();
    let s = solve_fast(&board).unwrap();
    assert!(replay_solves(&board, &s.moves), "{w}x{h} seed {seed}");
}

#[test]
fn reduction_solver_solves_every_size_up_to_10_on_a_side() {
    for w in 2..=16 {
        for h in 2..=16 {
            if w.min(h) <= 10 {
                check_reduction(w, h, (w * 100 + h) as u64);
            }
        }
    }
}

/// The sizes with both sides above 10: about 10 s in a debug build, a fraction of a second
/// in release (`cargo test --release -p plateau-taquin`).
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run in release")]
fn reduction_solver_solves_every_size_above_10_on_a_side() {
    for w in 11..=16 {
        for h in 11..=16 {
            check_reduction(w, h, (w * 100 + h) as u64);
        }
    }
}

#[test]
fn reduction_solver_on_random_16x16_boards() {
    let seeds = if cfg!(debug_assertions) { 2 } else { 16 };
    for seed in 0..seeds {
        check_reduction(16, 16, 1000 + seed);
    }
}

/// Korf's 100 instances, mapped to this crate's goal (see the fixture's header).
fn korf_instances() -> Vec<(usize, usize, Board)> {
    include_str!("korf100.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let v: Vec<usize> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
            let mut tiles = [0u8; 16];
            for (i, &t) in v[2..].iter().enumerate() {
                tiles[15 - i] = if t == 0 { 0 } else { 16 - t as u8 };
            }
            (v[0], v[1], board_of(sz(4, 4), &tiles))
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
        board_of(
            sz(4, 4),
            &[13, 6, 8, 12, 15, 14, 0, 10, 11, 7, 4, 5, 9, 1, 3, 2]
        )
        .tiles()
    );
}

/// All 100 optimal with the default 6-6-3 databases. Minutes in a debug build: run with
/// `cargo test --release -p plateau-taquin` (it runs by default there).
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run in release")]
fn korf_100_optimal() {
    let pdb = PatternDatabase::build();
    let mut nodes = 0;
    for (id, len, board) in korf_instances() {
        let s = pdb.solve(&board).unwrap();
        assert_eq!(s.len(), len, "instance {id}");
        assert!(replay_solves(&board, &s.moves));
        nodes += s.nodes;
    }
    // The search under the duplicate-path automaton (redundant paths of up to 12 moves);
    // without it (no move undoing the last one only) the same tables take 31 215 454 nodes.
    assert_eq!(nodes, 19_447_679);
}

/// Following [`hint`] move by move ends at the goal, on boards where it answers optimally
/// and on boards where it falls back to the reduction solver.
#[test]
fn following_hints_solves_the_board() {
    let sizes: &[(usize, usize)] = if cfg!(debug_assertions) {
        &[(2, 2), (3, 3), (2, 6), (6, 6)]
    } else {
        &[
            (2, 2),
            (3, 3),
            (2, 6),
            (4, 4),
            (5, 4),
            (6, 6),
            (8, 8),
            (3, 12),
            (12, 3),
        ]
    };
    for &(w, h) in sizes {
        for seed in 0..2 {
            let start = Board::new(sz(w, h), seed).unwrap();
            let bound = solve_fast(&start).unwrap().len() * 2 + 10;
            let mut board = start.clone();
            let mut played = 0;
            while let Some(m) = hint(&board) {
                board.play(m).unwrap();
                played += 1;
                assert!(played <= bound, "{w}x{h} seed {seed}: no end in sight");
            }
            assert!(board.is_solved(), "{w}x{h} seed {seed}");
            if w * h <= 9 {
                assert_eq!(played, solve(&start).unwrap().len(), "optimal on {w}x{h}");
            }
        }
    }
}
