//! plateau-tetris benches: the bot's decision, the legal placements and a placement on
//! positions from a seeded bot game; a minute of real-time ticks (the bot playing through the
//! buttons) and its replay. Each bench asserts what it computes.
//!
//! `cargo bench --bench tetris`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use plateau_tetris::{Bot, Buttons, Game, Heuristic, Play, Rules, Seat, Status, Step};

/// Positions of a Guideline game the bot plays from seed 1, every 50th piece.
fn positions() -> Vec<Game> {
    let mut game = Game::new(Rules::guideline(), 1);
    let mut bot = Heuristic::default();
    let mut out = Vec::new();
    for i in 0..2_000 {
        if i % 50 == 0 {
            out.push(game.clone());
        }
        let p = bot
            .choose(game.view(Seat::FIRST))
            .expect("the bot survives");
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
            assert!(g.is_legal(bot.choose(g.view(Seat::FIRST)).expect("a move")));
        }
        group.bench_function(format!("choose/{name}"), |b| {
            b.iter(|| {
                for g in black_box(&games) {
                    assert!(bot.choose(g.view(Seat::FIRST)).is_some());
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

/// Real-time inputs: the bot plays through the buttons, one press per step of each
/// placement's path (and soft drop held for falls), for about a minute of ticks.
fn bot_inputs(ticks: usize) -> (Vec<Buttons>, Game) {
    let mut game = Game::new(Rules::guideline(), 3);
    let mut bot = Heuristic::default();
    let mut inputs = Vec::with_capacity(ticks + 100);
    let press = |game: &mut Game, inputs: &mut Vec<Buttons>, b: Buttons| {
        game.tick(b);
        inputs.push(b);
    };
    while inputs.len() < ticks && !game.is_over() {
        let Some(p) = bot.choose(game.view(Seat::FIRST)) else {
            break;
        };
        let path = game.path(p).unwrap_or_default();
        let pieces = game.pieces();
        for step in path {
            let b = match step {
                Step::Left => Buttons::LEFT,
                Step::Right => Buttons::RIGHT,
                Step::RotateCw => Buttons::CW,
                Step::RotateCcw => Buttons::CCW,
                Step::Hold => Buttons::HOLD,
                Step::HardDrop => Buttons::HARD_DROP,
                Step::SoftDrop | Step::Drop => {
                    // Hold soft drop until the piece has moved (one row) or rests (a fall).
                    let start = game.active();
                    for _ in 0..80 {
                        press(&mut game, &mut inputs, Buttons::SOFT_DROP);
                        let Some(t) = game.active() else { break };
                        let moved = Some(t) != start;
                        let rests = !game
                            .board()
                            .field()
                            .fits(game.rules().rotation_system(), t.moved(0, -1));
                        if (step == Step::SoftDrop && moved) || rests || game.pieces() != pieces {
                            break;
                        }
                    }
                    press(&mut game, &mut inputs, Buttons::NONE);
                    continue;
                }
            };
            press(&mut game, &mut inputs, b);
            press(&mut game, &mut inputs, Buttons::NONE);
            if game.pieces() != pieces {
                break;
            }
        }
        if game.pieces() == pieces {
            press(&mut game, &mut inputs, Buttons::HARD_DROP);
            press(&mut game, &mut inputs, Buttons::NONE);
        }
    }
    (inputs, game)
}

fn real_time(c: &mut Criterion) {
    let (inputs, reference) = bot_inputs(3600);
    let pieces = reference.pieces();
    assert!(
        pieces >= 40 && !reference.is_over(),
        "{pieces} pieces, {:?}",
        reference.status()
    );
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
            assert_eq!(g.score(), reference.score());
        });
    });
    group.bench_function("replay_one_minute", |b| {
        b.iter(|| {
            let g = black_box(&replay).run().expect("replays");
            assert_eq!(g.pieces(), pieces);
            assert!(matches!(g.status(), Status::InProgress));
        });
    });
    group.finish();
}

criterion_group!(benches, bot, real_time);
criterion_main!(benches);
