//! Property tests: the flood only grows, limits hold, replays are deterministic, notation
//! round-trips.

use plateau_floodit::{Board, Color, Config, Game, Status};
use plateau_grid::{Connectivity, Pos, flood_fill};
use proptest::prelude::*;

fn config() -> impl Strategy<Value = Config> {
    (1usize..=12, 1usize..=12, 2u8..=8, 1u32..=40, any::<u16>()).prop_map(|(w, h, k, m, s)| {
        let start = Pos::new(usize::from(s) % w, usize::from(s / 7) % h);
        Config {
            width: w,
            height: h,
            colors: k,
            max_moves: m,
            start,
        }
    })
}

proptest! {
    #[test]
    fn flood_only_grows_and_limits_hold(
        config in config(),
        seed in any::<u64>(),
        moves in prop::collection::vec(0u8..10, 0..60),
    ) {
        let mut game = Game::new(config, seed).unwrap();
        let mut flooded = game.flooded_region();
        for m in moves {
            let before = game.clone();
            if let Ok(f) = game.play(Color(m)) {
                let now = game.flooded_region();
                prop_assert!(flooded.is_subset(&now));
                prop_assert_eq!(now.len(), flooded.len() + f.absorbed_cells as usize);
                prop_assert_eq!(f.status, game.status());
                // The flood is exactly the flood-colour component of the start cell.
                let board = game.board();
                let fc = game.flood_color().0;
                let fill = flood_fill(board.grid(), config.start, Connectivity::Four, |&c| c == fc);
                prop_assert_eq!(fill.len(), now.len());
                prop_assert!(now.iter().all(|p| fill.contains(p)));
                flooded = now;
            } else { prop_assert_eq!(&game, &before) }
            prop_assert!(game.moves_used() <= config.max_moves);
            prop_assert_eq!(game.moves_used() + game.moves_left(), config.max_moves);
            let status = game.status();
            prop_assert_eq!(status == Status::InProgress, !game.is_over());
            if game.is_uniform() {
                prop_assert_eq!(status, Status::Won { moves: game.moves_used() });
            }
        }
    }

    #[test]
    fn replaying_from_the_seed_gives_the_same_game(config in config(), seed in any::<u64>(), moves in prop::collection::vec(0u8..8, 0..30)) {
        let mut game = Game::new(config, seed).unwrap();
        for m in moves {
            let _ = game.play(Color(m));
        }
        let mut again = Game::new(config, seed).unwrap();
        prop_assert_eq!(again.initial_board(), game.initial_board());
        for &c in game.history() {
            again.play(c).unwrap();
        }
        prop_assert_eq!(again.board(), game.board());
        prop_assert_eq!(&again, &game);
    }

    #[test]
    fn notation_round_trips(config in config(), seed in any::<u64>(), c in 0u8..36) {
        let board = Game::new(config, seed).unwrap().initial_board().clone();
        prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board.clone());
        prop_assert_eq!(Board::from_line(&board.to_line(), board.width()).unwrap(), board);
        prop_assert_eq!(Color(c).to_string().parse::<Color>().unwrap(), Color(c));
    }

    #[test]
    fn parsing_never_panics(s in "[0-9a-zA-Z/\n ]{0,80}") {
        if let Ok(b) = s.parse::<Board>() {
            prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        }
    }
}
