"""PettingZoo AEC environments over the multi-seat games: one class over the play contract.

Agents are ``player_0`` ... in seat order; the agent to act is the game's seat to move.
Each observation is a dict ``{"observation": ..., "action_mask": ...}`` (``int8`` mask over
the game's action space, all zeros for an agent that is not to act). Rewards come at the
end: each seat's share of the win (1 alone, 1/k shared) minus ``1 / seats``, so they sum to
zero; the game's own scores are in ``infos[agent]["score"]``.
"""

from typing import Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

SEED_RANGE = 2**63


class PlateauAEC(AECEnv):
    """What the Plateau AEC environments share."""

    metadata = {"render_modes": ["ansi"], "name": "plateau", "is_parallelizable": False}

    def __init__(self, render_mode: Optional[str] = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is supported")
        self.render_mode = render_mode
        self.game = self._new_game(0)
        seats = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        n = self.game.action_count
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": self._observation_space(),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = np.random.default_rng()

    # What a game's subclass gives.
    def _new_game(self, seed: int):
        raise NotImplementedError

    def _observation_space(self) -> spaces.Space:
        raise NotImplementedError

    def _observe(self, seat: int) -> np.ndarray:
        raise NotImplementedError

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = seed if seed is not None else int(self._rng.integers(SEED_RANGE))
        self.game = self._new_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        if self.game.to_move == seat:
            mask = self.game.action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.game.action_count, dtype=np.int8)
        return {"observation": self._observe(seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.play_action(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        outcome = self.game.outcome
        if outcome is not None:
            seats = outcome.seats
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = outcome.share(i) - 1.0 / seats
                self.terminations[a] = True
                self.infos[a] = {"score": outcome.scores[i]}
        else:
            self.agent_selection = self.possible_agents[self.game.to_move]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.game) if hasattr(self.game, "__str__") else repr(self.game)
        return None

    def close(self):
        pass
