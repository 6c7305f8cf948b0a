//! The rules, case by case: combinations, takes, calls and counters, penalties, exhausted
//! stocks under each variant, game and match ends, the turn limit, and the seeded deal.

use plateau_japjap::{
    Action, Card, CardSet, Exhaustion, Game, IllegalMove, Meld, MeldError, MeldKind,
    ParseActionError, PenaltyMode, Play, RoundEnd, Rules, Seat, SeatSet, Setup, SetupError, Status,
    Take, TakeFrom,
};
use plateau_japjap::{GreedyBot, RandomBot, play_match};

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn p(i: usize) -> Seat {
    Seat::new(i).unwrap()
}

fn meld(s: &str) -> Meld {
    s.parse().unwrap()
}

fn act(s: &str) -> Action {
    s.parse().unwrap()
}

/// A game from these hands with `discard` just discarded, P1 on turn.
fn game(rules: Rules, hands: &[&str], discard: &str) -> Game {
    let setup = Setup::new(rules, hands.iter().map(|h| cards(h)), meld(discard));
    Game::from_setup(setup).unwrap()
}

/// Plays `a` and checks that a refusal left the game exactly as it was.
fn refused(g: &mut Game, a: &str) -> IllegalMove {
    let before = g.clone();
    assert!(!g.is_legal(act(a)), "{a}");
    let e = g.play(act(a)).unwrap_err();
    assert_eq!(*g, before, "{a} changed the game");
    e
}

#[test]
fn golden_deal_of_seed_2026() {
    // Written out from the engine once: a change of the random stream or of the deal order
    // (one card at a time from seat 0, then the face-up card, then the stock) fails here.
    let g = Game::new(Rules::heads_up(), 2026);
    assert_eq!(g.starter(), p(0));
    assert_eq!(g.hand(p(0)), cards("10S AH 2H 8D KC"));
    assert_eq!(g.hand(p(1)), cards("7S 3H 10D KD 10C"));
    assert_eq!(g.discard().cards(), cards("QC"));
    let top: Vec<String> = g.stock().take(5).map(|c| c.to_string()).collect();
    assert_eq!(top, ["9C", "4C", "4D", "AC", "3C"]);
    assert_eq!(g.stock_len(), 41);
    let g = Game::new(Rules::default(), 7);
    let hands: Vec<String> = g.seats().map(|s| g.hand(s).to_string()).collect();
    assert_eq!(
        hands,
        [
            "5S KS 9H JH 10D",
            "4H 7H AC 8C JC",
            "AS 3S 8S 6H 5C",
            "8H KH 2D 3D 5D"
        ]
    );
}

#[test]
fn combinations() {
    let rules = Rules::heads_up();
    let hand = "4H 5H 6H 4S 4C";
    for ok in [
        "discard 4H take stock",
        "discard 4H 4S take stock",
        "discard 4H 4S 4C take stock",
        "discard 4H 5H take stock",
        "discard 5H 6H take stock",
        "discard 4H 5H 6H take stock",
    ] {
        let g = game(rules, &[hand, "KS KD"], "9D");
        assert!(g.is_legal(act(ok)), "{ok}");
        assert_eq!(g.clone().play(act(ok)).map(|_| ()), Ok(()), "{ok}");
    }
    // Four of a kind.
    let g = game(rules, &["7S 7H 7D 7C 2S", "KS KD"], "9D");
    assert!(g.is_legal(act("discard 7S 7H 7D 7C take stock")));
    // Five in a run, ace low.
    let g = game(rules, &["AS 2S 3S 4S 5S", "KS KD"], "9D");
    assert!(g.is_legal(act("discard AS 2S 3S 4S 5S take stock")));
    assert_eq!(
        "AS 2S 3S 4S 5S".parse::<Meld>().map(Meld::kind),
        Ok(MeldKind::Run)
    );
    // Not combinations: the text is refused before any rule.
    for bad in ["4H 6H", "4H 5S", "QS KS AS", "4H 4S 5H"] {
        assert!(
            matches!(
                bad.parse::<Meld>(),
                Err(ParseActionError::Meld(MeldError::NotACombination { .. }))
            ),
            "{bad}"
        );
    }
    // Cards not held.
    let mut g = game(rules, &[hand, "KS KD"], "9D");
    assert_eq!(
        refused(&mut g, "discard 4H 4D take stock"),
        IllegalMove::NotInHand {
            player: p(0),
            missing: cards("4D")
        }
    );
}

