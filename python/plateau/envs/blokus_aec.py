"""Blokus as a PettingZoo AEC environment (Duo: two agents; Classic: four)."""

import numpy as np
from gymnasium import spaces

from .. import blokus
from .aec import PlateauAEC


class BlokusEnv(PlateauAEC):
    """Blokus. Observation: ``Box(0, colours, (side, side), int8)``, the board (0 empty,
    else 1 + the colour's index; perfect information, so every agent sees it all).
    Actions: a pass (0), then every (piece, orientation, row, column) (the game's
    ``action_index``)."""

    variant = "duo"

    def _new_game(self, seed):
        return blokus.Game(self.variant)

    def _observation_space(self):
        side, colors = self.game.side, self.game.colors
        return spaces.Box(0, colors, (side, side), np.int8)

    def _observe(self, seat):
        side = self.game.side
        return (self.game.cells() + 1).astype(np.int8).reshape(side, side)


class BlokusDuoEnv(BlokusEnv):
    metadata = {**PlateauAEC.metadata, "name": "blokus_duo_v0"}
    variant = "duo"


class BlokusClassicEnv(BlokusEnv):
    metadata = {**PlateauAEC.metadata, "name": "blokus_classic_v0"}
    variant = "classic"
