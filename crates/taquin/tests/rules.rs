//! Rules: constructors, notation, moves, clicks, solvability against reachability, scrambles.

use std::collections::VecDeque;

use plateau_grid::Pos;
use plateau_taquin::{
    Board, BoardError, IllegalMove, Move, ParseBoardError, ParseMoveError, format_moves,
    parse_moves,
};

#[test]
fn constructors_check_everything() {
    assert!(Board::solved(2, 2).is_ok());
    assert!(Board::solved(16, 16).is_ok());
    assert!(Board::solved(16, 2).is_ok());
    for (w, h) in [(1, 5), (5, 1), (1, 1), (0, 3), (17, 4), (4, 17)] {
        assert_eq!(
            Board::solved(w, h),
            Err(BoardError::InvalidSize {
                width: w,
                height: h
            })
        );
    }
    assert_eq!(
        Board::from_tiles(2, 2, &[1, 2, 3]),
        Err(BoardError::WrongLength {
            expected: 4,
            actual: 3
        })
    );
    assert_eq!(
        Board::from_tiles(2, 2, &[1, 2, 3, 4]),
        Err(BoardError::OutOfRange { tile: 4, cells: 4 })
    );
    assert_eq!(
        Board::from_tiles(2, 2, &[1, 2, 2, 0]),
        Err(BoardError::Duplicate { tile: 2 })
    );
    assert_eq!(
        Board::from_tiles(2, 2, &[1, 2, 3, 3]),
        Err(BoardError::Duplicate { tile: 3 })
    );
    assert_eq!(
        Board::from_tiles(1, 3, &[1, 2, 0]),
        Err(BoardError::InvalidSize {
            width: 1,
            height: 3
        })
    );
    let b = Board::from_tiles(3, 2, &[1, 2, 3, 4, 5, 0]).unwrap();
    assert_eq!(b, Board::solved(3, 2).unwrap());
    assert!(b.is_solved());
    assert_eq!(b.blank(), Pos::new(2, 1));
    assert_eq!((b.width(), b.height(), b.cells()), (3, 2, 6));
    assert_eq!(b.position_of(4), Some(Pos::new(0, 1)));
    assert_eq!(b.goal_position(0), Some(Pos::new(2, 1)));
    assert_eq!(b.tile_at(Pos::new(3, 0)), None);
}

#[test]
fn text_form_round_trips_and_reports_errors() {
    let b: Board = " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  0\n"
        .parse()
        .unwrap();
    assert!(b.is_solved());
    assert_eq!(
        b.to_string(),
        " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  .\n"
    );
    assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
    let small: Board = "\n3 1\n. 2\n\n".parse().unwrap();
    assert_eq!(small.tiles(), &[3, 1, 0, 2]);
    assert_eq!("".parse::<Board>(), Err(ParseBoardError::Empty));
    assert_eq!(
        "1 2\n3".parse::<Board>(),
        Err(ParseBoardError::Ragged {
            row: 1,
            expected: 2,
            found: 1
        })
    );
    assert_eq!(
        "1 x\n3 0".parse::<Board>(),
        Err(ParseBoardError::InvalidToken {
            token: "x".into(),
            row: 0
        })
    );
    assert_eq!(
        "1 2\n3 3".parse::<Board>(),
        Err(ParseBoardError::Board(BoardError::Duplicate { tile: 3 }))
    );
    assert_eq!(
        "1 2 0".parse::<Board>(),
        Err(ParseBoardError::Board(BoardError::InvalidSize {
            width: 3,
            height: 1
        }))
    );
    // Error messages are lowercase without a trailing period.
    let msg = "1 2\n3".parse::<Board>().unwrap_err().to_string();
    assert!(
        msg.starts_with(char::is_lowercase) && !msg.ends_with('.'),
        "{msg}"
    );
}

#[test]
fn move_notation() {
    for m in Move::ALL {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        assert_eq!(m.opposite().opposite(), m);
        assert_eq!(Move::from_tile_dir(m.tile_dir()), Some(m));
        assert_eq!(m.blank_dir(), m.opposite().tile_dir());
    }
    assert_eq!(
        format_moves(&[Move::Up, Move::Down, Move::Left, Move::Right]),
        "UDLR"
    );
    assert_eq!(
        parse_moves("u,d l\nR"),
        Ok(vec![Move::Up, Move::Down, Move::Left, Move::Right])
    );
    assert_eq!(
        parse_moves("UX"),
        Err(ParseMoveError::InvalidLetter { letter: 'X', at: 1 })
    );
    assert_eq!("".parse::<Move>(), Err(ParseMoveError::NotOneMove));
    assert_eq!("UD".parse::<Move>(), Err(ParseMoveError::NotOneMove));
    assert_eq!(
        " q".parse::<Move>(),
        Err(ParseMoveError::InvalidLetter { letter: 'q', at: 1 })
    );
}

