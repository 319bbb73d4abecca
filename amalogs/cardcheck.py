"""Checks for card files (against the game profile) and decks (against the game's construction rules)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from amalogs.checks import Problem, known
from amalogs.errors import cut
from amalogs.models.cards import Card, CardSet, Deck
from amalogs.models.game import GameProfile, Stat

__all__ = [
    "check_cards", "check_deck", "deck_problems", "type_stats", "Violation", "copy_key", "copy_exempt", "is_a",
    "CONSTRUCTION",
]

CONSTRUCTION = "breaks a construction rule"
"""How a deck's broken construction rule starts, wherever a deck is refused (validate, the loader, commands)."""

_KIND_WORDS = {
    "number": "a whole number",
    "text": "text",
    "list": "a list of words",
    "colour-cost": "a table of native colour id → amount",
}


def type_stats(profile: GameProfile, type_id: str) -> list[str]:
    """The stats a card of a type prints: its own and its parent types' (parents first)."""
    types = {t.id: t for t in profile.card_types}
    chain = []
    current = types.get(type_id)
    while current is not None and current not in chain:  # a subtype_of cycle (refused on loading) stops here
        chain.append(current)
        current = types.get(current.subtype_of) if current.subtype_of else None
    return list(dict.fromkeys(s for t in reversed(chain) for s in (*t.stats, *t.optional_stats)))


def optional_type_stats(profile: GameProfile, type_id: str) -> frozenset[str]:
    """The stats a card of a type may leave out (its own and its parent types' ``optional_stats``)."""
    types = {t.id: t for t in profile.card_types}
    out: set[str] = set()
    seen: set[str] = set()
    current = types.get(type_id)
    while current is not None and current.id not in seen:
        seen.add(current.id)
        out.update(current.optional_stats)
        current = types.get(current.subtype_of) if current.subtype_of else None
    return frozenset(out)


def _value_ok(stat: Stat, value: object, colours: frozenset[str]) -> bool:
    if stat.kind == "number":
        return isinstance(value, int) and not isinstance(value, bool)
    if stat.kind == "text":
        return isinstance(value, str)
    if stat.kind == "list":
        return isinstance(value, tuple)
    return isinstance(value, dict) and set(value) <= colours


def check_cards(cards: CardSet, profile: GameProfile) -> Iterator[Problem]:
    """Every card must use its game's card types, stats, colours and keywords, with values of the right kind."""
    if cards.game != profile.id:
        yield "game", f"the cards say game {cards.game!r} but they sit in the folder of {profile.id!r}"
    seen = Counter(c.id for c in cards.cards)
    for card_id, n in seen.items():
        if n > 1:
            yield "cards", f"duplicate card id {card_id!r}"
    for i, card in enumerate(cards.cards):
        yield from _check_card(f"cards[{i}]", card, profile)


def _check_card(where: str, card: Card, profile: GameProfile) -> Iterator[Problem]:
    if card.type not in profile.ids("card_types"):
        yield f"{where}.type", f"unknown card type {card.type!r} of {profile.id} (known: {known(profile.ids('card_types'))})"
        return
    colours = profile.ids("colours")
    for j, colour in enumerate(card.colours):
        if colour not in colours:
            yield f"{where}.colours[{j}]", f"unknown colour {colour!r} (known: {known(colours)})"
    keywords = profile.ids("keywords")
    for j, kw in enumerate(card.keywords):
        if kw not in keywords:
            yield f"{where}.keywords[{j}]", f"unknown keyword {kw!r} (known: {known(keywords)})"
    stats = {s.id: s for s in profile.stats}
    printed = type_stats(profile, card.type)
    declared = any(t.stats or t.optional_stats for t in profile.card_types)  # none listed: any stat allowed
    for stat_id, value in card.stats.items():
        stat = stats.get(stat_id)
        if stat is None:
            yield f"{where}.stats.{stat_id}", f"unknown stat (known: {known(stats)})"
        elif stat.sum_of is not None:
            yield f"{where}.stats.{stat_id}", f"not printed: it is the total of {stat.sum_of!r}; leave it out"
        elif declared and stat_id not in printed:
            prints = ", ".join(printed) or "no stats"
            yield f"{where}.stats.{stat_id}", f"a {card.type} does not print {stat_id} (it prints: {prints})"
        elif not _value_ok(stat, value, colours):
            yield f"{where}.stats.{stat_id}", f"expected {_KIND_WORDS[stat.kind]}, got {cut(value)}"
        elif stat.kind == "number" and stat.step and isinstance(value, int) and value % stat.step:
            yield f"{where}.stats.{stat_id}", f"{value} is not a multiple of {stat.step}"
        elif stat.kind == "number" and stat.range is not None and isinstance(value, int) and value != 0 and not (
                stat.range.min <= value and (stat.range.max is None or value <= stat.range.max)):
            # 0 always passes: a converted card that costs nothing stays free (docs/rules.md §7, "Costs of 0")
            yield f"{where}.stats.{stat_id}", f"{value} is outside the printed range {stat.range} of {stat.name}"
    optional = optional_type_stats(profile, card.type)
    for stat_id in printed:
        if stat_id not in card.stats and stat_id in stats and stats[stat_id].sum_of is None and stat_id not in optional:
            yield f"{where}.stats", (f"missing {stat_id!r}, which every {card.type} prints (a stat some cards of "
                                     "the type do not print goes in its card type's optional_stats)")


