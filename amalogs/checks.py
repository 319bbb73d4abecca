"""Cross-reference checks that a single model cannot make: ids that must exist, pages that must cover
their profile, the ontology file agreeing with the code, a declared WE agreeing with the appraisal.

Each check yields ``(key path, message)`` pairs; the loader turns them into :class:`DataError` lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from enum import Enum
from typing import Any, Protocol

from amalogs.models.game import GameProfile
from amalogs.models.mapping import MappingPage
from amalogs.models.ontology import Ontology
from amalogs.ontology import terms
from amalogs.ontology.we import appraise, range_of

__all__ = ["Problem", "check_ontology", "check_page", "check_profile", "known"]

Problem = tuple[str, str]

SHOWN = 12
"""How many known ids a message lists before it says how many more there are."""


def known(ids: Iterable[str], limit: int = SHOWN) -> str:
    """Known ids for a message, sorted: ``a, b, c`` (``a, b, … and 30 more`` past ``limit``; ``none`` if empty)."""
    listed = sorted(ids)
    if not listed:
        return "none"
    if len(listed) <= limit:
        return ", ".join(listed)
    return ", ".join(listed[:limit]) + f", … and {len(listed) - limit} more"

_SECTION_NAMES = {
    "zones": "zone",
    "card_types": "card type",
    "stats": "stat",
    "keywords": "keyword",
    "colours": "colour",
    "resources": "resource",
}

_PAGE_SECTION = {
    "zones": "permanent_types",
    "card_types": "card_types",
    "stats": "status",
    "keywords": "unified_keywords",
    "colours": "colours",
    "resources": "resources",
}
"""Where on the page each native section of the profile is mapped."""


def _duplicates(where: str, ids: Iterable[object]) -> Iterator[Problem]:
    for value, n in Counter(ids).items():
        if n > 1:
            yield where, f"duplicate id {str(value)!r}"


def _unknown(where: str, value: str | None, ids: frozenset[str], what: str) -> Iterator[Problem]:
    if value is not None and value not in ids:
        yield where, f"unknown {what} {value!r} (known: {known(ids)})"


def check_ontology(onto: Ontology) -> Iterator[Problem]:
    """The ontology file must list exactly the terms the code knows, with the same structure."""
    sections: list[tuple[str, type[Enum], Iterable[object]]] = [
        ("families", terms.Family, (t.id for t in onto.families)),
        ("genera", terms.Genus, (t.id for t in onto.genera)),
        ("permanent_ranges", terms.PermanentRange, (t.id for t in onto.permanent_ranges)),
        ("keyword_rules.stat_systems", terms.StatSystem, (t.id for t in onto.keyword_rules.stat_systems)),
        ("keyword_rules.damage_systems", terms.DamageSystem, (t.id for t in onto.keyword_rules.damage_systems)),
        ("keyword_rules.life_systems", terms.LifeSystem, (t.id for t in onto.keyword_rules.life_systems)),
        ("keyword_rules.attack_rules", terms.AttackRule, (t.id for t in onto.keyword_rules.attack_rules)),
        ("colour_slots", terms.ColourSlot, (t.id for t in onto.colour_slots)),
        ("stat_kinds", terms.StatKind, (t.id for t in onto.stat_kinds)),
        ("stats", terms.CanonicalStat, (t.id for t in onto.stats)),
        ("spell_speeds", terms.SpellSpeed, (t.id for t in onto.spell_speeds)),
        ("cleanup_timings", terms.CleanupTiming, (t.id for t in onto.cleanup_timings)),
        ("zones", terms.CanonicalZone, (t.id for t in onto.zones)),
        ("phases", terms.CanonicalPhase, (t.id for t in onto.phases)),
        ("unified_keywords", terms.UnifiedKeyword, (t.id for t in onto.unified_keywords)),
    ]
    for key, enum, ids in sections:
        listed = list(ids)
        yield from _duplicates(key, listed)
        missing = [m.value for m in enum if m not in listed]
        if missing:
            yield key, f"missing terms {missing} that the code defines"
    for i, g in enumerate(onto.genera):
        if g.family is not terms.FAMILY_OF[g.id]:
            yield f"genera[{i}].family", f"{g.id} belongs to {terms.FAMILY_OF[g.id]}, not {g.family}"
    for i, f in enumerate(onto.families):
        if f.standard is not terms.STANDARD_GENUS[f.id]:
            yield f"families[{i}].standard", f"the standard genus of {f.id} is {terms.STANDARD_GENUS[f.id]}"
    for i, s in enumerate(onto.stats):
        if s.kind is not terms.STAT_KIND_OF[s.id]:
            yield f"stats[{i}].kind", f"{s.id} is a {terms.STAT_KIND_OF[s.id]}, not {s.kind}"


def check_profile(p: GameProfile) -> Iterator[Problem]:
    """Ids inside one profile must be unique and every reference must name something that exists."""
    for section, items in p.native_sections().items():
        key = "resources.resources" if section == "resources" else section
        yield from _duplicates(key, (item.id for item in items))
    yield from _duplicates("turn.phases", (ph.id for ph in p.turn.phases))
    if p.overview.players < 2:
        yield "overview.players", (f"a game of {p.overview.players} player(s) cannot be played: a standard game has "
                                   "2 players or more (docs/fields.md)")
    zones = p.ids("zones")
    for i, res in enumerate(p.resources.resources):
        yield from _unknown(f"resources.resources[{i}].zone", res.zone, zones, "zone")
    yield from _unknown("life.zone", p.life.zone, zones, "zone")
    if p.life.tiers and sum(t.count for t in p.life.tiers) != p.life.starting:
        yield "life.tiers", f"the tiers hold {sum(t.count for t in p.life.tiers)} cards but life.starting is {p.life.starting}"
    yield from _layers(p, zones)
    yield from _attach_and_spent(p)
    types = p.ids("card_types")
    for i, ct in enumerate(p.card_types):
        yield from _unknown(f"card_types[{i}].subtype_of", ct.subtype_of, types, "card type")
    yield from _subtype_cycles(p)
    stat_ids = p.ids("stats")
    for i, ct in enumerate(p.card_types):
        for j, stat in enumerate(ct.stats):
            yield from _unknown(f"card_types[{i}].stats[{j}]", stat, stat_ids, "stat")
        for j, stat in enumerate(ct.optional_stats):
            yield from _unknown(f"card_types[{i}].optional_stats[{j}]", stat, stat_ids, "stat")
    stats = {s.id: s for s in p.stats}
    for i, st in enumerate(p.stats):
        yield from _unknown(f"stats[{i}].sum_of", st.sum_of, stat_ids, "stat")
        if st.sum_of in stats and stats[st.sum_of].kind != "colour-cost":
            yield f"stats[{i}].sum_of", f"{st.sum_of!r} is not a colour-cost stat"
    if p.deck.copy_by != "name":
        yield from _unknown("deck.copy_by", p.deck.copy_by, p.ids("stats"), "stat (or 'name')")
    for j, t in enumerate(p.deck.main_types):
        yield from _unknown(f"deck.main_types[{j}]", t, types, "card type")
    for i, sd in enumerate(p.deck.side_decks):
        for j, t in enumerate(sd.types):
            yield from _unknown(f"deck.side_decks[{i}].types[{j}]", t, types, "card type")
    for i, ex in enumerate(p.deck.extra_cards):
        for j, t in enumerate(ex.types):
            yield from _unknown(f"deck.extra_cards[{i}].types[{j}]", t, types, "card type")
    decks = frozenset({"main", *(d.id for d in p.deck.side_decks)})
    for i, sc in enumerate(p.deck.special_counts):
        yield from _unknown(f"deck.special_counts[{i}].deck", sc.deck, decks, "deck")
        yield from _unknown(f"deck.special_counts[{i}].keyword", sc.keyword, p.ids("keywords"), "keyword")
        yield from _unknown(f"deck.special_counts[{i}].card_type", sc.card_type, types, "card type")
    exempt = p.deck.copy_limit_exempt
    for j, t in enumerate(exempt.types):
        yield from _unknown(f"deck.copy_limit_exempt.types[{j}]", t, types, "card type")
    for j, kw in enumerate(exempt.keywords):
        yield from _unknown(f"deck.copy_limit_exempt.keywords[{j}]", kw, p.ids("keywords"), "keyword")
    for i, sd in enumerate(p.deck.side_decks):
        if sd.copy_limit_with_main and p.deck.copy_limit is None:
            yield f"deck.side_decks[{i}].copy_limit_with_main", "the main deck has no copy_limit to share"
    if p.deck.colours is not None:
        for j, colour in enumerate(p.deck.colours.ignore):
            yield from _unknown(f"deck.colours.ignore[{j}]", colour, p.ids("colours"), "colour")
        extras = frozenset(e.id for e in p.deck.extra_cards)
        yield from _unknown("deck.colours.within", p.deck.colours.within, extras, "extra card kind")
    yield from _referee_fields(p, stats)


def _subtype_cycles(p: GameProfile) -> Iterator[Problem]:
    """``subtype_of`` must lead to a card type that is a kind of nothing: a chain that comes back is refused
    (once per cycle, at its first card type in file order). Linear: each type is walked once."""
    parent = {ct.id: ct.subtype_of for ct in p.card_types}
    index: dict[str, int] = {}
    for i, ct in enumerate(p.card_types):
        index.setdefault(ct.id, i)
    done: set[str] = set()
    for ct in p.card_types:
        path: list[str] = []
        on_path: set[str] = set()
        current: str | None = ct.id
        while current is not None and current in parent and current not in done and current not in on_path:
            path.append(current)
            on_path.add(current)
            current = parent[current]
        done.update(path)
        if current is None or current not in on_path:
            continue  # ends at a type that is a kind of nothing, at one already walked, or at an unknown type
        cycle = path[path.index(current):]
        first = min(cycle, key=lambda t: index[t])
        start = cycle.index(first)
        ring = [*cycle[start:], *cycle[:start], first]
        yield (f"card_types[{index[first]}].subtype_of",
               f"a cycle: {' → '.join(ring)}; a card type cannot be a kind of itself")


def _referee_fields(p: GameProfile, stats: dict[str, Any]) -> Iterator[Problem]:
    """The structured fields the referee reads name things that exist and fit together."""
    yield from _unknown("battle.blocker_keyword", p.battle.blocker_keyword, p.ids("keywords"), "keyword")
    combat = p.battle.keywords
    for k, e in enumerate(combat.evasion):
        yield from _unknown(f"battle.keywords.evasion[{k}].keyword", e.keyword, p.ids("keywords"), "keyword")
        for j, other in enumerate(e.blocked_by):
            yield from _unknown(f"battle.keywords.evasion[{k}].blocked_by[{j}]", other, p.ids("keywords"), "keyword")
    for key in ("vigilance", "defender", "trample"):
        yield from _unknown(f"battle.keywords.{key}", getattr(combat, key), p.ids("keywords"), "keyword")
    if p.battle.blockers == "keyword" and p.battle.blocker_keyword is None:
        yield "battle.blocker_keyword", "blockers is 'keyword' but no blocker_keyword names the keyword"
    yield from _unknown("resources.colour_source", p.resources.colour_source, p.ids("stats"), "stat")
    source = stats.get(p.resources.colour_source or "")
    if source is not None and source.kind != "list":
        yield "resources.colour_source", f"{source.id!r} is not a list stat (it should list the colours a resource gives)"
    extras = frozenset(e.id for e in p.deck.extra_cards)
    yield from _unknown("life.from_card", p.life.from_card, extras, "extra card kind")
    yield from _resource_fields(p)
    yield from _play_fields(p, stats)


def _resource_fields(p: GameProfile) -> Iterator[Problem]:
    """A separate resource deck and a counter resource fit the rest of ``[resources]``."""
    res = p.resources
    yield from _unknown("resources.deck", res.deck, frozenset(sd.id for sd in p.deck.side_decks), "side deck")
    if res.deck is not None and res.source not in ("automatic", "dedicated-cards"):
        yield "resources.deck", (f"resource cards from a separate deck arrive by themselves: source must be "
                                 f"'dedicated-cards' or 'automatic', not {res.source!r}")
    if res.counter is not None:
        if res.deck is not None:
            yield "resources.counter", "a counter of points is not made of cards: it takes no resources.deck"
        if res.source != "automatic":
            yield "resources.counter", (f"a counter of points grows by itself: source must be 'automatic', not "
                                        f"{res.source!r}")
        if res.colour_rule not in (None, "none") or res.colour_source is not None:
            yield "resources.counter", "points have no colours: leave out colour_rule and colour_source"
        if not res.costs:
            yield "resources.counter", "costs is false: a counter of points would pay for nothing"
    if res.maximum is not None and res.starting > res.maximum:
        yield "resources.starting", f"{res.starting} is more than resources.maximum ({res.maximum})"


def _number_stat(where: str, value: str | None, stats: dict[str, Any]) -> Iterator[Problem]:
    if value is None:
        return
    if value not in stats:
        yield where, f"unknown stat {value!r} (known: {known(stats)})"
    elif stats[value].kind != "number":
        yield where, f"{value!r} is a {stats[value].kind} stat; it must be a number stat"


def _play_fields(p: GameProfile, stats: dict[str, Any]) -> Iterator[Problem]:
    """Places, levels, rides, boosts and guards (``[play]``, ``[battle]``) name things that exist and fit."""
    play, battle = p.play, p.battle
    zones, keywords = p.ids("zones"), p.ids("keywords")
    yield from _duplicates("play.places", (place.id for place in play.places))
    leaders = [k for k, place in enumerate(play.places) if place.leader]
    if len(leaders) > 1:
        yield f"play.places[{leaders[1]}].leader", "only one place can be the leader's"
    cells = Counter((place.row, place.column) for place in play.places if place.row and place.column is not None)
    for k, place in enumerate(play.places):
        if place.row and place.column is not None and cells[(place.row, place.column)] > 1:
            yield f"play.places[{k}]", f"another place is also in the {place.row} row, column {place.column}"
    yield from _board(play)
    yield from _number_stat("play.level", play.level, stats)
    yield from _number_stat("play.loyalty", play.loyalty, stats)
    leader = "a place with leader = true in play.places"
    if play.call_limit == "leader-level" and (play.level is None or not leaders):
        yield "play.call_limit", f"'leader-level' needs play.level and {leader}"
    if play.ride is not None:
        if play.level is None or not leaders:
            yield "play.ride", f"riding needs play.level and {leader}"
        yield from _unknown("play.ride.under", play.ride.under, zones, "zone")
    if play.first_leader is not None and (play.level is None or not leaders):
        yield "play.first_leader", f"a first leader needs play.level and {leader}"
    if play.leader_card is not None:
        yield from _unknown("play.leader_card", play.leader_card, frozenset(e.id for e in p.deck.extra_cards),
                            "extra card kind")
        if not leaders:
            yield "play.leader_card", f"a leader card needs {leader}"
        if play.first_leader is not None:
            yield "play.leader_card", "the leader is either an extra card (leader_card) or chosen from the deck " \
                "(first_leader), not both"
        kind = next((e for e in p.deck.extra_cards if e.id == play.leader_card), None)
        if kind is not None and (kind.count.min, kind.count.max) != (1, 1):
            yield "play.leader_card", (f"the leader's place holds one card: deck.extra_cards {kind.id!r} needs "
                                       "count = { min = 1, max = 1 }")
    if play.evolve is not None:
        evolve = play.evolve
        stat = stats.get(evolve.base_stat)
        yield from _unknown("play.evolve.base_stat", evolve.base_stat, frozenset(stats), "stat")
        if stat is not None and stat.kind != "text":
            yield "play.evolve.base_stat", f"{evolve.base_stat!r} must be a text stat (the name of the card it goes onto)"
        yield from _unknown("play.evolve.deck", evolve.deck, frozenset(d.id for d in p.deck.side_decks), "side deck")
        if evolve.pays == "points" and not evolve.points + evolve.second_player_extra:
            yield "play.evolve.points", "pays = 'points' needs evolve points (points, second_player_extra)"
    yield from _number_stat("battle.attack_cost", battle.attack_cost, stats)
    if play.retreat is not None:
        yield from _number_stat("play.retreat.stat", play.retreat.stat, stats)
    if play.equip is not None:
        yield from _number_stat("play.equip.cost", play.equip.cost, stats)
        for k, type_id in enumerate(play.equip.types):
            yield from _unknown(f"play.equip.types[{k}]", type_id, p.ids("card_types"), "card type")
    if battle.weakness is not None:
        weak = stats.get(battle.weakness.stat)
        yield from _unknown("battle.weakness.stat", battle.weakness.stat, frozenset(stats), "stat")
        if weak is not None and weak.kind not in ("text", "list"):
            yield "battle.weakness.stat", f"{weak.id!r} must be a text or list stat (the colours it is weak to)"
    yield from _duplicates("play.limits", (limit.type for limit in play.limits))
    for k, limit in enumerate(play.limits):
        yield from _unknown(f"play.limits[{k}].type", limit.type, p.ids("card_types"), "card type")
    if play.move == "column" and not any(place.row and place.column is not None for place in play.places):
        yield "play.move", "'column' needs places with a row and a column"
    yield from _unknown("play.boost", play.boost, keywords, "keyword")
    if play.boost is not None and not any(place.row == "back" and place.column is not None for place in play.places):
        yield "play.boost", "boosting needs back-row places with a column (play.places)"
    if battle.rows is not None and not any(place.row for place in play.places):
        yield "battle.rows", "rows need places with a row (play.places)"
    if battle.attack_check_by == "leader" and not leaders:
        yield "battle.attack_check_by", f"'leader' needs {leader}"
    if battle.through_leader and not leaders:
        yield "battle.through_leader", f"an attack through the leader needs {leader}"
    yield from _unknown("battle.extra_check_keyword", battle.extra_check_keyword, keywords, "keyword")
    if battle.guard is not None:
        yield from _number_stat("battle.guard.stat", battle.guard.stat, stats)
        yield from _unknown("battle.guard.zone", battle.guard.zone, zones, "zone")
        yield from _unknown("battle.guard.intercept", battle.guard.intercept, keywords, "keyword")


def _board(play: Any) -> Iterator[Problem]:
    """A board's places are distinct squares of it, one of them the home square, and none the opponent's home."""
    board = play.board
    if board is None:
        if any(place.home or place.rank is not None for place in play.places):
            k = next(k for k, place in enumerate(play.places) if place.home or place.rank is not None)
            yield f"play.places[{k}]", "a rank or a home square needs play.board"
        return
    if not play.places:
        yield "play.board", "a board needs its squares as play.places (each with a column and a rank)"
        return
    squares: dict[tuple[int, int], str] = {}
    for k, place in enumerate(play.places):
        if place.column is None or place.rank is None:
            yield f"play.places[{k}]", "a square of play.board needs a column and a rank"
            continue
        if not (1 <= place.column <= board.columns and 1 <= place.rank <= board.ranks):
            yield f"play.places[{k}]", (f"column {place.column}, rank {place.rank} is off the board "
                                        f"({board.columns} columns × {board.ranks} ranks)")
        if (place.column, place.rank) in squares:
            yield f"play.places[{k}]", f"the same square as {squares[place.column, place.rank]!r}"
        squares[place.column, place.rank] = place.id
    homes = [place for place in play.places if place.home]
    if len(homes) != 1:
        yield "play.places", f"a board needs exactly one home square (home = true), found {len(homes)}"
    elif homes[0].column is not None and homes[0].rank is not None:
        theirs = (board.columns + 1 - homes[0].column, board.ranks + 1 - homes[0].rank)
        if theirs in squares:
            yield "play.places", (f"{squares[theirs]!r} is the opponent's home square seen from this side: a player "
                                  "never plays onto it, so it is not one of its places")
    if any(place.leader for place in play.places):
        yield "play.board", "a board has a home square, not a leader's place"


class _Entry(Protocol):
    @property
    def native(self) -> str: ...


def check_page(page: MappingPage, profile: GameProfile) -> Iterator[Problem]:
    """A page must map only native terms its profile has, cover all of them, and agree with the WE appraisal."""
    entries: dict[str, Sequence[_Entry]] = {
        "zones": page.permanent_types,
        "card_types": page.card_types,
        "stats": page.status,
        "keywords": page.unified_keywords,
        "colours": page.colours,
        "resources": page.resources,
    }
    for section, items in entries.items():
        known = profile.ids(section)
        what = _SECTION_NAMES[section]
        for i, entry in enumerate(items):
            yield from _unknown(f"{_PAGE_SECTION[section]}[{i}].native", entry.native, known, f"native {what}")
    for i, adj in enumerate(page.adjust):
        yield from _unknown(f"adjust[{i}].stat", adj.stat, profile.ids("stats"), "native stat")
    for i, ss in enumerate(page.spell_speeds):
        for j, type_id in enumerate(ss.card_types):
            yield from _unknown(f"spell_speeds[{i}].card_types[{j}]", type_id, profile.ids("card_types"),
                                "native card type")
    yield from _duplicates("adjust", (a.stat for a in page.adjust))
    yield from _duplicated_entries(page)
    yield from _coverage(page, profile)
    yield from _keyword_rules(page)
    yield from _phrasebook(page, profile)
    yield from _we(page, profile)
    yield from _resource_zone(page, profile)
    yield from _life_zone_apart(page, profile)


def _attach_and_spent(p: GameProfile) -> Iterator[Problem]:
    """Attaching and returning need resource cards: a resource zone's cards, and for returning, a deck."""
    res = p.resources
    if res.attach is not None and (res.counter is not None or not res.costs):
        yield "resources.attach", ("attaching needs resource cards that pay costs: not a [resources.counter], and "
                                   "resources.costs = true")
    if res.attach is not None and res.attach.from_hand:
        if res.attach.power:
            yield "resources.attach.power", ("power is for resources attached from the resource zone for the turn "
                                             "(DON!!); from_hand attaches for good and adds none: leave it out")
        if res.source != "dedicated-cards" or res.deck is not None:
            yield "resources.attach.from_hand", ("attaching from the hand needs resource cards drawn from the main "
                                                 "deck: resources.source = \"dedicated-cards\" and no resources.deck")
    from_hand = res.attach is not None and res.attach.from_hand
    if p.battle.attack_cost is not None and not from_hand:
        yield "battle.attack_cost", "an attack cost is paid by attached resources: it needs resources.attach.from_hand"
    if p.play.retreat is not None and not from_hand:
        yield "play.retreat", "a retreat discards attached resources: it needs resources.attach.from_hand"
    if res.spent == "returned" and res.deck is None:
        yield "resources.spent", "'returned' puts a paid resource back into its resource deck: name it in resources.deck"


