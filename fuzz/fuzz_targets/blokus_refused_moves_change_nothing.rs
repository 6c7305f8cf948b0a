//! Moves made of the input's bytes, legal or not, played on a game rebuilt from a board in
//! the input: the play contract's move checks (`plateau_grid::testing::check_move`:
//! `is_legal == check == play`, listed exactly when legal, a refused move leaves the game
//! equal), and undo takes back exactly what was played.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing;
use plateau_blokus::{Play, Board, Color, Config, Game, Move, Orientation, Piece, Placement, Variant};

fuzz_target!(|data: &[u8]| {
    // Up to the first NUL: a board (or nothing: the empty Duo board); then the moves.
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let text = String::from_utf8_lossy(&data[..split]);
    let script = data.get(split + 1..).unwrap_or(&[]);
    let mut game = match text.parse::<Board>() {
        Ok(board) => {
            let config = if board.variant() == Variant::Duo { Config::duo() } else { Config::classic() };
            let to_move = Color::new(usize::from(script.first().copied().unwrap_or(0)) % config.colors()).unwrap_or_default();
            match Game::from_board(config, &board, to_move) {
                Ok(g) => {
                    assert_eq!(g.board(), board);
                    g
                }
                Err(_) => return,
            }
        }
        Err(_) => Game::new(Config::duo()),
    };
    let start = game.clone();
    let mut played = 0;
    for chunk in script.chunks(4) {
        let m = match *chunk {
            [p, o, x, y] if p != 255 => Move::Place(Placement::new(
                Piece::ALL[usize::from(p) % 21],
                Orientation::new(o % 8).unwrap_or_default(),
                x % 24,
                y % 24,
            )),
            _ => Move::Pass,
        };
        testing::check_move(&game, m);
        if game.play(m).is_ok() {
            played += 1;
        }
        // Also through the legal list, so games go deep.
        if let Some(&m) = game.legal_moves().get(usize::from(chunk[0]) % 3) {
            game.play(m).expect("a listed move plays");
            played += 1;
        }
    }
    for _ in 0..played {
        assert!(game.undo().is_some());
    }
    assert_eq!(game, start);
});
