//! Rules: board size, colours, move limit and start cell.

use plateau_grid::Pos;

use crate::{ConfigError, MAX_COLORS};

/// The largest board side: flooded sets are kept one `u64` per row.
pub const MAX_SIZE: usize = 64;

/// The rules of one Flood-It game.
///
/// The fields are public so a configuration can be written literally; [`Config::validate`]
/// (called by every game constructor) rejects the ones that describe no game.
///
/// ```
/// use plateau_floodit::{Config, ConfigError};
/// use plateau_grid::Pos;
///
/// let classic = Config::default();
/// assert_eq!((classic.width, classic.height, classic.colors, classic.max_moves), (12, 12, 6, 22));
/// assert_eq!(classic.start, Pos::new(0, 0));
/// assert_eq!(Config::small().centre_start().start, Pos::new(7, 7));
/// assert_eq!(Config::new(14, 14, 40, 25), Err(ConfigError::Colors { colors: 40 }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Config {
    /// Columns, `1..=64`.
    pub width: usize,
    /// Rows, `1..=64`.
    pub height: usize,
    /// Number of colours, `2..=36`.
    pub colors: u8,
    /// Moves allowed, at least 1.
    pub max_moves: u32,
    /// The cell the flood starts from (the top-left in the classic game).
    pub start: Pos,
}

impl Default for Config {
    /// The classic text engine: 12 x 12, 6 colours, 22 moves, from the top-left.
    fn default() -> Self {
        Config {
            width: 12,
            height: 12,
            colors: 6,
            max_moves: 22,
            start: Pos::new(0, 0),
        }
    }
}

impl Config {
    /// A checked configuration starting at the top-left.
    ///
    /// # Errors
    /// As [`Config::validate`].
    pub fn new(
        width: usize,
        height: usize,
        colors: u8,
        max_moves: u32,
    ) -> Result<Config, ConfigError> {
        let c = Config {
            width,
            height,
            colors,
            max_moves,
            start: Pos::new(0, 0),
        };
        c.validate()?;
        Ok(c)
    }

    /// The classic 12 x 12, 6 colours, 22 moves (the [`Default`]).
    #[must_use]
    pub fn classic() -> Config {
        Config::default()
    }

    /// The common "small" board: 14 x 14, 6 colours, 25 moves.
    #[must_use]
    pub fn small() -> Config {
        Config {
            width: 14,
            height: 14,
            colors: 6,
            max_moves: 25,
            start: Pos::new(0, 0),
        }
    }

    /// The common "medium" board: 21 x 21, 6 colours, 35 moves.
    #[must_use]
    pub fn medium() -> Config {
        Config {
            width: 21,
            height: 21,
            colors: 6,
            max_moves: 35,
            start: Pos::new(0, 0),
        }
    }

    /// The common "large" board: 28 x 28, 6 colours, 50 moves.
    #[must_use]
    pub fn large() -> Config {
        Config {
            width: 28,
            height: 28,
            colors: 6,
            max_moves: 50,
            start: Pos::new(0, 0),
        }
    }

    /// The same rules with the flood starting from the centre cell (`(width / 2, height / 2)`),
    /// a known benchmark variant.
    #[must_use]
    pub fn centre_start(self) -> Config {
        Config {
            start: Pos::new(self.width / 2, self.height / 2),
            ..self
        }
    }

    /// The same rules with another start cell (checked by [`Config::validate`]).
    #[must_use]
    pub fn with_start(self, start: Pos) -> Config {
        Config { start, ..self }
    }

    /// Number of cells.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// Checks the configuration.
    ///
    /// # Errors
    /// [`ConfigError::Size`] for a side of 0 or above 64, [`ConfigError::Colors`] for fewer
    /// than 2 or more than 36 colours, [`ConfigError::NoMoves`] for a limit of 0 and
    /// [`ConfigError::Start`] for a start cell off the board.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let (width, height) = (self.width, self.height);
        if width == 0 || height == 0 || width > MAX_SIZE || height > MAX_SIZE {
            return Err(ConfigError::Size { width, height });
        }
        if !(2..=MAX_COLORS).contains(&self.colors) {
            return Err(ConfigError::Colors {
                colors: self.colors,
            });
        }
        if self.max_moves == 0 {
            return Err(ConfigError::NoMoves);
        }
        if self.start.x >= width || self.start.y >= height {
            return Err(ConfigError::Start {
                start: self.start,
                width,
                height,
            });
        }
        Ok(())
    }
}
