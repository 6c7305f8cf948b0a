//! The native side of the page's speed figures (web/README.md): the Blokus tree search's
//! playouts a second from the start of a Duo game, and the time to build the taquin's 4 x 4
//! pattern databases, through the same calls the page's workers make.
//!
//! `cargo run --release -p plateau-web --example speed [playouts]`

use std::time::Instant;

use plateau_web::{BlokusBot, TaquinSolver};

fn main() {
    let playouts: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 3000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("speed: the playout count must be a positive number");
            std::process::exit(2);
        }
    };
    for seed in 1..=3 {
        let mut bot = BlokusBot::new("mcts", seed, playouts).expect("a known bot");
        let t0 = Instant::now();
        let m = bot.choose("duo", 2, "").expect("the start of a game");
        let s = t0.elapsed().as_secs_f64();
        println!(
            "blokus mcts: {playouts} playouts in {:.0} ms = {:.0} playouts/s (move {})",
            s * 1e3,
            f64::from(playouts) / s,
            m.unwrap_or_default()
        );
    }
    let mut solver = TaquinSolver::new();
    let t0 = Instant::now();
    solver.prepare();
    println!(
        "taquin pattern databases built in {:.0} ms",
        t0.elapsed().as_secs_f64() * 1e3
    );
}
