//! The solvers: exactness against brute force, replay, budgets, and the heuristics' quality.

mod common;

use plateau_floodit::{
    Board, Bot, Color, Config, Game, HINT_MILLIS, Play, Pos, Rules, Size, Solution, SolveError,
    Solver, Start, greedy, hint, lookahead, node_budget, solve, solve_best, solve_limited,
    solver_bot,
};

fn replay(game: &Game, moves: &[Color]) -> Game {
    let mut g = game.clone();
    g.play_all(moves)
        .unwrap_or_else(|e| panic!("{e} in {moves:?}"));
    g
}

fn cells(game: &Game) -> Vec<u8> {
    game.initial_board()
        .cells()
        .iter()
        .map(|c| c.get())
        .collect()
}

fn check_exact(width: usize, height: usize, colors: u8, seeds: std::ops::Range<u64>, start: Pos) {
    for seed in seeds {
        let rules = Rules::new(colors, 100)
            .unwrap()
            .with_start(Start::At(start));
        let game = Game::new(Config::new(Size::new(width, height), rules).unwrap(), seed);
        let best = common::brute_force(&cells(&game), width, start.y * width + start.x, colors);
        let solution = solve(&game).unwrap();
        assert_eq!(
            solution.len(),
            best,
            "{width}x{height}/{colors} seed {seed}"
        );
        let done = replay(&game, &solution.moves);
        assert!(done.is_uniform());
        assert_eq!(done.moves_used() as usize, best);
        for other in [greedy(&game), lookahead(&game, 2), lookahead(&game, 3)] {
            assert!(other.len() >= best);
            assert!(replay(&game, &other.moves).is_uniform());
        }
    }
}

#[test]
fn exact_matches_brute_force_5x5() {
    check_exact(5, 5, 3, 0..60, Pos::new(0, 0));
    check_exact(5, 5, 4, 0..60, Pos::new(0, 0));
}

#[test]
fn exact_matches_brute_force_6x6() {
    check_exact(6, 6, 3, 100..140, Pos::new(0, 0));
    check_exact(6, 6, 4, 100..130, Pos::new(0, 0));
}

#[test]
fn exact_matches_brute_force_other_shapes_and_starts() {
    check_exact(7, 4, 4, 200..220, Pos::new(3, 2));
    check_exact(6, 5, 5, 300..310, Pos::new(2, 2));
    check_exact(9, 2, 4, 400..420, Pos::new(8, 1));
}

#[test]
fn exact_matches_brute_force_on_larger_three_colour_boards() {
    // Deep enough for the tail bound and the commutation rule to act (eccentricity > 4).
    check_exact(8, 8, 3, 500..520, Pos::new(0, 0));
    check_exact(10, 10, 3, 600..606, Pos::new(0, 0));
    check_exact(9, 9, 3, 700..706, Pos::new(4, 4));
}

fn unlimited(config: Config) -> Config {
    config.with_max_moves(1000).unwrap()
}

#[test]
fn exact_from_a_midgame_position() {
    let mut game = Game::new(unlimited(Config::default()), 5);
    game.play_all(&greedy(&game).moves[..4]).unwrap();
    let rest = solve(&game).unwrap();
    assert!(replay(&game, &rest.moves).is_uniform());
    // Playing the hints one by one reaches the same length.
    let mut g = game.clone();
    while let Some(c) = hint(&g) {
        g.play(c).unwrap();
    }
    assert_eq!(g.moves_used() as usize, 4 + rest.len());
}

#[test]
fn solvers_on_classic_boards() {
    let mut total = [0usize; 3];
    for seed in 0..10 {
        let game = Game::new(unlimited(Config::default()), seed);
        let exact = solve(&game).unwrap();
        let g = greedy(&game);
        let l = lookahead(&game, 3);
        for s in [&exact, &g, &l] {
            assert!(replay(&game, &s.moves).is_uniform());
            assert!(s.nodes > 0);
        }
        assert!(exact.len() <= l.len() && exact.len() <= g.len());
        assert_eq!(g.nodes, g.len() as u64); // one position per greedy move
        total[0] += exact.len();
        total[1] += g.len();
        total[2] += l.len();
    }
    assert!(total[0] < total[2] && total[2] < total[1], "{total:?}");
}