def _layers(p: GameProfile, zones: frozenset[str]) -> Iterator[Problem]:
    """Each layer of life in its own zone, with what its kind needs: shields a count, a base its HP."""
    yield from _duplicates("life.layers", (layer.id for layer in p.life.layers))
    taken = {p.life.zone} if p.life.zone else set()
    for i, layer in enumerate(p.life.layers):
        key = f"life.layers[{i}]"
        yield from _unknown(f"{key}.zone", layer.zone, zones, "zone")
        if layer.zone in taken:
            yield f"{key}.zone", f"zone {layer.zone!r} already holds another layer of life: give each layer its own zone"
        taken.add(layer.zone)
        if layer.kind == "shields" and not layer.count:
            yield f"{key}.count", "a layer of shields needs count, the cards it takes from the deck top at the start"
        if layer.kind == "base" and not layer.hp:
            yield f"{key}.hp", "a base needs hp, the damage it takes before it breaks"
        if layer.kind == "base" and layer.count:
            yield f"{key}.count", "a base is one card: leave count out (hp says what it takes)"
        if layer.kind == "shields" and layer.hp:
            yield f"{key}.hp", "shields break one per hit: leave hp out (count says how many)"


def _life_zone_apart(page: MappingPage, profile: GameProfile) -> Iterator[Problem]:
    """The life's own zone (life.zone, or else the first the page maps to ライフエリア) holds no layer of life."""
    if [str(getattr(r, "value", r)) for r in page.rules_of(terms.LifeSystem)] == ["ライフポイント"]:
        return  # a number: the life itself lies in no zone
    zone = profile.life.zone or next(iter(page.zones_on("ライフエリア")), None)
    for i, layer in enumerate(profile.life.layers):
        if layer.zone == zone:
            yield f"life.layers[{i}].zone", (f"zone {zone!r} holds the life itself: give the layer a zone of its own "
                                             "(or name the life's zone in life.zone)")


