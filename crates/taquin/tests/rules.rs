//! Rules: constructors, notation, moves, clicks, status, solvability against reachability,
//! scrambles.

use std::collections::VecDeque;

use plateau_taquin::{
    Board, BoardError, Event, IllegalMove, Move, ParseBoardError, ParseMoveError, Play,
    PlayAllError, Pos, Size, SizeError, Tile, format_moves, parse_moves,
};

fn tiles(numbers: &[u8]) -> Vec<Tile> {
    numbers.iter().map(|&t| Tile::new(t)).collect()
}

fn sz(w: usize, h: usize) -> Size {
    Size::new(w, h)
}

#[test]
fn constructors_check_everything() {
    assert!(Board::solved(sz(2, 2)).is_ok());
    assert!(Board::solved(sz(16, 16)).is_ok());
    assert!(Board::solved(sz(16, 2)).is_ok());
    for (w, h) in [
        (1, 5),
        (5, 1),
        (1, 1),
        (0, 3),
        (17, 4),
        (4, 17),
        (usize::MAX, 2),
    ] {
        let size_error = |e: SizeError| e.size;
        assert_eq!(Board::solved(sz(w, h)).map_err(size_error), Err(sz(w, h)));
        assert_eq!(Board::new(sz(w, h), 0).map_err(size_error), Err(sz(w, h)));
        assert_eq!(
            Board::random_walk(sz(w, h), 3, 0).map_err(size_error),
            Err(sz(w, h))
        );
        assert_eq!(
            Board::from_tiles(sz(w, h), &[]),
            Err(BoardError::InvalidSize { size: sz(w, h) })
        );
    }
    assert_eq!(
        Board::from_tiles(sz(2, 2), &tiles(&[1, 2, 3])),
        Err(BoardError::WrongLength {
            size: sz(2, 2),
            expected: 4,
            actual: 3
        })
    );
    assert_eq!(
        Board::from_tiles(sz(2, 2), &tiles(&[1, 2, 3, 4])),
        Err(BoardError::OutOfRange {
            tile: Tile::new(4),
            cells: 4
        })
    );
    assert_eq!(
        Board::from_tiles(sz(2, 2), &tiles(&[1, 2, 2, 0])),
        Err(BoardError::Duplicate { tile: Tile::new(2) })
    );
    assert_eq!(
        Board::from_tiles(sz(2, 2), &tiles(&[1, 2, 3, 3])),
        Err(BoardError::Duplicate { tile: Tile::new(3) })
    );
    let b = Board::from_tiles(sz(3, 2), &tiles(&[1, 2, 3, 4, 5, 0])).unwrap();
    assert_eq!(b, Board::solved(sz(3, 2)).unwrap());
    assert!(b.is_solved());
    assert_eq!(b.blank(), Pos::new(2, 1));
    assert_eq!((b.width(), b.height(), b.cells()), (3, 2, 6));
    assert_eq!(b.size(), sz(3, 2));
    assert_eq!(b.position_of(Tile::new(4)), Some(Pos::new(0, 1)));
    assert_eq!(b.position_of(Tile::new(6)), None);
    assert_eq!(b.goal_position(Tile::BLANK), Some(Pos::new(2, 1)));
    assert_eq!(b.goal_position(Tile::new(6)), None);
    assert_eq!(b.tile_at(Pos::new(3, 0)), None);
    assert_eq!(b.goal_tile(Pos::new(0, 1)), Some(Tile::new(4)));
    assert_eq!(b.goal_tile(Pos::new(0, 2)), None);
}

#[test]
fn tiles_round_trip_without_maps() {
    for (w, h, seed) in [(2, 2, 0), (4, 4, 1), (16, 16, 2), (3, 7, 3)] {
        let b = Board::new(sz(w, h), seed).unwrap();
        assert_eq!(Board::from_tiles(b.size(), b.tiles()).unwrap(), b);
        for p in b.size().positions() {
            let t = b.tile_at(p).unwrap();
            assert_eq!(b.position_of(t), Some(p));
            assert_eq!(b.goal_position(b.goal_tile(p).unwrap()), Some(p));
        }
    }
}

