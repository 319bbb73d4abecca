"""Running matches: one seeded match with its players, many seeded matches, the JSONL log and its replay.

The log is one JSON object per line. The first line is the header::

    {"type": "header", "version": 2, "games": [...], "decks": [...], "seed": N, "players": [...], "turn_cap": N}

(and ``"deal"`` for a match of the server: how its seed was chosen, the commitment published for it and the
salt). Every later line is one event of the match, as the engine emitted it: ``seq`` (0, 1, 2 …), ``turn``,
``type`` and the event's own fields (``seat``, ``card``, ``action`` …). The last line is the seal::

    {"type": "seal", "header": {"games": "…", "players": "…", …}}

a digest of each header field (:mod:`amalogs.referee.sessions.seal`), so a header edited afterwards — a seat
said to be ``human`` where an AI played, a forged turn cap — is refused naming the field. ``replay`` re-runs the
match from the header (same decks, seed and players) and checks that every event is identical, and a deal's
commitment against the revealed seed. A log of version 1 (before the seal) is still replayed; its header is
checked only by playing the match again.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee.engine.match import Outcome
from amalogs.referee.players import ScriptedPlayer
from amalogs.referee.sessions.saves import Name, Session, TurnCap
from amalogs.referee.sessions.seal import Deal, Seed, deal_check, seal_of, unsealed_field
from amalogs.referee.sessions.sides import Side, resolve_side

__all__ = ["Side", "MatchResult", "Summary", "header", "resolve_side", "play_match", "result_of", "run_many", "write_log",
           "replay", "replay_checked", "read_log", "log_lines", "session_header", "session_of_log", "position_of_log",
           "LOG_VERSION", "run_batch", "cores", "deal_note", "LoggedMatch"]

LOG_VERSION = 2
LOG_READS = (1, 2)  # version 1: written before the seal (still replayed)
SEAL = "seal"  # the type of a log's last line
LOG_LIMIT = 256 * 1024 * 1024  # bytes: a log longer than this is refused before it is read


class LogHeader(BaseModel):
    """The first line of a match log (validated, so a damaged header gets a message naming the field)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    type: Literal["header"]
    version: int
    games: tuple[Name, Name]
    decks: tuple[Name, Name]
    seed: Seed
    players: tuple[Name, Name]
    turn_cap: TurnCap
    rulings: bool = False  # native effects ruled by hand (engine.rulings); written only when true
    deal: Deal | None = None  # a match of the server: how its seed was chosen, its commitment and salt


class LogSeal(BaseModel):
    """The last line of a log of version 2: a digest of each header field (the events are checked by playing the
    match again)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    type: Literal["seal"]
    header: dict[str, str]


@dataclass(frozen=True)
class LoggedMatch:
    """A match log as read: the session set up from its header (not yet played), the logged events, and what its
    header vouches for (``sealed``: the header matched its seal; ``deal``: the commitment held)."""

    session: Session
    events: list[dict[str, Any]]
    sealed: bool
    deal: Deal | None


@dataclass
class MatchResult:
    outcome: Outcome
    events: list[dict[str, Any]]
    decisions: int
    first: int = 0  # the seat that took the first turn


@dataclass
class Summary:
    """Many matches: wins per seat, draws, lengths and how they ended."""

    matches: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    draws: int = 0
    turns: int = 0
    decisions: int = 0
    reasons: Counter[str] = field(default_factory=Counter)

    def merge(self, other: Summary) -> None:
        """Add another batch's counts (the later seeds): the same as having counted its matches here."""
        self.matches += other.matches
        self.draws += other.draws
        self.turns += other.turns
        self.decisions += other.decisions
        for seat, wins in other.wins.items():
            self.wins[seat] += wins
        for reason, count in other.reasons.items():
            self.reasons[reason] += count

    def add(self, result: MatchResult) -> None:
        """Count one finished match."""
        self.matches += 1
        self.turns += result.outcome.turns
        self.decisions += result.decisions
        self.reasons[result.outcome.reason] += 1
        if result.outcome.winner is None:
            self.draws += 1
        else:
            self.wins[result.outcome.winner] += 1


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
    return MatchResult(outcome, session.match.state.events, len(session.taken), session.match.state.first)


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
        summary.add(result)
        if progress is not None:
            progress()
    return summary


_BATCH: dict[str, Any] = {}  # the batch a forked worker plays its seeds of (set before the workers start)


def _play_seeds(first: int, count: int) -> Summary:
    """A worker's part of a batch: ``count`` seeds from ``first`` (the batch's arguments come with the fork)."""
    b = _BATCH
    return run_many(b["catalog"], b["sides"], first, b["players"], count, b["turn_cap"], check=b["check"],
                    start=b["start"])


