"""Saving a match and resuming it: the save file, and the session that plays a match decision by decision.

A save file is one JSON object: what ``amalogs match`` was asked to play (games, sample decks, seed, players,
turn cap, and for a match of the server its deal: how the seed was chosen and the commitment published for it),
every decision taken so far in its text form, a digest of the events those decisions produced, and a seal of
every field (:mod:`amalogs.referee.sessions.seal`), so an edited header is refused naming the field. Resuming rebuilds the match from the seed and plays the saved decisions again, asking each AI
player for its choice as it goes (so its random generator is exactly where it was) and checking that the
player chooses the saved action; then it checks the event digest. The resumed match therefore goes on
exactly as an uninterrupted run with the same seed would, and a file that was truncated, edited or saved by
a referee whose rules have changed since is refused with a one-line error. Nothing here writes to the save
file: the caller writes a new one (atomically) only when a resumed match stops again.

    {"type": "amalogs-save", "version": 2, "amalogs": "0.1.0", "games": [...], "decks": [...], "seed": 4,
     "players": ["random", "greedy"], "turn_cap": 60, "actions": ["keep", "energy 12", ...],
     "events": 318, "digest": "sha256 hex of the events as JSON lines", "seal": {"games": "…", …}}

Version 1 (before the seal) is still read: its header is checked only by playing the match again.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from amalogs import __version__
from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.validation_messages import describe
from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.engine.determinize import InformationSet
from amalogs.referee.engine.invariants import check_invariants
from amalogs.referee.engine.match import Match
from amalogs.referee.players import MatchReader, Player, make_player, reads_match, reads_observation
from amalogs.referee.sessions.seal import Deal, Seed, deal_check, seal_of, unsealed_field
from amalogs.referee.sessions.sides import resolve_side

__all__ = ["SAVE_VERSION", "SaveError", "Session", "events_digest", "load_session"]

SAVE_VERSION = 2
READS = (1, 2)  # version 1: written before the seal (still resumed)


Name = Annotated[str, Field(min_length=1, max_length=200)]
TurnCap = Annotated[int, Field(ge=1, le=100_000)]  # a match ends as a draw after this many turns


class SaveError(AmalogsError):
    """A save file that cannot be resumed; the message names the file and what is wrong."""


class SavedMatch(BaseModel):
    """The save file's fields (validated, so a damaged file gets a message naming the field)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    type: Literal["amalogs-save"]
    version: int
    amalogs: Annotated[str, Field(max_length=64)]
    games: tuple[Name, Name]
    decks: tuple[Name, Name]
    seed: Seed
    players: tuple[Name, Name]
    turn_cap: TurnCap
    actions: Annotated[list[Annotated[str, Field(max_length=200)]], Field(max_length=1_000_000)]
    events: Annotated[int, Field(ge=0)]
    digest: Annotated[str, Field(max_length=128)]
    rulings: bool = False  # native effects ruled by hand (engine.rulings); written only when true
    deal: Deal | None = None  # a match of the server: how its seed was chosen, and its commitment
    seal: dict[Annotated[str, Field(max_length=40)], Annotated[str, Field(max_length=64)]] | None = None

    def sealed_fields(self) -> dict[str, Any]:
        """The fields the seal covers: the header the match is played from (the decisions and the events are
        checked by playing them again), as JSON values."""
        return self.model_dump(mode="json", exclude={"seal", "actions", "events", "digest"})


def events_digest(events: Iterable[dict[str, Any]]) -> str:
    """A digest of an event list, as the JSONL log writes it."""
    sha = hashlib.sha256()
    for event in events:
        sha.update(json.dumps(event, ensure_ascii=False, sort_keys=True).encode("utf-8"))
        sha.update(b"\n")
    return sha.hexdigest()


def _player(name: str) -> Player:
    return make_player(name)  # raises PlayerNameError (an AmalogsError) for a name no player answers to


