"""The play contract from Python, checked the same way for all six games.

Each check is the Python side of plateau-grid's `testing` kit: a refused move raises the
game's `IllegalMove` (a `ValueError`) and leaves the state equal, `is_legal` agrees with
`play`, notation round-trips, `play_all` is atomic, copies and pickles continue equal, random
play ends with one score a seat. The seeded starts are compared with the golden values the
Rust tests pin (read from the Rust test sources, so the two cannot drift apart).
"""

import copy
import pickle
import random
import re
from pathlib import Path

import pytest

import plateau
from plateau import blokus, floodit, japjap, taquin, tetris

ROOT = Path(__file__).resolve().parents[2]

# name -> (module, a fresh game from a seed, the most moves a random game may take)
GAMES = {
    "taquin": (taquin, lambda s: taquin.Board(3, 3, seed=s), 60),
    "floodit": (floodit, lambda s: floodit.Game(seed=s), 100),
    "blokus": (blokus, lambda s: blokus.Game("duo"), 200),
    "japjap": (japjap, lambda s: japjap.Game(players=3, seed=s), 100_000),
    "tetris": (tetris, lambda s: tetris.Game("guideline", seed=s), 300),
}

try:
    from plateau import minesweeper

    GAMES["minesweeper"] = (minesweeper, lambda s: minesweeper.Game("beginner", seed=s), 200)
except ImportError:  # the crate is not on the play contract yet
    minesweeper = None


def random_game(start, seed, max_plies):
    """Plays random legal moves; the positions met (with the move played from each)."""
    rng = random.Random(seed)
    g = start.copy()
    seen = []
    while not g.is_over and len(seen) < max_plies:
        moves = g.legal_moves()
        assert moves, "a game that is not over has a legal move"
        m = rng.choice(moves)
        seen.append((g.copy(), m))
        g.play(m)
    return seen, g


@pytest.fixture(params=sorted(GAMES))
def game(request):
    return request.param


def test_refused_moves_raise_the_crates_error_and_change_nothing(game):
    module, new, plies = GAMES[game]
    seen, _ = random_game(new(1), 1, min(plies, 150))
    pool = {m for _, m in seen}
    assert issubclass(module.IllegalMove, ValueError)
    refused = 0
    for g, _ in seen[:40]:
        legal = set(g.legal_moves())
        for m in pool - legal:
            before = g.copy()
            assert not g.is_legal(m)
            with pytest.raises(module.IllegalMove):
                g.play(m)
            with pytest.raises(module.IllegalMove):
                g.check(m)
            assert g == before and g.moves == before.moves
            refused += 1
        for m in legal:
            assert g.is_legal(m)
            g.check(m)
    assert refused > 0, "the pool held moves the positions refuse"


def test_notation_round_trips(game):
    module, new, plies = GAMES[game]
    seen, _ = random_game(new(2), 2, min(plies, 100))
    move_class = type(seen[0][1])
    for g, _ in seen[:30]:
        for m in g.legal_moves():
            text = str(m)
            assert move_class.parse(text) == m
            assert hash(move_class.parse(text)) == hash(m)
            assert pickle.loads(pickle.dumps(m)) == m
    # A move given by its notation plays like the move itself.
    g, m = seen[0]
    a, b = g.copy(), g.copy()
    a.play(m)
    b.play(str(m))
    assert a == b


def test_garbage_notation_is_a_value_error(game):
    module, new, _ = GAMES[game]
    g = new(3)
    before = g.copy()
    for text in ["", "???", "x" * 1000, "\u00e9\u00e9"]:
        with pytest.raises(ValueError):
            g.play(text)
    with pytest.raises(TypeError):
        g.play(12345)
    assert g == before


def test_play_all_is_atomic(game):
    module, new, plies = GAMES[game]
    seen, end = random_game(new(4), 4, min(plies, 60))
    moves = [m for _, m in seen]
    g = new(4)
    g.play_all(moves)
    assert g == end and g.moves == moves
    if len(moves) >= 2:
        # The same line with a refused move at the end: nothing is played.
        bad = moves + [moves[-1]] if not end.is_legal(moves[-1]) else None
        if bad is not None:
            h = new(4)
            with pytest.raises(module.IllegalMove) as err:
                h.play_all(bad)
            assert f"move {len(moves)}" in str(err.value)
            assert h == new(4) and h.moves == []


