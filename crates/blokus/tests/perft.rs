//! Perft from the Duo start: the number of move sequences of each depth, counted with the
//! crate's generator and with the naive one (tests/common), which must agree.

mod common;

use plateau_blokus::{Config, Game, Play};

fn fast(g: &Game) -> Vec<plateau_blokus::Move> {
    g.legal_moves()
}

/// Depth 1: the 414 openings; depth 2: blue's pieces around (4, 4) can never reach a cell a
/// piece covering (9, 9) may cover, so green always has its 414, and 414^2 = 171,396.
const PERFT: [u64; 4] = [1, 414, 171_396, PERFT_3];
/// Counted by both generators here (the naive count takes minutes even optimised, so it
/// runs on request: `cargo test -p plateau-blokus --test perft -- --include-ignored`), and
/// it agrees with the count of two move generators written outside this project (an
/// outside review's harness, reported in issue 17 of this repository).
const PERFT_3: u64 = 89_204_762;

#[test]
fn perft_1_and_2_agree_with_the_naive_generator() {
    let mut g = Game::new(Config::duo());
    for depth in 0..=2 {
        assert_eq!(
            common::perft(&mut g, depth, &fast),
            PERFT[depth as usize],
            "depth {depth}"
        );
        assert_eq!(
            common::perft(&mut g, depth, &common::naive_moves),
            PERFT[depth as usize],
            "naive depth {depth}"
        );
    }
}

#[test]
#[ignore = "171,396 naive move generations, about three minutes: run with --include-ignored"]
fn perft_3_agrees_with_the_naive_generator() {
    let mut g = Game::new(Config::duo());
    assert_eq!(common::perft(&mut g, 3, &fast), PERFT_3);
    assert_eq!(common::perft(&mut g, 3, &common::naive_moves), PERFT_3);
}