class Session:
    """One match with its players, played a decision at a time; every decision is kept for a save file.

    Each player draws its randomness from its own generator seeded from the match seed, so a seeded
    session repeats exactly; ``step`` records an action only once it has been carried out, so a session
    interrupted at any moment (Ctrl-C) saves a consistent prefix of the match."""

    def __init__(self, catalog: Catalog, sides: Any, seed: int, players: tuple[str, str], turn_cap: int = 60,
                 log_events: bool = True, match: Match | None = None, check: bool = False, *,
                 rulings: bool = False, deal: Deal | None = None) -> None:
        self.sides, self.catalog = sides, catalog
        self.deal = deal  # a match of the server: the commitment to its secret seed (seal.Deal)
        self.seed, self.players, self.turn_cap = seed, players, turn_cap
        if match is None:
            match = Match.new(catalog, [(s.game, s.deck) for s in sides], seed, turn_cap, log_events, rulings=rulings)
            match.deck_refs = [f"{s.game.id}:{s.deck_id}" for s in sides]
        self.rulings = match.state.rulings  # the players rule native effects by hand (engine.rulings)
        self.match = match  # a new match of the sides, or one given (a position played on)
        self.agents = [_player(p) for p in players]
        # how each player is asked (worked out once): with samples of the match (a search), the observation, or neither
        self._searchers: list[MatchReader | None] = [a if reads_match(a) else None for a in self.agents]
        self._reads = [reads_observation(a) for a in self.agents]
        for agent in self.agents:
            if getattr(agent, "interactive", False):  # a person's screen reads the cards' printed data from the match's data
                agent.catalog = catalog  # type: ignore[attr-defined]
        self.rngs = [random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)]
        self.taken: list[Action] = []  # the decisions carried out, in order
        self.ends: list[int] = [len(match.state.events)]  # events after the deal, then after each decision
        self.check = check  # check the referee's invariants after every decision (amalogs match --check)
        if check:
            check_invariants(self.match, "the start")

    @property
    def actions(self) -> list[str]:
        """The decisions carried out, as text (what a save file keeps)."""
        return [a.text() for a in self.taken]

    @property
    def finished(self) -> bool:
        return self.match.is_terminal()

    def choose(self) -> Action:
        """The current player's choice (advances that player's generator)."""
        me = self.match.current_player()
        assert me is not None
        agent = self.agents[me]
        searcher = self._searchers[me]
        if searcher is not None:  # a search player: what its seat may know, and samples consistent with it
            return searcher.choose_in(InformationSet(self.match, me), self.match.legal_actions(), self.rngs[me])
        seen = self.match.observation(me) if self._reads[me] else {}  # else it is not built at all
        return agent.choose(seen, self.match.legal_actions(), self.rngs[me])

    def step(self, action: Action | None = None) -> None:
        """One decision: the player's own choice, or ``action`` when one is given (already chosen)."""
        act = self.choose() if action is None else action
        self.match.apply_action(act)
        self.taken.append(act)
        self.ends.append(len(self.match.state.events))
        if self.check:
            check_invariants(self.match, f"decision {len(self.taken)} ({act.text()})")

    def run(self, on_event: Callable[[dict[str, Any]], None] | None = None, stop_after: int | None = None) -> None:
        """Play until the match ends (or ``stop_after`` more decisions), passing new events to ``on_event``."""
        if on_event is None and stop_after is None and not self.check and not any(self._searchers):
            self._run_through()
            return
        shown = len(self.match.state.events)
        taken = 0
        while not self.finished and (stop_after is None or taken < stop_after):
            self.step()
            taken += 1
            if on_event is not None:
                events = self.match.state.events
                for event in events[shown:]:
                    on_event(event)
                shown = len(events)

    def _run_through(self) -> None:
        """:meth:`run` to the end with no one watching: the same decisions as :meth:`step` one by one (each
        player asked with what it reads, its own generator), with the loop's lookups made once (a batch of
        matches spends most of its time here)."""
        match, state = self.match, self.match.state
        agents, reads, rngs = self.agents, self._reads, self.rngs
        taken, ends, events = self.taken, self.ends, state.events
        legal_actions, apply_action, observation = match.legal_actions, match.apply_action, match.observation
        while not state.finished:
            me = state.decider
            assert me is not None
            act = agents[me].choose(observation(me) if reads[me] else {}, legal_actions(), rngs[me])
            apply_action(act)
            taken.append(act)
            ends.append(len(events))

    def to_json(self) -> str:
        events = self.match.state.events
        saved = SavedMatch(type="amalogs-save", version=SAVE_VERSION, amalogs=__version__,
                           games=(self.sides[0].game.id, self.sides[1].game.id),
                           decks=(self.sides[0].deck_id, self.sides[1].deck_id), seed=self.seed,
                           players=self.players, turn_cap=self.turn_cap, actions=list(self.actions),
                           events=len(events), digest=events_digest(events), rulings=self.rulings,
                           deal=self.deal)
        data = saved.model_dump(mode="json", exclude={"seal"} | (set() if self.rulings else {"rulings"})
                                | (set() if self.deal else {"deal"}))
        data["seal"] = seal_of(saved.sealed_fields())
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def save(self, path: Path) -> None:
        """Write the match so far (atomically: an existing file is replaced only by a complete new one)."""
        from amalogs.writer import write_atomic

        write_atomic(path, self.to_json())

    def save_after_error(self, path: Path) -> None:
        """Save the decisions carried out before an error broke off the match. The match itself may be half
        way through the failed decision, so the save's events are those of the recorded decisions played
        again on a new match (what ``amalogs resume`` will check)."""
        from amalogs.writer import write_atomic

        clean = Session(self.catalog, self.sides, self.seed, self.players, self.turn_cap, rulings=self.rulings,
                        deal=self.deal)
        for action in self.taken:
            clean.match.apply_action(action)
        clean.taken = list(self.taken)
        write_atomic(path, clean.to_json())


