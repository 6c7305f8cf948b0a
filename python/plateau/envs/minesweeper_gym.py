"""The Minesweeper Gymnasium environment (registered as ``plateau/Minesweeper-v0``)."""

import numpy as np
from gymnasium import spaces

from .. import minesweeper
from .gym import PlateauEnv


class MinesweeperEnv(PlateauEnv):
    """Minesweeper from the player's view. Observation: ``Box(-3, 9, (height, width),
    int64)``, each cell as shown (0 to 8 revealed, -1 hidden, -2 flagged, -3 ``?``, 9 a
    mine on show); never the hidden mines. Actions: ``Discrete(3 * width * height)``:
    reveal cell ``y * width + x``, then flag, then chord. Reward: the safe cells the move
    revealed, as a fraction of all safe cells; -1 when a mine explodes; terminated when the
    game is won or lost (``info["won"]``)."""

    def __init__(self, level: str = "beginner", width=None, height=None, mines=None, first_click=None, render_mode=None):
        self.level = level
        self.custom = dict(width=width, height=height, mines=mines, first_click=first_click)
        super().__init__(render_mode)
        self.observation_space = spaces.Box(-3, 9, (self.game.height, self.game.width), np.int64)

    def _new_game(self, seed):
        return minesweeper.Game(self.level, seed=seed, **self.custom)

    def _obs(self):
        return self.game.cells().reshape(self.game.height, self.game.width)

    def _reward(self, before):
        o = self.game.outcome
        if o is not None and not o.winners:
            return -1.0
        safe = self.game.width * self.game.height - self.game.mines
        return (self.game.revealed - before.revealed) / safe

    def _info(self):
        info = super()._info()
        o = self.game.outcome
        info["won"] = bool(o is not None and o.winners)
        return info
