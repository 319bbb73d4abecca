"""Meta-game sessions that stop and go on: the log's header as a strict model, saves (the header and the
decisions so far), and replay of a log (``docs/meta-game.md``, "Logs, saves and replay").

A meta-game is fixed by its header — settings, teams, seed, players — so a save keeps only the decisions made:
resuming plays them again from the seed (each must come out the same) and goes on, to the same end as a run that
never stopped. Every file is read once, at the edge; a bad one is refused in one line naming the file and key.
"""

from __future__ import annotations

import json
import random
import re
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    Field,
    SerializerFunctionWrapHandler,
    StrictInt,
    StrictStr,
    ValidationError,
    model_serializer,
)

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError, cut, cut_text, shown_path
from amalogs.meta.game import MetaGame, MetaOutcome
from amalogs.meta.players import MetaPlayer, make_meta_player
from amalogs.meta.settings import MetaError, MetaSettings, PlayerName, TeamSpec
from amalogs.models.base import DataModel
from amalogs.writer import write_atomic

__all__ = ["LOG_TYPE", "SAVE_TYPE", "MetaHeader", "MetaSave", "MetaSession", "file_kind", "load_save",
           "log_lines", "read_log", "replay_log"]

LOG_TYPE: Literal["meta-header"] = "meta-header"
"""The format name a meta-game log's first line carries in ``type``."""

SAVE_TYPE: Literal["meta-save"] = "meta-save"
"""The format name of a meta-game save."""

FILE_LIMIT = 64 * 1024 * 1024
"""The largest log or save read (a 60-turn game's log is well under 1 MB)."""

CorePlayerName = Literal["random", "greedy", "human"]
"""The player of a team's core games inside duels."""
Seed = Annotated[StrictInt, Field(ge=0, le=2**64 - 1)]  # (amalogs.referee.sessions.seal.SEED_MAX)
M = TypeVar("M", bound=DataModel)


LOG_VERSION: Literal[2] = 2
"""The meta-game log's format: 2 ends in a seal line (a digest of each header field); 1, written before the seal,
is still replayed."""
SEAL = "seal"
"""The ``type`` of a version 2 log's last line."""


class MetaHeader(DataModel):
    """What a meta-game was asked to be: the first line of its log and the heart of its save."""

    type: Literal["meta-header"] = LOG_TYPE
    version: Literal[1, 2] = LOG_VERSION
    seed: Seed
    settings: MetaSettings
    teams: tuple[TeamSpec, TeamSpec]
    players: tuple[PlayerName, PlayerName]
    core_players: tuple[CorePlayerName, CorePlayerName]

    def game(self, catalog: Catalog, core_script: Sequence[str] = (), core_ask: bool = True) -> MetaGame:
        """The meta-game at its start (``core_script``: a person's core decisions read back)."""
        return MetaGame.new(catalog, self.teams, self.seed, self.settings, self.core_players,
                            core_script=core_script, core_ask=core_ask)


class MetaSave(DataModel):
    """A meta-game stopped part-way: its header and every decision made so far, in order."""

    type: Literal["meta-save"] = SAVE_TYPE
    version: Literal[1, 2] = 2  # 2: sealed (amalogs.referee.sessions.seal); 1, before the seal, is still resumed
    header: MetaHeader
    actions: Annotated[tuple[Annotated[StrictStr, Field(max_length=40)], ...], Field(max_length=1_000_000)]
    core_actions: Annotated[tuple[Annotated[StrictStr, Field(max_length=200)], ...], Field(max_length=10_000_000)] = \
        Field((), description="a person's core decisions so far (a human team's core games), in order")
    seal: dict[Annotated[StrictStr, Field(max_length=40)], Annotated[StrictStr, Field(max_length=64)]] | None = \
        Field(None, description="a digest of each field of the header (version 2): an edited one is named")

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:
        """``core_actions`` is written only when a person made core decisions (other saves stay as they were)."""
        data = handler(self)
        if isinstance(data, dict) and not data.get("core_actions"):
            data.pop("core_actions", None)
        return data