def test_copies_and_pickles_continue_equal(game):
    module, new, plies = GAMES[game]
    seen, end = random_game(new(5), 5, min(plies, 80))
    for g, m in seen[:: max(1, len(seen) // 8)]:
        for twin in (g.copy(), copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
            assert twin == g
            assert twin.moves == g.moves
            twin.play(m)
            assert twin != g or g.legal_moves() == twin.legal_moves()
            # The original is untouched by the twin's move.
            assert g.is_legal(m)
    assert pickle.loads(pickle.dumps(end)) == end


def test_random_play_ends_with_one_score_a_seat(game):
    module, new, plies = GAMES[game]
    for seed in range(3):
        _, end = random_game(new(seed), seed, plies)
        if game == "taquin":
            continue  # random moves do not solve a taquin: nothing ends it
        assert end.is_over, f"random {game} ends within {plies} moves"
        assert end.to_move is None and end.legal_moves() == []
        o = end.outcome
        assert isinstance(o, plateau.Outcome)
        assert o.seats == end.players == len(o.scores)
        assert abs(sum(o.share(s) for s in range(o.seats)) - (1.0 if o.winners else 0.0)) < 1e-9


def test_to_move_and_seats(game):
    module, new, _ = GAMES[game]
    g = new(6)
    assert g.to_move in range(g.players)
    assert not g.is_over and g.outcome is None
    assert g.status  # the game's own words
    with pytest.raises(IndexError):
        g.view(g.players)


# --- Seeds as in Rust: the golden values the Rust tests pin -------------------------------


def rust_source(crate):
    return (ROOT / "crates" / crate / "tests" / "rules.rs").read_text()


def test_taquin_seed_is_rusts():
    src = rust_source("taquin")
    golden = re.search(r"GOLDEN_4X4_SEED_1: &\[u8\] = &\[([^\]]*)\]", src).group(1)
    assert taquin.Board(4, 4, seed=1).tiles == [int(x) for x in golden.split(",")]


def test_floodit_seed_is_rusts():
    golden = re.search(r'GOLDEN_2026: &str = "(\d+)"', rust_source("floodit")).group(1)
    g = floodit.Game(seed=2026)
    assert "".join(str(c) for c in g.cells().tolist()) == golden


def test_japjap_seed_is_rusts():
    src = rust_source("japjap")
    block = src[src.index("fn golden_deal_of_seed_2026") :]
    hand0 = re.search(r'g\.hand\(p\(0\)\), cards\("([^"]*)"\)', block).group(1)
    hand1 = re.search(r'g\.hand\(p\(1\)\), cards\("([^"]*)"\)', block).group(1)
    g = japjap.Game(players=2, seed=2026)
    assert sorted(g.view(0).hand) == sorted(hand0.split())
    assert sorted(g.view(1).hand) == sorted(hand1.split())


def test_tetris_seed_is_rusts():
    golden = re.search(r'seq\(Randomizer::Bag\), "([A-Z]+)"', rust_source("tetris")).group(1)
    g = tetris.Game("guideline", seed=2026)
    shown = [g.piece] + g.next
    assert len(shown) >= 4
    assert "".join(shown) == golden[: len(shown)]


def test_blokus_random_bot_is_rusts():
    src = rust_source("blokus")
    block = src[src.index("fn golden_random_game_from_seed_2026") :]
    golden = re.search(r'format_moves\(g\.moves\(\)\),\s*"([^"]+)"', block).group(1)
    g = blokus.Game("duo")
    bot = blokus.RandomBot(seed=2026)
    for _ in range(8):
        g.play(bot.choose(g))
    assert " ".join(str(m) for m in g.moves) == golden


# --- Bots, hints, matches ------------------------------------------------------------------

BOTS = {
    "taquin": lambda: [taquin.Solver()],
    "floodit": lambda: [floodit.Greedy(), floodit.Lookahead(depth=2), floodit.Solver(millis=5)],
    "blokus": lambda: [blokus.Mcts(playouts=50, seed=1), blokus.GreedyBot(), blokus.RandomBot(seed=2)],
    "japjap": lambda: [japjap.SearchBot(seed=1, worlds=2), japjap.GreedyBot(), japjap.RandomBot(seed=3)],
    "tetris": lambda: [tetris.Heuristic(beam=2)],
}
if minesweeper is not None:
    BOTS["minesweeper"] = lambda: [minesweeper.Solver(), minesweeper.Solver(max_nodes=10_000)]


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_play_legal_moves_to_the_end(name):
    module, new, plies = GAMES[name]
    bots = BOTS[name]()
    g = new(7)
    for ply in range(min(plies, 400)):
        if g.is_over:
            break
        seat = g.to_move
        bot = bots[seat % len(bots)] if g.players > 1 else bots[ply % len(bots)]
        m = bot.choose(g.view(seat)) if name in ("japjap", "minesweeper") else bot.choose(g)
        assert m is not None and g.is_legal(m)
        g.play(m)
    if name in ("blokus", "japjap", "floodit", "taquin", "minesweeper"):
        assert g.is_over


@pytest.mark.parametrize("name", sorted(BOTS))
def test_play_out_plays_what_choose_would(name):
    """bot.play_out(g) is the loop g.play(bot.choose(view)) run in Rust: the same moves."""
    module, new, plies = GAMES[name]
    limit = min(plies, 120)
    for i in range(len(BOTS[name]())):
        by_hand, fast = new(5), new(5)
        bot = BOTS[name]()[i]
        while not by_hand.is_over and len(by_hand.moves) < limit:
            m = bot.choose(by_hand.view(by_hand.to_move)) if name in ("japjap", "minesweeper") else bot.choose(by_hand)
            if m is None:
                break
            by_hand.play(m)
        played = BOTS[name]()[i].play_out(fast, max_moves=limit)
        assert played == len(fast.moves) == len(by_hand.moves)
        assert fast.moves == by_hand.moves and fast == by_hand


def test_play_out_stops_at_its_limit_and_at_the_end():
    bot = japjap.RandomBot(seed=4)
    g = japjap.Game(players=3, seed=2)
    assert bot.play_out(g, max_moves=0) == 0 and g.moves == []
    assert bot.play_out(g, max_moves=25) == 25 and len(g.moves) == 25
    rest = bot.play_out(g)
    assert g.is_over and g.outcome is not None and len(g.moves) == 25 + rest
    assert bot.play_out(g) == 0
    with pytest.raises(TypeError):
        bot.play_out(blokus.Game("duo"))


@pytest.mark.parametrize("name", sorted(BOTS))
def test_hint_is_legal_and_repeatable(name):
    module, new, _ = GAMES[name]
    g = new(8)
    h = g.hint()
    assert h is not None and g.is_legal(h)
    if name != "floodit":  # Flood-It's hint searches for a time, not a node budget
        assert g.hint() == h


@pytest.mark.parametrize("name", sorted(BOTS))
def test_matches_are_deterministic(name):
    module, _, _ = GAMES[name]
    kwargs = {
        "taquin": {"width": 3, "height": 3},
        "japjap": {"players": 2},
        "tetris": {"max_pieces": 50},
    }.get(name, {})
    bots = [b for b in BOTS[name]() if not isinstance(b, floodit.Solver)]
    games = 4 if name != "japjap" else 2
    a = module.match(bots, games=games, seed=11, threads=2, **kwargs)
    b = module.match(bots, games=games, seed=11, threads=1, **kwargs)
    assert a == b
    assert [r["seed"] for r in a["records"]] == [11 + i for i in range(games)]
    assert len(a["standings"]) == len(bots)
    assert a["text"].startswith("# ")
    assert all(r["outcome"] is not None for r in a["records"])


def test_a_match_needs_a_bot_and_bots_of_its_game():
    with pytest.raises(ValueError):
        blokus.match([], games=2)
    with pytest.raises(TypeError):
        blokus.match([japjap.GreedyBot()], games=2)


def test_seeded_bots_repeat_their_game():
    def line(seed):
        g = blokus.Game("duo")
        bots = [blokus.Mcts(playouts=30, seed=seed), blokus.RandomBot(seed=seed)]
        for _ in range(10):
            g.play(bots[g.to_move].choose(g))
        return [str(m) for m in g.moves]

    assert line(5) == line(5)
    assert line(5) != line(6)


# --- Hidden information --------------------------------------------------------------------


def test_japjap_view_shows_only_the_seats_own_cards():
    g = japjap.Game(players=3, seed=9)
    for seat in range(3):
        v = g.view(seat)
        assert v.player == seat and len(v.hand) == 5
        for other in range(3):
            if other != seat:
                assert v.hand_size(other) == 5
                # Nothing of another hand is known before anyone takes from the discard.
                assert v.known(other) == []
        assert set(v.hand).isdisjoint(set(g.view((seat + 1) % 3).hand))
    v = g.view(g.to_move)
    assert [str(a) for a in v.legal_moves()] == [str(a) for a in g.legal_moves()]
    assert v.hint() is not None and g.is_legal(v.hint())


def test_japjap_rules_are_checked():
    with pytest.raises(ValueError):
        japjap.Rules(players=9)
    with pytest.raises(ValueError):
        japjap.Rules(exhaustion="sometimes")
    r = japjap.Rules(players=3, score_limit=50)
    assert pickle.loads(pickle.dumps(r)) == r
    with pytest.raises(ValueError):
        japjap.Game(players=4, rules=r)
    assert japjap.Game(rules=r).players == 3


# --- Minesweeper's solver sees the view only ---------------------------------------------


@pytest.mark.skipif(minesweeper is None, reason="Minesweeper is not on the play contract")
def test_minesweeper_solver_chooses_from_the_view_alone():
    # Two games with different mines whose views agree (nothing revealed yet): the same
    # choice, whether the solver is handed the game or the view.
    a, b = minesweeper.Game("expert", seed=1), minesweeper.Game("expert", seed=2)
    assert str(a.view(0)) == str(b.view(0))
    assert minesweeper.Solver().choose(a) == minesweeper.Solver().choose(b.view(0))
    g = minesweeper.Game("beginner", seed=3)
    bot = minesweeper.Solver()
    while not g.is_over:
        v = g.view(0)
        assert set(v.cells().tolist()) <= {-1, -2, -3, 0, 1, 2, 3, 4, 5, 6, 7, 8}
        m = bot.choose(v)
        g.play(m)
    text = str(g.view(0))
    again = minesweeper.View(text, g.mines)
    assert str(again) == text


@pytest.mark.skipif(minesweeper is None, reason="Minesweeper is not on the play contract")
def test_minesweeper_seed_is_rusts():
    # The Rust test pins the mines seed 2026 lays on the beginner board after a first
    # reveal at (4, 4): every number the Python game shows agrees with that layout, and the
    # opening is the one the layout floods.
    src = rust_source("minesweeper")
    block = src[src.index("fn golden_layouts_from_seed_2026") :]
    rows = re.search(r'"([.*\\n]+)"', block).group(1).split("\\n")
    mines = {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "*"}
    w, h = len(rows[0]), len(rows)

    def around(x, y):
        return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h]

    def number(x, y):
        return sum((p in mines) for p in around(x, y))

    g = minesweeper.Game("beginner", seed=2026)
    g.play_action(4 * w + 4)  # reveal (4, 4): the action index of a reveal is y * w + x
    cells = g.cells().reshape(h, w)
    # The flood from (4, 4) through zeros, computed from the Rust layout.
    opened, todo = set(), [(4, 4)]
    while todo:
        p = todo.pop()
        if p in opened:
            continue
        opened.add(p)
        if number(*p) == 0:
            todo.extend(around(*p))
    for y in range(h):
        for x in range(w):
            if (x, y) in opened:
                assert cells[y, x] == number(x, y)
            else:
                assert cells[y, x] == -1


@pytest.mark.skipif(minesweeper is None, reason="Minesweeper is not on the play contract")
def test_minesweeper_probabilities_and_solve():
    import math

    # The crate's own example: a 1 in the corner of a 3x3 board with 2 mines; 15 layouts.
    p = minesweeper.View("1xx\nxxx\nxxx", 2).probabilities().reshape(3, 3)
    assert math.isnan(p[0, 0])
    assert abs(p[0, 1] - 1 / 3) < 1e-12 and abs(p[2, 2] - 1 / 5) < 1e-12
    with pytest.raises(ValueError):
        minesweeper.View("1x\nxx", 0).probabilities()  # a 1 with no mine: contradictory
    # A no-guess board is won by its deductions alone.
    g = minesweeper.Game("expert", seed=11, first_click="no-guess")
    g.play_all(g.solve())
    assert g.outcome is not None and g.outcome.winners == [0]


def test_blokus_mcts_takes_its_parameters():
    g = blokus.Game("duo")
    for bot in [
        blokus.Mcts(playouts=40, seed=1, exploration=0.5),
        blokus.Mcts(playouts=40, seed=1, local_playouts=False),
        blokus.Mcts(playouts=10_000, seed=1, time_limit_ms=20),
        blokus.Mcts(playouts=40, seed=1, rave=False, score_weight=0.0),
        blokus.Mcts(playouts=40, seed=1, move_knowledge=False, local_answers=False),
        blokus.Mcts(playouts=40, seed=1, last_good_replies=False),
        blokus.Mcts(playouts=40, seed=1, prior_selection=False, learned_knowledge=False),
        blokus.Mcts(playouts=40, seed=1, learned_knowledge=False),
        blokus.Mcts(playouts=40, seed=1, threads=2),
    ]:
        m = bot.choose(g)
        assert m is not None and g.is_legal(m)
    # The classic search (no RAVE, results only) plays another game than the default.
    def line(**options):
        game = blokus.Game("duo")
        blokus.Mcts(playouts=200, seed=3, **options).play_out(game, max_moves=8)
        return [str(m) for m in game.moves]

    assert line(rave=False, score_weight=0.0) == line(rave=False, score_weight=0.0)
    assert line(rave=False, score_weight=0.0) != line()
    # So does the search of 2026-12-04 (UCT over the hand-set knowledge).
    assert line(prior_selection=False, learned_knowledge=False) != line()
    assert (
        repr(blokus.Mcts(playouts=50, prior_selection=False, learned_knowledge=True))
        == "Mcts(playouts=50, prior_selection=False, learned_knowledge=True)"
    )
    assert repr(blokus.Mcts(playouts=50, rave=False)) == "Mcts(playouts=50, rave=False)"
    assert (
        repr(blokus.Mcts(playouts=50, local_answers=False))
        == "Mcts(playouts=50, local_answers=False)"
    )
    assert (
        repr(blokus.Mcts(playouts=50, last_good_replies=True))
        == "Mcts(playouts=50, last_good_replies=True)"
    )
    with pytest.raises(ValueError):
        blokus.Mcts(score_weight=1.5)
    # Two threads grow one tree: legal moves, not repeatable under the seed.
    game = blokus.Game("duo")
    blokus.Mcts(playouts=300, seed=3, threads=2).play_out(game, max_moves=6)
    assert len(game.moves) == 6
    assert repr(blokus.Mcts(playouts=50, threads=2)) == "Mcts(playouts=50, threads=2)"
    for bad in (0, 65):
        with pytest.raises(ValueError):
            blokus.Mcts(threads=bad)


def test_tetris_heuristic_takes_its_weights():
    default = tetris.Heuristic()
    assert default.weights["holes"] == -7.899 and default.beam == 4
    assert tetris.Heuristic(weights="el-tetris").weights == default.weights
    della = tetris.Heuristic(beam=2, weights="dellacherie")
    assert della.weights["eroded_cells"] == 1.0 and della.weights["lines"] == 0.0
    # A dict round-trips through the getter, and other weights play another game.
    assert tetris.Heuristic(weights=della.weights).weights == della.weights

    def pieces(bot):
        g = tetris.Game("guideline", seed=3)
        bot.play_out(g, max_moves=60)
        return [str(m) for m in g.moves]

    assert pieces(tetris.Heuristic(beam=1, weights=della.weights)) == pieces(tetris.Heuristic(beam=1, weights="dellacherie"))
    assert pieces(tetris.Heuristic(beam=1)) != pieces(tetris.Heuristic(beam=1, weights="dellacherie"))
    tilted = dict(default.weights, holes=5.0)  # a bot that likes holes plays differently again
    assert pieces(tetris.Heuristic(beam=1, weights=tilted)) != pieces(tetris.Heuristic(beam=1))
    for bad in ["swarm", {"holes": -1.0}, dict(default.weights, slope=1.0), dict(default.weights, holes=float("nan"))]:
        with pytest.raises(ValueError):
            tetris.Heuristic(weights=bad)
    with pytest.raises(TypeError):
        tetris.Heuristic(weights=[1, 2, 3])
    # Pickled, it comes back with its weights.
    assert pickle.loads(pickle.dumps(tetris.Heuristic(weights=tilted))).weights == tilted
