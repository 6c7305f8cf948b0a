//! The bots: legal play from a view alone, the greedy rule, the search bot's judgement, and
//! the strength order random < greedy < search on small seeded samples (the full-size
//! measurements are the example's `rounds` and `match` commands, see the README).

use plateau_japjap::{
    Action, Bot, CardSet, Game, GreedyBot, RandomBot, Rules, SearchBot, Setup, Take, play_match,
    play_round, random,
};

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

#[test]
fn every_bot_plays_legally_from_its_view() {
    for players in 2..=5u8 {
        let rules = Rules::new(players).unwrap();
        let mut g = Game::new(rules, u64::from(players));
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|i| -> Box<dyn Bot> {
                match i % 3 {
                    0 => Box::new(SearchBot::new(u64::from(i)).with_worlds(4)),
                    1 => Box::new(GreedyBot::new()),
                    _ => Box::new(RandomBot::new(u64::from(i))),
                }
            })
            .collect();
        for _ in 0..300 {
            let Some(p) = g.current_player() else { break };
            let view = g.view(p);
            let a = bots[p.index()].choose(&view);
            assert!(g.legal_actions().contains(&a), "{a}");
            g.play(a).unwrap();
        }
    }
}

#[test]
fn the_search_bot_sees_only_its_view() {
    // Two games that agree on everything P1 may know but differ in the hidden cards:
    // the same seeded bot makes the same choice in both.
    let g = Game::new(Rules::heads_up(), 99);
    let me = g.current_player().unwrap();
    let view = g.view(me);
    for s in 0..5 {
        let other = view.sample_world(&mut random::seeded(s));
        assert_eq!(other.view(me), view);
        let a = SearchBot::new(7).with_worlds(8).choose(&view);
        let b = SearchBot::new(7).with_worlds(8).choose(&other.view(me));
        assert_eq!(a, b);
    }
}

#[test]
fn greedy_calls_at_once_and_dumps_the_most_points() {
    let rules = Rules::heads_up();
    let mut s = Setup::new(rules, [cards("AS 2S 2H"), cards("KD KC")]);
    s.discard = cards("9D");
    let g = Game::from_setup(s.clone()).unwrap();
    assert_eq!(
        GreedyBot::new().choose(&g.view(g.current_player().unwrap())),
        Action::Call
    );
    // 9 9 (18) beats the K (13) and the 8 9 10 run (27) beats both.
    s.hands[0] = cards("9S 9H KC 2D");
    s.hands[1] = cards("QD JD");
    s.discard = cards("3C");
    let g = Game::from_setup(s.clone()).unwrap();
    let a = GreedyBot::new().choose(&g.view(g.current_player().unwrap()));
    assert_eq!(a, "discard 9S 9H take 3C".parse().unwrap());
    s.hands[0] = cards("8S 9S 10S 9H KC");
    let g = Game::from_setup(s.clone()).unwrap();
    let a = GreedyBot::new().choose(&g.view(g.current_player().unwrap()));
    assert_eq!(a, "discard 8S 9S 10S take 3C".parse().unwrap());
    // A high card on the discard is left there.
    s.discard = cards("7C");
    let g = Game::from_setup(s).unwrap();
    let a = GreedyBot::new().choose(&g.view(g.current_player().unwrap()));
    assert_eq!(
        a.meld().map(plateau_japjap::Meld::cards),
        Some(cards("8S 9S 10S"))
    );
    assert!(matches!(
        a,
        Action::Discard {
            take: Take::Stock,
            ..
        }
    ));
}

#[test]
fn the_search_bot_does_not_call_into_a_certain_counter() {
    // P1 may call with 5, but P2 holds a single card everyone saw: the ace. Greedy calls
    // (and scores 25); search plays on.
    let rules = Rules::heads_up();
    let mut s = Setup::new(rules, [cards("2S 3H"), cards("AD")]);
    s.known = vec![CardSet::EMPTY, cards("AD")];
    s.discard = cards("KC");
    let g = Game::from_setup(s).unwrap();
    let view = g.view(g.current_player().unwrap());
    assert_eq!(GreedyBot::new().choose(&view), Action::Call);
    assert_ne!(SearchBot::new(1).choose(&view), Action::Call);
}

#[test]
fn greedy_beats_random_in_heads_up_rounds() {
    // 400 seeded rounds, seats alternating; the 10,000-round bar is measured by the
    // example (`japjap rounds --bots greedy,random`).
    let rules = Rules::heads_up();
    let mut wins = 0;
    for seed in 0..400u64 {
        let mut g = Game::new(rules, seed);
        let (mut greedy, mut rnd) = (GreedyBot::new(), RandomBot::new(seed));
        let greedy_seat = (seed % 2) as usize;
        let r = if greedy_seat == 0 {
            play_round(&mut g, &mut [&mut greedy, &mut rnd])
        } else {
            play_round(&mut g, &mut [&mut rnd, &mut greedy])
        }
        .unwrap();
        wins += u32::from(r.winner().is_some_and(|w| w.index() == greedy_seat));
    }
    assert!(wins >= 360, "greedy won {wins} of 400");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "a minute in debug mode: run with --release"
)]
fn search_beats_greedy_in_heads_up_games() {
    // 100 seeded games to 90 with the default bot, seats alternating; the 1,000-game bar
    // is measured by the example (`japjap match --bots search,greedy`).
    let rules = Rules::heads_up();
    let mut wins = 0.0;
    let games = 100u64;
    for seed in 0..games {
        let mut g = Game::new(rules, seed);
        let (mut search, mut greedy) = (SearchBot::new(seed), GreedyBot::new());
        let seat = (seed % 2) as usize;
        let rec = if seat == 0 {
            play_match(&mut g, &mut [&mut search, &mut greedy], 10_000)
        } else {
            play_match(&mut g, &mut [&mut greedy, &mut search], 10_000)
        }
        .unwrap();
        let game = rec.games[0];
        if game.winners().iter().any(|w| w.index() == seat) {
            wins += 1.0 / game.winners().len() as f64;
        }
    }
    // About 88 % on 1,000 games; 70 of 100 is far outside the noise.
    assert!(wins >= 70.0, "search won {wins} of {games}");
}
