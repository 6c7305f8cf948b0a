//! One round's cards and the rules of a turn: the engine under [`Game`](crate::Game), kept
//! free of scores and of the random generator so search code can copy it cheaply (160
//! bytes, no allocation).

use alloc::vec::Vec;

use plateau_grid::{Seat, random};
use rand::Rng;

use crate::config::{HAND_SIZE, MAX_PLAYERS};
use crate::meld::melds_of;
use crate::{
    Action, Card, CardSet, Exhaustion, IllegalMove, Meld, MeldKind, PenaltyMode, Rules, Take,
    TakeFrom,
};

/// How a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RoundEnd {
    /// `caller` called "Jap Jap"; `winner` had the lowest hand (the caller unless the call
    /// was `countered`, "Contre Jap Jap").
    Call {
        /// Who called.
        caller: Seat,
        /// Who scores 0.
        winner: Seat,
        /// Whether another player's hand beat the caller's.
        countered: bool,
    },
    /// The last card of the stock was drawn (and, under [`Exhaustion::Reshuffle`], there
    /// was nothing to shuffle into a new stock).
    StockExhausted,
    /// The round reached the rules' [turn limit](Rules::turn_limit).
    TurnLimit,
}

/// What one turn did to the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    pub took: Option<Card>,
    pub reshuffled: bool,
    pub end: Option<RoundEnd>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Round {
    pub hands: [CardSet; MAX_PLAYERS],
    /// Cards of each hand everyone has seen it take from the discard.
    pub known: [CardSet; MAX_PLAYERS],
    /// The stock is `deck[pos..]`, its top `deck[pos]`.
    pub deck: [u8; 52],
    pub pos: u8,
    /// The cards the previous player just discarded (the face-up card on the first turn).
    pub prev: Meld,
    /// The discard pile under `prev`: seen by everyone, out of play.
    pub dead: CardSet,
    pub current: u8,
    pub starter: u8,
    pub turns: u16,
    pub players: u8,
}

/// The cards of `prev` the rules let a player take.
pub(crate) fn takeable(prev: Meld, rule: TakeFrom) -> CardSet {
    let cards = prev.cards();
    match rule {
        TakeFrom::RunEnds if prev.kind() == MeldKind::Run => {
            let (lo, hi) = (cards.first(), cards.last());
            lo.map(Card::set).unwrap_or_default() | hi.map(Card::set).unwrap_or_default()
        }
        TakeFrom::Any | TakeFrom::RunEnds => cards,
        TakeFrom::TopOnly => prev.top().set(),
    }
}

/// Every legal action of a player holding `hand`, in a fixed order: `call` first when
/// allowed, then each meld with the stock and then each takeable card.
pub(crate) fn legal_into(
    rules: &Rules,
    hand: CardSet,
    prev: Meld,
    stock: usize,
    out: &mut Vec<Action>,
) {
    out.clear();
    if hand.value() <= u32::from(rules.call_threshold()) {
        out.push(Action::Call);
    }
    let takes = takeable(prev, rules.take_from());
    for &meld in melds_of(hand, rules.min_run()).as_slice() {
        if stock > 0 {
            out.push(Action::Discard {
                meld,
                take: Take::Stock,
            });
        }
        for c in takes {
            out.push(Action::Discard {
                meld,
                take: Take::Discard(c),
            });
        }
    }
}

/// Whether a player holding `hand` may play `action`.
pub(crate) fn check(
    rules: &Rules,
    player: Seat,
    hand: CardSet,
    prev: Meld,
    stock: usize,
    action: Action,
) -> Result<(), IllegalMove> {
    match action {
        Action::Call => {
            let value = hand.value();
            if value <= u32::from(rules.call_threshold()) {
                Ok(())
            } else {
                Err(IllegalMove::CannotCall {
                    value,
                    threshold: rules.call_threshold(),
                })
            }
        }
        Action::Discard { meld, take } => {
            let missing = meld.cards() - hand;
            if !missing.is_empty() {
                return Err(IllegalMove::NotInHand { player, missing });
            }
            if meld.kind() == MeldKind::Run && meld.len() < usize::from(rules.min_run()) {
                return Err(IllegalMove::RunTooShort {
                    length: meld.len(),
                    min: rules.min_run(),
                });
            }
            match take {
                Take::Stock if stock == 0 => Err(IllegalMove::StockEmpty),
                Take::Discard(card) if !prev.cards().contains(card) => {
                    Err(IllegalMove::NotOnDiscard {
                        card,
                        available: prev.cards(),
                    })
                }
                Take::Discard(card) if !takeable(prev, rules.take_from()).contains(card) => {
                    Err(IllegalMove::TakeForbidden {
                        card,
                        rule: rules.take_from(),
                    })
                }
                Take::Stock | Take::Discard(_) => Ok(()),
            }
        }
    }
}

impl Round {
    /// Shuffles a deck with `rng` and deals five cards to each player, one at a time from
    /// seat 0; the next card is turned face up and the rest is the stock.
    pub(crate) fn deal<R: Rng + ?Sized>(players: u8, starter: u8, rng: &mut R) -> Round {
        let mut deck: [u8; 52] = core::array::from_fn(|i| i as u8);
        random::shuffle(rng, &mut deck);
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let n = usize::from(players);
        for (i, &c) in deck[..HAND_SIZE * n].iter().enumerate() {
            hands[i % n].insert(card(c));
        }
        let up = HAND_SIZE * n;
        Round {
            hands,
            known: [CardSet::EMPTY; MAX_PLAYERS],
            deck,
            pos: up as u8 + 1,
            prev: Meld::single(card(deck[up])),
            dead: CardSet::EMPTY,
            current: starter,
            starter,
            turns: 0,
            players,
        }
    }