class MetaSession:
    """A meta-game with its meta players and the decisions made: it plays on, stops, and saves.

    ``recorded``: decisions read back from a save or a log, in order; while some are left, a person's
    (an ``interactive`` player's) decision is taken from them instead of asked again, and the other players
    choose as always (their choice is compared by the caller). ``ask_after``: whether a person is asked once they
    run out (a resumed game) or not (a replay: :class:`MetaError`)."""

    def __init__(self, catalog: Catalog, header: MetaHeader, recorded: Sequence[str] = (),
                 ask_after: bool = True, movers: tuple[MetaPlayer, MetaPlayer] | None = None,
                 core_recorded: Sequence[str] = ()) -> None:
        self.header = header
        self.game = header.game(catalog, core_recorded, ask_after)
        self.movers: tuple[MetaPlayer, MetaPlayer] = movers or (make_meta_player(header.players[0]),
                                                                make_meta_player(header.players[1]))
        self.rng = random.Random(header.seed)
        self.actions: list[str] = []
        self.recorded = deque(recorded)
        self.ask_after = ask_after

    def step(self) -> str:
        """The deciding team's meta player chooses (a person's recorded decision is used while one is left);
        the choice is carried out and recorded."""
        team = self.game.current_player()
        assert team is not None
        mover = self.movers[team]
        saved = self.recorded.popleft() if self.recorded else None
        if getattr(mover, "interactive", False) and saved is not None:
            action = saved
        elif getattr(mover, "interactive", False) and not self.ask_after:
            raise MetaError(f"the recorded decisions ran out before the game ended (after {len(self.actions)})")
        else:
            action = mover.choose(self.game.observation(), self.game.legal_actions(), self.rng)
        self.game.apply_action(action)
        self.actions.append(action)
        return action

    def run(self, watch: Callable[[MetaGame, str], None] | None = None, stop_turn: int | None = None,
            stop_after: int | None = None) -> MetaOutcome | None:
        """Play on to the end (the outcome), or until meta turn ``stop_turn`` is over or ``stop_after`` more
        decisions are made (None: stopped, to be saved)."""
        made = 0
        while not self.game.is_terminal():
            if (stop_turn is not None and self.game.turn > stop_turn) or (stop_after is not None and made >= stop_after):
                return None
            action = self.step()
            made += 1
            if watch is not None:
                watch(self.game, action)
        return self.game.outcome

    def saved(self) -> MetaSave:
        return MetaSave(header=self.header, actions=tuple(self.actions),
                        core_actions=tuple(self.game.core_decisions), seal=_seal(self.header))

    def save(self, path: Path) -> None:
        write_atomic(path, self.saved().model_dump_json(indent=1) + "\n")  # (a Ctrl-C mid-write leaves the old)

    def log_lines(self) -> list[str]:
        """The JSONL log (:func:`log_lines`)."""
        return log_lines(self.header, self.game.events)


def log_lines(header: MetaHeader, events: Sequence[dict[str, Any]]) -> list[str]:
    """The JSONL log: the header (as version 2), one event a line, and the seal of the header's fields (an edited
    header is named when the log is read; the events are checked by playing the game again)."""
    head = header.model_copy(update={"version": LOG_VERSION})
    lines: list[dict[str, Any]] = [head.model_dump(mode="json"), *events, {"type": SEAL, "header": _seal(head)}]
    return [json.dumps(line, ensure_ascii=False, sort_keys=True) for line in lines]


def _seal(header: MetaHeader) -> dict[str, str]:
    from amalogs.referee.sessions.seal import seal_of

    return seal_of(header.model_dump(mode="json"))


def _text(path: Path, what: str) -> str:
    from amalogs.inputs import read_text

    return read_text(path, what, FILE_LIMIT, lambda problem: MetaError(f"{shown_path(path)}: {problem}"))


