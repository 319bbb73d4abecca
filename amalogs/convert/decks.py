"""Deck conversion: every card through the canonical card, then the target game's construction rules.

What the converted cards cannot satisfy is fixed where a fix invents nothing (trim to the deck size,
respect copy limits, fill a mana deck or a territory slot from the target game's own cards), and reported
otherwise: each remaining broken rule comes with what was done about it.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from amalogs.cardcheck import Violation, check_deck, copy_exempt, copy_key, is_a
from amalogs.catalog import Game
from amalogs.convert.canonical import to_canonical
from amalogs.convert.curve import DEFAULT_SCALE, Scale, check_scale, curve_scale
from amalogs.convert.native import Conversion, to_native
from amalogs.errors import cut
from amalogs.models.base import MAX_ID, MAX_TEXT
from amalogs.models.cards import Card, Deck

__all__ = ["DeckConversion", "convert_deck", "deck_cards", "explain"]


@dataclass
class DeckConversion:
    """The written deck, each card's conversion, what was done to meet the rules, and what is still broken."""

    deck: Deck
    conversions: dict[str, Conversion]
    actions: list[str] = field(default_factory=list)
    unmet: list[Violation] = field(default_factory=list)
    scale: Scale = DEFAULT_SCALE
    """The scale of the converted cards' battle values (docs/rules.md §7, "Scales: amalogs and curve")."""


def deck_cards(deck: Deck, game_cards: Mapping[str, Card]) -> dict[str, Card]:
    """The cards a deck can use: its game's cards and the cards the deck file defines itself."""
    return {**game_cards, **{c.id: c for c in deck.cards}}


def convert_deck(
    deck: Deck, source: Game, source_cards: Mapping[str, Card], target: Game, target_cards: Mapping[str, Card],
    *, scale: str = DEFAULT_SCALE,
) -> DeckConversion:
    """Convert a deck of ``source`` into a deck of ``target`` (``scale``: ``amalogs`` or ``curve``, the curves
    read from the games' own card sets)."""
    chosen = check_scale(scale)
    curve = curve_scale(source, source_cards, target, target_cards) if chosen == "curve" else None
    cards = deck_cards(deck, source_cards)
    prefix = source.id_prefix  # an id from the 略称 ('BD' → 'bd'), or the game's id for 遊戯王
    conversions: dict[str, Conversion] = {}
    result = DeckConversion(deck, conversions, scale=chosen)
    placed: dict[str, Counter[str]] = {"main": Counter()}
    own = source.id == target.id
    for part, counts in _all_parts(deck):
        for card_id, n in counts.items():
            cc = to_canonical(cards[card_id], source)
            conv = to_native(cc, target, card_id=card_id if own else derived_id(prefix, card_id), curve=curve)
            if conv.left_out is not None:  # its family has no card type in the target (never made a character)
                result.actions.append(f"left out {n}× {cards[card_id].name}: {conv.left_out.removesuffix(': left out')}")
                continue
            conversions[card_id] = conv
            where = _place(target, conv.card, part if own else None)
            if where is None:
                result.actions.append(f"left out {n}× {conv.card.name}: no deck of {target.profile.name} takes a "
                                      f"{conv.card.type}")
                continue
            placed.setdefault(where, Counter())[conv.card.id] += n
    pool = {c.card.id: c.card for c in conversions.values()}
    _enforce_copy_limits(target, placed, pool, result)
    _cap_special_counts(target, placed, pool, result)
    _fit_main_size(target, placed, pool, target_cards, result)
    _fill_side_and_extra(target, placed, target_cards, {**target_cards, **pool}, result)
    written = Deck(
        game=target.id,
        name=f"{deck.name[:MAX_TEXT - 20]} ({target.page.abbreviation})",
        en=deck.en,
        description=f"Converted by amalogs from the {source.profile.name[:200]} deck {cut(deck.name, 200)}.",
        main=dict(placed.pop("main")),
        side={k: dict(v) for k, v in placed.items() if _is_side(target, k) and v},
        extra={k: dict(v) for k, v in placed.items() if not _is_side(target, k) and v},
        cards=tuple(pool[cid] for cid in sorted(pool) if cid not in target_cards),
    )
    result.deck = written
    result.unmet = check_deck(written, target.profile, deck_cards(written, target_cards))
    return result


