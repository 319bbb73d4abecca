"""The referee's invariants, as a check anyone can run on any match, position or user game
(``amalogs match --check``; the conformance suite uses the same function).

After every action: every card is in exactly one zone, of its owner's seat; no damage, count or counter is
negative (ブレイクジョーカー HP stops at 0); rested and face-down cards are the seat's own; the turn cap holds;
a match that is not over has a decision with at least one legal action, and one that is over has none.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from amalogs.errors import AmalogsError

__all__ = ["InvariantError", "invariant_problems", "check_invariants"]


class InvariantError(AmalogsError):
    """A referee invariant does not hold: a bug in the referee (or a position it should have refused)."""


def invariant_problems(match: Any) -> list[str]:
    """Every invariant that does not hold now, in words (empty: all hold)."""
    s = match.state
    problems: list[str] = []
    where: Counter[int] = Counter()
    for i, seat in enumerate(s.seats):
        held = {u for cards in seat.zones.values() for u in cards}
        for zone, cards in seat.zones.items():
            where.update(cards)
            strays = [u for u in cards if not 0 <= u < len(s.cards) or s.cards[u].owner != i]
            if strays:
                problems.append(f"seat {i}'s {zone} holds cards of another seat: {strays[:5]}")
        for name, table in (("damage", seat.damage), ("counters", seat.counters)):
            negative = {k: v for k, v in table.items() if v < 0}
            if negative:
                problems.append(f"seat {i} has negative {name}: {negative}")
        for uid, counts in seat.card_counters.items():
            if any(v < 0 for v in counts.values()):
                problems.append(f"card {uid} has a negative counter: {counts}")
        problems += s.games[i].place_problems(s, i)
        for name, marked in (("rested", seat.rested), ("face-down", seat.face_down)):
            if not marked <= held:
                problems.append(f"seat {i} has {name} cards that are not its own: {sorted(marked - held)[:5]}")
    missing = [u for u in range(len(s.cards)) if u not in where]
    if missing:
        problems.append(f"cards in no zone: {missing[:5]}")
    twice = [u for u, n in where.items() if n > 1]
    if twice:
        problems.append(f"cards in two zones: {twice[:5]}")
    negative = {k: v for k, v in s.counters.items() if v < 0}
    if negative:
        problems.append(f"negative match counters: {negative}")
    if s.turn > s.turn_cap:
        problems.append(f"turn {s.turn} is past the turn cap {s.turn_cap}")
    if match.is_terminal():
        if match.outcome is None or match.legal_actions():
            problems.append("a finished match has legal actions or no outcome")
    elif s.decider is None or not 0 <= s.decider < len(s.seats):
        problems.append(f"no seat decides in the {s.phase} step")
    elif not match.legal_actions():
        problems.append(f"seat {s.decider} has no legal action in the {s.phase} step")
    return problems


def check_invariants(match: Any, after: str = "") -> None:
    """Raise :class:`InvariantError` naming the first invariant that does not hold (``after``: what was just
    done, for the message)."""
    problems = invariant_problems(match)
    if problems:
        when = f" after {after}" if after else ""
        raise InvariantError(f"referee invariant broken{when} (turn {match.state.turn}, {match.state.phase} step): "
                             + "; ".join(problems))
