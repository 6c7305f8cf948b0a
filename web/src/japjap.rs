//! Jap Jap on the page: [`JapJap`], a match in play, each seat seeing only its own view;
//! the bots and the hint are the crate's.

use plateau_grid::{Bot, Play, Seat};
use plateau_japjap::{
    Card, CardSet, Event, Game, GreedyBot, HINT_WORLDS, RandomBot, RoundEnd, RoundResult, Rules,
    SearchBot, View, hint,
};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::contract::{PlayError, Session, WebGame, bindings};

fn cards(set: CardSet) -> Vec<String> {
    set.iter().map(|c: Card| c.to_string()).collect()
}

fn round_json(r: &RoundResult) -> Value {
    let end = match r.end() {
        RoundEnd::Call {
            caller,
            winner,
            countered,
        } => {
            json!({ "kind": "call", "caller": caller.index(), "winner": winner.index(), "countered": countered })
        }
        _ => json!({ "kind": "stock" }),
    };
    json!({
        "round": r.round(),
        "end": end,
        "hands": r.hands().iter().map(|&h| cards(h)).collect::<Vec<_>>(),
        "added": r.added(),
        "totals": r.totals(),
    })
}

fn rules_json(r: &Rules) -> Value {
    json!({
        "players": r.players(),
        "minRun": r.min_run(),
        "callThreshold": r.call_threshold(),
        "counterOnEqual": r.counter_on_equal(),
        "penalty": r.penalty(),
        "penaltyMode": format!("{:?}", r.penalty_mode()),
        "exhaustion": format!("{:?}", r.exhaustion()),
        "takeFrom": format!("{:?}", r.take_from()),
        "scoreLimit": r.score_limit(),
        "matchLosses": r.match_losses(),
        "turnLimit": r.turn_limit(),
    })
}

impl WebGame for Game {
    /// What every seat may know of a turn: who did what, whether the pile was shuffled,
    /// the round's and game's results when they ended (the card drawn from the stock is
    /// left out: only its taker may see it, in its view).
    fn event_json(&self, e: &Event) -> Value {
        json!({
            "player": e.player.index(),
            "action": e.action.to_string(),
            "reshuffled": e.reshuffled,
            "round": e.round.as_ref().map(round_json),
            "gameOver": e.game.is_some(),
        })
    }

    /// What `seat` sees: its hand, the discard it may take from, every hand's size, the
    /// stock's size, the scores and losses, the seat to move, the last round's result and
    /// the rules.
    fn view_json(&self, seat: Seat) -> Value {
        let v: View = self.view(seat);
        let players = usize::from(v.rules().players());
        json!({
            "seat": seat.index(),
            "toMove": v.to_move().map(Seat::index),
            "hand": cards(v.hand()),
            "handValue": v.hand().iter().map(|c| u32::from(c.value())).sum::<u32>(),
            "discard": cards(v.discard().cards()),
            "sizes": Seat::all(players).map(|s| v.hand_size(s)).collect::<Vec<_>>(),
            "stock": v.stock_len(),
            "scores": v.scores(),
            "losses": v.losses(),
            "round": v.round_number(),
            "turn": v.turn(),
            "games": v.games_played(),
            "over": v.is_over(),
            "lastRound": self.last_round().map(round_json),
            "rules": rules_json(v.rules()),
        })
    }
}

/// A Jap Jap match in play: actions `call`, `discard 4H 5H 6H take stock`, `discard KD
/// take 3C`.
#[wasm_bindgen]
#[derive(Debug)]
pub struct JapJap {
    session: Session<Game>,
}

bindings!(JapJap, Game);

#[wasm_bindgen]
impl JapJap {
    /// A match of `players` seats (2 to 5) to `score_limit` points (0 keeps the rules'
    /// limit), dealt from `seed`.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for a seat count or limit the rules refuse.
    #[wasm_bindgen(constructor)]
    pub fn new(players: u8, score_limit: u16, seed: u64) -> Result<JapJap, PlayError> {
        let mut rules = Rules::new(players).map_err(PlayError::input)?;
        if score_limit > 0 {
            rules = rules
                .with_score_limit(score_limit)
                .map_err(PlayError::input)?;
        }
        Ok(JapJap {
            session: Session::new(Game::new(rules, seed)),
        })
    }

