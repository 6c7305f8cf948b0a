//! Jap Jap benches: greedy-vs-greedy rounds (the simulator's hot path, the bar of
//! 200,000 two-player rounds per second on one core), legal-move generation and one search
//! decision. Each bench asserts what it simulates.
//!
//! `cargo bench --bench japjap`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use plateau_japjap::{Action, Bot, Game, GreedyBot, Play, RoundEnd, Rules, SearchBot, play_round};

/// Turns and matches of [`greedy_rounds_in_matches`], pinned from this crate.
const EXPECTED_IN_MATCHES: (u64, u64) = (17_262, 70);

/// Rounds per measured iteration.
const ROUNDS: u64 = 1000;

/// Plays one round from each seed `0..ROUNDS` with two greedy bots; returns the total
/// turns and the number of calls.
fn greedy_rounds(rules: Rules) -> (u64, u64) {
    let (mut a, mut b) = (GreedyBot::new(), GreedyBot::new());
    let (mut turns, mut calls) = (0u64, 0u64);
    for seed in 0..ROUNDS {
        let mut game = Game::new(rules, seed);
        let r = play_round(&mut game, &mut [&mut a, &mut b]).expect("greedy plays legally");
        turns += u64::from(r.turns());
        calls += u64::from(matches!(r.end(), RoundEnd::Call { .. }));
    }
    (turns, calls)
}

/// Plays `ROUNDS` rounds in a row as a simulator does, whole matches one after the other
/// (match `k` seeded `k`), so each round costs one deal; returns the total turns and the
/// matches started.
fn greedy_rounds_in_matches(rules: Rules) -> (u64, u64) {
    let (mut a, mut b) = (GreedyBot::new(), GreedyBot::new());
    let (mut turns, mut matches) = (0u64, 1u64);
    let mut game = Game::new(rules, 0);
    for _ in 0..ROUNDS {
        if game.is_over() {
            game = Game::new(rules, matches);
            matches += 1;
        }
        let r = play_round(&mut game, &mut [&mut a, &mut b]).expect("greedy plays legally");
        turns += u64::from(r.turns());
    }
    (turns, matches)
}

fn rounds(c: &mut Criterion) {
    let rules = Rules::heads_up();
    // Pinned from this crate: 1000 rounds from seeds 0..1000, every one ended by a call
    // (greedy rounds never loop: see GreedyBot), 17,188 turns in all.
    let expected = (17_188, 1000);
    assert_eq!(greedy_rounds(rules), expected);
    let mut group = c.benchmark_group("japjap_rounds");
    group
        .throughput(Throughput::Elements(ROUNDS))
        .measurement_time(Duration::from_secs(5))
        .sample_size(30);
    group.bench_function("greedy_vs_greedy_2p", |b| {
        b.iter(|| assert_eq!(greedy_rounds(black_box(rules)), expected));
    });
    // The same rounds as a simulator plays them: whole matches in a row.
    let in_matches = greedy_rounds_in_matches(rules);
    assert_eq!(in_matches, EXPECTED_IN_MATCHES);
    group.bench_function("greedy_vs_greedy_2p_in_matches", |b| {
        b.iter(|| {
            assert_eq!(
                greedy_rounds_in_matches(black_box(rules)),
                EXPECTED_IN_MATCHES
            );
        });
    });
    group.finish();
}

fn moves(c: &mut Criterion) {
    // The first positions of 64 seeded 4-player games.
    let games: Vec<Game> = (0..64).map(|s| Game::new(Rules::default(), s)).collect();
    let mut buf = Vec::new();
    let total: usize = games
        .iter()
        .map(|g| {
            g.legal_moves_into(&mut buf);
            assert!(buf.iter().all(|&a| g.is_legal(a)));
            buf.len()
        })
        .sum();
    let mut group = c.benchmark_group("japjap_moves");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("legal_actions_into_x64", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in black_box(&games) {
                g.legal_moves_into(&mut buf);
                n += buf.len();
            }
            assert_eq!(n, total);
        });
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    let game = Game::new(Rules::heads_up(), 11);
    let me = game.to_move().expect("a new game is on");
    let view = game.view(me);
    let mut group = c.benchmark_group("japjap_search");
    group.sample_size(20);
    group.bench_function("decision_48_worlds", |b| {
        b.iter(|| {
            let mut bot = SearchBot::new(5);
            let a: Action = bot.choose(black_box(view)).expect("the seat is on turn");
            assert!(game.is_legal(a));
        });
    });
    group.finish();
}

criterion_group!(benches, rounds, moves, search);
criterion_main!(benches);
