"""Flood-It (``plateau-floodit``): flood the board from its corner in few colours."""

from ._plateau import floodit as _native

Game = _native.Game
Color = _native.Color
Solver = _native.Solver
Greedy = _native.Greedy
Lookahead = _native.Lookahead
IllegalMove = _native.IllegalMove
match = _native.match

__all__ = ["Game", "Color", "Solver", "Greedy", "Lookahead", "IllegalMove", "match"]
