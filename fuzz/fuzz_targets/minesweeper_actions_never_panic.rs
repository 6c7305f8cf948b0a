//! Arbitrary configs, seeds and actions: nothing may panic, every action passes the play
//! contract's move check (`plateau_grid::testing::check_move`: refused actions change
//! nothing), the numbers shown are the neighbour mine counts, and the solver and the
//! probability engine answer every view (within a small budget) without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing::check_move;
use plateau_minesweeper::{
    Cell, Config, FirstClick, Game, Marks, Move, Play, Pos, Seat, Size, Status, hint,
    probabilities_limited,
};

fuzz_target!(|data: &[u8]| {
    if data.len() < 6 {
        return;
    }
    let (w, h) = (1 + usize::from(data[0] % 16), 1 + usize::from(data[1] % 12));
    let policy = FirstClick::ALL[usize::from(data[2] % 4)];
    let marks = if data[2] & 4 != 0 { Marks::On } else { Marks::Off };
    let seed = u64::from(data[3]) | u64::from(data[4]) << 8;
    let size = Size::new(w, h);
    let room = (w * h).saturating_sub(policy.kept_clear(size) + 1) as u32;
    let mines = if room == 0 { 0 } else { u32::from(data[5]) % (room + 1) };
    let Ok(config) = Config::custom(size, mines, policy) else {
        return;
    };
    let mut game = Game::new(config.with_marks(marks), seed);
    for chunk in data[6..].chunks(2) {
        let [a, b] = chunk else { break };
        let at = Pos::new(usize::from(a & 0x1f), usize::from(b & 0x1f));
        let m = match a >> 6 {
            0 | 1 => Move::Reveal(at),
            2 => Move::Flag(at),
            _ => Move::Chord(at),
        };
        check_move(&game, m);
        let _ = game.play(m);
    }
    // The solver and the engine answer the final view, whatever it is.
    if w * h <= 100 {
        let _ = hint(game.view(Seat::FIRST));
    }
    let _ = probabilities_limited(game.cells(), game.mines(), 10_000);
    if let Some(board) = game.board() {
        assert_eq!(board.mine_count(), config.mines());
        for (p, c) in game.cells().iter() {
            if let Cell::Revealed(n) = c {
                assert_eq!(board.number(p), Some(n.get()));
            }
        }
    }
    if game.status() == Status::Won {
        assert_eq!(game.safe_left(), 0);
    }
    let _ = game.reveal_all_view().to_string();
});
