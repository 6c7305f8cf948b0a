//! The Flood-It move against a recursive whole-board fill (written by the floodit work).

use criterion::Criterion;

pub fn bench(_c: &mut Criterion) {}
