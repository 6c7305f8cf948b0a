//! Arbitrary text through every plateau-grid parser: parsing never panics, and whatever
//! parses prints back to text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plateau_grid::{BitGrid, Connectivity, Grid, Pos, Regions, Shape, flood_fill};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };

    if let Ok(grid) = text.parse::<Grid<char>>() {
        let printed = grid.to_string();
        assert_eq!(printed.parse::<Grid<char>>().as_ref(), Ok(&grid));
        // Exercise the algorithms on whatever parsed (bounded so a run stays fast).
        if grid.len() <= 4096 {
            let first = grid[Pos::new(0, 0)];
            let region = flood_fill(&grid, Pos::new(0, 0), Connectivity::Eight, |&c| c == first);
            assert!(!region.is_empty());
            let regions = Regions::of_equal(&grid, Connectivity::Four);
            assert_eq!(regions.sizes().iter().map(|&s| s as usize).sum::<usize>(), grid.len());
        }
    }
    if let Ok(grid) = text.parse::<Grid<u8>>() {
        assert_eq!(grid.to_string().parse::<Grid<u8>>().as_ref(), Ok(&grid));
    }
    if let Ok(bits) = text.parse::<BitGrid>() {
        let printed = bits.to_string();
        assert_eq!(printed.parse::<BitGrid>(), Ok(bits));
        let whole = bits.flood4(&bits);
        assert_eq!(whole, bits);
    }
    if let Ok(shape) = text.parse::<Shape>() {
        assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape));
        assert!([1, 2, 4, 8].contains(&shape.orientations().len()));
    }
});
