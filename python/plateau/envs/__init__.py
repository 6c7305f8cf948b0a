"""Environments over the Plateau engines, with the ecosystem's own interfaces.

Importing this module registers the Gymnasium environments ``plateau/Taquin-v0``,
``plateau/FloodIt-v0``, ``plateau/Minesweeper-v0`` and ``plateau/Tetris-v0`` (made with
``gymnasium.make``), and holds the PettingZoo AEC environments ``blokus_duo_v0``,
``blokus_classic_v0`` and ``japjap_v0`` (``plateau.envs.japjap_v0.env(players=3)``).

Every environment's actions are indices into the game's fixed action space (the game's
``action_count``); ``action_masks()`` (the sb3-contrib convention) and ``info["action_mask"]``
(``observation["action_mask"]`` in PettingZoo) say which are legal now.
"""

from .gym import register_all

register_all()

try:  # PettingZoo is optional: the Gymnasium environments work without it.
    from . import blokus_classic_v0, blokus_duo_v0, japjap_v0  # noqa: F401
except ImportError:  # pragma: no cover - depends on what is installed
    pass
