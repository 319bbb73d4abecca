"""The match contract (OpenSpiel-like): current_player, legal_actions, apply_action, is_terminal, outcome,
observation, clone — and the shared steps and bridge rules between the two core games.

The active player is the host: its game runs the turn (:class:`amalogs.referee.engine.core.CoreGame`). The
defender's game decides blocks and takes the damage on its own life. Battles compare canonical values
(thousandths; a BP character counts as BP/BP), 先制攻撃 deals first, damage accumulates until the end of the
turn. Player damage: an SPS attacker deals its SP one point at a time; a DDS attacker deals its AP as one
hit to a DDS player and SP 1 to an SPS player (the AMALOGS resolution table), each plus its SP bonus.
Automatic steps run inside ``apply_action`` until the next decision, so every decision point can be copied,
saved and resumed.
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
from amalogs.referee.engine.abilities import (
    activate,
    activations,
    cost_discard_actions,
    pay_discard,
)
from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.engine.bridge import (
    battle,
    destroy,
    destroy_if_dead,
    finish,
    public_card,
)
from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.effects import (
    ap,
    discard_from_hand,
    pick_searched,
    place_scouted,
    push_effects,
    resolve,
    scout_actions,
    search_candidates,
    sp,
    target_actions,
)
from amalogs.referee.engine.field import lose
from amalogs.referee.engine.instances import card_instance, deck_instances, deck_parts
from amalogs.referee.engine.registry import (
    MODULES,
    characters_of,
    core_game,
    game_of_step,
    module_of,
    next_seat,
    opponents,
    turn_order,
)
from amalogs.referee.engine import rulings
from amalogs.referee.engine.rules import GameRules, rules_of
from amalogs.referee.engine.state import Attack, CardData, State

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


class Match:
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
        self._version = 0  # bumped by every apply_action
        self._legal: tuple[int, list[Action]] | None = None  # the last legal_actions() and its version
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
        state = State(seats, list(cards), rng, first=rng.randrange(len(seats)), turn_cap=turn_cap,
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
        if s.finished or me is None:
            legal: list[Action] = []
        else:
            phase = s.phase
            now: list[Action] = s.games[me].interjection(s, me) if self._checking and phase != "setup" else []
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
        return legal

    def _step_game(self, step: str) -> CoreGame:
        """The game that runs one of its own steps (``GAME-ID:STEP``), looked up once per step and match."""
        game = self._steps.get(step)
        if game is None:
            game = self._steps[step] = game_of_step(self.state, step)
        return game

    def _setup_actions(self, s: State, me: int) -> list[Action]:
        return s.games[me].setup_actions(s, me)  # type: ignore[no-any-return]

    def _main_actions(self, s: State, me: int) -> list[Action]:
        module = s.games[me]
        actions: list[Action] = module.main_actions(s, me)
        return activations(s, module, me) + actions if module.can_activate(s, me) else actions

    def _block_actions(self, s: State, me: int) -> list[Action]:
        assert s.attack is not None
        options = s.games[me].block_options(s, me, s.attack.target)
        return [_NOBLOCK, *[_new(Action, ("block", (u,))) for u in options]]

    def _trigger_actions(self, s: State, me: int) -> list[Action]:
        return [_USE, _DECLINE]

    def _target_actions(self, s: State, me: int) -> list[Action]:
        return target_actions(s)

    def _reaction_actions(self, s: State, me: int) -> list[Action]:
        return [*s.games[me].reactions(s, me), _PASS]

    def _scout_actions(self, s: State, me: int) -> list[Action]:
        return scout_actions(s)

    def _cost_discard_actions(self, s: State, me: int) -> list[Action]:
        return cost_discard_actions(s, me)

    def _search_actions(self, s: State, me: int) -> list[Action]:
        return [Action("take", (u,)) for u in search_candidates(s, s.stack[-1])]

    def _discard_actions(self, s: State, me: int) -> list[Action]:
        return [_new(Action, ("discard", (u,))) for u in s.seats[me].zones["hand"]]

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
        if self._checking and phase != "setup" and act in s.games[me].interjection(s, me):
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
        order = turn_order(s, s.active)
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
        back = s.counters.pop(INTERRUPTED, None)
        if back is not None:
            s.decider = None if back < 0 else back

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: its own hand, public zones (another seat's face-down cards there as -1), only
        counts of hidden zones, and the seats' and the match's counters (HP, the tie count …)."""
        s = self.state
        seats = []
        visible: set[int] = set()
        for i, seat in enumerate(s.seats):
            hidden = s.games[i].hidden_zones
            view: dict[str, Any] = {"game": seat.game, "rested": sorted(seat.rested), "damage": dict(seat.damage),
                                    "hand_limit": seat.counters.get("hand-limit", s.rules[i].hand_limit),
                                    "counters": dict(seat.counters)}
            for zone, cards in seat.zones.items():
                secret = zone in hidden or (zone == "hand" and i != player)
                view[zone] = len(cards) if secret else list(cards)
                if not secret and seat.face_down and i != player:  # a face-down card in a public zone: -1
                    view[zone] = [-1 if u in seat.face_down else u for u in cards]
                if not secret:
                    visible.update(u for u in view[zone] if u >= 0)
            seats.append(view)
        if s.phase == "search-pick" and player == s.decider:
            visible.update(search_candidates(s, s.stack[-1]))  # the searching player looks at these
        if s.scout is not None and player == s.decider:
            visible.update(s.scout[0])  # … and the scouting player at the cards it is putting back
        if s.attack is not None:
            attack = {"attacker": s.attack.attacker, "target": s.attack.target, "blocker": s.attack.blocker,
                      "hits_left": s.attack.hits_left}
        else:
            attack = None
        pending = None
        if s.stack:
            top = s.stack[-1]
            pending = {"controller": top.controller, "source": top.source, "effect": top.effect.do,
                       "side": getattr(getattr(top.effect, "target", None), "side", None)}
            if s.phase in ("ruling", "ruling-confirm"):  # the effect's words, and what was proposed, for everyone
                pending |= {"text": top.effect.text, "ruling": rulings.proposal(s)}
        return {"turn": s.turn, "active": s.active, "phase": s.phase, "you": player, "seats": seats,
                "counters": dict(s.counters),
                "attack": attack, "pending": pending, "cards": {u: public_card(s, u) for u in sorted(visible)}}

    # --- setup --------------------------------------------------------------------------------------

    def _next_setup(self) -> None:
        s = self.state
        for i in turn_order(s, s.first):
            if s.games[i].setup_actions(s, i):
                s.phase, s.decider = "setup", i
                return
        for i in turn_order(s, s.first):
            s.games[i].finish_setup(s, i)
        self._start_turn(s.first)

    def _do_setup(self, me: int, act: Action) -> None:
        self.state.games[me].apply_setup(self.state, me, act)
        self._next_setup()

    # --- the host's turn ----------------------------------------------------------------------------

    def _start_turn(self, me: int) -> None:
        s = self.state
        if s.turn >= s.turn_cap:
            self._finish(None, f"turn cap ({s.turn_cap}) reached: a draw")
            return
        s.turn += 1
        s.active, s.decider = me, me
        s.seats[me].turns += 1
        s.seats[me].used.clear()
        if s.log_events:
            s.emit("turn", seat=me, number=s.turn)
        lost = s.games[me].begin_turn(s, me)
        if lost:
            lose(s, me, lost)
            return
        self._timed_effects(me, "start-of-turn")
        self._run_stack(s.games[me].first_step)

    def _timed_effects(self, me: int, when: str) -> None:
        """Put the effects of a timing of every character the seat has on the field on the stack."""
        s = self.state
        cards = s.cards
        for uid in s.games[me].characters(s, me):
            if when in cards[uid].timed:  # (a card with no effect of the timing puts nothing on the stack)
                push_effects(s, me, uid, when)

    def _do_main(self, me: int, act: Action) -> None:
        if act.verb == "activate":
            activate(self.state, self.state.games[me], me, int(act.args[0]), int(act.args[1]))
            if self.state.phase != "cost-discard":  # else the player picks the cards to discard first
                self._run_stack("main")
            return
        to_attack = self.state.games[me].apply_main(self.state, me, act)
        self._run_stack("reactions" if to_attack else "main")

    def _do_reaction(self, me: int, act: Action) -> None:
        """The defender's spell-speed-2 window as the host's attacks begin."""
        if act.verb == "pass":
            self._offer_reaction(after=me)
            return
        self.state.games[me].apply_reaction(self.state, me, act)
        self._run_stack("reactions")

    def _run_stack(self, resume: str) -> None:
        """Resolve pending effects, then go on with ``resume``: a decision step (main, attack) or one of the
        continuations below (the attack's damage, blocks, the battle, the end of the turn …)."""
        s = self.state
        s.resume = resume
        if s.stack and not resolve(s):
            return  # a target decision is needed
        if s.finished:
            return
        then = _CONTINUATIONS.get(resume)
        if then is None:
            s.phase, s.decider = resume, s.active
            if ":" in resume:  # a core game's own step: the game may name who decides it (default: the host)
                s.decider = (self._steps.get(resume) or self._step_game(resume)).step_decider(s)
        else:
            then(self)

    def _then_damage(self) -> None:
        s = self.state
        if s.attack is not None and s.attack.hits_left > 0:
            s.phase = "damage"
            self._deal_hits(s.attack.defender)
        else:
            self._after_attack()

    def _then_block(self) -> None:
        s = self.state
        if s.attack is None or s.attack.attacker not in s.games[s.active].characters(s, s.active):
            self._after_attack()  # the attacker is gone before blocks
        else:
            s.phase, s.decider = "block", s.attack.defender

    def _then_resolve_attack(self) -> None:
        attack = self.state.attack
        assert attack is not None
        self._resolve_attack(attack.defender)

    def _then_end(self) -> None:
        self._cleanup(self.state.active)

    def _then_attack_over(self) -> None:
        self._after_attack()

    def _then_reactions(self) -> None:
        """The spell-speed-2 window as the host's attacks begin, and again after each reaction resolves (a later
        play answers an earlier one: 後出し優勢): every seat but the host's is asked in turn order from the
        host's — its allies (キャスト) as well as the other side (ゲスト) — and the first whose game offers a
        play decides; with none, the host goes on to its attacks."""
        self._offer_reaction(after=None)

    def _offer_reaction(self, after: int | None) -> None:
        """Ask the seats after ``after`` (all of them when None), in turn order from the host, up to the host."""
        s = self.state
        order = turn_order(s, s.active)[1:]
        if after is not None:
            order = order[order.index(after) + 1:] if after in order else []
        for j in order:
            if s.games[j].reactions(s, j):
                s.phase, s.decider = "reaction", j
                return
        s.phase, s.decider = "attack", s.active

    def _then_next_turn(self) -> None:
        """The host's turn ends with no end-of-turn procedure of the match's (a game that ran its own)."""
        self._start_turn(next_seat(self.state, self.state.active))

    def _do_target(self, me: int, act: Action) -> None:
        s = self.state
        if not resolve(s, int(act.args[0]) if act.verb == "target" else -1):
            return
        self._run_stack(s.resume)

    def _do_ruling(self, me: int, act: Action) -> None:
        rulings.propose(self.state, me, act)

    def _do_ruling_confirm(self, me: int, act: Action) -> None:
        if rulings.decide(self.state, me, act):
            self._run_stack(self.state.resume)

    def _attack_actions(self, me: int) -> list[Action]:
        s = self.state
        module = s.games[me]
        out: list[Action] = []
        others = opponents(s, me)
        one = len(others) == 1
        same: dict[int, list[int | None]] | None = None if module.targets_per_attacker else {}
        for u in module.attackers(s, me):
            for j in others:  # a player is named by its seat when more than one may be attacked
                if same is None:
                    offered = module.targets(s, me, u, j)
                else:  # the same targets for every attacker: asked once
                    offered = same.get(j)
                    if offered is None:
                        offered = same[j] = module.targets(s, me, u, j)
                guard = s.games[j]
                if guard.filters_attacks:  # the defender's game may narrow them (選抜リーダー制: its leader only)
                    offered = guard.attackable(s, j, u, offered)
                for t in offered:
                    out.append(_new(Action, ("attack", (u, "unit", t) if t is not None else (u, "player")
                                             if one else (u, "player", j))))
        if out:
            forced = module.must_attack(s, me)  # e.g. ビルディバイド バーサーク
            if forced:
                must = set(forced)
                if any(a[1][0] in must for a in out):
                    return out  # a character that must attack still can: the attacks cannot end yet
        out.append(_END_ATTACKS)
        return out

    def _do_attack(self, me: int, act: Action) -> None:
        s = self.state
        if act.verb == "end-attacks":
            self._end_turn(me)
            return
        attacker = int(act.args[0])
        target = int(act.args[2]) if act.args[1] == "unit" else None
        if target is not None:
            defender = s.cards[target].owner
        else:
            defender = int(act.args[2]) if len(act.args) > 2 else opponents(s, me)[0]
        s.games[me].on_attack(s, me, attacker)
        s.attack = Attack(attacker, target, defender=defender)
        if s.log_events:
            s.emit("attack", seat=me, attacker=attacker, target="player" if target is None else target)
        push_effects(s, me, attacker, "attack")
        self._run_stack("block")

    def _do_block(self, me: int, act: Action) -> None:
        s = self.state
        attack = s.attack
        assert attack is not None
        if act.verb == "block":
            attack.blocker = int(act.args[0])
            s.games[me].on_block(s, me, attack.blocker)
            named = s.games[me].block_name  # e.g. 迎撃 (戦国大戦TCG's word for it)
            if s.log_events:
                s.emit("block", seat=me, blocker=attack.blocker, **({"as": named} if named else {}))
            push_effects(s, me, attack.blocker, "block")
        self._run_stack("blocks-done")

    def _then_blocks_done(self) -> None:
        """After blocks the host's game may run a step of its own before the damage (``after_blocks`` names it;
        a game without one goes straight on to resolve the attack)."""
        s = self.state
        self._run_stack(s.games[s.active].after_blocks(s))

    def _resolve_attack(self, defender: int) -> None:
        """Battle the blocker or the target character, or damage the player."""
        s = self.state
        attack = s.attack
        assert attack is not None
        if attack.attacker not in s.games[s.active].characters(s, s.active):
            self._after_attack()
            return
        opponent = attack.blocker if attack.blocker is not None else attack.target
        if opponent is None:
            self._player_damage(defender)
        elif opponent not in s.games[defender].characters(s, defender):
            s.emit("fizzle", seat=defender, card=opponent, effect="battle")
            self._after_attack()
        else:
            battle(s, attack.attacker, opponent)
            self._run_stack("attack-over")

    def _player_damage(self, defender: int) -> None:
        """Bridge rule: the attacker's damage system against the defender's life system. A DDS attacker's SP
        bonus (its SP this turn — printed 0 — plus its controller's boost_attack; 0 or less is ignored) adds to
        its AP against a DDS player, and to the SP 1 it deals an SPS player (docs/rules.md §3)."""
        s = self.state
        attack = s.attack
        assert attack is not None
        guard = s.games[defender]
        host = s.active
        boost, s.boost[host] = s.boost[host], 0  # used by this player damage
        if s.rules[host].damage_system == "SPS":
            attack.hits_left = sp(s, attack.attacker) + boost
            self._deal_hits(defender)
            return
        bonus = max(sp(s, attack.attacker) + boost, 0)
        if s.rules[defender].dds_hits_with_ap:  # the resolution table: AP against forts, life points …
            result = guard.take_attack(s, defender, ap(s, attack.attacker) + bonus * 1000)
            self._hit_result(defender, result)
            if not s.finished and s.phase != "trigger":
                self._run_stack("damage")
            return
        attack.hits_left = 1 + bonus  # a DDS attacker hitting an SPS player deals SP 1, plus its SP bonus
        self._deal_hits(defender)

    def _deal_hits(self, defender: int) -> None:
        """Deal the remaining hits one by one; stop for a trigger decision, a loss, or a lost attacker."""
        s = self.state
        attack = s.attack
        assert attack is not None
        host = s.active
        while attack.hits_left > 0:
            if attack.attacker not in s.games[host].characters(s, host):
                s.emit("hits-cancelled", seat=defender, hits=attack.hits_left)
                break
            attack.hits_left -= 1
            self._hit_result(defender, s.games[defender].take_hit(s, defender))
            if s.finished or s.phase == "trigger":
                return
            if s.stack:  # a fort's quick effect (a mandatory life trigger)
                self._run_stack("damage")
                return
        self._after_attack()

    def _hit_result(self, defender: int, result: str) -> None:
        s = self.state
        if result == "lost":
            lose(s, defender, "damage with no life left")
        elif result == "burst" and s.attack is not None:
            s.attack.hits_left += 1
        elif result == "trigger":
            s.phase, s.decider = "trigger", defender

    def _do_trigger(self, me: int, act: Action) -> None:
        s = self.state
        assert s.trigger_card is not None
        s.games[me].trigger(s, me, s.trigger_card, act.verb == "use")
        s.trigger_card = None
        if s.trigger_by_effect:  # back to the effects on the stack (the rest of the damage), then on
            s.trigger_by_effect = False
            s.phase = "resolving"
            self._run_stack(s.resume)
            return
        s.phase = "damage"  # back to dealing the attack's damage (a step with no decision)
        self._run_stack("damage")

    def _after_attack(self) -> None:
        s = self.state
        s.attack = None  # back to the host's attack step, or where its game returns after a battle
        s.phase, s.decider = s.games[s.active].attack_returns_to, s.active

    def _end_turn(self, me: int) -> None:
        self._timed_effects(me, "end-of-turn")
        self._run_stack("end")

    def _cleanup(self, me: int) -> None:
        s = self.state
        s.games[me].end_turn(s, me)
        for k, seat in enumerate(s.seats):
            if s.rules[k].damage_cleanup != "持続":  # HP制 damage stays on a character (the page's cleanup timing)
                seat.damage.clear()
            seat.mods.clear()
            seat.granted.clear()
        s.boost = [0] * len(s.seats)  # boost_attack lasts this turn only (a ブレイクジョーカー round used its own already)
        if s.log_events:
            s.emit("end-phase", seat=me)
        self._discard_or_pass(me)

    def _discard_or_pass(self, me: int) -> None:
        s = self.state
        limit = s.seats[me].counters.get("hand-limit", s.rules[me].hand_limit)  # a card may change it
        if limit is not None and len(s.seats[me].zones["hand"]) > limit:
            s.phase, s.decider = "discard", me
            return
        self._start_turn(next_seat(s, me))

    def _do_discard(self, me: int, act: Action) -> None:
        discard_from_hand(self.state, me, int(act.args[0]))
        self._discard_or_pass(me)

    def _do_effect_discard(self, me: int, act: Action) -> None:
        """A card discarded for an effect (the discarding player's choice); then the effect goes on."""
        s = self.state
        discard_from_hand(s, me, int(act.args[0]))
        s.phase = "resolving"
        self._run_stack(s.resume)

    def _do_cost_discard(self, me: int, act: Action) -> None:
        """A card discarded to pay for an ability; once the cost is paid, the ability resolves."""
        if pay_discard(self.state, me, int(act.args[0])):
            self.state.phase = "main"
            self._run_stack("main")

    def _do_scout_place(self, me: int, act: Action) -> None:
        """One looked-at card back on the top or at the bottom; when all are back, the effects go on."""
        s = self.state
        if place_scouted(s, me, int(act.args[0]), str(act.args[1])):
            s.phase = "resolving"
            self._run_stack(s.resume)

    def _do_search_pick(self, me: int, act: Action) -> None:
        """The card a search takes (the player's pick among those that match); then the effects go on."""
        s = self.state
        pick_searched(s, int(act.args[0]))
        s.phase = "resolving"
        self._run_stack(s.resume)

    def _finish(self, winner: int | None, reason: str) -> None:
        finish(self.state, winner, reason)

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
    "block": Match._do_block, "trigger": Match._do_trigger, "target": Match._do_target,
    "discard": Match._do_discard, "effect-discard": Match._do_effect_discard,
    "cost-discard": Match._do_cost_discard, "scout-place": Match._do_scout_place,
    "search-pick": Match._do_search_pick, "ruling": Match._do_ruling, "ruling-confirm": Match._do_ruling_confirm,
}
"""The match's decision steps and what carries out a decision in each (a game's own steps go to the game)."""

