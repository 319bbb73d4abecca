"""The referee: refereed duels between decks, move by move (ビルディバイド so far; more games to come)."""

from amalogs.referee.actions import Action, IllegalActionError
from amalogs.referee.match import Match, Outcome, UnsupportedGameError
from amalogs.referee.players import RandomPlayer

__all__ = ["Action", "IllegalActionError", "Match", "Outcome", "RandomPlayer", "UnsupportedGameError"]
