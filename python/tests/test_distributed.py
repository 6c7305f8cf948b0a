"""plateau.distributed: shards on a local Ray of 2 CPUs equal the one-process match."""

import pickle
import sys

import pytest

from plateau import blokus, distributed, floodit, japjap, taquin


def test_shards_are_whole_rotations_covering_the_range():
    for games in (1, 2, 7, 10, 101):
        for shards in (1, 2, 3, 8):
            for k in (1, 2, 3):
                rs = distributed.shard_ranges(games, shards, k)
                assert [i for r in rs for i in r] == list(range(games))
                assert all(r.start % k == 0 for r in rs)
                assert len(rs) <= shards
    with pytest.raises(ValueError):
        distributed.shard_ranges(0, 2, 1)


def test_bots_pickle_to_the_bot_they_were():
    for bot, game in [
        (blokus.Mcts(playouts=20, seed=3), blokus.Game("duo")),
        (japjap.SearchBot(seed=2, worlds=2), japjap.Game(players=2, seed=1)),
        (floodit.Lookahead(depth=2), floodit.Game(seed=1)),
        (taquin.Solver(max_nodes=1000), taquin.Board(3, 3, seed=1)),
    ]:
        twin = pickle.loads(pickle.dumps(bot))
        assert type(twin) is type(bot) and repr(twin) == repr(bot)
        # The twin is the bot as it was built: the same parameters and seed, the same move.
        m = twin.choose(game)
        assert m is not None and m == bot.choose(game)


def test_without_ray_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ImportError, match=r"pip install"):
        distributed.run_matches("blokus", [blokus.GreedyBot()], games=2)


def test_outcomes_pickle():
    from plateau import Outcome

    o = blokus.match([blokus.GreedyBot()], games=1)["records"][0]["outcome"]
    assert pickle.loads(pickle.dumps(o)) == o
    assert Outcome([3, 1], [0]).winner == 0
    with pytest.raises(IndexError):
        Outcome([3, 1], [2])


def test_an_unknown_game_is_refused():
    with pytest.raises(ValueError):
        distributed._module("chess")


def test_shards_merged_without_ray_print_what_the_whole_match_prints():
    """The merge run_matches does after its Ray tasks, done here on shards played in process."""
    from plateau._plateau import printout, standings

    bots = [floodit.Greedy(), floodit.Lookahead(depth=2)]
    one = floodit.match(bots, games=8, seed=3, threads=1)
    parts = [distributed._play_shard("floodit", bots, r.start, len(r), 3, {"threads": 1})
             for r in distributed.shard_ranges(8, 3, len(bots))]
    records = [r for p in parts for r in p["records"]]
    labels = [s["label"] for s in one["standings"]]
    assert records == one["records"]
    assert standings(records, labels) == one["standings"]
    assert printout(one["title"], one["unit"], 3, labels, records, one["per_game_lines"]) == one["text"]
    assert one["text"].count("\n") == 1 + 8 + 2  # header, a line a game, a line a bot
    with pytest.raises(ValueError):
        printout("t", "games", 0, labels[:1], records, True)  # a record seats entrant 1


ray = pytest.importorskip("ray", reason="Ray is not installed (pip install ./python[ray])")


@pytest.fixture(scope="module")
def local_ray():
    try:
        ray.init(num_cpus=2, _node_ip_address="127.0.0.1", include_dashboard=False, log_to_driver=False)
    except Exception as e:  # the machine cannot run a local Ray (no shared memory...)
        pytest.skip(f"a local Ray cannot start here: {e}")
    yield
    ray.shutdown()


def same(merged, one):
    assert merged["records"] == one["records"]
    assert merged["standings"] == one["standings"]
    assert merged["text"] == one["text"]
    assert merged == one


def test_blokus_on_two_workers_equals_one_process(local_ray):
    bots = [blokus.Mcts(playouts=30, seed=1), blokus.GreedyBot(), blokus.RandomBot(seed=2)]
    one = blokus.match(bots, games=9, seed=100, threads=1)
    merged = distributed.run_matches("blokus", bots, games=9, seed=100, shards=2)
    same(merged, one)
    assert [r["index"] for r in merged["records"]] == list(range(9))


def test_japjap_stats_on_two_workers_equal_one_process(local_ray):
    one = japjap.match([japjap.RandomBot()], games=6, seed=5, players=4)
    merged = distributed.run_stats(japjap, japjap.RandomBot(), games=6, seed=5, players=4, shards=2)
    same(merged, one)


def test_puzzle_stats_on_two_workers_equal_one_process(local_ray):
    bots = [floodit.Greedy(), floodit.Lookahead(depth=2)]
    one = floodit.match(bots, games=8, seed=3)
    same(distributed.run_matches("floodit", bots, games=8, seed=3), one)
