"""Deck conversion: every card through the canonical card, then the target game's construction rules.

What the converted cards cannot satisfy is fixed where a fix invents nothing (trim to the deck size,
respect copy limits, fill a mana deck or a territory slot from the target game's own cards), and reported
otherwise: each remaining broken rule comes with what was done about it.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from amalogs.cardcheck import Violation, check_deck, copy_exempt, copy_key, is_a
from amalogs.catalog import Game
from amalogs.convert.canonical import to_canonical
from amalogs.convert.curve import DEFAULT_SCALE, Scale, check_scale, curve_of, curve_scale
from amalogs.convert.deck_costs import cost_curve
from amalogs.convert.deck_levels import level_curve
from amalogs.convert.index import index_of
from amalogs.convert.native import Conversion, to_native
from amalogs.errors import cut
from amalogs.models.base import MAX_ID, MAX_TEXT
from amalogs.models.cards import Card, Deck
from amalogs.ontology.terms import Genus

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
    padding: dict[str, Counter[str]] = field(default_factory=dict)
    """The target's own cards added to fill a part (main deck, side deck, extra cards): part → card id → copies."""
    source: Deck | None = None
    """The deck that was converted."""
    cards: dict[str, Card] = field(default_factory=dict)
    """Every card the written deck holds, converted or the target's own, by id."""
    left_out: Counter[str] = field(default_factory=Counter)
    """Source card id → copies with no place in the target (its family has no card type there, or no deck part
    takes its type)."""


def deck_cards(deck: Deck, game_cards: Mapping[str, Card]) -> dict[str, Card]:
    """The cards a deck can use: its game's cards and the cards the deck file defines itself."""
    return {**game_cards, **{c.id: c for c in deck.cards}}


def convert_deck(
    deck: Deck, source: Game, source_cards: Mapping[str, Card], target: Game, target_cards: Mapping[str, Card],
    *, scale: str = DEFAULT_SCALE, target_decks: Sequence[Deck] = (),
) -> DeckConversion:
    """Convert a deck of ``source`` into a deck of ``target`` (``scale``: ``amalogs`` or ``curve``, the curves
    read from the games' own card sets). ``target_decks``: the target's own sample decks, whose share of resource
    cards a deck of a game with dedicated resource cards is given (see :func:`_resource_base`)."""
    chosen = check_scale(scale)
    curve = curve_scale(source, source_cards, target, target_cards) if chosen == "curve" else None
    prices = curve_of(target, target_cards)  # (a level priced as a cost by the target's own characters)
    source_prices = curve_of(source, source_cards)  # (… and a level an effect's filter names)
    cards = deck_cards(deck, source_cards)
    prefix = source.id_prefix  # an id from the 略称 ('BD' → 'bd'), or the game's id for 遊戯王
    conversions: dict[str, Conversion] = {}
    result = DeckConversion(deck, conversions, scale=chosen, source=deck)
    placed: dict[str, Counter[str]] = {"main": Counter()}
    own = source.id == target.id
    why_left_out: dict[str, list[str]] = {}  # reason → the cards it leaves out, one action each reason
    for part, counts in _all_parts(deck):
        for card_id, n in counts.items():
            cc = to_canonical(cards[card_id], source)
            conv = to_native(cc, target, card_id=card_id if own else derived_id(prefix, card_id), curve=curve,
                             prices=prices, source_prices=source_prices)
            if conv.left_out is not None:  # its family has no card type in the target (never made a character)
                result.left_out[card_id] += n
                why_left_out.setdefault(conv.left_out.removesuffix(": left out"), []).append(
                    f"{n}× {cards[card_id].name}")
                continue
            conversions[card_id] = conv
            where = _place(target, conv.card, part if own else None)
            if where is None:
                result.left_out[card_id] += n
                why_left_out.setdefault(f"no deck of {target.profile.name} takes a {conv.card.type}", []).append(
                    f"{n}× {conv.card.name}")
                continue
            placed.setdefault(where, Counter())[conv.card.id] += n
    for why, names in why_left_out.items():
        result.actions.append(f"left out {', '.join(names)}: {why}")
    if not own:
        on_curve = curve or curve_scale(source, source_cards, target, target_cards)
        cost_curve(source, target, placed["main"], conversions, target_cards, target_decks, prices,
                   lambda conv, cost, why: to_native(conv.canonical, target, card_id=conv.card.id if conv.card else None,
                                                     curve=on_curve, prices=prices, priced=(cost, why),
                                                     source_prices=source_prices),
                   result.actions)
    pool = {c.card.id: c.card for c in conversions.values()}
    _enforce_copy_limits(target, placed, pool, result)
    _cap_special_counts(target, placed, pool, result)
    _fill_special_counts(target, placed, pool, target_cards, result)
    if not own:
        _resource_base(target, placed["main"], pool, target_cards, target_decks, result)
    _fit_main_size(target, placed, pool, target_cards, result)
    _fill_side_and_extra(target, placed, target_cards, pool, result)
    if not own:
        costs = {c.card.id: float(c.canonical.total_cost or 0) for c in conversions.values()}  # (the source's)
        specials = target.profile.deck.special_counts
        level_curve(target, placed["main"], pool, target_cards, target_decks, lambda card: costs.get(card.id, 0.0),
                    lambda card: any(_matches(card, sp.keyword, sp.card_type) for sp in specials), result.actions)
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
    result.cards = pool
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
            _drop_padding(result, special.deck, top)
            if not part[top]:
                del part[top]
                matching.remove(top)


