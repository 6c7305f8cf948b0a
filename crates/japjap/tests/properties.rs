//! Invariants over random games under random rules: the play contract (through the
//! `plateau_grid::testing` kit: exactly the legal actions are accepted, a refusal changes
//! nothing, `play_all` is atomic, notation round-trips, clones continue alike), the cards are
//! conserved, hands stay in range, scores only grow, every round ends within the turn limit,
//! a view reveals no hidden card, seeded replays are identical, ids round-trip.

use plateau_grid::testing::{check_move, check_notation, random_game};
use plateau_japjap::{
    Action, Bot, CardSet, Event, Exhaustion, Game, GreedyBot, IllegalMove, PenaltyMode, Play,
    Rules, Seat, TakeFrom, format_actions, parse_actions, play_round, random,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn rules_with_turn_limit(turn_limit: u16) -> impl Strategy<Value = Rules> {
    (
        2u8..=5,
        2u8..=3,
        0usize..3,
        0usize..3,
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(90u16), 1u16..40],
    )
        .prop_map(move |(players, min_run, ex, take, equal, added, limit)| {
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
                .with_turn_limit(turn_limit)
                .unwrap()
        })
}

fn rules() -> impl Strategy<Value = Rules> {
    rules_with_turn_limit(300)
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

/// Plays `choices` (each picks a legal action by index, after probing an arbitrary id with
/// the kit's `check_move`: accepted exactly when listed, a refusal changes nothing) and
/// returns the events.
fn run(g: &mut Game, choices: &[(u16, u32)]) -> Vec<Event> {
    let mut events = Vec::new();
    let mut legal = Vec::new();
    for &(pick, probe) in choices {
        if g.is_over() {
            break;
        }
        g.legal_moves_into(&mut legal);
        assert!(!legal.is_empty());
        check_move(g, Action::from_id(probe % Action::COUNT).unwrap());
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

/// The actions `a` with `world.is_legal(a)`, found by trying every id: a reference for
/// the legal list that does not go through the move generator.
fn legal_by_brute_force(world: &Game) -> Vec<Action> {
    let mut all: Vec<Action> = (0..Action::COUNT)
        .filter_map(Action::from_id)
        .filter(|&a| world.is_legal(a))
        .collect();
    all.sort_unstable();
    all
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    })]

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
    fn random_games_keep_the_contract_and_rounds_end_within_the_turn_limit(
        rules in rules_with_turn_limit(40),
        seed in any::<u64>(),
        moves in any::<u64>(),
    ) {
        // A match of random play need not end (a round cut at the turn limit, or ended by
        // an exhausted stock under the default rules, scores nothing), so the kit's
        // `random_game` runs a bounded number of plies; what must end is each round, within
        // the rules' turn limit, and that is checked on the moves it played.
        let start = Game::new(rules, seed);
        let played = random_game(&start, &mut random::seeded(moves), 300);
        let mut g = start;
        let mut in_round = 0u32;
        let mut rounds = 0;
        for &m in &played.moves {
            in_round += 1;
            if g.play(m).unwrap().round.is_some() {
                prop_assert!(in_round <= u32::from(rules.turn_limit()), "{in_round} plies");
                in_round = 0;
                rounds += 1;
            }
        }
        prop_assert!(in_round <= u32::from(rules.turn_limit()));
        prop_assert_eq!(&g, &played.end);
        prop_assert!(g.is_over() || played.moves.len() == 300);
        // 300 plies hold at least 7 rounds of at most 40.
        prop_assert!(g.is_over() || rounds >= 7, "{} rounds", rounds);
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
        let on_turn = g.to_move().unwrap();
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
            prop_assert_eq!(world.to_move(), Some(on_turn));
            if p == on_turn {
                // p's own hand: the world offers p exactly the real game's actions.
                prop_assert_eq!(world.legal_moves(), g.legal_moves());
                prop_assert_eq!(view.legal_moves(), g.legal_moves());
            } else {
                // Another seat's sampled hand: what it offers is what the rules allow that
                // hand (tried id by id), made of cards p cannot place or saw taken.
                let mut listed = world.legal_moves();
                listed.sort_unstable();
                prop_assert_eq!(&listed, &legal_by_brute_force(&world));
                let possible = view.unseen() | g.known(on_turn);
                for a in &listed {
                    if let Some(m) = a.meld() {
                        prop_assert!(possible.is_superset(m.cards()), "{}", a);
                    }
                }
                prop_assert!(view.legal_moves().is_empty());
            }
        }
    }

    #[test]
    fn a_spectator_sees_only_what_is_face_up(
        rules in rules(),
        seed in any::<u64>(),
        choices in prop::collection::vec((any::<u16>(), any::<u32>()), 0..120),
        seat in 2usize..8,
        sample in any::<u64>(),
    ) {
        let mut g = Game::new(rules, seed);
        run(&mut g, &choices);
        let players = usize::from(rules.players());
        prop_assume!(seat >= players && !g.is_over());
        let spectator = Seat::new(seat).unwrap();
        let view = g.view(spectator);
        prop_assert_eq!(view.player(), spectator);
        prop_assert_eq!(view.hand(), CardSet::EMPTY);
        prop_assert!(view.legal_moves().is_empty() && !view.is_my_turn());
        prop_assert_eq!(view.to_move(), g.to_move());
        prop_assert_eq!(view.check(Action::Call), Err(IllegalMove::NotYourTurn {
            player: spectator,
            current: g.to_move().unwrap(),
        }));
        let hidden = g.seats().map(|q| g.hand(q) - g.known(q)).fold(CardSet::EMPTY, |a, b| a | b);
        prop_assert_eq!(view.unseen(), g.stock().collect::<CardSet>() | hidden);
        let world = view.sample_world(&mut random::seeded(sample));
        assert_conserved(&world);
        prop_assert_eq!(world.view(spectator), view);
        for q in g.seats() {
            prop_assert_eq!(world.view(q).hand().len(), g.hand(q).len());
        }
    }

    #[test]
    fn notation_and_ids_round_trip(id in 0..Action::COUNT) {
        let a = Action::from_id(id).unwrap();
        prop_assert_eq!(a.id(), id);
        check_notation(&a);
        prop_assert_eq!(parse_actions(&format_actions(&[a, a])), Ok(vec![a, a]));
    }

    #[test]
    fn card_sets_round_trip(bits in any::<u64>()) {
        let set = CardSet::from_bits(bits & CardSet::DECK.bits()).unwrap();
        check_notation(&set);
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
        let mut refs: Vec<&mut dyn Bot<Game>> = bots.iter_mut().map(|b| b as &mut dyn Bot<Game>).collect();
        let r = play_round(&mut g, &mut refs).unwrap();
        prop_assert!(r.turns() < 200, "{} turns", r.turns());
        prop_assert_ne!(r.end(), plateau_japjap::RoundEnd::TurnLimit);
    }
}

#[test]
fn a_view_of_another_seat_has_no_legal_action() {
    let g = Game::new(Rules::heads_up(), 1);
    let other = g.to_move().unwrap().next(2);
    let v = g.view(other);
    assert!(v.legal_moves().is_empty());
    assert!(matches!(
        v.check(Action::Call),
        Err(IllegalMove::NotYourTurn { .. })
    ));
}

#[test]
fn every_seat_off_the_table_gets_a_spectator_s_view() {
    // Seats 2 to 7 at a heads-up table: past the hands this crate stores (5) too.
    let g = Game::new(Rules::heads_up(), 1);
    for seat in Seat::all(plateau_grid::MAX_SEATS).skip(2) {
        let v = g.view(seat);
        assert_eq!(
            (v.hand(), v.hand_size(seat), v.known(seat)),
            (CardSet::EMPTY, 0, CardSet::EMPTY)
        );
        assert_eq!(v.unseen().len(), 52 - 1);
        assert!(v.legal_moves().is_empty());
        assert_eq!(v.sample_world_seeded(3).view(seat), v);
    }
}
