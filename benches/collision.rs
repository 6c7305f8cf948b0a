//! Piece collision: plateau-tetris's bitmask field against a naive `Vec<Vec<Option<Cell>>>`
//! board checked cell by cell, on random positions one at a time (`Field::fits`), on every
//! position of every piece in rows 0-23 (one at a time, and by rows with
//! `Field::fitting_columns`), and on every position of the whole field (`Field::fit_map`, a
//! piece state's every position in one call, as the placement generator asks); and placement
//! generation on an empty and a cluttered board, against a naive breadth-first search written
//! here. Every bench asserts what it computes.
//!
//! `cargo bench --bench collision`

use std::collections::{BTreeSet, VecDeque};
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use plateau_grid::{Pos, random};
use plateau_tetris::{Board, Cell, Field, Piece, Rotation, RotationSystem, Rules, Tetromino};

const SRS: RotationSystem = RotationSystem::Srs;

/// The naive board: rows of optional cells, row 0 at the bottom.
type Naive = Vec<Vec<Option<Cell>>>;

fn naive_of(board: &Board) -> Naive {
    (0..board.height())
        .map(|y| {
            (0..board.width())
                .map(|x| board.get(Pos::new(x, y)))
                .collect()
        })
        .collect()
}

/// The naive check: each of the piece's four cells, bounds first, then the cell, stopping at
/// the first that is outside or filled. Left to the compiler's inlining like `Field::fits`
/// (which is `#[inline]`), so neither side pays for a call the other does not.
fn naive_fits(board: &Naive, system: RotationSystem, t: Tetromino) -> bool {
    for (dx, dy) in system.offsets(t.piece, t.rotation) {
        let x = i32::from(t.x) + i32::from(dx);
        let y = i32::from(t.y) + i32::from(dy);
        if x < 0 || y < 0 {
            return false;
        }
        let (x, y) = (x as usize, y as usize);
        match board.get(y).and_then(|row| row.get(x)) {
            Some(None) => {}
            _ => return false,
        }
    }
    true
}