def _dealt(catalog: Catalog, sides: Sequence[tuple[Game, Deck]], games: list[CoreGame]) -> tuple[
        tuple[GameRules, ...], list[CardData], tuple[tuple[tuple[str, range], ...], ...], bool,
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
        hit = _DEALT[key] = ((catalog, tuple(sides), tuple(games)), tuple(rules), cards, tuple(parts), has_auras,
                             (len(cards), abilities), (len(cards), with_auras))
    return hit[1], hit[2], hit[3], hit[4], hit[5], hit[6]


_DEALT: dict[tuple[int, ...], tuple[Any, tuple[GameRules, ...], list[CardData],
                                    tuple[tuple[tuple[str, range], ...], ...], bool,
                                    tuple[int, tuple[frozenset[int], ...]], tuple[int, tuple[frozenset[int], ...]]]] = {}


_NOBLOCK, _END_ATTACKS, _USE, _DECLINE, _PASS = (Action("noblock"), Action("end-attacks"), Action("use"),
                                                 Action("decline"), Action("pass"))
_new = tuple.__new__  # an Action made without the named tuple's argument handling (the hot path makes many)

_LEGAL: dict[str, Callable[[Match, State, int], list[Action]]] = {
    "setup": Match._setup_actions, "main": Match._main_actions, "attack": lambda m, s, me: m._attack_actions(me),
    "block": Match._block_actions, "trigger": Match._trigger_actions, "target": Match._target_actions,
    "reaction": Match._reaction_actions, "scout-place": Match._scout_actions,
    "cost-discard": Match._cost_discard_actions, "search-pick": Match._search_actions,
    "discard": Match._discard_actions, "effect-discard": Match._discard_actions,
    "ruling": lambda m, s, me: rulings.menu_actions(s), "ruling-confirm": lambda m, s, me: rulings.confirm_actions(s),
}
"""The legal actions of each of the match's decision steps (a game's own steps ask the game)."""

_CONTINUATIONS: dict[str, Callable[[Match], None]] = {
    "damage": Match._then_damage, "block": Match._then_block, "resolve-attack": Match._then_resolve_attack,
    "end": Match._then_end, "attack-over": Match._then_attack_over, "reactions": Match._then_reactions,
    "next-turn": Match._then_next_turn, "blocks-done": Match._then_blocks_done,
}
"""Where the match goes on once the stack is empty, besides handing a decision step to its decider."""
