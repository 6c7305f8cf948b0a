//! taquin solver benches.

fn main() {}