def _resource_zone(page: MappingPage, profile: GameProfile) -> Iterator[Problem]:
    """Resources made of cards need a zone to lie in: a game whose resources arrive by themselves from the deck
    top (or a resource deck) and whose page maps no zone to 資源エリア would put them on the field, where they
    would fight as characters. Points that are not cards are a ``[resources.counter]``."""
    res = profile.resources
    arrives = res.deck is not None or (res.source == "automatic" and res.arrival != "rules")
    if not arrives or res.counter is not None or not res.costs:
        return
    if not page.zones_on("資源エリア"):
        yield "permanent_types", ("the profile's resources arrive by themselves as cards (resources.source "
                                  f"{res.source!r}{', resources.deck' if res.deck else ''}), but no zone is mapped to "
                                  "資源エリア to hold them: map the resource zone, or declare [resources.counter] in the "
                                  "profile for points that are not cards")


def _duplicated_entries(page: MappingPage) -> Iterator[Problem]:
    """Each keyed table maps a native term once (a zone once per state): a second entry would be silently
    ignored, or contradict the first."""
    zones: set[tuple[str, str | None]] = set()
    for i, zone in enumerate(page.permanent_types):
        if (zone.native, zone.state) in zones:
            state = f" in state {zone.state!r}" if zone.state else ""
            yield f"permanent_types[{i}].native", f"zone {zone.native!r}{state} is mapped twice"
        zones.add((zone.native, zone.state))
    tables: dict[str, Sequence[_Entry]] = {"card_types": page.card_types, "status": page.status,
                                           "unified_keywords": page.unified_keywords, "colours": page.colours,
                                           "resources": page.resources}
    for key, items in tables.items():
        seen: set[str] = set()
        for i, entry in enumerate(items):
            if entry.native in seen:
                yield f"{key}[{i}].native", f"{entry.native!r} is mapped twice"
            seen.add(entry.native)