def _within_specials(game: Game, part: Counter[str], pool: Mapping[str, Card], cid: str, part_id: str = "main") -> bool:
    """Whether one more copy of a card keeps every special count of the part under its maximum."""
    for special in game.profile.deck.special_counts:
        if special.deck != part_id or special.count.max is None or not _matches(pool[cid], special.keyword,
                                                                                special.card_type):
            continue
        if sum(n for c, n in part.items() if _matches(pool[c], special.keyword, special.card_type)) >= special.count.max:
            return False
    return True


def _matches(card: Card, keyword: str | None, card_type: str | None) -> bool:
    return (keyword is not None and keyword in card.keywords) or (card_type is not None and card.type == card_type)


# --- the deck's colour identity and curve, and the target's own cards that fit them ------------------------------

@dataclass(frozen=True)
class _Fit:
    """What padding has to match: the colours of the converted cards (the deck's colour identity, in the target's
    colour ids) and the middle of their cost curve (大コスト)."""

    colours: frozenset[str]
    colourless: frozenset[str]
    cost: float

    def rank(self, card: Card, cost: float) -> tuple[int, float, str]:
        """Lower is better: inside the colour identity (a colourless card is inside every one) before a card
        sharing one colour before any other; then the nearest cost to the curve's middle; then the id."""
        own = set(card.colours) - self.colourless
        if not own or own <= self.colours:
            place = 0
        elif own & self.colours:
            place = 1
        else:
            place = 2
        return place, abs(cost - self.cost), card.id

    def inside(self, card: Card) -> bool:
        own = set(card.colours) - self.colourless
        return not own or own <= self.colours or not self.colours


