//! The solver against references: probabilities against brute-force enumeration, the
//! deductive solver on no-guess boards, the playing solver's soundness.

mod common;

use plateau_minesweeper::solver::{Guess, Strategy as Play};
use plateau_minesweeper::{
    Board, Config, FirstClick, Game, Move, Pos, ProbabilityError, Size, SolveError, Solver, Status,
    View, hint, probabilities, probabilities_limited, solve,
};
use proptest::prelude::*;

/// Checks the engine's probabilities of `view` against enumeration.
fn check(view: &View, mines: u32) -> Result<(), TestCaseError> {
    let Some(e) = common::enumerate(view, mines, 16) else {
        return Ok(());
    };
    match probabilities(view, mines) {
        Err(ProbabilityError::Inconsistent { .. }) => {
            prop_assert_eq!(e.total, 0, "engine says inconsistent:\n{}", view);
        }
        Err(other) => prop_assert!(false, "{other}"),
        Ok(p) => {
            prop_assert!(
                e.total > 0,
                "engine found layouts of an impossible view:\n{}",
                view
            );
            prop_assert!(
                (p.layouts() - e.total as f64).abs() <= 1e-9 * e.total as f64,
                "layouts {} vs {}\n{}",
                p.layouts(),
                e.total,
                view
            );
            let w = view.width();
            for i in 0..e.covered.len() {
                let at = common::pos(w, i);
                if !e.covered[i] {
                    prop_assert_eq!(p.get(at), None);
                    continue;
                }
                let exact = e.mine_counts[i] as f64 / e.total as f64;
                let got = p.get(at).unwrap();
                prop_assert!(
                    (got - exact).abs() <= 1e-9,
                    "{at}: {got} vs {exact}\n{}",
                    view
                );
                prop_assert_eq!(
                    p.is_safe(at),
                    e.mine_counts[i] == 0,
                    "{} safe?\n{}",
                    at,
                    view
                );
                prop_assert_eq!(
                    p.is_mine(at),
                    e.mine_counts[i] == e.total,
                    "{} mine?\n{}",
                    at,
                    view
                );
            }
        }
    }
    Ok(())
}