def deck_problems(deck: Deck, profile: GameProfile, game_cards: Mapping[str, Card]) -> Iterator[Problem]:
    """Everything that makes a deck file unplayable, as ``(key, message)``: the cards it defines itself (checked
    like the game's cards, with ids of their own), then every construction rule it breaks. ``amalogs validate``,
    the loader (sample decks) and the commands that take a deck (``convert-deck``, ``match``) all refuse a deck
    with these messages."""
    if deck.game != profile.id:
        yield "game", f"a deck of {deck.game!r}, not of {profile.id!r}"
        return
    own_problems = False
    seen: Counter[str] = Counter(c.id for c in deck.cards)
    for i, card in enumerate(deck.cards):
        if seen[card.id] > 1:
            own_problems = True
            yield f"cards[{i}].id", f"duplicate card id {card.id!r}"
        elif card.id in game_cards:
            own_problems = True
            yield f"cards[{i}].id", f"{profile.id} already has a card {card.id!r}: give the deck's own card another id"
        for problem in _check_card(f"cards[{i}]", card, profile):
            own_problems = True
            yield problem
    if own_problems:
        return
    pool = {**game_cards, **{c.id: c for c in deck.cards}}
    for violation in check_deck(deck, profile, pool):
        yield "", f"{CONSTRUCTION}: {violation}"


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken construction rule: which rule, and what is wrong."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


def copy_key(card: Card, copy_by: str) -> str:
    """What makes two cards 'the same card' for the copy limit: the name, or a stat such as the card number."""
    if copy_by == "name":
        return card.name
    return str(card.stats.get(copy_by, card.name))


def copy_exempt(profile: GameProfile, card: Card) -> bool:
    """Whether the copy limits leave a card out (``deck.copy_limit_exempt``: Magic's basic lands)."""
    exempt = profile.deck.copy_limit_exempt
    if exempt.types and is_a(profile, card.type, exempt.types):
        return True
    return any(k in exempt.keywords for k in card.keywords)


def check_deck(deck: Deck, profile: GameProfile, cards: Mapping[str, Card]) -> list[Violation]:
    """Every construction rule of the deck's game that the deck breaks, each explained."""
    rules = profile.deck
    out: list[Violation] = []
    if deck.game != profile.id:
        out.append(Violation("game", f"the deck is for {deck.game!r}, not {profile.id!r}"))
        return out
    unknown = sorted({cid for part in _parts(deck) for cid in part[1] if cid not in cards})
    if unknown:
        out.append(Violation("cards", f"unknown card id(s) of {profile.id}: {known(unknown)}"))
    size = sum(deck.main.values())
    if size not in rules.main:
        out.append(Violation("main deck size", f"the main deck has {size} cards; it must have {_range(rules.main)}"))
    out += _types("main deck", deck.main, rules.main_types, cards, profile)
    shared = [s for s in rules.side_decks if s.copy_limit_with_main]
    counted: Counter[str] = Counter(deck.main)
    for side in shared:
        counted.update(deck.side.get(side.id, {}))
    where = " and ".join(["main deck", *(s.en for s in shared)])
    out += _copies(where, counted, rules.copy_limit, rules.copy_by, cards, profile)
    side_ids = {s.id for s in rules.side_decks}
    for side_id in sorted(set(deck.side) - side_ids):
        out.append(Violation("side decks", f"{profile.name} has no side deck {side_id!r}"))
    for side in rules.side_decks:
        part = deck.side.get(side.id, {})
        n = sum(part.values())
        if n not in side.size:
            out.append(Violation(f"{side.name} size", f"the {side.en} has {n} cards; it must have {_range(side.size)}"))
        out += _types(side.en, part, side.types, cards, profile)
        out += _copies(side.en, part, side.copy_limit, rules.copy_by, cards, profile)
    extra_ids = {e.id for e in rules.extra_cards}
    for extra_id in sorted(set(deck.extra) - extra_ids):
        out.append(Violation("extra cards", f"{profile.name} has no extra card kind {extra_id!r}"))
    for extra in rules.extra_cards:
        part = deck.extra.get(extra.id, {})
        n = sum(part.values())
        if n not in extra.count:
            out.append(Violation(extra.name, f"the deck has {n} × {extra.en}; it needs {_range(extra.count)}"))
        out += _types(extra.en, part, extra.types, cards, profile)
    for special in rules.special_counts:
        part = deck.main if special.deck == "main" else deck.side.get(special.deck, {})
        n = sum(c for cid, c in part.items() if cid in cards and _selected(cards[cid], special.keyword, special.card_type))
        if n not in special.count:
            where = "main deck" if special.deck == "main" else next(s.en for s in rules.side_decks if s.id == special.deck)
            out.append(Violation(special.name, f"the {where} has {n} {special.en.lower()}; it must have {_range(special.count)}"))
    out += _colours(deck, profile, cards)
    return out


