//! Arbitrary text through every plateau-grid parser: parsing never panics, and whatever
//! parses prints back to text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::{BitGrid, Grid, Pos, Shape, Size};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(grid) = text.parse::<Grid<char>>() {
        assert_eq!(grid.to_string().parse::<Grid<char>>().as_ref(), Ok(&grid));
    }
    if let Ok(grid) = text.parse::<Grid<u8>>() {
        assert_eq!(grid.to_string().parse::<Grid<u8>>().as_ref(), Ok(&grid));
    }
    if let Ok(bits) = text.parse::<BitGrid>() {
        assert_eq!(bits.to_string().parse::<BitGrid>(), Ok(bits));
    }
    if let Ok(shape) = text.parse::<Shape>() {
        assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape));
    }
    if let Ok(size) = text.parse::<Size>() {
        assert_eq!(size.to_string().parse::<Size>(), Ok(size));
    }
    if let Ok(pos) = text.parse::<Pos>() {
        assert_eq!(pos.to_string().parse::<Pos>(), Ok(pos));
    }
});
