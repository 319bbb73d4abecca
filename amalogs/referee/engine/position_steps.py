"""Setting a position's step and checking what it holds: the step, whose decision it is and what is in progress
(attack, trigger, stack …) — and that a match could reach it (no lethal damage left on a card, a decision with
something to decide). Part of building a match from a position (:mod:`amalogs.referee.engine.position_build`)."""

from __future__ import annotations

from difflib import get_close_matches
from typing import TYPE_CHECKING, Any, Protocol

from amalogs.referee.engine import rulings
from amalogs.referee.engine.positions import MATCH_STEPS, PositionError, PositionFile, cut, damage_unit
from amalogs.referee.engine.registry import characters_of, opponents, turn_order
from amalogs.referee.engine.state import Attack, Pending, State
from amalogs.referee.engine.values import dp

if TYPE_CHECKING:
    from amalogs.catalog import Catalog

__all__ = ["check_reachable", "hint", "set_step"]


def hint(word: str, choices: list[str]) -> str:
    close = get_close_matches(word, choices, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


class _Builder(Protocol):
    """What setting the step reads of the position's builder."""

    catalog: Catalog
    keys: dict[int, str]

    def fail(self, key: str, message: str) -> PositionError: ...

    def ref(self, key: str, value: int | str) -> int: ...


def set_step(b: _Builder, state: State, spec: PositionFile, modules: list[Any]) -> None:
    """The step, whose decision it is, and whatever is in progress (attack, trigger, stack …)."""
    steps = [*MATCH_STEPS, *sorted({s for m in modules for s in m.own_steps})]
    if spec.step not in steps:
        raise b.fail("step", f"unknown step {cut(spec.step)} (steps: {', '.join(steps)}){hint(spec.step, steps)}")
    state.phase = spec.step
    state.resume = spec.resume or "main"
    if spec.attack is not None:
        a = spec.attack
        target = None if a.target == "player" else b.ref("attack.target", a.target)
        if a.defender is not None and a.defender >= len(state.seats):
            raise b.fail("attack.defender", f"seat {a.defender} does not exist")
        defender = a.defender if a.defender is not None else (
            state.cards[target].owner if target is not None else opponents(state, state.active)[0])
        attacker = b.ref("attack.attacker", a.attacker)
        state.attack = Attack(attacker, target, None if a.blocker is None else b.ref("attack.blocker", a.blocker),
                              a.hits_left, defender, round(a.power * _unit_of(b, state, modules, state.cards[attacker].owner)),
                              round(a.shield * _unit_of(b, state, modules, defender)), a.hit)
    if spec.trigger is not None:
        state.trigger_card = b.ref("trigger.card", spec.trigger.card)
        state.trigger_by_effect = spec.trigger.by_effect
    if spec.cost_discard is not None:
        state.cost_discard = (b.ref("cost_discard.card", spec.cost_discard.card), spec.cost_discard.left)
    if spec.scout is not None:
        sc = spec.scout
        state.scout = tuple([b.ref(f"scout.{part}[{k}]", r) for k, r in enumerate(refs)]  # type: ignore[assignment]
                            for part, refs in (("left", sc.left), ("top", sc.top), ("bottom", sc.bottom)))
    for k, entry in enumerate(spec.stack):
        source = b.ref(f"stack[{k}].card", entry.card)
        if entry.controller >= len(state.seats):
            raise b.fail(f"stack[{k}].controller", f"seat {entry.controller} does not exist")
        effects = state.cards[source].effects
        if isinstance(entry.effect, int):
            if entry.effect >= len(effects):
                raise b.fail(f"stack[{k}].effect", f"{state.cards[source].card_id} has {len(effects)} effect(s)")
            effect = effects[entry.effect]
        else:
            effect = next((e for e in effects if e == entry.effect), entry.effect)
        state.stack.append(Pending(entry.controller, source, effect))
    state.counters.update(spec.counters)
    state.secret.update(spec.secret)
    needs = {"block": ("attack", state.attack), "trigger": ("trigger", state.trigger_card),
             "target": ("stack", state.stack), "search-pick": ("stack", state.stack), "choose": ("stack", state.stack),
             "scout-place": ("scout", state.scout), "cost-discard": ("cost_discard", state.cost_discard),
             "ruling": ("stack", state.stack), "ruling-confirm": ("stack", state.stack),
             "support": ("attack", state.attack), "guard": ("attack", state.attack)}
    if spec.step in ("ruling", "ruling-confirm") and state.stack and state.stack[-1].effect.do != "native":
        raise b.fail("stack", f"the {spec.step} step rules a native effect: the stack's last effect is "
                     f"{state.stack[-1].effect.do}")
    if spec.step == "choose" and state.stack and state.stack[-1].effect.do != "choose":
        raise b.fail("stack", f"the choose step chooses among a choice's options: the stack's last effect is "
                     f"{state.stack[-1].effect.do}")
    if spec.step == "ruling-confirm" and rulings.proposal(state) is None:
        raise b.fail("counters", "the ruling-confirm step needs the ruling proposed: counters.ruling "
                     f"(0–{len(rulings.MENU) - 1}, the menu's order: {', '.join(rulings.MENU)})")
    if spec.step in needs and not needs[spec.step][1]:
        key = needs[spec.step][0]
        raise b.fail(key, f"the {spec.step} step needs {'an effect on the' if key == 'stack' else 'an'} "
                     f"{key.replace('_', ' ')}{'' if key == 'stack' else ' in progress'}")
    if spec.step == "over" or spec.outcome is not None:
        if spec.step != "over" or spec.outcome is None:
            raise b.fail("outcome", "a finished match has step = \"over\" and an outcome; neither goes alone")
        state.finished, state.winner, state.reason, state.decider = True, spec.outcome.winner, spec.outcome.reason, None
        return
    state.decider = spec.decider if spec.decider is not None else _default_decider(state, modules)


def _unit_of(b: _Builder, state: State, modules: list[Any], i: int) -> int:
    """Thousandths per printed unit of seat i's battle values (as positions write damage)."""
    return damage_unit(b.catalog.games[state.seats[i].game], modules[i].damage_stat)


def _default_decider(state: State, modules: list[Any]) -> int:
    s = state
    if s.phase in ("block", "reaction"):
        return s.attack.defender if s.attack is not None else opponents(s, s.active)[0]
    if s.phase == "trigger" and s.trigger_card is not None:
        return s.cards[s.trigger_card].owner
    if s.phase in ("target", "search-pick", "ruling", "choose") and s.stack:
        return s.stack[-1].controller
    if s.phase == "ruling-confirm" and s.stack:
        return rulings.confirmer(s, s.stack[-1].controller)
    if s.phase == "setup":
        for i in turn_order(s, s.first):
            if modules[i].setup_actions(s, i):
                return i
    if ":" in s.phase:
        return int(next(m for m in modules if m.id == s.phase.partition(":")[0]).step_decider(s))
    return s.active


def check_reachable(b: _Builder, match: Any, spec: PositionFile) -> None:
    """What no match could reach: a character with lethal damage on it, an attack by a card not on the
    field, a decision step with nothing to decide."""
    s = match.state
    steps = [*match.continuations(), *MATCH_STEPS, *sorted({st for g in s.games for st in g.own_steps})]
    if spec.resume is not None and spec.resume not in steps:
        raise b.fail("resume", f"unknown step {cut(spec.resume)}{hint(spec.resume, steps)}")
    for i in range(len(s.seats)):
        for uid in characters_of(s, i):
            if s.seats[i].damage.get(uid, 0) and s.seats[i].damage[uid] >= dp(s, uid):
                raise b.fail(f"{b.keys.get(uid, f'#{uid}')}.damage", "at or above the card's toughness "
                             f"({dp(s, uid)} thousandths): it would have been destroyed")
    if s.attack is not None:  # (a card of the attack may have left the field since: the attack then fizzles)
        if s.cards[s.attack.attacker].owner != s.active or (
                s.phase == "block" and s.attack.attacker not in characters_of(s, s.active)):
            raise b.fail("attack.attacker", f"#{s.attack.attacker} is not a character of the active seat"
                         + (" on the field" if s.phase == "block" else ""))
        for part in ("target", "blocker"):
            uid = getattr(s.attack, part)
            if uid is not None and s.cards[uid].owner == s.active:
                raise b.fail(f"attack.{part}", f"#{uid} is not a card of another seat")
    if s.finished:
        return
    try:
        legal = match.legal_actions()
    except (LookupError, ValueError, TypeError, AttributeError, AssertionError) as exc:
        raise b.fail("step", f"the referee cannot decide from this position ({type(exc).__name__}: {exc})") from None
    if not legal:
        raise b.fail("step", f"seat {s.decider} has no legal action in the {s.phase} step")