def _colours(deck: Deck, profile: GameProfile, cards: Mapping[str, Card]) -> list[Violation]:
    """``deck.colours``: at most so many colours over the whole deck, and every card within its leader's."""
    rule = profile.deck.colours
    if rule is None:
        return []
    out: list[Violation] = []
    order = {c.id: i for i, c in enumerate(profile.colours)}
    ignored = set(rule.ignore)
    used = {col for _, part in _parts(deck) for cid in part if cid in cards for col in cards[cid].colours} - ignored
    if rule.max is not None and len(used) > rule.max:
        shown = ", ".join(sorted(used, key=lambda c: (order.get(c, len(order)), c)))
        out.append(Violation("deck colours", f"the deck's cards have {len(used)} colours ({shown}); "
                                             f"at most {rule.max} are allowed"))
    if rule.within is not None:
        kind = next((e for e in profile.deck.extra_cards if e.id == rule.within), None)
        leaders = [cards[cid] for cid in deck.extra.get(rule.within, {}) if cid in cards]
        if kind is not None and leaders:
            allowed = {col for card in leaders for col in card.colours} | ignored
            wrong = sorted(
                {cid for part_id, part in _parts(deck) if part_id != rule.within for cid in part
                 if cid in cards and not set(cards[cid].colours) <= allowed}
            )
            if wrong:
                theirs = ", ".join(sorted(allowed - ignored, key=lambda c: (order.get(c, len(order)), c))) or "none"
                shown = ", ".join(f"{cid} ({', '.join(cards[cid].colours)})" for cid in wrong)
                out.append(Violation("deck colours", f"only the colours of the {kind.en} ({theirs}) may be used: {shown}"))
    return out


def _parts(deck: Deck) -> Iterator[tuple[str, Mapping[str, int]]]:
    yield "main", deck.main
    yield from deck.side.items()
    yield from deck.extra.items()


def _range(r: object) -> str:
    from amalogs.models.base import CountRange

    assert isinstance(r, CountRange)
    if r.max is None:
        return f"at least {r.min}"
    return f"exactly {r.min}" if r.min == r.max else f"{r.min} to {r.max}"


def _selected(card: Card, keyword: str | None, card_type: str | None) -> bool:
    return (keyword is not None and keyword in card.keywords) or (card_type is not None and card.type == card_type)


def is_a(profile: GameProfile, type_id: str, allowed: tuple[str, ...]) -> bool:
    """Whether a card type is one of the allowed types or a subtype of one."""
    parents = {t.id: t.subtype_of for t in profile.card_types}
    current: str | None = type_id
    seen: set[str] = set()
    while current is not None and current not in seen:  # a subtype_of cycle (refused on loading) stops here
        if current in allowed:
            return True
        seen.add(current)
        current = parents.get(current)
    return False


def _types(where: str, part: Mapping[str, int], allowed: tuple[str, ...], cards: Mapping[str, Card],
           profile: GameProfile) -> list[Violation]:
    if not allowed:
        return []
    wrong = sorted(cid for cid in part if cid in cards and not is_a(profile, cards[cid].type, allowed))
    if not wrong:
        return []
    shown = ", ".join(f"{cid} ({cards[cid].type})" for cid in wrong)
    return [Violation(f"{where} card types", f"only {', '.join(allowed)} may go in the {where}: {shown}")]


def _copies(
    where: str, part: Mapping[str, int], limit: int | None, copy_by: str, cards: Mapping[str, Card],
    profile: GameProfile,
) -> list[Violation]:
    if limit is None:
        return []
    counts: Counter[str] = Counter()
    for cid, n in part.items():
        if cid in cards and not copy_exempt(profile, cards[cid]):
            counts[copy_key(cards[cid], copy_by)] += n
    label = "name" if copy_by == "name" else copy_by
    return [
        Violation("copy limit", f"{n} cards share the {label} {cut(key)} in the {where}; at most {limit} are allowed")
        for key, n in sorted(counts.items())
        if n > limit
    ]
