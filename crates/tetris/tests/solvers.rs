//! The placement generator against a naive breadth-first search, the counts on an empty
//! field, input paths, and the bot.

mod common;

use std::collections::BTreeSet;

use common::{Srs, cells_of, naive_finals, random_board, sorted_cells, tall_board};
use plateau_grid::Size;
use plateau_tetris::bot::Features;
use plateau_tetris::{
    Board, Bot, Field, Game, Heuristic, Piece, Placement, Play, Rotation, RotationSystem, Rules,
    Seat, Status, Step, TSpin, Tetromino,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

#[test]
fn empty_field_counts_are_the_published_ones() {
    // The distinct final placements on an empty 10-wide field: T, J, L 34; I, S, Z 17; O 9.
    let board = Board::new(Size::new(10, 40)).expect("a field");
    let rules = Rules::guideline();
    let expected = [
        (Piece::T, 34),
        (Piece::I, 17),
        (Piece::O, 9),
        (Piece::S, 17),
        (Piece::Z, 17),
        (Piece::J, 34),
        (Piece::L, 34),
    ];
    let mut total = 0;
    for (piece, count) in expected {
        let found = board
            .field()
            .placements(RotationSystem::Srs, rules.spawn(piece));
        assert_eq!(found.len(), count, "{piece}");
        // Distinct cell sets, every one resting.
        let sets: BTreeSet<_> = found.iter().map(|&t| sorted_cells(t)).collect();
        assert_eq!(sets.len(), count);
        assert!(
            found
                .iter()
                .all(|&t| board.field().rests(RotationSystem::Srs, t))
        );
        total += found.len();
    }
    assert_eq!(total, 162);
    // The naive search agrees on the empty field too.
    let srs = Srs::published();
    let cells = cells_of(&board);
    for (piece, count) in expected {
        assert_eq!(
            naive_finals(&srs, &cells, piece, 4, 20).len(),
            count,
            "{piece}"
        );
    }
}

#[test]
fn the_game_lists_the_same_placements_with_and_without_hold() {
    let game = Game::new(Rules::guideline(), 3);
    let moves = game.legal_moves();
    let current = game.active().expect("falling").piece;
    let out = game.next()[0];
    let plain = moves.iter().filter(|p| !p.hold).count();
    let held = moves.iter().filter(|p| p.hold).count();
    let count = |p: Piece| match p {
        Piece::T | Piece::J | Piece::L => 34,
        Piece::O => 9,
        _ => 17,
    };
    assert_eq!((plain, held), (count(current), count(out)));
    assert!(moves.iter().all(|&p| game.is_legal(p)));
    let mut into = Vec::with_capacity(1);
    game.legal_moves_into(&mut into);
    assert_eq!(into, moves);
}

/// Compares the generator with the naive search on `board` for every piece: the same final
/// cell sets, and the same T-spin for every T placement (what `play` scores against what
/// the naive search's entries give).
fn check_board(board: &Board) {
    let srs = Srs::published();
    let cells = cells_of(&board.clone());
    let rules = Rules::guideline();
    let padded = Game::from_board(rules.clone(), board, 0).expect("the board fits");
    let field = *padded.board().field();
    let naive_cells = cells_of(padded.board());
    for piece in Piece::ALL {
        let spawn = rules.spawn(piece);
        let found = field.placements(RotationSystem::Srs, spawn);
        let got: BTreeSet<Vec<(i32, i32)>> = found.iter().map(|&t| sorted_cells(t)).collect();
        assert_eq!(got.len(), found.len(), "{piece}: duplicates\n{board}");
        let naive = naive_finals(&srs, &naive_cells, piece, 4, 20);
        let want: BTreeSet<Vec<(i32, i32)>> = naive.keys().cloned().collect();
        assert_eq!(got, want, "{piece} on\n{board}");
        if piece == Piece::T {
            // Find a seed whose first piece is a T, to score the placements.
            let game = (0..100)
                .map(|s| Game::from_board(rules.clone(), board, s).expect("fits"))
                .find(|g| g.active().map(|a| a.piece) == Some(Piece::T))
                .expect("a T comes first for some seed");
            for &t in &found {
                let (spun, kick5) = naive[&sorted_cells(t)];
                let (corners, front) = corners(&field, t);
                let expected = if !spun || corners < 3 {
                    TSpin::None
                } else if front == 2 || kick5 {
                    TSpin::Full
                } else {
                    TSpin::Mini
                };
                let mut g = game.clone();
                let events = g.play(Placement::new(t)).expect("legal");
                assert_eq!(
                    events.locked().map(|l| l.1),
                    Some(expected),
                    "{t} on\n{board}"
                );
            }
        }
    }
    drop(cells);
}

/// The three-corner counts, computed here from scratch: (occupied corners, occupied front
/// corners) of a T whose pivot is `t`'s.
fn corners(field: &Field, t: Tetromino) -> (u8, u8) {
    let front: [(i32, i32); 2] = match t.rotation {
        Rotation::North => [(-1, 1), (1, 1)],
        Rotation::East => [(1, 1), (1, -1)],
        Rotation::South => [(-1, -1), (1, -1)],
        Rotation::West => [(-1, 1), (-1, -1)],
    };
    let (x, y) = (i32::from(t.x), i32::from(t.y));
    let mut all = 0;
    let mut f = 0;
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        if field.is_blocked(x + dx, y + dy) {
            all += 1;
            if front.contains(&(dx, dy)) {
                f += 1;
            }
        }
    }
    (all, f)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/solvers.txt",
        ))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_generator_equals_a_naive_search_on_random_boards(seed in any::<u64>(), fill in 30u32..95) {
        check_board(&random_board(seed, fill));
    }

    #[test]
    fn the_generator_equals_a_naive_search_around_towers(seed in any::<u64>()) {
        check_board(&tall_board(seed));
    }

    #[test]
    fn every_placement_has_a_path_that_reaches_it(seed in any::<u64>(), fill in 30u32..95) {
        let board = random_board(seed, fill);
        let game = Game::from_board(Rules::guideline(), &board, seed).expect("fits");
        for p in game.legal_moves() {
            let path = game.path(p).expect("a legal placement has a path");
            let mut g = game.clone();
            for &s in &path {
                g.step(s).expect("the path's steps are legal");
            }
            // The path ends where the placement rests; a hard drop of 0 rows locks it there.
            let mut direct = game.clone();
            let want = direct.play(p).expect("legal").locked();
            let got = g.step(Step::HardDrop).expect("locks").locked();
            prop_assert_eq!(got.map(|l| sorted_cells(l.0)), want.map(|l| sorted_cells(l.0)));
            // And it scores the same T-spin.
            prop_assert_eq!(got.map(|l| l.1), want.map(|l| l.1));
            prop_assert_eq!(g.board(), direct.board());
        }
    }
}