    /// The move of bot `kind` (`random`, `greedy`, `search`) for the seat to move, given
    /// only that seat's view; `undefined` when the match is over.
    ///
    /// # Errors
    /// An `"input"` [`PlayError`] for another kind.
    #[wasm_bindgen(js_name = botMove)]
    pub fn bot_move(
        &self,
        kind: &str,
        seed: u64,
        worlds: u32,
    ) -> Result<Option<String>, PlayError> {
        let mut bot: Box<dyn Bot<Game>> = match kind {
            "random" => Box::new(RandomBot::new(seed)),
            "greedy" => Box::new(GreedyBot::new()),
            "search" => Box::new(SearchBot::new(seed).with_worlds(worlds.max(1))),
            other => {
                return Err(PlayError::input(format_args!(
                    "no bot {other:?} (random, greedy, search)"
                )));
            }
        };
        let game = self.session.game();
        let m = game.to_move().and_then(|seat| bot.choose(game.view(seat)));
        Ok(m.map(|a| a.to_string()))
    }

    /// The crate's hint for the seat to move (its search over a few sampled deals, from
    /// that seat's view only).
    pub fn hint(&self) -> Option<String> {
        let game = self.session.game();
        let seat = game.to_move()?;
        hint(&game.view(seat)).map(|a| a.to_string())
    }

    /// The number of worlds the hint samples.
    #[wasm_bindgen(js_name = hintWorlds)]
    pub fn hint_worlds() -> u32 {
        HINT_WORLDS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(j: &JapJap, seat: u32) -> Value {
        serde_json::from_str(&j.view(seat)).unwrap()
    }

    #[test]
    fn a_seat_sees_its_own_hand_only_and_refused_melds_say_why() {
        let mut j = JapJap::new(3, 0, 9).unwrap();
        let seat = j.to_move().unwrap();
        let mine = view(&j, seat);
        let other = view(&j, (seat + 1) % 3);
        assert_eq!(mine["hand"].as_array().unwrap().len(), 5);
        assert_ne!(mine["hand"], other["hand"]);
        // Two cards of different ranks and suits are no meld: the crate's reason.
        let hand: Vec<String> = serde_json::from_value(mine["hand"].clone()).unwrap();
        let before = j.view(seat);
        let pairless = hand
            .iter()
            .flat_map(|a| hand.iter().map(move |b| (a, b)))
            .find(|(a, b)| {
                a != b
                    && a[..a.len() - 1] != b[..b.len() - 1]
                    && a.as_bytes().last() != b.as_bytes().last()
            });
        if let Some((a, b)) = pairless {
            let text = format!("discard {a} {b} take stock");
            let why = j.check(&text).expect("not a meld");
            assert_eq!(j.play(&text).unwrap_err().message(), why);
        }
        assert_eq!(j.view(seat), before);
        // A legal single discard taking from the stock passes.
        let single = format!("discard {} take stock", hand[0]);
        assert_eq!(j.check(&single), None);
        let e: Value = serde_json::from_str(&j.play(&single).unwrap()).unwrap();
        assert_eq!(e["player"].as_u64(), Some(u64::from(seat)));
        assert!(
            e.get("took").is_none(),
            "the drawn card is not told to everyone"
        );
    }

    #[test]
    fn bots_play_a_match_to_its_end() {
        let mut j = JapJap::new(2, 30, 4).unwrap();
        let kinds = ["greedy", "search"];
        let mut turns = 0;
        while let Some(seat) = j.to_move() {
            let m = j
                .bot_move(kinds[seat as usize], u64::from(seat), 4)
                .unwrap()
                .expect("a move while the match goes on");
            j.play(&m).unwrap();
            turns += 1;
            assert!(turns < 20_000, "the match ends");
        }
        assert!(j.outcome().is_some());
        assert_eq!(j.scores().len(), 2);
        assert!(j.hint().is_none());
        assert_eq!(JapJap::new(6, 0, 1).unwrap_err().kind(), "input");
        assert_eq!(j.bot_move("wise", 1, 1).unwrap_err().kind(), "input");
    }
}
