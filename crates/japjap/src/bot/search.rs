//! Determinized Monte-Carlo search: sample the hidden cards, try every action on every
//! sample, finish the round with greedy play, keep the action that did best on average.

use alloc::vec::Vec;

use plateau_grid::Bot;
use plateau_grid::random::{self, SeededRng};

use super::greedy::greedy_action;
use crate::config::MAX_PLAYERS;
use crate::round::{Round, RoundEnd};
use crate::{Action, Game, Rules, View};

/// Worlds sampled per decision by default.
pub const DEFAULT_WORLDS: u32 = 48;

/// Determinized ("perfect information") Monte-Carlo search over [`View::sample_world`]:
/// each decision samples `worlds` deals of the unseen cards, plays every legal action in
/// each of them (the same worlds for every action, so the comparison is not drowned in
/// deal luck), finishes the round with every player greedy, and picks the action with the
/// best mean outcome: the points the others scored minus its own, plus a bonus for a
/// round that wins the game and a malus for one that loses it.
///
/// What it learns that [`GreedyBot`](super::GreedyBot) does not: not to call into a likely
/// counter (a short hand across the table), which combinations to keep together, and when
/// a card on the discard is worth more than a draw.
#[derive(Debug, Clone)]
pub struct SearchBot {
    rng: SeededRng,
    worlds: u32,
    rollout_turns: u16,
    game_bonus: i32,
    actions: Vec<Action>,
    samples: Vec<Round>,
    totals: Vec<i64>,
}

impl SearchBot {
    /// A search bot with [`DEFAULT_WORLDS`] samples per decision, its samples drawn from
    /// `seed`.
    pub fn new(seed: u64) -> SearchBot {
        SearchBot {
            rng: random::seeded(seed),
            worlds: DEFAULT_WORLDS,
            rollout_turns: 60,
            game_bonus: 60,
            actions: Vec::new(),
            samples: Vec::new(),
            totals: Vec::new(),
        }
    }

    /// The same bot sampling `worlds` deals per decision (at least 1): more is stronger and
    /// slower, linearly.
    #[must_use]
    pub fn with_worlds(self, worlds: u32) -> SearchBot {
        SearchBot {
            worlds: worlds.max(1),
            ..self
        }
    }

    /// Worlds sampled per decision.
    pub fn worlds(&self) -> u32 {
        self.worlds
    }

    /// Outcome of a finished round for seat `me`, times `players - 1` to stay in integers.
    fn utility(&self, rules: &Rules, r: &Round, end: RoundEnd, me: usize, scores: &[u16]) -> i32 {
        let n = usize::from(rules.players());
        let points = r.points(rules, end);
        let mut value = 0i32;
        for (p, &pt) in points.iter().enumerate().take(n) {
            if p == me {
                value -= (n as i32 - 1) * i32::from(pt);
            } else {
                value += i32::from(pt);
            }
        }
        let mut totals = [0u16; MAX_PLAYERS];
        for p in 0..n {
            totals[p] = scores[p].saturating_add(points[p]);
        }
        let limit = rules.score_limit();
        if totals[..n].iter().any(|&t| t >= limit) {
            let low = totals[..n].iter().copied().min().unwrap_or(0);
            if totals[me] == low {
                value += (n as i32 - 1) * self.game_bonus;
            } else if totals[me] >= limit {
                value -= (n as i32 - 1) * self.game_bonus;
            }
        }
        value
    }

    fn rollout(
        &mut self,
        rules: &Rules,
        world: &Round,
        action: Action,
        me: usize,
        scores: &[u16],
    ) -> i32 {
        let mut r = *world;
        let mut step = r.apply(rules, action, &mut self.rng);
        let cap = r.turns.saturating_add(self.rollout_turns);
        loop {
            if let Some(end) = step.end {
                return self.utility(rules, &r, end, me, scores);
            }
            if r.turns >= cap {
                // Unfinished: judge by the hands, half weight (they may still change).
                let n = usize::from(rules.players());
                let mut v = 0i32;
                for p in 0..n {
                    let h = r.hands[p].value() as i32;
                    v += if p == me { -(n as i32 - 1) * h } else { h };
                }
                return v / 2;
            }
            let a = greedy_action(rules, r.hand(), r.prev, r.stock_len());
            step = r.apply(rules, a, &mut self.rng);
        }
    }
}

impl Bot<Game> for SearchBot {
    /// The action with the best mean outcome over the sampled worlds, `None` when the
    /// view's player is not on turn.
    fn choose(&mut self, view: View) -> Option<Action> {
        let mut actions = core::mem::take(&mut self.actions);
        view.legal_moves_into(&mut actions);
        let choice = match actions.len() {
            0 => None,
            1 => Some(actions[0]),
            _ => {
                let rules = *view.rules();
                let me = view.player().index();
                self.samples.clear();
                for _ in 0..self.worlds {
                    let w = view.sample_round(&mut self.rng);
                    self.samples.push(w);
                }
                let samples = core::mem::take(&mut self.samples);
                self.totals.clear();
                self.totals.resize(actions.len(), 0);
                for (i, &a) in actions.iter().enumerate() {
                    let mut sum = 0i64;
                    for w in &samples {
                        sum += i64::from(self.rollout(&rules, w, a, me, view.scores()));
                    }
                    self.totals[i] = sum;
                }
                self.samples = samples;
                // The first best in the legal order, so ties break the same way every time.
                let mut best = 0;
                for i in 1..actions.len() {
                    if self.totals[i] > self.totals[best] {
                        best = i;
                    }
                }
                Some(actions[best])
            }
        };
        self.actions = actions;
        choice
    }
}
