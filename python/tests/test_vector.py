"""The batch steps exactly what the one-game API steps, and its VectorEnv is a VectorEnv."""

import numpy as np
import pytest

from plateau import floodit, minesweeper, taquin, tetris
from plateau.vector import FloodItBatch, MinesweeperBatch, TaquinBatch, TetrisBatch

def _cells(g):
    return g.cells().tolist()


def _tiles(g):
    return list(g.tiles)


def _score(before, after):
    return float(after.score - before.score)


# name: (batch of n from seed, game of seed, observation of a game, reward of a legal move
# from before to after or None, the batch's step limit)
CASES = {
    "floodit": (lambda n, s: FloodItBatch(n, seed=s), lambda s: floodit.Game(seed=s), _cells,
                lambda b, a: (a.flooded_cells - b.flooded_cells) / 144 - 0.01, None),
    "minesweeper": (lambda n, s: MinesweeperBatch(n, seed=s), lambda s: minesweeper.Game("beginner", seed=s),
                    _cells, None, None),
    "taquin": (lambda n, s: TaquinBatch(n, seed=s, scramble=6, max_steps=30),
               lambda s: taquin.Board.random_walk(3, 3, 6, s), _tiles, lambda b, a: -1.0, 30),
    "tetris": (lambda n, s: TetrisBatch(n, seed=s, max_steps=25), lambda s: tetris.Game("guideline", seed=s),
               _cells, _score, 25),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_batch_equals_the_games_played_one_by_one(name):
    make_batch, make_game, observe, reward_of, limit = CASES[name]
    n, seed = 5, 40
    batch = make_batch(n, seed)
    assert batch.max_steps == limit
    obs, mask = batch.reset()
    assert not batch.truncated.any()
    games = [make_game(seed + i) for i in range(n)]
    episodes, steps = [0] * n, [0] * n
    rng = np.random.default_rng(1)
    finished = cut = 0
    for step in range(300):
        for i, g in enumerate(games):
            assert obs[i].ravel().tolist() == observe(g)
            assert mask[i].tolist() == g.action_mask().tolist()
        # Mostly legal actions, now and then an illegal one.
        actions = np.array(
            [
                int(rng.choice(np.flatnonzero(mask[i]))) if rng.random() > 0.1 else int(np.flatnonzero(np.append(~mask[i], True))[0])
                for i in range(n)
            ],
            dtype=np.int64,
        )
        obs, reward, done, mask = batch.step(actions)
        truncated = batch.truncated
        for i, g in enumerate(games):
            a = int(actions[i])
            steps[i] += 1
            if g.action_move(a) is None:
                assert reward[i] == -1.0
            else:
                before = g.copy()
                g.play_action(a)
                if reward_of is not None and not g.is_over:
                    assert abs(float(reward[i]) - reward_of(before, g)) < 1e-5
            assert truncated[i] == (not g.is_over and limit is not None and steps[i] >= limit)
            assert done[i] == (g.is_over or truncated[i])
            if done[i]:
                finished += 1
                cut += bool(truncated[i])
                episodes[i] += 1
                steps[i] = 0
                games[i] = make_game(seed + i + episodes[i] * n)
    assert finished > 0, "episodes ended and were replaced"
    if limit is not None:
        assert cut > 0, "episodes were cut at the step limit"


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
    with pytest.raises(ValueError):
        TaquinBatch(2, width=12, height=12)  # 144 cells: more than int8 observations hold
    with pytest.raises(ValueError):
        TaquinBatch(2, width=1, height=3)
    with pytest.raises(ValueError):
        TetrisBatch(2, rules="no such rules")
    with pytest.raises(ValueError):
        FloodItBatch(2, max_steps=0)
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
    assert TaquinBatch(8, seed=3, max_steps=20).rust_loop(50) >= 16  # cut at 20 steps if not solved
    assert TetrisBatch(4, seed=3).rust_loop(200) > 0  # random placements top out


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


@pytest.mark.parametrize("which", ["taquin", "tetris"])
def test_the_new_vector_envs_are_gymnasium_vector_envs(which):
    gym = pytest.importorskip("gymnasium")
    from plateau.vector import TaquinVectorEnv, TetrisVectorEnv

    env = TaquinVectorEnv(3, seed=1, scramble=4, max_steps=10) if which == "taquin" else TetrisVectorEnv(3, seed=1)
    assert isinstance(env, gym.vector.VectorEnv)
    obs, _ = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    seen_trunc = False
    for _ in range(40):
        a = np.array([rng.choice(np.flatnonzero(row)) for row in env.action_masks()])
        obs, r, term, trunc, info = env.step(a)
        assert env.observation_space.contains(obs)
        assert not (term & trunc).any()
        seen_trunc |= bool(trunc.any())
    if which == "taquin":
        assert seen_trunc