#[test]
fn text_form_round_trips_and_reports_errors() {
    let b: Board = " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  0\n"
        .parse()
        .unwrap();
    assert!(b.is_solved());
    // No newline after the last row.
    assert_eq!(
        b.to_string(),
        " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  ."
    );
    assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
    let small: Board = "\n3 1\n. 2\n\n".parse().unwrap();
    assert_eq!(small.tiles(), tiles(&[3, 1, 0, 2]));
    // Comment lines are skipped, wherever they are.
    let commented: Board = "# a 2x2\n  # second comment\n3 1\n# between rows\n. 2\n# end"
        .parse()
        .unwrap();
    assert_eq!(commented, small);
    assert_eq!("".parse::<Board>(), Err(ParseBoardError::Empty));
    assert_eq!("# only\n\n".parse::<Board>(), Err(ParseBoardError::Empty));
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
        "1 2\n3 256".parse::<Board>(),
        Err(ParseBoardError::InvalidToken {
            token: "256".into(),
            row: 1
        })
    );
    assert_eq!(
        "1 2\n3 3".parse::<Board>(),
        Err(ParseBoardError::Board(BoardError::Duplicate {
            tile: Tile::new(3)
        }))
    );
    assert_eq!(
        "1 2 0".parse::<Board>(),
        Err(ParseBoardError::Board(BoardError::InvalidSize {
            size: sz(3, 1)
        }))
    );
    // Error messages are lowercase without a trailing period.
    for msg in [
        "1 2\n3".parse::<Board>().unwrap_err().to_string(),
        "1 2 0".parse::<Board>().unwrap_err().to_string(),
        Board::solved(sz(1, 1)).unwrap_err().to_string(),
        "x".parse::<Tile>().unwrap_err().to_string(),
        "UX".parse::<Move>().unwrap_err().to_string(),
    ] {
        assert!(
            msg.starts_with(char::is_lowercase) && !msg.ends_with('.'),
            "{msg}"
        );
    }
    assert_eq!(
        Board::solved(sz(1, 5)).unwrap_err().to_string(),
        "board size 1x5 is not supported (each side must be in 2..=16)"
    );
}

#[test]
fn tile_text() {
    for n in 0..=255u8 {
        let t = Tile::new(n);
        assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
        assert_eq!(u8::from(t), n);
        assert_eq!(usize::from(t), usize::from(n));
    }
    assert_eq!(" 12 ".parse::<Tile>(), Ok(Tile::new(12)));
    assert!("256".parse::<Tile>().is_err());
    assert!("".parse::<Tile>().is_err());
    assert!(Tile::BLANK < Tile::new(1));
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
    assert_eq!(
        "".parse::<Move>(),
        Err(ParseMoveError::NotOneMove {
            text: String::new()
        })
    );
    assert_eq!(
        " UD ".parse::<Move>(),
        Err(ParseMoveError::NotOneMove { text: "UD".into() })
    );
    for (text, m) in [
        ("u", Move::Up),
        ("D", Move::Down),
        (" l ", Move::Left),
        ("r", Move::Right),
    ] {
        assert_eq!(text.parse::<Move>(), Ok(m));
    }
    assert_eq!(
        " q".parse::<Move>(),
        Err(ParseMoveError::InvalidLetter { letter: 'q', at: 1 })
    );
}

