//! Arbitrary text as a view, a board, a move and a move list: nothing may panic, and
//! whatever parses prints back to text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_minesweeper::{Board, Move, View, format_moves, parse_moves, probabilities_limited};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(v) = text.parse::<View>() {
        let shown = v.to_string();
        assert!(!shown.ends_with('\n'));
        assert_eq!(shown.parse::<View>().as_ref(), Ok(&v));
        if v.width() * v.height() <= 400 {
            let _ = probabilities_limited(&v, (data.len() % 50) as u32, 20_000);
        }
    }
    if let Ok(b) = text.parse::<Board>() {
        assert_eq!(b.to_string().parse::<Board>().as_ref(), Ok(&b));
        let m = b.metrics();
        assert!(m.openings + m.islands <= m.three_bv || m.three_bv == 0);
    }
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    }
    if let Ok(list) = parse_moves(&text) {
        assert_eq!(parse_moves(&format_moves(&list)), Ok(list));
    }
});