def cores() -> int:
    """The cores this process may use (the default number of jobs)."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


T = TypeVar("T")


def forked_parts(play: Callable[[int, int], T], seed: int, n: int, jobs: int, size: int,
                 progress: Callable[[int], None] | None = None) -> list[T]:
    """``play(first, count)`` over the seeds ``seed`` … ``seed + n − 1`` cut into contiguous parts of ``size``,
    each in a forked worker of ``jobs`` (which shares what the parent loaded: set it up before calling), the
    results in seed order; ``progress(k)``: k more seeds are done."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    parts = [(seed + k, min(size, n - k)) for k in range(0, n, size)]
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        futures = [pool.submit(play, first, count) for first, count in parts]
        if progress is not None:
            sizes = {f: count for f, (_, count) in zip(futures, parts, strict=True)}
            for done in as_completed(futures):
                progress(sizes[done])
        return [f.result() for f in futures]


def run_batch(catalog: Catalog, sides: tuple[Side, Side], seed: int, players: tuple[str, str], n: int,
              turn_cap: int = 60, progress: Callable[[int], None] | None = None, check: bool = False,
              start: Callable[[int], Any] | None = None, jobs: int = 1) -> Summary:
    """``run_many`` over ``jobs`` processes: the seeds are cut into contiguous parts, each played in a forked
    worker (which shares the loaded data), and the parts are summed in seed order, so the summary is the one
    ``jobs=1`` gives. ``progress(k)``: k more matches are done. Where processes cannot be forked, one job."""
    import multiprocessing

    jobs = max(1, min(jobs, n))
    if jobs == 1 or "fork" not in multiprocessing.get_all_start_methods():
        return run_many(catalog, sides, seed, players, n, turn_cap, (lambda: progress(1)) if progress else None,
                        check, start)
    size = max(1, min(250, -(-n // (jobs * 32))))  # parts small enough that the last ones end together, large enough to be cheap
    _BATCH.update(catalog=catalog, sides=sides, players=players, turn_cap=turn_cap, check=check, start=start)
    try:
        summaries = forked_parts(_play_seeds, seed, n, jobs, size, progress)
    finally:
        _BATCH.clear()
    total = Summary()
    for part in summaries:
        total.merge(part)
    return total


def header(sides: tuple[Side, Side], seed: int, players: tuple[str, str], turn_cap: int,
           rulings: bool = False, deal: Deal | None = None) -> dict[str, Any]:
    return {"type": "header", "version": LOG_VERSION, "games": [s.game.id for s in sides],
            "decks": [s.deck_id for s in sides], "seed": seed, "players": list(players), "turn_cap": turn_cap,
            **({"rulings": True} if rulings else {}), **({"deal": deal.model_dump(mode="json")} if deal else {})}


def session_header(session: Session) -> dict[str, Any]:
    """The log header of a session's match."""
    return header(session.sides, session.seed, session.players, session.turn_cap, session.rulings, session.deal)


def _sealed_fields(head: LogHeader) -> dict[str, Any]:
    return head.model_dump(mode="json")


def log_lines(head: dict[str, Any], events: Iterable[dict[str, Any]]) -> str:
    """The text of a match log: the header, one line per event, and the seal."""
    parsed = LogHeader.model_validate_json(json.dumps(head))
    seal = {"type": SEAL, "header": seal_of(_sealed_fields(parsed))}
    lines = [json.dumps(head, ensure_ascii=False)] + [json.dumps(e, ensure_ascii=False) for e in events]
    return "\n".join([*lines, json.dumps(seal, ensure_ascii=False)]) + "\n"


def write_log(path: Path, head: dict[str, Any], events: Iterable[dict[str, Any]]) -> None:
    from amalogs.writer import write_atomic

    write_atomic(path, log_lines(head, events))


def read_log(catalog: Catalog, path: Path) -> LoggedMatch:
    """A logged match set up again from its header (a person's decisions read back from the log), not yet
    played, with the logged events; the header checked against the seal, and a deal's commitment checked."""
    from amalogs.errors import cut
    from amalogs.inputs import read_text

    lines = read_text(path, "match log", LOG_LIMIT, lambda problem: AmalogsError(f"{path}: {problem}")).splitlines()
    try:
        records = [json.loads(line) for line in lines if line.strip()]
    except (ValueError, RecursionError) as exc:
        raise AmalogsError(f"{path}: not a readable match log ({cut(exc)})") from None
    first = records[0] if records else None
    if not isinstance(first, dict) or first.get("type") != "header":
        raise AmalogsError(f"{path}: not a match log: its first line must be the header (type \"header\")")
    version = first.get("version")
    if version not in LOG_READS or isinstance(version, bool):
        raise AmalogsError(f"{path}: log format version {cut(version)} is not supported: this amalogs "
                           f"reads version {LOG_VERSION} (and version 1)")
    try:
        head = LogHeader.model_validate_json(json.dumps(first))  # (JSON mode: arrays are tuples)
    except RecursionError:
        raise AmalogsError(f"{path}: header: nested too deeply") from None
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"]) or "(top level)"
        raise AmalogsError(f"{path}: header.{where}: {error['msg']}") from None
    logged = records[1:]
    if not all(isinstance(e, dict) for e in logged):
        bad = next(k for k, e in enumerate(logged) if not isinstance(e, dict))
        raise AmalogsError(f"{path}: line {bad + 2}: an event is a JSON object")
    sealed = False
    if version >= 2:
        if not logged or logged[-1].get("type") != SEAL:
            raise AmalogsError(f"{path}: the last line must be the log's seal (type \"seal\"): the log was cut short "
                               "or edited")
        try:
            seal = LogSeal.model_validate_json(json.dumps(logged.pop()))
        except ValidationError as exc:
            error = exc.errors()[0]
            raise AmalogsError(f"{path}: seal.{'.'.join(str(p) for p in error['loc'])}: {error['msg']}") from None
        edited = unsealed_field(_sealed_fields(head), seal.header)
        if edited is not None:
            raise AmalogsError(f"{path}: header.{edited}: edited since the log was written (it does not match the "
                               "log's seal)")
        sealed = True
    elif head.deal is not None:
        raise AmalogsError(f"{path}: header.deal: a version 1 log has no deal: the version was edited")
    if any(e.get("type") == SEAL for e in logged):
        raise AmalogsError(f"{path}: a seal line in the middle of the log: logs were joined or edited")
    if head.deal is not None:
        broken = deal_check(head.seed, head.deal)
        if broken is not None:
            raise AmalogsError(f"{path}: header.deal: {broken}")
    try:
        sides = tuple(resolve_side(catalog, f"{g}:{d}") for g, d in zip(head.games, head.decks, strict=True))
        session = Session(catalog, sides, head.seed, head.players, head.turn_cap, rulings=head.rulings,
                          deal=head.deal)
    except AmalogsError as exc:
        raise AmalogsError(f"{path}: header: {exc}") from None
    for i, agent in enumerate(session.agents):
        if getattr(agent, "interactive", False):  # a person's decisions are read back from the log
            session.agents[i] = ScriptedPlayer([str(e.get("action")) for e in logged
                                                if isinstance(e, dict) and e.get("type") == "action"
                                                and e.get("seat") == i])
    return LoggedMatch(session, logged, sealed, head.deal)


def session_of_log(catalog: Catalog, path: Path) -> tuple[Session, list[dict[str, Any]]]:
    """A logged match set up again from its header, not yet played, with the logged events (:func:`read_log`)."""
    found = read_log(catalog, path)
    return found.session, found.events


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
    checked, difference, _ = replay_checked(catalog, path)
    return checked, difference


def replay_checked(catalog: Catalog, path: Path) -> tuple[int, str | None, list[str]]:
    """Re-run a logged match: (events checked, the first difference or None, what else the log vouches for:
    its seal, and a deal's commitment)."""
    found = read_log(catalog, path)
    session, logged = found.session, found.events
    session.run()
    result = result_of(session)
    notes = [deal_note(found.deal)] if found.deal is not None else []
    if not found.sealed:
        notes.append("a log of version 1 (written before logs were sealed): its header was checked only by "
                     "playing the match again")
    for i, (old, new) in enumerate(zip(logged, result.events, strict=False)):
        if old != new:
            return i, f"event {i} differs: logged {json.dumps(old, ensure_ascii=False)} but replay gave " \
                      f"{json.dumps(new, ensure_ascii=False)}", notes
    if len(logged) != len(result.events):
        return min(len(logged), len(result.events)), (
            f"the log has {len(logged)} events but the replay gave {len(result.events)}"), notes
    return len(logged), None, notes


def deal_note(deal: Deal) -> str:
    """What a log or save says of its deal, once its commitment was checked."""
    if deal.chosen_by == "creator":
        return (f"the deal's commitment holds (sha256 {deal.commitment[:16]}…), but the seed was given by the "
                "match's creator, who knew the deal")
    return (f"the deal's commitment holds: sha256 {deal.commitment[:16]}…, published when the match was created, is "
            "that of this seed and salt (drawn by the server from a secure random source)")