#[test]
fn minimum_run_of_three() {
    let rules = Rules::heads_up().with_min_run(3).unwrap();
    let mut g = game(rules, &["4H 5H 6H 9C", "KS KD"], "9D");
    assert_eq!(
        refused(&mut g, "discard 4H 5H take stock"),
        IllegalMove::RunTooShort { length: 2, min: 3 }
    );
    assert!(g.is_legal(act("discard 4H 5H 6H take stock")));
    // Sets of two are not runs: still fine.
    let g = game(rules, &["4H 4S", "KS KD"], "9D");
    assert!(g.is_legal(act("discard 4H 4S take stock")));
    assert!(!g.legal_moves().iter().any(|a| {
        a.meld()
            .is_some_and(|m| m.kind() == MeldKind::Run && m.len() < 3)
    }));
}

#[test]
fn takes_under_each_rule() {
    let hand = ["KH QS", "KS KD"];
    // Any card of a run.
    let g = game(Rules::heads_up(), &hand, "4H 5H 6H");
    for c in ["4H", "5H", "6H"] {
        assert!(g.is_legal(act(&format!("discard KH take {c}"))), "{c}");
    }
    let mut g2 = g.clone();
    assert_eq!(
        refused(&mut g2, "discard KH take 7H"),
        IllegalMove::NotOnDiscard {
            card: card("7H"),
            available: cards("4H 5H 6H")
        }
    );
    // Run ends only.
    let rules = Rules::heads_up().with_take_from(TakeFrom::RunEnds);
    let mut g = game(rules, &hand, "4H 5H 6H");
    assert!(g.is_legal(act("discard KH take 4H")));
    assert!(g.is_legal(act("discard KH take 6H")));
    assert_eq!(
        refused(&mut g, "discard KH take 5H"),
        IllegalMove::TakeForbidden {
            card: card("5H"),
            rule: TakeFrom::RunEnds
        }
    );
    // ... but any card of a set.
    let g = game(rules, &hand, "7S 7H 7C");
    assert!(g.is_legal(act("discard KH take 7H")));
    // Top only: the card laid last, the highest of a run, the last suit of a set.
    let rules = Rules::heads_up().with_take_from(TakeFrom::TopOnly);
    let mut g = game(rules, &hand, "4H 5H 6H");
    assert!(g.is_legal(act("discard KH take 6H")));
    assert!(matches!(
        refused(&mut g, "discard KH take 4H"),
        IllegalMove::TakeForbidden { .. }
    ));
    let mut g = game(rules, &hand, "7S 7D");
    assert!(g.is_legal(act("discard KH take 7D")));
    assert!(matches!(
        refused(&mut g, "discard KH take 7S"),
        IllegalMove::TakeForbidden { .. }
    ));
}

#[test]
fn a_turn_moves_cards_where_they_belong() {
    let mut g = game(Rules::heads_up(), &["KH KS 2C", "QD JD"], "4H 5H");
    let e = g.play(act("discard KH KS take 4H")).unwrap();
    assert_eq!((e.player, e.took), (p(0), Some(card("4H"))));
    assert_eq!(g.hand(p(0)), cards("2C 4H"));
    assert_eq!(g.known(p(0)), cards("4H"), "everyone saw the 4H taken");
    assert_eq!(g.discard().cards(), cards("KH KS"));
    assert_eq!(
        g.discard_pile(),
        cards("5H"),
        "the card not taken is out of play"
    );
    assert_eq!(g.to_move(), Some(p(1)));
    let top = g.stock().next().unwrap();
    let e = g.play(act("discard QD take stock")).unwrap();
    assert_eq!(e.took, Some(top));
    assert_eq!(g.hand(p(1)), cards("JD") | top.set());
    assert_eq!(g.discard_pile(), cards("5H KH KS"));
    // Discarding a taken card makes it unknown again.
    g.play(act("discard 4H take stock")).unwrap();
    assert_eq!(g.known(p(0)), CardSet::EMPTY);
}

