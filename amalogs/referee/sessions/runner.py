"""Running matches: one seeded match with its players, many seeded matches, the JSONL log and its replay.

The log is one JSON object per line. The first line is the header::

    {"type": "header", "version": 1, "games": [...], "decks": [...], "seed": N, "players": [...], "turn_cap": N}

Every later line is one event of the match, as the engine emitted it: ``seq`` (0, 1, 2 …), ``turn``,
``type`` and the event's own fields (``seat``, ``card``, ``action`` …). ``replay`` re-runs the match from
the header (same decks, seed and players) and checks that every event is identical.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee.engine.match import Outcome
from amalogs.referee.players import ScriptedPlayer
from amalogs.referee.sessions.saves import Session
from amalogs.referee.sessions.sides import Side, resolve_side

__all__ = ["Side", "MatchResult", "Summary", "header", "resolve_side", "play_match", "result_of", "run_many", "write_log",
           "replay", "session_of_log", "position_of_log", "LOG_VERSION"]

LOG_VERSION = 1


@dataclass
class MatchResult:
    outcome: Outcome
    events: list[dict[str, Any]]
    decisions: int


@dataclass
class Summary:
    """Many matches: wins per seat, draws, lengths and how they ended."""

    matches: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    draws: int = 0
    turns: int = 0
    decisions: int = 0
    reasons: Counter[str] = field(default_factory=Counter)


def play_match(catalog: Catalog, sides: tuple[Side, Side], seed: int, players: tuple[str, str],
               turn_cap: int = 60, log_events: bool = True,
               on_event: Callable[[dict[str, Any]], None] | None = None, check: bool = False) -> MatchResult:
    """Play one seeded match to its end; each player's randomness comes from the seed too. ``check``: the
    referee's invariants after every decision (:mod:`amalogs.referee.engine.invariants`)."""
    session = Session(catalog, sides, seed, players, turn_cap, log_events, check=check)
    session.run(on_event)
    return result_of(session)


def result_of(session: Session) -> MatchResult:
    """A finished session's outcome, events and number of decisions."""
    outcome = session.match.outcome
    assert outcome is not None
    return MatchResult(outcome, session.match.state.events, len(session.actions))


def run_many(catalog: Catalog, sides: tuple[Side, Side], seed: int, players: tuple[str, str], n: int,
             turn_cap: int = 60, progress: Callable[[], None] | None = None, check: bool = False,
             start: Callable[[int], Any] | None = None) -> Summary:
    """N seeded matches (seeds seed … seed+n−1), summarised. ``start(seed)``: the match to play on from (a
    position loaded with that seed) instead of a new match of the sides."""
    summary = Summary()
    for k in range(n):
        if start is None:
            result = play_match(catalog, sides, seed + k, players, turn_cap, log_events=False, check=check)
        else:
            match = start(seed + k)
            match.state.log_events = False
            session = Session(catalog, sides, seed + k, players, turn_cap, False, match, check)
            session.run()
            result = result_of(session)
        summary.matches += 1
        summary.turns += result.outcome.turns
        summary.decisions += result.decisions
        summary.reasons[result.outcome.reason] += 1
        if result.outcome.winner is None:
            summary.draws += 1
        else:
            summary.wins[result.outcome.winner] += 1
        if progress is not None:
            progress()
    return summary


def header(sides: tuple[Side, Side], seed: int, players: tuple[str, str], turn_cap: int) -> dict[str, Any]:
    return {"type": "header", "version": LOG_VERSION, "games": [s.game.id for s in sides],
            "decks": [s.deck_id for s in sides], "seed": seed, "players": list(players), "turn_cap": turn_cap}


def write_log(path: Path, head: dict[str, Any], events: Iterable[dict[str, Any]]) -> None:
    from amalogs.writer import write_atomic

    lines = [json.dumps(head, ensure_ascii=False)] + [json.dumps(e, ensure_ascii=False) for e in events]
    write_atomic(path, "\n".join(lines) + "\n")


def session_of_log(catalog: Catalog, path: Path) -> tuple[Session, list[dict[str, Any]]]:
    """A logged match set up again from its header (a person's decisions read back from the log), not yet
    played, with the logged events."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        records = [json.loads(line) for line in lines if line.strip()]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise AmalogsError(f"{path}: not a readable match log ({exc})") from None
    if not records or not isinstance(records[0], dict) or records[0].get("type") != "header" \
            or records[0].get("version") != LOG_VERSION:
        raise AmalogsError(f"{path}: the first line must be a version-{LOG_VERSION} header")
    head = records[0]
    logged = records[1:]
    try:
        sides = tuple(resolve_side(catalog, f"{g}:{d}") for g, d in zip(head["games"], head["decks"], strict=True))
        players = tuple(head["players"])
        session = Session(catalog, sides, int(head["seed"]), players, int(head["turn_cap"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise AmalogsError(f"{path}: the header is incomplete ({exc})") from None
    for i, agent in enumerate(session.agents):
        if getattr(agent, "interactive", False):  # a person's decisions are read back from the log
            session.agents[i] = ScriptedPlayer([str(e.get("action")) for e in logged
                                                if isinstance(e, dict) and e.get("type") == "action"
                                                and e.get("seat") == i])
    return session, logged


def position_of_log(catalog: Catalog, path: Path, seq: int) -> Session:
    """A logged match played again up to the decision that follows its event ``seq`` (the state after that
    event, advanced to the next decision), checking the events on the way."""
    session, logged = session_of_log(catalog, path)
    if not 0 <= seq < len(logged):
        raise AmalogsError(f"--at {seq}: the log {path} has events 0–{len(logged) - 1}")
    events = session.match.state.events
    while len(events) <= seq and not session.finished:
        session.step()
    for k in range(min(len(events), len(logged), seq + 1)):
        if events[k] != logged[k]:
            raise AmalogsError(f"{path}: event {k} does not replay (the log was edited or written by other rules)")
    return session


def replay(catalog: Catalog, path: Path) -> tuple[int, str | None]:
    """Re-run a logged match; return (events checked, the first difference or None)."""
    session, logged = session_of_log(catalog, path)
    session.run()
    result = result_of(session)
    for i, (old, new) in enumerate(zip(logged, result.events, strict=False)):
        if old != new:
            return i, f"event {i} differs: logged {json.dumps(old, ensure_ascii=False)} but replay gave " \
                      f"{json.dumps(new, ensure_ascii=False)}"
    if len(logged) != len(result.events):
        return min(len(logged), len(result.events)), (
            f"the log has {len(logged)} events but the replay gave {len(result.events)}")
    return len(logged), None

