//! The rules: every variant point of Jap Jap is a field of [`Rules`].

use core::fmt;

use crate::error::ConfigError;

/// The most players at a table.
pub const MAX_PLAYERS: usize = 5;
/// Cards dealt to each player.
pub const HAND_SIZE: usize = 5;

/// What a countered caller scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PenaltyMode {
    /// The penalty instead of their hand (the default).
    #[default]
    Instead,
    /// The penalty added to their hand.
    Added,
}

/// What happens when the last card of the stock has been drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Exhaustion {
    /// The round ends with no winner and nobody scores (the default).
    #[default]
    NoScore,
    /// The discard pile, except the cards just discarded, is shuffled into a new stock and
    /// play goes on. (There is always a pile: the draw that emptied the stock sent the
    /// previous discard to it. Endless rounds end at the [turn limit](Rules::turn_limit).)
    Reshuffle,
    /// The round ends with no winner and everyone adds their hand's value.
    ScoreHands,
}

/// Which of the cards the previous player discarded may be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TakeFrom {
    /// Any of them (the default).
    #[default]
    Any,
    /// From a run only its lowest or highest card; any card of a single or a set.
    RunEnds,
    /// Only the top card, the one put down last (see [`Meld::top`](crate::Meld::top)).
    TopOnly,
}

impl fmt::Display for TakeFrom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TakeFrom::Any => "any card just discarded",
            TakeFrom::RunEnds => "only the ends of a run",
            TakeFrom::TopOnly => "only the top card",
        })
    }
}

/// The rules of a match, valid by construction: `Default` is the classic game for four
/// players, [`Rules::heads_up`] the same for two, and every other setting goes through a
/// checked setter.
///
/// | field | default | range |
/// |---|---|---|
/// | [`players`](Rules::players) | 4 | 2..=5 |
/// | [`min_run`](Rules::min_run) | 2 | 2..=5 |
/// | [`call_threshold`](Rules::call_threshold) | 5 | 0..=64 |
/// | [`counter_on_equal`](Rules::counter_on_equal) | false | |
/// | [`penalty`](Rules::penalty) | 25 | 0..=100 |
/// | [`penalty_mode`](Rules::penalty_mode) | `Instead` | `Instead`, `Added` |
/// | [`exhaustion`](Rules::exhaustion) | `NoScore` | `NoScore`, `Reshuffle`, `ScoreHands` |
/// | [`take_from`](Rules::take_from) | `Any` | `Any`, `RunEnds`, `TopOnly` |
/// | [`score_limit`](Rules::score_limit) | 90 | 1..=1000 |
/// | [`match_losses`](Rules::match_losses) | 1 | 1..=100 |
/// | [`turn_limit`](Rules::turn_limit) | 1000 | 1..=65535 |
///
/// ```
/// use plateau_japjap::{Exhaustion, Rules};
///
/// let rules = Rules::heads_up().with_min_run(3)?.with_exhaustion(Exhaustion::Reshuffle);
/// assert_eq!((rules.players(), rules.min_run()), (2, 3));
/// assert!(Rules::default().with_players(6).is_err());
/// # Ok::<(), plateau_japjap::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawRules", into = "RawRules"))]
pub struct Rules {
    players: u8,
    min_run: u8,
    call_threshold: u8,
    counter_on_equal: bool,
    penalty: u8,
    penalty_mode: PenaltyMode,
    exhaustion: Exhaustion,
    take_from: TakeFrom,
    score_limit: u16,
    match_losses: u8,
    turn_limit: u16,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            players: 4,
            min_run: 2,
            call_threshold: 5,
            counter_on_equal: false,
            penalty: 25,
            penalty_mode: PenaltyMode::Instead,
            exhaustion: Exhaustion::NoScore,
            take_from: TakeFrom::Any,
            score_limit: 90,
            match_losses: 1,
            turn_limit: 1000,
        }
    }
}

impl Rules {
    /// The classic rules for two players.
    pub fn heads_up() -> Rules {
        Rules {
            players: 2,
            ..Rules::default()
        }
    }

    /// The classic rules for `players` players.
    ///
    /// # Errors
    /// [`ConfigError::Players`] outside `2..=5`.
    pub fn new(players: u8) -> Result<Rules, ConfigError> {
        Rules::default().with_players(players)
    }

    /// Number of players, 2 to 5. Play goes clockwise: player 0, 1, ...
    pub fn players(&self) -> u8 {
        self.players
    }
    /// Fewest cards in a run (2, or 3 in the common variant).
    pub fn min_run(&self) -> u8 {
        self.min_run
    }
    /// A player may call when their hand is worth at most this (5).
    pub fn call_threshold(&self) -> u8 {
        self.call_threshold
    }
    /// Whether a hand equal to the caller's counters the call (no: it must be strictly lower).
    pub fn counter_on_equal(&self) -> bool {
        self.counter_on_equal
    }
    /// Points of a countered caller (25).
    pub fn penalty(&self) -> u8 {
        self.penalty
    }
    /// Whether the penalty replaces the caller's hand or is added to it.
    pub fn penalty_mode(&self) -> PenaltyMode {
        self.penalty_mode
    }
    /// What an exhausted stock does.
    pub fn exhaustion(&self) -> Exhaustion {
        self.exhaustion
    }
    /// Which of the previous discards may be taken.
    pub fn take_from(&self) -> TakeFrom {
        self.take_from
    }
    /// A player reaching this total (90) ends the game and loses it.
    pub fn score_limit(&self) -> u16 {
        self.score_limit
    }
    /// The match ends when a player has lost this many games (1: one game).
    pub fn match_losses(&self) -> u8 {
        self.match_losses
    }
    /// A round still going after this many turns ends with no score, so that no round
    /// goes on forever (two players can pass a card back and forth). Not a rule of the
    /// table game: the default, 1000, is far past any real round.
    pub fn turn_limit(&self) -> u16 {
        self.turn_limit
    }

