"""The batch steps exactly what the one-game API steps, and its VectorEnv is a VectorEnv."""

import numpy as np
import pytest

from plateau import floodit, minesweeper
from plateau.vector import FloodItBatch, MinesweeperBatch

CASES = {
    "floodit": (lambda n, s: FloodItBatch(n, seed=s), lambda s: floodit.Game(seed=s), 0.01),
    "minesweeper": (lambda n, s: MinesweeperBatch(n, seed=s), lambda s: minesweeper.Game("beginner", seed=s), 0.0),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_batch_equals_the_games_played_one_by_one(name):
    make_batch, make_game, _ = CASES[name]
    n, seed = 5, 40
    batch = make_batch(n, seed)
    obs, mask = batch.reset()
    games = [make_game(seed + i) for i in range(n)]
    episodes = [0] * n
    rng = np.random.default_rng(1)
    finished = 0
    for step in range(300):
        for i, g in enumerate(games):
            assert obs[i].ravel().tolist() == g.cells().tolist()
            assert mask[i].tolist() == g.action_mask().tolist()
        # Mostly legal actions, now and then an illegal one.
        actions = np.array(
            [
                int(rng.choice(np.flatnonzero(mask[i]))) if rng.random() > 0.1 else int(np.flatnonzero(~mask[i])[0])
                for i in range(n)
            ],
            dtype=np.int64,
        )
        obs, reward, done, mask = batch.step(actions)
        for i, g in enumerate(games):
            a = int(actions[i])
            if g.action_move(a) is None:
                assert reward[i] == -1.0 and not done[i]
                continue
            g.play_action(a)
            assert done[i] == g.is_over
            if g.is_over:
                finished += 1
                episodes[i] += 1
                games[i] = make_game(seed + i + episodes[i] * n)
    assert finished > 0, "episodes ended and were replaced"


def test_batch_rewards_are_the_environments():
    gym = pytest.importorskip("gymnasium")
    import plateau.envs  # noqa: F401

    env = gym.make("plateau/FloodIt-v0")
    _, info = env.reset(seed=7)
    batch = FloodItBatch(1, seed=7)
    _, mask = batch.reset()
    rng = np.random.default_rng(2)
    for _ in range(15):
        a = int(rng.choice(np.flatnonzero(mask[0])))
        _, r_env, term, _, info = env.step(a)
        _, r_batch, done, mask = batch.step(np.array([a], dtype=np.int64))
        assert abs(r_env - float(r_batch[0])) < 1e-6
        if term:
            break


def test_bad_batches_and_actions_are_refused():
    with pytest.raises(ValueError):
        FloodItBatch(0)
    with pytest.raises(ValueError):
        FloodItBatch(4, colors=1)
    with pytest.raises(ValueError):
        FloodItBatch(10**12)  # refused up front, not an out-of-memory abort
    with pytest.raises(ValueError):
        MinesweeperBatch(1_000_000, level="expert")
    b = FloodItBatch(3)
    b.reset()
    with pytest.raises(ValueError):
        b.step(np.zeros(2, dtype=np.int64))
    # Out-of-range actions are illegal actions, not crashes.
    _, r, d, _ = b.step(np.array([-5, 99, 2**40], dtype=np.int64))
    assert r.tolist() == [-1.0, -1.0, -1.0] and not d.any()


def test_rust_loop_finishes_episodes():
    assert FloodItBatch(8, seed=3).rust_loop(200) > 0
    assert MinesweeperBatch(8, seed=3).rust_loop(200) > 0


def test_vector_env_is_a_gymnasium_vector_env():
    gym = pytest.importorskip("gymnasium")
    from plateau.vector import FloodItVectorEnv

    env = FloodItVectorEnv(4, seed=1)
    assert isinstance(env, gym.vector.VectorEnv)
    obs, info = env.reset(seed=5)
    assert env.observation_space.contains(obs)
    assert obs[0].ravel().tolist() == floodit.Game(seed=5).cells().tolist()
    rng = np.random.default_rng(0)
    for _ in range(50):
        m = env.action_masks()
        a = np.array([rng.choice(np.flatnonzero(row)) for row in m])
        obs, r, term, trunc, info = env.step(a)
        assert env.observation_space.contains(obs)
        assert info["action_mask"].shape == (4, 6)
