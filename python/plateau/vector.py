"""Batched stepping: n games stepped in one call from numpy arrays (the envpool shape).

``FloodItBatch(n, seed)``, ``MinesweeperBatch(n, seed)``, ``TaquinBatch(n, seed)`` and
``TetrisBatch(n, seed)`` hold n games in Rust; ``step``
takes one action a game (an int64 array) and returns ``(obs, reward, done, mask)`` numpy
arrays, the GIL released and the games spread over rayon's threads, no Python loop. A game
that ends is replaced in the same call by its slot's next one (slot ``i``'s episode ``e``
is the Rust game of seed ``seed + i + e * n``), ``done[i]`` says so and ``obs[i]`` is the new
game's first observation. An illegal action changes nothing and gets -1. ``max_steps`` cuts
an episode short after that many steps (Taquin 200 and Tetris 2,000 by default, the
Gymnasium environments' limits; no limit for the others): ``done[i]`` is then true and
``batch.truncated[i]`` says it was a cut, not an end. Observations and rewards are the
Gymnasium environments' (``plateau/FloodIt-v0``, ``plateau/Minesweeper-v0``,
``plateau/Taquin-v0``, ``plateau/Tetris-v0``), as ``int8``.

``FloodItVectorEnv``, ``MinesweeperVectorEnv``, ``TaquinVectorEnv``, ``TetrisVectorEnv`` are ``gymnasium.vector.VectorEnv``s over
them (``infos["action_mask"]``, ``action_masks()``).
"""

from typing import Optional

import numpy as np

from ._plateau import vector as _native

FloodItBatch = _native.FloodItBatch
MinesweeperBatch = _native.MinesweeperBatch
TaquinBatch = _native.TaquinBatch
TetrisBatch = _native.TetrisBatch

__all__ = [
    "FloodItBatch",
    "MinesweeperBatch",
    "TaquinBatch",
    "TetrisBatch",
    "FloodItVectorEnv",
    "MinesweeperVectorEnv",
    "TaquinVectorEnv",
    "TetrisVectorEnv",
]


def _vector_env_class():
    import gymnasium as gym
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space

    class BatchVectorEnv(gym.vector.VectorEnv):
        """A ``gymnasium.vector.VectorEnv`` over a Rust batch (same-step autoreset)."""

        metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        low, high = 0, 0

        def __init__(self, batch):
            self.batch = batch
            self.num_envs = batch.num_envs
            shape = tuple(batch.obs_shape)
            self.single_observation_space = spaces.Box(self.low, self.high, shape, np.int8)
            self.single_action_space = spaces.Discrete(batch.action_count)
            self.observation_space = batch_space(self.single_observation_space, self.num_envs)
            self.action_space = batch_space(self.single_action_space, self.num_envs)
            self._mask = None

        def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
            if seed is not None:
                self.batch = type(self.batch)(self.num_envs, seed, **self._config)
            obs, self._mask = self.batch.reset()
            return obs, {"action_mask": self._mask}

        def step(self, actions):
            actions = np.asarray(actions, dtype=np.int64)
            obs, reward, done, self._mask = self.batch.step(actions)
            truncated = self.batch.truncated
            terminated = done & ~truncated
            return obs, reward.astype(np.float64), terminated, truncated, {"action_mask": self._mask}

        def action_masks(self):
            """The legal actions of every game, ``(num_envs, actions)`` booleans."""
            return self._mask

    return BatchVectorEnv


def _vector_env(batch_class, low, high, num_envs, seed, config):
    """The VectorEnv over ``batch_class(num_envs, seed, **config)``, observations in ``[low, high]``."""

    class _Env(_vector_env_class()):
        pass

    _Env.low, _Env.high = low, high
    _Env.__name__ = batch_class.__name__.replace("Batch", "VectorEnv")
    env = _Env(batch_class(num_envs, seed, **config))
    env._config = config
    return env


def FloodItVectorEnv(num_envs: int, seed: int = 0, **config):
    """A Gymnasium VectorEnv of ``num_envs`` Flood-It games (config as ``FloodItBatch``)."""
    return _vector_env(FloodItBatch, 0, config.get("colors", 6) - 1, num_envs, seed, config)


def MinesweeperVectorEnv(num_envs: int, seed: int = 0, **config):
    """A Gymnasium VectorEnv of ``num_envs`` Minesweeper games (config as ``MinesweeperBatch``)."""
    return _vector_env(MinesweeperBatch, -3, 9, num_envs, seed, config)


def TaquinVectorEnv(num_envs: int, seed: int = 0, **config):
    """A Gymnasium VectorEnv of ``num_envs`` sliding puzzles (config as ``TaquinBatch``)."""
    cells = config.get("width", 3) * config.get("height", 3)
    return _vector_env(TaquinBatch, 0, cells - 1, num_envs, seed, config)


def TetrisVectorEnv(num_envs: int, seed: int = 0, **config):
    """A Gymnasium VectorEnv of ``num_envs`` Tetris games by placements (config as ``TetrisBatch``)."""
    return _vector_env(TetrisBatch, 0, 1, num_envs, seed, config)
