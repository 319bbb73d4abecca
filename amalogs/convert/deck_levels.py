"""A converted deck's levels on the target's own curve, for a game whose cards come into play by level (ヴァンガード's
grades: a first vanguard of grade 0, one ride a turn a grade up, calls only up to the vanguard's grade).

Each card converted alone gets the level its cost maps to, so a deck of mostly costly cards becomes a deck of grade
3 with no grade 1 to ride, and cannot play: in the seeded trials (``reports/conversion/``) decks converted into
ヴァンガード played no card in 14 of their matches. :func:`level_curve` gives the converted cards of a deck the
levels of the target's own sample decks, in their shares, by rank: the cheapest converted cards take the lowest
levels, each card (all its copies) the level where the middle of its copies falls, and a first leader's level
always has a card. The deck's conversion report says so in one action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from amalogs.models.cards import Card, Deck

__all__ = ["level_curve", "quotas"]


def _level(card: Card, stat: str) -> int | None:
    value = card.stats.get(stat)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def quotas(shares: Counter[int], total: int) -> dict[int, int]:
    """``total`` copies shared out among the levels in the ``shares`` given (largest remainders)."""
    whole = sum(shares.values())
    exact = {lv: total * n / whole for lv, n in shares.items()}
    quota = {lv: int(x) for lv, x in exact.items()}
    for lv in sorted(exact, key=lambda lv: (-(exact[lv] - quota[lv]), lv))[:total - sum(quota.values())]:
        quota[lv] += 1
    return quota


def level_curve(game: Any, main: Counter[str], pool: dict[str, Card], target_cards: Mapping[str, Card],
                target_decks: Sequence[Deck], cost_of: Callable[[Card], float], special: Callable[[Card], bool],
                actions: list[str]) -> None:
    """Give the converted cards of ``main`` (those not among ``target_cards``) the levels of the target's own
    decks (see the module docstring); ``cost_of(card)``: a card's canonical cost, by which they are ranked;
    ``special(card)``: whether it counts toward a special count of the deck (ヴァンガード's triggers), and so keeps
    its level and is left out of the shares."""
    play = game.profile.play
    stat = play.level
    if stat is None or not (play.ride is not None or play.call_limit == "leader-level"):
        return
    shares: Counter[int] = Counter()
    for deck in target_decks:
        for cid, n in deck.main.items():
            card = target_cards.get(cid)
            if card is not None and not special(card) and (lv := _level(card, stat)) is not None:
                shares[lv] += n
    converted = [cid for cid in main if cid not in target_cards and _level(pool[cid], stat) is not None
                 and not special(pool[cid])]
    if not shares or not converted:
        return
    total = sum(main[cid] for cid in converted)
    quota = quotas(shares, total)
    bounds, edge = [], 0
    for lv in sorted(quota):
        edge += quota[lv]
        bounds.append((edge, lv))
    ranked = sorted(converted, key=lambda cid: (cost_of(pool[cid]), _level(pool[cid], stat), cid))
    given: dict[str, int] = {}
    seen = 0
    for cid in ranked:
        middle = seen + main[cid] / 2
        given[cid] = next((lv for edge, lv in bounds if middle < edge), bounds[-1][1])
        seen += main[cid]
    first = play.first_leader
    if first is not None and first not in given.values() and not any(
            _level(target_cards[c], stat) == first for c in main if c in target_cards
            and not special(target_cards[c])):
        given[ranked[0]] = first  # (a first leader to start with, as the target's own decks have)
    moved: Counter[int] = Counter()
    for cid, lv in given.items():
        if _level(pool[cid], stat) != lv:
            pool[cid] = pool[cid].model_copy(update={"stats": {**pool[cid].stats, stat: lv}})
            moved[lv] += main[cid]
    if moved:
        named = {s.id: s.name for s in game.profile.stats}.get(stat, stat)
        spread: Counter[int] = Counter()
        for cid, lv in given.items():
            spread[lv] += main[cid]
        actions.append(
            f"gave the converted cards {game.profile.name}'s {named} curve, by cost: "
            + ", ".join(f"{spread[lv]} at {named} {lv}" for lv in sorted(spread))
            + f" (its own decks' shares; {sum(moved.values())} copies moved), so the deck can ride and call")
