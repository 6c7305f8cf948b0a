//! Host package of the Plateau workspace: it owns the examples and benches, and runs the
//! README's code as a doctest so the front page stays true. The engines live in `crates/`.
#![doc = include_str!("../README.md")]
