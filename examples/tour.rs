//! A few seconds of every Plateau engine, from fixed seeds: the README's first command.
//!
//! `cargo run --release --example tour` — each section is the same demo its game's example
//! runs with `--demo`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

type Demo = fn(u64, &mut dyn Write) -> io::Result<()>;

/// A few seconds of every Plateau engine: each game's `--demo`, one after the other.
#[derive(Parser, Debug)]
#[command(name = "tour", version)]
struct Cli {
    /// Seed of every demo (the README's figures use the default).
    #[arg(long, value_name = "N", default_value_t = 2026)]
    seed: u64,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    plateau::run("tour", || Ok(tour(cli.seed)?))
}

fn tour(seed: u64) -> io::Result<()> {
    let sections: &[(&str, &str, Demo)] = &[
        (
            "plateau-grid",
            "grids, flood fill, regions, polyominoes",
            plateau::demo::grid::run,
        ),
        (
            "plateau-taquin",
            "the sliding-tile puzzle, solved optimally",
            plateau::demo::taquin::run,
        ),
        (
            "plateau-floodit",
            "Flood-It, played by the exact solver",
            plateau::demo::floodit::run,
        ),
        (
            "plateau-minesweeper",
            "Expert played by the probability solver, then a no-guess board",
            plateau::demo::minesweeper::run,
        ),
        (
            "plateau-tetris",
            "Guideline Tetris, 1000 pieces by the heuristic bot",
            plateau::demo::tetris::run,
        ),
        (
            "plateau-blokus",
            "Blokus Duo, the tree search against the greedy bot",
            plateau::demo::blokus::run,
        ),
        (
            "plateau-japjap",
            "Jap Jap, a search bot against greedy and random bots",
            plateau::demo::japjap::run,
        ),
    ];
    let mut out = io::stdout().lock();
    let total = Instant::now();
    for &(name, what, demo) in sections {
        writeln!(out, "\n=== {name}: {what} ===")?;
        let start = Instant::now();
        demo(seed, &mut out)?;
        writeln!(out, "({name} took {:.2?})", start.elapsed())?;
    }
    writeln!(out, "\ntour finished in {:.2?}", total.elapsed())?;
    Ok(())
}
