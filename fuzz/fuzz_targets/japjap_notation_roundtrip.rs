//! Any text that parses as an action, a card set or a card prints back to a form that
//! parses to the same value (the kit's `check_notation`); any id maps to an action with
//! that id.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::testing::check_notation;
use plateau_japjap::{Action, Card, CardSet, format_actions, parse_actions};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(a) = text.parse::<Action>() {
        check_notation(&a);
        assert_eq!(Action::from_id(a.id()), Some(a));
    }
    if let Ok(list) = parse_actions(&text) {
        assert_eq!(parse_actions(&format_actions(&list)), Ok(list));
    }
    if let Ok(s) = text.parse::<CardSet>() {
        check_notation(&s);
    }
    if let Ok(c) = text.parse::<Card>() {
        check_notation(&c);
    }
    if data.len() >= 4 {
        let id = u32::from_le_bytes([data[0], data[1], data[2], data[3]]);
        if let Some(a) = Action::from_id(id) {
            assert_eq!(a.id(), id);
        }
    }
});
