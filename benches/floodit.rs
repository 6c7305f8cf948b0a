//! Flood-It solver benches on fixed boards; each asserts the solution length it measures.
//!
//! `cargo bench --bench floodit`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use plateau_floodit::{Color, Config, Game, Play, greedy, lookahead, solve};

fn floods(game: &Game, moves: &[Color]) -> bool {
    let mut g = game.clone();
    g.play_all(moves).is_ok() && g.is_uniform()
}

fn board(config: Config, seed: u64) -> Game {
    Game::new(config.with_max_moves(200).unwrap(), seed)
}

fn solvers(c: &mut Criterion) {
    // (name, game, optimal, greedy, lookahead 3): lengths pinned from this crate's solvers;
    // the exact ones agree with the brute-force search on the small boards in the tests.
    let cases = [
        ("12x12_seed1", board(Config::default(), 1), 18, 22, 21),
        ("14x14_seed7", board(Config::small(), 7), 21, 28, 22),
        ("14x14_seed42", board(Config::small(), 42), 22, 28, 24),
    ];
    let mut group = c.benchmark_group("floodit_solvers");
    group
        .measurement_time(Duration::from_secs(4))
        .sample_size(20);
    for (name, game, optimal, greedy_len, look_len) in &cases {
        let exact = solve(game).unwrap();
        assert_eq!(exact.len(), *optimal, "{name}");
        assert!(floods(game, &exact.moves));
        let g = greedy(game);
        assert_eq!(g.len(), *greedy_len, "{name}");
        assert!(floods(game, &g.moves));
        let l = lookahead(game, 3);
        assert_eq!(l.len(), *look_len, "{name}");
        assert!(floods(game, &l.moves));
        group.bench_function(format!("exact/{name}"), |b| {
            b.iter(|| assert_eq!(solve(black_box(game)).map(|s| s.len()), Ok(*optimal)));
        });
        group.bench_function(format!("greedy/{name}"), |b| {
            b.iter(|| assert_eq!(greedy(black_box(game)).len(), *greedy_len));
        });
        group.bench_function(format!("lookahead3/{name}"), |b| {
            b.iter(|| assert_eq!(lookahead(black_box(game), 3).len(), *look_len));
        });
    }
    group.finish();
}

criterion_group!(benches, solvers);
criterion_main!(benches);
