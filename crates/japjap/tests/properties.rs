//! Invariants over random games under random rules: the cards are conserved, hands stay in
//! range, exactly the legal actions are accepted (and a refusal changes nothing), scores
//! only grow, a view reveals no hidden card, seeded replays are identical, notation and
//! ids round-trip.

use plateau_japjap::{
    Action, CardSet, Event, Exhaustion, Game, GreedyBot, PenaltyMode, Player, Rules, TakeFrom,
    play_round, random,
};
use proptest::prelude::*;

fn rules() -> impl Strategy<Value = Rules> {
    (
        2u8..=5,
        2u8..=3,
        0usize..3,
        0usize..3,
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(90u16), 1u16..40],
    )
        .prop_map(|(players, min_run, ex, take, equal, added, limit)| {
            Rules::new(players)
                .unwrap()
                .with_min_run(min_run)
                .unwrap()
                .with_exhaustion(
                    [
                        Exhaustion::NoScore,
                        Exhaustion::Reshuffle,
                        Exhaustion::ScoreHands,
                    ][ex],
                )
                .with_take_from([TakeFrom::Any, TakeFrom::RunEnds, TakeFrom::TopOnly][take])
                .with_counter_on_equal(equal)
                .with_penalty_mode(if added {
                    PenaltyMode::Added
                } else {
                    PenaltyMode::Instead
                })
                .with_score_limit(limit)
                .unwrap()
                .with_match_losses(2)
                .unwrap()
                .with_turn_limit(300)
                .unwrap()
        })
}

/// Every card in exactly one place.
fn assert_conserved(g: &Game) {
    let mut all = CardSet::EMPTY;
    let mut count = 0;
    let mut add = |s: CardSet| {
        assert!((all & s).is_empty(), "a card is in two places");
        all |= s;
        count += s.len();
    };
    for p in g.seats() {
        let h = g.hand(p);
        assert!((1..=5).contains(&h.len()), "{p} holds {}", h.len());
        assert!(h.is_superset(g.known(p)));
        add(h);
    }
    add(g.discard().cards());
    add(g.discard_pile());
    add(g.stock().collect());
    assert_eq!(all, CardSet::DECK);
    assert_eq!(count, 52);
    assert_eq!(g.stock().count(), g.stock_len());
}

