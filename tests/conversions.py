"""Every shipped card converted into every other shipped game, as `amalogs convert` makes it (with both games'
card sets), for the tests that count a property over all conversions (tests/test_conversion_meaning.py,
tests/test_conversion_levels.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from amalogs.catalog import Catalog, Game
from amalogs.convert import Conversion, convert_card
from amalogs.models.cards import Card
from amalogs.models.effects import Native


def each_conversion(catalog: Catalog, *, source_if: Callable[[Game], bool] = lambda g: True,
                    target_if: Callable[[Game], bool] = lambda g: True, card_if: Callable[[Card], bool] = lambda c: True,
                    left_out: bool = False) -> Iterator[tuple[Game, Card, Game, Conversion]]:
    """(source game, card, target game, its conversion) for every card of a source game into every other game
    that the filters keep; a card left out of the target only with ``left_out``."""
    for source in catalog.games.values():
        if not source_if(source):
            continue
        for target in catalog.games.values():
            if target.id == source.id or not target_if(target):
                continue
            for card in catalog.cards(source.id).values():
                if not card_if(card):
                    continue
                conversion = convert_card(card, source, target, source_cards=catalog.cards(source.id),
                                          target_cards=catalog.cards(target.id))
                if left_out or conversion.left_out is None:
                    yield source, card, target, conversion


def effect_pairs(card: Card, conversion: Conversion) -> Iterator[tuple[Any, Any, Any]]:
    """Each effect of the source card with its effect row and the converted card's effect made from it (None for
    a native effect, or a trigger the converted card leaves out)."""
    rows = [f for f in conversion.fields if f.field == "effects"][:len(card.effects)]
    made = iter(conversion.card.effects)
    for e, row in zip(card.effects, rows, strict=True):
        left = isinstance(e, Native) or "left out of the converted card" in row.reason
        yield e, row, None if left else next(made)
