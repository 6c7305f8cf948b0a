"""Jap Jap (``plateau-japjap``): the card game, each seat seeing only its ``View``."""

from ._plateau import japjap as _native

Game = _native.Game
Rules = _native.Rules
View = _native.View
Action = _native.Action
SearchBot = _native.SearchBot
GreedyBot = _native.GreedyBot
RandomBot = _native.RandomBot
IllegalMove = _native.IllegalMove
match = _native.match

__all__ = ["Game", "Rules", "View", "Action", "SearchBot", "GreedyBot", "RandomBot", "IllegalMove", "match"]
