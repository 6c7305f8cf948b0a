//! Property tests: the move generator equals the naive generator on random positions, legal
//! moves are accepted and naive-illegal ones refused, refused moves change nothing, undo
//! restores the exact state, squares are conserved, and the notations round-trip.

mod common;

use plateau_blokus::{
    Board, Bot, Color, Config, Game, Move, Orientation, Piece, Placement, Play, Pos, RandomBot,
    Variant, random,
};
use plateau_grid::testing;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config() -> impl Strategy<Value = Config> {
    prop_oneof![
        4 => Just(Config::duo()),
        1 => Just(Config::classic()),
        1 => Just(Config::classic_two_players()),
    ]
}

/// A game after `plies` moves of a seeded random bot.
fn random_game(config: Config, seed: u64, plies: usize) -> Game {
    let mut g = Game::new(config);
    let mut bot = RandomBot::new(seed);
    for _ in 0..plies {
        if g.is_over() {
            break;
        }
        let m = bot.choose(&g).expect("a move while the game goes on");
        g.play(m).unwrap();
    }
    g
}

proptest! {
    // 40 whole games, thousands of positions (the package is optimised in debug builds too).
    #![proptest_config(ProptestConfig {
        cases: 40,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    })]

    /// At every position of a random game, for every colour, the generator finds exactly
    /// the naive generator's placements (each once). (Each case is a whole game, about 60
    /// positions of up to four colours each: some 4,000 positions in all.)
    #[test]
    fn generator_equals_naive_along_random_games(config in config(), seed in any::<u64>()) {
        let table = common::distinct_offsets();
        let mut g = Game::new(config);
        let mut bot = RandomBot::new(seed);
        let mut checked = 0;
        while !g.is_over() {
            let board = g.board();
            prop_assert_eq!(common::fast_placements(&g), common::naive_for(&table, &board, &g, g.color_to_move()));
            // The other colours' placements, as if it were their turn.
            for c in (0..config.colors()).map(|i| Color::new(i).unwrap()) {
                let fast: std::collections::BTreeSet<_> = g.placements_of(c).into_iter().map(common::cells_of).collect();
                prop_assert_eq!(fast.len(), g.placements_of(c).len());
                prop_assert_eq!(&fast, &common::naive_for(&table, &board, &g, c));
                prop_assert_eq!(fast.is_empty(), g.blocked().contains(c));
            }
            let m = bot.choose(&g).expect("a move while the game goes on");
            g.play(m).unwrap();
            checked += 1;
        }
        prop_assert!(checked > 10);
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 16 } else { 300 },
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    })]

    /// Legal moves are accepted; random placements are legal exactly when the naive rules
    /// say so; refused moves leave the game equal; `is_legal` agrees with `play`.
    #[test]
    fn play_accepts_exactly_the_naive_moves(
        config in config(),
        seed in any::<u64>(),
        plies in 0usize..40,
        tries in prop::collection::vec((0usize..21, 0u8..8, 0usize..22, 0usize..22), 40),
    ) {
        let g = random_game(config, seed, plies);
        let naive = common::naive_placements(&g);
        for m in g.legal_moves() {
            let mut after = g.clone();
            prop_assert!(after.play(m).is_ok());
        }
        let candidates = tries.iter().filter_map(|&(p, d, x, y)| {
            Placement::from_reference(Piece::ALL[p], Orientation::new(d).unwrap(), Pos::new(x, y))
        });
        for pl in candidates.chain(naive.iter().take(5).map(|(_, c)| Placement::from_cells(c).unwrap())) {
            let m = Move::Place(pl);
            // is_legal == check == play, listed exactly when legal, refusals change nothing.
            testing::check_move(&g, m);
            let legal = naive.contains(&common::cells_of(pl));
            prop_assert_eq!(g.is_legal(m), legal, "{}", m);
            let mut after = g.clone();
            if let Ok(ev) = after.play(m) {
                prop_assert_eq!(ev.placement, Some(pl));
                prop_assert_eq!(ev.color, g.color_to_move());
            }
        }
        testing::check_move(&g, Move::Pass);
        prop_assert_eq!(g.is_legal(Move::Pass), !g.is_over() && naive.is_empty());
    }

    /// The play contract's generic checks at every position of a random game, which ends
    /// within 400 moves: at most 84 placements, and a pass of a blocked colour comes only
    /// between placements of the others (or ends the game), so fewer than 4 passes per
    /// placement.
    #[test]
    fn random_games_keep_the_play_contract(config in config(), seed in any::<u64>()) {
        let game = testing::assert_terminates(&Game::new(config), &mut random::seeded(seed), 400);
        let outcome = game.end.outcome().expect("over");
        prop_assert_eq!(outcome.seats(), config.players());
        for seat in plateau_blokus::Seat::all(config.players()) {
            prop_assert_eq!(outcome.score(seat), Some(i64::from(game.end.score(seat))));
        }
    }

    /// Undo takes back exactly one move, all the way to the start; squares placed plus squares
    /// in hand stay 89 per colour; the board shows exactly the squares placed.
    #[test]
    fn undo_restores_and_squares_are_conserved(config in config(), seed in any::<u64>(), plies in 1usize..90) {
        let mut g = Game::new(config);
        let mut bot = RandomBot::new(seed);
        let mut history = vec![g.clone()];
        for _ in 0..plies {
            if g.is_over() {
                break;
            }
            let m = bot.choose(&g).expect("a move while the game goes on");
            g.play(m).unwrap();
            history.push(g.clone());
            let board = g.board();
            for c in (0..config.colors()).map(|i| Color::new(i).unwrap()) {
                prop_assert_eq!(g.squares_placed(c) + g.pieces_left(c).squares(), 89);
                prop_assert_eq!(board.count(c), g.squares_placed(c));
            }
        }
        history.pop();
        while let Some(before) = history.pop() {
            let m = g.moves().last().copied();
            prop_assert_eq!(g.undo(), m);
            prop_assert_eq!(&g, &before);
        }
        prop_assert_eq!(g.undo(), None);
        prop_assert_eq!(g, Game::new(config));
    }

    /// Codes, point lists and boards round-trip; every code of a placement's symmetric
    /// digits reads back as the placement.
    #[test]
    fn notation_round_trips(config in config(), seed in any::<u64>(), plies in 0usize..60) {
        let g = random_game(config, seed, plies);
        for m in g.legal_moves().into_iter().chain(g.moves().iter().copied()) {
            let code = m.to_string();
            prop_assert_eq!(code.parse::<Move>(), Ok(m));
            prop_assert_eq!(code.to_uppercase().parse::<Move>(), Ok(m));
            let points = m.points(config.variant()).to_string();
            prop_assert_eq!(Move::parse_points(&points, config.variant()), Ok(m));
            // Points in reverse order read the same.
            let reversed: Vec<&str> = points.split(',').rev().collect();
            prop_assert_eq!(Move::parse_points(&reversed.join(","), config.variant()), Ok(m));
            if let Move::Place(p) = m {
                // Every digit of the placement's symmetry group, with its own reference cell,
                // names the same placement.
                for o in Orientation::ALL.into_iter().filter(|o| o.canonical_for(p.piece()) == p.orientation()) {
                    let q = Placement::from_reference(p.piece(), o, Pos::new(10, 10)).unwrap();
                    let rx = 10 + p.origin().x as isize - q.origin().x as isize;
                    let ry = 10 + p.origin().y as isize - q.origin().y as isize;
                    let digit = |v: isize| char::from_digit(v as u32 + 1, 36).unwrap();
                    let code = format!("{}{}{}{}", digit(rx), digit(ry), p.piece().letter(), o);
                    prop_assert_eq!(code.parse::<Move>(), Ok(m), "{}", code);
                }
            }
        }
        let text = g.to_string();
        let board: Board = text.parse().unwrap();
        prop_assert_eq!(board.to_string(), text);
        let rebuilt = Game::from_board(config, &board, g.color_to_move()).unwrap();
        prop_assert_eq!(rebuilt.board(), g.board());
        prop_assert_eq!(rebuilt.legal_moves().len(), g.legal_moves().len());
        prop_assert_eq!(rebuilt.blocked(), g.blocked());
    }

    /// The fast playouts only play legal moves and end in a finished game.
    #[test]
    fn playouts_end_games_legally(config in config(), seed in any::<u64>(), plies in 0usize..30) {
        let g = random_game(config, seed, plies);
        let mut rng = random::seeded(seed);
        let r = plateau_blokus::playout(&g, &mut rng);
        for (c, s) in r.scores.iter().enumerate().take(config.colors()) {
            prop_assert!((-89..=20).contains(s), "colour {} score {}", c, s);
        }
        let u = plateau_blokus::uniform_playout(&g, &mut rng);
        prop_assert!(u.placements <= 84);
        let _ = Variant::Duo;
    }
}
