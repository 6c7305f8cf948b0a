//! The colours every example draws with.

use crossterm::style::Color;

/// Background colours for colour indices 0..36 (Flood-It's colours, cells of a region
/// map...): the six classic ones first, then well-separated 256-colour values.
pub const INDEXED: [Color; 36] = {
    const CODES: [u8; 36] = [
        196, 46, 226, 21, 201, 51, 208, 93, 250, 22, 130, 17, 160, 28, 220, 57, 168, 37, 94, 240,
        124, 64, 178, 18, 163, 30, 136, 54, 203, 71, 229, 63, 95, 66, 180, 238,
    ];
    let mut out = [Color::Black; 36];
    let mut i = 0;
    while i < 36 {
        out[i] = Color::AnsiValue(CODES[i]);
        i += 1;
    }
    out
};

/// The background of colour index `i` (cycling past 36).
pub fn indexed(i: usize) -> Color {
    INDEXED[i % INDEXED.len()]
}

/// Black or white, whichever reads better on the [`INDEXED`] background `i`.
pub fn text_on_indexed(i: usize) -> Color {
    // The dark ones among the 36.
    const DARK: [usize; 12] = [3, 7, 9, 11, 13, 15, 19, 23, 25, 27, 31, 35];
    if DARK.contains(&(i % INDEXED.len())) {
        Color::White
    } else {
        Color::Black
    }
}

/// The four player colours of Blokus Classic, in turn order: blue, yellow, red, green.
pub const PLAYERS: [Color; 4] = [
    Color::AnsiValue(27),
    Color::AnsiValue(220),
    Color::AnsiValue(196),
    Color::AnsiValue(34),
];

/// The classic Minesweeper colours of the numbers 1 to 8 (index 0 is unused).
pub const NUMBERS: [Color; 9] = [
    Color::Reset,
    Color::AnsiValue(21),  // 1 blue
    Color::AnsiValue(28),  // 2 green
    Color::AnsiValue(196), // 3 red
    Color::AnsiValue(18),  // 4 navy
    Color::AnsiValue(88),  // 5 maroon
    Color::AnsiValue(30),  // 6 teal
    Color::AnsiValue(16),  // 7 black
    Color::AnsiValue(244), // 8 grey
];

/// The Guideline colours of the tetrominoes, in the order I, O, T, S, Z, J, L.
pub const TETROMINOES: [Color; 7] = [
    Color::AnsiValue(51),  // I cyan
    Color::AnsiValue(226), // O yellow
    Color::AnsiValue(129), // T purple
    Color::AnsiValue(46),  // S green
    Color::AnsiValue(196), // Z red
    Color::AnsiValue(21),  // J blue
    Color::AnsiValue(208), // L orange
];

/// Red for hearts and diamonds, the terminal's own colour for spades and clubs.
pub fn suit(red: bool) -> Color {
    if red {
        Color::AnsiValue(160)
    } else {
        Color::Reset
    }
}
