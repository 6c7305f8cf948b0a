//! The play contract on boards of every size the input picks (through
//! `plateau_grid::testing`: `is_legal(m) == check(m).is_ok() == play(m).is_ok()`, a refused
//! move or move list leaves the board equal, `play_all` is atomic and names the refused
//! move), and a refused click leaves the board exactly as it was.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing::{check_move, check_play_all};
use plateau_taquin::{Board, Move, Play, Pos, Size};

fuzz_target!(|data: &[u8]| {
    let [w, h, walk, script @ ..] = data else {
        return;
    };
    let size = Size::new(2 + usize::from(w % 15), 2 + usize::from(h % 15));
    // A walk from the goal keeps the blank near its corner, where most refusals happen (and
    // sometimes ends on the goal, where every move is refused); a high walk byte draws a
    // uniform board instead.
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
                check_move(&board, m);
                if let Ok(event) = board.play(m) {
                    assert_eq!(before.tile_at(event.from), Some(event.tile));
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
                check_play_all(&board, &moves);
                let _ = board.play_all(&moves);
            }
            _ => {}
        }
        assert_eq!(board.is_solvable(), before.is_solvable());
    }
});
