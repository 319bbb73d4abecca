"""Known-answer boards for the meta-game: a board with six avatars, a duel one of them declares, and what must
follow — who joins by range and chain, who may be attacked, what the duel's actions give (base life, events,
the legal actions at a step). The files live under ``tests/meta_positions/``; ``docs/meta-game.md`` (Known-answer
boards) describes the format.

The runner sets up a :class:`~amalogs.meta.game.MetaGame` (``MetaGame.new``), puts the avatars on their squares
with the core games the file gives, makes the host the acting avatar and declares its duel (``duel``): the duel is
the game's own, from :meth:`MetaGame.participants` to base life. Every seat of the duel decides with one scripted
player: the file's ``do`` actions in order (read as ``amalogs position --do`` reads them), then what ends the duel
quietly (pass, no block, no more attacks). The referee's invariants are checked after every action of the duel.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.meta.board import targets
from amalogs.meta.core import CoreSeat, card_total, core_seats, duel_match
from amalogs.meta.game import MetaGame
from amalogs.meta.settings import TEAM_SIZE, MetaError, MetaSettings, TeamSpec
from amalogs.meta.soak import board_problems
from amalogs.referee import Match
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.invariants import invariant_problems
from amalogs.referee.engine.positions import resolve_action
from amalogs.referee.sessions.known_answers import in_order, legal_problems, matches, none_of, readable
from amalogs.referee.sessions.sides import deck_ref

__all__ = ["EXPECT_KEYS", "KEYS", "MetaKnownAnswer", "load_meta_known_answer", "run_meta_known_answer"]

KEYS = frozenset({"source", "seed", "settings", "avatars", "base_life", "host", "do", "expect"})
AVATAR_KEYS = frozenset({"team", "deck", "square", "core"})
EXPECT_KEYS = frozenset({"casts", "guests", "bases", "joined", "targets", "step", "decider", "legal", "not_legal",
                         "events", "absent", "meta_events", "meta_absent", "base_life"})

QUIET = ("pass", "noblock", "end-attacks", "attack-phase", "decline", "skip", "done", "moves-done", "forts-done",
         "hold", "keep")
"""What ends a duel quietly once the ``do`` actions are used up: the first legal action with one of these verbs, in
this order of preference (else the first legal action)."""

ENOUGH = 10_000
"""Decisions after the ``do`` actions past which a duel that has not ended is reported (it always ends: one turn)."""


@dataclass(slots=True)
class MetaKnownAnswer:
    """A known-answer board, read: where the ruling comes from, the seed and settings, the avatars (each a dict
    with ``team``, ``deck``, ``square`` and ``core``), the starting base life, the host, the actions and the
    expectations."""

    path: Path
    source: str
    seed: int
    settings: MetaSettings
    avatars: list[dict[str, Any]]
    base_life: tuple[int, int] | None
    host: int
    actions: list[str]
    expect: dict[str, Any]


def _refuse(path: Path, key: str, why: str) -> MetaError:
    return MetaError(f"{path}: {key}: {why}")


def _unknown(path: Path, where: str, data: dict[str, Any], allowed: frozenset[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise _refuse(path, f"{where}{extra[0]}", f"unknown key (allowed: {', '.join(sorted(allowed))})")


def load_meta_known_answer(path: Path) -> MetaKnownAnswer:
    """Read a known-answer board (TOML), refusing in one line naming the key anything it cannot use."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise MetaError(f"{path}: {exc}") from None
    _unknown(path, "", data, KEYS)
    source = data.get("source")
    if not isinstance(source, str) or not source:
        raise _refuse(path, "source", "a known answer says where its ruling comes from")
    try:
        settings = MetaSettings.model_validate(data.get("settings", {}))
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _refuse(path, "settings." + ".".join(map(str, first["loc"])), first["msg"]) from None
    avatars = data.get("avatars")
    if not isinstance(avatars, list) or len(avatars) != 2 * TEAM_SIZE:
        raise _refuse(path, "avatars", f"{2 * TEAM_SIZE} avatars: team 0's {TEAM_SIZE}, then team 1's")
    for k, avatar in enumerate(avatars):
        if not isinstance(avatar, dict):
            raise _refuse(path, f"avatars.{k}", "a table (team, deck, square, core)")
        _unknown(path, f"avatars.{k}.", avatar, AVATAR_KEYS)
        if avatar.get("team") != k // TEAM_SIZE:
            raise _refuse(path, f"avatars.{k}.team", f"must be {k // TEAM_SIZE}: team 0's {TEAM_SIZE} avatars come "
                          f"first (avatars 0–{TEAM_SIZE - 1}), then team 1's, as the game numbers them")
        if not isinstance(avatar.get("deck"), str):
            raise _refuse(path, f"avatars.{k}.deck", "a deck as the command line names it (BD or BD:red-aggro)")
        square = avatar.get("square")
        if not (isinstance(square, list) and len(square) == 2 and all(isinstance(v, int) for v in square)):
            raise _refuse(path, f"avatars.{k}.square", "[column, row], from 0")
        if not isinstance(avatar.get("core", {}), dict):
            raise _refuse(path, f"avatars.{k}.core", "a position file's seat (docs/positions.md), without deck")
    host = data.get("host")
    if not isinstance(host, int) or not 0 <= host < len(avatars):
        raise _refuse(path, "host", f"the avatar that declares the duel, 0–{len(avatars) - 1}")
    life = data.get("base_life")
    if life is not None and not (isinstance(life, list) and len(life) == 2 and all(isinstance(v, int) for v in life)):
        raise _refuse(path, "base_life", "[team 0's, team 1's] at the start")
    actions = data.get("do", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _refuse(path, "do", "a list of actions as text")
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        raise _refuse(path, "expect", "a table")
    _unknown(path, "expect.", expect, EXPECT_KEYS)
    seed = data.get("seed", 1)
    if not isinstance(seed, int):
        raise _refuse(path, "seed", "a whole number")
    return MetaKnownAnswer(path, source, seed, settings, avatars, (life[0], life[1]) if life else None, host,
                           list(actions), dict(expect))


def _cores(catalog: Catalog, case: MetaKnownAnswer, game: MetaGame) -> list[CoreSeat]:
    """Each avatar's core game: the position seat ``{deck, **core}`` (its deck's other cards shuffled into its
    deck by the file's seed), loaded with the others as one position and dumped seat by seat."""
    seats = [{"deck": deck_ref(a.side), **given.get("core", {})} for a, given in zip(game.avatars, case.avatars)]
    try:
        match = Match.from_position(catalog, {"seed": case.seed, "turn": 1, "step": "main", "seats": seats},
                                    f"{case.path}: avatars")
    except AmalogsError as exc:
        raise MetaError(str(exc)) from None
    return core_seats(catalog, match)


@dataclass(slots=True)
class _Script:
    """The one player of every seat in the duel: the file's actions, then a look at what holds (the legal actions,
    the step, who decides), then a quiet end. ``match`` is the duel's match as of the last action (the game's
    ``check`` hands it over)."""

    game: MetaGame
    catalog: Catalog
    actions: list[str]
    expect: dict[str, Any]
    reads_observation = False
    match: Match | None = None
    done: int = 0
    looked: bool = False
    quiet: int = 0
    problems: list[str] = field(default_factory=list)

    def seats(self) -> list[int]:
        """The duel's seats as avatars: the host, its キャスト, then the ゲスト (the duel event's order)."""
        duel = next(e for e in reversed(self.game.events) if e["type"] == "duel")
        return [duel["host"], *duel["casts"], *duel["guests"]]

    def current(self) -> Match:
        """The duel's match, or before its first action a copy set up the same way (to read card ids against)."""
        if self.match is not None:
            return self.match
        duel = next(e for e in reversed(self.game.events) if e["type"] == "duel")
        seats = self.seats()
        host = self.game.avatars[duel["host"]]
        twin = duel_match(self.catalog, [self.game.avatars[k].core for k in seats],
                          [0] * (1 + len(duel["casts"])) + [1] * len(duel["guests"]), self.game.core_turn, 0,
                          log_events=False, base=1 - host.team in duel["bases"], host_game=host.side.game.id)
        twin.start()
        return twin

    def text(self, words: str) -> str:
        """An action text with ``avatar K`` written as the duel's seat of avatar K (``player S``)."""
        out, parts = [], words.split()
        seats = self.seats()
        k = 0
        while k < len(parts):
            if parts[k] == "avatar" and k + 1 < len(parts) and parts[k + 1].isdigit():
                avatar = int(parts[k + 1])
                out += ["player", str(seats.index(avatar) if avatar in seats else 99)]  # 99: no seat of the duel
                k += 2
            else:
                out.append(parts[k])
                k += 1
        return " ".join(out)

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        match = self.current()
        if self.done < len(self.actions):
            self.done += 1
            return resolve_action(match, self.text(self.actions[self.done - 1]))  # type: ignore[no-any-return]
        if not self.looked:
            self.looked = True
            self.look(match, legal)
        self.quiet += 1
        if self.quiet > ENOUGH:
            raise MetaError(f"the duel did not end within {ENOUGH} decisions after the actions")
        for verb in QUIET:
            for action in legal:
                if action.verb == verb:
                    return action
        return legal[0]

    def look(self, match: Match, legal: list[Action]) -> None:
        """What must hold once the actions are used up: the step, who decides, legal and not legal actions."""
        s, expect, seats = match.state, self.expect, self.seats()
        if "step" in expect and s.phase != expect["step"]:
            self.problems.append(f"step is {s.phase!r}, not {expect['step']!r}")
        if "decider" in expect:
            who = None if s.decider is None else seats[s.decider] if s.decider < len(seats) else "empty"
            if who != expect["decider"]:
                self.problems.append(f"avatar {who} decides (seat {s.decider}), not avatar {expect['decider']}")
        self.problems += legal_problems(match, legal, expect, self.text)


def _readable(match: Match, seats: Sequence[int], event: dict[str, Any]) -> dict[str, Any]:
    """A core event with its card numbers also as ``card-id#N`` and its seat as an avatar (``avatar``)."""
    out = readable(match, event)
    seat = event.get("seat")
    if isinstance(seat, int):
        out["avatar"] = seats[seat] if seat < len(seats) else "empty"
    return out


def run_meta_known_answer(catalog: Catalog, case: MetaKnownAnswer) -> list[str]:
    """Set up the board, declare the host's duel, and list every expectation that does not hold (empty: all
    hold)."""
    teams = tuple(TeamSpec(name=f"team {t + 1}", avatars=tuple(a["deck"] for a in case.avatars[t * 3:t * 3 + 3]))
                  for t in (0, 1))
    game = MetaGame.new(catalog, (teams[0], teams[1]), case.seed, case.settings)
    for avatar, given, core in zip(game.avatars, case.avatars, _cores(catalog, case, game), strict=True):
        avatar.square, avatar.core, avatar.points = (given["square"][0], given["square"][1]), core, 0
    if case.base_life is not None:
        game.life = list(case.base_life)
    broken = board_problems(game, [card_total(a.core) for a in game.avatars])
    if broken:
        raise MetaError(f"{case.path}: avatars: {'; '.join(broken)}")
    host = case.host
    game.team, game.acting, game.step, game.roll = game.avatars[host].team, host, "duel", ()
    script = _Script(game, catalog, case.actions, case.expect)
    invariants: list[str] = []

    def check(match: Match) -> None:
        script.match = match
        invariants.extend(f"after {match.state.events[-1] if match.state.events else 'the start'}: {p}"
                          for p in invariant_problems(match)[:1])

    game.check = check
    game.play_core_with((script, script))  # every seat of the duel follows the script
    board = game.participants(host)
    teams_of = {k: a.team for k, a in enumerate(game.avatars)}
    start = len(game.events)
    failed: list[str] = []
    try:
        game.apply_action("duel")
    except AmalogsError as exc:  # the duel stopped there: what would follow it is not looked at
        failed.append(f"do {script.actions[script.done - 1]!r}: {exc}" if script.done else f"the duel: {exc}")
    problems: list[str] = []
    meta = game.events[start:]
    duel = next((e for e in meta if e["type"] == "duel"), {})
    expect = case.expect
    for key in ("casts", "guests", "bases"):
        if key in expect and duel.get(key) != expect[key]:
            problems.append(f"{key} in the duel are {duel.get(key)}, not {expect[key]}")
    if "joined" in expect:
        got = {"casts": list(board.casts), "guests": list(board.guests), "bases": list(board.bases)}
        if not matches(expect["joined"], got):
            problems.append(f"the board joins {got}, not {expect['joined']}")
    if "targets" in expect and targets(board, teams_of) != expect["targets"]:
        problems.append(f"the host may attack {targets(board, teams_of)}, not {expect['targets']}")
    if failed:
        return problems + failed + invariants
    if script.done < len(script.actions):
        problems.append(f"the duel ended with {len(script.actions) - script.done} of the actions left "
                        f"(next: {script.actions[script.done]!r})")
    elif not script.looked and any(key in expect for key in ("step", "decider", "legal", "not_legal")):
        problems.append("the duel ended as the actions were used up: nothing left to look at")
    problems += script.problems
    if script.match is not None:
        seats = script.seats()
        events = [_readable(script.match, seats, e) for e in script.match.state.events]
        problems += in_order(expect.get("events", []), events, "event")
        problems += none_of(expect.get("absent", []), events, "event")
    elif expect.get("events"):
        problems.append("no action was taken in the duel: no core events")
    problems += in_order(expect.get("meta_events", []), meta, "meta event")
    problems += none_of(expect.get("meta_absent", []), meta, "meta event")
    if "base_life" in expect and game.life != expect["base_life"]:
        problems.append(f"base life is {game.life}, not {expect['base_life']}")
    return problems + invariants
