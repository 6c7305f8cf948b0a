//! Board difficulty metrics: 3BV, openings and islands.

use plateau_grid::{Connectivity, Grid, Regions};

use crate::Board;
use crate::board::MINE;
use crate::geom;

/// How hard a board is to clear, in the usual Minesweeper measures.
///
/// - An **opening** is an 8-connected region of zeros (cells with no mine around); one click
///   anywhere in it opens it all, with its numbered border.
/// - **3BV** (Bechtel's Board Benchmark Value) is the fewest clicks that clear the board
///   without flags or chords: one per opening, plus one per numbered cell that borders no
///   opening.
/// - An **island** is an 8-connected group of those numbered cells that border no opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Metrics {
    /// Openings plus numbered cells bordering no opening.
    pub three_bv: u32,
    /// Regions of zeros.
    pub openings: u32,
    /// Groups of numbered cells bordering no opening.
    pub islands: u32,
}

const MINE_CLASS: u8 = 0;
const ZERO: u8 = 1;
const BORDER: u8 = 2;
const LONE: u8 = 3;

impl Board {
    /// The board's [`Metrics`].
    #[must_use]
    // The expect cannot fire: a board's size is always valid for a grid.
    #[allow(clippy::missing_panics_doc)]
    pub fn metrics(&self) -> Metrics {
        let (w, h) = (self.width(), self.height());
        let raw = self.raw();
        let mut buf = [0u32; 8];
        // Classify every cell: mine, zero, number next to a zero, number with no zero around.
        let classes = raw.iter().enumerate().map(|(i, &r)| match r {
            MINE => MINE_CLASS,
            0 => ZERO,
            _ => {
                let n = geom::neighbors(w, h, i, &mut buf);
                if buf[..n].iter().any(|&j| raw[j as usize] == 0) {
                    BORDER
                } else {
                    LONE
                }
            }
        });
        let class =
            Grid::from_vec(self.size(), classes.collect()).expect("a board's size is valid");
        let lone: u32 = class.iter().map(|&c| u32::from(c == LONE)).sum();
        let regions = Regions::by(&class, Connectivity::Eight, |a, b| {
            a == b && (*a == ZERO || *a == LONE)
        });
        let (mut openings, mut islands) = (0u32, 0u32);
        for id in 0..regions.count() as u32 {
            match regions.representative(id).map(|p| class[p]) {
                Some(ZERO) => openings += 1,
                Some(LONE) => islands += 1,
                _ => {}
            }
        }
        Metrics {
            three_bv: openings + lone,
            openings,
            islands,
        }
    }
}
