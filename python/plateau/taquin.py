"""The sliding puzzle (``plateau-taquin``): boards, moves ``U D L R``, the solver."""

from ._plateau import taquin as _native

Board = _native.Board
Move = _native.Move
Solver = _native.Solver
IllegalMove = _native.IllegalMove
match = _native.match

__all__ = ["Board", "Move", "Solver", "IllegalMove", "match"]