#[test]
fn solvers_budgets_and_won_games() {
    let game = Game::new(unlimited(Config::small()), 11);
    let full = solve(&game).unwrap();
    assert_eq!(Solver::Exact.solve(&game), Ok(full.clone()));
    assert_eq!(solve_limited(&game, u64::MAX), Ok(full.clone()));
    assert_eq!(solve_limited(&game, full.nodes), Ok(full.clone()));
    assert_eq!(
        solve_limited(&game, full.nodes - 1),
        Err(SolveError::NodeLimit {
            nodes: full.nodes - 1
        })
    );
    assert_eq!(
        solve_limited(&game, 0),
        Err(SolveError::NodeLimit { nodes: 0 })
    );
    assert_eq!(Solver::Greedy.solve(&game), Ok(greedy(&game)));
    assert_eq!(Solver::Lookahead(2).solve(&game), Ok(lookahead(&game, 2)));
    assert_eq!(Solver::Greedy.hint(&game), greedy(&game).first().copied());
    assert_eq!(
        Solver::Lookahead(2).hint(&game),
        lookahead(&game, 2).first().copied()
    );
    let l3 = lookahead(&game, 3);
    assert_eq!(
        Solver::Lookahead(3).solve_limited(&game, l3.nodes),
        Ok(l3.clone())
    );
    assert!(
        Solver::Lookahead(3)
            .solve_limited(&game, l3.nodes - 1)
            .is_err()
    );
    assert!(Solver::Greedy.solve_limited(&game, 3).is_err());
    assert_eq!(hint(&game), full.first().copied());
    // A won game: nothing to play, no hint.
    let won = replay(&game, &full.moves);
    assert_eq!(hint(&won), None);
    assert_eq!(Solver::Greedy.hint(&won), None);
    assert_eq!(solve(&won), Ok(Solution::new(Vec::new(), 0)));
    assert!(greedy(&won).is_empty() && lookahead(&won, 3).is_empty());
}

#[test]
fn hint_falls_back_when_the_budget_is_short() {
    // A large board with many colours: far beyond the hint's exact budget, yet a hint comes
    // (lookahead's) and it makes progress.
    let config = Config::new(Size::square(40), Rules::new(12, 1000).unwrap()).unwrap();
    let game = Game::new(config, 1);
    let budget = node_budget(&game, HINT_MILLIS);
    assert!(budget < 10_000, "{budget}");
    assert!(solve_limited(&game, budget).is_err());
    let m = hint(&game).unwrap();
    assert_eq!(Some(m), lookahead(&game, 3).first().copied());
    assert!(game.gain(m) > 0);
}

#[test]
fn a_lost_game_still_gets_its_solution_but_no_hint() {
    let board: Board = "012\n120\n201".parse().unwrap();
    let mut game = Game::from_board(Rules::new(3, 1).unwrap(), &board).unwrap();
    game.play(Color::ALL[1]).unwrap();
    assert!(game.is_over());
    assert_eq!(hint(&game), None);
    assert_eq!(solve(&game).unwrap().len(), 3);
}

#[test]
fn known_small_board() {
    // Worked by hand: every cell is its own region and each anti-diagonal is one step farther
    // from the corner, so the five anti-diagonals need four moves (1, 2, 0, 1 does it).
    let board: Board = "012\n120\n201".parse().unwrap();
    let game = Game::from_board(Rules::new(3, 9).unwrap(), &board).unwrap();
    let best = common::brute_force(&cells(&game), 3, 0, 3);
    assert_eq!(solve(&game).unwrap().len(), best);
    assert_eq!(best, 4);
    let moves = plateau_floodit::parse_moves("1201").unwrap();
    assert!(replay(&game, &moves).is_uniform());
}

#[test]
fn large_boards_under_a_budget() {
    // The biggest random boards the crate takes: a budgeted search stops at its budget, the
    // budget model gives few nodes to such boards, and greedy floods them.
    let config = Config::new(Size::square(64), Rules::new(36, u32::MAX).unwrap()).unwrap();
    let game = Game::new(config, 7);
    assert!(node_budget(&game, 1000) < 5_000);
    assert_eq!(
        solve_limited(&game, 30),
        Err(SolveError::NodeLimit { nodes: 30 })
    );
    let g = greedy(&game);
    assert!(replay(&game, &g.moves).is_uniform() && g.len() > 100);
}