    /// These rules for `players` players.
    ///
    /// # Errors
    /// [`ConfigError::Players`] outside `2..=5`.
    pub fn with_players(self, players: u8) -> Result<Rules, ConfigError> {
        if (2..=MAX_PLAYERS as u8).contains(&players) {
            Ok(Rules { players, ..self })
        } else {
            Err(ConfigError::Players { players })
        }
    }

    /// These rules with runs of at least `length` cards.
    ///
    /// # Errors
    /// [`ConfigError::MinRun`] outside `2..=5`.
    pub fn with_min_run(self, length: u8) -> Result<Rules, ConfigError> {
        if (2..=5).contains(&length) {
            Ok(Rules {
                min_run: length,
                ..self
            })
        } else {
            Err(ConfigError::MinRun { length })
        }
    }

    /// These rules with calls allowed at `points` or less.
    ///
    /// # Errors
    /// [`ConfigError::CallThreshold`] past 64.
    pub fn with_call_threshold(self, points: u8) -> Result<Rules, ConfigError> {
        if points <= 64 {
            Ok(Rules {
                call_threshold: points,
                ..self
            })
        } else {
            Err(ConfigError::CallThreshold { points })
        }
    }

    /// These rules with a countered caller scoring `points`.
    ///
    /// # Errors
    /// [`ConfigError::Penalty`] past 100.
    pub fn with_penalty(self, points: u8) -> Result<Rules, ConfigError> {
        if points <= 100 {
            Ok(Rules {
                penalty: points,
                ..self
            })
        } else {
            Err(ConfigError::Penalty { points })
        }
    }

    /// These rules with games lost at `points`.
    ///
    /// # Errors
    /// [`ConfigError::ScoreLimit`] outside `1..=1000`.
    pub fn with_score_limit(self, points: u16) -> Result<Rules, ConfigError> {
        if (1..=1000).contains(&points) {
            Ok(Rules {
                score_limit: points,
                ..self
            })
        } else {
            Err(ConfigError::ScoreLimit { points })
        }
    }

    /// These rules with a match lasting until a player has lost `losses` games.
    ///
    /// # Errors
    /// [`ConfigError::MatchLosses`] outside `1..=100`.
    pub fn with_match_losses(self, losses: u8) -> Result<Rules, ConfigError> {
        if (1..=100).contains(&losses) {
            Ok(Rules {
                match_losses: losses,
                ..self
            })
        } else {
            Err(ConfigError::MatchLosses { losses })
        }
    }

    /// These rules with rounds cut off after `turns` turns.
    ///
    /// # Errors
    /// [`ConfigError::TurnLimit`] for 0.
    pub fn with_turn_limit(self, turns: u16) -> Result<Rules, ConfigError> {
        if turns >= 1 {
            Ok(Rules {
                turn_limit: turns,
                ..self
            })
        } else {
            Err(ConfigError::TurnLimit)
        }
    }

    /// These rules with (or without) equal hands countering a call.
    #[must_use]
    pub fn with_counter_on_equal(self, yes: bool) -> Rules {
        Rules {
            counter_on_equal: yes,
            ..self
        }
    }

    /// These rules with the penalty replacing or added to the caller's hand.
    #[must_use]
    pub fn with_penalty_mode(self, mode: PenaltyMode) -> Rules {
        Rules {
            penalty_mode: mode,
            ..self
        }
    }

    /// These rules with another end for an exhausted stock.
    #[must_use]
    pub fn with_exhaustion(self, exhaustion: Exhaustion) -> Rules {
        Rules { exhaustion, ..self }
    }

    /// These rules with another choice of takeable discards.
    #[must_use]
    pub fn with_take_from(self, take_from: TakeFrom) -> Rules {
        Rules { take_from, ..self }
    }
}

/// The plain form serde reads and writes; it becomes [`Rules`] through the checked setters.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RawRules {
    players: u8,
    min_run: u8,
    call_threshold: u8,
    counter_on_equal: bool,
    penalty: u8,
    penalty_mode: PenaltyMode,
    exhaustion: Exhaustion,
    take_from: TakeFrom,
    score_limit: u16,
    match_losses: u8,
    turn_limit: u16,
}

#[cfg(feature = "serde")]
impl TryFrom<RawRules> for Rules {
    type Error = ConfigError;
    fn try_from(r: RawRules) -> Result<Rules, ConfigError> {
        Ok(Rules::default()
            .with_players(r.players)?
            .with_min_run(r.min_run)?
            .with_call_threshold(r.call_threshold)?
            .with_penalty(r.penalty)?
            .with_score_limit(r.score_limit)?
            .with_match_losses(r.match_losses)?
            .with_turn_limit(r.turn_limit)?
            .with_counter_on_equal(r.counter_on_equal)
            .with_penalty_mode(r.penalty_mode)
            .with_exhaustion(r.exhaustion)
            .with_take_from(r.take_from))
    }
}

#[cfg(feature = "serde")]
impl From<Rules> for RawRules {
    fn from(r: Rules) -> RawRules {
        RawRules {
            players: r.players,
            min_run: r.min_run,
            call_threshold: r.call_threshold,
            counter_on_equal: r.counter_on_equal,
            penalty: r.penalty,
            penalty_mode: r.penalty_mode,
            exhaustion: r.exhaustion,
            take_from: r.take_from,
            score_limit: r.score_limit,
            match_losses: r.match_losses,
            turn_limit: r.turn_limit,
        }
    }
}
