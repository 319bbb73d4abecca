"""Card instances: the referee's data for each card of a deck (:class:`CardData`), worked out once per card
and numbered as a match numbers them (seat by seat, each deck in deck-list order)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from amalogs.catalog import Catalog, Game
from amalogs.models.cards import Card, Deck
from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.registry import core_game
from amalogs.referee.engine.rules import GameRules, rules_of
from amalogs.referee.engine.state import CardData

__all__ = ["deck_instances", "card_instance", "traits_of"]


_PROTOTYPES: dict[tuple[str, int, int], tuple[Card, CardData]] = {}


def _with_own_statics(data: CardData) -> CardData:
    """A static effect on the card itself (its own keyword, a fixed bonus) is part of its values from the start."""
    ap, dp, sp, unified = data.ap, data.dp, data.sp, set(data.unified)
    for e in data.effects:
        if e.when != "static" or not getattr(getattr(e, "target", None), "self_only", False):
            continue
        if e.do == "grant_keyword":
            unified.add(e.keyword.value)
        elif e.do == "modify" and data.dp:
            amount = int(e.amount * 1000)
            ap += amount if e.stat.value in ("AP", "BP") else 0
            dp += amount if e.stat.value in ("DP", "BP") else 0
            sp += int(e.amount) if e.stat.value == "SP" else 0
    return replace(data, ap=ap, dp=dp, sp=sp, unified=frozenset(unified))


def traits_of(card: Card, game: Game) -> tuple[str, ...]:
    """A card's 特徴, through its game's page (the canonical card's traits)."""
    from amalogs.convert.canonical import to_canonical

    return to_canonical(card, game).traits


def _prototype(module: CoreGame, card: Card, slots: dict[str, str], game: Game, rules: GameRules) -> CardData:
    """The referee's data for a card, worked out once per card (cards are frozen, so it never goes stale); its
    unified keywords by its game's page (a keyword the game grants only at some times is left to the game)."""
    key = (module.id, id(module), id(card))  # a game made from data keeps what it read of the card itself
    hit = _PROTOTYPES.get(key)
    if hit is None or hit[0] is not card:
        data = module.card_data(card, 0, 0)
        unified = frozenset(rules.unified[k] for k in card.keywords
                            if k in rules.unified and k not in module.timed_keywords)
        data = _with_own_statics(replace(data, unified=data.unified | unified))
        hit = (card, replace(data, slots=frozenset(slots[c] for c in data.colours if c in slots),
                             traits=frozenset(traits_of(card, game))))
        _PROTOTYPES[key] = hit
    return hit[1]


def deck_instances(catalog: Catalog, game: Game, deck: Deck, owner: int, cards: list[CardData]) -> dict[str, list[int]]:
    """Card instances for every part of a seat's deck (main, side decks, extra cards), numbered on from
    ``len(cards)`` and added to ``cards``: part → instance ids."""
    module = core_game(game)
    pool = {**catalog.cards(game.id), **{c.id: c for c in deck.cards}}
    slots = {e.native: e.slot.value for e in game.page.colours}
    rules = rules_of(game, catalog.ontology)
    parts = {"main": _instances(module, cards, pool, deck.main, owner, slots, game, rules)}
    for part, counts in [*deck.side.items(), *deck.extra.items()]:
        parts[part] = _instances(module, cards, pool, counts, owner, slots, game, rules)
    return parts


def card_instance(catalog: Catalog, game: Game, card: Card, uid: int, owner: int) -> CardData:
    """One instance of a card, outside any deck (a position that lists its cards one by one)."""
    module = core_game(game)
    slots = {e.native: e.slot.value for e in game.page.colours}
    return _prototype(module, card, slots, game, rules_of(game, catalog.ontology)).copy_as(uid, owner)


_INSTANCES: dict[tuple[Any, ...], tuple[list[Card], list[CardData]]] = {}


def _instances(module: CoreGame, cards: list[CardData], pool: dict[str, Card], counts: dict[str, int],
               owner: int, slots: dict[str, str], game: Game, rules: GameRules) -> list[int]:
    """Card instances for a deck part, numbered from ``len(cards)``. Instances are frozen, so the same part
    at the same place in a match reuses them (a run of many matches builds each deck once)."""
    start = len(cards)
    chosen = [pool[card_id] for card_id in counts]
    key = (module.id, game.id, owner, start, tuple(zip(map(id, chosen), counts.values())))
    hit = _INSTANCES.get(key)
    if hit is None or any(a is not b for a, b in zip(hit[0], chosen)):
        made: list[CardData] = []
        for card, n in zip(chosen, counts.values()):
            proto = _prototype(module, card, slots, game, rules)
            for _ in range(n):  # each copy its own number (the list grows as they are made)
                made.append(proto.copy_as(start + len(made), owner))
        if len(_INSTANCES) > 512:
            _INSTANCES.clear()
        hit = _INSTANCES[key] = (chosen, made)
    cards += hit[1]
    return list(range(start, len(cards)))
