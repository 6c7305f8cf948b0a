//! Invariants under random configurations, seeds and move sequences.

use plateau_grid::testing::{
    check_clone_continues, check_move, check_play_all, check_position, random_game,
};
use plateau_minesweeper::{
    Board, Cell, Config, FirstClick, Game, Marks, Move, Play, Pos, Size, Status, View,
    format_moves, parse_moves, probabilities,
};
use proptest::prelude::*;

fn config() -> impl Strategy<Value = Config> {
    (
        1usize..=12,
        1usize..=10,
        0u32..=100,
        0usize..4,
        any::<bool>(),
    )
        .prop_filter_map("a valid config", |(w, h, pct, p, marks)| {
            let policy = FirstClick::ALL[p];
            let cells = (w * h) as u32;
            let kept = policy.kept_clear(Size::new(w, h)) as u32;
            let room = cells.checked_sub(kept + 1)?;
            let mines = room * pct / 100;
            Config::new(Size::new(w, h), 0)
                .and_then(|c| c.with_first_click(policy))
                .and_then(|c| c.with_mines(mines))
                .map(|c| c.with_marks(if marks { Marks::On } else { Marks::Off }))
                .ok()
        })
}

fn moves() -> impl Strategy<Value = Vec<(u8, usize, usize)>> {
    prop::collection::vec((0u8..3, 0usize..14, 0usize..12), 0..40)
}

fn to_move((k, x, y): (u8, usize, usize)) -> Move {
    let p = Pos::new(x, y);
    match k {
        0 => Move::Reveal(p),
        1 => Move::Flag(p),
        _ => Move::Chord(p),
    }
}

