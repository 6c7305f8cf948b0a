//! Flood-fill benches: plateau-grid's fills against plain baselines, and the Flood-It move.

use criterion::{criterion_group, criterion_main};

mod floodit_move;
mod grid_fill;

criterion_group!(benches, grid_fill::bench, floodit_move::bench);
criterion_main!(benches);
