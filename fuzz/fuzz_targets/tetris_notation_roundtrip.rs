//! Arbitrary text as every text form of the crate: a board, rules, a replay, placements,
//! steps and buttons. Nothing may panic, and whatever parses prints back to the same value
//! (`plateau_grid::testing::check_notation`). A replay that parses also runs, quickly: one of
//! its inputs waits at most `MAX_WAIT` ticks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing::check_notation;
use plateau_tetris::{
    Board, Buttons, Placement, Replay, Rules, Step, format_moves, format_steps, parse_moves,
    parse_steps,
};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(b) = text.parse::<Board>() {
        check_notation(&b);
    }
    if let Ok(r) = text.parse::<Rules>() {
        check_notation(&r);
    }
    if let Ok(r) = text.parse::<Replay>() {
        check_notation(&r);
        // Running a hand-written replay may fail, never panic.
        let _ = r.run();
    }
    if let Ok(p) = text.parse::<Placement>() {
        check_notation(&p);
    }
    if let Ok(m) = parse_moves(&text) {
        assert_eq!(parse_moves(&format_moves(&m)).as_ref(), Ok(&m));
    }
    if let Ok(s) = parse_steps(&text) {
        assert_eq!(parse_steps(&format_steps(&s)).as_ref(), Ok(&s));
    }
    if let Ok(s) = text.parse::<Step>() {
        check_notation(&s);
    }
    if let Ok(b) = text.parse::<Buttons>() {
        check_notation(&b);
    }
});