#[test]
fn calling() {
    let mut g = game(Rules::heads_up(), &["AS 2S 3H", "KD QC"], "9D");
    assert_eq!(
        refused(&mut g, "call"),
        IllegalMove::CannotCall {
            value: 6,
            threshold: 5
        }
    );
    let rules = Rules::heads_up().with_call_threshold(6).unwrap();
    let mut g = game(rules, &["AS 2S 3H", "KD QC"], "9D");
    let e = g.play(Action::Call).unwrap();
    let r = e.round.unwrap();
    assert_eq!(
        r.end(),
        RoundEnd::Call {
            caller: p(0),
            winner: p(0),
            countered: false
        }
    );
    assert_eq!(r.added(), [0, 25]);
    assert_eq!(g.scores(), [0, 25]);
    assert_eq!(r.hands(), [cards("AS 2S 3H"), cards("KD QC")]);
}

#[test]
fn counter_needs_a_strictly_lower_hand() {
    // Equal hands: the caller wins by default.
    let mut g = game(Rules::heads_up(), &["2S 2H", "3C AD"], "9D");
    let r = g.play(Action::Call).unwrap().round.unwrap();
    assert_eq!(r.winner(), Some(p(0)));
    assert!(!r.countered());
    assert_eq!(r.added(), [0, 4]);
    // Lower: countered, the caller scores 25 instead of their hand.
    let mut g = game(Rules::heads_up(), &["2S 2H", "AC 2D"], "9D");
    let r = g.play(Action::Call).unwrap().round.unwrap();
    assert_eq!(
        r.end(),
        RoundEnd::Call {
            caller: p(0),
            winner: p(1),
            countered: true
        }
    );
    assert_eq!(r.added(), [25, 0]);
    // The round's outcome: the counter wins it, the scores are the points added.
    let o = r.outcome();
    assert_eq!(o.winners(), SeatSet::only(p(1)));
    assert_eq!(o.scores(), [25, 0]);
    // Variant: an equal hand counters.
    let rules = Rules::heads_up().with_counter_on_equal(true);
    let mut g = game(rules, &["2S 2H", "3C AD"], "9D");
    let r = g.play(Action::Call).unwrap().round.unwrap();
    assert!(r.countered());
    assert_eq!(r.added(), [25, 0]);
    // Variant: the penalty is added to the caller's hand.
    let rules = Rules::heads_up().with_penalty_mode(PenaltyMode::Added);
    let mut g = game(rules, &["2S 2H", "AC 2D"], "9D");
    let r = g.play(Action::Call).unwrap().round.unwrap();
    assert_eq!(r.added(), [29, 0]);
    // Another penalty.
    let rules = Rules::heads_up().with_penalty(30).unwrap();
    let mut g = game(rules, &["2S 2H", "AC 2D"], "9D");
    assert_eq!(
        g.play(Action::Call).unwrap().round.unwrap().added(),
        [30, 0]
    );
}

#[test]
fn counter_ties_go_to_fewer_cards_then_turn_order() {
    // P3 calls with 5; P4, P1 and P2 all hold 3.
    let rules = Rules::new(4).unwrap();
    let hands = ["AS 2S", "3H", "4C AC", "AD 2D"];
    let mut setup = Setup::new(rules, hands.iter().map(|h| cards(h)), meld("9D"));
    setup.current = p(2);
    let mut g = Game::from_setup(setup.clone()).unwrap();
    let r = g.play(Action::Call).unwrap().round.unwrap();
    // P2 has a single card: fewer cards beats turn order.
    assert_eq!(
        r.end(),
        RoundEnd::Call {
            caller: p(2),
            winner: p(1),
            countered: true
        }
    );
    assert_eq!(r.added(), [3, 0, 25, 3]);
    // With equal card counts the first after the caller wins: P4 before P1.
    setup.hands = ["AS 2S", "2H AH 9S", "4C AC", "AD 2D"]
        .iter()
        .map(|h| cards(h))
        .collect();
    let mut g = Game::from_setup(setup.clone()).unwrap();
    let r = g.play(Action::Call).unwrap().round.unwrap();
    assert_eq!(r.winner(), Some(p(3)));
    assert_eq!(r.added(), [3, 12, 25, 0]);
    // And P1 before P2 when P4 is out of it.
    setup.hands = ["AS 2S", "2H AH", "4C AC", "9D 2D"]
        .iter()
        .map(|h| cards(h))
        .collect();
    setup.discard = meld("9C");
    let mut g = Game::from_setup(setup).unwrap();
    let r = g.play(Action::Call).unwrap().round.unwrap();
    assert_eq!(r.winner(), Some(p(0)));
    assert_eq!(r.added(), [0, 3, 25, 11]);
}