_DISTINCT = (("self_side", "opponent_side"), ("rested", "standing"), ("rest", "stand"),
             ("self_player", "opponent_player", "both_players"))
"""Phrasebook words a reader of converted card texts must tell apart (docs/rules.md §7)."""


def _phrasebook(page: MappingPage, profile: GameProfile) -> Iterator[Problem]:
    """A phrasebook's words must tell apart what the text reader reads apart, and its character word must not
    be a card type's or a keyword's printed name (a card type's word is read as that type, 「…カード」)."""
    pb = page.phrasebook
    if pb is None:
        return
    for keys in _DISTINCT:
        words = [getattr(pb, k) for k in keys]
        if len(set(words)) < len(words):
            yield f"phrasebook.{keys[0]}", f"{' / '.join(keys)} must differ (found {' / '.join(words)})"
    if pb.character == "カード":
        yield "phrasebook.character", "'カード' means any card in a converted text: name the characters (場のカード)"
    keywords = {k.name for k in profile.keywords}
    if pb.character in keywords:
        yield "phrasebook.character", f"{pb.character!r} is the printed name of a keyword of {profile.id}"


def _coverage(page: MappingPage, profile: GameProfile) -> Iterator[Problem]:
    covered = page.covered()
    for section, items in profile.native_sections().items():
        for item in items:
            if item.id not in covered[section]:
                what = _SECTION_NAMES[section]
                yield (
                    _PAGE_SECTION[section],
                    f"native {what} {item.id!r} ({item.name}) is not mapped: add an entry for it, "
                    "or one with a note saying it has no counterpart",
                )


