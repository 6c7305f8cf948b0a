"""``blokus_duo_v0``: Blokus Duo (14 x 14, two agents) as a PettingZoo AEC environment."""

from .blokus_aec import BlokusDuoEnv


def env(render_mode=None):
    """A new Blokus Duo environment."""
    return BlokusDuoEnv(render_mode=render_mode)


raw_env = env
