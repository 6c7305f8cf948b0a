//! [`Settings`]: how the solver guesses ([`Guess`]), where it clicks first ([`Opener`]), and
//! its budgets.

use plateau_grid::{Pos, Size};

use crate::FirstClick;

/// How the solver chooses when no cell is certainly safe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Guess {
    /// The cell least likely to be a mine; on ties, the one with the fewest covered
    /// neighbours (corners first: most likely to open an area), then row-major.
    LowestRisk,
    /// A one-step lookahead on the win probability: for the safest candidates, every number
    /// the cell could show is played out exactly (its probability, and the position after
    /// it), and the cell is scored by the chance of surviving it *and* then either having a
    /// safe move or surviving the best next guess.
    #[default]
    Lookahead,
}

/// Where the solver makes its first click.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Opener {
    /// The top-left corner for [`FirstClick::Unsafe`] and [`FirstClick::SafeCell`] (a corner
    /// opens an area most often), and the cell (3, 3) from the corner, or the centre on small
    /// boards, for [`FirstClick::Opening`] and [`FirstClick::NoGuess`] (the first click
    /// opens anyway; away from the edges the opening is larger).
    #[default]
    Auto,
    /// The top-left corner.
    Corner,
    /// The centre cell.
    Centre,
    /// A given cell (clamped to the board).
    At(Pos),
}

impl Opener {
    /// The cell of the first click on a board of `size` under `policy`.
    #[must_use]
    pub fn cell(self, size: Size, policy: FirstClick) -> Pos {
        let centre = Pos::new(size.width / 2, size.height / 2);
        match self {
            Opener::Corner => Pos::new(0, 0),
            Opener::Centre => centre,
            Opener::At(p) => Pos::new(
                p.x.min(size.width.saturating_sub(1)),
                p.y.min(size.height.saturating_sub(1)),
            ),
            Opener::Auto => match policy {
                FirstClick::Unsafe | FirstClick::SafeCell => Pos::new(0, 0),
                FirstClick::Opening | FirstClick::NoGuess => {
                    if size.width >= 8 && size.height >= 8 {
                        Pos::new(3, 3)
                    } else {
                        centre
                    }
                }
            },
        }
    }
}

/// The solver's settings: how it guesses, where it clicks first, and its budgets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settings {
    /// The guess policy.
    pub guess: Guess,
    /// Where to click first.
    pub opener: Opener,
    /// Node budget of each probability computation; past it the solver falls back to
    /// deductions and a risk estimate.
    pub max_nodes: u64,
    /// Search the endgame exactly when at most this many mine layouts remain (0: never;
    /// at most 512).
    pub endgame_layouts: u32,
    /// Positions the endgame search may evaluate before falling back to the guess policy.
    pub endgame_nodes: u64,
    /// The lookahead plays out the frontier cells whose safety is within this many
    /// thousandths of the best cell's.
    pub window: u32,
    /// At most this many frontier cells are played out (the safest).
    pub candidates: u32,
    /// Steps of the lookahead: 1, or 2 to replay the three best one-step candidates with a
    /// second guess after each number they could show.
    pub depth: u32,
}

impl Settings {
    /// The settings [`hint`](crate::hint) uses: the default play within a small budget
    /// (a tenth of the probability nodes and endgame positions), so a hint answers in
    /// milliseconds on any board a player has on screen.
    #[must_use]
    pub fn hint() -> Settings {
        Settings {
            max_nodes: 200_000,
            endgame_nodes: 2_000,
            ..Settings::default()
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            guess: Guess::Lookahead,
            opener: Opener::Auto,
            max_nodes: 2_000_000,
            endgame_layouts: 512,
            endgame_nodes: 20_000,
            window: 120,
            candidates: 8,
            depth: 1,
        }
    }
}
