"""Native card → canonical AMALOGS card, through the game's page.

The canonical card holds what the ontology can say about a card: family and genus, permanent or not,
canonical stats after adjust ratios (halves kept, as exact fractions), 大コスト and the colour-broken
コスト, colour slots, 特徴, unified keywords, the spell speed it is played at, and its effects. What only
its own game can read — 固有能力 values, keywords with no unified form, an ambiguous card type — is kept
with the game it came from, so converting back into that game loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from amalogs.catalog import Game
from amalogs.convert.effects import GameFacts
from amalogs.convert.index import GameIndex, genus_of, index_of
from amalogs.models.cards import Card, StatValue
from amalogs.models.effects import Effect
from amalogs.models.game import GameProfile
from amalogs.ontology.terms import (
    FAMILY_OF,
    CanonicalStat,
    ColourSlot,
    Family,
    Genus,
    SpellSpeed,
    StatSystem,
    UnifiedKeyword,
)

__all__ = ["CanonicalCard", "Sourced", "to_canonical", "genus_of", "derived_stats"]

PERMANENT_FAMILIES = frozenset({Family.CHARA, Family.ITEM, Family.RESOURCE})
ONE = Fraction(1)


@dataclass(frozen=True, slots=True)
class Sourced:
    """A canonical value with the native stat it came from."""

    stat: CanonicalStat | None
    value: Fraction | str | tuple[str, ...] | dict[ColourSlot, int]
    source_stat: str
    ratio: Fraction = Fraction(1)


@dataclass(frozen=True, slots=True)
class CanonicalCard:
    """An AMALOGS card: the canonical view of a native card (see the module docstring)."""

    game: str
    id: str
    name: str
    en: str | None
    native_type: str
    family: Family | None
    genus: Genus | None
    permanent: bool
    colours: tuple[ColourSlot, ...]
    values: tuple[Sourced, ...]
    keywords: tuple[UnifiedKeyword, ...]
    spell_speed: SpellSpeed
    from_life: bool
    effects: tuple[Effect, ...]
    text: str | None
    native_keywords: tuple[str, ...] = ()
    unmapped_keywords: tuple[str, ...] = ()
    native_colours: tuple[str, ...] = ()
    stat_system: StatSystem | None = None
    damage_system: str | None = None
    """The source game's damage system (SPS or DDS), for reasons."""
    game_name: str = ""
    cost_stat: str | None = None
    """The native stat the source profile names as the cost (the one its total cost sums), if any."""
    facts: GameFacts | None = None
    """The source game's facts, against which each effect is judged in a target (:mod:`amalogs.convert.effects`)."""
    colours_from: str | None = None
    """The native stat its colours were read from (a land, colourless itself: the colours of the mana it
    produces, its game's ``resources.colour_source``), or None."""
    speed_rule: str = ""
    """What its spell speed is in its own game: what gives it (a keyword, a timing printed in its text) and the
    action the game's page lists at that speed, for reasons."""

    def value(self, stat: CanonicalStat) -> Fraction | str | tuple[str, ...] | dict[ColourSlot, int] | None:
        """The first value of a canonical stat, or None. The cost is the stat the profile names as the cost
        (the one its total cost sums), whatever the order of the card file's keys."""
        if stat is CanonicalStat.COST and self.cost_stat is not None:
            named = next((v for v in self.values if v.source_stat == self.cost_stat), None)
            if named is not None:
                return named.value
        for v in self.values:
            if v.stat is stat:
                return v.value
        return None

    def number(self, stat: CanonicalStat) -> Fraction | None:
        v = self.value(stat)
        return v if isinstance(v, Fraction) else None

    @property
    def total_cost(self) -> Fraction | None:
        return self.number(CanonicalStat.TOTAL_COST)

    @property
    def traits(self) -> tuple[str, ...]:
        words: list[str] = []
        for v in self.values:
            if v.stat is CanonicalStat.TRAIT:
                words += [v.value] if isinstance(v.value, str) else list(v.value)  # type: ignore[arg-type]
        return tuple(dict.fromkeys(words))

    @property
    def unique(self) -> tuple[Sourced, ...]:
        """固有能力 and unmapped values: readable only by the card's own game."""
        return tuple(v for v in self.values if v.stat in (CanonicalStat.UNIQUE, None))


def derived_stats(profile: GameProfile, card: Card) -> dict[str, StatValue]:
    """The card's printed stats plus the totals its profile computes (``sum_of``)."""
    stats = dict(card.stats)
    for stat in profile.stats:
        if stat.sum_of is None:
            continue
        source = card.stats.get(stat.sum_of)
        if isinstance(source, dict):
            stats[stat.id] = sum(source.values())
    return stats


