//! `is_legal(a) == check(a).is_ok() == play(a).is_ok()` for arbitrary actions in positions
//! reached by legal play, a refused action leaves the game equal, and the legal list is
//! exactly the accepted set (the kit's `check_move`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing::check_move;
use plateau_japjap::{Action, Game, Play, Rules};

fuzz_target!(|data: &[u8]| {
    let Some((&players, script)) = data.split_first() else { return };
    let Ok(rules) = Rules::new(2 + players % 4) else { return };
    let mut game = Game::new(rules, u64::from(players));
    let mut legal = Vec::new();
    for chunk in script.chunks(3) {
        if game.is_over() {
            return;
        }
        let id = (u32::from(chunk[0]) << 16 | u32::from(*chunk.get(1).unwrap_or(&0)) << 8
            | u32::from(*chunk.get(2).unwrap_or(&0)))
            % Action::COUNT;
        check_move(&game, Action::from_id(id).unwrap());
        // Go on with a legal action picked by the same bytes.
        game.legal_moves_into(&mut legal);
        let pick = legal[id as usize % legal.len()];
        game.play(pick).unwrap();
    }
});
