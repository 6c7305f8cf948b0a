//! A position written out card by card, for tests, puzzles and front ends that resume a
//! game: [`Setup`] is plain data, [`Game::from_setup`] checks it.

use alloc::vec::Vec;

use plateau_grid::{Seat, random};

use crate::config::{HAND_SIZE, MAX_PLAYERS};
use crate::error::SetupError;
use crate::round::Round;
use crate::round::seat;
use crate::{Card, CardSet, Game, Meld, Rules};

/// A round in progress, every card placed: the plain description [`Game::from_setup`]
/// turns into a game (the number of players is taken from `hands`, never repeated).
///
/// What a type can say, it says: the cards just discarded are a [`Meld`], so they are
/// always a combination. The rest (hand sizes, a card in two places or in none, seats and
/// per-seat lists that fit the table, scores under the limit) is checked when the game is
/// built.
///
/// ```
/// use plateau_japjap::{Action, Game, Play, Rules, Seat, Setup};
///
/// let hands = ["AS 2S 2H".parse()?, "KD KC QH".parse()?];
/// let setup = Setup::new(Rules::heads_up(), hands, "5C".parse()?);
/// let mut game = Game::from_setup(setup)?;
/// let event = game.play(Action::Call)?;
/// assert_eq!(event.round.unwrap().winner(), Some(Seat::FIRST));
/// assert_eq!(game.scores(), [0, 38]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The rules (their player count is replaced by `hands.len()`).
    pub rules: Rules,
    /// Each seat's hand, 1 to 5 cards.
    pub hands: Vec<CardSet>,
    /// Cards of each hand everyone saw taken from the discard (empty: none); each must be
    /// in its hand.
    pub known: Vec<CardSet>,
    /// The cards the previous player just discarded (the face-up card on a round's first
    /// turn).
    pub discard: Meld,
    /// The discard pile under them.
    pub discard_pile: CardSet,
    /// The stock from the top down; empty: every card not placed elsewhere, in index order.
    pub stock: Vec<Card>,
    /// The player on turn.
    pub current: Seat,
    /// Who started the round.
    pub starter: Seat,
    /// Totals in the current game (empty: all 0).
    pub scores: Vec<u16>,
    /// Seed of the deals after this round.
    pub seed: u64,
}

impl Setup {
    /// A setup with these hands and `discard` just discarded, seat 0 on turn and to have
    /// started, no discard pile, no known card, every total 0 and the stock every other
    /// card in index order: a valid position whenever the hands are (2 to 5 of them, 1 to
    /// 5 cards each, no card twice, none in `discard`). Set the stock if its order
    /// matters.
    pub fn new(rules: Rules, hands: impl IntoIterator<Item = CardSet>, discard: Meld) -> Setup {
        Setup {
            rules,
            hands: hands.into_iter().collect(),
            known: Vec::new(),
            discard,
            discard_pile: CardSet::EMPTY,
            stock: Vec::new(),
            current: Seat::FIRST,
            starter: Seat::FIRST,
            scores: Vec::new(),
            seed: 0,
        }
    }
}

impl Game {
    /// The game of a written-out position.
    ///
    /// # Errors
    /// [`SetupError`] says what is wrong: a player count, a hand size, a seat off the
    /// table, a card placed twice or nowhere, an empty stock, a per-seat list of the wrong
    /// length, a known card not held, a score at the limit.
    pub fn from_setup(setup: Setup) -> Result<Game, SetupError> {
        let Setup {
            rules,
            hands: hand_list,
            known: known_list,
            discard,
            discard_pile,
            stock,
            current,
            starter,
            scores: score_list,
            seed,
        } = setup;
        let n = hand_list.len();
        let players = u8::try_from(n).unwrap_or(u8::MAX);
        let rules = rules
            .with_players(players)
            .map_err(|_| SetupError::Players { players: n })?;
        for (i, h) in hand_list.iter().enumerate() {
            if h.is_empty() || h.len() > HAND_SIZE {
                return Err(SetupError::HandSize {
                    player: seat(i as u8),
                    cards: h.len(),
                });
            }
        }
        for seat in [current, starter] {
            if seat.index() >= n {
                return Err(SetupError::Seat {
                    player: seat,
                    players: n,
                });
            }
        }
        let stock = place_cards(&hand_list, discard.cards(), discard_pile, stock)?;
        let known = per_seat(&known_list, n, "known", CardSet::EMPTY)?;
        for (i, (&k, &h)) in known.iter().zip(&hand_list).enumerate() {
            if !h.is_superset(k) {
                return Err(SetupError::KnownNotHeld {
                    player: seat(i as u8),
                    cards: k - h,
                });
            }
        }
        let scores = per_seat(&score_list, n, "scores", 0)?;
        for (i, &s) in scores.iter().enumerate() {
            if s >= rules.score_limit() {
                return Err(SetupError::Score {
                    player: seat(i as u8),
                    score: s,
                    limit: rules.score_limit(),
                });
            }
        }
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[..n].copy_from_slice(&hand_list);
        let pos = 52 - stock.len();
        let mut deck = [0u8; 52];
        for (slot, c) in deck[pos..].iter_mut().zip(&stock) {
            *slot = c.index();
        }
        let mut rest = (stock.iter().copied().collect::<CardSet>())
            .complement()
            .iter();
        for slot in &mut deck[..pos] {
            *slot = rest.next().map_or(0, Card::index);
        }
        let round = Round {
            hands,
            known,
            deck,
            pos: pos as u8,
            prev: discard,
            dead: discard_pile,
            current: current.index() as u8,
            starter: starter.index() as u8,
            turns: 0,
            players,
        };
        Ok(Game::at_first_round(
            rules,
            random::seeded(seed),
            round,
            scores,
        ))
    }
}

/// Checks that every card is placed exactly once; returns the stock (the unplaced cards in
/// index order when none was given).
fn place_cards(
    hands: &[CardSet],
    discard: CardSet,
    pile: CardSet,
    stock: Vec<Card>,
) -> Result<Vec<Card>, SetupError> {
    let mut placed = CardSet::EMPTY;
    let place = |placed: &mut CardSet, cards: CardSet| -> Result<(), SetupError> {
        if let Some(card) = (*placed & cards).first() {
            return Err(SetupError::Twice { card });
        }
        *placed |= cards;
        Ok(())
    };
    for &h in hands {
        place(&mut placed, h)?;
    }
    place(&mut placed, discard)?;
    place(&mut placed, pile)?;
    let stock: Vec<Card> = if stock.is_empty() {
        placed.complement().iter().collect()
    } else {
        stock
    };
    for &c in &stock {
        place(&mut placed, c.set())?;
    }
    if let Some(card) = placed.complement().first() {
        return Err(SetupError::Missing { card });
    }
    if stock.is_empty() {
        return Err(SetupError::EmptyStock);
    }
    Ok(stock)
}

/// A per-seat list as an array: empty means `default` everywhere, otherwise one per seat.
fn per_seat<T: Copy>(
    list: &[T],
    n: usize,
    field: &'static str,
    default: T,
) -> Result<[T; MAX_PLAYERS], SetupError> {
    let mut out = [default; MAX_PLAYERS];
    if !list.is_empty() {
        if list.len() != n {
            return Err(SetupError::Counts {
                field,
                found: list.len(),
                players: n,
            });
        }
        out[..n].copy_from_slice(list);
    }
    Ok(out)
}

impl TryFrom<Setup> for Game {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Game, SetupError> {
        Game::from_setup(setup)
    }
}
