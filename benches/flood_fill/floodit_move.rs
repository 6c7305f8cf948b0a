//! The Flood-It move against a recursive whole-board fill (written by the floodit work).
//!
//! A 14 x 14, 6-colour board (seed 7) and its greedy game. `Game::play` grows the flood on
//! the region graph (the frontier regions of the colour join the flood, their neighbours the
//! frontier). The baseline is the classic text engine's move: a recursive fill from the
//! corner repainting the flood, then a scan of the whole board to see whether it is won.
//! Both are checked to produce the same boards before timing.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput};
use plateau_floodit::{Color, Config, Game, Play, greedy};

/// The baseline board: row-major colours.
#[derive(Clone)]
struct Naive {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

impl Naive {
    fn fill(&mut self, x: usize, y: usize, old: u8, new: u8) {
        let i = y * self.width + x;
        if self.cells[i] != old {
            return;
        }
        self.cells[i] = new;
        if x > 0 {
            self.fill(x - 1, y, old, new);
        }
        if x + 1 < self.width {
            self.fill(x + 1, y, old, new);
        }
        if y > 0 {
            self.fill(x, y - 1, old, new);
        }
        if y + 1 < self.height {
            self.fill(x, y + 1, old, new);
        }
    }

    /// One move: repaint the flood, then report whether the board is one colour.
    fn play(&mut self, color: u8) -> bool {
        let old = self.cells[0];
        if old != color {
            self.fill(0, 0, old, color);
        }
        self.cells.iter().all(|&c| c == color)
    }
}

pub fn bench(c: &mut Criterion) {
    let config = Config::small().with_max_moves(100).unwrap();
    let game = Game::new(config, 7);
    let moves: Vec<Color> = greedy(&game).moves;
    let naive = Naive {
        width: 14,
        height: 14,
        cells: game
            .initial_board()
            .cells()
            .iter()
            .map(|c| c.get())
            .collect(),
    };

    // Same boards after every move, and the same end.
    let (mut g, mut n) = (game.clone(), naive.clone());
    for &m in &moves {
        g.play(m).unwrap();
        let won = n.play(m.get());
        let now: Vec<u8> = g.board().cells().iter().map(|c| c.get()).collect();
        assert_eq!(now, n.cells);
        assert_eq!(won, g.is_uniform());
    }
    assert!(g.is_uniform());
    let first = moves[0];
    assert!(game.gain(first) > 0);

    let mut group = c.benchmark_group("floodit_move_14x14");
    group.bench_function("first_move/region_graph", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                black_box(g.play(black_box(first)).unwrap());
                g
            },
            BatchSize::SmallInput,
        );
    });
    group.bench_function("first_move/recursive_fill", |b| {
        b.iter_batched(
            || naive.clone(),
            |mut n| {
                black_box(n.play(black_box(first.get())));
                n
            },
            BatchSize::SmallInput,
        );
    });
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("greedy_game_per_move/region_graph", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                for &m in &moves {
                    black_box(g.play(m).unwrap());
                }
                g
            },
            BatchSize::SmallInput,
        );
    });
    group.bench_function("greedy_game_per_move/recursive_fill", |b| {
        b.iter_batched(
            || naive.clone(),
            |mut n| {
                for &m in &moves {
                    black_box(n.play(m.get()));
                }
                n
            },
            BatchSize::SmallInput,
        );
    });
    group.finish();
}