#[test]
fn moves_name_the_tile_motion() {
    // Blank in the middle of a 3 x 3.
    let start: Board = "1 2 3\n4 . 5\n6 7 8".parse().unwrap();
    let cases = [
        (Move::Up, "1 2 3\n4 7 5\n6 . 8\n"),
        (Move::Down, "1 . 3\n4 2 5\n6 7 8\n"),
        (Move::Left, "1 2 3\n4 5 .\n6 7 8\n"),
        (Move::Right, "1 2 3\n. 4 5\n6 7 8\n"),
    ];
    for (m, after) in cases {
        let mut b = start.clone();
        assert_eq!(b.legal_moves().count(), 4);
        b.play(m).unwrap();
        assert_eq!(b.to_string(), after, "{m}");
    }
    let mut corner = Board::solved(3, 3).unwrap();
    assert_eq!(
        corner.legal_moves().collect::<Vec<_>>(),
        vec![Move::Down, Move::Right]
    );
    for m in [Move::Up, Move::Left] {
        assert!(!corner.is_legal(m));
        assert_eq!(corner.play(m), Err(IllegalMove::NoTile(m)));
        assert!(corner.is_solved(), "unchanged after an illegal move");
    }
    // play_all is atomic.
    let before = corner.clone();
    assert_eq!(
        corner.play_all(&[Move::Down, Move::Down, Move::Down]),
        Err(IllegalMove::NoTile(Move::Down))
    );
    assert_eq!(corner, before);
    corner.play_all(&[Move::Down, Move::Up]).unwrap();
    assert_eq!(corner, before);
}

#[test]
fn clicks_slide_whole_lines() {
    let mut b = Board::solved(4, 4).unwrap();
    let s = b.click(Pos::new(3, 0)).unwrap();
    assert_eq!((s.direction, s.tiles), (Move::Down, 3));
    assert_eq!(
        b.to_string(),
        " 1  2  3  .\n 5  6  7  4\n 9 10 11  8\n13 14 15 12\n"
    );
    let s = b.click(Pos::new(0, 0)).unwrap();
    assert_eq!((s.direction, s.tiles), (Move::Right, 3));
    assert_eq!(b.blank(), Pos::new(0, 0));
    let s = b.click(Pos::new(1, 0)).unwrap();
    assert_eq!((s.direction, s.tiles), (Move::Left, 1));
    let s = b.click(Pos::new(1, 2)).unwrap();
    assert_eq!((s.direction, s.tiles), (Move::Up, 2));
    let before = b.clone();
    assert_eq!(b.click(b.blank()), Err(IllegalMove::Blank(Pos::new(1, 2))));
    assert_eq!(
        b.click(Pos::new(0, 0)),
        Err(IllegalMove::NotInLine {
            pos: Pos::new(0, 0),
            blank: Pos::new(1, 2)
        })
    );
    assert_eq!(
        b.click(Pos::new(4, 2)),
        Err(IllegalMove::OutOfBounds(Pos::new(4, 2)))
    );
    assert_eq!(b, before, "refused clicks leave the board unchanged");
}

#[test]
fn inversions_and_parity_examples() {
    let b = Board::solved(4, 4).unwrap();
    assert_eq!(b.inversions(), 0);
    assert!(b.is_solvable());
    // Sam Loyd's 14-15 puzzle: unsolvable.
    let loyd = Board::from_tiles(
        4,
        4,
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0],
    )
    .unwrap();
    assert_eq!(loyd.inversions(), 1);
    assert!(!loyd.is_solvable());
    // Reversed 3 x 3 tiles: 28 inversions, even, solvable.
    let rev = Board::from_tiles(3, 3, &[8, 7, 6, 5, 4, 3, 2, 1, 0]).unwrap();
    assert_eq!(rev.inversions(), 28);
    assert!(rev.is_solvable());
    assert_eq!(rev.manhattan(), 16);
}

