"""Putting effects on the stack: a card's effects of one timing, or an activated ability's group of effects.
They resolve last in, first out (:func:`amalogs.referee.engine.effects.resolve`)."""

from __future__ import annotations

from amalogs.referee.engine.state import CardData, Pending, State
from amalogs.referee.engine.values import condition_text, works

__all__ = ["is_check_trigger", "push_effects", "push_ability"]

FALLBACK: dict[str, tuple[str, ...]] = {"life": ("check", "play"), "check": ("life", "play")}
"""A card revealed from the life (a life trigger) or by a check with no effects of that timing: its effects of the
other (a trigger is a trigger however it is revealed), else its effects when played (a trigger card's own)."""



def is_check_trigger(card: CardData) -> bool:
    """Whether a card revealed by a check (a drive check, a damage check) is a trigger: it has チェックトリガー, or
    effects ``when = "check"``."""
    return "チェックトリガー" in card.unified or "check" in card.timed


def push_effects(s: State, controller: int, source: int, when: str) -> None:
    """Put a card's effects of one timing on the stack (first effect resolves first)."""
    card = s.cards[source]
    timed = card.timed
    effects = timed.get(when, ())
    if not effects and when in FALLBACK:  # a trigger written for another way of revealing it, or as played
        effects = next((found for other in FALLBACK[when] if (found := timed.get(other, ()))), ())
    if not effects:
        return
    if card.conditions:  # each condition worked out once: the unmet ones are logged, the rest go on
        met = [works(s, controller, card, e) for e in effects]
        for e, ok in zip(effects, met, strict=True):
            if not ok:
                named = card.conditions[id(e)]
                s.emit("condition-unmet", seat=controller, card=source, effect=e.do,
                       condition=named if isinstance(named, str) else condition_text(named))
        effects = tuple(e for e, ok in zip(effects, met, strict=True) if ok)
    s.stack.extend([Pending(controller, source, e) for e in effects[::-1]])


def push_ability(s: State, controller: int, source: int, k: int) -> None:
    """Put an activated ability on the stack: effect ``k`` and the cost-less activated effects after it."""
    effects = s.cards[source].effects
    group = [effects[k]]
    for e in effects[k + 1:]:
        if e.when != "activated" or e.cost is not None or e.pay is not None:
            break
        group.append(e)
    for e in group[::-1]:
        s.stack.append(Pending(controller, source, e))
