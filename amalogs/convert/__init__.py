"""Card and deck conversion between games through the canonical AMALOGS card."""

from __future__ import annotations

from collections.abc import Mapping

from amalogs.catalog import Game
from amalogs.convert.canonical import CanonicalCard, to_canonical
from amalogs.convert.curve import DEFAULT_SCALE, SCALES, Scale, check_scale, curve_of, curve_scale
from amalogs.convert.native import Conversion, Fidelity, FieldReport, to_native
from amalogs.models.cards import Card

__all__ = [
    "SCALES",
    "CanonicalCard",
    "Conversion",
    "Fidelity",
    "FieldReport",
    "Scale",
    "convert_card",
    "to_canonical",
    "to_native",
]


def convert_card(card: Card, source: Game, target: Game, *, card_id: str | None = None, scale: str = DEFAULT_SCALE,
                 source_cards: Mapping[str, Card] | None = None,
                 target_cards: Mapping[str, Card] | None = None) -> Conversion:
    """Convert one native card of ``source`` into ``target`` (native → canonical → native).

    ``scale`` is ``amalogs`` (the adjust ratios only) or ``curve`` (battle values on the target's printed curve
    by 大コスト, docs/rules.md §7), which needs both games' card sets (``source_cards``, ``target_cards``). With
    ``target_cards`` a level (ヴァンガード's grade, paid with nothing) is priced as a cost by the target's own
    characters (docs/rules.md §7, "A level priced as a cost"); without them it converts one for one."""
    chosen = check_scale(scale)
    curve = None
    if chosen == "curve":
        if source_cards is None or target_cards is None:
            from amalogs.errors import AmalogsError

            raise AmalogsError("the curve scale needs the card sets of both games (source_cards=, target_cards=)")
        curve = curve_scale(source, source_cards, target, target_cards)
    prices = curve_of(target, target_cards) if target_cards is not None and curve is None else None
    source_prices = curve_of(source, source_cards) if source_cards is not None and curve is None else None
    return to_native(to_canonical(card, source), target, card_id=card_id, curve=curve, prices=prices,
                     source_prices=source_prices)
