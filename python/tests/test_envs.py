"""The environments pass their libraries' own checkers, and their masks are the games'."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import plateau.envs  # noqa: E402,F401  (registers the environments)

GYM_IDS = sorted(i for i in gym.registry if i.startswith("plateau/"))


def test_the_environments_are_registered():
    for name in ["Taquin", "FloodIt", "Minesweeper", "Tetris"]:
        assert f"plateau/{name}-v0" in GYM_IDS


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_check_env_passes(env_id):
    env = gym.make(env_id)
    check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_masked_random_play_and_masks(env_id):
    env = gym.make(env_id)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(3)
    for _ in range(300):
        mask = env.unwrapped.action_masks()
        assert mask.dtype == bool and mask.shape == (env.action_space.n,)
        assert np.array_equal(mask, info["action_mask"])
        game = env.unwrapped.game
        legal = game.legal_moves()
        assert mask.sum() == len(legal)
        assert sorted(game.action_index(m) for m in legal) == list(np.flatnonzero(mask))
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs) and not info["illegal"]
        if terminated or truncated:
            obs, info = env.reset()
    # An illegal action changes nothing and says so.
    env.reset(seed=4)
    mask = env.unwrapped.action_masks()
    if not mask.all():
        before = env.unwrapped.game.copy()
        _, reward, terminated, _, info = env.step(int(np.flatnonzero(~mask)[0]))
        assert info["illegal"] and reward < 0 and not terminated
        assert env.unwrapped.game == before


def test_reset_with_a_seed_is_the_rust_seeded_game():
    import plateau.floodit as floodit

    env = gym.make("plateau/FloodIt-v0")
    obs, _ = env.reset(seed=2026)
    assert obs.ravel().tolist() == floodit.Game(seed=2026).cells().tolist()


pz = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from plateau.envs import blokus_classic_v0, blokus_duo_v0, japjap_v0  # noqa: E402

AEC = {
    "blokus_duo_v0": blokus_duo_v0.env,
    "blokus_classic_v0": blokus_classic_v0.env,
    "japjap_v0": lambda **kw: japjap_v0.env(players=3, **kw),
}


@pytest.mark.parametrize("name", sorted(AEC))
def test_pettingzoo_api_test(name):
    api_test(AEC[name](), num_cycles=60, verbose_progress=False)


@pytest.mark.parametrize("name", sorted(AEC))
def test_pettingzoo_seed_test(name):
    seed_test(AEC[name], num_cycles=20)


class OnlyView:
    """A game that shows one seat's view and nothing else."""

    def __init__(self, game, seat):
        self._view = game.view(seat)
        self._seat = seat

    def view(self, seat):
        assert seat == self._seat, "the observation of a seat reads another seat's view"
        return self._view


def test_japjap_observation_comes_from_the_view_only():
    from plateau import japjap

    env = japjap_v0.env(players=3)
    env.reset(seed=5)
    g = env.game
    for seat, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)["observation"]
        hand = {japjap_v0.card_index(c) for c in g.view(seat).hand}
        assert set(np.flatnonzero(obs[:52])) == hand
        # The observation is built from the view alone: a stand-in game that offers only
        # `view(seat)` gives the same array.
        real = env.game
        env.game = OnlyView(real, seat)
        assert env._observe(seat).tolist() == obs.tolist()
        env.game = real
    # The hidden hands of the others are nowhere in seat 0's observation.
    obs0 = env.observe("player_0")["observation"]
    others = {japjap_v0.card_index(c) for s in (1, 2) for c in g.view(s).hand}
    for row in range(5):  # hand, discard, three known rows
        assert not (set(np.flatnonzero(obs0[52 * row : 52 * row + 52])) & others)
    assert isinstance(g, japjap.Game)


def test_aec_games_play_to_the_end_with_rewards_summing_to_zero():
    env = blokus_duo_v0.env()
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=1000):
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents
    assert abs(sum(total.values())) < 1e-9