/// A heads-up game whose stock holds one card, the discard pile `pile`.
fn last_card(rules: Rules, pile: &str) -> Game {
    let hands = [cards("KH QS"), cards("KS KD")];
    let mut setup = Setup::new(rules, hands, meld("9D"));
    setup.discard_pile = cards(pile);
    let placed = hands[0] | hands[1] | cards("9D") | cards(pile);
    let mut rest: Vec<Card> = placed.complement().iter().collect();
    // The 2C on top, the only card of the stock: everything else is in the pile.
    let two = card("2C");
    rest.retain(|&c| c != two);
    setup.discard_pile |= rest.iter().copied().collect::<CardSet>();
    setup.stock = vec![two];
    Game::from_setup(setup).unwrap()
}

#[test]
fn exhausted_stock_under_each_variant() {
    // No score (the default).
    let mut g = last_card(Rules::heads_up(), "");
    let e = g.play(act("discard KH take stock")).unwrap();
    let r = e.round.unwrap();
    assert_eq!(r.end(), RoundEnd::StockExhausted);
    assert_eq!(r.winner(), None);
    assert_eq!(r.added(), [0, 0]);
    assert_eq!(
        r.outcome().winners(),
        SeatSet::EMPTY,
        "nobody wins the round"
    );
    assert_eq!(r.outcome().scores(), [0, 0]);
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.round_number(), 1, "the next round is dealt");
    // Everyone scores their hand.
    let rules = Rules::heads_up().with_exhaustion(Exhaustion::ScoreHands);
    let mut g = last_card(rules, "");
    let r = g.play(act("discard KH take stock")).unwrap().round.unwrap();
    assert_eq!(r.end(), RoundEnd::StockExhausted);
    assert_eq!(r.added(), [12 + 2, 26]);
    // Reshuffle: the pile (not the cards just discarded) becomes the stock.
    let rules = Rules::heads_up().with_exhaustion(Exhaustion::Reshuffle);
    let mut g = last_card(rules, "");
    let pile = g.discard_pile() | cards("9D");
    let e = g.play(act("discard KH take stock")).unwrap();
    assert!(e.reshuffled);
    assert_eq!(e.round, None);
    assert_eq!(g.stock().collect::<CardSet>(), pile);
    assert_eq!(g.discard_pile(), CardSet::EMPTY);
    assert_eq!(g.discard().cards(), cards("KH"));
    assert_eq!(g.to_move(), Some(p(1)));
}

#[test]
fn reshuffled_rounds_go_on_through_several_stocks() {
    // Greedy players under the reshuffle variant: the round outlives its first stock and
    // every card stays in exactly one place.
    let rules = Rules::heads_up().with_exhaustion(Exhaustion::Reshuffle);
    let mut reshuffles = 0;
    for seed in 0..200 {
        let mut g = Game::new(rules, seed);
        let (mut a, mut b) = (
            plateau_japjap::RandomBot::new(seed),
            plateau_japjap::RandomBot::new(!seed),
        );
        loop {
            let e = plateau_japjap::play_turn(&mut g, &mut [&mut a, &mut b]).unwrap();
            reshuffles += u32::from(e.reshuffled);
            if e.reshuffled {
                assert_eq!(g.discard_pile(), CardSet::EMPTY);
                assert!(g.stock_len() > 0);
            }
            if let Some(r) = e.round {
                assert_ne!(
                    r.end(),
                    RoundEnd::StockExhausted,
                    "there is always a pile to shuffle"
                );
                break;
            }
        }
    }
    assert!(reshuffles > 0);
}

