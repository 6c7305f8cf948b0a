//! Colours and sets of them. Players are `plateau_grid::Seat`s (see `Config::player_of`).

use core::fmt;

use crate::Variant;

/// A colour on the board. Classic has four, in turn order blue, yellow, red, green; Duo has
/// the first two (called blue and green there, as in Pentobi's Duo).
///
/// A colour prints as its number, `1` to `4` (the symbols of the board's text form).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Color(pub(crate) u8);

impl Color {
    /// The first colour (Duo's first player; Classic's blue, top-left corner).
    pub const BLUE: Color = Color(0);
    /// The second colour in Classic (top-right corner); Duo's second colour is this one too.
    pub const YELLOW: Color = Color(1);
    /// The third colour in Classic (bottom-right corner).
    pub const RED: Color = Color(2);
    /// The fourth colour in Classic (bottom-left corner).
    pub const GREEN: Color = Color(3);

    /// The colour of index `i` (`0..4`, turn order).
    pub const fn new(i: usize) -> Option<Color> {
        if i < 4 { Some(Color(i as u8)) } else { None }
    }

    /// Index in turn order, `0..4`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The colour's name in `variant`: `blue`, `yellow`, `red`, `green` in Classic; `blue`
    /// and `green` in Duo.
    pub const fn name(self, variant: Variant) -> &'static str {
        match (variant, self.0) {
            (Variant::Duo | Variant::Classic, 0) => "blue",
            (Variant::Duo, _) | (Variant::Classic, 3) => "green",
            (Variant::Classic, 1) => "yellow",
            (Variant::Classic, _) => "red",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A set of colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ColorSet(pub(crate) u8);

impl ColorSet {
    /// No colour.
    pub const EMPTY: ColorSet = ColorSet(0);

    /// Whether `c` is in the set.
    pub const fn contains(self, c: Color) -> bool {
        self.0 >> c.0 & 1 == 1
    }

    /// Number of colours in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with `c` added.
    #[must_use]
    pub const fn with(self, c: Color) -> ColorSet {
        ColorSet(self.0 | 1 << c.0)
    }

    /// The colours, in turn order.
    pub fn iter(self) -> impl Iterator<Item = Color> + Clone {
        (0..4u8).filter(move |i| self.0 >> i & 1 == 1).map(Color)
    }
}
