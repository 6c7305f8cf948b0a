"""Blokus Duo and Classic (``plateau-blokus``): moves in the Pentobi-style notation, MCTS and greedy bots."""

from ._plateau import blokus as _native

Game = _native.Game
Move = _native.Move
Mcts = _native.Mcts
GreedyBot = _native.GreedyBot
RandomBot = _native.RandomBot
IllegalMove = _native.IllegalMove
match = _native.match

__all__ = ["Game", "Move", "Mcts", "GreedyBot", "RandomBot", "IllegalMove", "match"]
