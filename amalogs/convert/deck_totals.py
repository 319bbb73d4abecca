"""The totals of a deck conversion, counted over copies: what the deck report gives besides each card's rows
(docs/rules.md §7, "Converted decks")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from amalogs.catalog import Game
from amalogs.convert.canonical import to_canonical
from amalogs.convert.decks import DeckConversion, deck_cards
from amalogs.models.cards import Card, Deck

__all__ = ["DeckTotals", "deck_totals"]


@dataclass
class DeckTotals:
    """What a deck conversion changed, counted over copies: keywords lost, effects by verdict, colour identity
    and cost curve (大コスト) before and after, each card's copies before and after, and the padding."""

    keywords_lost: Counter[str]
    """Source keyword id → copies of cards that lost it."""
    effects: Counter[str]
    """Verdict (works, works differently, cannot work) → effects over copies."""
    colours_before: Counter[str]
    colours_after: Counter[str]
    curve_before: Counter[int]
    curve_after: Counter[int]
    copies: list[tuple[str, str, int, str | None, int]]
    """(source id, name, copies in the source deck, target id or None, copies written)."""
    padding: int
    left_out: int


def _written(deck: Deck) -> Counter[str]:
    out: Counter[str] = Counter(deck.main)
    for part in (*deck.side.values(), *deck.extra.values()):
        out.update(part)
    return out


def _curve(game: Game, cards: Mapping[str, Card], counts: Mapping[str, int]) -> Counter[int]:
    out: Counter[int] = Counter()
    for cid, n in counts.items():
        if cid in cards:
            total = to_canonical(cards[cid], game).total_cost
            out[int(total) if total is not None else 0] += n
    return out


def deck_totals(result: DeckConversion, source: Game, source_cards: Mapping[str, Card], target: Game,
                target_cards: Mapping[str, Card]) -> DeckTotals:
    """The totals of a deck conversion (see :class:`DeckTotals`)."""
    assert result.source is not None
    before_deck = result.source
    before = _written(before_deck)
    after = _written(result.deck)
    src = deck_cards(before_deck, source_cards)
    dst = deck_cards(result.deck, target_cards)
    keywords: Counter[str] = Counter()
    effects: Counter[str] = Counter()
    copies: list[tuple[str, str, int, str | None, int]] = []
    for cid, n in before.items():
        conv = result.conversions.get(cid)
        if conv is None:
            copies.append((cid, src[cid].name, n, None, 0))
            continue
        for f in conv.fields:
            if f.field == "keywords" and f.fidelity.value == "dropped":
                keywords[f.source if isinstance(f.source, str) else str(f.source)] += n  # a unified keyword stays one
            if f.field == "effects" and isinstance(f.target, str):
                effects[f.target] += n
        copies.append((cid, src[cid].name, n, conv.card.id, after.get(conv.card.id, 0)))
    return DeckTotals(
        keywords_lost=keywords,
        effects=effects,
        colours_before=Counter(col for cid, n in before_deck.main.items() if cid in src for col in src[cid].colours
                               for _ in range(n)),
        colours_after=Counter(col for cid, n in result.deck.main.items() if cid in dst for col in dst[cid].colours
                              for _ in range(n)),
        curve_before=_curve(source, src, before_deck.main),
        curve_after=_curve(target, dst, result.deck.main),
        copies=copies,
        padding=sum(sum(p.values()) for p in result.padding.values()),
        left_out=sum(result.left_out.values()),
    )