/// A cluttered 10 x 40 board: a ragged stack about 12 rows high with holes (seeded).
fn cluttered() -> Board {
    let mut rng = random::seeded(11);
    let mut rows = Vec::new();
    for y in (0..12).rev() {
        let line: String = (0..10)
            .map(|x| {
                let p = if y < 8 { 70 } else { 25 + 5 * (x % 3) };
                if random::chance(&mut rng, p, 100) {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        rows.push(line);
    }
    let board: Board = rows.join("\n").parse().expect("a board");
    let game = plateau_tetris::Game::from_board(Rules::guideline(), &board, 0).expect("fits");
    game.board().clone()
}

/// 1024 positions over the whole field, every piece and state (a third of them collide).
fn positions() -> Vec<Tetromino> {
    let mut rng = random::seeded(5);
    (0..1024)
        .map(|_| {
            Tetromino::new(
                Piece::ALL[random::below(&mut rng, 7) as usize],
                Rotation::from_index(random::below(&mut rng, 4) as usize),
                random::below(&mut rng, 12) as i8 - 1,
                random::below(&mut rng, 24) as i8,
            )
        })
        .collect()
}

fn collision(c: &mut Criterion) {
    let board = cluttered();
    random_positions(c, &board);
    every_position(c, &board);
    whole_field(c, &board);
}

/// The offsets of the leftmost column and the lowest row of a piece state's cells from its
/// pivot, and the width of its cells, from the crate's cell table.
fn bounding_box(p: Piece, r: Rotation) -> (i8, i8, i8) {
    let offsets = SRS.offsets(p, r);
    let dx = offsets.iter().map(|o| o.0).min().unwrap_or(0);
    let dy = offsets.iter().map(|o| o.1).min().unwrap_or(0);
    let w = offsets.iter().map(|o| o.0).max().unwrap_or(0) - dx + 1;
    (dx, dy, w)
}

/// One random position at a time.
fn random_positions(c: &mut Criterion, board: &Board) {
    let field = *board.field();
    let naive = naive_of(board);
    let ts = positions();
    let expected = ts.iter().filter(|&&t| naive_fits(&naive, SRS, t)).count();
    assert_eq!(ts.iter().filter(|&&t| field.fits(SRS, t)).count(), expected);
    assert!(expected > 200 && expected < 900, "{expected} of 1024 fit");
    let mut group = c.benchmark_group("collision");
    group
        .throughput(Throughput::Elements(ts.len() as u64))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("bitmask", |b| {
        b.iter(|| {
            let field = black_box(&field);
            let n = black_box(&ts)
                .iter()
                .filter(|&&t| field.fits(SRS, t))
                .count();
            assert_eq!(n, expected);
        });
    });
    group.bench_function("naive_vec_vec_option", |b| {
        b.iter(|| {
            let naive = black_box(&naive);
            let n = black_box(&ts)
                .iter()
                .filter(|&&t| naive_fits(naive, SRS, t))
                .count();
            assert_eq!(n, expected);
        });
    });
    group.finish();
}

/// Every position of every piece and state in rows 0..24, one at a time and by rows.
fn every_position(c: &mut Criterion, board: &Board) {
    let field = *board.field();
    let naive = naive_of(board);
    // Every position of every piece and state in rows 0..24, as one mask of fitting columns
    // per piece, state and row: the naive check one position at a time, against
    // `Field::fitting_columns`, which tests a whole row of columns per call. Both fold their
    // masks into one checksum, compared with each other.
    let mut rows = Vec::new();
    for p in Piece::ALL {
        for r in Rotation::ALL {
            let (dx, dy, w) = bounding_box(p, r);
            for y in 0..24i8 {
                rows.push((p, r, y, dx, dy, 10 - w));
            }
        }
    }
    let positions: u64 = rows.iter().map(|row| u64::from(row.5 as u8) + 1).sum();
    let fold = |acc: u64, mask: u32| acc.wrapping_mul(0x9E37_79B9).wrapping_add(u64::from(mask));
    let naive_masks = |naive: &Naive| -> u64 {
        rows.iter().fold(0, |acc, &(p, r, y, dx, dy, last)| {
            let mut mask = 0;
            for c in 0..=last {
                if naive_fits(naive, SRS, Tetromino::new(p, r, c - dx, y - dy)) {
                    mask |= 1 << c;
                }
            }
            fold(acc, mask)
        })
    };
    let one_by_one = |field: &Field| -> u64 {
        rows.iter().fold(0, |acc, &(p, r, y, dx, dy, last)| {
            let mut mask = 0;
            for c in 0..=last {
                if field.fits(SRS, Tetromino::new(p, r, c - dx, y - dy)) {
                    mask |= 1 << c;
                }
            }
            fold(acc, mask)
        })
    };
    let batched = |field: &Field| -> u64 {
        rows.iter().fold(0, |acc, &(p, r, y, _, _, last)| {
            let cols = (1u32 << (last + 1)) - 1;
            fold(acc, field.fitting_columns(SRS, p, r, y as usize) & cols)
        })
    };
    let expected = naive_masks(&naive);
    assert_eq!(batched(&field), expected);
    assert_eq!(one_by_one(&field), expected);
    let mut group = c.benchmark_group("collision_every_position");
    group
        .throughput(Throughput::Elements(positions))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("bitmask_rows", |b| {
        b.iter(|| assert_eq!(batched(black_box(&field)), expected));
    });
    group.bench_function("bitmask_one_by_one", |b| {
        b.iter(|| assert_eq!(one_by_one(black_box(&field)), expected));
    });
    group.bench_function("naive_vec_vec_option", |b| {
        b.iter(|| assert_eq!(naive_masks(black_box(&naive)), expected));
    });
    group.finish();
}

/// Every position of every piece and state on the whole field, by fit maps.
fn whole_field(c: &mut Criterion, board: &Board) {
    let field = *board.field();
    let naive = naive_of(board);
    // Every position of every piece and state on the whole field (40 rows), as the placement
    // generator asks for them: `Field::fit_map`, one call per piece state, against the naive
    // check at each position. Both build the same 28 maps of rows of box columns, compared
    // with the naive ones computed once here.
    let states: Vec<(Piece, Rotation)> = Piece::ALL
        .iter()
        .flat_map(|&p| Rotation::ALL.map(|r| (p, r)))
        .collect();
    let height = board.height();
    let naive_maps = |naive: &Naive| -> Vec<[u32; 64]> {
        states
            .iter()
            .map(|&(p, r)| {
                let (dx, dy, w) = bounding_box(p, r);
                let mut rows = [0u32; 64];
                for (y, row) in rows.iter_mut().enumerate().take(height) {
                    for c in 0..=(10 - w) {
                        let t = Tetromino::new(p, r, c - dx, y as i8 - dy);
                        if naive_fits(naive, SRS, t) {
                            *row |= 1 << c;
                        }
                    }
                }
                rows
            })
            .collect()
    };
    let bitmask_maps = |field: &Field| -> Vec<[u32; 64]> {
        states
            .iter()
            .map(|&(p, r)| {
                let map = field.fit_map(SRS, p, r);
                core::array::from_fn(|y| map.row(y))
            })
            .collect()
    };
    let expected = naive_maps(&naive);
    assert_eq!(bitmask_maps(&field), expected);
    // The positions the naive side tests: every row, every column the box has room for.
    let tested: u64 = states
        .iter()
        .map(|&(p, r)| (height * (11 - bounding_box(p, r).2 as usize)) as u64)
        .sum();
    let fitting: usize = expected
        .iter()
        .flatten()
        .map(|r| r.count_ones() as usize)
        .sum();
    assert!(
        fitting > 1000 && (fitting as u64) < tested,
        "{fitting} of {tested} fit"
    );
    let mut group = c.benchmark_group("collision_whole_field");
    group
        .throughput(Throughput::Elements(tested))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("bitmask_fit_map", |b| {
        b.iter(|| assert_eq!(bitmask_maps(black_box(&field)), expected));
    });
    group.bench_function("naive_vec_vec_option", |b| {
        b.iter(|| assert_eq!(naive_maps(black_box(&naive)), expected));
    });
    group.finish();
}

/// A naive placement search over `(x, y, state)` with per-cell checks on the naive board and
/// the crate's kick data; the distinct final cell sets.
fn naive_placements(board: &Naive, spawn: Tetromino) -> BTreeSet<Vec<(i32, i32)>> {
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::from([spawn]);
    let mut finals = BTreeSet::new();
    if !naive_fits(board, SRS, spawn) {
        return finals;
    }
    seen.insert(spawn);
    while let Some(t) = queue.pop_front() {
        let mut next = vec![t.moved(-1, 0), t.moved(1, 0), t.moved(0, -1)];
        for cw in [true, false] {
            let to = if cw {
                t.rotation.cw()
            } else {
                t.rotation.ccw()
            };
            if let Some(&(dx, dy)) = SRS
                .kicks(t.piece, t.rotation, cw)
                .iter()
                .find(|&&(dx, dy)| naive_fits(board, SRS, t.turned(to).moved(dx, dy)))
            {
                next.push(t.turned(to).moved(dx, dy));
            }
        }
        for n in next {
            if naive_fits(board, SRS, n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
        if !naive_fits(board, SRS, t.moved(0, -1)) {
            let mut cells = Field::cells(SRS, t).to_vec();
            cells.sort_unstable();
            finals.insert(cells);
        }
    }
    finals
}

fn placements(c: &mut Criterion) {
    let rules = Rules::guideline();
    let empty = Board::new(plateau_grid::Size::new(10, 40)).expect("a field");
    let busy = cluttered();
    let mut group = c.benchmark_group("placements");
    group.measurement_time(Duration::from_secs(3));
    for (name, board) in [("empty", &empty), ("cluttered", &busy)] {
        let field = *board.field();
        let naive = naive_of(board);
        // The counts: the published ones on the empty field (T, J, L 34; I, S, Z 17; O 9),
        // and the naive search's on the cluttered one.
        let counts: Vec<usize> = Piece::ALL
            .iter()
            .map(|&p| {
                let fast = field.placements(SRS, rules.spawn(p));
                let sets: BTreeSet<Vec<(i32, i32)>> = fast
                    .iter()
                    .map(|&t| {
                        let mut c = Field::cells(SRS, t).to_vec();
                        c.sort_unstable();
                        c
                    })
                    .collect();
                assert_eq!(sets, naive_placements(&naive, rules.spawn(p)), "{name} {p}");
                fast.len()
            })
            .collect();
        if name == "empty" {
            assert_eq!(counts, [17, 9, 34, 17, 17, 34, 34]);
        }
        let total: usize = counts.iter().sum();
        group.throughput(Throughput::Elements(7));
        let mut out = Vec::with_capacity(64);
        group.bench_function(format!("bitmask_all_pieces/{name}"), |b| {
            b.iter(|| {
                let mut n = 0;
                for p in Piece::ALL {
                    black_box(&field).placements_into(SRS, rules.spawn(p), &mut out);
                    n += out.len();
                }
                assert_eq!(n, total);
            });
        });
        group.bench_function(format!("naive_bfs_all_pieces/{name}"), |b| {
            b.iter(|| {
                let n: usize = Piece::ALL
                    .iter()
                    .map(|&p| naive_placements(black_box(&naive), rules.spawn(p)).len())
                    .sum();
                assert_eq!(n, total);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, collision, placements);
criterion_main!(benches);
