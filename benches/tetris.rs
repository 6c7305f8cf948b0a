//! plateau-tetris benches: the bot's decision, a placement, real-time ticks and a replay, on
//! positions from a seeded bot game. Each bench asserts what it computes.
//!
//! `cargo bench --bench tetris`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use plateau_tetris::{Bot, Buttons, Game, Heuristic, Rules, Status};

/// Positions of a Guideline game the bot plays from seed 1, every 50th piece.
fn positions() -> Vec<Game> {
    let mut game = Game::new(Rules::guideline(), 1);
    let mut bot = Heuristic::default();
    let mut out = Vec::new();
    for i in 0..2_000 {
        if i % 50 == 0 {
            out.push(game.clone());
        }
        let p = bot.choose(&game.view()).expect("the bot survives");
        game.play(p).expect("legal");
    }
    out
}

fn bot(c: &mut Criterion) {
    let games = positions();
    let mut group = c.benchmark_group("tetris_bot");
    group
        .throughput(Throughput::Elements(games.len() as u64))
        .measurement_time(Duration::from_secs(4));
    for (name, beam) in [("one_ply", 0), ("default_beam4", 4)] {
        let mut bot = Heuristic::new(plateau_tetris::bot::Weights::default(), beam);
        // The choices are legal.
        for g in &games {
            assert!(g.is_legal(bot.choose(&g.view()).expect("a move")));
        }
        group.bench_function(format!("choose/{name}"), |b| {
            b.iter(|| {
                for g in black_box(&games) {
                    assert!(bot.choose(&g.view()).is_some());
                }
            });
        });
    }
    group.bench_function("legal_moves", |b| {
        let mut v = Vec::with_capacity(128);
        b.iter(|| {
            for g in black_box(&games) {
                g.legal_moves_into(&mut v);
                assert!(v.len() >= 9);
            }
        });
    });
    group.bench_function("play", |b| {
        let moves: Vec<_> = games.iter().map(|g| g.legal_moves()[0]).collect();
        b.iter(|| {
            for (g, &m) in black_box(&games).iter().zip(&moves) {
                let mut g = g.clone();
                assert!(g.play(m).is_ok());
            }
        });
    });
    group.finish();
}

fn real_time(c: &mut Criterion) {
    // One minute of play (3600 ticks): hard drops every 20 ticks with some shifting.
    let inputs: Vec<Buttons> = (0..3600)
        .map(|i| match i % 20 {
            0 => Buttons::LEFT,
            3 => Buttons::CW,
            6 => Buttons::RIGHT,
            9 => Buttons::HARD_DROP,
            _ => Buttons::NONE,
        })
        .collect();
    let mut reference = Game::new(Rules::guideline(), 3);
    for &b in &inputs {
        reference.tick(b);
    }
    let pieces = reference.pieces();
    assert!(pieces >= 20, "{pieces}");
    let replay = reference.replay();
    let mut group = c.benchmark_group("tetris_real_time");
    group
        .throughput(Throughput::Elements(inputs.len() as u64))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("tick_one_minute", |b| {
        b.iter(|| {
            let mut g = Game::new(Rules::guideline(), 3);
            for &i in black_box(&inputs) {
                g.tick(i);
            }
            assert_eq!(g.pieces(), pieces);
        });
    });
    group.bench_function("replay_one_minute", |b| {
        b.iter(|| {
            let g = black_box(&replay).run().expect("replays");
            assert_eq!(g.pieces(), pieces);
            assert!(matches!(g.status(), Status::Playing | Status::Over { .. }));
        });
    });
    group.finish();
}

criterion_group!(benches, bot, real_time);
criterion_main!(benches);
