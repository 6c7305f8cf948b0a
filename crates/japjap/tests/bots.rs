//! The bots: legal play from a view alone, blind to what the view hides, the greedy rule,
//! the search bot's judgement and its hint, and the strength order random < greedy < search
//! on small seeded samples (the full-size measurements are the example's `rounds` and
//! `match` commands, see the README).

use plateau_japjap::{
    Action, Bot, Card, CardSet, Event, Game, GreedyBot, Meld, Play, RandomBot, Rules, SearchBot,
    Setup, Take, hint, play_match, play_round, play_turn, random,
};

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn meld(s: &str) -> Meld {
    s.parse().unwrap()
}

/// A table of bots of every kind (seat `i` holds kind `(i + first) % 3`: search, greedy,
/// random), seeded from `seed` alike each time, so two calls give identical tables.
fn table(players: usize, seed: u64, first: usize) -> Vec<Box<dyn Bot<Game>>> {
    (0..players)
        .map(|i| -> Box<dyn Bot<Game>> {
            let s = seed + i as u64;
            match (i + first) % 3 {
                0 => Box::new(SearchBot::new(s).with_worlds(4)),
                1 => Box::new(GreedyBot::new()),
                _ => Box::new(RandomBot::new(s)),
            }
        })
        .collect()
}

/// One turn through the simulator, which hands the bot on turn its seat's view.
fn turn(g: &mut Game, table: &mut [Box<dyn Bot<Game>>]) -> Event {
    let mut refs: Vec<&mut dyn Bot<Game>> = table.iter_mut().map(|b| b.as_mut() as _).collect();
    play_turn(g, &mut refs).unwrap()
}

#[test]
fn every_bot_plays_legally_from_its_view() {
    for players in 2..=5u8 {
        let rules = Rules::new(players).unwrap();
        let mut g = Game::new(rules, u64::from(players));
        let mut bots = table(usize::from(players), u64::from(players), 0);
        for _ in 0..300 {
            let Some(p) = g.to_move() else { break };
            // Every other seat's bot has nothing to offer.
            for q in g.seats().filter(|&q| q != p) {
                assert_eq!(bots[q.index()].choose(g.view(q)), None);
            }
            let a = bots[p.index()].choose(g.view(p)).unwrap();
            assert!(g.legal_moves().contains(&a), "{a}");
            g.play(a).unwrap();
        }
    }
}

#[test]
fn bots_cannot_see_what_their_view_hides() {
    // Games that agree on everything the seat on turn may know but differ in the other
    // hands or the stock: through the simulator, every kind of bot in that seat makes the
    // same choice in all of them.
    let mut checked = 0;
    for seed in 0..12u64 {
        let players = 2 + (seed % 4) as usize;
        let mut real = Game::new(Rules::new(players as u8).unwrap(), seed);
        // A few turns in, so hands hold cards seen taken and the pile is not empty.
        let mut warm = table(players, seed, 0);
        for _ in 0..seed % 7 {
            turn(&mut real, &mut warm);
        }
        let me = real.to_move().unwrap();
        let view = real.view(me);
        let hidden = |g: &Game| -> (Vec<CardSet>, Vec<Card>) {
            let others = g.seats().filter(|&q| q != me).map(|q| g.hand(q));
            (others.collect(), g.stock().collect())
        };
        for w in 0..4 {
            let world = view.sample_world(&mut random::seeded(w));
            assert_eq!(world.view(me), view);
            if hidden(&world) == hidden(&real) {
                continue;
            }
            checked += 1;
            for first in 0..3 {
                let on_real = turn(&mut real.clone(), &mut table(players, seed, first));
                let on_world = turn(&mut world.clone(), &mut table(players, seed, first));
                assert_eq!(on_real.player, me);
                assert_eq!(
                    on_real.action,
                    on_world.action,
                    "seed {seed}, world {w}, bot kind {}",
                    (me.index() + first) % 3
                );
            }
        }
    }
    assert!(
        checked >= 40,
        "only {checked} worlds differed from the real game"
    );
}

#[test]
fn a_seeded_search_bot_is_deterministic() {
    let g = Game::new(Rules::heads_up(), 99);
    let view = g.view(g.to_move().unwrap());
    let first = SearchBot::new(7).with_worlds(8).choose(view);
    for _ in 0..3 {
        assert_eq!(SearchBot::new(7).with_worlds(8).choose(view), first);
    }
    assert!(g.is_legal(first.unwrap()));
}

#[test]
fn hint_is_the_search_bot_s_legal_choice_for_the_seat_on_turn() {
    for seed in 0..20u64 {
        let players = 2 + (seed % 4) as usize;
        let g = Game::new(Rules::new(players as u8).unwrap(), seed);
        let me = g.to_move().unwrap();
        let advice = hint(&g.view(me)).unwrap();
        assert!(g.is_legal(advice), "{advice}");
        // Deterministic: the same view, the same advice.
        assert_eq!(hint(&g.view(me)), Some(advice));
        for q in g.seats().filter(|&q| q != me) {
            assert_eq!(hint(&g.view(q)), None);
        }
    }
}

#[test]
fn greedy_calls_at_once_and_dumps_the_most_points() {
    let rules = Rules::heads_up();
    let mut s = Setup::new(rules, [cards("AS 2S 2H"), cards("KD KC")], meld("9D"));
    let g = Game::from_setup(s.clone()).unwrap();
    assert_eq!(
        GreedyBot::new()
            .choose(g.view(g.to_move().unwrap()))
            .unwrap(),
        Action::Call
    );
    // 9 9 (18) beats the K (13) and the 8 9 10 run (27) beats both.
    s.hands[0] = cards("9S 9H KC 2D");
    s.hands[1] = cards("QD JD");
    s.discard = meld("3C");
    let g = Game::from_setup(s.clone()).unwrap();
    let a = GreedyBot::new()
        .choose(g.view(g.to_move().unwrap()))
        .unwrap();
    assert_eq!(a, "discard 9S 9H take 3C".parse().unwrap());
    s.hands[0] = cards("8S 9S 10S 9H KC");
    let g = Game::from_setup(s.clone()).unwrap();
    let a = GreedyBot::new()
        .choose(g.view(g.to_move().unwrap()))
        .unwrap();
    assert_eq!(a, "discard 8S 9S 10S take 3C".parse().unwrap());
    // A high card on the discard is left there.
    s.discard = meld("7C");
    let g = Game::from_setup(s).unwrap();
    let a = GreedyBot::new()
        .choose(g.view(g.to_move().unwrap()))
        .unwrap();
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
    let mut s = Setup::new(rules, [cards("2S 3H"), cards("AD")], meld("KC"));
    s.known = vec![CardSet::EMPTY, cards("AD")];
    let g = Game::from_setup(s).unwrap();
    let view = g.view(g.to_move().unwrap());
    assert_eq!(GreedyBot::new().choose(view), Some(Action::Call));
    let search = SearchBot::new(1).choose(view).unwrap();
    assert_ne!(search, Action::Call);
    // The hint has the search bot's judgement, within its smaller budget.
    assert_ne!(hint(&view), Some(Action::Call));
    assert!(g.is_legal(search));
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