/// Checks everything that must hold of a game at any time.
fn check_state(g: &Game) -> Result<(), TestCaseError> {
    let config = g.config();
    let view = g.cells();
    prop_assert_eq!(view.size(), config.size());
    if let Some(board) = g.board() {
        // The mine count is exact.
        prop_assert_eq!(board.mine_count(), config.mines());
        // Numbers shown are the neighbour mine counts.
        for (p, c) in view.iter() {
            match c {
                Cell::Revealed(n) => prop_assert_eq!(board.number(p), Some(n.get())),
                Cell::Mine => prop_assert!(board.is_mine(p)),
                _ => {}
            }
        }
        // The first-click policy held.
        if let Some(first) = g.first_click() {
            match config.first_click() {
                FirstClick::Unsafe => {}
                FirstClick::SafeCell => prop_assert!(!board.is_mine(first)),
                FirstClick::Opening | FirstClick::NoGuess => {
                    for dy in -1i64..=1 {
                        for dx in -1i64..=1 {
                            let (x, y) = (first.x as i64 + dx, first.y as i64 + dy);
                            if x >= 0 && y >= 0 {
                                prop_assert!(!board.is_mine(Pos::new(x as usize, y as usize)));
                            }
                        }
                    }
                }
            }
        }
    } else {
        prop_assert_eq!(view.revealed(), 0);
    }
    let won = g.status() == Status::Won;
    prop_assert_eq!(
        won,
        g.safe_left() == 0 && !matches!(g.status(), Status::Lost { .. })
    );
    prop_assert_eq!(
        i64::from(config.mines()) - view.flags() as i64,
        g.mines_left()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/properties.txt"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn refused_moves_change_nothing_and_legality_is_exact(
        config in config(), seed in any::<u64>(), script in moves()
    ) {
        // The play contract's checks (plateau_grid::testing): check, is_legal and play
        // agree with legal_moves, a refused move leaves the game equal, the notation
        // round-trips; at the end, the position's moves and an atomic play_all.
        let start = Game::new(config, seed);
        let mut g = start.clone();
        check_state(&g)?;
        let mut played = Vec::new();
        for step in script {
            let m = to_move(step);
            check_move(&g, m);
            played.push(m);
            let _ = g.play(m);
            check_state(&g)?;
        }
        check_position(&g);
        check_play_all(&start, &played);
        check_clone_continues(&start, &played);
    }

    #[test]
    fn replay_from_the_seed_is_identical(config in config(), seed in any::<u64>(), script in moves()) {
        let script: Vec<Move> = script.into_iter().map(to_move).collect();
        let run = || {
            let mut g = Game::new(config, seed);
            for &m in &script {
                let _ = g.play(m);
            }
            g
        };
        let (a, b) = (run(), run());
        prop_assert_eq!(a.board(), b.board());
        prop_assert_eq!(&a, &b);
        // The accepted moves alone replay it too.
        let mut g = Game::new(config, seed);
        let mut accepted = Vec::new();
        for &m in &script {
            if g.play(m).is_ok() {
                accepted.push(m);
            }
        }
        let mut again = Game::new(config, seed);
        again.play_all(&accepted).expect("accepted moves replay");
        prop_assert_eq!(again, a);
    }

    #[test]
    fn first_reveal_keeps_its_promise(config in config(), seed in any::<u64>(), x in 0usize..12, y in 0usize..10) {
        let at = Pos::new(x % config.width(), y % config.height());
        let mut g = Game::new(config, seed);
        let e = g.play(Move::Reveal(at)).expect("a first reveal is legal");
        check_state(&g)?;
        let board = g.board().expect("mines laid");
        match config.first_click() {
            FirstClick::Unsafe => {}
            FirstClick::SafeCell => prop_assert!(!board.is_mine(at)),
            FirstClick::Opening => prop_assert_eq!(board.number(at), Some(0)),
            FirstClick::NoGuess => {
                prop_assert_eq!(board.number(at), Some(0));
                let solution = plateau_minesweeper::solve(&g);
                prop_assert!(solution.is_ok(), "no-guess board needs a guess:\n{}", board);
                g.play_all(&solution.unwrap().moves).expect("the solution plays");
                prop_assert_eq!(g.status(), Status::Won);
            }
        }
        let _ = e;
    }

    #[test]
    fn text_forms_round_trip(config in config(), seed in any::<u64>(), script in moves()) {
        let mut g = Game::new(config, seed);
        for m in script {
            let _ = g.play(to_move(m));
        }
        let v = g.cells();
        prop_assert_eq!(&v.to_string().parse::<View>().unwrap(), v);
        prop_assert!(!v.to_string().ends_with('\n'));
        let all = g.reveal_all_view();
        prop_assert_eq!(all.to_string().parse::<View>().unwrap(), all);
        if let Some(b) = g.board() {
            prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        }
        let legal = g.legal_moves();
        prop_assert_eq!(parse_moves(&format_moves(&legal)).unwrap(), legal);
    }

    #[test]
    fn probabilities_add_up_to_the_mines_left(config in config(), seed in any::<u64>(), script in moves()) {
        let mut g = Game::new(config, seed);
        for m in script {
            if let Move::Reveal(p) | Move::Chord(p) = to_move(m) {
                let _ = g.play(Move::Reveal(p));
            }
        }
        if g.is_over() {
            return Ok(());
        }
        // The view without flags (the player's may be wrong): always consistent.
        let v = View::from_fn(g.size(), |p| match g.cells().get(p) {
            Some(Cell::Flagged | Cell::Question) | None => Cell::Hidden,
            Some(c) => c,
        }).unwrap();
        let p = probabilities(&v, config.mines()).expect("a real game's view is consistent");
        let sum: f64 = p.iter().map(|(_, q)| q).sum();
        prop_assert!((sum - f64::from(config.mines())).abs() < 1e-9 * f64::from(config.mines().max(1)) * 10.0,
            "sum {} vs {}", sum, config.mines());
        // Every mine is somewhere a probability above zero says it could be.
        let Some(board) = g.board() else {
            return Ok(());
        };
        for m in board.mines() {
            prop_assert!(p.get(m).is_some_and(|q| q > 0.0) && !p.is_safe(m));
        }
        for (at, q) in p.iter() {
            prop_assert!((0.0..=1.0).contains(&q));
            if p.is_mine(at) {
                prop_assert!(board.is_mine(at));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 40,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/properties.txt"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_keep_the_contract(config in config(), seed in any::<u64>()) {
        // Random legal moves (flags included) with the kit's checks at every position.
        let game = Game::new(config, seed);
        let played = random_game(&game, &mut plateau_minesweeper::random::seeded(seed), 120);
        check_state(&played.end)?;
    }
}
