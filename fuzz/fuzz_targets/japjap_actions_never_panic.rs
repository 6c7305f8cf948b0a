//! Arbitrary rules, seed and actions (as dense ids and as text): nothing may panic, every
//! card stays in exactly one place while the match goes on, and `play_all` of every action
//! tried is atomic (the kit's `check_play_all`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing::check_play_all;
use plateau_japjap::{Action, CardSet, Exhaustion, Game, Play, Rules, TakeFrom};

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let (head, script) = data.split_at(4);
    let rules = Rules::new(2 + head[0] % 4)
        .and_then(|r| r.with_min_run(2 + head[1] % 2))
        .and_then(|r| r.with_call_threshold(head[2] % 20))
        .and_then(|r| r.with_score_limit(1 + u16::from(head[3])))
        .map(|r| {
            r.with_exhaustion([Exhaustion::NoScore, Exhaustion::Reshuffle, Exhaustion::ScoreHands][usize::from(head[1] >> 4) % 3])
                .with_take_from([TakeFrom::Any, TakeFrom::RunEnds, TakeFrom::TopOnly][usize::from(head[2] >> 5) % 3])
                .with_counter_on_equal(head[0] & 0x80 != 0)
        });
    let Ok(rules) = rules else { return };
    let start = Game::new(rules, u64::from(head[3]) << 8 | u64::from(head[0]));
    let mut game = start.clone();
    let mut tried = Vec::new();
    // Text actions too: up to the first NUL the script is also parsed as notation.
    let split = script.iter().position(|&b| b == 0).unwrap_or(script.len());
    let text = String::from_utf8_lossy(&script[..split]);
    for line in text.split(';') {
        if let Ok(a) = line.parse::<Action>() {
            let _ = game.play(a);
            tried.push(a);
        }
    }
    let mut legal = Vec::new();
    for pair in script.chunks(2) {
        let word = u32::from(pair[0]) << 8 | u32::from(*pair.get(1).unwrap_or(&0));
        game.legal_moves_into(&mut legal);
        // Alternate arbitrary ids (mostly refused) with legal picks (to get deep).
        let a = if word & 1 == 0 && !legal.is_empty() {
            legal[word as usize % legal.len()]
        } else {
            match Action::from_id(word * 7 % Action::COUNT) {
                Some(a) => a,
                None => continue,
            }
        };
        let _ = game.play(a);
        tried.push(a);
        if game.is_over() {
            break;
        }
        let mut all = CardSet::EMPTY;
        let mut n = 0;
        for p in game.seats() {
            all |= game.hand(p);
            n += game.hand(p).len();
        }
        all |= game.discard().cards() | game.discard_pile();
        n += game.discard().len() + game.discard_pile().len();
        let stock: CardSet = game.stock().collect();
        all |= stock;
        n += stock.len();
        assert_eq!((all, n), (CardSet::DECK, 52));
        let p = game.to_move().unwrap();
        let w = game.view(p).sample_world_seeded(u64::from(word));
        assert_eq!(w.view(p), game.view(p));
    }
    check_play_all(&start, &tried);
});
