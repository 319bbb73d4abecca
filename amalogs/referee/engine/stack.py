"""Putting effects on the stack: a card's effects of one timing, or an activated ability's group of effects.
They resolve last in, first out (:func:`amalogs.referee.engine.effects.resolve`)."""

from __future__ import annotations

from amalogs.referee.engine.state import Pending, State
from amalogs.referee.engine.values import works

__all__ = ["push_effects", "push_ability"]

NOT_YET: frozenset[str] = frozenset()
"""Timings the referee does not carry out yet (every timing is carried out now, static ones as auras)."""


def push_effects(s: State, controller: int, source: int, when: str) -> None:
    """Put a card's effects of one timing on the stack (first effect resolves first)."""
    card = s.cards[source]
    timed = card.timed
    effects = timed.get(when, ())
    if when == "life" and not effects:
        effects = timed.get("play", ())
    if not effects:
        return
    if card.conditions:
        for e in [e for e in effects if not works(s, controller, card, e)]:
            s.emit("condition-unmet", seat=controller, card=source, effect=e.do, condition=card.conditions[id(e)])
        effects = tuple(e for e in effects if works(s, controller, card, e))
    if when == "play" and NOT_YET:
        for e in s.cards[source].effects:
            if e.when in NOT_YET:
                s.emit("effect-not-carried-out", seat=controller, card=source, effect=e.do, when=e.when)
    s.stack.extend([Pending(controller, source, e) for e in reversed(effects)])


def push_ability(s: State, controller: int, source: int, k: int) -> None:
    """Put an activated ability on the stack: effect ``k`` and the cost-less activated effects after it."""
    effects = s.cards[source].effects
    group = [effects[k]]
    for e in effects[k + 1:]:
        if e.when != "activated" or e.cost is not None or e.pay is not None:
            break
        group.append(e)
    for e in reversed(group):
        s.stack.append(Pending(controller, source, e))
