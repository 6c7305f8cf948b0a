//! Parse arbitrary text as a board, then apply arbitrary moves, clicks and move strings:
//! nothing may panic, refused operations change nothing, and solvability never changes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::Pos;
use plateau_taquin::{Board, Move, parse_moves};

fuzz_target!(|data: &[u8]| {
    // The text up to the first NUL is the board; the bytes after it drive the play.
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let text = String::from_utf8_lossy(&data[..split]);
    let script = data.get(split + 1..).unwrap_or(&[]);
    let _ = parse_moves(&text);
    let _ = text.parse::<Move>();
    let Ok(mut board) = text.parse::<Board>() else {
        return;
    };
    assert_eq!(board.to_string().parse::<Board>().as_ref(), Ok(&board));
    let solvable = board.is_solvable();
    for &byte in script {
        let before = board.clone();
        let result = if byte & 0x80 == 0 {
            board.play(Move::ALL[usize::from(byte & 3)]).map(|()| ())
        } else {
            let pos = Pos::new(
                usize::from((byte >> 3) & 0x0f),
                usize::from(byte & 0x07) * 3 % 17,
            );
            board.click(pos).map(|_| ())
        };
        if result.is_err() {
            assert_eq!(board, before);
        }
        assert_eq!(board.is_solvable(), solvable);
    }
    if board.width() * board.height() <= 9 && solvable {
        let s = plateau_taquin::solve_optimal(&board).unwrap();
        let mut b = board.clone();
        b.play_all(&s.moves).unwrap();
        assert!(b.is_solved());
    }
});
