//! Minesweeper benches; each asserts the result it measures.
//!
//! `cargo bench --bench minesweeper`
//!
//! - `reveal_opening`: the first reveal of a 1000 x 1000 board with 2 000 mines, which opens
//!   almost the whole board (the iterative zero-region opening, plus laying the mines).
//! - `probabilities`: the exact mine probabilities of Expert positions where the deductions
//!   are stuck (the solver's main cost), and of a hand-made corner position.
//! - `solver_game`: the solver plays a whole Expert game from its view alone.
//! - `no_guess_expert`: generating a no-guess Expert board (the first reveal).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use plateau_minesweeper::{
    Config, FirstClick, Game, Move, Play, Pos, Seat, Size, Solver, Status, View, hint,
    probabilities, solve,
};

/// A view of an Expert game of `seed` (first click in the corner) where the deductions are
/// exhausted (every covered cell could be a mine) with `open` cells revealed, within
/// `range`: safe cells are played, and the solver's guess when stuck too early. Built
/// through the public API; `None` if the game ends or passes the range first.
fn stuck_view(seed: u64, range: std::ops::Range<usize>) -> Option<View> {
    let mut g = Game::new(Config::expert(), seed);
    g.play(Move::Reveal(Pos::new(0, 0))).unwrap();
    while !g.is_over() {
        let p = probabilities(g.cells(), 99).unwrap();
        let safe = p.safe_cells();
        if safe.is_empty() {
            let open = g.cells().revealed();
            if open >= range.end {
                return None;
            }
            if open >= range.start {
                return Some(g.cells().clone());
            }
            g.play(hint(g.view(Seat::FIRST))?).unwrap();
        }
        for s in safe {
            let _ = g.play(Move::Reveal(s));
        }
    }
    None
}

/// Cells a reveal at `start` opens, by a queue (the reference for the game's flood fill).
fn bfs_opening(board: &plateau_minesweeper::Board, start: Pos) -> usize {
    let (w, h) = (board.width(), board.height());
    let mut seen = vec![false; w * h];
    let mut queue = std::collections::VecDeque::from([start]);
    seen[start.y * w + start.x] = true;
    let mut count = 0;
    while let Some(p) = queue.pop_front() {
        count += 1;
        if board.number(p) != Some(0) {
            continue;
        }
        for dy in -1i64..=1 {
            for dx in -1i64..=1 {
                let (x, y) = (p.x as i64 + dx, p.y as i64 + dy);
                if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
                    continue;
                }
                let q = Pos::new(x as usize, y as usize);
                if !seen[q.y * w + q.x] {
                    seen[q.y * w + q.x] = true;
                    queue.push_back(q);
                }
            }
        }
    }
    count
}

fn reveal_opening(c: &mut Criterion) {
    let config = Config::new(Size::new(1000, 1000), 2000)
        .unwrap()
        .with_first_click(FirstClick::Opening)
        .unwrap();
    let opened = |seed| {
        let mut g = Game::new(config, seed);
        let e = g.play(Move::Reveal(Pos::new(500, 500))).unwrap();
        assert_eq!(g.status(), Status::InProgress);
        e.opened().len()
    };
    // The expected count by a plain breadth-first search over the board's numbers: the
    // 8-connected zeros around the click and their border.
    let mut g = Game::new(config, 1);
    g.play(Move::Reveal(Pos::new(500, 500))).unwrap();
    let expected = bfs_opening(&g.board().unwrap(), Pos::new(500, 500));
    assert_eq!(opened(1), expected);
    assert!(expected > 900_000, "{expected}");
    let mut group = c.benchmark_group("minesweeper");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    group.bench_function("reveal_opening/1000x1000", |b| {
        b.iter(|| assert_eq!(opened(black_box(1)), expected));
    });
    group.finish();
}

fn probability_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("minesweeper_probabilities");
    group.measurement_time(Duration::from_secs(4));
    let corner: View = "1xx\nxxx\nxxx".parse().unwrap();
    group.bench_function("corner_3x3", |b| {
        b.iter(|| {
            let p = probabilities(black_box(&corner), 2).unwrap();
            assert!((p.get(Pos::new(1, 0)).unwrap() - 1.0 / 3.0).abs() < 1e-12);
        });
    });
    // Three stuck positions from early, middle and late in a game.
    let positions = [30..100, 150..250, 300..370].map(|range| {
        (1u64..)
            .find_map(|seed| stuck_view(seed, range.clone()).map(|v| (seed, v)))
            .expect("some game gets there")
    });
    for (seed, view) in positions {
        let revealed = view.revealed();
        let check = |p: &plateau_minesweeper::Probabilities| {
            // No cell is safe (the position is stuck) and the mines add up to 99.
            assert!(p.safe_cells().is_empty());
            let sum: f64 = p.iter().map(|(_, q)| q).sum();
            assert!((sum - 99.0).abs() < 1e-9, "{sum}");
        };
        check(&probabilities(&view, 99).unwrap());
        group.bench_function(format!("expert_seed{seed}_{revealed}_revealed"), |b| {
            b.iter(|| check(&probabilities(black_box(&view), 99).unwrap()));
        });
    }
    group.finish();
}

fn solver_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("minesweeper_solver");
    group.measurement_time(Duration::from_secs(6));
    let mut solver = Solver::default();
    // Seed 2026 is a win (the demo's game); the solver is deterministic.
    let play = |solver: &mut Solver| {
        let mut g = Game::new(Config::expert(), 2026);
        let status = solver.play(&mut g);
        assert_eq!(status, Status::Won);
        g.revealed()
    };
    assert_eq!(play(&mut solver), 381);
    group.bench_function("expert_game_seed2026", |b| {
        b.iter(|| assert_eq!(play(black_box(&mut solver)), 381));
    });
    group.finish();
}

fn no_guess(c: &mut Criterion) {
    let config = Config::expert()
        .with_first_click(FirstClick::NoGuess)
        .unwrap();
    let generate = |seed: u64| {
        let mut g = Game::new(config, seed);
        g.play(Move::Reveal(Pos::new(3, 3))).unwrap();
        g
    };
    // Outside the timing: the boards are no-guess (the deductive solver clears them).
    for seed in 0..20 {
        let mut g = generate(seed);
        let s = solve(&g).unwrap();
        g.play_all(&s.moves).unwrap();
        assert_eq!(g.status(), Status::Won);
    }
    let mut group = c.benchmark_group("minesweeper_no_guess");
    group.measurement_time(Duration::from_secs(6));
    let mut seed = 0u64;
    group.bench_function("expert_board", |b| {
        b.iter(|| {
            seed += 1;
            let g = generate(black_box(seed));
            assert_eq!(g.status(), Status::InProgress);
            assert!(g.revealed() >= 9);
        });
    });
    group.finish();
}

criterion_group!(
    benches,
    reveal_opening,
    probability_positions,
    solver_game,
    no_guess
);
criterion_main!(benches);
