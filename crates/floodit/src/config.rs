//! The rules of a game ([`Rules`]: colours, move limit, start cell) and a configuration for
//! random boards ([`Config`]: a board size and its rules).
//!
//! The split follows what depends on the board: a game built from a given board
//! ([`Game::from_board`](crate::Game::from_board)) takes its size from the board and needs
//! only the [`Rules`]; a random game ([`Game::new`](crate::Game::new)) needs a size too, and
//! gets it from the [`Config`]. Both are valid by construction: private fields, presets that
//! cannot fail, checked constructors and setters (also behind serde).

use plateau_grid::{Pos, Size};

use crate::{ConfigError, MAX_COLORS};

/// The longest board side: flooded sets are kept one `u64` per row.
pub const MAX_SIDE: usize = 64;

/// Where the flood starts.
///
/// [`Start::TopLeft`] and [`Start::Centre`] fit every board; a cell given with
/// [`Start::At`] must lie on it (checked when a board or size meets the rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Start {
    /// The top-left cell, as in the classic game.
    #[default]
    TopLeft,
    /// The centre cell, `(width / 2, height / 2)`: a known benchmark variant.
    Centre,
    /// A given cell.
    At(Pos),
}

impl Start {
    /// The start cell on a board of `size`, or `None` when it is off the board (or the
    /// board has no cell).
    ///
    /// ```
    /// use plateau_floodit::{Pos, Size, Start};
    ///
    /// let size = Size::new(5, 4);
    /// assert_eq!(Start::TopLeft.cell(size), Some(Pos::new(0, 0)));
    /// assert_eq!(Start::Centre.cell(size), Some(Pos::new(2, 2)));
    /// assert_eq!(Start::At(Pos::new(5, 0)).cell(size), None);
    /// ```
    #[must_use]
    pub fn cell(self, size: Size) -> Option<Pos> {
        let pos = match self {
            Start::TopLeft => Pos::new(0, 0),
            Start::Centre => Pos::new(size.width / 2, size.height / 2),
            Start::At(pos) => pos,
        };
        size.contains(pos).then_some(pos)
    }
}

/// The rules of a game that do not depend on the board: the number of colours, the move
/// limit and where the flood starts.
///
/// [`Default`] is the classic text engine's (6 colours, 22 moves, from the top-left).
///
/// ```
/// use plateau_floodit::{ConfigError, Rules, Start};
///
/// let rules = Rules::new(4, 30)?.with_start(Start::Centre);
/// assert_eq!((rules.colors(), rules.max_moves(), rules.start()), (4, 30, Start::Centre));
/// assert_eq!(Rules::default().with_colors(40), Err(ConfigError::Colors { colors: 40 }));
/// assert_eq!(Rules::default().with_max_moves(0), Err(ConfigError::NoMoves));
/// # Ok::<(), ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawRules", into = "RawRules"))]
pub struct Rules {
    colors: u8,
    max_moves: u32,
    start: Start,
}

impl Default for Rules {
    /// The classic rules: 6 colours, 22 moves, from the top-left.
    fn default() -> Rules {
        Rules::classic()
    }
}

impl Rules {
    /// The classic rules: 6 colours, 22 moves, from the top-left (the [`Default`]).
    #[must_use]
    pub const fn classic() -> Rules {
        Rules {
            colors: 6,
            max_moves: 22,
            start: Start::TopLeft,
        }
    }

    /// Rules with `colors` colours and a limit of `max_moves`, starting at the top-left.
    ///
    /// # Errors
    /// [`ConfigError::Colors`] for fewer than 2 or more than 36 colours,
    /// [`ConfigError::NoMoves`] for a limit of 0.
    pub fn new(colors: u8, max_moves: u32) -> Result<Rules, ConfigError> {
        Rules::classic()
            .with_colors(colors)?
            .with_max_moves(max_moves)
    }

    /// The same rules with `colors` colours.
    ///
    /// # Errors
    /// [`ConfigError::Colors`] for fewer than 2 or more than 36.
    pub fn with_colors(self, colors: u8) -> Result<Rules, ConfigError> {
        if (2..=MAX_COLORS).contains(&colors) {
            Ok(Rules { colors, ..self })
        } else {
            Err(ConfigError::Colors { colors })
        }
    }

