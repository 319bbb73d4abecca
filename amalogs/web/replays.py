"""Replays at the table: a match log or a save opened in the browser and stepped forwards and backwards.

A replay is read once when it is opened: the logged match is played again from its header (as ``amalogs
replay`` does, and refused in one line when an event differs), and what is kept is each decision taken and how
many events had happened after it. The position at event ``k`` is then the match after the first decision whose
events reach past ``k`` — exactly what ``amalogs position --from-log LOG --at k`` shows — played again from the
seed with the recorded decisions (no AI is asked twice). A finished match of the server replays the same way.

Uploads are hostile until read: a size limit, a time limit on playing them again, and every failure one line
naming the uploaded file (never the server's paths). Uploaded files are kept under ``<data>/replays/`` so a
replay's link still opens after a restart.
"""

from __future__ import annotations

import bisect
import json
import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from amalogs.errors import AmalogsError, cut_text
from amalogs.referee.engine.actions import Action
from amalogs.referee.sessions.saves import Session
from amalogs.web.tables import Seat, Table

if TYPE_CHECKING:
    from amalogs.catalog import Catalog
    from amalogs.referee.sessions.sides import Side

__all__ = ["REPLAY_LIMIT", "VIEWERS", "Replay", "ReplayStore", "replay_of_file", "replay_of_session"]

REPLAY_LIMIT = 1024 * 1024  # bytes: an uploaded log or save over this is refused before it is read
REPLAY_SECONDS = 20.0  # the longest an uploaded log or save may take to play again (AI seats decide again)
KEEP = 32  # replays kept in memory (the others are read again from their file when opened)
FOLDER = "replays"
REPLAY_ID = re.compile(r"[A-Za-z0-9_-]{6,40}")
VIEWERS = ("spectator", "0", "1", "judge")
"""Whom a replay is shown as: a spectator (public information), one seat, or a judge (both hands)."""


@dataclass(frozen=True, slots=True)
class Played:
    """A match played again: its sides and seed, the decisions taken and the events after each."""

    sides: tuple[Side, Side]
    seed: int
    turn_cap: int
    players: tuple[str, str]
    taken: tuple[Action, ...]
    ends: tuple[int, ...]  # ends[i]: the number of events once i decisions were taken (ends[0]: after the deal)
    events: tuple[dict[str, Any], ...]
    rulings: bool = False  # native effects were ruled by hand (engine.rulings)


class Replay:
    """One replay: the match played again, a check line (as ``amalogs replay`` prints it), and the table at any
    event (the last one asked for is kept, so stepping forwards plays only the new decisions)."""

    def __init__(self, replay_id: str, name: str, catalog: Catalog, played: Played, check: str) -> None:
        self.id, self.name, self.catalog, self.played, self.check = replay_id, name, catalog, played, check
        self.lock = threading.Lock()
        self._table: Table | None = None
        self._at = 0

    @property
    def events(self) -> int:
        return len(self.played.events)

    @property
    def decisions(self) -> int:
        return len(self.played.taken)

    def index(self, k: int) -> int:
        """The number of decisions taken at event ``k`` (``position_of_log``: the first decision that reaches
        past it, or the end); ``ends`` grows with the decisions, so it is searched by bisection."""
        ends = self.played.ends
        return min(bisect.bisect_right(ends, k), len(ends) - 1)

    def event_of(self, i: int) -> int:
        """The event a step lands on once ``i`` decisions are taken: the last event before the next decision."""
        i = max(0, min(i, len(self.played.ends) - 1))
        return max(0, min(self.played.ends[i], self.events) - 1)

    def table_at(self, k: int) -> Table:
        """The table at event ``k`` (under :attr:`lock`)."""
        i = self.index(k)
        if self._table is None or self._at > i:
            self._table, self._at = self._fresh(), 0
        table = self._table
        for action in self.played.taken[self._at:i]:
            table.session.step(action)
            table._read_events()
        self._at = i
        return table

    def _fresh(self) -> Table:
        p = self.played
        session = Session(self.catalog, p.sides, p.seed, ("human", "human"), p.turn_cap, rulings=p.rulings)
        seats = tuple(Seat("person" if name == "human" else name) for name in p.players)
        names = tuple(_deck_name(self.catalog, side) for side in p.sides)
        table = Table(self.id, Path(), (seats[0], seats[1]), session, "", (names[0], names[1]))
        table._shown = len(session.match.state.events)  # the deal is not told line by line
        return table


def _deck_name(catalog: Catalog, side: Side) -> str:
    from amalogs.web.decks import deck_name

    return deck_name(catalog, side)


def replay_of_session(replay_id: str, name: str, catalog: Catalog, session: Session) -> Replay:
    """A replay of a match played here (a finished match of the server, or a save read again: its decisions were
    played once, and checked, as it was read; the events after each were counted then)."""
    events = tuple(session.match.state.events)
    if len(session.ends) != len(session.taken) + 1 or session.ends[-1] != len(events):
        raise AmalogsError(f"{name}: the match does not replay from its decisions")
    played = Played(session.sides, session.seed, session.turn_cap, session.players, tuple(session.taken),
                    tuple(session.ends), events, session.rulings)
    check = f"{name}: all {len(session.taken)} decisions replayed identically"
    return Replay(replay_id, name, catalog, played, _with_deal(check, session.deal))


def _with_deal(check: str, deal: Any) -> str:
    """The check line, and what the file says of its deal (a match of a server: its commitment was checked)."""
    from amalogs.referee.sessions.runner import deal_note

    return check if deal is None else f"{check}; {deal_note(deal)}"


