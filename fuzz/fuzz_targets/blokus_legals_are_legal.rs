//! Random play driven by the input: at every position the generator's moves are legal and
//! distinct, `is_legal` says yes to each and to nothing else the input proposes, `play`
//! agrees with `is_legal`, and refused moves change nothing.
#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use plateau_blokus::{Play, Config, Game, Move, Orientation, Piece, Placement, hint};

fuzz_target!(|data: &[u8]| {
    let Some((&first, script)) = data.split_first() else {
        return;
    };
    let config = match first % 3 {
        0 => Config::duo(),
        1 => Config::classic(),
        _ => Config::classic_two_players(),
    };
    let mut game = Game::new(config);
    for chunk in script.chunks(4) {
        if game.is_over() {
            assert!(game.legal_moves().is_empty());
            break;
        }
        let moves = game.legal_moves();
        let set: HashSet<Move> = moves.iter().copied().collect();
        assert_eq!(set.len(), moves.len(), "a move listed twice");
        assert!(hint(&game).is_some_and(|h| set.contains(&h)));
        for &m in moves.iter().step_by(7) {
            assert!(game.is_legal(m));
        }
        // A placement made of the input's bytes: legal exactly when listed.
        if let [p, o, x, y] = *chunk {
            let pl = Placement::new(
                Piece::ALL[usize::from(p) % 21],
                Orientation::new(o % 8).unwrap_or_default(),
                x % 22,
                y % 22,
            );
            let m = Move::Place(pl);
            let before = game.clone();
            let mut g = game.clone();
            let played = g.play(m);
            assert_eq!(played.is_ok(), set.contains(&m), "{m}: {played:?}");
            assert_eq!(game.is_legal(m), played.is_ok());
            if played.is_err() {
                assert_eq!(g, before);
            }
        }
        let pick = chunk.first().copied().unwrap_or(0);
        let m = moves[usize::from(pick) * moves.len() / 256];
        game.play(m).expect("a listed move plays");
    }
});
