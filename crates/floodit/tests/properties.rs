//! Property tests: the play contract (through `plateau_grid::testing`: refused moves change
//! nothing, `is_legal == play().is_ok()`, atomic `play_all`, notation round trip, random
//! games end within the move limit), the flood only grows, limits hold, replays are
//! deterministic, text round-trips.

use plateau_floodit::{
    Board, Color, Config, Game, Play, Pos, Rules, SeedableRng, SeededRng, Size, Start, Status,
    format_moves, parse_moves,
};
use plateau_grid::testing::{assert_terminates, check_move, check_notation, check_play_all};
use plateau_grid::{Connectivity, flood_fill};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config() -> impl Strategy<Value = Config> {
    (1usize..=12, 1usize..=12, 2u8..=8, 1u32..=40, any::<u16>()).prop_map(|(w, h, k, m, s)| {
        let start = Pos::new(usize::from(s) % w, usize::from(s / 7) % h);
        let rules = Rules::new(k, m).unwrap().with_start(Start::At(start));
        Config::new(Size::new(w, h), rules).unwrap()
    })
}

/// Any colour, including ones the game does not have.
fn color() -> impl Strategy<Value = Color> {
    (0usize..36).prop_map(|i| Color::ALL[i])
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn flood_only_grows_and_limits_hold(
        config in config(),
        seed in any::<u64>(),
        moves in prop::collection::vec(0usize..10, 0..60),
    ) {
        let mut game = Game::new(config, seed);
        let mut flooded = game.flooded_region();
        for m in moves {
            let before = game.clone();
            if let Ok(e) = game.play(Color::ALL[m]) {
                let now = game.flooded_region();
                prop_assert!(flooded.is_subset(&now));
                prop_assert_eq!(now.len(), flooded.len() + e.absorbed_cells as usize);
                prop_assert_eq!(e.status, game.status());
                prop_assert_eq!(e.previous, before.flood_color());
                // The flood is exactly the flood-colour component of the start cell.
                let board = game.board();
                let fc = game.flood_color();
                let fill = flood_fill(board.grid(), config.start_cell(), Connectivity::Four, |&c| c == fc);
                prop_assert_eq!(fill.len(), now.len());
                prop_assert!(now.iter().all(|p| fill.contains(p)));
                flooded = now;
            } else {
                prop_assert_eq!(&game, &before);
            }
            prop_assert!(game.moves_used() <= config.max_moves());
            prop_assert_eq!(game.moves_used() + game.moves_left(), config.max_moves());
            let status = game.status();
            prop_assert_eq!(status == Status::InProgress, !game.is_over());
            if game.is_uniform() {
                prop_assert_eq!(status, Status::Won { moves: game.moves_used() });
            }
        }
    }

    #[test]
    fn refused_moves_change_nothing_and_is_legal_agrees(
        config in config(),
        seed in any::<u64>(),
        moves in prop::collection::vec(color(), 0..50),
    ) {
        let mut game = Game::new(config, seed);
        for m in moves {
            check_move(&game, m);
            let before = game.clone();
            if game.play(m).is_err() {
                // Equality compares the moves played; the flood is kept apart, so it is
                // compared too.
                prop_assert_eq!(game.board(), before.board());
                prop_assert_eq!(game.flooded_cells(), before.flooded_cells());
                prop_assert_eq!(game.useful_moves(), before.useful_moves());
            }
        }
    }

    #[test]
    fn play_all_is_atomic(
        config in config(),
        seed in any::<u64>(),
        moves in prop::collection::vec(color(), 0..30),
    ) {
        let mut game = Game::new(config, seed);
        check_play_all(&game, &moves);
        // The flood, which equality does not compare, is untouched by a refused list.
        let before = game.clone();
        if game.play_all(&moves).is_err() {
            prop_assert_eq!(game.board(), before.board());
            prop_assert_eq!(game.flooded_region(), before.flooded_region());
        }
    }

    #[test]
    fn random_games_end_within_the_move_limit(config in config(), seed in any::<u64>()) {
        let start = Game::new(config, seed);
        let limit = config.max_moves() as usize;
        let game = assert_terminates(&start, &mut SeededRng::seed_from_u64(seed ^ 1), limit);
        prop_assert!(game.moves.len() <= limit);
        let end = game.end;
        prop_assert_eq!(end.history(), &game.moves[..]);
        let outcome = end.outcome().unwrap();
        prop_assert_eq!(outcome.score(plateau_floodit::Seat::FIRST), Some(game.moves.len() as i64));
        prop_assert_eq!(outcome.winner().is_some(), end.is_uniform());
    }

    #[test]
    fn undo_returns_to_the_previous_position(
        config in config(),
        seed in any::<u64>(),
        moves in prop::collection::vec(color(), 1..30),
    ) {
        let mut game = Game::new(config, seed);
        for m in moves {
            let before = game.clone();
            if game.play(m).is_ok() {
                prop_assert_eq!(game.undo(), Some(m));
                prop_assert_eq!(&game, &before);
                prop_assert_eq!(game.board(), before.board());
                prop_assert_eq!(game.flooded_region(), before.flooded_region());
                prop_assert_eq!(game.useful_moves(), before.useful_moves());
                game.play(m).unwrap();
            }
        }
    }

    #[test]
    fn replaying_from_the_seed_gives_the_same_game(
        config in config(),
        seed in any::<u64>(),
        moves in prop::collection::vec(color(), 0..30),
    ) {
        let mut game = Game::new(config, seed);
        for m in moves {
            let _ = game.play(m);
        }
        let mut again = Game::new(config, seed);
        prop_assert_eq!(again.initial_board(), game.initial_board());
        again.play_all(game.history()).unwrap();
        prop_assert_eq!(again.board(), game.board());
        prop_assert_eq!(&again, &game);
    }

    #[test]
    fn notation_round_trips(
        config in config(),
        seed in any::<u64>(),
        moves in prop::collection::vec(color(), 0..40),
    ) {
        let board = Game::new(config, seed).initial_board().clone();
        prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board.clone());
        prop_assert_eq!(board.to_string().to_uppercase().parse::<Board>().unwrap(), board.clone());
        prop_assert_eq!(Board::from_line(&board.to_line(), board.width()).unwrap(), board);
        let text = format_moves(&moves);
        prop_assert_eq!(text.chars().count(), moves.len());
        prop_assert_eq!(&parse_moves(&text).unwrap(), &moves);
        prop_assert_eq!(&parse_moves(&text.to_uppercase()).unwrap(), &moves);
        for m in moves {
            check_notation(&m);
        }
    }

    #[test]
    fn parsing_never_panics(s in "[0-9a-zA-Z/#\n !]{0,80}") {
        if let Ok(b) = s.parse::<Board>() {
            prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        }
        if let Ok(m) = parse_moves(&s) {
            prop_assert_eq!(parse_moves(&format_moves(&m)).unwrap(), m);
        }
    }
}
