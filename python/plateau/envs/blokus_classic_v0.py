"""``blokus_classic_v0``: Blokus Classic (20 x 20, four agents) as a PettingZoo AEC environment."""

from .blokus_aec import BlokusClassicEnv


def env(render_mode=None):
    """A new Blokus Classic environment."""
    return BlokusClassicEnv(render_mode=render_mode)


raw_env = env