def _keyword_rules(page: MappingPage) -> Iterator[Problem]:
    yield from _duplicates("keyword_rules", (e.rule for e in page.keyword_rules))
    counts = {
        "damage system (SPS or DDS)": (len(page.rules_of(terms.DamageSystem)), 1, 1),
        "life system": (len(page.rules_of(terms.LifeSystem)), 1, 1),
        "stat system": (len(page.rules_of(terms.StatSystem)), 0, 1),
    }
    for what, (n, low, high) in counts.items():
        if not low <= n <= high:
            need = "exactly one" if low == high else "at most one"
            more = (": the page's life system is the innermost layer; declare the layers in front of it (shields, a "
                    "base) as [[life.layers]] in the profile" if what == "life system" and n > 1 else "")
            yield "keyword_rules", f"needs {need} {what}, found {n}{more}"
    mapped = {e.stat for e in page.status}
    needed = {
        terms.StatSystem.BP: {terms.CanonicalStat.BP},
        terms.StatSystem.APDP: {terms.CanonicalStat.AP, terms.CanonicalStat.DP},
        terms.StatSystem.SUBSTITUTED_BP: {terms.CanonicalStat.BP},
        terms.StatSystem.HP: {terms.CanonicalStat.HP},
    }
    for rule in page.rules_of(terms.StatSystem):
        lacking = needed[rule] - mapped  # type: ignore[index]
        if lacking:
            yield "status", f"{rule} needs a native stat mapped to {', '.join(sorted(lacking))}"


def _we(page: MappingPage, profile: GameProfile) -> Iterator[Problem]:
    declared = page.we
    if declared.range != range_of(declared.we):
        yield "we.range", f"レンジ must be 5 − WE = {range_of(declared.we)} for WE{declared.we}, not {declared.range}"
    appraisal = appraise(profile)
    if declared.override is not None:
        if declared.override.we != declared.we:
            yield "we.override.we", f"the override says WE{declared.override.we} but the page declares WE{declared.we}"
        return
    if declared.we != appraisal.we:
        yield (
            "we.we",
            f"declares WE{declared.we} but the appraisal gives WE{appraisal.we} ({appraisal.criterion}); "
            "correct it or add [we.override] with a reason",
        )