#[test]
fn turn_limit_ends_a_round_with_no_score() {
    let rules = Rules::heads_up().with_turn_limit(2).unwrap();
    let mut g = game(rules, &["KH QS JD", "KS KD QD"], "9D");
    assert_eq!(g.play(act("discard KH take stock")).unwrap().round, None);
    let r = g
        .play(act("discard KS KD take stock"))
        .unwrap()
        .round
        .unwrap();
    assert_eq!(r.end(), RoundEnd::TurnLimit);
    assert_eq!(r.turns(), 2);
    assert_eq!(r.added(), [0, 0]);
    assert!(Rules::heads_up().with_turn_limit(0).is_err());
}

#[test]
fn reaching_the_limit_ends_the_game_and_the_match() {
    let mut setup = Setup::new(
        Rules::heads_up(),
        [cards("AS 2S"), cards("KD KC")],
        meld("9D"),
    );
    setup.scores = vec![40, 70];
    let mut g = Game::from_setup(setup.clone()).unwrap();
    let e = g.play(Action::Call).unwrap();
    let game = e.game.unwrap();
    assert_eq!(game.totals(), [40, 96]);
    assert_eq!(game.losers().iter().collect::<Vec<_>>(), [p(1)]);
    assert_eq!(game.winners().iter().collect::<Vec<_>>(), [p(0)]);
    assert_eq!(
        g.status(),
        Status::Over {
            losers: game.losers()
        }
    );
    assert_eq!(g.play(Action::Call), Err(IllegalMove::GameOver));
    assert!(g.legal_moves().is_empty());
    // A match of two lost games goes on, scores back to 0.
    setup.rules = Rules::heads_up().with_match_losses(2).unwrap();
    let mut g = Game::from_setup(setup).unwrap();
    g.play(Action::Call).unwrap();
    assert!(!g.is_over());
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.losses(), [0, 1]);
    assert_eq!(g.games_played(), 1);
}

#[test]
fn the_outcome_of_a_one_game_match_is_the_game_result() {
    // Heads up: the lowest total wins; the seat at the limit is the loser Status names.
    let mut setup = Setup::new(
        Rules::heads_up(),
        [cards("AS 2S"), cards("KD KC")],
        meld("9D"),
    );
    setup.scores = vec![40, 70];
    let mut g = Game::from_setup(setup).unwrap();
    assert_eq!(g.outcome(), None);
    g.play(Action::Call).unwrap();
    let Status::Over { losers } = g.status() else {
        panic!("the match is over")
    };
    let o = g.outcome().unwrap();
    assert_eq!(losers, SeatSet::only(p(1)));
    assert_eq!(o.winner(), Some(p(0)));
    assert_eq!(o.scores(), [40, 96]);
    assert_eq!(o.to_string(), "P1 wins (P1 40, P2 96)");
    // Three seats: P2 loses, P3 stays under the limit but above P1: P1 alone wins.
    let rules = Rules::new(3).unwrap();
    let hands = [cards("AS 2S"), cards("KD KC"), cards("AH 4H")];
    let mut setup = Setup::new(rules, hands, meld("9D"));
    setup.scores = vec![50, 70, 60];
    let mut g = Game::from_setup(setup).unwrap();
    g.play(Action::Call).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        g.status(),
        Status::Over {
            losers: SeatSet::only(p(1))
        }
    );
    assert_eq!(o.winners(), SeatSet::only(p(0)));
    assert_eq!(o.winners(), g.last_game().unwrap().winners());
    assert_eq!(o.scores(), [50, 96, 65]);
    assert_eq!((g.to_move(), g.players()), (None, 3));
}

