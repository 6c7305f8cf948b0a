"""The issue's speed bars, measured from Python (run from anywhere after `pip install ./python`).

    python python/bench/bench.py play      # one play() call from Python vs the Rust call
    python python/bench/bench.py batch     # batched stepping: Python loop vs the Rust loop
    python python/bench/bench.py japjap    # the notebook's statistics loop vs pure Python

Each prints wall and CPU time (user + sys of this process) beside the figure: the machine
is shared, so compare figures of one run.
"""

import os
import sys
import time

import numpy as np


def clocks():
    t = os.times()
    return time.perf_counter(), t.user + t.system


def bench_play(reps=200_000):
    from plateau import taquin

    b = taquin.Board(4, 4, seed=1)
    opposite = {"U": "D", "D": "U", "L": "R", "R": "L"}
    first = b.legal_moves()[0]
    pair = [first, taquin.Move.parse(opposite[str(first)])]
    # Python: the same two moves through the binding's play(), reps times.
    g = b.copy()
    w0, c0 = clocks()
    for _ in range(reps):
        g.play(pair[0])
        g.play(pair[1])
    w1, c1 = clocks()
    py = (w1 - w0) / (2 * reps)
    py_cpu = (c1 - c0) / (2 * reps)
    rust = b._time_play(pair, reps) / (2 * reps)
    print(f"play(): Python {py * 1e9:.0f} ns a call (CPU {py_cpu * 1e9:.0f} ns), "
          f"Rust {rust * 1e9:.1f} ns a call; overhead {(py - rust) * 1e9:.0f} ns "
          f"({reps * 2} calls of taquin.Board.play, 4x4)")
    return py - rust


def bench_batch(n=1024, seconds=3.0, threads=None):
    from plateau.vector import FloodItBatch, MinesweeperBatch

    for name, make in [("Flood-It 12x12", lambda: FloodItBatch(n, seed=1, threads=threads)),
                       ("Minesweeper beginner", lambda: MinesweeperBatch(n, seed=1, threads=threads))]:
        b = make()
        obs, mask = b.reset()
        rng = np.random.default_rng(0)
        rows = np.arange(n)
        steps = 0
        w0, c0 = clocks()
        while time.perf_counter() - w0 < seconds:
            # A random action, or the first legal one where it is illegal: O(n) numpy work.
            actions = rng.integers(0, mask.shape[1], n)
            bad = ~mask[rows, actions]
            actions[bad] = mask[bad].argmax(1)
            obs, reward, done, mask = b.step(actions)
            steps += n
        w1, c1 = clocks()
        py_rate = steps / (w1 - w0)
        calls = max(1, steps // n)
        w2, c2 = clocks()
        b.rust_loop(calls)
        w3, c3 = clocks()
        rust_rate = calls * n / (w3 - w2)
        print(f"{name}, {n} games a batch: Python loop {py_rate / 1e6:.2f} M steps/s "
              f"(wall {w1 - w0:.2f} s, CPU {c1 - c0:.2f} s), Rust loop {rust_rate / 1e6:.2f} M steps/s "
              f"(wall {w3 - w2:.2f} s, CPU {c3 - c2:.2f} s): ratio {rust_rate / py_rate:.2f}")


def main(argv):
    what = argv[1] if len(argv) > 1 else "all"
    print(f"load: {os.getloadavg()[0]:.1f} (1 min), CPUs {os.cpu_count()}")
    if what in ("play", "all"):
        bench_play()
    if what in ("batch", "all"):
        bench_batch()
    if what in ("japjap", "all"):
        from japjap_reference import bench_japjap

        bench_japjap()


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main(sys.argv)