def _fit_of(game: Game, main: Counter[str], pool: Mapping[str, Card]) -> _Fit:
    colourless = frozenset(e.native for e in game.page.colours if e.slot.value == "無色")
    colours = frozenset(col for cid in main for col in pool[cid].colours) - colourless
    costs = sorted(c for cid, n in main.items() for c in [_cost(game, pool[cid])] * n)
    middle = costs[len(costs) // 2] if costs else 0.0
    return _Fit(colours, colourless, middle)


def _cost(game: Game, card: Card) -> float:
    total = to_canonical(card, game).total_cost
    return float(total) if total is not None else 0.0


def _ranked(game: Game, fit: _Fit, cards: list[Card]) -> list[Card]:
    """The cards in padding order (see :meth:`_Fit.rank`): every card inside the colour identity comes before
    any outside it, so one outside is used only when those inside are used up."""
    return sorted(cards, key=lambda c: fit.rank(c, _cost(game, c)))


def _pad_in_order(game: Game, part: Counter[str], pool: Mapping[str, Card], wanted: int, ids: list[str],
                  part_id: str = "main") -> int:
    """Add up to ``wanted`` copies of the target's own cards, each as many times as the copy limit allows before
    the next in ``ids`` (ranked: the best fit first), as a player fills a deck."""
    rules = game.profile.deck
    added = 0
    for cid in ids:
        key = copy_key(pool[cid], rules.copy_by)
        exempt = copy_exempt(game.profile, pool[cid])
        while added < wanted and _within_specials(game, part, pool, cid, part_id) and (
                exempt or rules.copy_limit is None
                or sum(n for c, n in part.items() if copy_key(pool[c], rules.copy_by) == key) < rules.copy_limit):
            part[cid] += 1
            added += 1
        if added >= wanted:
            break
    return added


def _add_padding(result: DeckConversion, part: str, cid: str, n: int = 1) -> None:
    result.padding.setdefault(part, Counter())[cid] += n


def _drop_padding(result: DeckConversion, part: str, cid: str) -> None:
    pad = result.padding.get(part)
    if pad and pad.get(cid):
        pad[cid] -= 1
        if not pad[cid]:
            del pad[cid]


def _protected(game: Game, part_id: str, part: Counter[str], pool: Mapping[str, Card], cid: str) -> bool:
    """Whether taking a copy of a card out would break a special count's minimum (the exactly-12 bursts)."""
    for special in game.profile.deck.special_counts:
        if special.deck != part_id or not special.count.min or not _matches(pool[cid], special.keyword,
                                                                             special.card_type):
            continue
        if sum(n for c, n in part.items() if _matches(pool[c], special.keyword, special.card_type)) <= special.count.min:
            return True
    return False


def _trim(game: Game, part_id: str, part: Counter[str], pool: Mapping[str, Card], excess: int,
          result: DeckConversion, keep: set[str] | frozenset[str] = frozenset()) -> int:
    """Take ``excess`` copies out of a part: padding before converted cards, the most-copied first, never a copy
    a special count's minimum needs nor one of ``keep``. Returns how many were taken."""
    taken = 0
    while taken < excess:
        pad = result.padding.get(part_id, Counter())
        free = [c for c in part if c not in keep and not _protected(game, part_id, part, pool, c)]
        if not free:
            break
        top = max(free, key=lambda c: (pad.get(c, 0) > 0, part[c], c))
        part[top] -= 1
        _drop_padding(result, part_id, top)
        if not part[top]:
            del part[top]
        taken += 1
    return taken


def _fill_special_counts(game: Game, placed: dict[str, Counter[str]], pool: dict[str, Card],
                         target_cards: Mapping[str, Card], result: DeckConversion) -> None:
    """Bring each special count up to its minimum (ビルディバイド's exactly 12 burst cards, ヴァンガード's 16
    triggers) with the target's own cards that carry it, in the deck's colours and curve, making room by taking
    out padding and then the most-copied converted cards that do not carry it."""
    rules = game.profile.deck
    for special in rules.special_counts:
        part = placed.get(special.deck)
        if part is None or not special.count.min:
            continue
        have = sum(n for c, n in part.items() if _matches(pool[c], special.keyword, special.card_type))
        missing = special.count.min - have
        if missing <= 0:
            continue
        fit = _fit_of(game, placed["main"], pool)
        own = [c for c in target_cards.values() if _matches(c, special.keyword, special.card_type)
               and (special.deck != "main" or not rules.main_types or is_a(game.profile, c.type, rules.main_types))]
        candidates = _ranked(game, fit, own)
        pool.update({c.id: c for c in candidates})
        before = Counter(part)
        added = _pad_in_order(game, part, pool, missing, [c.id for c in candidates])
        for cid, n in (part - before).items():
            _add_padding(result, special.deck, cid, n)
        if not added:
            continue
        names = _names(part - before, pool, [c.id for c in candidates])
        result.actions.append(f"added {added} of {game.profile.name}'s own {special.en.lower()} ({names}) to reach "
                              f"{special.name}'s {_count(special.count)}, in the deck's colours and curve")
        limit = rules.main.max if special.deck == "main" else None
        if limit is not None and sum(part.values()) > limit:
            taken = _trim(game, special.deck, part, pool, sum(part.values()) - limit, result)
            result.actions.append(f"took out {taken} card(s) that carry no {special.en.lower()} to make room (padding "
                                  "first, then the most-copied converted cards)")


def _count(r: object) -> str:
    lo, hi = getattr(r, "min", None), getattr(r, "max", None)
    return f"exactly {lo}" if lo == hi else f"at least {lo}"


def _names(counts: Counter[str], pool: Mapping[str, Card], only: list[str]) -> str:
    return ", ".join(f"{counts[cid]}× {pool[cid].name}" for cid in only if counts.get(cid))


RESOURCE_SHARE = 0.4
"""The share of resource cards in a main deck when the target has no sample deck to read it from (Magic's 24 lands
in 60)."""


def _resource_base(game: Game, main: Counter[str], pool: dict[str, Card], target_cards: Mapping[str, Card],
                   target_decks: Sequence[Deck], result: DeckConversion) -> None:
    """A game whose resources are dedicated cards in the main deck (Magic's lands, ポケモンカード's energy): a
    converted deck with fewer resource cards than the target's own sample decks hold (their mean share of the main
    deck; else :data:`RESOURCE_SHARE`) gets the target's basic resource cards — one colour each, in the shares of
    the colours its other cards need — and gives up copies of its most-copied cards to keep its size, so it can
    pay for what it holds."""
    if game.profile.resources.source != "dedicated-cards":
        return
    genera = index_of(game).genera
    resource = {t for t, g in genera.items() if g is Genus.STANDING_RESOURCE}
    if not resource:
        return
    rules = game.profile.deck
    shares = [sum(n for c, n in d.main.items() if c in target_cards and target_cards[c].type in resource)
              / max(sum(d.main.values()), 1) for d in target_decks]
    share = sum(shares) / len(shares) if shares else RESOURCE_SHARE
    size = max(sum(main.values()), rules.main.min)
    wanted = round(share * size)
    have = sum(n for c, n in main.items() if pool[c].type in resource)
    if have >= wanted:
        return
    source_stat = game.profile.resources.colour_source
    basics: dict[str, Card] = {}  # native colour → a basic resource card giving only it
    for card in sorted(target_cards.values(), key=lambda c: (not copy_exempt(game.profile, c), c.id)):
        if card.type not in resource or card.effects:
            continue
        given = card.stats.get(source_stat) if source_stat else card.colours
        if isinstance(given, list | tuple) and len(given) == 1 and str(given[0]) not in basics:
            basics[str(given[0])] = card
    need: Counter[str] = Counter()
    for cid, n in main.items():
        for colour in pool[cid].colours:
            if colour in basics:
                need[colour] += n
    if not need:
        need = Counter({next(iter(basics)): 1}) if basics else Counter()
    if not need:
        return
    missing = wanted - have
    total = sum(need.values())
    added: Counter[str] = Counter()
    for k, (colour, n) in enumerate(need.most_common()):
        count = missing - sum(added.values()) if k == len(need) - 1 else round(missing * n / total)
        if count > 0:
            added[basics[colour].id] += count
    for cid, n in added.items():
        pool[cid] = target_cards[cid]
        main[cid] += n
        _add_padding(result, "main", cid, n)
    excess = sum(main.values()) - size
    taken = _trim(game, "main", main, pool, excess, result, keep=set(added)) if excess > 0 else 0
    names = ", ".join(f"{n}× {target_cards[c].name}" for c, n in added.items())
    result.actions.append(f"added {sum(added.values())} basic resource cards ({names}) so the deck can pay: "
                          f"{game.profile.name}'s own decks hold {share:.0%} resource cards, in the shares of the colours "
                          f"its cards need" + (f"; took out {taken} copies of the most-copied cards to keep its size"
                                               if taken else ""))


def _fit_main_size(game: Game, placed: dict[str, Counter[str]], pool: dict[str, Card],
                   target_cards: Mapping[str, Card], result: DeckConversion) -> None:
    rules = game.profile.deck
    main = placed["main"]
    size = sum(main.values())
    if rules.main.max is not None and size > rules.main.max:
        _trim(game, "main", main, pool, size - rules.main.max, result)
        result.actions.append(f"trimmed the main deck from {size} to {sum(main.values())} cards, taking copies from "
                              f"the most-copied cards first: {game.profile.name} decks hold {rules.main}")
        return
    if size >= rules.main.min:
        return
    converted = [cid for cid in main if cid not in result.padding.get("main", Counter())]
    added = _pad(game, main, pool, rules.main.min - size, only=converted)
    if added:
        result.actions.append(f"added {added} more copies of the converted cards (within the copy limit) to reach "
                              f"the minimum of {rules.main.min}")
    short = rules.main.min - sum(main.values())
    if short > 0:
        fit = _fit_of(game, main, pool)
        own = [c for c in target_cards.values() if not rules.main_types or is_a(game.profile, c.type, rules.main_types)]
        plain = [c for c in own if not any(_matches(c, sp.keyword, sp.card_type) for sp in rules.special_counts
                                           if sp.deck == "main" and sp.count.max is not None)]
        candidates = _ranked(game, fit, plain or own)
        pool.update({c.id: c for c in candidates})
        before = Counter(main)
        filled = _pad_in_order(game, main, pool, short, [c.id for c in candidates])
        for cid, n in (main - before).items():
            _add_padding(result, "main", cid, n)
        if filled:
            names = _names(main - before, pool, [c.id for c in candidates])
            result.actions.append(f"padded the main deck with {filled} of {game.profile.name}'s own cards ({names}) "
                                  "to reach its minimum size, in the deck's colours and nearest its curve")


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


def _bound_stats(game: Game, types: tuple[str, ...]) -> list[str]:
    """The 固有能力 text stats a card of ``types`` shares with main-deck card types (ビルディバイド's 称号: a
    territory opens only for an ace unit of the same title)."""
    from amalogs.cardcheck import type_stats
    from amalogs.ontology.terms import CanonicalStat

    profile, page = game.profile, game.page
    unique = {e.native for e in page.status if e.stat is CanonicalStat.UNIQUE}
    text = {s.id for s in profile.stats if s.kind not in ("number", "colour-cost")}
    mine = {sid for t in types for sid in type_stats(profile, t)} & unique & text
    main_types = [t.id for t in profile.card_types if t.id not in types and (
        not profile.deck.main_types or is_a(profile, t.id, profile.deck.main_types))]
    theirs = {sid for t in main_types for sid in type_stats(profile, t)}
    return sorted(mine & theirs)


def _fill_side_and_extra(game: Game, placed: dict[str, Counter[str]], target_cards: Mapping[str, Card],
                         pool: dict[str, Card], result: DeckConversion) -> None:
    rules = game.profile.deck
    fit = _fit_of(game, placed["main"], pool)
    specials = {s.card_type for s in rules.special_counts if s.card_type and s.count.max is not None}
    needs = [(s.id, s.size, s.types, s.en) for s in rules.side_decks]
    needs += [(e.id, e.count, e.types, e.en) for e in rules.extra_cards]
    for part_id, allowed, types, label in needs:
        minimum, maximum = allowed.min, allowed.max
        part = placed.setdefault(part_id, Counter())
        size = sum(part.values())
        if maximum is not None and size > maximum:
            _trim(game, part_id, part, pool, size - maximum, result)
            result.actions.append(f"trimmed the {label} from {size} to {maximum} cards, the most-copied first: "
                                  f"{game.profile.name} allows {_count(allowed)}")
        missing = minimum - sum(part.values())
        if missing <= 0:
            continue
        candidates = [c for c in target_cards.values() if not types or is_a(game.profile, c.type, types)]
        plain = [c for c in candidates if c.type not in specials] or candidates
        bound = _bound_stats(game, types)
        usable, note = plain, ""
        if bound:
            values = {str(pool[cid].stats.get(sid)) for cid in placed["main"] for sid in bound if sid in pool[cid].stats}
            usable = [c for c in plain if any(str(c.stats.get(sid)) in values for sid in bound)]
            if not usable:
                names = "・".join(s.name for s in game.profile.stats if s.id in bound)
                note = (f"; no card of the deck shares a {names} with any of them, so it can never be used (it is "
                        f"there because every {game.profile.name} deck needs {_count(allowed)})")
                usable = plain
        best = _ranked(game, fit, usable)
        if not best:
            continue
        pool.update({c.id: c for c in best})
        before = Counter(part)
        _pad_in_order(game, part, pool, missing, [c.id for c in best], part_id)
        chosen = part - before
        for cid, n in chosen.items():
            _add_padding(result, part_id, cid, n)
        names = ", ".join(f"{n}× {target_cards[cid].name}" for cid, n in chosen.items())
        result.actions.append(f"filled the {label} from {game.profile.name}'s own cards ({names}) in the deck's "
                              f"colours: the source deck has nothing that goes there{note}")


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
            own = f"{target.profile.name} has too few cards of its own with it to make up the rest within its copy limit"
            return (f"{why}, and {own}; giving cards a trigger they do not print would invent card text, so the deck "
                    "is written as it is")
    if violation.rule == "main deck size":
        return ("the converted cards and the target's copy limit cannot make up the required size, and no more of "
                f"{target.profile.name}'s own cards fit; the deck is written as it is")
    return "amalogs found no change that invents nothing; the deck is written as it is"
