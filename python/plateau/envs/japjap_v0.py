"""``japjap_v0``: Jap Jap as a PettingZoo AEC environment, each agent observing only its
seat's view (``plateau.japjap.View``): never another player's hidden cards.

Observation (``Box(0, 1000, (52 * (players + 2) + 2 * players + 2,), int16)``), built from
the view alone:

- 52: the agent's hand (one a card held);
- 52: the discard that may be taken;
- 52 for each player in seat order: the cards of their hand known to all (taken from the
  discard; the agent's own row is its known cards too);
- players: hand sizes; players: match scores; 1: cards left in the stock; 1: turn.

Cards are indexed suit-major in the order ``S H D C``, ranks ``A 2 ... 10 J Q K``.
Actions: ``plateau.japjap.Action`` ids (``Game.action_index``), ``Action.COUNT`` of them.
"""

import numpy as np
from gymnasium import spaces

from .. import japjap
from .aec import PlateauAEC

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
CARD_INDEX = {r + s: i * 13 + j for i, s in enumerate(SUITS) for j, r in enumerate(RANKS)}


def card_index(card: str) -> int:
    """The card's index in 0..52 (suit-major)."""
    return CARD_INDEX[card.upper()]


class JapjapEnv(PlateauAEC):
    metadata = {**PlateauAEC.metadata, "name": "japjap_v0"}

    def __init__(self, players: int = 3, rules=None, render_mode=None):
        self.rules = rules if rules is not None else japjap.Rules(players)
        self.players = self.rules.players
        super().__init__(render_mode)

    def _new_game(self, seed):
        return japjap.Game(rules=self.rules, seed=seed)

    def _observation_space(self):
        n = 52 * (self.players + 2) + 2 * self.players + 2
        return spaces.Box(0, 1000, (n,), np.int16)

    def _observe(self, seat):
        v = self.game.view(seat)
        p = self.players
        obs = np.zeros(52 * (p + 2) + 2 * p + 2, dtype=np.int16)
        for c in v.hand:
            obs[card_index(c)] = 1
        for c in v.discard:
            obs[52 + card_index(c)] = 1
        for other in range(p):
            for c in v.known(other):
                obs[104 + 52 * other + card_index(c)] = 1
        base = 52 * (p + 2)
        for other in range(p):
            obs[base + other] = v.hand_size(other)
        obs[base + p : base + 2 * p] = np.minimum(v.scores, 1000)
        obs[base + 2 * p] = v.stock_len
        obs[base + 2 * p + 1] = min(v.turn, 1000)
        return obs

    def render(self):
        if self.render_mode == "ansi":
            return repr(self.game)
        return None


def env(players: int = 3, rules=None, render_mode=None):
    """A new Jap Jap environment of ``players`` seats (or under ``rules``)."""
    return JapjapEnv(players=players, rules=rules, render_mode=render_mode)


raw_env = env
