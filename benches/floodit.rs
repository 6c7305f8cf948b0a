//! floodit solver benches.

fn main() {}
