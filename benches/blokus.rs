//! Blokus: the move generator and the playouts; each bench asserts the count it produces.
//!
//! `cargo bench --bench blokus` (wall time), or `BLOKUS_BENCH_CPU=1 cargo bench --bench
//! blokus` to time the benchmarking thread's own CPU time (Linux), for figures on a machine
//! shared with other work.
//!
//! Bars (issue 12): the full legal move list of a mid-game Duo position under 20 us; random
//! Duo playouts from the start to the end at more than 30,000 per second on one core.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, SamplingMode, Throughput};
use plateau_blokus::{
    Bot, Config, Game, Mcts, Move, Play, parse_moves, playout, random, uniform_playout,
};

/// A Duo position after 12 moves (6 each; greedy blue against random green): 366 legal
/// moves for blue, the same set as the naive generator's (crates/blokus/tests/rules.rs).
const DUO_MIDGAME: &str = "56u0 bal0 43t2 79q0 86r0 bdd1 6ao4 a6g0 a3p0 c4m4 3bs0 dbf6";
const DUO_MIDGAME_MOVES: usize = 366;

fn duo_midgame() -> Game {
    let mut g = Game::new(Config::duo());
    g.play_all(&parse_moves(DUO_MIDGAME).expect("codes"))
        .expect("legal");
    g
}

fn move_generation<M: Measurement>(c: &mut Criterion<M>) {
    let mut group = c.benchmark_group("blokus_movegen");
    // Ten samples of about a second each: the CPU clock of `ThreadCpu` advances in
    // scheduler ticks (a few ms), which must be small against a sample.
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let cases = [
        ("duo_midgame", duo_midgame(), DUO_MIDGAME_MOVES),
        ("duo_opening", Game::new(Config::duo()), 414),
    ];
    for (name, game, count) in &cases {
        let mut moves: Vec<Move> = Vec::with_capacity(1024);
        game.legal_moves_into(&mut moves);
        assert_eq!(moves.len(), *count, "{name}");
        group.bench_function(*name, |b| {
            b.iter(|| {
                black_box(game).legal_moves_into(&mut moves);
                assert_eq!(moves.len(), *count);
            });
        });
    }
    group.finish();
}

/// Playouts per iteration: the rng is seeded afresh each time, so the total number of
/// pieces placed is fixed and asserted.
const BATCH: u64 = 100;
const BIASED_PLACEMENTS: u32 = 2_893;
const UNIFORM_PLACEMENTS: u32 = 2_715;

fn playouts<M: Measurement>(c: &mut Criterion<M>) {
    let start = Game::new(Config::duo());
    let biased = |n: u64| {
        let mut rng = random::seeded(1);
        (0..n)
            .map(|_| playout(black_box(&start), &mut rng).placements)
            .sum::<u32>()
    };
    let uniform = |n: u64| {
        let mut rng = random::seeded(1);
        (0..n)
            .map(|_| uniform_playout(black_box(&start), &mut rng).placements)
            .sum::<u32>()
    };
    assert_eq!(biased(BATCH), BIASED_PLACEMENTS);
    assert_eq!(uniform(BATCH), UNIFORM_PLACEMENTS);
    let mut group = c.benchmark_group("blokus_playouts");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("duo_biased_x100", |b| {
        b.iter(|| assert_eq!(biased(BATCH), BIASED_PLACEMENTS));
    });
    group.bench_function("duo_uniform_x100", |b| {
        b.iter(|| assert_eq!(uniform(BATCH), UNIFORM_PLACEMENTS));
    });
    group.finish();
}

fn search<M: Measurement>(c: &mut Criterion<M>) {
    let start = Game::new(Config::duo());
    let mut group = c.benchmark_group("blokus_mcts");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(1_000));
    group.bench_function("duo_opening_1000_playouts", |b| {
        b.iter(|| {
            let mut bot = Mcts::new(3).with_playouts(1_000);
            let m = bot
                .choose(black_box(&start))
                .expect("a move while the game goes on");
            assert!(start.is_legal(m));
            assert_eq!(bot.last_playouts(), 1_000);
        });
    });
    // One tree grown by one thread and by two (`Mcts::with_threads`): time these by the
    // wall clock (not `BLOKUS_BENCH_CPU`, which counts the benchmarking thread only).
    group.throughput(Throughput::Elements(4_000));
    for (threads, name) in [
        (1, "duo_opening_4000_playouts_1_thread"),
        (2, "duo_opening_4000_playouts_2_threads"),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut bot = Mcts::new(3).with_playouts(4_000).with_threads(threads);
                let m = bot
                    .choose(black_box(&start))
                    .expect("a move while the game goes on");
                assert!(start.is_legal(m));
                assert_eq!(bot.last_playouts(), 4_000);
            });
        });
    }
    group.finish();
}

/// The benchmarking thread's time on a CPU, from `/proc/thread-self/schedstat` (Linux; wall
/// time where it cannot be read): on a shared machine it counts this thread's work only.
struct ThreadCpu;

static WALL: WallTime = WallTime;

fn cpu_nanos() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

impl Measurement for ThreadCpu {
    type Intermediate = (Option<u64>, Instant);
    type Value = Duration;
    fn start(&self) -> Self::Intermediate {
        (cpu_nanos(), Instant::now())
    }
    fn end(&self, (cpu, wall): Self::Intermediate) -> Duration {
        match (cpu, cpu_nanos()) {
            (Some(a), Some(b)) => Duration::from_nanos(b.saturating_sub(a)),
            _ => wall.elapsed(),
        }
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, d: &Duration) -> f64 {
        d.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}

fn all<M: Measurement>(c: &mut Criterion<M>) {
    move_generation(c);
    playouts(c);
    search(c);
}

fn main() {
    if std::env::var_os("BLOKUS_BENCH_CPU").is_some() {
        let mut c = Criterion::default()
            .with_measurement(ThreadCpu)
            .configure_from_args();
        all(&mut c);
        c.final_summary();
    } else {
        let mut c = Criterion::default().configure_from_args();
        all(&mut c);
        c.final_summary();
    }
}