/// All permutations of `0..n` as tile lists, by Heap's algorithm.
fn for_each_permutation(n: usize, mut f: impl FnMut(&[u8])) {
    let mut a: Vec<u8> = (0..n as u8).collect();
    let mut c = vec![0usize; n];
    f(&a);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            f(&a);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// Lehmer rank of a permutation of `0..n` (n <= 12).
fn perm_rank(a: &[u8]) -> usize {
    let n = a.len();
    let mut rank = 0;
    let mut used = 0u32;
    for (i, &v) in a.iter().enumerate() {
        let smaller_unused = v as usize - (used & ((1 << v) - 1)).count_ones() as usize;
        rank = rank * (n - i) + smaller_unused;
        used |= 1 << v;
    }
    rank
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// Breadth-first search from the goal over raw tile arrays: which arrangements are reachable.
fn reachable(w: usize, h: usize) -> Vec<bool> {
    let n = w * h;
    let mut seen = vec![false; factorial(n)];
    let mut goal = [0u8; 10];
    for (i, g) in goal.iter_mut().enumerate().take(n - 1) {
        *g = i as u8 + 1;
    }
    seen[perm_rank(&goal[..n])] = true;
    let mut queue = VecDeque::from([goal]);
    while let Some(s) = queue.pop_front() {
        let b = s[..n].iter().position(|&t| t == 0).unwrap();
        let (x, y) = (b % w, b / w);
        let mut neighbours = Vec::with_capacity(4);
        if x > 0 {
            neighbours.push(b - 1);
        }
        if x + 1 < w {
            neighbours.push(b + 1);
        }
        if y > 0 {
            neighbours.push(b - w);
        }
        if y + 1 < h {
            neighbours.push(b + w);
        }
        for nb in neighbours {
            let mut t = s;
            t.swap(b, nb);
            let r = perm_rank(&t[..n]);
            if !seen[r] {
                seen[r] = true;
                queue.push_back(t);
            }
        }
    }
    seen
}

#[test]
fn solvability_matches_reachability_on_every_small_board() {
    for (w, h) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (3, 3),
        (2, 5),
        (5, 2),
    ] {
        let seen = reachable(w, h);
        let total = seen.len();
        let reached = seen.iter().filter(|&&s| s).count();
        assert_eq!(reached * 2, total, "{w}x{h}: exactly half reachable");
        let mut checked = 0;
        for_each_permutation(w * h, |tiles| {
            let tiles: Vec<usize> = tiles.iter().map(|&t| usize::from(t)).collect();
            let board = Board::from_tiles(w, h, &tiles).unwrap();
            let r = perm_rank(board.tiles());
            assert_eq!(board.is_solvable(), seen[r], "{w}x{h} {tiles:?}");
            checked += 1;
        });
        assert_eq!(checked, total);
    }
}

#[test]
fn scrambles_are_solvable_and_seeded() {
    for w in 2..=16 {
        for h in [2, 3, 7, 16] {
            for seed in 0..3 {
                let b = Board::scrambled(w, h, seed).unwrap();
                assert!(b.is_solvable(), "{w}x{h} seed {seed}");
                assert_eq!(b, Board::scrambled(w, h, seed).unwrap());
                let walk = Board::random_walk(w, h, 50, seed).unwrap();
                assert!(walk.is_solvable());
            }
        }
    }
    assert!(Board::scrambled(1, 4, 0).is_err());
    let mut rng = plateau_grid::random::seeded(9);
    let a = Board::scrambled_with_rng(4, 4, &mut rng).unwrap();
    assert_eq!(a, Board::scrambled(4, 4, 9).unwrap());
}

#[test]
fn scramble_is_uniform_on_the_2x2() {
    // 12 solvable 2 x 2 boards; 12 000 draws, about 1 000 each.
    let mut counts = std::collections::HashMap::new();
    let mut rng = plateau_grid::random::seeded(5);
    for _ in 0..12_000 {
        *counts
            .entry(Board::scrambled_with_rng(2, 2, &mut rng).unwrap())
            .or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 12);
    for (b, c) in counts {
        assert!(b.is_solvable());
        // 5 sigma is about 150.
        assert!((850..1150).contains(&c), "{b}: {c}");
    }
}

#[test]
fn golden_scrambles() {
    // Pins seed -> board (plateau_grid's shuffle stream is itself pinned by its own golden
    // test). Regenerating these values means every published seed changes.
    assert_eq!(
        Board::scrambled(4, 4, 1).unwrap().tiles(),
        GOLDEN_4X4_SEED_1
    );
    assert_eq!(
        Board::scrambled(3, 3, 2026).unwrap().tiles(),
        GOLDEN_3X3_SEED_2026
    );
    assert_eq!(
        Board::scrambled(5, 2, 7).unwrap().tiles(),
        GOLDEN_5X2_SEED_7
    );
    assert_eq!(
        Board::random_walk(4, 4, 20, 3).unwrap().tiles(),
        GOLDEN_WALK_4X4_20_SEED_3
    );
}

// Written out from the first run of this implementation (no independent source exists for
// a seeded stream); each is checked solvable above, and 3x3 seed 2026 is the board the
// crate docs solve.
const GOLDEN_4X4_SEED_1: &[u8] = &[2, 12, 5, 8, 10, 6, 0, 11, 13, 4, 15, 3, 1, 14, 7, 9];
const GOLDEN_3X3_SEED_2026: &[u8] = &[7, 8, 6, 0, 4, 1, 3, 5, 2];
const GOLDEN_5X2_SEED_7: &[u8] = &[6, 5, 3, 2, 4, 7, 8, 9, 0, 1];
const GOLDEN_WALK_4X4_20_SEED_3: &[u8] = &[9, 1, 2, 4, 10, 6, 3, 8, 13, 5, 11, 12, 14, 15, 7, 0];

#[test]
fn default_is_the_solved_fifteen_puzzle() {
    assert_eq!(Board::default(), Board::solved(4, 4).unwrap());
}
