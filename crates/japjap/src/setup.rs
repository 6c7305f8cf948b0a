//! A position written out card by card, for tests, puzzles and front ends that resume a
//! game: [`Setup`] may be anything, [`Game::from_setup`] checks it.

use alloc::vec::Vec;

use plateau_grid::random;

use crate::config::{HAND_SIZE, MAX_PLAYERS};
use crate::error::SetupError;
use crate::round::Round;
use crate::{Card, CardSet, Game, Meld, Player, Rules};

/// A round in progress, every card placed: the plain description [`Game::from_setup`]
/// turns into a game (the number of players is taken from `hands`, never repeated).
///
/// ```
/// use plateau_japjap::{Action, Game, Player, Rules, Setup};
///
/// let p1 = Player::new(0).unwrap();
/// let mut setup = Setup::new(Rules::heads_up(), ["AS 2S 2H".parse()?, "KD KC QH".parse()?]);
/// setup.discard = "5C".parse()?;
/// let mut game = Game::from_setup(setup)?;
/// let event = game.play(Action::Call)?;
/// assert_eq!(event.round.unwrap().winner(), Some(p1));
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
    /// The cards the previous player just discarded: a combination.
    pub discard: CardSet,
    /// The discard pile under them.
    pub discard_pile: CardSet,
    /// The stock from the top down; empty: every card not placed elsewhere, in index order.
    pub stock: Vec<Card>,
    /// The player on turn.
    pub current: Player,
    /// Who started the round.
    pub starter: Player,
    /// Totals in the current game (empty: all 0).
    pub scores: Vec<u16>,
    /// Seed of the deals after this round.
    pub seed: u64,
}

impl Setup {
    /// A setup with these hands, player 0 on turn and to have started, and every other
    /// field empty: set `discard` before building (it must be a combination), and the
    /// stock if its order matters.
    pub fn new(rules: Rules, hands: impl IntoIterator<Item = CardSet>) -> Setup {
        Setup {
            rules,
            hands: hands.into_iter().collect(),
            known: Vec::new(),
            discard: CardSet::EMPTY,
            discard_pile: CardSet::EMPTY,
            stock: Vec::new(),
            current: Player::at(0),
            starter: Player::at(0),
            scores: Vec::new(),
            seed: 0,
        }
    }
}

impl Game {
    /// The game of a written-out position.
    ///
    /// # Errors
    /// [`SetupError`] says what is wrong: a player count, a hand size, a card placed twice
    /// or nowhere, a discard that is no combination, an empty stock, a score at the limit.
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
                    player: Player::at(i as u8),
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
        let prev = Meld::new(discard).map_err(|error| SetupError::Discard { error })?;
        let stock = place_cards(&hand_list, discard, discard_pile, stock)?;
        let known = per_seat(&known_list, n, "known", CardSet::EMPTY)?;
        for (i, (&k, &h)) in known.iter().zip(&hand_list).enumerate() {
            if !h.is_superset(k) {
                return Err(SetupError::KnownNotHeld {
                    player: Player::at(i as u8),
                    cards: k - h,
                });
            }
        }
        let scores = per_seat(&score_list, n, "scores", 0)?;
        for (i, &s) in scores.iter().enumerate() {
            if s >= rules.score_limit() {
                return Err(SetupError::Score {
                    player: Player::at(i as u8),
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
            prev,
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
