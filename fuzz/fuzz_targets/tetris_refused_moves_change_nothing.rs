//! A game played some way, then arbitrary placements: `is_legal` agrees with `play`, a
//! refused placement leaves the game exactly as it was, and `play_all` is atomic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_tetris::{Game, Piece, Placement, Rotation, Rules, Tetromino};

fuzz_target!(|data: &[u8]| {
    let Some((&head, script)) = data.split_first() else {
        return;
    };
    let rules =
        [Rules::guideline(), Rules::classic(), Rules::calculator()][usize::from(head % 3)].clone();
    let mut game = Game::new(rules, u64::from(head));
    for chunk in script.chunks(4) {
        let [a, b, c, d] = [0, 1, 2, 3].map(|i| chunk.get(i).copied().unwrap_or(0));
        let p = Placement {
            hold: a & 0x80 != 0,
            tetromino: Tetromino::new(
                Piece::ALL[usize::from(a) % 7],
                Rotation::from_index(usize::from(b)),
                (c % 16) as i8 - 2,
                (d % 44) as i8 - 2,
            ),
        };
        let before = game.clone();
        let legal = game.is_legal(p);
        match game.play(p) {
            Ok(_) => assert!(legal),
            Err(_) => {
                assert!(!legal);
                assert_eq!(game, before);
            }
        }
        // Every few placements, a legal one so the game moves on.
        if b & 3 == 0 {
            let moves = game.legal_moves();
            if let Some(&m) = moves.get(usize::from(c) % moves.len().max(1)) {
                let mut copy = game.clone();
                assert!(copy.play_all(&[m, p]).is_ok() || copy == game);
                game.play(m).expect("legal");
            }
        }
    }
});
