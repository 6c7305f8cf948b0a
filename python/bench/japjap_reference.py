"""The Jap Jap notebook's statistics loop, plainly in Python against ``plateau.japjap``,
and against a pure-Python implementation of the same rules (the crate README's, classic
settings: calls at 5 or less, a counter strictly lower, 25 for a countered caller, a
player at 90 ends the game, an exhausted stock ends the round unscored, 1000 turns at most)
written here from the rules as the baseline. Both play uniformly random legal actions.

    python python/bench/bench.py japjap
"""

import os
import random
import time
from itertools import combinations

VALUES = {r: v for v, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], 1)}
DECK = [(v, s) for s in "SHDC" for v in range(1, 14)]


def melds(hand):
    """Every combination in a hand: singles, sets of one value, runs of one suit."""
    out = [(c,) for c in hand]
    for k in (2, 3, 4):
        for combo in combinations(hand, k):
            if len({v for v, _ in combo}) == 1:
                out.append(combo)
    for k in (2, 3, 4, 5):
        for combo in combinations(sorted(hand), k):
            suits = {s for _, s in combo}
            values = sorted(v for v, _ in combo)
            if len(suits) == 1 and values == list(range(values[0], values[0] + k)):
                out.append(combo)
    return out


def value(hand):
    return sum(v for v, _ in hand)


class Reference:
    """One match to 90, pure Python."""

    def __init__(self, players, rng):
        self.n, self.rng = players, rng
        self.scores = [0] * players
        self.starter = rng.randrange(players)
        self.rounds = 0

    def deal(self):
        deck = DECK[:]
        self.rng.shuffle(deck)
        self.hands = [[] for _ in range(self.n)]
        for _ in range(5):
            for p in range(self.n):
                self.hands[p].append(deck.pop())
        self.discard = [deck.pop()]
        self.stock = deck
        self.turn, self.to_move = 0, self.starter

    def actions(self):
        hand = self.hands[self.to_move]
        acts = [("call",)] if value(hand) <= 5 else []
        takes = [None] + list(self.discard)  # None: the stock
        for m in melds(hand):
            for t in takes:
                acts.append(("discard", m, t))
        return acts

    def play_round(self):
        """Plays a round of random actions; True when the game is over."""
        self.deal()
        self.rounds += 1
        while True:
            a = self.rng.choice(self.actions())
            p = self.to_move
            if a[0] == "call":
                self.score_call(p)
                break
            _, meld, take = a
            hand = self.hands[p]
            for c in meld:
                hand.remove(c)
            if take is None:
                hand.append(self.stock.pop())
                if not self.stock:  # the last card drawn: no score
                    break
            else:
                hand.append(take)
            self.discard = list(meld)
            self.turn += 1
            self.to_move = (p + 1) % self.n
            if self.turn >= 1000:
                break
        self.starter = (self.starter + 1) % self.n
        return max(self.scores) >= 90

    def score_call(self, caller):
        vals = [value(h) for h in self.hands]
        order = [(caller + k) % self.n for k in range(1, self.n)]
        lower = [p for p in order if vals[p] < vals[caller]]
        if lower:
            winner = min(lower, key=lambda p: (vals[p], len(self.hands[p]), order.index(p)))
        else:
            winner = caller
        for p in range(self.n):
            if p == winner:
                continue
            self.scores[p] += 25 if (p == caller and winner != caller) else vals[p]

    def play(self):
        while not self.play_round():
            pass
        low = min(self.scores)
        return [p for p in range(self.n) if self.scores[p] == low]


def reference_loop(games, players, seed):
    rng = random.Random(seed)
    rounds, wins = 0, [0] * players
    for _ in range(games):
        m = Reference(players, rng)
        for w in m.play():
            wins[w] += 1
        rounds += m.rounds
    return rounds, wins


def plateau_loop(games, players, seed):
    """The loop move by move, the random choice Python's."""
    rng = random.Random(seed)

    def play(g):
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))

    return _games(games, players, seed, play)


def _games(games, players, seed, play):
    """Rounds and wins over `games` plateau games, each played to its end by `play(g)`."""
    from plateau import japjap

    rounds, wins = 0, [0] * players
    for s in range(games):
        g = japjap.Game(players=players, seed=seed + s)
        play(g)
        for w in g.outcome.winners:
            wins[w] += 1
        rounds += g.round_number
    return rounds, wins


def bot_loop(games, players, seed):
    """The loop move by move, the random player being plateau's RandomBot."""
    from plateau import japjap

    bot = japjap.RandomBot(seed=seed)

    def play(g):
        while not g.is_over:
            g.play(bot.choose(g))

    return _games(games, players, seed, play)


def play_out_loop(games, players, seed):
    """The notebook's loop over games in Python, each game played out by RandomBot in Rust."""
    from plateau import japjap

    return _games(games, players, seed, japjap.RandomBot(seed=seed).play_out)


def match_loop(games, players, seed):
    """The same statistics through plateau.japjap.match: the loop runs in Rust."""
    from plateau import japjap

    report = japjap.match([japjap.RandomBot()], games=games, seed=seed, players=players)
    wins = [0] * players
    for r in report["records"]:
        for w in r["outcome"].winners:
            wins[w] += 1
    return None, wins


def clocks():
    t = os.times()
    return time.perf_counter(), t.user + t.system


def best_of(repeat, loop, games, players, seed):
    """The loop run `repeat` times: its least CPU time a game, its wall time, its rounds."""
    best, wall, rounds = None, 0.0, 0
    for _ in range(repeat):
        w0, c0 = clocks()
        rounds, _ = loop(games, players, seed)
        w1, c1 = clocks()
        per_game = (c1 - c0) / games
        if best is None or per_game < best:
            best, wall = per_game, w1 - w0
    return best, wall, rounds


def bench_japjap(games=200, reference_games=20, players=4, repeat=3):
    """Pure Python first, then each plateau loop; every figure is the least CPU time a game
    of `repeat` runs (the machine is shared: the least is the least disturbed)."""
    slow, wall, r_rounds = best_of(repeat, reference_loop, reference_games, players, 1)
    print(f"Jap Jap, {players} random players to 90, CPU time a game, best of {repeat} runs "
          f"(load {os.getloadavg()[0]:.1f}):")
    print(f"  pure Python (japjap_reference.py): {reference_games} games, {wall:.2f} s wall, "
          f"{slow * 1e3:.1f} ms a game, {r_rounds / reference_games:.1f} rounds a game")
    loops = [
        ("for each game, bot.play_out(g) (plateau.japjap.RandomBot)", play_out_loop),
        ("move by move, g.play(bot.choose(g))", bot_loop),
        ("move by move, g.play(rng.choice(g.legal_moves()))", plateau_loop),
        ("japjap.match([RandomBot()], games=...) (the loop in Rust, two threads)", match_loop),
    ]
    for name, loop in loops:
        fast, wall, rounds = best_of(repeat, loop, games, players, 1)
        rounds_text = f", {rounds / games:.1f} rounds a game" if rounds is not None else ""
        print(f"  {name}: {games} games, {wall:.2f} s wall, {fast * 1e3:.2f} ms a game"
              f"{rounds_text}: {slow / fast:.0f}x")
