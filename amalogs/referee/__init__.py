"""The referee: refereed duels between decks of any two core games, move by move.

Laid out by its parts, with imports pointing one way (a test walks them):

- :mod:`~amalogs.referee.engine` — the match and its state, actions, the stack and card effects, the bridge
  rules between games, positions and the invariants; it imports no game, player or session;
- :mod:`~amalogs.referee.games` — the core games, each registering itself with the engine;
- :mod:`~amalogs.referee.players` — random, greedy and human players behind one protocol;
- :mod:`~amalogs.referee.sessions` — running, logging, saving, resuming and replaying matches, known answers.
"""

from amalogs.referee import games as _games  # noqa: F401  (registers the core games with the engine)
from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.engine.match import Match, Outcome, UnsupportedGameError
from amalogs.referee.players import RandomPlayer

__all__ = ["Action", "IllegalActionError", "Match", "Outcome", "RandomPlayer", "UnsupportedGameError"]