    /// The same rules with a limit of `max_moves` (`u32::MAX` for practically none).
    ///
    /// # Errors
    /// [`ConfigError::NoMoves`] for 0.
    pub fn with_max_moves(self, max_moves: u32) -> Result<Rules, ConfigError> {
        if max_moves == 0 {
            Err(ConfigError::NoMoves)
        } else {
            Ok(Rules { max_moves, ..self })
        }
    }

    /// The same rules with another start. A [`Start::At`] cell is checked against the board
    /// when the rules meet one ([`Config::new`], [`Game::from_board`](crate::Game::from_board)).
    #[must_use]
    pub const fn with_start(self, start: Start) -> Rules {
        Rules { start, ..self }
    }

    /// Number of colours, `2..=36`.
    #[must_use]
    pub const fn colors(&self) -> u8 {
        self.colors
    }

    /// Moves allowed, at least 1.
    #[must_use]
    pub const fn max_moves(&self) -> u32 {
        self.max_moves
    }

    /// Where the flood starts.
    #[must_use]
    pub const fn start(&self) -> Start {
        self.start
    }
}

/// A board size and the rules played on it: everything a random game needs.
///
/// The fields are private and every way to build one checks them, so a `Config` always
/// describes a playable game and [`Game::new`](crate::Game::new) cannot fail.
///
/// | Preset | Size | Colours | Moves |
/// |---|---|---|---|
/// | [`Config::classic`] (the [`Default`]) | 12x12 | 6 | 22 |
/// | [`Config::small`] | 14x14 | 6 | 25 |
/// | [`Config::medium`] | 21x21 | 6 | 35 |
/// | [`Config::large`] | 28x28 | 6 | 50 |
///
/// ```
/// use plateau_floodit::{Config, ConfigError, Pos, Rules, Size, Start};
///
/// let classic = Config::default();
/// assert_eq!(classic.size(), Size::new(12, 12));
/// assert_eq!((classic.colors(), classic.max_moves()), (6, 22));
/// assert_eq!(classic.start_cell(), Pos::new(0, 0));
/// assert_eq!(Config::small().centre_start().start_cell(), Pos::new(7, 7));
///
/// let custom = Config::new(Size::new(20, 10), Rules::new(5, 40)?)?;
/// assert_eq!(custom.with_colors(40), Err(ConfigError::Colors { colors: 40 }));
/// assert_eq!(
///     custom.with_start(Start::At(Pos::new(20, 0))),
///     Err(ConfigError::Start { start: Pos::new(20, 0), size: Size::new(20, 10) })
/// );
/// assert_eq!(
///     Config::classic().with_size(Size::new(0, 5)),
///     Err(ConfigError::Size { size: Size::new(0, 5) })
/// );
/// # Ok::<(), ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawConfig", into = "RawConfig"))]
pub struct Config {
    size: Size,
    rules: Rules,
}

impl Default for Config {
    /// The classic text engine: 12x12, 6 colours, 22 moves, from the top-left.
    fn default() -> Config {
        Config::classic()
    }
}

impl Config {
    const fn preset(side: usize, max_moves: u32) -> Config {
        Config {
            size: Size::square(side),
            rules: Rules {
                colors: 6,
                max_moves,
                start: Start::TopLeft,
            },
        }
    }

    /// The classic 12x12, 6 colours, 22 moves (the [`Default`]).
    #[must_use]
    pub const fn classic() -> Config {
        Config::preset(12, 22)
    }

    /// The common "small" board: 14x14, 6 colours, 25 moves.
    #[must_use]
    pub const fn small() -> Config {
        Config::preset(14, 25)
    }

    /// The common "medium" board: 21x21, 6 colours, 35 moves.
    #[must_use]
    pub const fn medium() -> Config {
        Config::preset(21, 35)
    }

    /// The common "large" board: 28x28, 6 colours, 50 moves.
    #[must_use]
    pub const fn large() -> Config {
        Config::preset(28, 50)
    }

