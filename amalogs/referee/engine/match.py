"""The match contract (OpenSpiel-like): current_player, legal_actions, apply_action, is_terminal, outcome,
observation, clone — with how a match is made (dealt, loaded from a position) and the state-based checks.

The shared steps and bridge rules between the two core games are the match's mixins: the menus of legal actions
(:mod:`amalogs.referee.engine.legal`), the host's turn and the stack (:mod:`amalogs.referee.engine.turn_steps`) and
the attack, blocks, battle and player damage (:mod:`amalogs.referee.engine.attack_steps`). Automatic steps run
inside ``apply_action`` until the next decision, so every decision point can be copied, saved and resumed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Any

from amalogs.catalog import Catalog, Game
from amalogs.errors import AmalogsError
from amalogs.models.cards import Deck
from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.engine.bridge import (
    destroy,
    destroy_if_dead,
    finish,
    public_card,
)
from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.effects import search_looked
from amalogs.referee.engine.field import lose
from amalogs.referee.engine.instances import card_instance, deck_instances, deck_parts
from amalogs.referee.engine import legal as legal_menus
from amalogs.referee.engine.registry import (
    MODULES,
    characters_of,
    core_game,
    module_of,
    turn_order,
)
from amalogs.referee.engine import rulings
from amalogs.referee.engine.rules import GameRules, rules_of
from amalogs.referee.engine.state import CardData, State
from amalogs.referee.engine.turn_steps import _CONTINUATIONS, TurnSteps

__all__ = [
    "MODULES",
    "Match",
    "Outcome",
    "UnsupportedGameError",
    "card_instance",
    "characters_of",
    "deck_instances",
    "destroy",
    "destroy_if_dead",
    "finish",
    "module_of",
]

class UnsupportedGameError(AmalogsError):
    """The referee has no module for this game yet."""


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int | None
    reason: str
    turns: int


class Match(TurnSteps):
    """A refereed duel between two decks (of the same game or of two games)."""

    def __init__(self, state: State) -> None:
        if not state.games:  # each seat's core game, on the state
            state.games = [MODULES[seat.game] for seat in state.seats]
        if not state.rules:  # a state made by hand: its games' facts from the loaded data
            from amalogs.catalog import load_catalog

            catalog = load_catalog()
            state.rules = [rules_of(catalog.games[seat.game], catalog.ontology) for seat in state.seats]
        self.state = state
        # some seat's game acts between decisions (選抜リーダー制, losing with no character in play …)
        self._checking = any(game.checks_state for game in state.games)
        # the seats whose game may find a loss or an interjection between decisions (the others' find none)
        self._watched = frozenset(k for k, game in enumerate(state.games) if game.acts_between)
        self._watch_order: dict[int, tuple[int, ...]] = {}  # the turn seat → the watched seats in turn order
        self._version = 0  # bumped by every apply_action
        self._legal: tuple[int, list[Action]] | None = None  # the last legal_actions() and its version
        self._interjected = False  # whether that list was a seat's interjection (its decision at once)
        self._clear = -1  # the version at which check_state found no seat with an interjection (none to ask again)
        self._steps: dict[str, CoreGame] = {}  # a game's own step ("GAME-ID:STEP") → the game that runs it
        self.deck_refs: list[str | None] = [None] * len(state.seats)  # each seat's deck (GAME:DECK or a file)
        # the seed the generator was last set from, with its state then (a position loaded and not played on)
        self._seeded: tuple[int, tuple[Any, ...]] | None = None

    # --- construction -------------------------------------------------------------------------------

    @classmethod
    def new(cls, catalog: Catalog, sides: Sequence[tuple[Game, Deck]], seed: int, turn_cap: int = 60,
            log_events: bool = True, rulings: bool = False) -> Match:
        """Decide the first player and deal both sides; the first decision is the first player's setup.
        ``rulings``: the players rule by hand the ``native`` effects the referee cannot carry out
        (:mod:`amalogs.referee.engine.rulings`)."""
        games: list[CoreGame] = []
        for game, _ in sides:
            try:
                games.append(core_game(game))
            except KeyError:
                names = ", ".join(MODULES)
                raise UnsupportedGameError(f"the referee cannot play {game.profile.name} yet (supported: {names})") \
                    from None
        rng = random.Random(seed)
        rules, cards, parts, has_auras, abilities, auras = _dealt(catalog, sides, games)
        seats = [game.new_seat({part: list(uids) for part, uids in seat_parts}, facts)
                 for game, seat_parts, facts in zip(games, parts, rules, strict=True)]
        # (the cards, a tuple, are shared by every match of these sides, as by a match's clones: what is worked out
        # once per card tuple — the instances of a type, what a search filter matches — holds for them all)
        state = State(seats, cards, rng, first=rng.randrange(len(seats)), turn_cap=turn_cap,
                      log_events=log_events, has_auras=has_auras, games=games, rules=list(rules),
                      boost=[0] * len(seats), rulings=rulings)
        state.ability_cards, state.aura_cards = abilities, auras
        if log_events:
            state.emit("start", seed=seed, first=state.first, games=[g.id for g, _ in sides])
        for i in turn_order(state, state.first):
            state.games[i].deal(state, i)
        match = cls(state)
        match._next_setup()
        if match._checking:
            match.check_state()
        return match

    @classmethod
    def from_position(cls, catalog: Catalog, source: Path | dict[str, Any], where: str | None = None) -> Match:
        """The match at a position: a position file (TOML or JSON) or its data (``docs/positions.md``).
        A position that breaks its games' rules raises :class:`~amalogs.referee.engine.positions.PositionError`
        naming the key."""
        from amalogs.referee.engine.position_build import load_position

        return load_position(catalog, source, cls, where)

    def position(self, catalog: Catalog) -> dict[str, Any]:
        """The match now as a position file's data: every zone in order (the deck included), each card
        with what is true of it, and a seed for what follows (loading it gives this match back)."""
        from amalogs.referee.engine.position_dump import dump_position

        return dump_position(self, catalog)

    @staticmethod
    def continuations() -> tuple[str, ...]:
        """Where the match may go on once the stack is empty, besides its decision steps."""
        return tuple(_CONTINUATIONS)

    def position_seed(self) -> int:
        """The seed a position of this match gives for what follows: the one it was loaded with while nothing
        random has happened since, else one worked out from the generator (without advancing it)."""
        from amalogs.referee.engine.position_dump import derived_seed

        state = self.state.rng.getstate()
        if self._seeded is not None and self._seeded[1] == state:
            return self._seeded[0]
        return derived_seed(self.state.rng)

    def clone(self) -> Match:
        twin = Match(self.state.clone())
        twin.deck_refs, twin._seeded = list(self.deck_refs), self._seeded
        return twin

    # --- the contract -------------------------------------------------------------------------------

    def current_player(self) -> int | None:
        return None if self.state.finished else self.state.decider

    def is_terminal(self) -> bool:
        return self.state.finished

    @property
    def outcome(self) -> Outcome | None:
        s = self.state
        return Outcome(s.winner, s.reason or "", s.turn) if s.finished else None

    def legal_actions(self) -> list[Action]:
        s = self.state
        s.auras_stale = True  # worked out again if the legal actions depend on a value
        me = s.decider
        now: list[Action] = []
        if s.finished or me is None:
            legal: list[Action] = []
        else:
            phase = s.phase
            now = s.games[me].interjection(s, me) if self._checking and phase != "setup" \
                and self._clear != self._version else []
            if now:  # a decision the seat must make at once (a new leader …)
                legal = now
            else:
                actions = _LEGAL.get(phase)
                if actions is not None:
                    legal = actions(self, s, me)
                elif ":" in phase:  # a step one core game runs itself ("GAME-ID:STEP")
                    legal = (self._steps.get(phase) or self._step_game(phase)).step_actions(s, me)
                else:
                    raise AssertionError(f"unknown phase {phase}")
        self._legal = (self._version, legal)
        self._interjected = bool(now)
        return legal


    def apply_action(self, action: Action | str) -> None:
        """Carry out one decision, then every automatic step until the next decision or the end."""
        act = Action.parse(action) if isinstance(action, str) else action
        # The state changes only through apply_action, so the list a player was just given is still valid.
        cached = self._legal
        legal = cached[1] if cached is not None and cached[0] == self._version else self.legal_actions()
        if act not in legal:
            raise IllegalActionError(act.text(), self._why(act, legal))
        self._version += 1
        s = self.state
        s.auras_stale = True
        me = s.decider
        assert me is not None
        if s.log_events:
            s.emit("action", seat=me, action=act.text())
        phase = s.phase
        if self._interjected:  # (the list just given was the seat's interjection: the state is unchanged since)
            s.games[me].apply_interjection(s, me, act)
        else:
            decide = _DECISIONS.get(phase)
            if decide is not None:
                decide(self, me, act)
            elif ":" in phase:
                # A decision in a step a core game runs itself (phase ``GAME-ID:STEP``): the game carries it out
                # and names where the match goes on — another of its own steps, or one of the match's (``main``,
                # ``attack``, ``block``, ``resolve-attack``, ``damage``, ``attack-over``, ``end``, ``next-turn``
                # …); None when the game has set the next decision (``phase`` and ``decider``) itself.
                then = (self._steps.get(phase) or self._step_game(phase)).apply_step(s, me, act)
                if then is not None and not s.finished:
                    self._run_stack(then)
            else:
                raise KeyError(phase)
        if self._checking:
            self.check_state()

    def check_state(self) -> None:
        """The rules that act between decisions, for the games that have them (``CoreGame.checks_state``): a
        seat that meets a losing condition loses; a seat that must decide at once (a new leader) decides next,
        and the decision that was waiting goes back to its decider after (kept in the match counter
        ``interrupted-decider``: the seat, or -1 for none)."""
        s = self.state
        if not self._checking or s.finished or s.phase == "setup":
            return
        order = self._watch_order.get(s.active)
        if order is None:
            order = self._watch_order[s.active] = tuple(k for k in turn_order(s, s.active) if k in self._watched)
        for k in order:
            lost = s.games[k].state_loss(s, k)
            if lost:
                lose(s, k, lost)
                return
        for k in order:
            if s.games[k].interjection(s, k):
                s.counters.setdefault(INTERRUPTED, -1 if s.decider is None else s.decider)
                s.decider = k
                return
        self._clear = self._version  # (no seat has one now: legal_actions need not ask until the next action)
        back = s.counters.pop(INTERRUPTED, None)
        if back is not None:
            s.decider = None if back < 0 else back

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: its own hand and private zones (a side deck only its owner looks at), public
        zones (another seat's face-down cards there as -1), only counts of hidden zones and of another seat's hand
        and private zones, and the seats' and the match's counters (HP, the tie count …)."""
        s = self.state
        seats = []
        visible: set[int] = set()
        for i, seat in enumerate(s.seats):
            hidden = s.games[i].hidden_zones
            private = s.games[i].private_zones if i != player else ()
            view: dict[str, Any] = {"game": seat.game, "rested": sorted(seat.rested), "damage": dict(seat.damage),
                                    "hand_limit": seat.counters.get("hand-limit", s.rules[i].hand_limit),
                                    "counters": dict(seat.counters)}
            for zone, cards in seat.zones.items():
                secret = zone in hidden or (zone == "hand" and i != player) or zone in private
                view[zone] = len(cards) if secret else list(cards)
                if not secret and seat.face_down and i != player:  # a face-down card in a public zone: -1
                    view[zone] = [-1 if u in seat.face_down else u for u in cards]
                if not secret:
                    visible.update(u for u in view[zone] if u >= 0)
            if seat.attached:  # what is attached to a character in play, and to which (equipment, energy): public
                view["attached_to"] = {e: c for e, c in seat.attached.items() if e in visible}
            if s.games[i].seat_view is not None:  # a field with places: where each card stands, and the like
                view.update(s.games[i].seat_view(s, i))
            seats.append(view)
        if s.phase == "search-pick" and player == s.decider:
            visible.update(search_looked(s, s.stack[-1]))  # the searching player looks at these
        if s.scout is not None and player == s.decider:
            visible.update(s.scout[0])  # … and the scouting player at the cards it is putting back
        if s.attack is not None:
            attack = {"attacker": s.attack.attacker, "target": s.attack.target, "blocker": s.attack.blocker,
                      "hits_left": s.attack.hits_left}
            if s.attack.power or s.attack.shield:
                attack |= {"power": s.attack.power, "shield": s.attack.shield}
        else:
            attack = None
        pending = None
        if s.stack:
            top = s.stack[-1]
            pending = {"controller": top.controller, "source": top.source, "effect": top.effect.do,
                       "side": getattr(getattr(top.effect, "target", None), "side", None)}
            if top.effect.do == "choose":  # what each option does
                pending["options"] = [option.do for option in top.effect.options]
            if s.phase in ("ruling", "ruling-confirm"):  # the effect's words, and what was proposed, for everyone
                pending |= {"text": top.effect.text, "ruling": rulings.proposal(s)}
        return {"turn": s.turn, "active": s.active, "phase": s.phase, "you": player, "seats": seats,
                "counters": dict(s.counters),
                "attack": attack, "pending": pending, "cards": {u: public_card(s, u) for u in sorted(visible)}}

    def _why(self, act: Action, legal: list[Action]) -> str:
        s = self.state
        if s.finished:
            return "the match is over"
        verbs = sorted({a.verb for a in legal})
        if act.verb not in verbs:
            return f"in the {s.phase} step player {s.decider} may only: {', '.join(verbs)}"
        same = [a.text() for a in legal if a.verb == act.verb]
        return f"not allowed with these arguments now; allowed: {', '.join(same[:8])}" + (" …" if len(same) > 8 else "")