def derived_id(prefix: str, card_id: str) -> str:
    """The id of a converted card: ``<prefix>-<id>``, shortened with a hash of it when longer than an id may be."""
    full = f"{prefix}-{card_id}"
    if len(full) <= MAX_ID:
        return full
    digest = hashlib.sha1(full.encode("utf-8")).hexdigest()[:8]
    return f"{full[:MAX_ID - 9].rstrip('-')}-{digest}"


def _all_parts(deck: Deck) -> list[tuple[str, Mapping[str, int]]]:
    return [("main", deck.main), *deck.side.items(), *deck.extra.items()]


def _is_side(game: Game, part: str) -> bool:
    return any(s.id == part for s in game.profile.deck.side_decks)


def _place(game: Game, card: Card, preferred: str | None) -> str | None:
    """Which part of a target deck takes a card: main first, then a side deck or extra kind that allows its type."""
    rules = game.profile.deck
    options = [("main", rules.main_types)]
    options += [(s.id, s.types) for s in rules.side_decks] + [(e.id, e.types) for e in rules.extra_cards]
    allowed = [part for part, types in options if not types or is_a(game.profile, card.type, types)]
    if preferred in allowed:
        return preferred
    return allowed[0] if allowed else None


def _enforce_copy_limits(game: Game, placed: dict[str, Counter[str]], pool: Mapping[str, Card],
                         result: DeckConversion) -> None:
    rules = game.profile.deck
    limit = rules.copy_limit
    if limit is None:
        return
    main = placed["main"]
    groups: dict[str, list[str]] = {}
    for cid in main:
        if not copy_exempt(game.profile, pool[cid]):
            groups.setdefault(copy_key(pool[cid], rules.copy_by), []).append(cid)
    for key, ids in groups.items():
        excess = sum(main[c] for c in ids) - limit
        if excess > 0:
            label = "name" if rules.copy_by == "name" else rules.copy_by
            result.actions.append(f"removed {excess} card(s) sharing the {label} {key!r}: at most {limit} allowed")
        while excess > 0:
            top = max(ids, key=lambda c: main[c])
            main[top] -= 1
            excess -= 1
            if not main[top]:
                del main[top]
                ids.remove(top)


def _cap_special_counts(game: Game, placed: dict[str, Counter[str]], pool: Mapping[str, Card],
                        result: DeckConversion) -> None:
    """Take out copies of cards that push a special count over its maximum (e.g. at most 12 shot cards)."""
    for special in game.profile.deck.special_counts:
        part = placed.get(special.deck)
        if part is None or special.count.max is None:
            continue
        matching = [cid for cid in part if _matches(pool[cid], special.keyword, special.card_type)]
        excess = sum(part[c] for c in matching) - special.count.max
        if excess <= 0:
            continue
        result.actions.append(f"took out {excess} card(s) with {special.en.lower()}: at most {special.count.max} allowed")
        while excess > 0:
            top = max(matching, key=lambda c: (part[c], c))
            part[top] -= 1
            excess -= 1
            if not part[top]:
                del part[top]
                matching.remove(top)


def _within_specials(game: Game, part: Counter[str], pool: Mapping[str, Card], cid: str) -> bool:
    """Whether one more copy of a card keeps every main-deck special count under its maximum."""
    for special in game.profile.deck.special_counts:
        if special.deck != "main" or special.count.max is None or not _matches(pool[cid], special.keyword,
                                                                                special.card_type):
            continue
        if sum(n for c, n in part.items() if _matches(pool[c], special.keyword, special.card_type)) >= special.count.max:
            return False
    return True


def _matches(card: Card, keyword: str | None, card_type: str | None) -> bool:
    return (keyword is not None and keyword in card.keywords) or (card_type is not None and card.type == card_type)