/// Plays `choices` (each picks a legal action by index, or probes an arbitrary id first)
/// and returns the events.
fn run(g: &mut Game, choices: &[(u16, u32)]) -> Vec<Event> {
    let mut events = Vec::new();
    let mut legal = Vec::new();
    for &(pick, probe) in choices {
        if g.is_over() {
            break;
        }
        g.legal_actions_into(&mut legal);
        assert!(!legal.is_empty());
        // An arbitrary action: accepted exactly when it is in the legal list, and a
        // refusal changes nothing.
        let any = Action::from_id(probe % Action::COUNT).unwrap();
        let before = g.clone();
        let listed = legal.contains(&any);
        assert_eq!(g.is_legal(any), listed, "{any}");
        let mut probe_game = g.clone();
        let accepted = probe_game.play(any).is_ok();
        assert_eq!(accepted, listed, "{any}");
        if !accepted {
            assert_eq!(probe_game, before);
        }
        let a = legal[usize::from(pick) % legal.len()];
        let scores: Vec<u16> = g.scores().to_vec();
        let losses: Vec<u8> = g.losses().to_vec();
        let e = g.play(a).expect("a listed action is legal");
        // Scores only grow within a game; losses only grow.
        if e.game.is_none() {
            assert!(g.scores().iter().zip(&scores).all(|(n, o)| n >= o));
        } else {
            assert!(g.scores().iter().all(|&s| s == 0) || g.is_over());
        }
        assert!(g.losses().iter().zip(&losses).all(|(n, o)| n >= o));
        if let Some(r) = &e.round {
            assert!(r.totals().iter().zip(&scores).all(|(n, o)| n >= o));
            assert!(r.turns() <= g.rules().turn_limit());
        }
        if !g.is_over() {
            assert_conserved(g);
        }
        events.push(e);
    }
    events
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_play_keeps_every_invariant(
        rules in rules(),
        seed in any::<u64>(),
        choices in prop::collection::vec((any::<u16>(), any::<u32>()), 1..400),
    ) {
        let mut g = Game::new(rules, seed);
        assert_conserved(&g);
        let events = run(&mut g, &choices);
        // Seeded replays are identical.
        let mut again = Game::new(rules, seed);
        let replay = run(&mut again, &choices);
        prop_assert_eq!(events, replay);
        prop_assert_eq!(g, again);
    }

    #[test]
    fn views_reveal_no_hidden_card(
        rules in rules(),
        seed in any::<u64>(),
        choices in prop::collection::vec((any::<u16>(), any::<u32>()), 0..120),
        sample in any::<u64>(),
    ) {
        let mut g = Game::new(rules, seed);
        run(&mut g, &choices);
        prop_assume!(!g.is_over());
        for p in g.seats() {
            let view = g.view(p);
            let world = view.sample_world(&mut random::seeded(sample));
            // Another deal of the hidden cards gives the same view: it cannot depend on them.
            prop_assert_eq!(world.view(p), view);
            assert_conserved(&world);
            prop_assert_eq!(world.hand(p), g.hand(p));
            for q in g.seats() {
                prop_assert_eq!(world.hand(q).len(), g.hand(q).len());
                prop_assert!(world.hand(q).is_superset(g.known(q)));
                // What p cannot place is exactly the other hands' unseen cards and the stock.
                if q != p {
                    prop_assert!(view.unseen().is_superset(g.hand(q) - g.known(q)));
                }
            }
            prop_assert_eq!(
                view.unseen(),
                g.stock().collect::<CardSet>()
                    | g.seats().filter(|&q| q != p).map(|q| g.hand(q) - g.known(q)).fold(CardSet::EMPTY, |a, b| a | b)
            );
            prop_assert_eq!(world.stock_len(), g.stock_len());
            prop_assert_eq!(world.legal_actions(), if g.current_player() == Some(p) { g.legal_actions() } else { world.legal_actions() });
            prop_assert_eq!(view.legal_actions().is_empty(), g.current_player() != Some(p));
        }
    }

    #[test]
    fn notation_and_ids_round_trip(id in 0..Action::COUNT) {
        let a = Action::from_id(id).unwrap();
        prop_assert_eq!(a.id(), id);
        prop_assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        prop_assert_eq!(plateau_japjap::parse_actions(&plateau_japjap::format_actions(&[a, a])), Ok(vec![a, a]));
    }

    #[test]
    fn card_sets_round_trip(bits in any::<u64>()) {
        let set = CardSet::from_bits(bits & CardSet::DECK.bits()).unwrap();
        prop_assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
    }

    #[test]
    fn greedy_rounds_always_end_before_the_turn_limit(
        seed in any::<u64>(),
        players in 2u8..=5,
        take in 0usize..3,
    ) {
        // No reshuffle: every take from the discard lowers the sum of the hands, so
        // greedy rounds end by a call or an exhausted stock (see GreedyBot).
        let rules = Rules::new(players).unwrap()
            .with_take_from([TakeFrom::Any, TakeFrom::RunEnds, TakeFrom::TopOnly][take]);
        let mut g = Game::new(rules, seed);
        let mut bots: Vec<GreedyBot> = (0..players).map(|_| GreedyBot::new()).collect();
        let mut refs: Vec<&mut dyn plateau_japjap::Bot> = bots.iter_mut().map(|b| b as &mut dyn plateau_japjap::Bot).collect();
        let r = play_round(&mut g, &mut refs).unwrap();
        prop_assert!(r.turns() < 200, "{} turns", r.turns());
        prop_assert_ne!(r.end(), plateau_japjap::RoundEnd::TurnLimit);
    }
}

#[test]
fn a_view_of_another_seat_has_no_legal_action() {
    let g = Game::new(Rules::heads_up(), 1);
    let other = g.current_player().unwrap().next(2);
    let v = g.view(other);
    assert!(v.legal_actions().is_empty());
    assert!(matches!(
        v.check(Action::Call),
        Err(plateau_japjap::IllegalMove::NotYourTurn { .. })
    ));
    assert_eq!(Player::new(5), None);
}
