"""Minesweeper (``plateau-minesweeper``): the bots see the player's ``View``, never the mines."""

from ._plateau import minesweeper as _native

Game = _native.Game
View = _native.View
Move = _native.Move
Solver = _native.Solver
IllegalMove = _native.IllegalMove
match = _native.match

__all__ = ["Game", "View", "Move", "Solver", "IllegalMove", "match"]
