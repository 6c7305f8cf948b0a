//! The greedy rule of thumb: get rid of points now.

use super::Bot;
use crate::meld::melds_of;
use crate::round::takeable;
use crate::{Action, CardSet, Meld, Rules, Take, View};

/// The highest card value [`GreedyBot`] takes from the discard: a stock card is worth 7 on
/// average, so anything up to 4 is a clear gain.
pub const GREEDY_TAKE_MAX: u8 = 4;

/// Calls as soon as the rules allow, otherwise discards the combination worth the most
/// points (the longer one on a tie) and takes the lowest visible card when it helps: it is
/// worth at most [`GREEDY_TAKE_MAX`] and less than the combination discarded; else it
/// draws from the stock. Deterministic and allocation-free.
///
/// The "less than the combination" condition is what keeps greedy players from trading
/// the same low cards back and forth forever: every take from the discard lowers the sum
/// of all hands, so between two stock draws only finitely many turns can pass, and a
/// round between greedy players always ends by a call or an exhausted stock.
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyBot;

impl GreedyBot {
    /// The greedy bot.
    pub fn new() -> GreedyBot {
        GreedyBot
    }
}

impl Bot for GreedyBot {
    fn choose(&mut self, view: &View) -> Action {
        greedy_action(view.rules(), view.hand(), view.discard(), view.stock_len())
    }
}

/// The greedy choice for a player holding `hand` (shared with the search bot's rollouts).
pub(crate) fn greedy_action(rules: &Rules, hand: CardSet, prev: Meld, stock: usize) -> Action {
    if hand.value() <= u32::from(rules.call_threshold()) {
        return Action::Call;
    }
    let mut best: Option<(u32, usize, Meld)> = None;
    for &m in melds_of(hand, rules.min_run()).as_slice() {
        let key = (m.value(), m.len());
        if best.is_none_or(|(v, n, _)| key > (v, n)) {
            best = Some((key.0, key.1, m));
        }
    }
    let meld = match best {
        Some((_, _, m)) => m,
        // A hand is never empty; this only keeps the function total.
        None => return Action::Call,
    };
    let low = takeable(prev, rules.take_from())
        .iter()
        .min_by_key(|c| c.value());
    let take = match low {
        Some(c) if c.value() <= GREEDY_TAKE_MAX && u32::from(c.value()) < meld.value() => {
            Take::Discard(c)
        }
        Some(c) if stock == 0 => Take::Discard(c),
        _ => Take::Stock,
    };
    Action::Discard { meld, take }
}
