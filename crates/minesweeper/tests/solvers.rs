//! The solver against references: probabilities against brute-force enumeration, the
//! deductive solver on no-guess boards, the playing solver's soundness.

mod common;

use plateau_minesweeper::{Board, Pos, ProbabilityError, Size, View, probabilities};
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
fn debug_coverage_of_the_generator() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::default();
    let (mut checked, mut incons, mut skipped) = (0, 0, 0);
    for _ in 0..3000 {
        let (view, mines) = position().new_tree(&mut runner).unwrap().current();
        match common::enumerate(&view, mines, 16) {
            None => skipped += 1,
            Some(e) if e.total == 0 => incons += 1,
            Some(_) => checked += 1,
        }
    }
    eprintln!("checked {checked} inconsistent {incons} skipped {skipped}");
}
