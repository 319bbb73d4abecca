"""Players of the meta-game's own decisions (where to move): one protocol, ``choose(observation, legal, rng)``,
with every random choice from the injected generator. The core games' decisions inside a duel are made by the
referee's players (:mod:`amalogs.referee.players`).

- ``random`` picks uniformly; ``greedy`` goes toward the nearer of the enemy base and the nearest enemy avatar;
- ``matchup`` (:class:`MatchupMetaPlayer`) weighs each square by the duels it would lead to: the win rate of its
  game against each enemy it would meet there, from the shipped balance data (:class:`MatchupTable`), and the
  way to the enemy base;
- ``human`` (:class:`amalogs.meta.human.HumanMetaPlayer`) asks a person at the terminal.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

__all__ = [
    "MATCHUPS_FILE",
    "META_PLAYERS",
    "GreedyMetaPlayer",
    "MatchupMetaPlayer",
    "MatchupTable",
    "MetaPlayer",
    "RandomMetaPlayer",
    "make_meta_player",
    "matchups_from_balance",
]

MATCHUPS_FILE = Path(__file__).with_name("matchups.json")
"""The win rates the ``matchup`` player knows: game against game and deck against deck, written from the
balance report (``reports/balance/balance.json``) by :func:`matchups_from_balance`."""


class MetaPlayer(Protocol):
    def choose(self, observation: dict[str, Any], legal: list[str], rng: random.Random) -> str: ...


class RandomMetaPlayer:
    """Picks uniformly among the legal actions."""

    def choose(self, observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        return legal[rng.randrange(len(legal))]


def _gap(a: Any, b: Any) -> int:
    return max(abs(int(a[0]) - int(b[0])), abs(int(a[1]) - int(b[1])))


def _square(action: str) -> tuple[int, int]:
    _, x, y = action.split()
    return int(x), int(y)


class GreedyMetaPlayer:
    """Moves to the square nearest the enemy: the closer of its base and its nearest avatar (a siege or a duel
    next turn); stays when no square is closer. Ties go to the first square listed."""

    def choose(self, observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if "stay" not in legal:
            return legal[0]
        me = observation["avatars"][observation["acting"]]
        enemy = 1 - me["team"]
        marks = [tuple(observation["bases"][enemy])] + [tuple(a["square"]) for a in observation["avatars"]
                                                        if a["team"] == enemy and a["square"]]

        def gap(square: tuple[int, ...]) -> int:
            return min(_gap(square, m) for m in marks)

        best, best_gap = "stay", gap(tuple(me["square"]))
        for action in legal:
            if action.startswith("move"):
                g = gap(_square(action))
                if g < best_gap:
                    best, best_gap = action, g
        return best


# --- match-ups ---------------------------------------------------------------------------------------------

class MatchupTable:
    """How likely one core game is to beat another: the win rate of deck against deck where the balance data
    has the pairing, else of game against game, else an estimate from the WE difference (``0.5 + we_slope ×
    (WE − WE of the other)``, the balance report's fit, kept within 5 %–95 %)."""

    def __init__(self, games: Mapping[tuple[str, str], float], decks: Mapping[tuple[str, str], float] | None = None,
                 we_slope: float = 0.0) -> None:
        self.games, self.decks, self.we_slope = dict(games), dict(decks or {}), we_slope

    def rate(self, me: Mapping[str, Any], them: Mapping[str, Any]) -> float:
        """The chance that ``me`` wins against ``them`` (two avatars of an observation: ``game``, ``deck``,
        ``we``)."""
        found = self.decks.get((str(me.get("deck")), str(them.get("deck"))))
        if found is None:
            found = self.games.get((str(me.get("game")), str(them.get("game"))))
        if found is None:
            found = 0.5 + self.we_slope * (int(me.get("we", 0)) - int(them.get("we", 0)))
        return min(0.95, max(0.05, found))

    @classmethod
    def from_data(cls, data: Mapping[str, Any], players: str = "greedy") -> MatchupTable:
        """The table of a matchups file's setting (``greedy`` or ``random``: the core games' players the rates
        were measured with)."""
        setting = data["players"][players]

        def pairs(rows: Mapping[str, float]) -> dict[tuple[str, str], float]:
            out: dict[tuple[str, str], float] = {}
            for key, value in rows.items():
                a, _, b = key.partition(" ")
                out[(a, b)] = float(value)
            return out

        return cls(pairs(setting["games"]), pairs(setting["decks"]), float(setting["we_slope"]))

    @classmethod
    def shipped(cls, players: str = "greedy") -> MatchupTable:
        """The shipped table (:data:`MATCHUPS_FILE`)."""
        return _shipped(players)


@lru_cache(maxsize=4)
def _shipped(players: str) -> MatchupTable:
    return MatchupTable.from_data(json.loads(MATCHUPS_FILE.read_text(encoding="utf-8")), players)


def matchups_from_balance(balance: Mapping[str, Any]) -> dict[str, Any]:
    """A matchups file (:data:`MATCHUPS_FILE`) from a balance report's JSON (``amalogs balance``): for the random
    and greedy players, each ordered pairing's win rate (decided matches) of games and of decks, and the WE fit's
    slope."""
    out: dict[str, Any] = {"format": "amalogs-meta-matchups", "version": 1,
                           "source": "reports/balance/balance.json (amalogs balance): the win rate of decided "
                                     "matches, both seatings together",
                           "players": {}}
    for setting in balance["settings"]:
        name = setting["players"]
        if name not in ("random", "greedy"):
            continue
        out["players"][name] = {
            "we_slope": balance["we_fit"][name]["slope"],
            "games": {f"{r['a']} {r['b']}": r["win_rate"] for r in setting["game_rates"] if r["win_rate"] is not None},
            "decks": {f"{r['a']} {r['b']}": r["win_rate"] for r in setting["deck_rates"] if r["win_rate"] is not None},
        }
    return out


class MatchupMetaPlayer:
    """Moves where its duels look best. Each square it may end on (staying included) is scored:

    - for every enemy avatar it would meet from there — within its own レンジ (it hosts a duel against it now) or
      within the enemy's レンジ + 1 (the enemy hosts one against it next turn) — the expected base life the
      meeting is worth: ``p × WE(enemy) − (1 − p) × WE(own)``, ``p`` its game's win rate against the enemy's
      (:class:`MatchupTable`): a defeat costs the loser's team its WE and gives the winner's as much;
    - ``siege`` when the enemy base is within its レンジ from there (each attack on it takes a base life);
    - ``− progress ×`` the squares left to the enemy base.

    The highest score wins; ties go to the first action listed (``stay`` first), so the choice is deterministic
    and the generator is not used."""

    def __init__(self, table: MatchupTable | None = None, siege: float = 1.0, progress: float = 0.25) -> None:
        self.table = table or MatchupTable.shipped()
        self.siege, self.progress = siege, progress

    def score(self, observation: Mapping[str, Any], square: tuple[int, int]) -> float:
        """What ending the move on ``square`` is worth to the acting avatar."""
        me = observation["avatars"][observation["acting"]]
        enemy = 1 - int(me["team"])
        value = 0.0
        for them in observation["avatars"]:
            if them["team"] != enemy or not them["square"]:
                continue
            gap = _gap(square, them["square"])
            if gap <= int(me["range"]) or gap <= int(them["range"]) + 1:
                p = self.table.rate(me, them)
                value += p * int(them["we"]) - (1 - p) * int(me["we"])
        base = observation["bases"][enemy]
        if _gap(square, base) <= int(me["range"]):
            value += self.siege
        return value - self.progress * _gap(square, base)

    def choose(self, observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if "stay" not in legal:
            return legal[0]
        here = observation["avatars"][observation["acting"]]["square"]
        best, best_score = "stay", self.score(observation, (int(here[0]), int(here[1])))
        for action in legal:
            if action.startswith("move"):
                value = self.score(observation, _square(action))
                if value > best_score + 1e-9:
                    best, best_score = action, value
        return best


META_PLAYERS: dict[str, type] = {"random": RandomMetaPlayer, "greedy": GreedyMetaPlayer,
                                 "matchup": MatchupMetaPlayer}
"""The meta players that need nobody at the terminal; ``human`` is :class:`amalogs.meta.human.HumanMetaPlayer`."""


def make_meta_player(name: str) -> MetaPlayer:
    """The meta player a name asks for: ``random``, ``greedy``, ``matchup`` or ``human``."""
    from amalogs.meta.settings import MetaError

    if name == "human":
        from amalogs.meta.human import HumanMetaPlayer

        return HumanMetaPlayer()
    if name not in META_PLAYERS:
        from amalogs.meta.settings import META_PLAYER_NAMES

        raise MetaError(f"unknown meta player {name!r} (available: {', '.join(META_PLAYER_NAMES)})")
    return META_PLAYERS[name]()  # type: ignore[no-any-return]
