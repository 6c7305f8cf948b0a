//! The score of a lock, as a pure function of what the lock did and the chains before it.

use crate::{Scoring, TSpin};

/// What a lock did, as scoring sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Clear {
    pub lines: u32,
    pub tspin: TSpin,
    pub perfect: bool,
}

/// The chains a lock continues or breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Chains {
    /// The last clear was a tetris or a T-spin with lines.
    pub back_to_back: bool,
    /// Consecutive clearing locks so far, if the last lock cleared.
    pub combo: Option<u32>,
}

/// The outcome: points earned (before any cap), the chains after, whether this clear was
/// back-to-back and its combo count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scored {
    pub points: u64,
    pub chains: Chains,
    pub back_to_back: bool,
    pub combo: u32,
}

/// Scores one lock at `level` under `scoring`.
pub(crate) fn score(scoring: Scoring, level: u32, clear: Clear, before: Chains) -> Scored {
    let level = u64::from(level);
    match scoring {
        Scoring::Nes => {
            let base = match clear.lines {
                1 => 40,
                2 => 100,
                3 => 300,
                4 => 1200,
                _ => 0,
            };
            Scored {
                points: base * (level + 1),
                chains: Chains::default(),
                back_to_back: false,
                combo: 0,
            }
        }
        Scoring::Guideline => {
            let n = clear.lines;
            // The Guideline's table, one row per line; equal values stay separate rows.
            #[allow(clippy::match_same_arms)]
            let base: u64 = match (clear.tspin, n) {
                (TSpin::None, 1) => 100,
                (TSpin::None, 2) => 300,
                (TSpin::None, 3) => 500,
                (TSpin::None, 4) => 800,
                (TSpin::Mini, 0) => 100,
                (TSpin::Mini, 1) => 200,
                (TSpin::Mini, _) => 400,
                (TSpin::Full, 0) => 400,
                (TSpin::Full, 1) => 800,
                (TSpin::Full, 2) => 1200,
                (TSpin::Full, _) => 1600,
                (TSpin::None, _) => 0,
            };
            let difficult = n > 0 && (n == 4 || clear.tspin != TSpin::None);
            let b2b = difficult && before.back_to_back;
            let mut action = if b2b { base * 3 / 2 } else { base };
            if clear.perfect {
                action += match n {
                    1 => 800,
                    2 => 1200,
                    3 => 1800,
                    _ if b2b => 3200,
                    _ => 2000,
                };
            }
            // Level 0 (a custom start) scores as level 1, so clears are never worth nothing.
            let level = level.max(1);
            let (combo, chains) = if n > 0 {
                let combo = before.combo.map_or(0, |c| c.saturating_add(1));
                (
                    combo,
                    Chains {
                        back_to_back: difficult,
                        combo: Some(combo),
                    },
                )
            } else {
                // A lock without lines breaks the combo; a T-spin without lines leaves the
                // back-to-back chain as it was.
                (
                    0,
                    Chains {
                        back_to_back: before.back_to_back,
                        combo: None,
                    },
                )
            };
            Scored {
                points: action * level + 50 * u64::from(combo) * level,
                chains,
                back_to_back: b2b,
                combo,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clear(lines: u32, tspin: TSpin) -> Clear {
        Clear {
            lines,
            tspin,
            perfect: false,
        }
    }

    #[test]
    fn guideline_table() {
        let g = |lines, tspin| {
            score(
                Scoring::Guideline,
                1,
                clear(lines, tspin),
                Chains::default(),
            )
            .points
        };
        assert_eq!(
            [1, 2, 3, 4].map(|n| g(n, TSpin::None)),
            [100, 300, 500, 800]
        );
        assert_eq!([0, 1, 2].map(|n| g(n, TSpin::Mini)), [100, 200, 400]);
        assert_eq!(
            [0, 1, 2, 3].map(|n| g(n, TSpin::Full)),
            [400, 800, 1200, 1600]
        );
        assert_eq!(g(0, TSpin::None), 0);
    }

    #[test]
    fn back_to_back_combo_and_level() {
        let chained = Chains {
            back_to_back: true,
            combo: Some(2),
        };
        let s = score(Scoring::Guideline, 3, clear(4, TSpin::None), chained);
        // Tetris 800 x 1.5 x level 3, plus combo 3 x 50 x 3.
        assert_eq!(s.points, 1200 * 3 + 50 * 3 * 3);
        assert!(s.back_to_back && s.chains.back_to_back);
        assert_eq!(s.combo, 3);
        // A single breaks back-to-back but continues the combo.
        let s = score(Scoring::Guideline, 1, clear(1, TSpin::None), chained);
        assert_eq!(s.points, 100 + 150);
        assert!(!s.chains.back_to_back);
        // A T-spin with no lines keeps back-to-back and breaks the combo.
        let s = score(Scoring::Guideline, 1, clear(0, TSpin::Full), chained);
        assert_eq!(s.points, 400);
        assert!(s.chains.back_to_back && s.chains.combo.is_none());
    }

    #[test]
    fn perfect_clears_and_nes() {
        let pc = |lines, b2b| {
            score(
                Scoring::Guideline,
                2,
                Clear {
                    lines,
                    tspin: TSpin::None,
                    perfect: true,
                },
                Chains {
                    back_to_back: b2b,
                    combo: None,
                },
            )
            .points
        };
        assert_eq!(pc(1, false), (100 + 800) * 2);
        assert_eq!(pc(4, false), (800 + 2000) * 2);
        assert_eq!(pc(4, true), (1200 + 3200) * 2);
        let nes = |lines, level| {
            score(
                Scoring::Nes,
                level,
                clear(lines, TSpin::None),
                Chains::default(),
            )
            .points
        };
        assert_eq!([1, 2, 3, 4].map(|n| nes(n, 0)), [40, 100, 300, 1200]);
        assert_eq!(nes(4, 9), 12_000);
    }
}
