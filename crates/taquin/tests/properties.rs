//! Property tests: the play contract (through `plateau_grid::testing`: refused moves change
//! nothing, `is_legal == play().is_ok()`, atomic `play_all`, notation round trip, random
//! games), moves keep solvability, inverses undo, events say what moved, refused clicks
//! change nothing, new games are solvable, text round-trips.

use plateau_grid::testing::{check_move, check_notation, check_play_all, random_game};
use plateau_taquin::{
    Board, Move, Play, Pos, SeedableRng, SeededRng, Size, Tile, format_moves, parse_moves,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn any_move() -> impl Strategy<Value = Move> {
    prop::sample::select(Move::ALL.to_vec())
}

fn any_size() -> impl Strategy<Value = Size> {
    (2usize..=16, 2usize..=16).prop_map(|(w, h)| Size::new(w, h))
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn moves_keep_the_board_solvable(size in any_size(), seed in any::<u64>(), moves in prop::collection::vec(any_move(), 0..64)) {
        let mut b = Board::new(size, seed).unwrap();
        for m in moves {
            let before = b.clone();
            if b.play(m).is_ok() { prop_assert!(b.is_solvable()) } else { prop_assert_eq!(&b, &before) }
        }
    }

    #[test]
    fn every_move_keeps_the_contract(size in any_size(), seed in any::<u64>(), walk in 0usize..40) {
        // A walk from the goal keeps the blank near its corner, where most refusals are,
        // and reaches the goal itself now and then (where every move is refused).
        let b = Board::random_walk(size, walk, seed).unwrap();
        for m in Move::ALL {
            check_move(&b, m);
        }
    }

    #[test]
    fn random_games_keep_the_contract(size in (2usize..=6, 2usize..=6).prop_map(|(w, h)| Size::new(w, h)), seed in any::<u64>(), near in any::<bool>()) {
        // From a uniform board (solved only on the smallest sizes) or near the goal (where
        // random play often solves it and the game ends).
        let start = if near { Board::random_walk(size, 6, seed) } else { Board::new(size, seed) }.unwrap();
        let game = random_game(&start, &mut SeededRng::seed_from_u64(seed ^ 1), 200);
        prop_assert_eq!(game.end.is_over(), game.end.is_solved());
        prop_assert!(game.end.is_solvable());
        let mut replay = start.clone();
        replay.play_all(&game.moves).unwrap();
        prop_assert_eq!(replay, game.end);
    }

    #[test]
    fn events_say_which_tile_went_where(size in any_size(), seed in any::<u64>(), moves in prop::collection::vec(any_move(), 1..32)) {
        let mut b = Board::new(size, seed).unwrap();
        for m in moves {
            let before = b.clone();
            if let Ok(e) = b.play(m) {
                prop_assert_eq!(e.direction, m);
                prop_assert_eq!(before.tile_at(e.from), Some(e.tile));
                prop_assert_eq!(before.blank(), e.to);
                prop_assert_eq!(b.tile_at(e.to), Some(e.tile));
                prop_assert_eq!(b.blank(), e.from);
                prop_assert!(!e.tile.is_blank());
                prop_assert_eq!(e.from.manhattan(e.to), 1);
            }
        }
    }

    #[test]
    fn a_move_then_its_inverse_is_the_identity(size in any_size(), seed in any::<u64>(), m in any_move()) {
        let b = Board::new(size, seed).unwrap();
        let mut c = b.clone();
        if c.play(m).is_ok() {
            prop_assert_ne!(&c, &b);
            if c.is_solved() {
                // The move solved it: the game is over and takes no move back.
                prop_assert!(c.play(m.opposite()).is_err());
                return Ok(());
            }
            c.play(m.opposite()).unwrap();
        }
        prop_assert_eq!(c, b);
    }

    #[test]
    fn play_all_is_atomic(size in (2usize..=5, 2usize..=5).prop_map(|(w, h)| Size::new(w, h)), seed in any::<u64>(), moves in prop::collection::vec(any_move(), 0..24)) {
        check_play_all(&Board::new(size, seed).unwrap(), &moves);
    }

    #[test]
    fn unsolvable_boards_stay_unsolvable(size in (2usize..=6, 2usize..=6).prop_map(|(w, h)| Size::new(w, h)), seed in any::<u64>(), moves in prop::collection::vec(any_move(), 0..40)) {
        let b = Board::new(size, seed).unwrap();
        let mut tiles: Vec<Tile> = b.tiles().to_vec();
        let i = tiles.iter().position(|t| t.number() == 1).unwrap();
        let j = tiles.iter().position(|t| t.number() == 2).unwrap();
        tiles.swap(i, j);
        let mut u = Board::from_tiles(size, &tiles).unwrap();
        prop_assert!(!u.is_solvable());
        for m in moves {
            let _ = u.play(m);
            prop_assert!(!u.is_solvable());
        }
        // It never ends: random play goes on as long as it is let.
        let game = random_game(&u, &mut SeededRng::seed_from_u64(seed), 60);
        prop_assert_eq!(game.moves.len(), 60);
        prop_assert!(!game.end.is_over());
    }

    #[test]
    fn every_new_game_is_solvable(size in any_size(), seed in any::<u64>(), k in 0usize..200) {
        prop_assert!(Board::new(size, seed).unwrap().is_solvable());
        prop_assert!(Board::random_walk(size, k, seed).unwrap().is_solvable());
    }

    #[test]
    fn board_text_round_trips(size in any_size(), seed in any::<u64>()) {
        let b = Board::new(size, seed).unwrap();
        let text = b.to_string();
        prop_assert!(!text.ends_with('\n'));
        prop_assert_eq!(text.parse::<Board>().unwrap(), b.clone());
        // With comments and blank lines around and between the rows.
        let commented = format!("# seed {seed}\n\n{}\n# end\n", text.replace('\n', "\n# row\n"));
        prop_assert_eq!(commented.parse::<Board>().unwrap(), b.clone());
        prop_assert_eq!(Board::from_tiles(b.size(), b.tiles()).unwrap(), b);
    }

    #[test]
    fn move_notation_round_trips(moves in prop::collection::vec(any_move(), 0..100)) {
        let text = format_moves(&moves);
        prop_assert_eq!(parse_moves(&text).unwrap(), moves.clone());
        prop_assert_eq!(parse_moves(&text.to_lowercase()).unwrap(), moves.clone());
        for m in moves {
            check_notation(&m);
        }
    }

    #[test]
    fn clicks_equal_repeated_moves_or_change_nothing(size in any_size(), seed in any::<u64>(), x in 0usize..18, y in 0usize..18) {
        let b = Board::new(size, seed).unwrap();
        let mut c = b.clone();
        if let Ok(slide) = c.click(Pos::new(x, y)) {
            let mut d = b.clone();
            let moves: Vec<Move> = slide.moves().collect();
            prop_assert_eq!(moves.len(), slide.tiles);
            d.play_all(&moves).unwrap();
            prop_assert_eq!(&c, &d);
            prop_assert_eq!(c.blank(), Pos::new(x, y));
        } else { prop_assert_eq!(c, b) }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in ".{0,64}") {
        let _ = text.parse::<Board>();
        let _ = parse_moves(&text);
        let _ = text.parse::<Move>();
        let _ = text.parse::<Tile>();
    }
}
