//! Every taquin text form round-trips: a board, a tile, a move, a move list and a
//! partition that parse print back to text that parses to the same value, and a board
//! drawn from the input's size and seed does too. (Parsing never panics on the way.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing::check_notation;
use plateau_taquin::{Board, Move, Partition, Size, Tile, format_moves, parse_moves};

fuzz_target!(|data: &[u8]| {
    // A board of any supported size from the first bytes, through its text form.
    if let [w, h, seed @ ..] = data {
        let size = Size::new(2 + usize::from(w % 15), 2 + usize::from(h % 15));
        let seed = seed.iter().take(8).fold(0u64, |s, &b| s << 8 | u64::from(b));
        let board = Board::new(size, seed).expect("sides in 2..=16");
        let text = board.to_string();
        assert!(!text.ends_with('\n'));
        assert_eq!(text.parse::<Board>().as_ref(), Ok(&board));
    }

    let text = String::from_utf8_lossy(data);
    if let Ok(board) = text.parse::<Board>() {
        assert_eq!(board.to_string().parse::<Board>().as_ref(), Ok(&board));
        assert_eq!(Board::from_tiles(board.size(), board.tiles()).as_ref(), Ok(&board));
    }
    if let Ok(moves) = parse_moves(&text) {
        let printed = format_moves(&moves);
        assert_eq!(parse_moves(&printed).as_ref(), Ok(&moves));
        moves.iter().for_each(check_notation);
        assert_eq!(parse_moves(&printed.to_lowercase()).as_ref(), Ok(&moves));
    }
    if let Ok(m) = text.parse::<Move>() {
        check_notation(&m);
    }
    if let Ok(t) = text.parse::<Tile>() {
        assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
    }
    if let Ok(p) = text.parse::<Partition>() {
        assert_eq!(p.to_string().parse::<Partition>().as_ref(), Ok(&p));
    }
});
