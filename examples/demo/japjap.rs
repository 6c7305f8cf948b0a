//! The Jap Jap demo: a search bot, a greedy bot and a random bot play a whole game to 90
//! points (shared by `japjap --demo` and the tour).

use std::io::{self, Write};

use plateau_japjap::{
    Action, Bot, Event, Game, GreedyBot, Play, RandomBot, RoundEnd, RoundResult, Rules, SearchBot,
    Take,
};

/// Worlds the demo's search bot samples per decision: fewer than the default, so the demo
/// takes a second or two.
const DEMO_WORLDS: u32 = 16;

/// Plays one game from `seed` between a search bot (P1), a greedy bot (P2) and a random bot
/// (P3), printing every turn, every round's result and a one-line summary.
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let rules = Rules::new(3).map_err(io::Error::other)?;
    let mut game = Game::new(rules, seed);
    let mut search = SearchBot::new(seed ^ 1).with_worlds(DEMO_WORLDS);
    let mut greedy = GreedyBot::new();
    let mut random = RandomBot::new(seed ^ 3);
    let names = ["search", "greedy", "random"];
    writeln!(
        out,
        "Jap Jap, 3 players (P1 search, P2 greedy, P3 random), seed {seed}, game to {}:",
        rules.score_limit()
    )?;
    let mut round_line = true;
    while let Some(player) = game.to_move() {
        if round_line {
            writeln!(
                out,
                "round {}: {} starts, {} turned up",
                game.round_number() + 1,
                game.starter(),
                game.discard()
            )?;
            round_line = false;
        }
        let hand = game.hand(player);
        let view = game.view(player);
        let bot: &mut dyn Bot<Game> = match player.index() {
            0 => &mut search,
            1 => &mut greedy,
            _ => &mut random,
        };
        let action = bot
            .choose(view)
            .ok_or_else(|| io::Error::other("a bot offered no action"))?;
        let event = game.play(action).map_err(io::Error::other)?;
        writeln!(out, "  {}", describe(&event, hand))?;
        if let Some(r) = &event.round {
            writeln!(out, "  {}", round_summary(r))?;
            round_line = true;
        }
        if let Some(g) = &event.game {
            let totals: Vec<String> = g.totals().iter().map(ToString::to_string).collect();
            let winners: Vec<String> = g
                .winners()
                .iter()
                .map(|p| format!("{p} ({})", names[p.index()]))
                .collect();
            writeln!(
                out,
                "japjap: {} won the game after {} rounds, totals {} ({} reached {})",
                winners.join(" and "),
                g.rounds(),
                totals.join("-"),
                g.losers(),
                rules.score_limit()
            )?;
        }
    }
    Ok(())
}

/// One line for a turn, as the table saw it (a card drawn from the stock stays hidden).
pub fn describe(event: &Event, hand_before: plateau_japjap::CardSet) -> String {
    match event.action {
        Action::Call => format!(
            "{} calls Jap Jap with {} ({})",
            event.player,
            hand_before.value(),
            hand_before
        ),
        Action::Discard { meld, take } => {
            let took = match take {
                Take::Stock => "draws from the stock".to_owned(),
                Take::Discard(c) => format!("takes {c}"),
            };
            let reshuffle = if event.reshuffled {
                " (the discards are shuffled into a new stock)"
            } else {
                ""
            };
            format!("{} discards {meld}, {took}{reshuffle}", event.player)
        }
    }
}

/// One line for a round's result.
pub fn round_summary(r: &RoundResult) -> String {
    let how = match r.end() {
        RoundEnd::Call {
            caller,
            winner,
            countered: true,
        } => format!("Contre Jap Jap! {winner} beats {caller}'s call"),
        RoundEnd::Call { caller, .. } => format!("{caller} wins the call"),
        RoundEnd::StockExhausted => "the stock ran out".to_owned(),
        RoundEnd::TurnLimit => "the turn limit was reached".to_owned(),
    };
    let hands: Vec<String> = r
        .hands()
        .iter()
        .zip(r.added())
        .enumerate()
        .map(|(i, (h, a))| format!("P{} {} (+{a})", i + 1, h))
        .collect();
    let totals: Vec<String> = r.totals().iter().map(ToString::to_string).collect();
    format!(
        "{how} after {} turns: {}; totals {}",
        r.turns(),
        hands.join(", "),
        totals.join("-")
    )
}
