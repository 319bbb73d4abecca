"""The referee: refereed duels between decks of any two core games, move by move.

Laid out by its parts, with imports pointing one way (a test walks them):

- :mod:`~amalogs.referee.engine` — the match and its state, actions, the stack and card effects, the bridge
  rules between games, positions and the invariants; it imports no game, player or session;
- :mod:`~amalogs.referee.games` — the core games, each registering itself with the engine;
- :mod:`~amalogs.referee.players` — random, greedy and human players behind one protocol;
- :mod:`~amalogs.referee.sessions` — running, logging, saving, resuming and replaying matches, known answers,
  batches and tournaments.

From Python, a batch's or a tournament's rows are records a ``pandas.DataFrame`` takes as they are::

    from amalogs.catalog import load_catalog
    from amalogs.referee import batch_rows, entries, resolve_side, run_tournament

    catalog = load_catalog()
    rows = batch_rows(catalog, (resolve_side(catalog, "BD"), resolve_side(catalog, "GH")), n=100)
    rows = run_tournament(catalog, entries(catalog, ["BD", "GH"]), n=20)
"""

from amalogs.referee import games as _games  # noqa: F401  (registers the core games with the engine)
from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.engine.match import Match, Outcome, UnsupportedGameError
from amalogs.referee.players import RandomPlayer
from amalogs.referee.sessions.runner import play_match, run_batch
from amalogs.referee.sessions.sides import Side, resolve_side
from amalogs.referee.sessions.tournament import ROW_FIELDS, batch_rows, entries, read_rows, run_tournament

__all__ = ["Action", "IllegalActionError", "Match", "Outcome", "RandomPlayer", "UnsupportedGameError", "Side",
           "resolve_side", "play_match", "run_batch", "batch_rows", "entries", "run_tournament", "read_rows",
           "ROW_FIELDS"]
