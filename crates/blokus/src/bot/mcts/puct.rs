//! Prior selection's parameters and its choice of a child.

use super::Node;
use super::math::{ln, sqrt};

/// The parameters of prior selection ([`crate::Mcts::with_prior_selection`]). The default
/// was chosen by matches against Pentobi level 5 (see the crate README): exploration 0.2,
/// 0.4 and 0.8, temperature 0.7, RAVE weights 0, 0.15 and 1.2 and a prior count of 8 did
/// worse; temperature 2 did as well, within the noise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Puct {
    /// The exploration constant `c` of `c P sqrt(N) ln(N + 1) / n`.
    pub exploration: f32,
    /// The prior's temperature, in the move knowledge's units (nats with the learned
    /// weights, squares with the hand-set ones): a move `t` below the best gets `1 / e` of
    /// its probability.
    pub temperature: f32,
    /// The weight of one all-moves-as-first update (at distance 0) against a visit's 1.
    pub rave_weight: f32,
    /// The count the prior value starts with.
    pub prior_count: f32,
}

impl Puct {
    /// The parameters with every value that is not finite, or out of range, replaced by
    /// the default's.
    pub(super) fn sanitized(self) -> Puct {
        let d = Puct::default();
        let pick = |v: f32, dv: f32, ok: bool| if v.is_finite() && ok { v } else { dv };
        Puct {
            exploration: pick(self.exploration, d.exploration, self.exploration >= 0.0),
            temperature: pick(self.temperature, d.temperature, self.temperature > 0.0),
            rave_weight: pick(self.rave_weight, d.rave_weight, self.rave_weight >= 0.0),
            prior_count: pick(self.prior_count, d.prior_count, self.prior_count > 0.0),
        }
    }
}

impl Default for Puct {
    fn default() -> Puct {
        Puct {
            exploration: 0.3,
            temperature: 1.0,
            rave_weight: 0.3,
            prior_count: 3.0,
        }
    }
}

/// Prior selection's child: the highest `value + c P sqrt(N) ln(N + 1) / n`.
pub(super) fn select_puct(node: &Node, c: f32) -> usize {
    let n = node.visits as f32;
    let expl = c * sqrt(n) * ln(n + 1.0);
    let mut best = 0;
    let mut best_score = f32::NEG_INFINITY;
    for (i, ch) in node.children.iter().enumerate() {
        let score = ch.value + ch.p * expl / ch.count.max(1e-3);
        if score > best_score {
            best_score = score;
            best = i;
        }
    }
    best
}