fn position() -> impl Strategy<Value = (View, u32)> {
    (
        2usize..=7,
        2usize..=6,
        any::<u64>(),
        0u32..=100,
        0u32..=100,
        any::<u64>(),
        0u32..=40,
    )
        .prop_map(|(w, h, seed, density, open_pct, open_seed, miscount)| {
            let cells = (w * h) as u32;
            let mines = (cells * density / 100).min(cells);
            let board = Board::random(Size::new(w, h), mines, seed).unwrap();
            let mut rng = open_seed;
            let mut next = || {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng % 100
            };
            let n = w * h;
            let mut open = vec![false; n];
            let mut flag = vec![false; n];
            for i in 0..n {
                let p = Pos::new(i % w, i / w);
                if !board.is_mine(p) && (next() as u32) < open_pct {
                    open[i] = true;
                } else if next() < 8 {
                    flag[i] = true;
                }
            }
            let view = common::view_of(&board, &open, &flag);
            // Now and then a wrong mine count, to meet inconsistent views too.
            let count = if miscount < 4 {
                mines + miscount
            } else {
                mines
            };
            (view, count)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn probabilities_equal_brute_force((view, mines) in position()) {
        check(&view, mines)?;
    }
}

#[test]
fn the_reference_comparison_is_not_vacuous() {
    // The random positions above must mostly be small enough to enumerate, and include
    // inconsistent ones: otherwise the comparison would check little.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut checked, mut inconsistent, mut skipped) = (0, 0, 0);
    for _ in 0..1000 {
        let (view, mines) = position().new_tree(&mut runner).unwrap().current();
        match common::enumerate(&view, mines, 16) {
            None => skipped += 1,
            Some(e) if e.total == 0 => inconsistent += 1,
            Some(_) => checked += 1,
        }
    }
    assert!(
        checked > 500 && inconsistent > 50,
        "{checked} {inconsistent} {skipped}"
    );
}

#[test]
fn known_positions() {
    // One 1 in a corner of 3x3 with 2 mines: 3 x 5 layouts (see the crate docs).
    let v: View = "1xx\nxxx\nxxx".parse().unwrap();
    let p = probabilities(&v, 2).unwrap();
    assert!((p.get(Pos::new(1, 1)).unwrap() - 1.0 / 3.0).abs() < 1e-12);
    assert!(p.is_rest(Pos::new(2, 2)) && !p.is_rest(Pos::new(1, 0)));
    // The classic 1-2-1 between walls: the cells above the 1s are mines.
    let v: View = "xxx\n121\n...".parse().unwrap();
    let p = probabilities(&v, 2).unwrap();
    assert_eq!(p.mines(), vec![Pos::new(0, 0), Pos::new(2, 0)]);
    assert_eq!(p.safe_cells(), vec![Pos::new(1, 0)]);
    assert_eq!(p.rest(), None);
    // 1-2-3-2-1: the 3 takes the three cells above it, which leaves the ends safe.
    let v: View = "xxxxx\n12321\n.....".parse().unwrap();
    let p = probabilities(&v, 3).unwrap();
    assert_eq!(
        p.mines(),
        vec![Pos::new(1, 0), Pos::new(2, 0), Pos::new(3, 0)]
    );
    assert_eq!(p.safe_cells(), vec![Pos::new(0, 0), Pos::new(4, 0)]);
    // The global count decides: one mine left and a lone 1 with two cells: the far cell
    // touching no number is safe.
    let v: View = "1xx\n1xx".parse().unwrap();
    let p = probabilities(&v, 1).unwrap();
    assert!(p.is_safe(Pos::new(2, 0)) && p.is_safe(Pos::new(2, 1)));
    assert_eq!(p.rest(), Some(0.0));
    assert!((p.get(Pos::new(1, 0)).unwrap() - 0.5).abs() < 1e-12);
    // Flags are mines; a wrong count or an impossible number is inconsistent.
    let v: View = "F1\nxx".parse().unwrap();
    assert!(probabilities(&v, 1).unwrap().is_safe(Pos::new(0, 1)));
    assert_eq!(
        probabilities(&v, 0),
        Err(ProbabilityError::Inconsistent { mines: 0 })
    );
    let v: View = "8x\nxx".parse().unwrap();
    assert!(probabilities(&v, 3).is_err());
}

#[test]
fn huge_boards_do_not_overflow() {
    // 1000 x 1000 with 200 000 mines: about 10^217 000 layouts, far past f64.
    let size = Size::new(1000, 1000);
    let board = Board::random(size, 200_000, 3).unwrap();
    let mut open = vec![false; 1_000_000];
    // Open every safe cell of the first 20 rows.
    for (i, slot) in open.iter_mut().enumerate().take(20_000) {
        *slot = !board.is_mine(common::pos(1000, i));
    }
    let view = common::view_of(&board, &open, &vec![false; 1_000_000]);
    let p = probabilities(&view, 200_000).unwrap();
    assert!(
        p.layouts().is_infinite() && p.layouts_log2() > 700_000.0,
        "{}",
        p.layouts_log2()
    );
    let sum: f64 = p.iter().map(|(_, q)| q).sum();
    assert!((sum - 200_000.0).abs() < 1e-3, "{sum}");
    let rest = p.rest().unwrap();
    assert!(rest > 0.19 && rest < 0.21, "{rest}");
}

#[test]
fn a_checkerboard_of_numbers_hits_the_budget() {
    // 1s on every other cell tie all covered cells into one wide component that no
    // single-number rule breaks.
    let v = View::from_fn(Size::new(60, 60), |p| {
        if (p.x + p.y) % 2 == 0 {
            plateau_minesweeper::Cell::Revealed(plateau_minesweeper::Number::new(1).unwrap())
        } else {
            plateau_minesweeper::Cell::Hidden
        }
    })
    .unwrap();
    assert!(matches!(
        probabilities_limited(&v, 500, 100_000),
        Err(ProbabilityError::NodeLimit { .. })
    ));
}

#[test]
fn no_guess_boards_are_solved_by_deduction_alone() {
    // Expert from the default opener and from a corner, and other sizes and densities.
    let mut boards = 0;
    for seed in 0..60u64 {
        for (config, at) in [
            (Config::expert(), Pos::new(3, 3)),
            (Config::expert(), Pos::new(0, 0)),
            (Config::intermediate(), Pos::new(8, 8)),
            (Config::new(Size::new(20, 10), 50).unwrap(), Pos::new(19, 9)),
        ] {
            let config = config.with_first_click(FirstClick::NoGuess).unwrap();
            let mut g = Game::new(config, seed);
            g.play(Move::Reveal(at)).unwrap();
            let solution =
                solve(&g).unwrap_or_else(|e| panic!("seed {seed}, {config}: {e}\n{:?}", g.board()));
            g.play_all(&solution.moves).unwrap();
            assert_eq!(g.status(), Status::Won);
            boards += 1;
        }
    }
    assert_eq!(boards, 240);
}

#[test]
fn deductions_never_reveal_a_mine() {
    // On ordinary boards the deductive solver either wins or says it needs a guess.
    let (mut won, mut stuck) = (0, 0);
    for seed in 0..300 {
        let g = Game::new(Config::intermediate(), seed);
        match solve(&g) {
            Ok(s) => {
                let mut g = g.clone();
                g.play_all(&s.moves).unwrap();
                assert_eq!(g.status(), Status::Won);
                won += 1;
            }
            Err(SolveError::NeedsGuess { .. }) => stuck += 1,
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    assert!(won > 10 && stuck > 10, "{won} {stuck}");
}

#[test]
fn hints() {
    let v: View = "1.\nxx".parse().unwrap();
    assert_eq!(hint(&v, 1), Some(Move::Reveal(Pos::new(1, 1))));
    // A fresh board: the opener.
    let fresh = View::hidden(Size::new(9, 9)).unwrap();
    assert_eq!(hint(&fresh, 10), Some(Move::Reveal(Pos::new(0, 0))));
    // Nothing left: all covered cells are mines.
    let done: View = "1x\n11".parse().unwrap();
    assert_eq!(hint(&done, 1), None);
    // A wrong flag (next to a 0) the solver needs to open is unflagged first.
    let wrong: View = "F.1x\n..1x".parse().unwrap();
    assert_eq!(hint(&wrong, 1), Some(Move::Flag(Pos::new(0, 0))));
}

#[test]
fn the_endgame_plays_a_coin_flip_and_a_sure_thing() {
    // Two cells, one mine, nothing to tell them apart: the solver guesses one of them.
    let v: View = "xx\n11".parse().unwrap();
    let m = hint(&v, 1).unwrap();
    assert!(matches!(m, Move::Reveal(p) if p.y == 0));
}

#[test]
fn solver_win_rates_are_sane() {
    // A regression guard only (the measured rates come from the example's `stats`).
    let mut solver = Solver::default();
    let wins = (0..300)
        .filter(|&s| solver.play(&mut Game::new(Config::beginner(), s)) == Status::Won)
        .count();
    assert!(wins >= 255, "{wins} of 300 beginner games");
    let mut low = Solver::new(Play {
        guess: Guess::LowestRisk,
        ..Play::default()
    });
    let wins = (0..60)
        .filter(|&s| low.play(&mut Game::new(Config::expert(), s)) == Status::Won)
        .count();
    assert!(wins >= 12, "{wins} of 60 expert games");
}