#[test]
fn deep_searches_fit_a_small_stack() {
    // Colour (x + y) % 36 on 64x64: every cell is its own region and anti-diagonal d is at
    // distance d from the corner, so the optimum is the 126 anti-diagonals after the first,
    // played in order. The search goes 126 moves deep; its frames are small enough for a
    // thread with a 1 MiB stack even in a debug build (release needs under 64 KiB).
    let size = Size::square(64);
    let cells = size
        .positions()
        .map(|p| Color::ALL[(p.x + p.y) % 36])
        .collect();
    let board = Board::from_cells(size, cells).unwrap();
    let game = Game::from_board(Rules::new(36, u32::MAX).unwrap(), &board).unwrap();
    let solution = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || solve(&game))
        .unwrap()
        .join()
        .unwrap()
        .unwrap();
    let expected: Vec<Color> = (1..=126).map(|d| Color::ALL[d % 36]).collect();
    assert_eq!(solution.moves, expected);
}

#[test]
fn solve_best_takes_the_exact_solution_in_time_and_lookahead_past_it() {
    let game = Game::new(unlimited(Config::small()), 11);
    let full = solve(&game).unwrap();
    assert_eq!(solve_best(&game, 1000), (full, Solver::Exact));
    // No time for the exact search: lookahead of depth 3, cheap on this board.
    assert_eq!(
        solve_best(&game, 0),
        (lookahead(&game, 3), Solver::Lookahead(3))
    );
    // On 64x64 with 36 colours depth 3 would take seconds: the hint (the first move of
    // the same choice) is depth 2's.
    let config = Config::new(Size::square(64), Rules::new(36, u32::MAX).unwrap()).unwrap();
    let big = Game::new(config, 7);
    assert_eq!(hint(&big), Solver::Lookahead(2).hint(&big));
    // A won game: nothing to play.
    let won = replay(&game, &solve(&game).unwrap().moves);
    assert_eq!(solve_best(&won, 1000).0.len(), 0);
}

#[test]
fn the_hint_is_the_first_move_of_the_bots_plan() {
    let large = Config::new(Size::square(40), Rules::new(12, 1000).unwrap()).unwrap();
    for (config, seeds) in [
        (Config::small(), 0..4),
        (Config::default(), 0..2),
        (large, 1..2),
    ] {
        for seed in seeds {
            let game = Game::new(config, seed);
            let plan = solve_best(&game, HINT_MILLIS).0;
            assert_eq!(hint(&game), plan.first().copied(), "seed {seed}");
            assert_eq!(solver_bot(HINT_MILLIS).choose(&game), hint(&game));
        }
    }
}

#[test]
fn the_solver_bot_plays_games_to_their_end() {
    for seed in 0..3 {
        let mut game = Game::new(Config::default(), seed);
        let optimal = solve(&game).unwrap().len();
        let mut bot = solver_bot(1000);
        while let Some(seat) = game.to_move() {
            let c = bot.choose(game.view(seat)).expect("a game in progress");
            game.play(c).unwrap();
        }
        assert_eq!(game.moves_used() as usize, optimal, "seed {seed}");
        assert_eq!(
            game.outcome(),
            Some(plateau_floodit::Outcome::won(optimal as i64))
        );
        assert_eq!(bot.choose(&game), None, "no move once the game is over");
    }
    // Too few moves allowed: the bot plays its plan until the limit, and the game is lost.
    let board: Board = "012\n120\n201".parse().unwrap();
    let mut game = Game::from_board(Rules::new(3, 2).unwrap(), &board).unwrap();
    let mut bot = solver_bot(100);
    while let Some(seat) = game.to_move() {
        let c = bot.choose(game.view(seat)).unwrap();
        game.play(c).unwrap();
    }
    assert_eq!(game.outcome(), Some(plateau_floodit::Outcome::lost(2)));
}