#[test]
fn a_longer_match_is_won_by_the_fewest_lost_games() {
    // Three lost games end the match; the winners are the seats that lost fewest, the
    // lowest last-game total among them breaking the tie.
    let rules = Rules::new(3)
        .unwrap()
        .with_match_losses(3)
        .unwrap()
        .with_score_limit(30)
        .unwrap();
    let mut differs = 0;
    for seed in 0..40 {
        let mut g = Game::new(rules, seed);
        let (mut a, mut b, mut c) = (GreedyBot::new(), RandomBot::new(seed), GreedyBot::new());
        let record = play_match(&mut g, &mut [&mut a, &mut b, &mut c], 10_000).unwrap();
        assert!(record.finished);
        let Status::Over { losers } = g.status() else {
            panic!("the match is over")
        };
        let o = g.outcome().unwrap();
        let last = g.last_game().unwrap();
        let totals: Vec<i64> = last.totals().iter().map(|&t| i64::from(t)).collect();
        assert_eq!(o.scores(), totals);
        let lost = |s: Seat| g.losses()[s.index()];
        let fewest = g.seats().map(lost).min().unwrap();
        let low = g
            .seats()
            .filter(|&s| lost(s) == fewest)
            .map(|s| totals[s.index()])
            .min()
            .unwrap();
        let expected: SeatSet = g
            .seats()
            .filter(|&s| lost(s) == fewest && totals[s.index()] == low)
            .collect();
        assert_eq!(o.winners(), expected, "seed {seed}");
        for s in g.seats() {
            assert_eq!(losers.contains(s), lost(s) >= 3);
            assert!(!(losers.contains(s) && o.has_won(s)), "seed {seed}");
        }
        differs += u32::from(o.winners() != last.winners());
    }
    // The match rule is not the last game's: some matches are won by a seat that did not
    // have the lowest total of the last game.
    assert!(differs > 0);
}

#[test]
fn ties_share_the_game_win() {
    let rules = Rules::new(3).unwrap();
    let mut setup = Setup::new(
        rules,
        [cards("AS 2S"), cards("KD KC"), cards("AH 2H")],
        meld("9D"),
    );
    setup.scores = vec![50, 70, 50];
    let mut g = Game::from_setup(setup).unwrap();
    // P1 calls with 3, P3 holds 3 too: no counter; P3 adds 3, P2 adds 26.
    let game = g.play(Action::Call).unwrap().game.unwrap();
    assert_eq!(game.totals(), [50, 96, 53]);
    assert_eq!(game.winners().iter().collect::<Vec<_>>(), [p(0)]);
    let mut setup = Setup::new(
        rules,
        [cards("AS 2S"), cards("KD KC"), cards("AH 2H")],
        meld("9D"),
    );
    setup.scores = vec![50, 70, 47];
    let mut g = Game::from_setup(setup).unwrap();
    let game = g.play(Action::Call).unwrap().game.unwrap();
    assert_eq!(game.totals(), [50, 96, 50]);
    assert_eq!(game.winners().iter().collect::<Vec<_>>(), [p(0), p(2)]);
}

#[test]
fn rounds_follow_each_other_and_the_starter_moves_on() {
    let mut g = Game::new(Rules::new(3).unwrap(), 5);
    let first = g.starter();
    let (mut a, mut b, mut c) = (
        plateau_japjap::GreedyBot::new(),
        plateau_japjap::GreedyBot::new(),
        plateau_japjap::GreedyBot::new(),
    );
    for k in 1..4u8 {
        let r = plateau_japjap::play_round(&mut g, &mut [&mut a, &mut b, &mut c]).unwrap();
        assert_eq!(r.round(), u32::from(k - 1));
        if g.is_over() {
            break;
        }
        assert_eq!(
            g.starter(),
            Seat::new((first.index() + usize::from(k)) % 3).unwrap()
        );
        assert_eq!(g.to_move(), Some(g.starter()));
        assert_eq!(g.turn(), 0);
        assert!(g.seats().all(|s| g.hand(s).len() == 5));
    }
}

#[test]
fn play_all_is_atomic() {
    let mut g = game(Rules::heads_up(), &["KH QS JD", "KS KD QD"], "9D");
    let before = g.clone();
    let err = g
        .play_all(&[act("discard KH take stock"), act("discard KH take stock")])
        .unwrap_err();
    assert_eq!(err.index, 1);
    assert_eq!(g, before);
    g.play_all(&[act("discard KH take stock"), act("discard KS KD take KH")])
        .unwrap();
    assert_eq!(g.turn(), 2);
}