def _canonical_value(ix: GameIndex, stat_id: str, value: StatValue) -> Sourced:
    canonical = ix.status.get(stat_id)
    if isinstance(value, int):
        ratio = ix.ratios.get(stat_id, ONE)
        scaled = Fraction(value) if ratio is ONE or ratio == 1 else Fraction(value * ratio.numerator, ratio.denominator)
        return Sourced(canonical, scaled, stat_id, ratio)
    if isinstance(value, dict):
        slots = ix.slots
        table: dict[ColourSlot, int] = {}
        for colour, amount in value.items():
            slot = slots.get(colour, ColourSlot.COLOURLESS)
            table[slot] = table.get(slot, 0) + amount
        return Sourced(canonical, table, stat_id)
    return Sourced(canonical, value, stat_id)


def printed_speed(game: Game, text: str | None) -> tuple[SpellSpeed, str] | None:
    """The fastest speed a card's text gives it by words its game's page lists (``spell_speeds.printed``:
    戦国大戦TCG's 「（戦闘中にも使える）」, a 計略 also played in the battle phase, SS2), with those words; or None."""
    found = [(e.speed, words) for e in game.page.spell_speeds for words in e.printed if text and words in text]
    return max(found, key=lambda x: x[0]) if found else None


def type_speed(game: Game, type_id: str) -> SpellSpeed | None:
    """The speed a card type is played at whatever its keywords (``spell_speeds.card_types``: an instant, SS2)."""
    return max((e.speed for e in game.page.spell_speeds if type_id in e.card_types), default=None)


def _speed_rule(game: Game, speed: SpellSpeed, cause: str | None, printed: bool = False) -> str:
    entry = next((e for e in game.page.spell_speeds if e.speed == speed), None)
    actions = entry.actions if entry else ()
    hinted = [a for a in actions if cause and cause.lower() in a.lower()]
    if printed:  # the action the page lists for a card its printed words make faster (a 計略 in the battle phase)
        hinted = [a for a in actions if any(w in a for w in ("計略", "spell", "card"))] or hinted
    action = (hinted or list(actions) or [""])[0]
    given = f"「{cause}」" if printed else (cause or "no keyword of another speed")
    return f"SS{int(speed)} in {game.id} ({given}: {action})" if action else f"SS{int(speed)} in {game.id} ({given})"


def to_canonical(card: Card, game: Game) -> CanonicalCard:
    """The canonical AMALOGS card of a native card of ``game``."""
    ix = index_of(game)
    genus = ix.genera.get(card.type)
    family = FAMILY_OF[genus] if genus else None
    slots = ix.slots
    colours = tuple(dict.fromkeys(slots[c] for c in card.colours if c in slots))
    source = game.profile.resources.colour_source
    produced = card.stats.get(source) if source is not None and family is Family.RESOURCE else None
    colours_from = None
    if not colours and isinstance(produced, list | tuple):  # a land: colourless itself, it gives its mana's colours
        colours = tuple(dict.fromkeys(slots[str(c)] for c in produced if str(c) in slots))
        colours_from = source if colours else None
    stats = dict(card.stats)
    for total, of in ix.totals:
        if isinstance(table := card.stats.get(of), dict):
            stats[total] = sum(table.values())
    values = tuple(_canonical_value(ix, sid, v) for sid, v in stats.items())
    entries = ix.keywords
    unified = tuple(dict.fromkeys(entries[k].unified for k in card.keywords if k in entries and entries[k].unified))
    speeds = [(sp, k) for k in card.keywords if k in entries and (sp := entries[k].spell_speed) is not None]
    words = printed_speed(game, card.text)
    if words is not None:
        speeds.append(words)
    if (typed := type_speed(game, card.type)) is not None:
        speeds.append((typed, card.type))
    speed, cause = max(speeds, default=(SpellSpeed.SS1, None), key=lambda x: x[0])
    return CanonicalCard(
        game=game.id,
        id=card.id,
        name=card.name,
        en=card.en,
        native_type=card.type,
        family=family,
        genus=genus,
        permanent=family in PERMANENT_FAMILIES,
        colours=colours,
        values=values,
        keywords=unified,  # type: ignore[arg-type]
        spell_speed=speed,
        from_life=UnifiedKeyword.LIFE_TRIGGER in unified,
        effects=card.effects,
        text=card.text,
        native_keywords=card.keywords,
        unmapped_keywords=tuple(k for k in card.keywords if not (k in entries and entries[k].unified)),
        native_colours=card.colours,
        stat_system=ix.stat_system,
        damage_system=str(game.page.damage_system()),
        game_name=game.profile.name,
        cost_stat=ix.totals[0][1] if ix.totals else None,
        speed_rule=_speed_rule(game, speed, cause, printed=words is not None and cause == words[1]),
        facts=ix.facts,
        colours_from=colours_from,
    )
