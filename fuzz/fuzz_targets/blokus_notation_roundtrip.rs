//! Arbitrary text read as a move code, a point list and a board: whatever parses prints
//! back to text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_blokus::{Play, Board, Move, Piece, Variant};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    }
    for v in [Variant::Duo, Variant::Classic] {
        if let Ok(m) = Move::parse_points(&text, v) {
            assert_eq!(Move::parse_points(&m.points(v).to_string(), v), Ok(m));
        }
    }
    if let Ok(p) = text.parse::<Piece>() {
        assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
    }
    if let Ok(b) = text.parse::<Board>() {
        let again = b.to_string();
        assert!(!again.ends_with('\n'));
        assert_eq!(again.parse::<Board>().as_ref(), Ok(&b));
    }
});
