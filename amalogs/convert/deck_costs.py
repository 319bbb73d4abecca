"""A converted deck's costs on the target's own curve, for a deck from a game whose 大コスト is a level paid with
nothing (ヴァンガード's grades) converted into a game that pays its costs.

Each card converted alone is priced by its power (:func:`~amalogs.convert.curve.price_level`): a grade 2 unit of
9000 costs what the target's characters of power 9 cost. A level game's cards are all strong by other games'
measure — its grades hold no cheap weak cards — so a whole deck priced that way costs the target's highest costs
and plays nothing before the late turns. :func:`cost_curve` gives the deck's converted characters the costs of the
target's own sample decks, in their shares, by power rank (the weakest the cheapest, each card with all its copies
where the middle of its copies falls), and makes each again at its cost with its battle values on the target's
curve there (the ``curve`` scale), so each card is as strong as the target's own cards of its cost. The deck's
report says so in one action; each card's row names the cost it would have alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from amalogs.catalog import Game
from amalogs.convert.canonical import to_canonical
from amalogs.convert.curve import GameCurves, price_level, side_value
from amalogs.convert.deck_levels import quotas
from amalogs.convert.fidelity import Conversion, show
from amalogs.convert.index import index_of
from amalogs.models.cards import Card, Deck
from amalogs.ontology.terms import Family, Genus

__all__ = ["cost_curve"]


def _shares(target: Game, target_cards: Mapping[str, Card], target_decks: Sequence[Deck]) -> Counter[int]:
    """The copies of the target's own sample decks at each 大コスト, resource cards left out."""
    genera = index_of(target).genera
    shares: Counter[int] = Counter()
    for deck in target_decks:
        for cid, n in deck.main.items():
            card = target_cards.get(cid)
            if card is None or genera.get(card.type) is Genus.STANDING_RESOURCE:
                continue
            shares[int(to_canonical(card, target).total_cost or 0)] += n
    return shares


def cost_curve(source: Game, target: Game, main: Counter[str], conversions: dict[str, Conversion],
               target_cards: Mapping[str, Card], target_decks: Sequence[Deck],
               prices: GameCurves, remake: Callable[[Conversion, Fraction, str], Conversion],
               actions: list[str]) -> None:
    """Give the converted characters of ``main`` (converted card id → copies) the target's own decks' costs (see
    the module docstring); ``conversions`` (source card id → its conversion) are replaced by ``remake(conversion,
    cost, why)``; ``prices``: the target's curves, which priced each card alone (named in its reason)."""
    if not index_of(source).facts.free_level or index_of(target).facts.free_level:
        return
    shares = _shares(target, target_cards, target_decks)
    ranked = [(key, conv) for key, conv in conversions.items()
              if conv.card is not None and conv.card.id in main and conv.canonical.family is Family.CHARA
              and side_value(conv.canonical, "power") is not None]
    if len(shares) < 2 or not ranked:
        return  # (no own decks, no characters, or a game whose cards all cost the same: nothing to spread)
    ranked.sort(key=lambda kc: (side_value(kc[1].canonical, "power"), kc[1].canonical.total_cost or 0, kc[0]))
    copies = [main[conv.card.id] for _, conv in ranked if conv.card is not None]
    bounds, edge = [], 0
    for cost, n in sorted(quotas(shares, sum(copies)).items()):
        edge += n
        bounds.append((edge, cost))
    spread: Counter[int] = Counter()
    seen = 0
    name = target.page.abbreviation
    for (key, conv), n in zip(ranked, copies, strict=True):
        middle = seen + n / 2
        cost = next((c for e, c in bounds if middle < e), bounds[-1][1])
        seen += n
        spread[cost] += n
        alone = price_level(conv.canonical, prices)
        why = (f"{conv.canonical.game}'s 大コスト {show(conv.canonical.total_cost or Fraction(0))} is a level, paid "
               f"with nothing; the converted deck's cost curve gives it 大コスト {cost}: {name}'s own decks' shares "
               f"by the deck's power rank (alone, priced by its power: {show(alone[0]) if alone else '—'})")
        conversions[key] = remake(conv, Fraction(cost), why)
    actions.append(
        f"gave the converted characters {target.profile.name}'s cost curve, by power: "
        + ", ".join(f"{spread[c]} at cost {c}" for c in sorted(spread))
        + " (its own decks' shares), with battle values on its curve at each cost, so the deck pays for its cards "
        "from the first turns")