#[test]
fn known_spins_are_found() {
    // A T-spin double slot (the classic TSD shape): the T must turn into it.
    let board: Board = "\
..........
##........
#...######
##.#######"
        .parse()
        .expect("a board");
    check_board(&board);
    let game = (0..100)
        .map(|s| Game::from_board(Rules::guideline(), &board, s).expect("fits"))
        .find(|g| g.active().map(|a| a.piece) == Some(Piece::T))
        .expect("a T first");
    let slot = Placement::new(Tetromino::new(Piece::T, Rotation::South, 2, 1));
    assert!(game.is_legal(slot));
    let mut g = game.clone();
    let events = g.play(slot).expect("legal");
    assert_eq!(events.locked().map(|l| l.1), Some(TSpin::Full));
    assert_eq!(events.lines(), 2);
    let path = game.path(slot).expect("a path");
    assert!(
        matches!(path.last(), Some(Step::RotateCw | Step::RotateCcw)),
        "{path:?}"
    );
}

#[test]
fn the_bot_survives_and_clears_lines() {
    // Short in debug builds; the 10 x 50,000-piece measurement runs in release (README).
    let mut bot = Heuristic::default();
    for seed in 0..3 {
        let mut game = Game::new(Rules::guideline(), seed);
        for _ in 0..300 {
            let p = bot
                .choose(game.view(Seat::FIRST))
                .expect("the game goes on");
            assert!(game.is_legal(p));
            game.play(p).expect("the bot plays legal placements");
        }
        assert_eq!(game.status(), Status::InProgress);
        // 300 pieces are 1200 cells: at least 110 lines unless the stack holds 100 cells.
        assert!(
            game.lines() >= 110,
            "seed {seed}: {} lines\n{game}",
            game.lines()
        );
        assert!(game.board().field().stack_height() <= 10, "{game}");
    }
}

