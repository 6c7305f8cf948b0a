//! A game played from a fuzzed board and moves, through `plateau_grid::testing`: `is_legal(m)
//! == check(m).is_ok() == play(m).is_ok()`, a refused move leaves the game equal, the move's
//! notation round-trips, `legal_moves` lists exactly the legal moves once each, and
//! `play_all` is atomic and names the refused move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing::{check_move, check_play_all, check_position};
use plateau_minesweeper::{Board, Game, Marks, Move, Play, Pos, Rules};

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
    let marks = if script.first().is_some_and(|b| b & 1 == 1) {
        Marks::On
    } else {
        Marks::Off
    };
    let Ok(mut game) = Game::from_board(Rules::default().with_marks(marks), &board) else {
        return;
    };
    let start = game.clone();
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
        check_move(&game, m);
        let _ = game.play(m);
    }
    if board.width() * board.height() <= 256 {
        check_position(&game);
    }
    check_play_all(&start, &moves);
});
