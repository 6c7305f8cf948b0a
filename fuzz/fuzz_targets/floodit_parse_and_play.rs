//! Parse arbitrary text as a board, then play arbitrary colours: nothing may panic, refused
//! moves change nothing, the flood only grows, the move limit holds, and on small boards the
//! exact solver's moves flood the board in no more moves than greedy play.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_floodit::{Board, Color, Config, Game, greedy, solve_with_limit};
use plateau_grid::Pos;

fuzz_target!(|data: &[u8]| {
    // The text up to the first NUL is the board; the bytes after it drive the play.
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let text = String::from_utf8_lossy(&data[..split]);
    let script = data.get(split + 1..).unwrap_or(&[]);
    let _ = text.parse::<Color>();
    let Ok(board) = text.parse::<Board>() else {
        return;
    };
    assert_eq!(board.to_string().parse::<Board>().as_ref(), Ok(&board));
    assert_eq!(Board::from_line(&board.to_line(), board.width()).as_ref(), Ok(&board));
    let (w, h) = (board.width(), board.height());
    let first = script.first().copied().unwrap_or(0);
    let config = Config {
        width: w,
        height: h,
        colors: board.colors_used().max(2) + first % 3,
        max_moves: 1 + u32::from(first >> 2),
        start: Pos::new(usize::from(first) % w, usize::from(first / 3) % h),
    };
    let Ok(mut game) = Game::from_board(board, config) else {
        return;
    };
    if w * h <= 36 {
        let best = solve_with_limit(&game, 20_000);
        if let Some(best) = best {
            let mut g = Game::from_board(game.initial_board().clone(), Config { max_moves: 1000, ..config }).unwrap();
            for &c in &best.moves {
                g.play(c).unwrap();
            }
            assert!(g.is_uniform());
            assert!(best.moves.len() <= greedy(&game).len());
        }
    }
    for &byte in script.iter().skip(1) {
        let before = game.clone();
        let flooded = game.flooded_region();
        match game.play(Color(byte % 40)) {
            Ok(f) => {
                assert!(flooded.is_subset(&game.flooded_region()));
                assert_eq!(game.flooded_cells(), flooded.len() + f.absorbed_cells as usize);
            }
            Err(_) => assert_eq!(game, before),
        }
        assert!(game.moves_used() <= config.max_moves);
    }
    let _ = game.to_string();
});
