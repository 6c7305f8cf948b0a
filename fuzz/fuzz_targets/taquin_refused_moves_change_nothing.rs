//! `is_legal(m) == play(m).is_ok()`, and a refused move, click or move list leaves the
//! board exactly as it was, on boards of every size the input picks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_taquin::{Board, Move, Pos, Size};

fuzz_target!(|data: &[u8]| {
    let [w, h, walk, script @ ..] = data else {
        return;
    };
    let size = Size::new(2 + usize::from(w % 15), 2 + usize::from(h % 15));
    // A walk from the goal keeps the blank near its corner, where most refusals happen; a
    // high walk byte draws a uniform board instead.
    let mut board = if *walk < 128 {
        Board::random_walk(size, usize::from(*walk), u64::from(*w) << 8 | u64::from(*h))
    } else {
        Board::new(size, u64::from(*walk))
    }
    .expect("sides in 2..=16");
    for chunk in script.chunks(2) {
        let before = board.clone();
        match chunk {
            // A single move.
            [op, ..] if op & 0xc0 == 0 => {
                let m = Move::ALL[usize::from(op & 3)];
                let legal = board.is_legal(m);
                let played = board.play(m);
                assert_eq!(legal, played.is_ok(), "{m} on\n{before}");
                if let Ok(event) = played {
                    assert_eq!(before.tile_at(event.from), Some(event.tile));
                } else {
                    assert_eq!(board, before);
                }
            }
            // A click anywhere, on the board or off it.
            [op, at] if op & 0xc0 == 0x40 => {
                let pos = Pos::new(usize::from(at & 0x1f), usize::from((op & 0x3f) ^ (at >> 5)));
                if board.click(pos).is_err() {
                    assert_eq!(board, before, "click {pos}");
                }
            }
            // A move list, atomic.
            [op, letters] => {
                let moves: Vec<Move> = (0..4)
                    .map(|i| Move::ALL[usize::from((letters >> (2 * i)) & 3)])
                    .take(usize::from(op & 3) + 1)
                    .collect();
                if let Err(e) = board.play_all(&moves) {
                    assert_eq!(board, before);
                    assert!(e.index < moves.len());
                }
            }
            _ => {}
        }
        assert_eq!(board.is_solvable(), before.is_solvable());
    }
});
