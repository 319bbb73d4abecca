"""Matches at the table: each match with its seats (a person's secret link, or an AI player), stored as it goes.

A table keeps a :class:`~amalogs.referee.sessions.saves.Session` and writes it in the save format after every
person's decision and whenever the AI seats stop to wait (their decisions follow from the seed, so a save
taken at any decision resumes to the same match). Next to the save, ``table.json`` holds the seats: the kind
of each seat and, for a person's seat, its token — the only key to that seat, never shown to spectators — and
the organiser's token, the key to the view of both hands (a match saved before it existed has none).
Nothing here knows about HTTP: the web app (:mod:`amalogs.web.app`) calls :meth:`Table.move` and
:meth:`Table.step_ai`; both run under the table's lock, so one decision is carried out at a time.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.players import PLAYERS
from amalogs.referee.sessions.saves import Session, load_session
from amalogs.referee.sessions.seal import SEED_MAX, new_deal
from amalogs.referee.sessions.sides import Side

__all__ = ["AI_PLAYERS", "Line", "MoveRefused", "Seat", "Table", "TableStore", "default_data_dir"]

log = logging.getLogger("amalogs.web")

AI_PLAYERS = tuple(name for name in PLAYERS if not getattr(PLAYERS[name], "interactive", False))
"""The referee's players that need nobody (a seat is a person, or one of these)."""
"""The AI players a seat may have (``search`` with its default budget)."""
PERSON = "person"
TABLE_FILE = "table.json"
SAVE_FILE = "match.amalogs-save.json"
TABLE_VERSION = 1
SAVE_EVERY = 25  # AI decisions between saves while no person is waiting (the seed replays them anyway)

# Events whose card only the acting seat may know: another viewer reads the line without the card's name.
PRIVATE_LINES = {
    "peek": "looks at one of its face-down cards",
    "searched": "searches out a card into its hand",
}


def default_data_dir() -> Path:
    """Where matches are kept unless ``--data`` says otherwise: the user's data directory
    (``$XDG_DATA_HOME/amalogs/matches``, by default ``~/.local/share/amalogs/matches``; on Windows under
    ``%LOCALAPPDATA%``)."""
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "amalogs" / "matches"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "amalogs" / "matches"