def _of_log(replay_id: str, name: str, catalog: Catalog, path: Path) -> Replay:
    from amalogs.referee.sessions.runner import read_log

    found = read_log(catalog, path)
    session, logged = found.session, found.events
    events = session.match.state.events
    deadline = time.monotonic() + REPLAY_SECONDS
    while not session.finished and len(events) <= len(logged):
        if time.monotonic() > deadline:
            raise AmalogsError(f"{name}: playing the match again took over {REPLAY_SECONDS:g} s: not opened")
        session.step()
    for i, (old, new) in enumerate(zip(logged, events, strict=False)):
        if old != new:
            raise AmalogsError(f"{name}: does not replay: event {i} differs (logged {cut_text(json.dumps(old), 80)}, "
                               f"replay gave {cut_text(json.dumps(new), 80)})")
    if len(logged) != len(events):
        raise AmalogsError(f"{name}: does not replay: the log has {len(logged)} events but the replay gave "
                           f"{len(events)}")
    played = Played(session.sides, session.seed, session.turn_cap, session.players, tuple(session.taken),
                    tuple(session.ends), tuple(events), session.rulings)
    check = f"{name}: all {len(logged)} events replayed identically"
    return Replay(replay_id, name, catalog, played, _with_deal(check, found.deal))


def _is_log(path: Path) -> bool:
    with path.open("rb") as handle:
        first = handle.readline(64 * 1024)
    try:
        head = json.loads(first)
    except (ValueError, RecursionError):
        return False
    return isinstance(head, dict) and head.get("type") == "header"


def _sample_decks_only(path: Path, log: bool) -> None:
    """Refuse a file that names a deck file: an upload must not make the server open a path of its choosing."""
    from amalogs.referee.sessions.sides import is_deck_file

    try:
        text = path.read_text(encoding="utf-8")
        head = json.loads(text.partition("\n")[0] if log else text)
    except (ValueError, RecursionError, UnicodeDecodeError):
        return  # not readable: the reader says why
    decks = head.get("decks") if isinstance(head, dict) else None
    for deck in decks if isinstance(decks, list) else []:
        if isinstance(deck, str) and (is_deck_file(deck) or "/" in deck or "\\" in deck):
            raise AmalogsError(f"deck {cut_text(deck, 60)!r}: a replay opened here may name sample decks only "
                               f"(GAME:DECK), not a deck file")


def replay_of_file(replay_id: str, name: str, catalog: Catalog, path: Path) -> Replay:
    """A replay of a JSONL match log (``amalogs match --log``) or a save (``--save``); every failure is one
    :class:`AmalogsError` line naming ``name`` (not ``path``)."""
    from amalogs.referee.sessions.saves import load_session

    try:
        log = _is_log(path)
        _sample_decks_only(path, log)
        if log:
            return _of_log(replay_id, name, catalog, path)
        return replay_of_session(replay_id, name, catalog, load_session(catalog, path, seconds=REPLAY_SECONDS))
    except AmalogsError as exc:
        message = str(exc).replace(str(path), name)
        raise AmalogsError(cut_text(message if message.startswith(name) else f"{name}: {message}", 300)) from None
    except (OSError, RecursionError, MemoryError) as exc:
        raise AmalogsError(f"{name}: not readable ({type(exc).__name__})") from None
    except Exception as exc:  # noqa: BLE001 - hostile data that reaches a referee bug: one line, never a traceback
        raise AmalogsError(f"{name}: does not replay ({type(exc).__name__}: {cut_text(str(exc), 120)})") from None


class ReplayStore:
    """The replays of the server: uploaded files (kept under ``<data>/replays/``) and finished matches."""

    def __init__(self, catalog: Catalog, folder: Path) -> None:
        self.catalog, self.folder = catalog, folder / FOLDER
        self._open: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def _keep(self, replay: Replay) -> Replay:
        with self._lock:
            self._open[replay.id] = replay
            self._open.move_to_end(replay.id)
            while len(self._open) > KEEP:
                self._open.popitem(last=False)
        return replay

    def upload(self, filename: str, data: bytes) -> Replay:
        """Open an uploaded log or save; refused in one line (and not kept) when it cannot be replayed."""
        name = cut_text(Path(filename.replace("\\", "/")).name or "upload", 80)
        if len(data) > REPLAY_LIMIT:
            raise AmalogsError(f"{name}: {len(data):,} bytes is over the limit of {REPLAY_LIMIT:,}")
        if not data.strip():
            raise AmalogsError(f"{name}: the file is empty")
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        replay_id = secrets.token_urlsafe(9)
        path = self.folder / f"{replay_id}.upload"
        path.write_bytes(data)
        try:
            replay = replay_of_file(replay_id, name, self.catalog, path)
        except AmalogsError:
            path.unlink(missing_ok=True)
            raise
        (self.folder / f"{replay_id}.name").write_text(name, encoding="utf-8")
        return self._keep(replay)

    def get(self, replay_id: str) -> Replay | None:
        """An open replay, or one read again from its file (after a restart); None when there is none."""
        with self._lock:
            found = self._open.get(replay_id)
        if found is not None or not REPLAY_ID.fullmatch(replay_id):
            return found
        path = self.folder / f"{replay_id}.upload"
        if not path.is_file():
            return None
        label = self.folder / f"{replay_id}.name"
        name = label.read_text(encoding="utf-8") if label.is_file() else "upload"
        return self._keep(replay_of_file(replay_id, name, self.catalog, path))

    def of_match(self, table: Table) -> Replay:
        """The replay of a finished match of the server (a match in progress would show the seats' hands)."""
        if not table.finished:
            raise AmalogsError("a match in progress has no replay yet (it would show the seats' hidden cards)")
        key = f"match-{table.id}"
        with self._lock:
            found = self._open.get(key)
        if found is not None:
            return found
        with table.lock:
            replay = replay_of_session(key, f"match {table.id}", self.catalog, table.session)
        return self._keep(replay)
