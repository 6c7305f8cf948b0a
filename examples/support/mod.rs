//! Small helpers shared by the example programs (included with `#[path]`; not an example).
#![allow(dead_code)]

use std::io::{self, IsTerminal, Write};

use crossterm::{cursor, execute, terminal};

/// The seed to play: the one given, or a fresh one drawn from the clock and printed on stderr
/// so the game can be replayed with `--seed`.
pub fn seed_or_fresh(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        // splitmix64 finaliser: nearby clock readings give unrelated seeds.
        let mut z = nanos.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let seed = (z ^ (z >> 31)) % 1_000_000_000;
        eprintln!("seed {seed} (replay with --seed {seed})");
        seed
    })
}

/// Whether standard input and output are both a terminal (interactive play possible).
pub fn interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// Raw mode plus the alternate screen for the lifetime of the guard; restores the terminal on
/// drop, also when the program unwinds from a panic.
pub struct RawScreen;

impl RawScreen {
    pub fn enter() -> io::Result<RawScreen> {
        terminal::enable_raw_mode()?;
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
        Ok(RawScreen)
    }
}

impl Drop for RawScreen {
    fn drop(&mut self) {
        let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
        let _ = terminal::disable_raw_mode();
        let _ = io::stdout().flush();
    }
}
