"""Card and deck conversion between games through the canonical AMALOGS card."""

from __future__ import annotations

from amalogs.catalog import Game
from amalogs.convert.canonical import CanonicalCard, to_canonical
from amalogs.convert.native import Conversion, FieldReport, Fidelity, to_native
from amalogs.models.cards import Card

__all__ = ["CanonicalCard", "Conversion", "FieldReport", "Fidelity", "convert_card", "to_canonical", "to_native"]


def convert_card(card: Card, source: Game, target: Game, *, card_id: str | None = None) -> Conversion:
    """Convert one native card of ``source`` into ``target`` (native → canonical → native)."""
    return to_native(to_canonical(card, source), target, card_id=card_id)
