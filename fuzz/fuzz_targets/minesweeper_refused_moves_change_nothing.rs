//! A game played from a fuzzed board and moves: `is_legal(m)` is exactly `play(m).is_ok()`,
//! a refused move leaves the game equal, `legal_moves` lists exactly the legal moves, and
//! `play_all` is all or nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_minesweeper::{Board, Game, Move, Pos};

fuzz_target!(|data: &[u8]| {
    // The text up to the first NUL is the board (`*` and `.`); the bytes after it the moves.
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let text = String::from_utf8_lossy(&data[..split]);
    let script = data.get(split + 1..).unwrap_or(&[]);
    let Ok(board) = text.parse::<Board>() else {
        return;
    };
    if board.width() * board.height() > 4096 {
        return;
    }
    let marks = script.first().is_some_and(|b| b & 1 == 1);
    let Ok(mut game) = Game::from_board(&board, marks) else {
        return;
    };
    let mut moves = Vec::new();
    for chunk in script.chunks(2) {
        let [a, b] = chunk else { break };
        let at = Pos::new(usize::from(a & 0x3f), usize::from(b & 0x3f));
        let m = match a >> 6 {
            0 | 1 => Move::Reveal(at),
            2 => Move::Flag(at),
            _ => Move::Chord(at),
        };
        moves.push(m);
        let legal = game.is_legal(m);
        assert_eq!(legal, game.legal_moves().contains(&m));
        let before = game.clone();
        if game.play(m).is_err() {
            assert!(!legal);
            assert_eq!(game, before);
        } else {
            assert!(legal);
        }
    }
    let fresh = Game::from_board(&board, marks).unwrap();
    let mut all = fresh.clone();
    match all.play_all(&moves) {
        Ok(()) => {}
        Err(e) => {
            assert_eq!(all, fresh);
            assert!(e.index < moves.len());
        }
    }
});
