//! The Jap Jap demo: a search bot, a greedy bot and a random bot play a whole game to 90
//! points (shared by `japjap --demo` and the tour), and the words the example writes a
//! table in ([`Words`]: seat names, cards in letters or suit symbols, turns, rounds).

use std::io::{self, Write};

use plateau_japjap::{
    Action, Bot, Card, CardSet, Event, Exhaustion, Game, GameResult, GreedyBot, HINT_WORLDS, Meld,
    PenaltyMode, Play, RandomBot, RoundEnd, RoundResult, Rules, SearchBot, Seat, Take, TakeFrom,
};

use crate::matches::play_to_end_with;

/// Moves after which the demo gives up (a safety net: rules whose rounds never score
/// could, in principle, go on for ever).
const MAX_PLIES: u64 = 1_000_000;

/// Plays one game from `seed` between a search bot (P1), a greedy bot (P2) and a random bot
/// (P3), printing every turn, every round's result and a one-line summary.
///
/// # Errors
/// Writing to `out` failed (or a bot failed, which would be a bug).
pub fn run(seed: u64, out: &mut dyn Write) -> io::Result<()> {
    run_with(Rules::new(3).map_err(io::Error::other)?, seed, out)
}

/// [`run`] under other rules: the seats take turns being search, greedy and random bots
/// (P1 search, P2 greedy, P3 random, P4 search...).
///
/// # Errors
/// Writing to `out` failed (or a bot failed, which would be a bug).
pub fn run_with(rules: Rules, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    const KINDS: [&str; 3] = ["search", "greedy", "random"];
    let mut game = Game::new(rules, seed);
    let n = game.players();
    let mut bots: Vec<Box<dyn Bot<Game>>> = (0..n)
        .map(|s| -> Box<dyn Bot<Game>> {
            let bot_seed = seed ^ (s as u64 + 1);
            match s % 3 {
                // The hint's budget: a quick search, so the demo takes a second or two.
                0 => Box::new(SearchBot::new(bot_seed).with_worlds(HINT_WORLDS)),
                1 => Box::new(GreedyBot::new()),
                _ => Box::new(RandomBot::new(bot_seed)),
            }
        })
        .collect();
    let words = Words::letters(n);
    let kind = |s: Seat| KINDS[s.index() % 3];
    let table: Vec<String> = game.seats().map(|s| format!("{s} {}", kind(s))).collect();
    writeln!(
        out,
        "Jap Jap, {n} players ({}), seed {seed}, {}:",
        table.join(", "),
        rules_summary(&rules)
    )?;
    writeln!(out, "{}", round_header(&game, &words))?;
    // Writing inside the observer cannot return early: keep the first error for after.
    let mut failed: Option<io::Error> = None;
    let mut write = |line: String| {
        if failed.is_none()
            && let Err(e) = writeln!(out, "{line}")
        {
            failed = Some(e);
        }
    };
    let played = play_to_end_with(
        &mut game,
        &mut bots,
        MAX_PLIES,
        Play::outcome,
        |g: &Game, _, _, event: &Event| {
            write(format!("  {}", words.describe(event)));
            if let Some(r) = &event.round {
                write(format!("  {}", words.round_summary(r)));
            }
            if let Some(res) = &event.game
                && !g.is_over()
            {
                write(format!("  {}", words.game_summary(res, g.rules())));
            }
            if event.round.is_some() && !g.is_over() {
                write(round_header(g, &words));
            }
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    played.map_err(|u| io::Error::other(u.why))?;
    let last = game
        .last_game()
        .ok_or_else(|| io::Error::other("the match ended without a game"))?;
    let winners: Vec<String> = last
        .winners()
        .iter()
        .map(|p| format!("{p} ({})", kind(p)))
        .collect();
    writeln!(
        out,
        "japjap: {} won the game after {} rounds, totals {} ({} reached {})",
        winners.join(" and "),
        last.rounds(),
        totals(last.totals()),
        last.losers(),
        rules.score_limit()
    )
}

/// `round 3: P2 starts, 7H turned up`.
fn round_header(game: &Game, words: &Words) -> String {
    format!(
        "round {}: {} starts, {} turned up",
        game.round_number() + 1,
        words.seat(game.starter()),
        words.meld(game.discard())
    )
}

fn totals(t: &[u16]) -> String {
    t.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// The rules in a few words: the call threshold and the score limit, then every setting
/// that differs from the classic game (`call at 5 or less, 90 loses, runs of 3 or more`).
pub fn rules_summary(rules: &Rules) -> String {
    let classic = Rules::default();
    let mut parts = vec![
        format!("call at {} or less", rules.call_threshold()),
        format!("{} loses", rules.score_limit()),
    ];
    if rules.min_run() != classic.min_run() {
        parts.push(format!("runs of {} or more", rules.min_run()));
    }
    if rules.counter_on_equal() {
        parts.push("equal hands counter".to_owned());
    }
    match (rules.penalty(), rules.penalty_mode()) {
        (p, PenaltyMode::Instead) if p == classic.penalty() => {}
        (p, PenaltyMode::Instead) => parts.push(format!("counter penalty {p}")),
        (p, PenaltyMode::Added) => parts.push(format!("counter penalty {p} added to the hand")),
    }
    match rules.exhaustion() {
        Exhaustion::NoScore => {}
        Exhaustion::Reshuffle => parts.push("empty stock reshuffled".to_owned()),
        Exhaustion::ScoreHands => parts.push("empty stock scores the hands".to_owned()),
    }
    match rules.take_from() {
        TakeFrom::Any => {}
        TakeFrom::RunEnds => parts.push("take only a run's ends".to_owned()),
        TakeFrom::TopOnly => parts.push("take only the top card".to_owned()),
    }
    if rules.match_losses() > 1 {
        parts.push(format!("match to {} lost games", rules.match_losses()));
    }
    if rules.turn_limit() != classic.turn_limit() {
        parts.push(format!("rounds cut at {} turns", rules.turn_limit()));
    }
    parts.join(", ")
}

/// How a table is written: each seat's name (`P1`... unless named) and the cards in the
/// notation's letters (`10H`, what a player types) or with the suit symbols (`10♥`, what
/// the full screen shows).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    names: Vec<String>,
    symbols: bool,
}

impl Words {
    /// Seats `P1`..`Pn`, cards in letters.
    pub fn letters(players: usize) -> Words {
        Words {
            names: Seat::all(players).map(|s| s.to_string()).collect(),
            symbols: false,
        }
    }

    /// Seats named `names` (in seat order), cards with suit symbols when `symbols`.
    pub fn new(names: Vec<String>, symbols: bool) -> Words {
        Words { names, symbols }
    }

    /// Whether cards are written with suit symbols.
    pub fn symbols(&self) -> bool {
        self.symbols
    }

    /// The seat's name.
    pub fn seat(&self, seat: Seat) -> String {
        self.names
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| seat.to_string())
    }

    /// `10♥` or `10H`.
    pub fn card(&self, c: Card) -> String {
        if self.symbols {
            format!("{}{}", c.rank().symbol(), c.suit().symbol())
        } else {
            c.to_string()
        }
    }

    /// The cards separated by spaces, `-` for none.
    pub fn cards(&self, cards: CardSet) -> String {
        if cards.is_empty() {
            return "-".to_owned();
        }
        cards
            .iter()
            .map(|c| self.card(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A combination's cards.
    pub fn meld(&self, m: Meld) -> String {
        self.cards(m.cards())
    }

    /// `stock` or the card.
    pub fn take(&self, t: Take) -> String {
        match t {
            Take::Stock => "stock".to_owned(),
            Take::Discard(c) => self.card(c),
        }
    }

    /// The action in the notation's shape: `call`, `discard 4♥ 5♥ take stock`.
    pub fn action(&self, a: Action) -> String {
        match a {
            Action::Call => "call".to_owned(),
            Action::Discard { meld, take } => {
                format!("discard {} take {}", self.meld(meld), self.take(take))
            }
        }
    }

    /// One line for a turn, as the table saw it (a card drawn from the stock stays hidden).
    pub fn describe(&self, event: &Event) -> String {
        let who = self.seat(event.player);
        match event.action {
            Action::Call => {
                // A call ends the round: its result shows the caller's hand.
                let hand = event
                    .round
                    .and_then(|r| r.hands().get(event.player.index()).copied())
                    .unwrap_or_default();
                format!(
                    "{who} calls Jap Jap with {} ({})",
                    hand.value(),
                    self.cards(hand)
                )
            }
            Action::Discard { meld, take } => {
                let took = match take {
                    Take::Stock => "draws from the stock".to_owned(),
                    Take::Discard(c) => format!("takes {}", self.card(c)),
                };
                let reshuffle = if event.reshuffled {
                    " (the discards are shuffled into a new stock)"
                } else {
                    ""
                };
                format!("{who} discards {}, {took}{reshuffle}", self.meld(meld))
            }
        }
    }

    /// One line for a round's result: how it ended, every hand and what it scored, the
    /// totals.
    pub fn round_summary(&self, r: &RoundResult) -> String {
        let how = match r.end() {
            RoundEnd::Call {
                caller,
                winner,
                countered: true,
            } => format!(
                "Contre Jap Jap! {} beats {}'s call",
                self.seat(winner),
                self.seat(caller)
            ),
            RoundEnd::Call { caller, .. } => format!("{} wins the call", self.seat(caller)),
            RoundEnd::StockExhausted => "the stock ran out".to_owned(),
            RoundEnd::TurnLimit => "the turn limit was reached".to_owned(),
        };
        let hands: Vec<String> = r
            .hands()
            .iter()
            .zip(r.added())
            .zip(Seat::all(r.hands().len()))
            .map(|((h, a), s)| format!("{} {} (+{a})", self.seat(s), self.cards(*h)))
            .collect();
        format!(
            "{how} after {} turns: {}; totals {}",
            r.turns(),
            hands.join(", "),
            totals(r.totals())
        )
    }

    /// One line for a game that ended inside a longer match.
    pub fn game_summary(&self, g: &GameResult, rules: &Rules) -> String {
        let losers: Vec<String> = g.losers().iter().map(|s| self.seat(s)).collect();
        format!(
            "game {} over: {} reached {}; totals {}",
            g.game() + 1,
            losers.join(" and "),
            rules.score_limit(),
            totals(g.totals())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_is_replayable_and_ends_with_its_summary() {
        let mut a = Vec::new();
        run(7, &mut a).unwrap();
        let mut b = Vec::new();
        run(7, &mut b).unwrap();
        assert_eq!(a, b);
        let text = String::from_utf8(a).unwrap();
        let last = text.lines().last().unwrap();
        assert!(last.starts_with("japjap: P") && last.contains(" won the game after "));
        assert!(text.starts_with("Jap Jap, 3 players (P1 search, P2 greedy, P3 random), seed 7"));
        assert!(text.lines().nth(1).unwrap().starts_with("round 1: P"));
    }

    #[test]
    fn other_rules_seat_more_bots_and_say_so() {
        let rules = Rules::new(4)
            .unwrap()
            .with_score_limit(30)
            .unwrap()
            .with_min_run(3)
            .unwrap();
        let mut out = Vec::new();
        run_with(rules, 3, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with(
                "Jap Jap, 4 players (P1 search, P2 greedy, P3 random, P4 search), seed 3, \
                 call at 5 or less, 30 loses, runs of 3 or more:"
            ),
            "{text}"
        );
        assert!(text.lines().last().unwrap().contains("reached 30"));
    }

    #[test]
    fn words_write_cards_both_ways() {
        let a: Action = "discard 10H JH take 3C".parse().unwrap();
        let names = vec!["Ann".to_owned(), "Bob".to_owned()];
        assert_eq!(
            Words::new(names.clone(), true).action(a),
            "discard 10♥ J♥ take 3♣"
        );
        assert_eq!(Words::new(names, false).action(a), a.to_string());
        assert_eq!(Words::letters(2).seat(Seat::FIRST), "P1");
        assert_eq!(
            rules_summary(&Rules::default()),
            "call at 5 or less, 90 loses"
        );
    }
}
