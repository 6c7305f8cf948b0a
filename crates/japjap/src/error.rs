//! Every error enum of the crate, one per failure family.

use alloc::string::String;

use plateau_grid::Seat;

use crate::{Card, CardSet, TakeFrom};

/// A rules setting is outside its range; the presets and `Default` never fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The number of players is not in `2..=5`.
    #[error("{players} players is not supported (2 to 5 play)")]
    Players {
        /// The number asked for.
        players: u8,
    },
    /// The minimum run length is not in `2..=5` (a hand never holds more than five cards).
    #[error("minimum run length {length} is not in 2..=5")]
    MinRun {
        /// The length asked for.
        length: u8,
    },
    /// The call threshold is past 64, the most five cards can be worth (K K K K Q).
    #[error("call threshold {points} is past 64, the most a hand can be worth")]
    CallThreshold {
        /// The threshold asked for.
        points: u8,
    },
    /// The counter penalty is past 100 points.
    #[error("counter penalty {points} is past 100 points")]
    Penalty {
        /// The penalty asked for.
        points: u8,
    },
    /// The score limit is not in `1..=1000`.
    #[error("score limit {points} is not in 1..=1000")]
    ScoreLimit {
        /// The limit asked for.
        points: u16,
    },
    /// The match length (games one player must lose) is not in `1..=100`.
    #[error("match length {losses} is not in 1..=100 lost games")]
    MatchLosses {
        /// The number asked for.
        losses: u8,
    },
    /// The turn limit of a round is 0.
    #[error("the turn limit of a round must be at least 1")]
    TurnLimit,
}

/// A combination of cards is not one the rules know (before any rule setting is applied:
/// see [`IllegalMove::RunTooShort`] for the minimum run length).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum MeldError {
    /// No card was given.
    #[error("a combination needs at least one card")]
    Empty,
    /// More than five cards: a hand never holds more.
    #[error("{count} cards are more than a hand can hold (5)")]
    TooManyCards {
        /// How many were given.
        count: usize,
    },
    /// The cards are neither one value nor a run in one suit.
    #[error("{cards} is neither cards of one value nor a run in one suit")]
    NotACombination {
        /// The cards given.
        cards: CardSet,
    },
}

/// An action was refused; the game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The match is over: nobody plays any more.
    #[error("the match is over")]
    GameOver,
    /// Checked on a view whose player is not on turn.
    #[error("it is {current}'s turn, not {player}'s")]
    NotYourTurn {
        /// Whose view it is.
        player: Seat,
        /// Who is on turn.
        current: Seat,
    },
    /// The hand is worth more than the call threshold.
    #[error("cannot call with a hand worth {value} (at most {threshold} needed)")]
    CannotCall {
        /// The hand's value.
        value: u32,
        /// The rules' threshold.
        threshold: u8,
    },
    /// Some discarded cards are not in the player's hand.
    #[error("{player} does not hold {missing}")]
    NotInHand {
        /// The player on turn.
        player: Seat,
        /// The cards they lack.
        missing: CardSet,
    },
    /// A run is shorter than the rules' minimum.
    #[error("a run of {length} cards is shorter than the minimum of {min}")]
    RunTooShort {
        /// The run's length.
        length: usize,
        /// The rules' minimum.
        min: u8,
    },
    /// The card to take is not among the previous player's discards.
    #[error("{card} is not among the cards just discarded ({available})")]
    NotOnDiscard {
        /// The card asked for.
        card: Card,
        /// The cards just discarded.
        available: CardSet,
    },
    /// The card was just discarded but the rules do not let it be taken.
    #[error("{card} may not be taken: the rules allow {rule}")]
    TakeForbidden {
        /// The card asked for.
        card: Card,
        /// What the rules allow.
        rule: TakeFrom,
    },
    /// The stock is empty (only possible transiently; a round ends when it runs out).
    #[error("the stock is empty")]
    StockEmpty,
}

