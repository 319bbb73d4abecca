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
from amalogs.referee.engine.instances import card_instance, deck_instances
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
from amalogs.referee.engine.rules import GameRules, rules_of
from amalogs.referee.engine.state import Attack, CardData, State

__all__ = ["Match", "Outcome", "UnsupportedGameError", "MODULES", "card_instance", "characters_of", "deck_instances",
           "destroy", "destroy_if_dead", "finish", "module_of"]

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
        self.deck_refs: list[str | None] = [None] * len(state.seats)  # each seat's deck (GAME:DECK or a file)
        # the seed the generator was last set from, with its state then (a position loaded and not played on)
        self._seeded: tuple[int, tuple[Any, ...]] | None = None

    # --- construction -------------------------------------------------------------------------------

    @classmethod
    def new(cls, catalog: Catalog, sides: Sequence[tuple[Game, Deck]], seed: int, turn_cap: int = 60,
            log_events: bool = True) -> Match:
        """Decide the first player and deal both sides; the first decision is the first player's setup."""
        for game, _ in sides:
            try:
                core_game(game)
            except KeyError:
                names = ", ".join(MODULES)
                raise UnsupportedGameError(f"the referee cannot play {game.profile.name} yet (supported: {names})") \
                    from None
        rng = random.Random(seed)
        cards: list[CardData] = []
        seats = []
        rules: list[GameRules] = []
        for i, (game, deck) in enumerate(sides):
            rules.append(rules_of(game, catalog.ontology))
            seats.append(core_game(game).new_seat(deck_instances(catalog, game, deck, i, cards), rules[-1]))
        state = State(seats, cards, rng, first=rng.randrange(len(seats)), turn_cap=turn_cap, log_events=log_events,
                      has_auras=any(c.auras for c in cards), games=[core_game(g) for g, _ in sides], rules=rules,
                      boost=[0] * len(seats))
        state.emit("start", seed=seed, first=state.first, games=[g.id for g, _ in sides])
        for i in turn_order(state, state.first):
            module_of(state, i).deal(state, i)
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
        legal = self._compute_legal()
        self._legal = (self._version, legal)
        return legal

    def _compute_legal(self) -> list[Action]:
        s = self.state
        s.auras_stale = True  # worked out again if the legal actions depend on a value
        if s.finished or s.decider is None:
            return []
        me = s.decider
        module = module_of(s, me)
        if self._checking and s.phase != "setup":
            now = module.interjection(s, me)  # a decision the seat must make at once (a new leader …)
            if now:
                return now
        if s.phase == "setup":
            return module.setup_actions(s, me)
        if s.phase == "main":
            actions = module.main_actions(s, me)
            return activations(s, module, me) + actions if module.can_activate(s, me) else actions
        if s.phase == "attack":
            return self._attack_actions(me)
        if s.phase == "block":
            assert s.attack is not None
            options = module.block_options(s, me, s.attack.target)
            return [Action("noblock"), *(Action("block", (u,)) for u in options)]
        if s.phase == "trigger":
            return [Action("use"), Action("decline")]
        if s.phase == "target":
            return target_actions(s)
        if s.phase == "reaction":
            return [*module.reactions(s, me), Action("pass")]
        if s.phase == "scout-place":
            return scout_actions(s)
        if s.phase == "cost-discard":
            return cost_discard_actions(s, me)
        if s.phase == "search-pick":
            return [Action("take", (u,)) for u in search_candidates(s, s.stack[-1])]
        if s.phase in ("discard", "effect-discard"):
            return [Action("discard", (u,)) for u in s.seats[me].zones["hand"]]
        if ":" in s.phase:  # a step one core game runs itself ("GAME-ID:STEP")
            return game_of_step(s, s.phase).step_actions(s, me)
        raise AssertionError(f"unknown phase {s.phase}")

    def apply_action(self, action: Action | str) -> None:
        """Carry out one decision, then every automatic step until the next decision or the end."""
        act = Action.parse(action) if isinstance(action, str) else action
        # The state changes only through apply_action, so the list a player was just given is still valid.
        legal = self._legal[1] if self._legal and self._legal[0] == self._version else self._compute_legal()
        if act not in legal:
            raise IllegalActionError(act.text(), self._why(act, legal))
        self._version += 1
        s = self.state
        s.auras_stale = True
        me = s.decider
        assert me is not None
        if s.log_events:
            s.emit("action", seat=me, action=act.text())
        if self._checking and s.phase != "setup" and act in module_of(s, me).interjection(s, me):
            module_of(s, me).apply_interjection(s, me, act)
        elif ":" in s.phase:
            self._do_game_step(me, act)
        else:
            _DECISIONS[s.phase](self, me, act)
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
            lost = module_of(s, k).state_loss(s, k)
            if lost:
                lose(s, k, lost)
                return
        for k in order:
            if module_of(s, k).interjection(s, k):
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
            hidden = module_of(s, i).hidden_zones
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
        return {"turn": s.turn, "active": s.active, "phase": s.phase, "you": player, "seats": seats,
                "counters": dict(s.counters),
                "attack": attack, "pending": pending, "cards": {u: public_card(s, u) for u in sorted(visible)}}

    # --- setup --------------------------------------------------------------------------------------

    def _next_setup(self) -> None:
        s = self.state
        for i in turn_order(s, s.first):
            if module_of(s, i).setup_actions(s, i):
                s.phase, s.decider = "setup", i
                return
        for i in turn_order(s, s.first):
            module_of(s, i).finish_setup(s, i)
        self._start_turn(s.first)

    def _do_setup(self, me: int, act: Action) -> None:
        module_of(self.state, me).apply_setup(self.state, me, act)
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
        s.emit("turn", seat=me, number=s.turn)
        lost = module_of(s, me).begin_turn(s, me)
        if lost:
            lose(s, me, lost)
            return
        self._timed_effects(me, "start-of-turn")
        self._run_stack(module_of(s, me).first_step)

    def _timed_effects(self, me: int, when: str) -> None:
        """Put the effects of a timing of every character the seat has on the field on the stack."""
        for uid in characters_of(self.state, me):
            push_effects(self.state, me, uid, when)

    def _do_main(self, me: int, act: Action) -> None:
        if act.verb == "activate":
            activate(self.state, module_of(self.state, me), me, int(act.args[0]), int(act.args[1]))
            if self.state.phase != "cost-discard":  # else the player picks the cards to discard first
                self._run_stack("main")
            return
        to_attack = module_of(self.state, me).apply_main(self.state, me, act)
        self._run_stack("reactions" if to_attack else "main")

    def _do_reaction(self, me: int, act: Action) -> None:
        """The defender's spell-speed-2 window as the host's attacks begin."""
        if act.verb == "pass":
            s = self.state
            s.phase, s.decider = "attack", s.active
            return
        module_of(self.state, me).apply_reaction(self.state, me, act)
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
                s.decider = game_of_step(s, resume).step_decider(s)
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
        if s.attack is None or s.attack.attacker not in characters_of(s, s.active):
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
        """The spell-speed-2 window as the host's attacks begin: the first seat of the other side (in turn
        order) whose game offers a play decides; with none, the host goes on to its attacks."""
        s = self.state
        defender = next((j for j in opponents(s, s.active) if module_of(s, j).reactions(s, j)), None)
        if defender is not None:
            s.phase, s.decider = "reaction", defender
        else:
            s.phase, s.decider = "attack", s.active

    def _do_game_step(self, me: int, act: Action) -> None:
        """A decision in a step a core game runs itself (phase ``GAME-ID:STEP``): the game carries it out
        and names where the match goes on — another of its own steps, or one of the match's (``main``,
        ``attack``, ``block``, ``resolve-attack``, ``damage``, ``attack-over``, ``end``, ``next-turn`` …);
        None when the game has set the next decision (``phase`` and ``decider``) itself."""
        s = self.state
        then = game_of_step(s, s.phase).apply_step(s, me, act)
        if then is not None and not s.finished:
            self._run_stack(then)

    def _then_next_turn(self) -> None:
        """The host's turn ends with no end-of-turn procedure of the match's (a game that ran its own)."""
        self._start_turn(next_seat(self.state, self.state.active))

    def _do_target(self, me: int, act: Action) -> None:
        s = self.state
        if not resolve(s, int(act.args[0]) if act.verb == "target" else -1):
            return
        self._run_stack(s.resume)

    def _attack_actions(self, me: int) -> list[Action]:
        s = self.state
        module = module_of(s, me)
        out = []
        others = opponents(s, me)
        for u in module.attackers(s, me):
            for j in others:  # a player is named by its seat when more than one may be attacked
                offered = module.targets(s, me, u, j)
                guard = module_of(s, j)
                if guard.filters_attacks:  # the defender's game may narrow them (選抜リーダー制: its leader only)
                    offered = guard.attackable(s, j, u, offered)
                for t in offered:
                    out.append(Action("attack", (u, "unit", t) if t is not None else (u, "player")
                                      if len(others) == 1 else (u, "player", j)))
        forced = set(module.must_attack(s, me)) if out else set()  # e.g. ビルディバイド バーサーク
        if any(int(a.args[0]) in forced for a in out):
            return out  # a character that must attack still can: the attacks cannot end yet
        return [*out, Action("end-attacks")]

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
        module_of(s, me).on_attack(s, me, attacker)
        s.attack = Attack(attacker, target, defender=defender)
        s.emit("attack", seat=me, attacker=attacker, target="player" if target is None else target)
        push_effects(s, me, attacker, "attack")
        self._run_stack("block")

    def _do_block(self, me: int, act: Action) -> None:
        s = self.state
        attack = s.attack
        assert attack is not None
        if act.verb == "block":
            attack.blocker = int(act.args[0])
            module_of(s, me).on_block(s, me, attack.blocker)
            named = module_of(s, me).block_name  # e.g. 迎撃 (戦国大戦TCG's word for it)
            s.emit("block", seat=me, blocker=attack.blocker, **({"as": named} if named else {}))
            push_effects(s, me, attack.blocker, "block")
        self._run_stack("blocks-done")

    def _then_blocks_done(self) -> None:
        """After blocks the host's game may run a step of its own before the damage (``after_blocks`` names it;
        a game without one goes straight on to resolve the attack)."""
        s = self.state
        self._run_stack(module_of(s, s.active).after_blocks(s))

    def _resolve_attack(self, defender: int) -> None:
        """Battle the blocker or the target character, or damage the player."""
        s = self.state
        attack = s.attack
        assert attack is not None
        if attack.attacker not in characters_of(s, s.active):
            self._after_attack()
            return
        opponent = attack.blocker if attack.blocker is not None else attack.target
        if opponent is None:
            self._player_damage(defender)
        elif opponent not in characters_of(s, defender):
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
        guard = module_of(s, defender)
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
            if attack.attacker not in characters_of(s, host):
                s.emit("hits-cancelled", seat=defender, hits=attack.hits_left)
                break
            attack.hits_left -= 1
            self._hit_result(defender, module_of(s, defender).take_hit(s, defender))
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
        module_of(s, me).trigger(s, me, s.trigger_card, act.verb == "use")
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
        s.phase, s.decider = module_of(s, s.active).attack_returns_to, s.active

    def _end_turn(self, me: int) -> None:
        self._timed_effects(me, "end-of-turn")
        self._run_stack("end")

    def _cleanup(self, me: int) -> None:
        s = self.state
        module_of(s, me).end_turn(s, me)
        for k, seat in enumerate(s.seats):
            if s.rules[k].damage_cleanup != "持続":  # HP制 damage stays on a character (the page's cleanup timing)
                seat.damage.clear()
            seat.mods.clear()
            seat.granted.clear()
        s.boost = [0] * len(s.seats)  # boost_attack lasts this turn only (a ブレイクジョーカー round used its own already)
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
    "search-pick": Match._do_search_pick,
}
"""The match's decision steps and what carries out a decision in each (a game's own steps go to the game)."""

_CONTINUATIONS: dict[str, Callable[[Match], None]] = {
    "damage": Match._then_damage, "block": Match._then_block, "resolve-attack": Match._then_resolve_attack,
    "end": Match._then_end, "attack-over": Match._then_attack_over, "reactions": Match._then_reactions,
    "next-turn": Match._then_next_turn, "blocks-done": Match._then_blocks_done,
}
"""Where the match goes on once the stack is empty, besides handing a decision step to its decider."""