#[test]
fn setups_are_checked() {
    let rules = Rules::heads_up();
    // Setup::new builds a valid position from valid hands (the discard is a Meld, so it
    // is always a combination: "KH QS" is not one and never gets that far).
    let s = Setup::new(rules, [cards("KH QS"), cards("KS KD")], meld("2C"));
    let g = Game::from_setup(s.clone()).unwrap();
    assert_eq!((g.to_move(), g.starter()), (Some(p(0)), p(0)));
    assert_eq!(
        (g.discard(), g.discard_pile()),
        (meld("2C"), CardSet::EMPTY)
    );
    assert_eq!((g.scores(), g.stock_len()), (&[0, 0][..], 52 - 5));
    assert!(g.stock().is_sorted());
    assert!(matches!(
        "KH QS".parse::<Meld>(),
        Err(ParseActionError::Meld(MeldError::NotACombination { .. }))
    ));
    // Everything a type cannot say is checked when the game is built.
    let mut s = s;
    s.discard = meld("KH");
    assert_eq!(
        Game::from_setup(s.clone()),
        Err(SetupError::Twice { card: card("KH") })
    );
    s.discard = meld("2C");
    s.current = p(2);
    assert_eq!(
        Game::from_setup(s.clone()),
        Err(SetupError::Seat {
            player: p(2),
            players: 2
        })
    );
    s.current = p(1);
    assert_eq!(Game::from_setup(s.clone()).unwrap().to_move(), Some(p(1)));
    s.current = p(0);
    s.hands.push(cards("3C"));
    s.hands.push(cards("3D"));
    s.hands.push(cards("3H"));
    s.hands.push(cards("3S"));
    assert_eq!(
        Game::try_from(s.clone()),
        Err(SetupError::Players { players: 6 })
    );
    s.hands.truncate(2);
    s.hands.push(CardSet::EMPTY);
    assert!(matches!(
        Game::from_setup(s.clone()),
        Err(SetupError::HandSize { .. })
    ));
    s.hands.pop();
    s.scores = vec![0, 90];
    assert!(matches!(
        Game::from_setup(s.clone()),
        Err(SetupError::Score { .. })
    ));
    s.scores.clear();
    s.stock = vec![card("3C")];
    assert!(matches!(
        Game::from_setup(s.clone()),
        Err(SetupError::Missing { .. })
    ));
    s.stock.clear();
    s.known = vec![cards("KS"), CardSet::EMPTY];
    assert!(matches!(
        Game::from_setup(s.clone()),
        Err(SetupError::KnownNotHeld { .. })
    ));
    s.known.clear();
    assert!(Game::from_setup(s).is_ok());
}

#[test]
fn rules_are_valid_by_construction() {
    assert_eq!(Rules::default().players(), 4);
    assert_eq!(Rules::heads_up().players(), 2);
    assert!(Rules::new(1).is_err());
    assert!(Rules::new(6).is_err());
    assert!(Rules::default().with_min_run(1).is_err());
    assert!(Rules::default().with_min_run(6).is_err());
    assert!(Rules::default().with_call_threshold(65).is_err());
    assert!(Rules::default().with_score_limit(0).is_err());
    assert!(Rules::default().with_match_losses(0).is_err());
    assert!(Rules::default().with_penalty(101).is_err());
    let r = Rules::default();
    assert_eq!(
        (
            r.min_run(),
            r.call_threshold(),
            r.penalty(),
            r.score_limit(),
            r.match_losses()
        ),
        (2, 5, 25, 90, 1)
    );
    assert_eq!(r.take_from(), TakeFrom::Any);
    assert_eq!(r.exhaustion(), Exhaustion::NoScore);
    assert_eq!(r.penalty_mode(), PenaltyMode::Instead);
    assert!(!r.counter_on_equal());
    // Take::Stock and Take::Discard print as the notation says.
    assert_eq!(Take::Stock.to_string(), "stock");
}