class MoveRefused(AmalogsError):
    """A move that is not carried out: a wrong seat, a finished match, an illegal action. ``status`` is the HTTP
    status the web app answers with."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: ``person`` with its secret token, or an AI player's name (``random``, ``greedy``, ``search``)."""

    kind: str
    token: str | None = None

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON

    @property
    def player(self) -> str:
        """The player name the save file records (a person is ``human``: its decisions are replayed as saved)."""
        return "human" if self.is_person else self.kind


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the play-by-play: its text, whether it opens a turn, and — for a line naming a card only one
    seat may know — that seat and the text everyone else reads."""

    text: str
    heading: bool = False
    private_to: int | None = None
    public_text: str = ""

    def for_viewer(self, viewer: int | None) -> str:
        return self.text if self.private_to is None or viewer == self.private_to else self.public_text


class Table:
    """One match at the table: its seats, its session, the play-by-play so far and a version that every change
    bumps (pages are refreshed when it moves)."""

    def __init__(self, match_id: str, folder: Path, seats: tuple[Seat, Seat], session: Session,
                 created: str, deck_names: tuple[str, str], organiser: str | None = None) -> None:
        self.id, self.folder, self.seats, self.session = match_id, folder, seats, session
        self.organiser = organiser  # the token of the organiser's view (both hands; it never acts)
        self.created, self.deck_names = created, deck_names
        self.lock = threading.RLock()
        self.version = len(session.taken)  # one a decision, so a restarted server goes on counting where it was
        self.error: str | None = None  # an AI decision that failed (a referee bug): the match stops there
        self.lines: list[Line] = []
        self._shown = 0
        self._unsaved = 0
        from amalogs.report.match import PlayByPlay

        self.names = [f"P{i + 1} {side.game.page.abbreviation}" for i, side in enumerate(session.sides)]
        self._pbp = PlayByPlay(session.match.state, self.names, [s.game for s in session.sides])

    # --- who is who ---------------------------------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens (compared in constant time), or None."""
        found = None
        for i, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token.encode(), token.encode()):
                found = i
        return found

    def is_organiser(self, token: str) -> bool:
        """Whether a token opens the organiser's view (compared in constant time; never a seat)."""
        return self.organiser is not None and secrets.compare_digest(self.organiser.encode(), token.encode())

    @property
    def finished(self) -> bool:
        return self.session.finished

    def to_move(self) -> int | None:
        return self.session.match.current_player()

    def ai_to_move(self) -> bool:
        me = self.to_move()
        return self.error is None and me is not None and not self.seats[me].is_person

    # --- decisions ----------------------------------------------------------------------------------------------

    def move(self, seat: int, text: str) -> Action:
        """A person's decision for ``seat``, in the action's text form; refused (nothing applied) when it is not
        that seat's decision or not a legal action."""
        with self.lock:
            if self.finished:
                raise MoveRefused("the match is over")
            if self.error is not None:
                raise MoveRefused("the match stopped on a referee error: " + self.error)
            me = self.to_move()
            if me != seat:
                raise MoveRefused(f"not your decision: P{(me or 0) + 1} decides now")
            try:
                action = Action.parse(text.strip())
                self.session.step(action)  # refused before anything changes when illegal
            except IllegalActionError as exc:
                raise MoveRefused(str(exc)) from None
            except Exception as exc:  # noqa: BLE001 - a referee bug half way through the decision
                self._failed(exc)
                raise MoveRefused("the referee failed on this decision: " + str(self.error), 500) from None
            self._after(save=True)
            return action

    def step_ai(self) -> bool:
        """One AI seat's decision, if an AI seat is to decide; False when none is."""
        with self.lock:
            if not self.ai_to_move():
                return False
            try:
                self.session.step()
            except Exception as exc:  # noqa: BLE001 - a referee bug: the match stops, the server goes on
                self._failed(exc)
                return False
            self._unsaved += 1
            self._after(save=not self.ai_to_move() or self._unsaved >= SAVE_EVERY)
            return True

    def _failed(self, exc: Exception) -> None:
        """A referee bug: keep the decisions carried out before it, stop the match, say so on its pages."""
        log.error("match %s: a decision failed", self.id, exc_info=exc)
        self.error = f"{type(exc).__name__}: {exc}"
        self.session.save_after_error(self.folder / SAVE_FILE)
        self.version += 1

    def _after(self, save: bool) -> None:
        self._read_events()
        if save:
            self.save()
        self.version += 1

    def save_if_due(self) -> None:
        """Save what the AI seats played since the last save (the server is stopping)."""
        with self.lock:
            if self._unsaved:
                self.save()

    def save(self) -> None:
        with self.lock:
            self.session.save(self.folder / SAVE_FILE)
            self._unsaved = 0

    # --- the play-by-play ---------------------------------------------------------------------------------------

    def _read_events(self, session: Session | None = None) -> None:
        """The play-by-play lines of the events since the last call (of ``session``: a copy being replayed)."""
        state = (session or self.session).match.state
        for event in state.events[self._shown:]:
            self.lines += self._event_lines(event, state)
        self._shown = len(state.events)

    def _event_lines(self, event: dict[str, Any], state: Any) -> list[Line]:
        from rich.rule import Rule

        from amalogs.report.match import event_line

        private = _private_text(event)
        own = None
        if private is not None:  # this event's own line names a card only its seat may know
            found = event_line(event, state.cards, self.names, [s.game for s in self.session.sides], state.events)
            own = getattr(found, "plain", "").strip() or None
        out = []
        for item in self._pbp.lines(event):
            if isinstance(item, Rule):
                title = item.title
                out.append(Line(title if isinstance(title, str) else title.plain, heading=True))
                continue
            text = getattr(item, "plain", str(item)).strip()
            if own is not None and text == own:
                seat = event.get("seat")
                who = self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else ""
                out.append(Line(text, private_to=seat if isinstance(seat, int) else -1,
                                public_text=f"{who} {private}".strip()))
            else:
                out.append(Line(text))
        return out

    # --- what a page shows --------------------------------------------------------------------------------------

    def result(self) -> str | None:
        """The result in words, once the match is over."""
        outcome = self.session.match.outcome
        if outcome is None:
            return None
        if outcome.winner is None:
            return f"a draw — {outcome.reason} (turn {outcome.turns})"
        return f"{self.seat_title(outcome.winner)} wins — {outcome.reason} (turn {outcome.turns})"

    def seat_title(self, i: int) -> str:
        side = self.session.sides[i]
        return f"P{i + 1} {side.game.profile.name} · {self.deck_names[i]}"

    def deal(self) -> dict[str, Any] | None:
        """The deal as anyone may know it: how the seed was chosen and its commitment; the seed and the salt only
        once the match is over (while it is played they would give away every hidden card and every AI choice)."""
        deal = self.session.deal
        if deal is None:  # a match created before deals were committed to
            return None
        over = self.finished
        return {"chosen_by": deal.chosen_by, "commitment": deal.commitment,
                "seed": self.session.seed if over else None, "salt": deal.salt if over else None}

    def log_text(self) -> str:
        """The match's JSONL log (header with the seed and the deal, the events, the seal): only once it is over."""
        from amalogs.referee.sessions.runner import log_lines, session_header

        if not self.finished:
            raise MoveRefused("the log is published when the match is over (it holds the seed)", 409)
        return log_lines(session_header(self.session), self.session.match.state.events)

    def summary(self) -> dict[str, Any]:
        """The match for programs (no tokens, no seed while it is played): players, decks, the deal's commitment,
        who decides, the result."""
        outcome = self.session.match.outcome
        return {"id": self.id, "version": self.version, "deal": self.deal(),
                "decks": [f"{s.game.id}:{s.deck_id}" for s in self.session.sides],
                "seats": [s.kind for s in self.seats], "finished": self.finished, "to_move": self.to_move(),
                "winner": None if outcome is None else outcome.winner, "reason": None if outcome is None else outcome.reason,
                "turns": None if outcome is None else outcome.turns, "decisions": len(self.session.taken),
                "error": self.error}


