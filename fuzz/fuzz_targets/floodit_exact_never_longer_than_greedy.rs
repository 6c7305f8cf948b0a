//! On small boards the exact solver's solution floods the board, and is never longer than
//! greedy play or lookahead.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_floodit::{
    Board, Color, Game, Play, Pos, Rules, Size, Start, greedy, lookahead, solve_limited,
};

fuzz_target!(|data: &[u8]| {
    let [w, k, x, y, cells @ ..] = data else {
        return;
    };
    let colors = 2 + k % 4;
    let width = 1 + usize::from(w % 7);
    let n = (cells.len() / width).min(7) * width;
    if n == 0 {
        return;
    }
    let cells: Vec<Color> = cells[..n]
        .iter()
        .map(|&b| Color::ALL[usize::from(b % colors)])
        .collect();
    let size = Size::new(width, n / width);
    let Ok(board) = Board::from_cells(size, cells) else {
        return;
    };
    let start = Start::At(Pos::new(
        usize::from(*x) % size.width,
        usize::from(*y) % size.height,
    ));
    let rules = Rules::new(colors, u32::MAX).unwrap().with_start(start);
    let game = Game::from_board(rules, &board).unwrap();
    let Ok(best) = solve_limited(&game, 100_000) else {
        return;
    };
    let mut done = game.clone();
    done.play_all(&best.moves).unwrap();
    assert!(done.is_uniform());
    assert!(best.len() <= greedy(&game).len());
    assert!(best.len() <= lookahead(&game, 2).len());
});