    /// A board of `size` under `rules`.
    ///
    /// # Errors
    /// [`ConfigError::Size`] for a side of 0 or above [`MAX_SIDE`], [`ConfigError::Start`]
    /// for a [`Start::At`] cell off the board.
    pub fn new(size: Size, rules: Rules) -> Result<Config, ConfigError> {
        if size.width == 0 || size.height == 0 || size.width > MAX_SIDE || size.height > MAX_SIDE {
            return Err(ConfigError::Size { size });
        }
        if let Start::At(start) = rules.start
            && !size.contains(start)
        {
            return Err(ConfigError::Start { start, size });
        }
        Ok(Config { size, rules })
    }

    /// The same rules on a board of `size`.
    ///
    /// # Errors
    /// As [`Config::new`].
    pub fn with_size(self, size: Size) -> Result<Config, ConfigError> {
        Config::new(size, self.rules)
    }

    /// The same board size under other rules.
    ///
    /// # Errors
    /// [`ConfigError::Start`] if the rules start off the board.
    pub fn with_rules(self, rules: Rules) -> Result<Config, ConfigError> {
        Config::new(self.size, rules)
    }

    /// The same configuration with `colors` colours.
    ///
    /// # Errors
    /// As [`Rules::with_colors`].
    pub fn with_colors(self, colors: u8) -> Result<Config, ConfigError> {
        Ok(Config {
            rules: self.rules.with_colors(colors)?,
            ..self
        })
    }

    /// The same configuration with a limit of `max_moves`.
    ///
    /// # Errors
    /// As [`Rules::with_max_moves`].
    pub fn with_max_moves(self, max_moves: u32) -> Result<Config, ConfigError> {
        Ok(Config {
            rules: self.rules.with_max_moves(max_moves)?,
            ..self
        })
    }

    /// The same configuration with another start.
    ///
    /// # Errors
    /// [`ConfigError::Start`] for a [`Start::At`] cell off the board.
    pub fn with_start(self, start: Start) -> Result<Config, ConfigError> {
        self.with_rules(self.rules.with_start(start))
    }

    /// The same configuration with the flood starting from the centre cell, a known
    /// benchmark variant (the centre is on every board, so this cannot fail).
    #[must_use]
    pub const fn centre_start(self) -> Config {
        Config {
            rules: self.rules.with_start(Start::Centre),
            ..self
        }
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The rules.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// Number of colours.
    #[must_use]
    pub const fn colors(&self) -> u8 {
        self.rules.colors
    }

    /// Moves allowed.
    #[must_use]
    pub const fn max_moves(&self) -> u32 {
        self.rules.max_moves
    }

    /// The cell the flood starts from.
    #[must_use]
    pub fn start_cell(&self) -> Pos {
        // Checked on the way in: the start lies on the board.
        self.rules.start.cell(self.size).unwrap_or_default()
    }
}

/// The plain form of [`Rules`] that serde reads and writes; reading goes through the checks.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawRules {
    colors: u8,
    max_moves: u32,
    #[serde(default)]
    start: Start,
}

#[cfg(feature = "serde")]
impl TryFrom<RawRules> for Rules {
    type Error = ConfigError;
    fn try_from(raw: RawRules) -> Result<Rules, ConfigError> {
        Ok(Rules::new(raw.colors, raw.max_moves)?.with_start(raw.start))
    }
}

#[cfg(feature = "serde")]
impl From<Rules> for RawRules {
    fn from(r: Rules) -> RawRules {
        RawRules {
            colors: r.colors,
            max_moves: r.max_moves,
            start: r.start,
        }
    }
}

/// The plain form of [`Config`] that serde reads and writes; reading goes through the checks.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawConfig {
    size: Size,
    colors: u8,
    max_moves: u32,
    #[serde(default)]
    start: Start,
}

#[cfg(feature = "serde")]
impl TryFrom<RawConfig> for Config {
    type Error = ConfigError;
    fn try_from(raw: RawConfig) -> Result<Config, ConfigError> {
        let rules = Rules::new(raw.colors, raw.max_moves)?.with_start(raw.start);
        Config::new(raw.size, rules)
    }
}

#[cfg(feature = "serde")]
impl From<Config> for RawConfig {
    fn from(c: Config) -> RawConfig {
        RawConfig {
            size: c.size,
            colors: c.rules.colors,
            max_moves: c.rules.max_moves,
            start: c.rules.start,
        }
    }
}