    pub(crate) fn stock_len(&self) -> usize {
        52 - usize::from(self.pos)
    }

    pub(crate) fn hand(&self) -> CardSet {
        self.hands[usize::from(self.current)]
    }

    pub(crate) fn check(&self, rules: &Rules, action: Action) -> Result<(), IllegalMove> {
        check(
            rules,
            seat(self.current),
            self.hand(),
            self.prev,
            self.stock_len(),
            action,
        )
    }

    /// Plays a legal action (checked by [`Round::check`]); `rng` shuffles a new stock under
    /// [`Exhaustion::Reshuffle`].
    pub(crate) fn apply<R: Rng + ?Sized>(
        &mut self,
        rules: &Rules,
        action: Action,
        rng: &mut R,
    ) -> Step {
        let me = usize::from(self.current);
        let Action::Discard { meld, take } = action else {
            return Step {
                took: None,
                reshuffled: false,
                end: Some(self.call_end(rules)),
            };
        };
        self.hands[me] -= meld.cards();
        self.known[me] -= meld.cards();
        let took = match take {
            Take::Stock => {
                let c = card(self.deck[usize::from(self.pos)]);
                self.pos += 1;
                c
            }
            Take::Discard(c) => {
                self.known[me].insert(c);
                c
            }
        };
        self.hands[me].insert(took);
        self.dead |= self.prev.cards() - took.set();
        self.prev = meld;
        self.turns += 1;
        self.current = (self.current + 1) % self.players;
        let mut step = Step {
            took: Some(took),
            reshuffled: false,
            end: None,
        };
        if self.pos == 52 {
            if rules.exhaustion() == Exhaustion::Reshuffle && !self.dead.is_empty() {
                let k = self.dead.len();
                let start = 52 - k;
                for (slot, c) in self.deck[start..].iter_mut().zip(self.dead) {
                    *slot = c.index();
                }
                random::shuffle(rng, &mut self.deck[start..]);
                self.pos = start as u8;
                self.dead = CardSet::EMPTY;
                step.reshuffled = true;
            } else {
                step.end = Some(RoundEnd::StockExhausted);
                return step;
            }
        }
        if self.turns >= rules.turn_limit() {
            step.end = Some(RoundEnd::TurnLimit);
        }
        step
    }

    /// Who wins a call by the current player: the lowest other hand counters it when it is
    /// strictly lower (or equal, by the rules' variant); ties between the others go to the
    /// fewer cards, then to the first in turn order after the caller.
    fn call_end(&self, rules: &Rules) -> RoundEnd {
        let caller = self.current;
        let mine = self.hands[usize::from(caller)].value();
        let mut best: Option<(u32, usize, u8)> = None;
        for k in 1..self.players {
            let p = (caller + k) % self.players;
            let h = self.hands[usize::from(p)];
            let key = (h.value(), h.len(), p);
            if best.is_none_or(|(v, n, _)| (key.0, key.1) < (v, n)) {
                best = Some(key);
            }
        }
        let (value, _, p) = best.unwrap_or((u32::MAX, 0, caller));
        let countered = value < mine || (rules.counter_on_equal() && value == mine);
        RoundEnd::Call {
            caller: seat(caller),
            winner: seat(if countered { p } else { caller }),
            countered,
        }
    }

    /// The points each seat adds for a round that ended with `end`.
    pub(crate) fn points(&self, rules: &Rules, end: RoundEnd) -> [u16; MAX_PLAYERS] {
        let mut added = [0u16; MAX_PLAYERS];
        let n = usize::from(self.players);
        let value = |p: usize| self.hands[p].value() as u16;
        match end {
            RoundEnd::Call {
                caller,
                winner,
                countered,
            } => {
                for (p, a) in added.iter_mut().enumerate().take(n) {
                    *a = if p == winner.index() {
                        0
                    } else if countered && p == caller.index() {
                        let penalty = u16::from(rules.penalty());
                        match rules.penalty_mode() {
                            PenaltyMode::Instead => penalty,
                            PenaltyMode::Added => penalty + value(p),
                        }
                    } else {
                        value(p)
                    };
                }
            }
            RoundEnd::StockExhausted if rules.exhaustion() == Exhaustion::ScoreHands => {
                for (p, a) in added.iter_mut().enumerate().take(n) {
                    *a = value(p);
                }
            }
            RoundEnd::StockExhausted | RoundEnd::TurnLimit => {}
        }
        added
    }
}

/// The seat of an index known to be at the table.
pub(crate) fn seat(i: u8) -> Seat {
    Seat::new(usize::from(i)).unwrap_or(Seat::FIRST)
}

/// The card of an index known to be below 52.
pub(crate) fn card(i: u8) -> Card {
    Card::from_index(i).unwrap_or(Card::new(crate::Rank::ACE, crate::Suit::Spades))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_round_is_small_enough_to_copy_per_rollout() {
        // The size the module docs and the README state.
        assert_eq!(core::mem::size_of::<super::Round>(), 160);
    }
}