#[test]
fn moves_name_the_tile_motion_and_report_events() {
    // Blank in the middle of a 3 x 3.
    let start: Board = "1 2 3\n4 . 5\n6 7 8".parse().unwrap();
    let cases = [
        (Move::Up, "1 2 3\n4 7 5\n6 . 8", 7, (1, 2)),
        (Move::Down, "1 . 3\n4 2 5\n6 7 8", 2, (1, 0)),
        (Move::Left, "1 2 3\n4 5 .\n6 7 8", 5, (2, 1)),
        (Move::Right, "1 2 3\n. 4 5\n6 7 8", 4, (0, 1)),
    ];
    for (m, after, tile, (x, y)) in cases {
        let mut b = start.clone();
        assert_eq!(b.legal_moves().len(), 4);
        assert!(b.is_legal(m));
        let event: Event = b.play(m).unwrap();
        assert_eq!(event.direction, m);
        assert_eq!(event.tile, Tile::new(tile));
        assert_eq!(event.from, Pos::new(x, y));
        assert_eq!(event.to, Pos::new(1, 1));
        assert_eq!(b.blank(), event.from);
        assert_eq!(b.tile_at(event.to), Some(event.tile));
        assert_eq!(b.to_string(), after, "{m}");
    }
    // Blank in the bottom-right corner, not solved (tiles 4, 5, 6 turned round).
    let mut corner: Board = "1 2 3\n5 6 4\n7 8 .".parse().unwrap();
    assert_eq!(corner.legal_moves(), vec![Move::Down, Move::Right]);
    let mut into = Vec::with_capacity(4);
    into.push(Move::Up);
    corner.legal_moves_into(&mut into);
    assert_eq!(into, vec![Move::Down, Move::Right], "cleared, then filled");
    for m in [Move::Up, Move::Left] {
        assert!(!corner.is_legal(m));
        assert_eq!(
            corner.play(m),
            Err(IllegalMove::NoTile {
                direction: m,
                blank: Pos::new(2, 2)
            })
        );
        assert_eq!(corner.to_string(), "1 2 3\n5 6 4\n7 8 .", "unchanged");
    }
    // play_all is atomic and names the failing move.
    let before = corner.clone();
    assert_eq!(
        corner.play_all(&[Move::Down, Move::Down, Move::Down]),
        Err(PlayAllError {
            index: 2,
            error: IllegalMove::NoTile {
                direction: Move::Down,
                blank: Pos::new(2, 0)
            }
        })
    );
    assert_eq!(corner, before);
    corner.play_all(&[Move::Down, Move::Up]).unwrap();
    assert_eq!(corner, before);
    assert_eq!(
        corner.play_all(&[Move::Up]).unwrap_err().to_string(),
        "move 0 of the list (from 0): no tile can slide U: the blank at (2, 2) is on that edge"
    );
}

#[test]
fn clicks_slide_whole_lines() {
    // Blank at the bottom-right, tiles 9, 10, 11 turned round (not solved).
    let mut b: Board = " 1  2  3  4\n 5  6  7  8\n10 11  9 12\n13 14 15  ."
        .parse()
        .unwrap();
    let s = b.click(Pos::new(3, 0)).unwrap();
    assert_eq!((s.direction, s.tiles), (Move::Down, 3));
    assert_eq!(s.moves().collect::<Vec<_>>(), vec![Move::Down; 3]);
    assert_eq!(
        b.to_string(),
        " 1  2  3  .\n 5  6  7  4\n10 11  9  8\n13 14 15 12"
    );
    let s = b.click(Pos::new(0, 0)).unwrap();
    assert_eq!((s.direction, s.tiles), (Move::Right, 3));
    assert_eq!(b.blank(), Pos::new(0, 0));
    let s = b.click(Pos::new(1, 0)).unwrap();
    assert_eq!((s.direction, s.tiles), (Move::Left, 1));
    let s = b.click(Pos::new(1, 2)).unwrap();
    assert_eq!((s.direction, s.tiles), (Move::Up, 2));
    let before = b.clone();
    assert_eq!(
        b.click(b.blank()),
        Err(IllegalMove::Blank {
            pos: Pos::new(1, 2)
        })
    );
    assert_eq!(
        b.click(Pos::new(0, 0)),
        Err(IllegalMove::NotInLine {
            pos: Pos::new(0, 0),
            blank: Pos::new(1, 2)
        })
    );
    assert_eq!(
        b.click(Pos::new(4, 2)),
        Err(IllegalMove::OutOfBounds {
            pos: Pos::new(4, 2),
            size: sz(4, 4)
        })
    );
    assert_eq!(
        b.click(Pos::new(usize::MAX, usize::MAX)),
        Err(IllegalMove::OutOfBounds {
            pos: Pos::new(usize::MAX, usize::MAX),
            size: sz(4, 4)
        })
    );
    assert_eq!(b, before, "refused clicks leave the board unchanged");
}

