//! The line mode (standard input not a terminal), on the toolkit's `LineMode`: the table
//! printed for the human on turn, cards in the letters one types, actions typed out or
//! picked by number.

use std::io::{self, Write};

use plateau::CliResult;
use plateau::line::LineMode;
use plateau_japjap::{Action, Game, Play, Take, hint};

use crate::table::{Choice, Table, entries, meld_choices, take_choices, text_of};

const HELP: &str = "Type `call`, a whole action (`discard KD take 3C`), or a combination's \
                    number and what to take (`2 stock`, `2 5D`; the number alone draws from \
                    the stock)";

pub fn play(table: &Table, worlds: u32) -> CliResult {
    let game = Game::new(table.rules, table.seed);
    let (show, read, said, last) = (table.clone(), table.clone(), table.clone(), table.clone());
    let mut mode = LineMode::with_render(game, move |g, out| render(&show, g, out))
        .without_undo()
        .parse(move |g, line| parse(&read, g, line))
        .hint(|g| g.to_move().and_then(|s| hint(&g.view(s))))
        .on_event(move |g, seat, _, event| {
            let words = said.words(false);
            let lines: Vec<String> = entries(&words, g, event)
                .iter()
                .enumerate()
                .filter_map(|(i, e)| match i {
                    // A bot's move is printed by the line mode; a human's is told back,
                    // with the card drawn (only humans read this terminal).
                    0 if said.is_human(seat) => Some(e.text(Some(seat))),
                    0 => None,
                    _ => Some(e.public.clone()),
                })
                .collect();
            (!lines.is_empty()).then(|| lines.join("\n"))
        })
        .verdict(move |g| last.status(g))
        .help(HELP);
    for (s, bot) in table.bots(worlds).into_iter().enumerate() {
        if let (Some(bot), Some(seat)) = (bot, plateau_japjap::Seat::new(s)) {
            mode = mode.bot(seat, bot);
        }
    }
    mode.run()
}

/// The table as the seat on turn sees it, with its numbered choices.
fn render(table: &Table, game: &Game, out: &mut dyn Write) -> io::Result<()> {
    let words = table.words(false);
    writeln!(out, "{}", table.title())?;
    if game.is_over() {
        // The verdict follows the table.
        writeln!(out, "final totals:")?;
    } else {
        writeln!(out, "{}", table.status(game))?;
    }
    for line in table.seat_lines(game, false) {
        writeln!(out, "{}", text_of(&line))?;
    }
    let Some(me) = game.to_move() else {
        return Ok(());
    };
    let view = game.view(me);
    writeln!(out, "on the discard: {}", words.meld(view.discard()))?;
    writeln!(
        out,
        "{}'s hand: {}  (worth {})",
        table.name(me),
        words.cards(view.hand()),
        view.hand().value()
    )?;
    let melds = meld_choices(&view);
    let takes: Vec<String> = take_choices_any(&view)
        .iter()
        .map(|&t| words.take(t))
        .collect();
    let numbered: Vec<String> = melds
        .iter()
        .enumerate()
        .map(|(i, c)| match c {
            Choice::Call => format!("{}. call", i + 1),
            Choice::Meld(m) => format!("{}. {}", i + 1, words.meld(*m)),
            Choice::Take(t) => format!("{}. {}", i + 1, words.take(*t)),
        })
        .collect();
    writeln!(out, "discard: {}", numbered.join(" | "))?;
    writeln!(out, "then take: {}", takes.join(" or "))
}

/// What may be taken after a discard (the same for every combination).
fn take_choices_any(view: &plateau_japjap::View) -> Vec<Take> {
    meld_choices(view)
        .iter()
        .find_map(|c| match c {
            Choice::Meld(m) => Some(take_choices(view, *m)),
            _ => None,
        })
        .unwrap_or_default()
}

/// A line as one action: `call`, the action typed out, or `N`, `N stock`, `N 5D`.
fn parse(table: &Table, game: &Game, line: &str) -> Result<Vec<Action>, String> {
    let t = line.trim();
    if t.is_empty() {
        return Ok(Vec::new());
    }
    let mut words = t.split_whitespace();
    let first = words.next().unwrap_or_default();
    let Ok(n) = first.parse::<usize>() else {
        if t.eq_ignore_ascii_case("c") {
            return Ok(vec![Action::Call]);
        }
        return t
            .parse::<Action>()
            .map(|a| vec![a])
            .map_err(|e| format!("{t:?} is not an action: {e}"));
    };
    let me = game.to_move().ok_or("the match is over")?;
    let view = game.view(me);
    let melds = meld_choices(&view);
    let Some(&choice) = n.checked_sub(1).and_then(|i| melds.get(i)) else {
        return Err(format!(
            "no combination {n} in {}'s list (1 to {})",
            table.name(me),
            melds.len()
        ));
    };
    let rest: Vec<&str> = words.collect();
    let take = match rest.as_slice() {
        [] => None,
        ["take", what] | [what] => Some(*what),
        _ => return Err(format!("{t:?}: write `{n}`, `{n} stock` or `{n} <card>`")),
    };
    match (choice, take) {
        (Choice::Call, None) => Ok(vec![Action::Call]),
        (Choice::Call, Some(_)) => Err(format!("{n} is the call: it takes nothing")),
        (Choice::Meld(meld), None) => Ok(vec![Action::Discard {
            meld,
            take: Take::Stock,
        }]),
        (Choice::Meld(meld), Some(what)) => {
            let take = if ["stock", "s", "draw"].contains(&what.to_ascii_lowercase().as_str()) {
                Take::Stock
            } else {
                Take::Discard(
                    what.parse()
                        .map_err(|e| format!("{what:?} is neither `stock` nor a card: {e}"))?,
                )
            };
            Ok(vec![Action::Discard { meld, take }])
        }
        (Choice::Take(_), _) => Err("not a combination".to_owned()),
    }
}
