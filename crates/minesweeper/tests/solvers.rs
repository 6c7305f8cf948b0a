//! The solver against references: probabilities against brute-force enumeration, the
//! deductive solver on no-guess boards, the playing solver's soundness.

mod common;

use plateau_minesweeper::solver::{Guess, Settings};
use plateau_minesweeper::{
    Board, Bot, Config, FirstClick, Game, Move, Play, PlayerView, Pos, ProbabilityError, Rules,
    Seat, Size, SolveError, Solver, Status, View, hint, probabilities, probabilities_limited,
    solve,
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
fn a_checkerboard_of_numbers_hits_the_structural_limit() {
    // 1s on every other cell tie all covered cells into one wide component that no
    // single-number rule breaks: no box order keeps 27 numbers open, so the answer is the
    // structural limit at any budget (it used to say "gave up after 0 search nodes (raise
    // the limit)", which no limit helped).
    let v = View::from_fn(Size::new(60, 60), |p| {
        if (p.x + p.y) % 2 == 0 {
            plateau_minesweeper::Cell::Revealed(plateau_minesweeper::Number::new(1).unwrap())
        } else {
            plateau_minesweeper::Cell::Hidden
        }
    })
    .unwrap();
    for budget in [100_000, u64::MAX] {
        assert!(matches!(
            probabilities_limited(&v, 500, budget),
            Err(ProbabilityError::TooWide { max: 27, .. })
        ));
    }
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
    assert_eq!(
        hint(PlayerView::new(&v, 1)),
        Some(Move::Reveal(Pos::new(1, 1)))
    );
    // A fresh board: the opener.
    let fresh = View::hidden(Size::new(9, 9)).unwrap();
    assert_eq!(
        hint(PlayerView::new(&fresh, 10)),
        Some(Move::Reveal(Pos::new(0, 0)))
    );
    // Nothing left: all covered cells are mines.
    let done: View = "1x\n11".parse().unwrap();
    assert_eq!(hint(PlayerView::new(&done, 1)), None);
    // A wrong flag (next to a 0) the solver needs to open is unflagged first.
    let wrong: View = "F.1x\n..1x".parse().unwrap();
    assert_eq!(
        hint(PlayerView::new(&wrong, 1)),
        Some(Move::Flag(Pos::new(0, 0)))
    );
}

#[test]
fn the_endgame_plays_a_coin_flip_and_a_sure_thing() {
    // Two cells, one mine, nothing to tell them apart: the solver guesses one of them.
    let v: View = "xx\n11".parse().unwrap();
    let m = hint(PlayerView::new(&v, 1)).unwrap();
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
    let mut low = Solver::new(Settings {
        guess: Guess::LowestRisk,
        ..Settings::default()
    });
    let wins = (0..60)
        .filter(|&s| low.play(&mut Game::new(Config::expert(), s)) == Status::Won)
        .count();
    assert!(wins >= 12, "{wins} of 60 expert games");
}

/// Board `a` with one mine moved from `from` to `to` (a safe cell).
fn move_mine(a: &Board, from: Pos, to: Pos) -> Board {
    let text: String = a
        .to_string()
        .lines()
        .enumerate()
        .map(|(y, line)| {
            let row: String = line
                .chars()
                .enumerate()
                .map(|(x, c)| match Pos::new(x, y) {
                    p if p == from => '.',
                    p if p == to => '*',
                    _ => c,
                })
                .collect();
            row + "\n"
        })
        .collect();
    text.parse().unwrap()
}

#[test]
fn the_solver_chooses_from_the_view_alone() {
    // Two games whose views are equal but whose hidden mines differ: a mine moved between
    // two covered cells that touch no revealed cell changes no number on show. The solver
    // (following each game, or fresh) chooses the same move in both, at every step.
    let mut compared = 0;
    for seed in 0..12u64 {
        let mut a = Game::new(Config::expert(), seed);
        let mut steps = Solver::default();
        // Play a few moves so the view has numbers, then lay a twin board.
        for _ in 0..3 {
            let Some(m) = steps.choose(a.view(Seat::FIRST)) else {
                break;
            };
            a.play(m).unwrap();
        }
        if a.is_over() {
            continue;
        }
        let board = a.board().unwrap();
        let far = |p: Pos| {
            board.size().contains(p)
                && (p.x.saturating_sub(1)..=p.x + 1).all(|x| {
                    (p.y.saturating_sub(1)..=p.y + 1).all(|y| {
                        a.cells()
                            .get(Pos::new(x, y))
                            .is_none_or(plateau_minesweeper::Cell::is_covered)
                    })
                })
        };
        let cells = || (0..16).flat_map(|y| (0..30).map(move |x| Pos::new(x, y)));
        let Some(from) = cells().find(|&p| far(p) && board.is_mine(p)) else {
            continue;
        };
        let Some(to) = cells().find(|&p| far(p) && !board.is_mine(p)) else {
            continue;
        };
        let twin_board = move_mine(&board, from, to);
        assert_ne!(twin_board, board);
        let rules = Rules::default();
        let (mut x, mut y) = (
            Game::from_board(rules, &board).unwrap(),
            Game::from_board(rules, &twin_board).unwrap(),
        );
        let (mut sx, mut sy) = (Solver::default(), Solver::default());
        while let (Some(s), Some(_)) = (x.to_move(), y.to_move()) {
            if x.cells() != y.cells() {
                break;
            }
            let fresh = (
                Solver::default().choose(x.view(s)),
                Solver::default().choose(y.view(s)),
            );
            assert_eq!(fresh.0, fresh.1, "seed {seed}: fresh solvers differ");
            let (mx, my) = (sx.choose(x.view(s)), sy.choose(y.view(s)));
            assert_eq!(mx, my, "seed {seed}: the same view, another move");
            compared += 1;
            let (Some(mx), Some(my)) = (mx, my) else {
                break;
            };
            x.play(mx).unwrap();
            y.play(my).unwrap();
        }
    }
    assert!(compared > 100, "{compared} positions compared");
}

#[test]
fn a_solver_handed_two_games_in_turn_plays_both_legally() {
    // One solver, two games, alternately: each call sees a view of the other game, so the
    // solver starts over from it every time; every move it offers is legal.
    let mut solver = Solver::default();
    let mut games = [
        Game::new(Config::intermediate(), 1),
        Game::new(Config::intermediate(), 2),
    ];
    let mut moves = 0;
    while games.iter().any(|g| !g.is_over()) {
        for g in &mut games {
            if let Some(seat) = g.to_move() {
                let m = solver
                    .choose(g.view(seat))
                    .expect("a move while in progress");
                g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
                moves += 1;
            }
        }
        assert!(moves < 1000);
    }
    assert!(games.iter().all(|g| g.revealed() > 0));
}

#[test]
fn the_first_click_follows_the_policy_in_the_view() {
    let fresh = View::hidden(Size::new(30, 16)).unwrap();
    let corner = PlayerView::new(&fresh, 99);
    assert_eq!(hint(corner), Some(Move::Reveal(Pos::new(0, 0))));
    let opening = corner.with_first_click(FirstClick::NoGuess);
    assert_eq!(hint(opening), Some(Move::Reveal(Pos::new(3, 3))));
    let lost: View = "*x\n1x".parse().unwrap();
    assert_eq!(hint(PlayerView::new(&lost, 2)), None);
}

/// A `w x h` view (`w` one more than a multiple of 3, `h` odd) of hidden rows between rows
/// of revealed 2s, and its mine count: each 2 sees three hidden cells above and three below,
/// which ties the hidden cells into one wide, grid-like frontier that no deduction splits.
/// A mine on every third column of each hidden row makes it consistent.
fn stripes(w: usize, h: usize) -> (View, u32) {
    let row = |y: usize| if y.is_multiple_of(2) { "x" } else { "2" }.repeat(w);
    let view = (0..h)
        .map(row)
        .collect::<Vec<_>>()
        .join("\n")
        .parse()
        .unwrap();
    (view, (w.div_ceil(3) * h.div_ceil(2)) as u32)
}

#[test]
fn a_structural_limit_says_what_it_is_and_what_helps() {
    // 60 columns of stripes: no box order keeps 27 numbers or fewer open at once.
    let (view, mines) = stripes(61, 61);
    for budget in [1_000, u64::MAX] {
        let e = probabilities_limited(&view, mines, budget).unwrap_err();
        let ProbabilityError::TooWide { open, max } = e else {
            panic!("not the structural limit: {e}");
        };
        assert!(open > max && max == 27, "{open} {max}");
        let text = e.to_string();
        assert!(
            text.contains("at most 27") && text.contains("no node limit helps"),
            "{text}"
        );
    }
    // Narrow stripes are counted: the same kind of view, 6 columns wide.
    let (narrow, mines) = stripes(7, 9);
    assert!(probabilities(&narrow, mines).is_ok());
}

#[test]
fn the_node_limit_bounds_the_work_of_large_views() {
    // A long frontier of many boxes: each state carries a tally per box, so the work grows
    // with the boxes too. A small budget stops it, quickly, with the node-limit error.
    let (view, mines) = stripes(400, 3);
    let start = std::time::Instant::now();
    let e = probabilities_limited(&view, mines, 1_000).unwrap_err();
    assert!(
        matches!(e, ProbabilityError::NodeLimit { .. }),
        "not the node limit: {e}"
    );
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}
