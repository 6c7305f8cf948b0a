"""Tetris (``plateau-tetris``) played by placements: one move locks one piece."""

from ._plateau import tetris as _native

Game = _native.Game
Placement = _native.Placement
Heuristic = _native.Heuristic
IllegalMove = _native.IllegalMove
match = _native.match

__all__ = ["Game", "Placement", "Heuristic", "IllegalMove", "match"]
