//! Minesweeper benches (written below).
fn main() {}
