//! The greedy rule of thumb: get rid of points now.

use plateau_grid::Bot;

use crate::round::takeable;
use crate::{Action, CardSet, Game, Meld, Rules, Take, View};

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

impl Bot<Game> for GreedyBot {
    /// The greedy action, `None` when the view's player is not on turn.
    fn choose(&mut self, view: View) -> Option<Action> {
        view.is_my_turn()
            .then(|| greedy_action(view.rules(), view.hand(), view.discard(), view.stock_len()))
    }
}

/// The greedy choice for a player holding `hand` (shared with the search bot's rollouts).
pub(crate) fn greedy_action(rules: &Rules, hand: CardSet, prev: Meld, stock: usize) -> Action {
    if hand.value() <= u32::from(rules.call_threshold()) {
        return Action::Call;
    }
    let Some(meld) = best_meld(hand, rules.min_run()) else {
        // A hand is never empty; this only keeps the function total.
        return Action::Call;
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

/// The meld worth the most points (the longer on a tie, then the first of: the highest
/// single, sets by rank, runs by suit). Only whole groups can be best: a set is worth the
/// most with all its cards, a run with its whole block, so no subset is enumerated.
pub(crate) fn best_meld(hand: CardSet, min_run: u8) -> Option<Meld> {
    let bits = hand.bits();
    let ranks = (bits | bits >> 13 | bits >> 26 | bits >> 39) & 0x1FFF;
    if ranks == 0 {
        return None;
    }
    // The highest value held, in its first suit.
    let top = ranks.ilog2();
    let rank_mask = (1u64 | 1 << 13 | 1 << 26 | 1 << 39) << top;
    let single = bits & rank_mask;
    let mut best = (top + 1, 1u32, single & single.wrapping_neg());
    let mut r = ranks;
    while r != 0 {
        let i = r.trailing_zeros();
        r &= r - 1;
        let set = bits & ((1u64 | 1 << 13 | 1 << 26 | 1 << 39) << i);
        let n = set.count_ones();
        if n >= 2 && ((i + 1) * n, n) > (best.0, best.1) {
            best = ((i + 1) * n, n, set);
        }
    }
    for s in 0..4 {
        let mut m = (bits >> (13 * s)) & 0x1FFF;
        while m != 0 {
            let start = m.trailing_zeros();
            let len = (!(m >> start)).trailing_zeros();
            let block = ((1u64 << len) - 1) << start;
            m &= !block;
            // Values start + 1 ..= start + len.
            let value = len * (2 * start + len + 1) / 2;
            if len >= 2 && len >= u32::from(min_run) && (value, len) > (best.0, best.1) {
                best = (value, len, block << (13 * s));
            }
        }
    }
    CardSet::from_bits(best.2).map(Meld::trusted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meld::melds_of;

    #[test]
    fn best_meld_is_the_best_of_every_meld() {
        let mut rng = plateau_grid::random::seeded(9);
        for _ in 0..5000 {
            let mut deck: alloc::vec::Vec<crate::Card> = crate::Card::all().collect();
            let keep = 8 + plateau_grid::random::below(&mut rng, 44) as usize;
            deck.truncate(keep);
            plateau_grid::random::shuffle(&mut rng, &mut deck);
            let n = 1 + plateau_grid::random::below(&mut rng, 5) as usize;
            let hand: CardSet = deck.iter().take(n).copied().collect();
            for min_run in 2..=5 {
                let all = melds_of(hand, min_run);
                let want = all.as_slice().iter().map(|m| (m.value(), m.len())).max();
                let got = best_meld(hand, min_run).map(|m| (m.value(), m.len()));
                assert_eq!(got, want, "{hand} min_run {min_run}");
                let m = best_meld(hand, min_run).unwrap();
                assert!(all.as_slice().contains(&m), "{m} is a meld of {hand}");
            }
        }
    }
}