def _private_text(event: dict[str, Any]) -> str | None:
    kind = event.get("type")
    if kind in PRIVATE_LINES:
        return PRIVATE_LINES[str(kind)]
    if kind == "fort-broken" and event.get("to") == "hand":  # a fort card taken into the hand unseen
        return f"loses a fort: its card goes to its hand (forts left {event.get('forts')})"
    if kind == "shield-broken" and event.get("to") == "hand":  # a face-down shield taken into the hand unseen
        return f"loses a shield: its card goes to its hand ({event.get('shields')} left)"
    return None


# --- the store ----------------------------------------------------------------------------------------------------


class TableStore:
    """Every match of a data directory: created here, or resumed from its files when the server starts."""

    def __init__(self, catalog: Catalog, folder: Path) -> None:
        self.catalog, self.folder = catalog, folder
        self.tables: dict[str, Table] = {}
        self.broken: list[str] = []  # matches whose files could not be resumed (one line each)

    def __iter__(self) -> Iterator[Table]:
        return iter(self.tables.values())

    def get(self, match_id: str) -> Table | None:
        return self.tables.get(match_id)

    def create(self, decks: tuple[str, str], kinds: tuple[str, str], seed: int | None = None,
               turn_cap: int = 60, lists: tuple[str, str] = ("", ""),
               files: tuple[tuple[str, bytes] | None, tuple[str, bytes] | None] = (None, None),
               rulings: bool | None = None) -> Table:
        """A new match: each deck ``GAME:DECK`` (a sample deck: shipped, or of the user's data roots), a pasted
        deck list (``lists``) or an uploaded deck file (``files``: its name and bytes), the last given winning
        (:func:`amalogs.web.decks.side_for`); each seat ``person`` or an AI player. ``rulings``: the players rule
        by hand the native effects the referee cannot carry out (default: when a person plays)."""
        from amalogs.web.decks import side_for

        for kind in kinds:
            if kind != PERSON and kind not in AI_PLAYERS:
                raise AmalogsError(f"unknown seat {kind!r} (a person, or one of {', '.join(AI_PLAYERS)})")
        if not 1 <= turn_cap <= 1000:
            raise AmalogsError(f"turn_cap: {turn_cap} is not a turn cap: give 1 to 1000")
        if seed is not None and not 0 <= seed <= SEED_MAX:
            raise AmalogsError(f"seed: give a whole number from 0 to {SEED_MAX} (2**64 - 1), or none for a secret "
                               "seed")
        seats = tuple(Seat(k, secrets.token_urlsafe(24) if k == PERSON else None) for k in kinds)
        seed, deal = new_deal(seed)  # a secret seed from a secure source, unless the creator gave one
        match_id = self._new_id()
        folder = self.folder / match_id
        folder.mkdir(parents=True, mode=0o700)
        try:
            sides = tuple(side_for(self.catalog, folder, i, decks[i], lists[i], files[i]) for i in (0, 1))
            by_hand = PERSON in kinds if rulings is None else rulings
            session = Session(self.catalog, sides, seed, (seats[0].player, seats[1].player), turn_cap,
                              rulings=by_hand, deal=deal)
        except Exception:
            import shutil

            shutil.rmtree(folder, ignore_errors=True)  # a refused deck leaves nothing behind
            raise
        table = Table(match_id, folder, (seats[0], seats[1]), session, datetime.now(UTC).isoformat(timespec="seconds"),
                      (self._deck_name(sides[0]), self._deck_name(sides[1])), secrets.token_urlsafe(24))
        self._write_seats(table)
        table._shown = len(session.match.state.events)  # the deal is not told line by line (as in `amalogs match`)
        table.save()
        self.tables[match_id] = table
        return table

    def _deck_name(self, side: Side) -> str:
        from amalogs.web.decks import deck_name

        return deck_name(self.catalog, side)

    def _new_id(self) -> str:
        while True:
            match_id = secrets.token_urlsafe(6)
            if match_id not in self.tables and not (self.folder / match_id).exists():
                return match_id

    def _write_seats(self, table: Table) -> None:
        from amalogs.writer import write_atomic

        data = {"type": "amalogs-table", "version": TABLE_VERSION, "id": table.id, "created": table.created,
                "seats": [{"kind": s.kind, "token": s.token} for s in table.seats], "organiser": table.organiser}
        path = table.folder / TABLE_FILE
        write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        path.chmod(0o600)  # the tokens are the keys to the seats

    def load_all(self) -> None:
        """Resume every match of the data directory (finished ones too, for their result); a match whose files
        cannot be read is left out, with one line in :attr:`broken` and the log."""
        if not self.folder.is_dir():
            return
        for folder in sorted(p for p in self.folder.iterdir() if (p / TABLE_FILE).is_file()):
            try:
                table = self.load(folder)
            except (AmalogsError, OSError, ValueError, KeyError, TypeError) as exc:
                self.broken.append(f"{folder.name}: {exc}")
                log.warning("match %s not resumed: %s", folder.name, exc)
                continue
            self.tables[table.id] = table

    def load(self, folder: Path) -> Table:
        data = json.loads((folder / TABLE_FILE).read_text(encoding="utf-8"))
        if data.get("type") != "amalogs-table" or data.get("version") != TABLE_VERSION:
            raise AmalogsError(f"{folder / TABLE_FILE}: not an amalogs table file of version {TABLE_VERSION}")
        seats = tuple(Seat(str(s["kind"]), None if s.get("token") is None else str(s["token"])) for s in data["seats"])
        if len(seats) != 2 or any(s.is_person != (s.token is not None) for s in seats):
            raise AmalogsError(f"{folder / TABLE_FILE}: seats: two seats, a token for each person")
        organiser = data.get("organiser")  # absent from a match saved before the organiser's view
        if organiser is not None and not isinstance(organiser, str):
            raise AmalogsError(f"{folder / TABLE_FILE}: organiser: expected a token")
        session = load_session(self.catalog, folder / SAVE_FILE)
        if session.players != (seats[0].player, seats[1].player):
            raise AmalogsError(f"{folder}: the save's players {session.players} are not the table's seats")
        table = Table(folder.name, folder, (seats[0], seats[1]), session, str(data.get("created", "")),
                      (self._deck_name(session.sides[0]), self._deck_name(session.sides[1])), organiser)
        _replay_lines(table)
        return table


def _replay_lines(table: Table) -> None:
    """The play-by-play of a resumed match, decision by decision as it was first shown (a copy of the match is
    played through the saved decisions, so each turn's status line reads the state of its time)."""
    from amalogs.report.match import PlayByPlay

    live = table.session
    twin = Session(live.catalog, live.sides, live.seed, ("human", "human"), live.turn_cap, rulings=live.rulings,
                   deal=live.deal)
    games = [s.game for s in live.sides]
    table._pbp = PlayByPlay(twin.match.state, table.names, games)
    table._shown = len(twin.match.state.events)  # the deal is not told line by line
    for action in live.taken:
        twin.step(action)
        table._read_events(twin)
    table._pbp = PlayByPlay(live.match.state, table.names, games)
    table._shown = len(live.match.state.events)
