//! A game being played, with what the solver found for its board: shared by the full
//! screen and the line mode.

use plateau::demo::floodit::{Deal, deal};
use plateau_floodit::{Color, Config, Game, Play, Solution, Status, format_moves};

/// A game being played and what the solver found for its board.
pub struct Round {
    pub game: Game,
    pub seed: u64,
    /// The best solution from the start, and whether it is proven optimal.
    pub best: Solution<Color>,
    pub optimal: bool,
    /// A warning when the limit was given and the board may not be winnable in it.
    pub warning: Option<String>,
}

impl Round {
    /// The board of `config` from `seed`, its limit `moves` or the fair one.
    pub fn new(config: Config, moves: Option<u32>, seed: u64) -> Round {
        let Deal {
            game,
            best,
            optimal,
        } = deal(config, moves, seed);
        let limit = game.rules().max_moves();
        let warning = (best.len() > limit as usize).then(|| {
            if optimal {
                format!(
                    "This board cannot be won in {limit} moves: it needs {}.",
                    best.len()
                )
            } else {
                format!(
                    "The solver's best for this board takes {} moves, more than the limit of \
                     {limit}.",
                    best.len()
                )
            }
        });
        Round {
            game,
            seed,
            best,
            optimal,
            warning,
        }
    }

    /// The next game of the series.
    pub fn next(&self, moves: Option<u32>) -> Round {
        Round::new(self.game.config(), moves, next_seed(self.seed))
    }

    pub fn title(&self) -> String {
        title(&self.game, self.seed)
    }

    /// What to say when the game is over (`None` while it is not).
    pub fn verdict(&self) -> Option<String> {
        verdict(&self.game, &self.best, self.optimal)
    }

    /// The solver's best from the start, as a phrase.
    pub fn solution(&self) -> String {
        format!(
            "The solver floods this board in {} ({}): {}",
            self.best.len(),
            quality(self.optimal),
            format_moves(&self.best.moves)
        )
    }
}

/// The next game's seed: a fixed function of the last, so a series replays from its first.
pub fn next_seed(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000_000
}

pub fn title(g: &Game, seed: u64) -> String {
    format!(
        "Flood-It {} · {} colours · moves {}/{} · seed {} · start {}",
        g.size(),
        g.rules().colors(),
        g.moves_used(),
        g.rules().max_moves(),
        seed,
        g.start_cell()
    )
}

fn quality(optimal: bool) -> &'static str {
    if optimal {
        "optimal"
    } else {
        "not proven optimal"
    }
}

/// What to say when `game` is over (`None` while it is not).
pub fn verdict(game: &Game, best: &Solution<Color>, optimal: bool) -> Option<String> {
    let quality = quality(optimal);
    let len = best.len();
    match game.status() {
        Status::InProgress => None,
        Status::Won { moves } => Some(format!(
            "You won in {moves} moves! The solver's best: {len} ({quality})."
        )),
        Status::Lost => Some(format!(
            "Out of moves. The solver floods this board in {len} ({quality}): {}",
            format_moves(&best.moves)
        )),
    }
}