def _json(path: Path, text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise MetaError(f"{shown_path(path)}: {where}: nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise MetaError(f"{shown_path(path)}: {where}: not JSON ({exc.msg} at column {exc.colno})") from None


def _model(path: Path, model: type[M], data: Any, where: str = "") -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise MetaError(f"{shown_path(path)}: {where}{key}: {first['msg']}") from None


_KIND = re.compile(rb'"type"\s*:\s*"(meta-header|meta-save)"')


def file_kind(path: Path) -> str | None:
    """``meta-header`` (a meta-game log), ``meta-save`` or None (anything else: a match's file, or unreadable),
    read from the first ``type`` in the file's first 4 KB (so even a truncated save is told), for ``replay`` and
    ``resume`` to dispatch on."""
    import os
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a fifo, a device: never opened here (it could block)
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as f:
            head = f.read(4096) if stat.S_ISREG(os.fstat(f.fileno()).st_mode) else b""
    except (OSError, ValueError):
        return None
    found = _KIND.search(head)
    return found.group(1).decode() if found and head.lstrip().startswith(b"{") else None


def read_log(path: Path) -> tuple[MetaHeader, list[dict[str, Any]]]:
    """A meta-game log: its header (validated) and its events (JSON objects, one a line)."""
    lines = [line for line in _text(path, "meta-game log").splitlines() if line.strip()]
    if not lines:
        raise MetaError(f"{shown_path(path)}: an empty meta-game log (line 1 must be its header)")
    header = _model(path, MetaHeader, _json(path, lines[0], "line 1"), "line 1: ")
    events = []
    for n, line in enumerate(lines[1:], start=2):
        event = _json(path, line, f"line {n}")
        if not isinstance(event, dict):
            raise MetaError(f"{shown_path(path)}: line {n}: an event must be a JSON object, not {cut(event)}")
        events.append(event)
    if header.version >= 2:
        from amalogs.referee.sessions.runner import LogSeal  # (the match log's seal line, the same form)
        from amalogs.referee.sessions.seal import unsealed_field

        last = events.pop() if events and events[-1].get("type") == SEAL else None
        try:
            seal = LogSeal.model_validate(last) if last is not None else None
        except ValidationError:
            seal = None
        if seal is None:
            raise MetaError(f"{shown_path(path)}: line {len(lines)}: the last line must be the log's seal "
                            "({\"type\": \"seal\", \"header\": {...}}): the log was cut short or edited")
        edited = unsealed_field(header.model_dump(mode="json"), seal.header)
        if edited is not None:
            raise MetaError(f"{shown_path(path)}: line 1: {edited}: edited since the log was written (it does not "
                            "match the log's seal)")
    seals = [n for n, e in enumerate(events, start=2) if e.get("type") == SEAL]
    if seals:
        raise MetaError(f"{shown_path(path)}: line {seals[0]}: a seal line in the middle of the log (or in a "
                        "version 1 log, which has none): logs were joined or edited")
    return header, events


def replay_log(catalog: Catalog, path: Path) -> tuple[int, str | None]:
    """Re-run a logged meta-game from its seed; return (events checked, the first difference or None)."""
    header, logged = read_log(path)
    decided = [str(e.get("action")) for e in logged if e.get("type") == "action"]  # (a person's, read back)
    core = [str(e.get("action")) for e in logged if e.get("type") == "core-action"]
    session = _session(catalog, header, path, decided, ask_after=False, core=core)
    try:
        session.run()
    except AmalogsError as exc:
        return len(session.game.events), f"the replay stopped: {exc}"
    new = session.game.events
    for i, (old, now) in enumerate(zip(logged, new, strict=False)):
        if old != now:
            return i, (f"event {i} differs: logged {_shown(old)} but replay gave {_shown(now)}")
    if len(logged) != len(new):
        return min(len(logged), len(new)), f"the log has {len(logged)} events but the replay gave {len(new)}"
    return len(logged), None


def _shown(event: Any) -> str:
    return cut_text(json.dumps(event, ensure_ascii=False, sort_keys=True), 300)


def load_save(catalog: Catalog, path: Path) -> MetaSession:
    """A saved meta-game, its decisions played again from the seed: each must be the one saved."""
    text = _text(path, "meta-game save")
    saved = _model(path, MetaSave, _json(path, text, "(top level)"))
    if saved.version >= 2 or saved.seal is not None:
        from amalogs.referee.sessions.seal import unsealed_field

        if saved.seal is None or saved.version < 2:
            raise MetaError(f"{shown_path(path)}: seal: a save of version 2 has a seal, one of version 1 none: "
                            "the file was edited")
        edited = unsealed_field(saved.header.model_dump(mode="json"), saved.seal)
        if edited is not None:
            raise MetaError(f"{shown_path(path)}: header.{edited}: edited since the save was written (it does not "
                            "match the save's seal): not resumed")
    session = _session(catalog, saved.header, path, saved.actions, core=saved.core_actions)
    for k, action in enumerate(saved.actions):
        if session.game.is_terminal():
            raise MetaError(f"{shown_path(path)}: actions.{k}: the game was over after {k} decisions")
        try:
            made = session.step()
        except AmalogsError as exc:
            raise MetaError(f"{shown_path(path)}: actions.{k}: {exc}") from None
        if made != action:
            raise MetaError(f"{shown_path(path)}: actions.{k}: saved {cut(action)} but the game's players chose "
                            f"{made!r} (a save from other rules or another amalogs)")
    return session


def _session(catalog: Catalog, header: MetaHeader, path: Path, recorded: Sequence[str] = (),
             ask_after: bool = True, core: Sequence[str] = ()) -> MetaSession:
    try:
        return MetaSession(catalog, header, recorded, ask_after, core_recorded=core)
    except AmalogsError as exc:
        raise MetaError(f"{shown_path(path)}: teams: {exc}") from None
