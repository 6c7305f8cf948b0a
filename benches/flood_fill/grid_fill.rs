//! plateau-grid flood fills against a VecDeque BFS baseline.

use criterion::Criterion;

pub fn bench(_c: &mut Criterion) {}