def _fit_main_size(game: Game, placed: dict[str, Counter[str]], pool: Mapping[str, Card],
                   target_cards: Mapping[str, Card], result: DeckConversion) -> None:
    rules = game.profile.deck
    main = placed["main"]
    size = sum(main.values())
    if rules.main.max is not None and size > rules.main.max:
        while sum(main.values()) > rules.main.max:
            top = max(main, key=lambda c: (main[c], c))
            main[top] -= 1
            if not main[top]:
                del main[top]
        result.actions.append(f"trimmed the main deck from {size} to {rules.main.max} cards, taking copies from the "
                              f"most-copied cards first: {game.profile.name} decks hold {rules.main}")
        return
    if size >= rules.main.min:
        return
    added = _pad(game, main, pool, rules.main.min - size)
    if added:
        result.actions.append(f"added {added} more copies of the converted cards (within the copy limit) to reach "
                              f"the minimum of {rules.main.min}")
    short = rules.main.min - sum(main.values())
    if short > 0:
        extra = {cid: c for cid, c in target_cards.items() if not rules.main_types or is_a(game.profile, c.type, rules.main_types)}
        filled = _pad(game, main, {**pool, **extra}, short, only=list(extra))
        if filled:
            result.actions.append(f"padded the main deck with {filled} card(s) from {game.profile.name}'s own sample "
                                  "set to reach its minimum size")


def _pad(game: Game, part: Counter[str], pool: Mapping[str, Card], wanted: int, only: list[str] | None = None) -> int:
    rules = game.profile.deck
    limit = rules.copy_limit or wanted
    ids = only if only is not None else list(part)
    added = 0
    progress = True
    while added < wanted and progress:
        progress = False
        for cid in ids:
            key = copy_key(pool[cid], rules.copy_by)
            exempt = copy_exempt(game.profile, pool[cid])
            used = 0 if exempt else sum(n for c, n in part.items() if copy_key(pool[c], rules.copy_by) == key)
            if added < wanted and used < limit and _within_specials(game, part, pool, cid):
                part[cid] += 1
                added += 1
                progress = True
    return added


def _fill_side_and_extra(game: Game, placed: dict[str, Counter[str]], target_cards: Mapping[str, Card],
                         pool: Mapping[str, Card], result: DeckConversion) -> None:
    colours = {col for cid in placed["main"] for col in pool[cid].colours}
    rules = game.profile.deck
    specials = {s.card_type for s in rules.special_counts if s.card_type and s.count.max is not None}
    needs = [(s.id, s.size.min, s.types, s.en) for s in rules.side_decks]
    needs += [(e.id, e.count.min, e.types, e.en) for e in rules.extra_cards]
    for part_id, minimum, types, label in needs:
        part = placed.setdefault(part_id, Counter())
        missing = minimum - sum(part.values())
        if missing <= 0:
            continue
        candidates = [c for c in target_cards.values() if not types or is_a(game.profile, c.type, types)]
        plain = [c for c in candidates if c.type not in specials] or candidates
        best = [c for c in plain if set(c.colours) & colours] or plain
        if not best:
            continue
        chosen = Counter(best[i % len(best)].id for i in range(missing))
        part.update(chosen)
        names = ", ".join(f"{n}× {target_cards[cid].name}" for cid, n in chosen.items())
        result.actions.append(f"filled the {label} from {game.profile.name}'s own cards ({names}): the source deck "
                              "has nothing that goes there")



def explain(violation: Violation, source: Game, target: Game) -> str:
    """Why a converted deck still breaks a rule, and what was (not) done about it."""
    rules = target.profile.deck
    for special in rules.special_counts:
        if violation.rule == special.name and special.keyword is not None:
            entry = next((e for e in target.page.unified_keywords if e.native == special.keyword), None)
            unified = entry.unified if entry else None
            has = unified is not None and any(e.unified is unified for e in source.page.unified_keywords)
            why = (f"only cards whose {source.profile.name} keyword unifies to {unified} carry it" if has
                   else f"no {source.profile.name} keyword unifies to {unified or special.keyword}")
            return (f"{why}; giving cards a trigger they do not print would invent card text, so the deck is "
                    "written as it is")
    if violation.rule == "main deck size":
        return ("the converted cards and the target's copy limit cannot make up the required size, and no more of "
                f"{target.profile.name}'s own cards fit; the deck is written as it is")
    return "amalogs found no change that invents nothing; the deck is written as it is"
