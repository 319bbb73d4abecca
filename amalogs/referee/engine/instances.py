"""Card instances: the referee's data for each card of a deck (:class:`CardData`), worked out once per card
and numbered as a match numbers them (seat by seat, each deck in deck-list order)."""

from __future__ import annotations

from dataclasses import replace

from amalogs.catalog import Catalog, Game
from amalogs.models.cards import Card, Deck
from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.registry import core_game
from amalogs.referee.engine.rules import GameRules, rules_of
from amalogs.referee.engine.state import CardData

__all__ = ["card_instance", "deck_instances", "deck_parts", "traits_of"]


_PROTOTYPES: dict[tuple[str, int, int], tuple[Card, CardData]] = {}


def _with_own_statics(data: CardData) -> CardData:
    """A static effect on the card itself (its own keyword, a fixed bonus) is part of its values from the start;
    one under a condition is an aura of its own instead. The effects' conditions are kept by effect."""
    ap, dp, sp, unified = data.ap, data.dp, data.sp, set(data.unified)
    conditions = {id(e): e.condition for e in data.effects if getattr(e, "condition", None) is not None}
    if conditions:
        data = replace(data, conditions={**data.conditions, **conditions})
    for e in data.effects:
        if e.when != "static" or not getattr(getattr(e, "target", None), "self_only", False) or id(e) in conditions:
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
    ``len(cards)`` and added to ``cards``: part → instance ids. Instances are frozen, so the same deck at the
    same place in a match reuses them (a run of many matches builds each deck once)."""
    return deck_parts(catalog, game, deck, owner, cards)[0]


def deck_parts(catalog: Catalog, game: Game, deck: Deck, owner: int,
               cards: list[CardData]) -> tuple[dict[str, list[int]], bool]:
    """:func:`deck_instances`, and whether one of the deck's cards has a static effect on other cards (an aura)."""
    module = core_game(game)
    start = len(cards)
    key = (id(catalog), id(game), id(deck), id(module), owner, start)
    hit = _DECKS.get(key)
    if hit is None or hit[0] is not catalog or hit[1] is not game or hit[2] is not deck or hit[3] is not module:
        made: list[CardData] = []
        pool = {**catalog.cards(game.id), **{c.id: c for c in deck.cards}}
        slots = {e.native: e.slot.value for e in game.page.colours}
        rules = rules_of(game, catalog.ontology)
        parts = {"main": _instances(module, made, start, pool, deck.main, owner, slots, game, rules)}
        for part, counts in [*deck.side.items(), *deck.extra.items()]:
            parts[part] = _instances(module, made, start, pool, counts, owner, slots, game, rules)
        if len(_DECKS) > 32:  # (an entry keeps its catalog: only a few are kept)
            _DECKS.clear()
        hit = _DECKS[key] = (catalog, game, deck, module, tuple(parts.items()), made, any(c.auras for c in made))
    cards += hit[5]
    return {part: list(uids) for part, uids in hit[4]}, hit[6]


_DECKS: dict[tuple[int, ...], tuple[Catalog, Game, Deck, CoreGame, tuple[tuple[str, range], ...], list[CardData], bool]] = {}
"""(catalog, game, deck, core game, owner, first number) → the deck's instances (the objects are kept, so
their ids stay theirs while the entry lives)."""


def card_instance(catalog: Catalog, game: Game, card: Card, uid: int, owner: int) -> CardData:
    """One instance of a card, outside any deck (a position that lists its cards one by one)."""
    module = core_game(game)
    slots = {e.native: e.slot.value for e in game.page.colours}
    return _prototype(module, card, slots, game, rules_of(game, catalog.ontology)).copy_as(uid, owner)


def _instances(module: CoreGame, made: list[CardData], start: int, pool: dict[str, Card], counts: dict[str, int],
               owner: int, slots: dict[str, str], game: Game, rules: GameRules) -> range:
    """Card instances for a deck part, numbered on from ``start + len(made)`` and added to ``made``."""
    first = start + len(made)
    for card_id, n in counts.items():
        proto = _prototype(module, pool[card_id], slots, game, rules)
        for _ in range(n):  # each copy its own number (the list grows as they are made)
            made.append(proto.copy_as(start + len(made), owner))
    return range(first, start + len(made))
