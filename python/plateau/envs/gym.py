"""Gymnasium environments: one class over the play contract, one subclass a game.

Observations are numpy arrays with documented spaces; actions are indices into the game's
action space; an illegal action leaves the game as it was, gives ``illegal_reward`` and
``info["illegal"] = True``. ``reset(seed=s)`` starts the game Rust's ``Game::new(.., s)``
starts; ``reset()`` without a seed draws the game's seed from the environment's generator.
"""

from typing import Any, Dict, Optional, Tuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .. import floodit, taquin, tetris

SEED_RANGE = 2**63


class PlateauEnv(gym.Env):
    """What every Plateau Gymnasium environment shares."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}
    illegal_reward = -1.0

    def __init__(self, render_mode: Optional[str] = None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is supported")
        self.render_mode = render_mode
        self.game = self._new_game(0)
        self.action_space = spaces.Discrete(self.game.action_count)

    # What a game's subclass gives.
    def _new_game(self, seed: int):
        raise NotImplementedError

    def _obs(self) -> np.ndarray:
        raise NotImplementedError

    def _reward(self, before) -> float:
        raise NotImplementedError

    def _info(self) -> Dict[str, Any]:
        return {"action_mask": self.game.action_mask(), "illegal": False}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a boolean mask (sb3-contrib's MaskablePPO reads it)."""
        return self.game.action_mask()

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(SEED_RANGE))
        self.game = self._new_game(game_seed)
        return self._obs(), self._info()

    def step(self, action) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        action = int(action)
        if self.game.is_over:
            raise RuntimeError("step() after the episode ended: call reset()")
        before = self.game.copy()
        if not (0 <= action < self.game.action_count) or self.game.action_move(action) is None:
            info = self._info()
            info["illegal"] = True
            return self._obs(), self.illegal_reward, False, False, info
        self.game.play_action(action)
        return self._obs(), self._reward(before), self.game.is_over, False, self._info()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.game)
        return None


class TaquinEnv(PlateauEnv):
    """The sliding puzzle. Observation: ``Box(0, w*h - 1, (height, width), int64)``, the
    tile numbers (0 the blank). Actions: ``Discrete(4)``, U D L R. Reward -1 a move;
    terminated when solved. ``scramble=n`` starts ``n`` random moves from solved instead of
    a uniformly random solvable board."""

    def __init__(self, width: int = 3, height: int = 3, scramble: Optional[int] = None, render_mode=None):
        self.width, self.height, self.scramble = width, height, scramble
        super().__init__(render_mode)
        self.observation_space = spaces.Box(0, width * height - 1, (height, width), np.int64)

    def _new_game(self, seed):
        if self.scramble is not None:
            return taquin.Board.random_walk(self.width, self.height, self.scramble, seed)
        return taquin.Board(self.width, self.height, seed=seed)

    def _obs(self):
        return np.asarray(self.game.tiles, dtype=np.int64).reshape(self.height, self.width)

    def _reward(self, before):
        return -1.0


class FloodItEnv(PlateauEnv):
    """Flood-It. Observation: ``Box(0, colors - 1, (height, width), int64)``, each cell's
    colour. Actions: ``Discrete(colors)``. Reward: the cells the move joined to the flood,
    as a fraction of the board, minus 0.01 a move; terminated when won or out of moves
    (``info["won"]``)."""

    def __init__(self, width: int = 12, height: int = 12, colors: int = 6, max_moves: int = 22, render_mode=None):
        self.width, self.height, self.colors, self.max_moves = width, height, colors, max_moves
        super().__init__(render_mode)
        self.observation_space = spaces.Box(0, colors - 1, (height, width), np.int64)

    def _new_game(self, seed):
        return floodit.Game(seed=seed, width=self.width, height=self.height, colors=self.colors, max_moves=self.max_moves)

    def _obs(self):
        return np.asarray(self.game.cells(), dtype=np.int64).reshape(self.height, self.width)

    def _reward(self, before):
        gained = self.game.flooded_cells - before.flooded_cells
        return gained / (self.width * self.height) - 0.01

    def _info(self):
        info = super()._info()
        o = self.game.outcome
        info["won"] = bool(o is not None and o.winners)
        return info


class TetrisEnv(PlateauEnv):
    """Tetris by placements: one action locks one piece where the placement generator says
    it can rest. Observation: ``Box(0, 1, (height, width), int64)``, the board's filled
    cells (row 0 at the bottom, buffer rows included). Actions: ``Discrete(action_count)``
    over (hold, rotation, column, row); the mask says which are reachable now. Reward: the
    score gained; terminated at top-out."""

    def __init__(self, rules: str = "guideline", render_mode=None):
        self.rules = rules
        super().__init__(render_mode)
        self.observation_space = spaces.Box(0, 1, (self.game.height, self.game.width), np.int64)

    def _new_game(self, seed):
        return tetris.Game(self.rules, seed=seed)

    def _obs(self):
        return np.asarray(self.game.cells(), dtype=np.int64).reshape(self.game.height, self.game.width)

    def _reward(self, before):
        return float(self.game.score - before.score)


ENVS = {
    "plateau/Taquin-v0": ("plateau.envs.gym:TaquinEnv", 200),
    "plateau/FloodIt-v0": ("plateau.envs.gym:FloodItEnv", None),
    "plateau/Tetris-v0": ("plateau.envs.gym:TetrisEnv", 2_000),
}


def register_all() -> None:
    """Registers the environments with Gymnasium (done on ``import plateau.envs``)."""
    try:
        from .. import minesweeper  # noqa: F401

        ENVS["plateau/Minesweeper-v0"] = ("plateau.envs.minesweeper_gym:MinesweeperEnv", None)
    except ImportError:
        pass
    for env_id, (entry, steps) in ENVS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=entry, max_episode_steps=steps)
