//! The rules of a game: variant, players, scoring and when the game ends.

use core::fmt;

use plateau_grid::{Pos, Size};

use plateau_grid::Seat;

use crate::{Color, ColorSet, ConfigError};

/// The board and colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    /// Blokus Duo: 14 x 14, two colours; the first must cover (4, 4), the second (9, 9)
    /// (zero-based, x = column, y = row from the top).
    Duo,
    /// Blokus Classic: 20 x 20, four colours in turn order blue, yellow, red, green, each
    /// starting in its corner: blue top-left, yellow top-right, red bottom-right, green
    /// bottom-left.
    Classic,
}

impl Variant {
    /// The board's side: 14 or 20.
    pub const fn side(self) -> usize {
        match self {
            Variant::Duo => 14,
            Variant::Classic => 20,
        }
    }

    /// The board's size.
    pub const fn size(self) -> Size {
        Size::square(self.side())
    }

    /// Number of colours: 2 or 4.
    pub const fn colors(self) -> usize {
        match self {
            Variant::Duo => 2,
            Variant::Classic => 4,
        }
    }

    /// The cell colour `c`'s first piece must cover (`None` for a colour the variant lacks).
    pub const fn start(self, c: Color) -> Option<Pos> {
        match (self, c.0) {
            (Variant::Duo, 0) => Some(Pos::new(4, 4)),
            (Variant::Duo, 1) => Some(Pos::new(9, 9)),
            (Variant::Classic, 0) => Some(Pos::new(0, 0)),
            (Variant::Classic, 1) => Some(Pos::new(19, 0)),
            (Variant::Classic, 2) => Some(Pos::new(19, 19)),
            (Variant::Classic, 3) => Some(Pos::new(0, 19)),
            _ => None,
        }
    }

    /// The variant of a board of this size, if any.
    pub fn of_size(size: Size) -> Option<Variant> {
        [Variant::Duo, Variant::Classic]
            .into_iter()
            .find(|v| v.size() == size)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Duo => "Duo",
            Variant::Classic => "Classic",
        })
    }
}

/// How squares are counted at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Scoring {
    /// The official rule: -1 per square of the pieces not placed; +15 if all 21 pieces were
    /// placed, +20 instead if the last one was the monomino.
    #[default]
    Official,
    /// The official score plus 1 per square placed.
    WithPlaced,
}

/// When the game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EndRule {
    /// When no colour can move (the boxed game).
    #[default]
    AllBlocked,
    /// Also as soon as one colour has placed all 21 pieces, as the ICFPT 2013 competition
    /// host did.
    FirstFinished,
}

/// The rules of a game, valid by construction. [`Default`] is four-player Classic with the
/// official scoring.
///
/// ```
/// use plateau_blokus::{Config, EndRule, Scoring, Variant};
///
/// let duo = Config::duo();
/// assert_eq!((duo.variant(), duo.players()), (Variant::Duo, 2));
/// let icfpt = Config::icfpt();
/// assert_eq!(icfpt.end_rule(), EndRule::FirstFinished);
/// let two = Config::new(Variant::Classic, 2)?.with_scoring(Scoring::WithPlaced);
/// assert_eq!(two.players(), 2);
/// assert!(Config::new(Variant::Duo, 4).is_err());
/// # Ok::<(), plateau_blokus::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawConfig", into = "RawConfig"))]
pub struct Config {
    variant: Variant,
    players: u8,
    scoring: Scoring,
    end: EndRule,
}

impl Default for Config {
    fn default() -> Config {
        Config::classic()
    }
}

impl Config {
    /// Blokus Duo: 14 x 14, two players, official scoring, play until nobody can move.
    pub const fn duo() -> Config {
        Config {
            variant: Variant::Duo,
            players: 2,
            scoring: Scoring::Official,
            end: EndRule::AllBlocked,
        }
    }

    /// Duo as the ICFPT 2013 competition played it: the game also ends as soon as one player
    /// has placed all 21 pieces.
    pub const fn icfpt() -> Config {
        Config {
            end: EndRule::FirstFinished,
            ..Config::duo()
        }
    }

    /// Blokus Classic: 20 x 20, four players with one colour each.
    pub const fn classic() -> Config {
        Config {
            variant: Variant::Classic,
            players: 4,
            scoring: Scoring::Official,
            end: EndRule::AllBlocked,
        }
    }

    /// Classic for two players: the first plays blue and red, the second yellow and green.
    pub const fn classic_two_players() -> Config {
        Config {
            players: 2,
            ..Config::classic()
        }
    }

    /// The rules of `variant` for `players` players.
    ///
    /// # Errors
    /// [`ConfigError::Players`] unless Duo has 2 players or Classic has 2 or 4.
    pub fn new(variant: Variant, players: usize) -> Result<Config, ConfigError> {
        let base = match variant {
            Variant::Duo => Config::duo(),
            Variant::Classic => Config::classic(),
        };
        match (variant, players) {
            (Variant::Duo, 2) | (Variant::Classic, 4) => Ok(base),
            (Variant::Classic, 2) => Ok(Config::classic_two_players()),
            _ => Err(ConfigError::Players { variant, players }),
        }
    }

    /// The same rules with another scoring.
    #[must_use]
    pub const fn with_scoring(self, scoring: Scoring) -> Config {
        Config { scoring, ..self }
    }

    /// The same rules with another end rule.
    #[must_use]
    pub const fn with_end_rule(self, end: EndRule) -> Config {
        Config { end, ..self }
    }

    /// The variant.
    pub const fn variant(self) -> Variant {
        self.variant
    }

    /// Number of players: 2 or 4.
    pub const fn players(self) -> usize {
        self.players as usize
    }

    /// Number of colours: 2 or 4.
    pub const fn colors(self) -> usize {
        self.variant.colors()
    }

    /// The scoring.
    pub const fn scoring(self) -> Scoring {
        self.scoring
    }

    /// The end rule.
    pub const fn end_rule(self) -> EndRule {
        self.end
    }

    /// The board's size.
    pub const fn size(self) -> Size {
        self.variant.size()
    }

    /// The player (seat) who plays colour `c`: one per colour in Duo and four-player
    /// Classic; in two-player Classic the first seat plays blue and red, the second yellow
    /// and green.
    pub fn player_of(self, c: Color) -> Seat {
        Seat::new(usize::from(c.0 % self.players)).unwrap_or(Seat::FIRST)
    }

    /// The colours seat `p` plays (none for a seat not at the table).
    pub fn colors_of(self, p: Seat) -> ColorSet {
        let i = p.index();
        if i >= usize::from(self.players) {
            return ColorSet::EMPTY;
        }
        if usize::from(self.players) == self.variant.colors() {
            ColorSet(1 << i)
        } else {
            ColorSet(0b101 << i)
        }
    }
}

/// The plain form a [`Config`] is (de)serialised through, checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawConfig {
    variant: Variant,
    players: usize,
    #[serde(default)]
    scoring: Scoring,
    #[serde(default)]
    end: EndRule,
}

#[cfg(feature = "serde")]
impl TryFrom<RawConfig> for Config {
    type Error = ConfigError;
    fn try_from(r: RawConfig) -> Result<Config, ConfigError> {
        Ok(Config::new(r.variant, r.players)?
            .with_scoring(r.scoring)
            .with_end_rule(r.end))
    }
}

#[cfg(feature = "serde")]
impl From<Config> for RawConfig {
    fn from(c: Config) -> RawConfig {
        RawConfig {
            variant: c.variant,
            players: c.players(),
            scoring: c.scoring,
            end: c.end,
        }
    }
}
