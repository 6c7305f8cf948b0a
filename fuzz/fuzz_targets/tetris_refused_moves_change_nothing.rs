//! A game played some way, then arbitrary placements: the play contract's move checks
//! (`plateau_grid::testing::check_move`: `is_legal == check == play`, listed exactly when
//! legal, a refused placement leaves the game exactly as it was, the notation round-trips),
//! and `play_all` is atomic (`check_play_all`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing;
use plateau_tetris::{Game, Piece, Placement, Play, Rotation, Rules, Tetromino};

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
        testing::check_move(&game, p);
        let _ = game.play(p);
        // Every few placements, a legal one so the game moves on, after checking that a list
        // of it and the arbitrary one plays atomically.
        if b & 3 == 0 {
            let moves = game.legal_moves();
            if let Some(&m) = moves.get(usize::from(c) % moves.len().max(1)) {
                testing::check_play_all(&game, &[m, p]);
                game.play(m).expect("legal");
            }
        }
    }
});
