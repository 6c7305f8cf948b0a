//! The Blokus demo: the tree search against the greedy bot (shared by `blokus --demo` and
//! the tour), under any rules: Duo by default, Classic for 2 or 4 players.

use std::fmt::Write as _;
use std::io::{self, Write};

use plateau_blokus::{Bot, Color, Config, Game, GreedyBot, Mcts, Play, format_moves};

use crate::matches::play_to_end;

/// Playouts per move of the demo's tree search: a whole game in well under a second.
pub const DEMO_PLAYOUTS: u32 = 400;

/// Moves after which the demo gives up (a safety net: a Classic game has at most 84
/// placements and a pass per colour at the end).
const MAX_PLIES: u64 = 1_000;

/// Plays a Duo game from `seed`, the tree search (blue) against the greedy bot (green), and
/// prints the moves, the final board, the scores and a one-line summary.
///
/// # Errors
/// Writing to `out` failed (or a bot failed, which would be a bug).
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    run_with(Config::duo(), seed, out)
}

/// [`run`] under `config`: the tree search plays the first seat, the greedy bot every
/// other one.
///
/// # Errors
/// Writing to `out` failed (or a bot failed, which would be a bug).
pub fn run_with(config: Config, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let players = config.players();
    let mut bots: Vec<Box<dyn Bot<Game>>> =
        vec![Box::new(Mcts::new(seed).with_playouts(DEMO_PLAYOUTS))];
    for _ in 1..players {
        bots.push(Box::new(GreedyBot::new()));
    }
    let variant = config.variant();
    let seats: Vec<String> = plateau_blokus::Seat::all(players)
        .map(|s| {
            let colors: Vec<String> = config
                .colors_of(s)
                .iter()
                .map(|c| format!("{} ({})", c.name(variant), c.index() + 1))
                .collect();
            colors.join(" and ")
        })
        .collect();
    writeln!(
        out,
        "Blokus {variant}{}, seed {seed}: {} {} the tree search at {DEMO_PLAYOUTS} playouts per move, {} the greedy bot",
        if players == config.colors() {
            String::new()
        } else {
            format!(" for {players} players")
        },
        seats[0],
        if config.colors_of(plateau_blokus::Seat::FIRST).len() > 1 {
            "are"
        } else {
            "is"
        },
        seats[1..].join(", "),
    )?;
    let mut game = Game::new(config);
    play_to_end(&mut game, &mut bots, MAX_PLIES, Play::outcome)
        .map_err(|e| io::Error::other(e.why))?;
    writeln!(out, "moves: {}", format_moves(game.moves()))?;
    writeln!(out, "{game}")?;
    summary(&game, out)
}

/// The scores line and the one-line summary.
///
/// # Errors
/// Writing to `out` failed.
pub fn summary(game: &Game, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}", scores(game))?;
    match game.outcome() {
        Some(o) => writeln!(out, "blokus: {o}, {} moves", game.moves().len()),
        None => writeln!(
            out,
            "blokus: {}, {} moves",
            game.status(),
            game.moves().len()
        ),
    }
}

/// `scores: blue -3 (42 squares, 4 pieces left); green ...`: each colour's score, squares
/// placed and pieces left.
pub fn scores(game: &Game) -> String {
    let config = game.config();
    let variant = config.variant();
    let mut line = String::from("scores:");
    for c in (0..config.colors()).filter_map(Color::new) {
        let _ = write!(
            line,
            " {} {} ({} squares, {} pieces left);",
            c.name(variant),
            game.color_score(c),
            game.squares_placed(c),
            game.pieces_left(c).len()
        );
    }
    line.trim_end_matches(';').to_owned()
}