INTERRUPTED = "interrupted-decider"
"""The match counter that holds the decider of a decision step while another seat decides at once."""

_DECISIONS: dict[str, Callable[[Match, int, Action], None]] = {
    "setup": Match._do_setup, "main": Match._do_main, "reaction": Match._do_reaction, "attack": Match._do_attack,
    "block": Match._do_block, "trigger": Match._do_trigger, "target": Match._do_target, "choose": Match._do_choose,
    "discard": Match._do_discard, "effect-discard": Match._do_effect_discard,
    "cost-discard": Match._do_cost_discard, "scout-place": Match._do_scout_place,
    "search-pick": Match._do_search_pick, "ruling": Match._do_ruling, "ruling-confirm": Match._do_ruling_confirm,
    "support": Match._do_support, "guard": Match._do_guard,
}
"""The match's decision steps and what carries out a decision in each (a game's own steps go to the game)."""

_LEGAL = legal_menus._LEGAL
"""The legal actions of each of the match's decision steps (:mod:`amalogs.referee.engine.legal`), bound here by
assignment, not imported by name: CPython compiles a method call on an imported name as an attribute load (a
bound method made on every call), so ``_LEGAL.get`` in ``legal_actions`` stays the plain method call it was."""

def _dealt(catalog: Catalog, sides: Sequence[tuple[Game, Deck]], games: list[CoreGame]) -> tuple[
        tuple[GameRules, ...], tuple[CardData, ...], tuple[tuple[tuple[str, range], ...], ...], bool,
        tuple[int, tuple[frozenset[int], ...]], tuple[int, tuple[frozenset[int], ...]]]:
    """What a new match of these sides starts from, worked out once per catalog, sides and core games: each
    seat's game facts, the card instances (seat by seat), each seat's deck parts as instance numbers, whether a
    card has an aura, and each seat's cards with an activated ability and with an aura (``State.ability_cards``,
    ``State.aura_cards``). (The entry keeps the objects it is known by, so their ids stay theirs.)"""
    key = (id(catalog), *map(id, chain.from_iterable(sides)), *map(id, games))
    hit = _DEALT.get(key)
    if hit is None:
        cards: list[CardData] = []
        rules, parts, has_auras = [], [], False
        for i, (game, deck) in enumerate(sides):
            rules.append(rules_of(game, catalog.ontology))
            seat_parts, auras = deck_parts(catalog, game, deck, i, cards)
            parts.append(tuple((part, range(uids[0], uids[-1] + 1) if uids else range(0)) for part, uids in
                               seat_parts.items()))
            has_auras = has_auras or auras
        abilities = tuple(frozenset(c.uid for c in cards if c.owner == j and c.abilities) for j in range(len(sides)))
        with_auras = tuple(frozenset(k for k, c in enumerate(cards) if c.owner == j and c.auras)
                           for j in range(len(sides)))
        if len(_DEALT) > 32:  # (an entry keeps its catalog: only a few are kept)
            _DEALT.clear()
        hit = _DEALT[key] = ((catalog, tuple(sides), tuple(games)), tuple(rules), tuple(cards), tuple(parts), has_auras,
                             (len(cards), abilities), (len(cards), with_auras))
    return hit[1], hit[2], hit[3], hit[4], hit[5], hit[6]


_DEALT: dict[tuple[int, ...], tuple[Any, tuple[GameRules, ...], tuple[CardData, ...],
                                    tuple[tuple[tuple[str, range], ...], ...], bool,
                                    tuple[int, tuple[frozenset[int], ...]], tuple[int, tuple[frozenset[int], ...]]]] = {}