#[test]
fn the_bot_plays_every_rule_set() {
    for rules in [
        Rules::classic(),
        Rules::calculator(),
        Rules::guideline()
            .with_preview(0)
            .expect("ok")
            .with_hold(false),
    ] {
        let mut game = Game::new(rules, 5);
        let mut bot = Heuristic::default();
        for _ in 0..150 {
            let Some(p) = bot.choose(game.view(Seat::FIRST)) else {
                break;
            };
            game.play(p).expect("legal");
        }
        assert_eq!(game.pieces(), 150, "{game}");
        assert!(game.lines() >= 50, "{} lines", game.lines());
    }
}

#[test]
fn the_bot_has_no_move_when_the_game_is_over() {
    let board: Board = "\
..........
..........
##########"
        .parse()
        .expect("a board");
    let _ = board;
    let full = "#########.\n".repeat(40);
    let board: Board = full.trim_end().parse().expect("a board");
    let game = Game::from_board(Rules::guideline(), &board, 1).expect("fits");
    assert!(game.is_over());
    assert_eq!(Heuristic::default().choose(game.view(Seat::FIRST)), None);
    assert_eq!(plateau_tetris::hint(&game), None);
}

/// The bot's features computed cell by cell, from their definitions, on the field after the
/// placement (lines cleared).
fn naive_features(before: &Field, after: &Field, t: Tetromino, visible: usize) -> Features {
    let w = after.width();
    let filled =
        |x: i32, y: i32| x < 0 || x >= w as i32 || y < 0 || after.is_filled(x as usize, y as usize);
    let cells = Field::cells(RotationSystem::Srs, t);
    let lo = cells.iter().map(|c| c.1).min().expect("cells");
    let hi = cells.iter().map(|c| c.1).max().expect("cells");
    let lines = ((before.count() + 4 - after.count()) / w) as i32;
    // Eroded cells: cleared rows times the piece's cells in them (rows of `before` + piece).
    let mut with_piece = *before;
    let cleared = with_piece.place(RotationSystem::Srs, t).expect("fits");
    let eroded = cells.iter().filter(|c| cleared >> c.1 & 1 == 1).count() as i32 * lines;
    let mut f = Features {
        landing_height_x2: lo + hi,
        lines,
        eroded_cells: eroded,
        ..Features::default()
    };
    for y in 0..visible as i32 {
        for x in -1..w as i32 {
            if filled(x, y) != filled(x + 1, y) {
                f.row_transitions += 1;
            }
        }
        for x in 0..w as i32 {
            // From the floor (filled) up through the visible rows.
            if filled(x, y) != (y == 0 || filled(x, y - 1)) {
                f.column_transitions += 1;
            }
        }
    }
    for x in 0..w as i32 {
        let mut roof = false;
        let mut run = 0;
        for y in (0..visible as i32).rev() {
            if filled(x, y) {
                roof = true;
                run = 0;
            } else {
                if roof {
                    f.holes += 1;
                }
                if filled(x - 1, y) && filled(x + 1, y) && y < after.stack_height() as i32 {
                    run += 1;
                    f.wells += run;
                } else {
                    run = 0;
                }
            }
        }
    }
    f
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 32,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/solvers.txt",
        ))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_bots_features_follow_their_definitions(seed in any::<u64>(), fill in 30u32..95) {
        let board = random_board(seed, fill);
        let game = Game::from_board(Rules::guideline(), &board, seed).expect("fits");
        let field = *game.board().field();
        for p in Piece::ALL {
            for t in field.placements(RotationSystem::Srs, Rules::guideline().spawn(p)) {
                let (got, after) = Features::measure(&field, RotationSystem::Srs, t, 20);
                prop_assert_eq!(got, naive_features(&field, &after, t, 20), "{} on\n{}", t, board);
            }
        }
    }
}
