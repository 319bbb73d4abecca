"""The shared steps of the host's turn, as a mixin of :class:`amalogs.referee.engine.match.Match`: the setup, the
start of the turn, the stack and where the match goes on once it is empty (``_CONTINUATIONS``), the reaction
window, the effects' decisions (targets, discards, scouting, searching, rulings) and the end of the turn. The
attack's steps are :class:`~amalogs.referee.engine.attack_steps.AttackSteps`. Automatic steps run inside
``apply_action`` until the next decision, so every decision point can be copied, saved and resumed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from amalogs.referee.engine import rulings
from amalogs.referee.engine.abilities import activate, pay_discard
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.attack_steps import AttackSteps
from amalogs.referee.engine.bridge import finish
from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.effects import (
    discard_from_hand,
    make_choice,
    pick_searched,
    place_scouted,
    push_effects,
    resolve,
)
from amalogs.referee.engine.field import lose
from amalogs.referee.engine.registry import (
    game_of_step,
    module_of,
    next_seat,
    turn_order,
)

__all__ = ["TurnSteps"]


_HAND_LIMITS: list[Any] = [None, -1, False]  # (the last card of the cards looked at, how many, any hand_limit)


def _limits_hands(cards: tuple[Any, ...]) -> bool:
    """Whether a card of the match has a ``hand_limit`` effect. Worked out once per deal: the matches of one pairing
    share their card instances (engine.match's deal cache), so the last card and the count name the deal; the
    entry keeps that card, so its identity stays its own."""
    if not cards:
        return False
    if _HAND_LIMITS[0] is not cards[-1] or _HAND_LIMITS[1] != len(cards):
        _HAND_LIMITS[:] = [cards[-1], len(cards),
                           any(e.do == "hand_limit" for c in cards for e in c.timed.get("static", ()))]
    return bool(_HAND_LIMITS[2])


class TurnSteps(AttackSteps):
    """The match's steps besides the attack (mixed into ``Match``)."""

    _steps: dict[str, CoreGame]

    def _step_game(self, step: str) -> CoreGame:
        """The game that runs one of its own steps (``GAME-ID:STEP``), looked up once per step and match."""
        game = self._steps.get(step)
        if game is None:
            game = self._steps[step] = game_of_step(self.state, step)
        return game

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
        for seat in s.seats:  # what the seat's effects gave "until your next turn" ends
            if seat.until_next:
                seat.expire(me)
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

    def _then_end(self) -> None:
        self._cleanup(self.state.active)

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

    def _do_choose(self, me: int, act: Action) -> None:
        """One option of a choice (``choose K``), or none (``skip``: an optional choice); then the effects go on."""
        s = self.state
        make_choice(s, me, int(act.args[0]) if act.verb == "choose" else None)
        s.phase = "resolving"
        self._run_stack(s.resume)

    def _do_ruling(self, me: int, act: Action) -> None:
        rulings.propose(self.state, me, act)

    def _do_ruling_confirm(self, me: int, act: Action) -> None:
        if rulings.decide(self.state, me, act):
            self._run_stack(self.state.resume)

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
            if seat.until_next:
                seat.regrant()
        s.boost = [0] * len(s.seats)  # boost_attack lasts this turn only (a ブレイクジョーカー round used its own already)
        if s.log_events:
            s.emit("end-phase", seat=me)
        self._discard_or_pass(me)

    def _discard_or_pass(self, me: int) -> None:
        s = self.state
        limit = s.seats[me].counters.get("hand-limit", s.rules[me].hand_limit)  # a card may change it
        if "hand-limit" not in s.seats[me].counters and _limits_hands(s.cards):  # a hand_limit effect in play
            limits = [e.amount for u in module_of(s, me).permanents(s, me)
                      for e in s.cards[u].timed.get("static", ()) if e.do == "hand_limit"]
            limit = max(limits) if limits else limit
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


_CONTINUATIONS: dict[str, Callable[[TurnSteps], None]] = {
    "damage": TurnSteps._then_damage, "block": TurnSteps._then_block,
    "resolve-attack": TurnSteps._then_resolve_attack, "end": TurnSteps._then_end,
    "attack-over": TurnSteps._then_attack_over, "reactions": TurnSteps._then_reactions,
    "next-turn": TurnSteps._then_next_turn, "blocks-done": TurnSteps._then_blocks_done,
    "support": TurnSteps._then_support,
}
"""Where the match goes on once the stack is empty, besides handing a decision step to its decider."""
