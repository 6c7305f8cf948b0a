//! The Blokus demo: the tree search against the greedy bot in a Duo game (shared by
//! `blokus --demo` and the tour).

use std::fmt::Write as _;
use std::io::{self, Write};

use plateau_blokus::{Bot, Color, Config, Game, GreedyBot, Mcts, Play, format_moves};

/// Playouts per move of the demo's tree search: a whole game in well under a second.
pub const DEMO_PLAYOUTS: u32 = 400;

/// Plays a Duo game from `seed`, the tree search (blue) against the greedy bot (green), and
/// prints the moves, the final board, the scores and a one-line summary.
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut bots: [Box<dyn Bot<Game>>; 2] = [
        Box::new(Mcts::new(seed).with_playouts(DEMO_PLAYOUTS)),
        Box::new(GreedyBot::new()),
    ];
    writeln!(
        out,
        "Blokus Duo, seed {seed}: blue (1) is the tree search at {DEMO_PLAYOUTS} playouts per move, green (2) the greedy bot"
    )?;
    let game = play_out(Game::new(Config::duo()), &mut bots).map_err(io::Error::other)?;
    writeln!(out, "moves: {}", format_moves(game.moves()))?;
    writeln!(out, "{game}")?;
    summary(&game, out)
}

/// Plays until the game ends, each colour's move chosen by its bot.
pub fn play_out(
    mut game: Game,
    bots: &mut [Box<dyn Bot<Game>>],
) -> Result<Game, plateau_blokus::IllegalMove> {
    while !game.is_over() {
        let player = game.config().player_of(game.color_to_move()).index();
        let Some(m) = bots[player % bots.len()].choose(&game) else {
            break;
        };
        game.play(m)?;
    }
    Ok(game)
}

/// The scores line and the one-line summary.
pub fn summary(game: &Game, out: &mut dyn Write) -> io::Result<()> {
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
    writeln!(out, "{}", line.trim_end_matches(';'))?;
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
