//! Board and move text round-trips: whatever parses prints back to text that parses to the
//! same value, and every board prints to text that parses back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_floodit::{Board, Color, Size, format_moves, parse_moves};
use plateau_grid::testing::check_notation;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(board) = text.parse::<Board>() {
        assert_eq!(board.to_string().parse::<Board>().as_ref(), Ok(&board));
        assert_eq!(
            Board::from_line(&board.to_line(), board.width()).as_ref(),
            Ok(&board)
        );
    }
    if let Ok(moves) = parse_moves(&text) {
        moves.iter().for_each(check_notation);
        assert_eq!(parse_moves(&format_moves(&moves)), Ok(moves));
    }
    if let Ok(c) = text.parse::<Color>() {
        check_notation(&c);
    }
    // Any board, built from the bytes: a width, then one colour per byte.
    if let Some((&w, cells)) = data.split_first() {
        let width = 1 + usize::from(w % 64);
        let cells: Vec<Color> = cells
            .iter()
            .map(|&b| Color::ALL[usize::from(b % 36)])
            .collect();
        if !cells.is_empty() && cells.len() % width == 0 {
            let size = Size::new(width, cells.len() / width);
            if let Ok(board) = Board::from_cells(size, cells) {
                assert_eq!(board.to_string().parse::<Board>().as_ref(), Ok(&board));
                assert_eq!(
                    board.to_string().to_uppercase().parse::<Board>().as_ref(),
                    Ok(&board)
                );
                assert_eq!(
                    Board::from_line(&board.to_line(), width).as_ref(),
                    Ok(&board)
                );
            }
        }
    }
});
