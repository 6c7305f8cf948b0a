//! A few seconds of every Plateau engine, from fixed seeds. Placeholder until the grid tour lands.

fn main() {}
