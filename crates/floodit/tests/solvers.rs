//! The solvers: exactness against brute force, replay, and the heuristics' quality.

mod common;

use plateau_floodit::{
    Board, Color, Config, Game, Strategy, greedy, hint, lookahead, solve, solve_with_limit,
};
use plateau_grid::Pos;

fn replay(game: &Game, moves: &[Color]) -> Game {
    let mut g = game.clone();
    for &c in moves {
        g.play(c).unwrap_or_else(|e| panic!("{e} in {moves:?}"));
    }
    g
}

fn check_exact(width: usize, height: usize, colors: u8, seeds: std::ops::Range<u64>, start: Pos) {
    for seed in seeds {
        let config = Config {
            width,
            height,
            colors,
            max_moves: 100,
            start,
        };
        let game = Game::new(config, seed).unwrap();
        let cells: Vec<u8> = game.initial_board().grid().iter().copied().collect();
        let best = common::brute_force(&cells, width, start.y * width + start.x, colors);
        let moves = solve(&game);
        assert_eq!(moves.len(), best, "{width}x{height}/{colors} seed {seed}");
        let done = replay(&game, &moves);
        assert!(done.is_uniform());
        assert_eq!(done.moves_used() as usize, best);
        for other in [greedy(&game), lookahead(&game, 2), lookahead(&game, 3)] {
            assert!(other.len() >= best);
            assert!(replay(&game, &other).is_uniform());
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

#[test]
fn exact_from_a_midgame_position() {
    let config = Config {
        max_moves: 100,
        ..Config::default()
    };
    let mut game = Game::new(config, 5).unwrap();
    for &c in &greedy(&game)[..4] {
        game.play(c).unwrap();
    }
    let rest = solve(&game);
    assert!(replay(&game, &rest).is_uniform());
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
        let config = Config {
            max_moves: 100,
            ..Config::default()
        };
        let game = Game::new(config, seed).unwrap();
        let exact = solve(&game);
        let g = greedy(&game);
        let l = lookahead(&game, 3);
        assert!(replay(&game, &exact).is_uniform());
        assert!(replay(&game, &g).is_uniform());
        assert!(replay(&game, &l).is_uniform());
        assert!(exact.len() <= l.len() && exact.len() <= g.len());
        total[0] += exact.len();
        total[1] += g.len();
        total[2] += l.len();
    }
    assert!(total[0] < total[2] && total[2] < total[1], "{total:?}");
}

#[test]
fn strategies_and_limits() {
    let config = Config {
        max_moves: 100,
        ..Config::small()
    };
    let game = Game::new(config, 11).unwrap();
    assert_eq!(Strategy::Exact.solve(&game), solve(&game));
    assert_eq!(Strategy::Greedy.hint(&game), greedy(&game).first().copied());
    assert_eq!(
        Strategy::Lookahead(2).hint(&game),
        lookahead(&game, 2).first().copied()
    );
    assert_eq!(solve_with_limit(&game, 1), None);
    let full = solve_with_limit(&game, u64::MAX).unwrap();
    assert_eq!(full.moves, solve(&game));
    assert!(full.nodes > 0);
    let won = replay(&game, &full.moves);
    assert_eq!(hint(&won), None);
    assert!(solve(&won).is_empty());
}

#[test]
fn known_small_board() {
    // Worked by hand: every cell is its own region and each anti-diagonal is one step farther
    // from the corner, so the five anti-diagonals need four moves (1, 2, 0, 1 does it).
    let board: Board = "012\n120\n201".parse().unwrap();
    let config = Config {
        width: 3,
        height: 3,
        colors: 3,
        max_moves: 9,
        start: Pos::new(0, 0),
    };
    let game = Game::from_board(board, config).unwrap();
    let cells: Vec<u8> = game.initial_board().grid().iter().copied().collect();
    let best = common::brute_force(&cells, 3, 0, 3);
    assert_eq!(solve(&game).len(), best);
    assert_eq!(best, 4);
    assert!(replay(&game, &[Color(1), Color(2), Color(0), Color(1)]).is_uniform());
}