/// Card text could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCardError {
    /// Nothing to parse.
    #[error("empty card")]
    Empty,
    /// Not a rank followed by a suit.
    #[error("{text:?} is not a card (a rank A, 2..10, T, J, Q, K then a suit S, H, D, C)")]
    Card {
        /// The text.
        text: String,
    },
    /// Not a rank.
    #[error("{text:?} is not a rank (A, 2..10, T, J, Q, K)")]
    Rank {
        /// The text.
        text: String,
    },
    /// Not a suit.
    #[error("{text:?} is not a suit (S, H, D, C or ♠, ♥, ♦, ♣)")]
    Suit {
        /// The text.
        text: String,
    },
    /// A card appears twice in a list.
    #[error("{card} appears twice")]
    Duplicate {
        /// The repeated card.
        card: Card,
    },
}

/// Action text could not be parsed (rule checks come later, from [`IllegalMove`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Nothing to parse.
    #[error("empty action (write `call` or `discard <cards> take stock|<card>`)")]
    Empty,
    /// The first word is neither `call` nor `discard`.
    #[error("unknown action {word:?} (write `call` or `discard <cards> take stock|<card>`)")]
    UnknownVerb {
        /// The word.
        word: String,
    },
    /// `discard` without `take ...`.
    #[error("a discard must say what it takes: `take stock` or `take <card>`")]
    MissingTake,
    /// Words after the action.
    #[error("unexpected {text:?} after the action")]
    Trailing {
        /// The extra text.
        text: String,
    },
    /// A card does not parse.
    #[error(transparent)]
    Card(#[from] ParseCardError),
    /// The discarded cards are not a combination.
    #[error(transparent)]
    Meld(#[from] MeldError),
    /// A dense action id past the last one.
    #[error("action id {id} is past the last one ({max})")]
    Id {
        /// The id.
        id: u32,
        /// The largest id.
        max: u32,
    },
}

/// A [`Setup`](crate::Setup) does not describe a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not 2 to 5 hands.
    #[error("{players} hands given: 2 to 5 players play")]
    Players {
        /// Hands given.
        players: usize,
    },
    /// A hand is empty or holds more than five cards.
    #[error("{player} holds {cards} cards (1 to 5 needed)")]
    HandSize {
        /// The seat.
        player: Seat,
        /// Its cards.
        cards: usize,
    },
    /// The player on turn or the starter is not a seat.
    #[error("{player} is not a seat of a {players}-player game")]
    Seat {
        /// The seat named.
        player: Seat,
        /// Players in the setup.
        players: usize,
    },
    /// A card is in two places.
    #[error("{card} is placed twice")]
    Twice {
        /// The card.
        card: Card,
    },
    /// A card is nowhere (a stock was given and lacks it).
    #[error("{card} is placed nowhere")]
    Missing {
        /// The card.
        card: Card,
    },
    /// No card is left for the stock.
    #[error("the stock is empty")]
    EmptyStock,
    /// A per-seat list has the wrong length.
    #[error("{found} {field} given for {players} players")]
    Counts {
        /// Which list.
        field: &'static str,
        /// Its length.
        found: usize,
        /// Players in the setup.
        players: usize,
    },
    /// A known card is not in its hand.
    #[error("{player} is said to have taken {cards} but does not hold them")]
    KnownNotHeld {
        /// The seat.
        player: Seat,
        /// The cards.
        cards: CardSet,
    },
    /// A score is already at the limit.
    #[error("{player}'s score {score} is at or past the limit {limit}")]
    Score {
        /// The seat.
        player: Seat,
        /// The score.
        score: u16,
        /// The limit.
        limit: u16,
    },
}

/// A simulation could not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SimError {
    /// Not one bot per seat.
    #[error("{bots} bots for {players} players")]
    BotCount {
        /// Bots given.
        bots: usize,
        /// Seats of the game.
        players: u8,
    },
    /// A bot chose an illegal action.
    #[error("bot of {player} chose an illegal action: {error}")]
    Bot {
        /// The seat.
        player: Seat,
        /// Why the action was refused.
        error: IllegalMove,
    },
    /// A bot on turn offered no action.
    #[error("bot of {player} offered no action")]
    NoAction {
        /// The seat.
        player: Seat,
    },
    /// The match is already over.
    #[error("the match is over")]
    GameOver,
}
