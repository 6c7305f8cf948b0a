//! The Flood-It demo: the exact solver plays a 14 x 14, 6-colour game (shared by
//! `floodit --demo` and the tour).

use std::io::{self, Write};

use plateau_floodit::{Config, Game, greedy, solve};

/// Plays a whole 14 x 14 / 6 / 25 game from `seed` with the exact solver and prints the start,
/// the moves, the final position and a one-line summary.
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let config = Config::small();
    let mut game = Game::new(config, seed).map_err(io::Error::other)?;
    writeln!(
        out,
        "Flood-It {}x{}, {} colours, seed {seed}:",
        config.width, config.height, config.colors
    )?;
    writeln!(out, "{}", game.initial_board())?;
    let greedy_len = greedy(&game).len();
    let moves = solve(&game);
    let mut line = String::new();
    for &c in &moves {
        game.play(c).map_err(io::Error::other)?;
        line.push_str(&c.to_string());
    }
    writeln!(out, "moves: {line}")?;
    writeln!(out, "{game}")?;
    writeln!(
        out,
        "floodit: {} (optimal; greedy needs {greedy_len}, limit {})",
        game.status(),
        config.max_moves
    )
}
