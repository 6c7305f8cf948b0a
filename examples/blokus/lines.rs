//! The line mode (standard input not a terminal): the toolkit's line mode with the board,
//! the pieces in hand and numbered suggestions printed before each human move.

use std::io::Write;

use plateau::CliResult;
use plateau::line::LineMode;
use plateau_blokus::{Game, Move, Play};

use crate::table::{Table, capitalised, must_pass, pieces_text, suggestion, suggestions, why};

/// Plays the table line by line until the game ends, `quit` or the end of input.
pub fn play(table: &Table) -> CliResult {
    let mut mode = LineMode::new(Game::new(table.config));
    for (s, bot) in table.bots().into_iter().enumerate() {
        if let (Some(bot), Some(seat)) = (bot, plateau_blokus::Seat::new(s)) {
            mode = mode.bot(seat, bot);
        }
    }
    let words = table.clone();
    let verdict = table.clone();
    mode.render(move |game, out| render(&words, game, out))
        .parse(|game, line| {
            let sugg = suggestions(game);
            match suggestion(line, &sugg) {
                Some(m) => m.map(|m| vec![m]),
                None => plateau::line::parse_words::<Move>(line),
            }
        })
        .hint(plateau_blokus::hint)
        .refusal(why)
        .forced(|game| must_pass(game).then_some(Move::Pass))
        .seat_name(|game, _| capitalised(game.color_to_move().name(game.variant())))
        .verdict(move |game| format!("game over: {}", verdict.verdict(game)))
        .help(
            "Type a move code or a suggestion's number (a code XYpr: the column and row of \
             the piece's reference cell, 1-9 then a = 10..., the piece letter a-u and its \
             orientation 0-7, e.g. 56t2; blokus --help tells more)",
        )
        .run()
}

/// The board, then the colour to move, its pieces and the suggestions.
fn render(table: &Table, game: &Game, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "{game}")?;
    if game.is_over() {
        // The verdict follows, in the players' words.
        return writeln!(out, "{}", plateau::demo::blokus::scores(game));
    }
    let c = game.color_to_move();
    let list: Vec<String> = suggestions(game)
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}:{m}", i + 1))
        .collect();
    let who = table.who(c);
    let name = c.name(game.variant());
    let turn = if who == "you" {
        format!("you ({name}) to move")
    } else {
        format!("{who} to move")
    };
    writeln!(
        out,
        "{turn}; pieces {}; suggestions {}",
        pieces_text(game, c),
        list.join(" ")
    )
}
