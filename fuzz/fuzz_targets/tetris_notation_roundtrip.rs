//! Arbitrary text as every text form of the crate: a board, rules, a replay, placements,
//! steps and buttons. Nothing may panic, and whatever parses prints back to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_tetris::{
    Board, Buttons, Placement, Replay, Rules, Step, format_moves, format_steps, parse_moves,
    parse_steps,
};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(b) = text.parse::<Board>() {
        assert_eq!(b.to_string().parse::<Board>().as_ref(), Ok(&b));
    }
    if let Ok(r) = text.parse::<Rules>() {
        assert_eq!(r.to_string().parse::<Rules>().as_ref(), Ok(&r));
    }
    if let Ok(r) = text.parse::<Replay>() {
        assert_eq!(r.to_string().parse::<Replay>().as_ref(), Ok(&r));
        // Running a hand-written replay may fail, never panic.
        let _ = r.run();
    }
    if let Ok(p) = text.parse::<Placement>() {
        assert_eq!(p.to_string().parse::<Placement>(), Ok(p));
    }
    if let Ok(m) = parse_moves(&text) {
        assert_eq!(parse_moves(&format_moves(&m)).as_ref(), Ok(&m));
    }
    if let Ok(s) = parse_steps(&text) {
        assert_eq!(parse_steps(&format_steps(&s)).as_ref(), Ok(&s));
    }
    if let Ok(s) = text.parse::<Step>() {
        assert_eq!(s.to_string().parse::<Step>(), Ok(s));
    }
    if let Ok(b) = text.parse::<Buttons>() {
        assert_eq!(b.to_string().parse::<Buttons>(), Ok(b));
    }
});
