"""Ruling an effect by hand: a ``native`` effect the referee cannot carry out, decided by the players.

When a match is played with rulings by hand (``Match.new(..., rulings=True)``; ``amalogs match --rulings``, the
web table's lobby), a ``native`` effect that its game's module does not carry out stops the stack instead of
being logged as not carried out: its controller picks what it does from a menu of canonical effects, or
``skip`` (step ``ruling``, ``rule draw`` …); then the first seat of the other side confirms or rejects it
(step ``ruling-confirm``, ``confirm`` / ``reject``). A confirmed ruling goes on the stack as that canonical
effect (a targeted one asks its controller for the target as any effect does) and the log records it
(``manual-ruling``). A rejected one goes back to the controller; after :data:`MAX_REJECTIONS` rejections
the effect is skipped, and the log says the players did not agree.

The native effect stays on top of the stack while it is ruled, and the proposal and rejections are kept in the
match's counters (``ruling``, ``ruling-rejections``), so a position written during a ruling loads again and
a save replays it. Without rulings by hand nothing here runs: such matches behave exactly as before.
"""

from __future__ import annotations

from types import MappingProxyType

from pydantic import TypeAdapter

from amalogs.models.effects import Effect
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.registry import opponents
from amalogs.referee.engine.state import Pending, State

__all__ = ["MAX_REJECTIONS", "MENU", "ask", "confirm_actions", "confirmer", "decide", "menu_actions", "propose"]

MAX_REJECTIONS = 2
"""Rejections after which the effect is skipped (the players did not agree)."""

PROPOSAL, REJECTIONS = "ruling", "ruling-rejections"
SKIP = "skip"

_SPECS: dict[str, tuple[str, dict[str, object] | None]] = {
    "draw": ("its controller draws 1 card", {"do": "draw", "count": 1}),
    "draw-2": ("its controller draws 2 cards", {"do": "draw", "count": 2}),
    "player-damage": ("1 damage to the opponent (its own life system)", {"do": "player_damage", "amount": 1}),
    "heal": ("its controller heals 1 (its own life system)", {"do": "heal", "amount": 1}),
    "gain-resource": ("its controller gains 1 resource", {"do": "gain_resource", "count": 1}),
    "discard": ("the opponent discards 1 card", {"do": "discard", "count": 1}),
    "destroy": ("destroy 1 of the opponent's characters", {"do": "destroy"}),
    "rest": ("rest 1 of the opponent's characters", {"do": "rest"}),
    "stand": ("stand 1 of its controller's characters", {"do": "stand"}),
    "return-to-hand": ("return 1 of the opponent's characters to its hand", {"do": "return_to_hand"}),
    SKIP: ("the effect does nothing", None),
}
_EFFECT: TypeAdapter[Effect] = TypeAdapter(Effect)

MENU = MappingProxyType({key: (words, None if spec is None else _EFFECT.validate_python(spec))
                         for key, (words, spec) in _SPECS.items()})
"""The canonical effects a ruling may pick: key → (what it does, in words; the effect, None for ``skip``)."""

_KEYS = tuple(MENU)
_MENU_ACTIONS = tuple(Action("rule", (key,)) for key in MENU)
_CONFIRM = (Action("confirm"), Action("reject"))


def ask(s: State, p: Pending) -> None:
    """A native effect the referee cannot carry out: it goes back on the stack and its controller rules it."""
    s.stack.append(p)
    s.phase, s.decider = "ruling", p.controller
    s.emit("ruling-asked", seat=p.controller, card=p.source, text=getattr(p.effect, "text", ""))


def confirmer(s: State, controller: int) -> int:
    """Who confirms a ruling: the first seat of the other side."""
    return opponents(s, controller)[0]


def menu_actions(s: State) -> list[Action]:
    return list(_MENU_ACTIONS)


def confirm_actions(s: State) -> list[Action]:
    return list(_CONFIRM)


def propose(s: State, me: int, act: Action) -> None:
    """The controller's proposal: the other side is asked to confirm it."""
    key = str(act.args[0])
    p = s.stack[-1]
    s.counters[PROPOSAL] = _KEYS.index(key)
    s.emit("ruling-proposed", seat=me, card=p.source, ruling=key)
    s.phase, s.decider = "ruling-confirm", confirmer(s, p.controller)


def proposal(s: State) -> str | None:
    """The ruling proposed and not yet confirmed, if any."""
    k = s.counters.get(PROPOSAL)
    return _KEYS[k] if isinstance(k, int) and 0 <= k < len(_KEYS) else None


def decide(s: State, me: int, act: Action) -> bool:
    """The other side's answer; True when the ruling is over (the stack goes on resolving)."""
    p = s.stack[-1]
    key = proposal(s) or SKIP
    del s.counters[PROPOSAL]
    if act.verb == "reject":
        rejections = s.counters.get(REJECTIONS, 0) + 1
        s.emit("ruling-rejected", seat=me, card=p.source, ruling=key)
        if rejections < MAX_REJECTIONS:
            s.counters[REJECTIONS] = rejections
            s.phase, s.decider = "ruling", p.controller
            return False
        key, me_confirmed = SKIP, None
    else:
        me_confirmed = me
    s.counters.pop(REJECTIONS, None)
    s.stack.pop()
    s.emit("manual-ruling", seat=p.controller, card=p.source, ruling=key, confirmed_by=me_confirmed)
    effect = MENU[key][1]
    if effect is not None:
        s.stack.append(Pending(p.controller, p.source, effect))
    return True