#[test]
fn inversions_and_parity_examples() {
    let b = Board::solved(sz(4, 4)).unwrap();
    assert_eq!(b.inversions(), 0);
    assert!(b.is_solvable());
    // Sam Loyd's 14-15 puzzle: unsolvable.
    let loyd = Board::from_tiles(
        sz(4, 4),
        &tiles(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0]),
    )
    .unwrap();
    assert_eq!(loyd.inversions(), 1);
    assert!(!loyd.is_solvable());
    // Reversed 3 x 3 tiles: 28 inversions, even, solvable.
    let rev = Board::from_tiles(sz(3, 3), &tiles(&[8, 7, 6, 5, 4, 3, 2, 1, 0])).unwrap();
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

/// The solvability predicate against a breadth-first search of every arrangement of a
/// `w x h` board: exactly half are reachable, and the predicate says which.
fn check_solvability_against_reachability(w: usize, h: usize) {
    let seen = reachable(w, h);
    let total = seen.len();
    let reached = seen.iter().filter(|&&s| s).count();
    assert_eq!(reached * 2, total, "{w}x{h}: exactly half reachable");
    let mut checked = 0;
    let mut buffer = Vec::with_capacity(w * h);
    for_each_permutation(w * h, |numbers| {
        buffer.clear();
        buffer.extend(numbers.iter().map(|&t| Tile::new(t)));
        let board = Board::from_tiles(sz(w, h), &buffer).unwrap();
        assert_eq!(board.tiles(), &buffer[..]);
        assert_eq!(
            board.is_solvable(),
            seen[perm_rank(numbers)],
            "{w}x{h} {numbers:?}"
        );
        checked += 1;
    });
    assert_eq!(checked, total);
}

#[test]
fn solvability_matches_reachability_up_to_nine_cells() {
    for (w, h) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        check_solvability_against_reachability(w, h);
    }
}

// The ten-cell boards (3.6 M arrangements each) in tests of their own, so they run in
// parallel.
#[test]
fn solvability_matches_reachability_on_2x5() {
    check_solvability_against_reachability(2, 5);
}

#[test]
fn solvability_matches_reachability_on_5x2() {
    check_solvability_against_reachability(5, 2);
}

#[test]
fn new_games_are_solvable_and_seeded() {
    for w in 2..=16 {
        for h in [2, 3, 7, 16] {
            for seed in 0..3 {
                let b = Board::new(sz(w, h), seed).unwrap();
                assert!(b.is_solvable(), "{w}x{h} seed {seed}");
                assert_eq!(b, Board::new(sz(w, h), seed).unwrap());
                let walk = Board::random_walk(sz(w, h), 50, seed).unwrap();
                assert!(walk.is_solvable());
            }
        }
    }
    assert!(Board::new(sz(1, 4), 0).is_err());
    let mut rng = plateau_grid::random::seeded(9);
    let a = Board::new_with_rng(sz(4, 4), &mut rng).unwrap();
    assert_eq!(a, Board::new(sz(4, 4), 9).unwrap());
}

#[test]
fn scramble_is_uniform_on_the_2x2() {
    // 12 solvable 2 x 2 boards; 12 000 draws, about 1 000 each.
    let mut counts = std::collections::HashMap::new();
    let mut rng = plateau_grid::random::seeded(5);
    for _ in 0..12_000 {
        *counts
            .entry(Board::new_with_rng(sz(2, 2), &mut rng).unwrap())
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
fn golden_new_games() {
    // Pins seed -> board (plateau_grid's shuffle stream is itself pinned by its own golden
    // test). Regenerating these values means every published seed changes.
    assert_eq!(
        Board::new(sz(4, 4), 1).unwrap().tiles(),
        tiles(GOLDEN_4X4_SEED_1)
    );
    assert_eq!(
        Board::new(sz(3, 3), 2026).unwrap().tiles(),
        tiles(GOLDEN_3X3_SEED_2026)
    );
    assert_eq!(
        Board::new(sz(5, 2), 7).unwrap().tiles(),
        tiles(GOLDEN_5X2_SEED_7)
    );
    assert_eq!(
        Board::random_walk(sz(4, 4), 20, 3).unwrap().tiles(),
        tiles(GOLDEN_WALK_4X4_20_SEED_3)
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
    assert_eq!(Board::default(), Board::solved(sz(4, 4)).unwrap());
}