SAVE_LIMIT = 64 * 1024 * 1024  # bytes: a save longer than this is refused before it is read


def _read(path: Path) -> SavedMatch:
    from amalogs.inputs import read_text

    text = read_text(path, "save file", SAVE_LIMIT, lambda problem: SaveError(f"{path}: {problem}"))
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError(f"{path}: not a save file (nested too deeply)") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}: not a complete save file (truncated or not JSON: {exc.msg} at line {exc.lineno})") \
            from None
    if not isinstance(data, dict) or data.get("type") != "amalogs-save":
        raise SaveError(f"{path}: not an amalogs save file (its 'type' must be 'amalogs-save')")
    if data.get("version") not in READS or isinstance(data.get("version"), bool):
        from amalogs.errors import cut

        raise SaveError(f"{path}: save format version {cut(data.get('version'))} (from amalogs "
                        f"{cut(data.get('amalogs', '?'))}) is not supported: this amalogs {__version__} reads version "
                        f"{SAVE_VERSION} (and version 1)")
    try:
        saved = SavedMatch.model_validate_json(text)
    except ValidationError as exc:
        where, message = describe(exc.errors()[0], SavedMatch)
        raise SaveError(f"{path}: {where or '(top level)'}: {message}") from None
    if saved.version >= 2 and saved.seal is None:
        raise SaveError(f"{path}: seal: missing (a save of version {saved.version} carries a seal of its fields)")
    if saved.version < 2 and (saved.seal is not None or saved.deal is not None):
        raise SaveError(f"{path}: version: version 1 saves have no seal or deal: the version was edited")
    return saved


def _check_header(path: Path, saved: SavedMatch) -> None:
    """The header is the one sealed (version 2), and a deal's commitment holds for the seed."""
    if saved.seal is not None:
        edited = unsealed_field(saved.sealed_fields(), saved.seal)
        if edited is not None:
            raise SaveError(f"{path}: {edited}: edited since the save was written (it does not match the save's "
                            "seal): not resumed")
    if saved.deal is not None:
        broken = deal_check(saved.seed, saved.deal)
        if broken is not None:
            raise SaveError(f"{path}: deal: {broken}")


def load_session(catalog: Catalog, path: Path, log_events: bool = True, seconds: float | None = None) -> Session:
    """Rebuild a saved match: the same sides, seed and players, and every saved decision played again.
    ``seconds``: refuse the save when checking it takes longer (an AI player decides every saved decision of
    its seat again, and a search player given many iterations is slow: a server opening an uploaded save)."""
    saved = _read(path)
    deadline = None if seconds is None else time.monotonic() + seconds
    try:
        sides = tuple(resolve_side(catalog, f"{g}:{d}") for g, d in zip(saved.games, saved.decks, strict=True))
        session = Session(catalog, sides, saved.seed, saved.players, saved.turn_cap, log_events=True,
                          rulings=saved.rulings, deal=saved.deal)
    except AmalogsError as exc:
        raise SaveError(f"{path}: {exc}") from None
    _check_header(path, saved)  # after the values themselves were checked: a bad one is named for what it is
    for k, text in enumerate(saved.actions):
        if deadline is not None and time.monotonic() > deadline:
            raise SaveError(f"{path}: checking the save's decisions took over {seconds:g} s (at decision {k} of "
                            f"{len(saved.actions)}): not opened")
        if session.finished:
            raise SaveError(f"{path}: actions: the match was over after {k} decisions but the file has "
                            f"{len(saved.actions)}")
        try:
            action = Action.parse(text)
        except IllegalActionError as exc:
            raise SaveError(f"{path}: actions.{k}: {exc}") from None
        me = session.match.current_player()
        if getattr(session.agents[me or 0], "interactive", False):  # a person's decision: not asked again
            try:
                session.step(action)
            except IllegalActionError as exc:
                raise SaveError(f"{path}: actions.{k}: {exc}") from None
            continue
        chosen = session.choose()
        if chosen != action:
            raise SaveError(f"{path}: actions.{k}: the saved decision {text!r} is not what player "
                            f"{session.match.current_player()} ({session.players[session.match.current_player() or 0]})"
                            f" chooses there ({chosen.text()!r}): the file was edited, or saved by a referee whose "
                            f"rules differ (saved by amalogs {saved.amalogs}, this is {__version__})")
        session.step(chosen)
    events = session.match.state.events
    if len(events) != saved.events or events_digest(events) != saved.digest:
        raise SaveError(f"{path}: the replayed match does not give the saved events ({len(events)} events against "
                        f"{saved.events} saved): saved by amalogs {saved.amalogs} with other rules, or edited")
    if not log_events:
        session.match.state.log_events = False
    return session
