"""Matches fanned out on Ray: the seed range split into shards run as Ray tasks, the
results merged into what the one-process ``plateau.<game>.match(...)`` returns.

``run_matches(game, bots, games, seed)`` plays ``games`` seeded games of ``game`` (a module
name, ``"blokus"``, or the module) between ``bots``: game ``i`` starts from seed ``seed + i``
and seats entrant ``(s + i) % len(bots)`` in seat ``s``, each bot seeded from the game's seed
and its seat, exactly as the Rust match runner does. Each shard is a whole number of seat
rotations (its first game's index a multiple of ``len(bots)``), so a shard plays its games
as the one-process match plays them, and the merged result (records, standings, and
``text``, the Rust runner's printout written again for the whole match) is equal to it bit
for bit. ``run_stats`` is the same
over one bot a seat of its own (puzzles: solve rates and scores; Jap Jap's notebook
statistics).

Ray is an optional extra: ``pip install "./python[ray]"``. ``address=None`` starts a local
Ray (or uses the one already initialised); on a cluster, start the head with ``ray start
--head`` (it prints the address, ``<head-ip>:6379``), join workers with ``ray start
--address=<head-ip>:6379``, and pass ``address="<head-ip>:6379"`` (or ``"auto"`` on a node
of the cluster). Every node needs this package installed.
"""

import importlib
from types import ModuleType
from typing import Any, Dict, List, Optional, Sequence, Union

from ._plateau import printout as _printout
from ._plateau import standings as _standings

GAMES = ("taquin", "floodit", "minesweeper", "tetris", "blokus", "japjap")


def _ray():
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on what is installed
        raise ImportError(
            "plateau.distributed needs Ray: pip install \"./python[ray]\" (or pip install ray)"
        ) from e
    return ray


def _module(game: Union[str, ModuleType]) -> ModuleType:
    if isinstance(game, ModuleType):
        return game
    name = str(game).lower().replace("-", "")
    if name not in GAMES:
        raise ValueError(f"{game!r} is not a game: one of {', '.join(GAMES)}")
    return importlib.import_module(f"plateau.{name}")


def shard_ranges(games: int, shards: int, rotation: int) -> List[range]:
    """``range(games)`` cut into at most ``shards`` consecutive pieces, each starting at a
    multiple of ``rotation`` (so the seats rotate in each as in the whole)."""
    if games <= 0:
        raise ValueError("a match needs at least one game")
    blocks = -(-games // rotation)  # whole rotations, the last one maybe short
    shards = max(1, min(shards, blocks))
    per, extra = divmod(blocks, shards)
    out, start = [], 0
    for k in range(shards):
        n = (per + (k < extra)) * rotation
        out.append(range(start, min(start + n, games)))
        start += n
    return [r for r in out if len(r)]


def _play_shard(game_name: str, bots: list, start: int, count: int, seed: int, options: dict):
    """One shard: the games ``start .. start + count`` of the match (a Ray task)."""
    mod = importlib.import_module(f"plateau.{game_name}")
    report = mod.match(bots, games=count, seed=seed + start, **options)
    for r in report["records"]:
        r["index"] += start
    return report


def run_matches(
    game: Union[str, ModuleType],
    bots: Sequence[Any],
    games: int,
    seed: int = 0,
    address: Optional[str] = None,
    shards: Optional[int] = None,
    **options,
) -> Dict[str, Any]:
    """Plays the match on Ray; the merged report (equal to
    ``plateau.<game>.match(bots, games, seed, **options)``'s). ``shards`` defaults to the
    cluster's CPUs; ``options`` go to the game's ``match`` (``variant=``, ``players=``,
    ``threads=``...; each shard's match uses one thread unless told otherwise)."""
    ray = _ray()
    mod = _module(game)
    bots = list(bots)
    if not bots:
        raise ValueError("a match needs at least one bot")
    if not ray.is_initialized():
        if address is None:  # a local Ray, on the loopback interface
            ray.init(_node_ip_address="127.0.0.1", include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    if shards is None:
        shards = max(1, int(ray.cluster_resources().get("CPU", 1)))
    options = {"threads": 1, **options}
    name = mod.__name__.rsplit(".", 1)[-1]
    task = ray.remote(_play_shard)
    ranges = shard_ranges(games, shards, len(bots))
    parts = ray.get([task.remote(name, bots, r.start, len(r), seed, options) for r in ranges])
    records = [r for p in parts for r in p["records"]]
    labels = [s["label"] for s in parts[0]["standings"]]
    first = parts[0]
    how = {k: first[k] for k in ("title", "unit", "per_game_lines")}
    text = _printout(how["title"], how["unit"], seed, labels, records, how["per_game_lines"])
    return {"records": records, "standings": _standings(records, labels), "text": text, **how}


def run_stats(
    game: Union[str, ModuleType],
    bot: Any,
    games: int,
    seed: int = 0,
    address: Optional[str] = None,
    shards: Optional[int] = None,
    **options,
) -> Dict[str, Any]:
    """Statistics of one bot in every seat (``run_matches`` with ``[bot]``): solve or win
    rates, score sums, plies; for Jap Jap, ``players=`` seats of the same bot, as the
    notebook's simulations play."""
    return run_matches(game, [bot], games, seed, address=address, shards=shards, **options)
