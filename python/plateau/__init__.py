"""Plateau's game engines from Python.

One submodule a game, each over the same play contract: ``plateau.taquin``,
``plateau.floodit``, ``plateau.minesweeper``, ``plateau.tetris``, ``plateau.blokus``,
``plateau.japjap``. ``plateau.envs`` registers the Gymnasium environments and holds the
PettingZoo ones, ``plateau.vector`` steps many games in one call, and
``plateau.distributed`` fans matches out on Ray.
"""

from ._plateau import Outcome, standings

__all__ = ["Outcome", "standings"]
__version__ = "0.1.0"
