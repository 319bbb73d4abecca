"""Canonical AMALOGS card → a native card of any game, with the fidelity of every field and its reason.

Fidelity says how each field of the result came to be:

- ``exact``: the value means the same in both games, with nothing rounded: the same canonical number after
  the adjust ratios, the same colour requirement by colour slot, the same genus, colour slot, unified keyword or
  spell speed (docs/rules.md §7, "Fidelity");
- ``scaled``: the same canonical value through a different adjust ratio (for example 1/1000 → 1);
- ``approximated``: close, not equal: rounded to the target's printed step, clamped to its printed range,
  or combined (an attack/defence pair into one power value);
- ``defaulted``: the source has no such value and the target needs one, so a documented default is used;
- ``dropped``: the source value has no place in the target game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from math import floor
from typing import NamedTuple

from pydantic import ValidationError

from amalogs.catalog import Game
from amalogs.convert.canonical import (
    ONE,
    CanonicalCard,
    Sourced,
    printed_speed,
    type_speed,
)
from amalogs.convert.curve import (
    DEFAULT_SCALE,
    CurveScale,
    Scale,
    at_cost,
    describe_place,
    nearest_cost,
    place,
    side_of,
    side_value,
)
from amalogs.convert.effects import CANNOT, DIFFERENT, WORKS, judge
from amalogs.convert.index import GameIndex, index_of
from amalogs.convert.text import card_text, is_event, words_of
from amalogs.models.cards import Card, StatValue
from amalogs.models.effects import Effect, Native
from amalogs.models.game import Stat
from amalogs.ontology.terms import (
    FAMILY_OF,
    STANDARD_GENUS,
    CanonicalStat,
    ColourSlot,
    SpellSpeed,
)

__all__ = ["Conversion", "Fidelity", "FieldReport", "one_of_colour", "show", "to_native"]

BATTLE = (CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.HP)

FACTION_STATS: dict[str, str] = {"sengoku-taisen": "seiryoku"}
"""Text stats that name the card's colour (戦国大戦TCG's 勢力: 紅, 蒼 or 翠, the names of its colours). A converted
card's value is set from its colour slot by :func:`one_of_colour` over the names of the game's colours, never
from its 特徴 (docs/rules.md, "Conversion decisions")."""


class Fidelity(StrEnum):
    EXACT = "exact"
    SCALED = "scaled"
    APPROXIMATED = "approximated"
    DEFAULTED = "defaulted"
    DROPPED = "dropped"


class FieldReport(NamedTuple):
    """How one field of the target card was made; values are raw (format them with :func:`show`)."""

    field: str
    source: object
    canonical: object
    target: object
    fidelity: Fidelity
    reason: str
    of: tuple[str, ...] = ()
    """The source card's native stats this row accounts for (every stat the row read; empty for a row of a
    field that is not a stat, such as ``keywords``)."""


class Conversion:
    """A native card converted through its canonical form into a target game.

    The target card's fields are worked out at once; the validated :class:`Card` model is built the first
    time ``card`` is read (building models is the slow part, and batch reports often need only fidelity).
    """

    __slots__ = ("canonical", "target_game", "fields", "left_out", "scale", "_parts", "_card")

    def __init__(self, canonical: CanonicalCard, target_game: str, parts: dict[str, object],
                 fields: tuple[FieldReport, ...], left_out: str | None = None, scale: Scale = DEFAULT_SCALE) -> None:
        self.canonical = canonical
        self.scale: Scale = scale
        """The scale of its battle values: ``amalogs`` (the adjust ratios) or ``curve`` (docs/rules.md §7)."""
        self.target_game = target_game
        self.fields = fields
        self.left_out = left_out
        """Why the card has no counterpart in the target (its family has no card type there), or None."""
        self._parts = parts
        self._card: Card | None = None

    @property
    def converted(self) -> bool:
        """Whether the target game has a card for it (False: it is left out, see ``left_out``)."""
        return self.left_out is None

    @property
    def card(self) -> Card:
        if self.left_out is not None:
            from amalogs.errors import AmalogsError

            raise AmalogsError(f"{self.canonical.id} cannot be converted into {self.target_game}: {self.left_out}")
        if self._card is None:
            try:
                self._card = Card.model_validate(self._parts)
            except ValidationError as exc:  # a value the target game cannot print (beyond what a card may hold)
                from amalogs.errors import AmalogsError
                from amalogs.validation_messages import describe

                key, message = describe(exc.errors(include_url=False)[0], Card)
                raise AmalogsError(f"{self.canonical.id} cannot be converted into {self.target_game}: "
                                   f"the converted card's {key}: {message}") from None
        return self._card

    @property
    def original_text(self) -> str | None:
        """The source card's printed text, as its own game words it (the target card's ``text`` is rewritten in
        the target's words, docs/rules.md §7, "Text in the target's words")."""
        return self.canonical.text

    @property
    def lost(self) -> tuple[FieldReport, ...]:
        return tuple(f for f in self.fields if f.fidelity is Fidelity.DROPPED)

    @property
    def effects(self) -> tuple[FieldReport, ...]:
        """One row per canonical effect of the source card, with its verdict in the target."""
        return tuple(f for f in self.fields if f.field == "effects")

    @property
    def warning(self) -> str | None:
        """Why the converted card cannot be played as intended (effects that cannot work or work differently),
        or None when every effect works as in its own game."""
        rows = self.effects
        cannot = [f for f in rows if f.fidelity is Fidelity.DROPPED]
        differ = [f for f in rows if f.fidelity is Fidelity.APPROXIMATED]
        if not cannot and not differ:
            return None
        parts = []
        if cannot:
            parts.append(f"{len(cannot)} of its {len(rows)} effect{'s' if len(rows) > 1 else ''} cannot work")
        if differ:
            parts.append(f"{len(differ)} {'works' if len(differ) == 1 else 'work'} differently")
        if not cannot:
            return f"plays differently in {self.target_game}: {parts[0]}"
        return f"cannot be played as intended in {self.target_game}: {' and '.join(parts)}"


def show(value: object) -> str:
    """A value as the reports print it: fractions as decimals where exact, tables as a=b."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        as_float = float(value)
        return str(as_float) if Fraction(str(as_float)) == value else f"{value.numerator}/{value.denominator}"
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items()) or "—"
    if isinstance(value, tuple):
        return "・".join(value) or "—"
    return "—" if value is None else str(value)


@dataclass
class _Builder:
    cc: CanonicalCard
    target: Game
    ix: GameIndex
    reports: list[FieldReport] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    same: bool = False
    curve: CurveScale | None = None
    accounted: set[str] = field(default_factory=set)
    derived_total: int | None = None
    """The target's own total of its colour costs (a ``sum_of`` stat), once the colour costs are made."""

    def __post_init__(self) -> None:
        self.same = self.cc.game == self.target.profile.id

    def report(self, name: str, source: object, canonical: object, target: object, fid: Fidelity, why: str,
               of: tuple[str, ...] = ()) -> None:
        """One row; it accounts for the source stats read since the last row (and ``of``)."""
        read = tuple(sorted((self.used - self.accounted) | set(of)))
        self.accounted |= self.used | set(of)
        self.reports.append(FieldReport(name, source, canonical, target, fid, why, read))

    def sourced(self, stat: CanonicalStat) -> Sourced | None:
        return next((v for v in self.cc.values if v.stat is stat), None)


def to_native(cc: CanonicalCard, target: Game, *, card_id: str | None = None,
              curve: CurveScale | None = None) -> Conversion:
    """Build the target game's card for a canonical card, reporting every field's fidelity.

    With ``curve`` (the ``curve`` scale, :mod:`amalogs.convert.curve`) its battle values are placed on the target
    game's printed curve by 大コスト; without it (the ``amalogs`` scale) only the adjust ratios apply."""
    b = _Builder(cc, target, index_of(target), curve=curve)
    scale: Scale = "curve" if curve is not None else DEFAULT_SCALE
    b.report("name", cc.name, cc.name, cc.name, Fidelity.EXACT, "names are kept")
    type_id = _card_type(b)
    if type_id is None:
        return Conversion(cc, target.profile.id, {}, tuple(b.reports), left_out=b.reports[-1].reason, scale=scale)
    stats: dict[str, StatValue] = {}
    profile = b.ix.stats
    for stat_id in b.ix.printed[type_id]:
        if profile[stat_id].sum_of is None:
            stats[stat_id] = _stat(b, profile[stat_id])
    _report_unused_values(b)
    colours = _colours(b)
    keywords = _keywords(b)
    _spell_speed(b, type_id, keywords)
    effects = tuple(e for e in cc.effects if b.same or not isinstance(e, Native))
    text = _text(b, type_id) if cc.text else None
    for e in cc.effects:
        _effect(b, e)
    parts: dict[str, object] = {
        "id": card_id or cc.id,
        "name": cc.name,
        "en": cc.en,
        "type": type_id,
        "colours": colours,
        "stats": stats,
        "keywords": keywords,
        "text": text,
        "effects": effects,
    }
    return Conversion(cc, target.profile.id, parts, tuple(b.reports), scale=scale)


def _text(b: _Builder, type_id: str) -> str | None:
    """The target card's text: the source's canonical effects and unified keywords in the target's words
    (docs/rules.md §7, "Text in the target's words"); the same text in the same game."""
    cc = b.cc
    if b.same:
        b.report("text", cc.text, "—", cc.text, Fidelity.EXACT, "same game")
        return cc.text
    written = card_text(cc.effects, cc.keywords, words_of(b.target), event=is_event(b.target, type_id),
                        original=cc.text)
    new = written.text or None
    missing = [str(k) for k in cc.keywords if k not in b.ix.natives] + list(cc.unmapped_keywords)
    where = f"rewritten in {b.target.id}'s words ({b.target.page.abbreviation}'s phrasebook)"
    if new is None:
        b.report("text", cc.text, "—", None, Fidelity.DROPPED,
                 f"nothing of it has a place in {b.target.id}: no effect, and no keyword {b.target.id} has")
    elif written.untranslated or written.printed_costs or missing:
        effects = f"{written.said} of {len(cc.effects)} effect{'' if len(cc.effects) == 1 else 's'}"
        b.report("text", cc.text, "—", new, Fidelity.APPROXIMATED,
                 f"{where}: {effects}; " + "; ".join(_unsaid(b, written.untranslated, written.printed_costs, missing)))
    else:
        b.report("text", cc.text, "—", new, Fidelity.EXACT,
                 f"{where}: every effect and keyword ({written.said} effect{'' if written.said == 1 else 's'})")
    return new


def _unsaid(b: _Builder, untranslated: int, printed_costs: int, missing: list[str]) -> list[str]:
    """What a rewritten text could not say, for the reason of its row: each kind with how many."""
    parts = []
    if missing:
        n = len(missing)
        parts.append(f"{n} keyword{'s' if n > 1 else ''} with no counterpart in {b.target.id} left out "
                     f"({', '.join(missing)}; see the keyword rows)")
    if untranslated:
        n = untranslated
        parts.append(f"{n} effect{'s' if n > 1 else ''} only {b.cc.game} can carry out: "
                     f"{'their sentences are' if n > 1 else 'its sentence is'} kept as printed, marked 〔未訳〕 "
                     "(untranslated)")
    if printed_costs:
        n = printed_costs
        parts.append(f"{n} cost{'s' if n > 1 else ''} with no structured payment kept as printed")
    return parts


_OUTCOME = {WORKS: Fidelity.EXACT, DIFFERENT: Fidelity.APPROXIMATED, CANNOT: Fidelity.DROPPED}


def _effect(b: _Builder, e: Effect) -> None:
    """One canonical effect, judged in the target: works (exact), works differently (approximated, the reason
    says how) or cannot work (dropped) (docs/rules.md §7, "Effects in the target game")."""
    if b.same:
        b.report("effects", e, e.do, WORKS, Fidelity.EXACT, "same game")
        return
    if isinstance(e, Native):
        b.report("effects", e, "native", CANNOT, Fidelity.DROPPED,
                 f"only {b.cc.game} can carry this out; in {b.target.id} it would fizzle (立ち消え)")
        return
    verdict = judge(e, b.cc.facts, b.ix.facts)
    b.report("effects", e, e.do, verdict.outcome, _OUTCOME[verdict.outcome], verdict.reason)


def _card_type(b: _Builder) -> str | None:
    cc = b.cc
    if b.same:
        b.report("type", cc.native_type, cc.genus, cc.native_type, Fidelity.EXACT, "same game")
        return cc.native_type
    key = (cc.genus, cc.family, cc.permanent)
    if key not in b.ix.type_choices:
        b.ix.type_choices[key] = _choose_type(b)
    found, fid, why = b.ix.type_choices[key]
    b.report("type", cc.native_type, cc.genus, found, fid, why)  # type: ignore[arg-type]
    return found


def _choose_type(b: _Builder) -> tuple[str | None, Fidelity, str]:
    """The target card type for a genus: the same genus, else the family's standard genus, else another genus
    of the same family. A card never leaves its family: when the target has no type of it, there is no type
    (None, ``dropped``) and the card is left out (docs/rules.md, "Conversion decisions")."""
    cc, game = b.cc, b.target
    genus = b.ix.genera
    types = list(genus)
    if cc.family is None:
        return None, Fidelity.DROPPED, (f"{cc.native_type} of {cc.game} has no canonical genus, so it has no "
                                        f"counterpart in {game.id}: left out")
    standard = STANDARD_GENUS[cc.family]
    ranked: list[tuple[Callable[[str], bool], Fidelity, str]] = [
        (lambda t: genus[t] is cc.genus, Fidelity.EXACT, f"{cc.genus} in both games"),
        (lambda t: genus[t] is standard, Fidelity.APPROXIMATED,
         f"{game.id} has no {cc.genus}; the standard genus of its family ({cc.family}): {standard}"),
        (lambda t: genus[t] is not None and FAMILY_OF[genus[t]] is cc.family,  # type: ignore[index]
         Fidelity.APPROXIMATED, f"{game.id} has no {cc.genus}; the nearest type of the same family ({cc.family})"),
    ]
    for test, fid, why in ranked:
        found = next((t for t in types if test(t)), None)
        if found:
            alike = [t for t in types if genus[t] is genus[found]]
            if fid is Fidelity.EXACT and len(alike) > 1:
                return found, Fidelity.APPROXIMATED, (
                    f"{why}, but {game.id} has {len(alike)} card types of it ({', '.join(alike)}) and the card's own "
                    f"is not known there: the first, {found}")
            return found, fid, why
    return None, Fidelity.DROPPED, (f"{game.id} has no card type of {cc.family}, and a card converts only within its "
                                    f"family (a {cc.genus} never becomes a character or any other card): left out")


def _stat(b: _Builder, stat: Stat) -> StatValue:
    """One printed stat of the target card."""
    name = f"stats.{stat.id}"
    if b.same:
        own = next((v for v in b.cc.values if v.source_stat == stat.id), None)
        if own is not None:
            b.used.add(stat.id)
            value: StatValue
            if isinstance(own.value, Fraction):
                value = _native_number(Fraction(_unscale(own.value, own.ratio)))
            elif isinstance(own.value, dict):
                value = _colour_table(b, own.value)
            else:
                value = own.value
            b.report(name, value, own.value, value, Fidelity.EXACT, "same game")
            return value
    canonical = b.ix.status.get(stat.id)
    if stat.kind == "number":
        return _number(b, stat, canonical, name)
    if stat.kind == "colour-cost":
        return _cost(b, stat, name)
    return _words(b, stat, canonical, name)


def _native_number(value: Fraction) -> int:
    return int(value) if value.denominator == 1 else floor(value + Fraction(1, 2))


def _unscale(value: Fraction, ratio: Fraction) -> Fraction | int:
    """``value / ratio``, in integers when both allow it (the common case, and much faster)."""
    if value.denominator == 1 and ratio.numerator == 1:
        return value.numerator * ratio.denominator
    return value / ratio


def _round_to(native: Fraction | int, step: int) -> int:
    if isinstance(native, int):
        return native if native % step == 0 else _native_number(Fraction(native, step)) * step
    return _native_number(native / step) * step


def _number(b: _Builder, stat: Stat, canonical: CanonicalStat | None, name: str) -> int:
    ratio = b.ix.ratios.get(stat.id, ONE)
    if b.curve is not None and canonical in BATTLE and (on_curve := _curve_number(b, stat, canonical, name, ratio)):
        return on_curve[0]
    value, fid, why, source = _canonical_number(b, canonical)
    native = _unscale(value, ratio)
    rounded = _round_to(native, stat.step or 1)
    if rounded != native:
        fid, why = Fidelity.APPROXIMATED, f"{why}; rounded to the printed step ({stat.step or 1})"
    if stat.range is not None:
        clamped = max(stat.range.min, rounded if stat.range.max is None else min(stat.range.max, rounded))
        if canonical is CanonicalStat.TOTAL_COST and value == 0:
            clamped = 0  # a card that costs nothing stays free (docs/rules.md, "Conversion decisions")
            if rounded == 0 and stat.range.min > 0:
                fid, why = fid if fid is Fidelity.DEFAULTED else Fidelity.APPROXIMATED, (
                    f"{why}; a cost of 0 stays 0, below the printed range {stat.range}: raising it would make a "
                    "free card cost something (in ブレイクジョーカー it would become an A, worth 1 or 11)")
        if clamped != rounded:
            fid, why, rounded = Fidelity.APPROXIMATED, f"{why}; clamped to the printed range {stat.range}", clamped
    if fid is Fidelity.EXACT and source is not None and source.ratio != ratio:
        fid, why = Fidelity.SCALED, f"{why}; adjust ratio {source.ratio} → {ratio}"
    b.report(name, _unscale(source.value, source.ratio) if source and isinstance(source.value, Fraction) else None,
             value, rounded, fid, why)
    return rounded


def _curve_number(b: _Builder, stat: Stat, canonical: CanonicalStat | None, name: str,
                  ratio: Fraction) -> tuple[int] | None:
    """A battle value on the ``curve`` scale (docs/rules.md §7, "Scales: amalogs and curve"), or None when the
    target has no curve of the stat (then the adjust ratios apply, as on the ``amalogs`` scale). A source card
    with no such side of its battle values (or of a game with no curve of it) takes the target curve's median."""
    assert b.curve is not None and canonical is not None
    target_curve = b.curve.target.stats.get(stat.id)
    side = side_of(canonical)
    source_curve = b.curve.source.sides.get(side)
    if not target_curve:
        return None
    cc = b.cc
    cost = cc.total_cost or Fraction(0)
    value = side_value(cc, side)
    src, tgt = b.curve.source.abbreviation, b.curve.target.abbreviation
    if value is None or not source_curve:
        p, fid = Fraction(1, 2), Fidelity.DEFAULTED
        canonical_value, at_target, count = at_cost(p, cost, target_curve)
        where = f"the median {stat.name}: the source has no {_SIDE_NAMES[side]}"
    else:
        b.used.update(v.source_stat for v in _side_sources(b, side))
        source_cost = cost if cost in source_curve else nearest_cost(cost, source_curve)
        values = source_curve[source_cost]
        p, fid = place(value, values), Fidelity.SCALED
        canonical_value, at_target, count = at_cost(p, cost, target_curve)
        at = f"大コスト {show(source_cost)}" + ("" if source_cost == cost else f" (the nearest to {show(cost)})")
        where = (f"{'its only' if count == 1 else describe_place(p)} {stat.name}, as the card's {_SIDE_NAMES[side]} "
                 f"{show(value)} is {describe_place(p)} of {len(values)} at {at} in {src}")
    native = _unscale(canonical_value, ratio)
    rounded = _round_to(native, stat.step or 1)
    if stat.range is not None:
        rounded = max(stat.range.min, rounded if stat.range.max is None else min(stat.range.max, rounded))
    why = f"curve: {at_target} in {tgt}, {where}"
    if rounded != native:
        why += f" ({show(canonical_value)} on the canonical scale, rounded to the printed step {stat.step or 1})"
    sources = _side_sources(b, side)
    source = sources[0] if len(sources) == 1 else None
    raw = _unscale(source.value, source.ratio) if source and isinstance(source.value, Fraction) else None
    b.report(name, raw, value, rounded, fid, why)
    return (rounded,)


_SIDE_NAMES = {"attack": "attack (AP, else BP)", "defence": "defence (DP, else HP, else BP)",
               "power": "BP side (BP, else the mean of attack and defence)"}


def _side_sources(b: _Builder, side: str) -> list[Sourced]:
    """The source values a side (attack, defence, power) is read from, as :func:`amalogs.convert.curve.side_value`
    reads it."""
    bp, ap, dp, hp = (_battle(b, s) for s in BATTLE)
    attack = ap or bp
    defence = dp or hp or bp
    if side == "attack":
        return [attack] if attack else []
    if side == "defence":
        return [defence] if defence else []
    if bp is not None:
        return [bp]
    return [v for v in dict.fromkeys((attack, defence)) if v is not None]


def _canonical_number(b: _Builder, canonical: CanonicalStat | None) -> tuple[Fraction, Fidelity, str, Sourced | None]:
    cc = b.cc
    if canonical is not None:
        direct = b.sourced(canonical)
        if direct is not None and isinstance(direct.value, Fraction):
            b.used.add(direct.source_stat)
            return direct.value, Fidelity.EXACT, f"{canonical} ↔ {canonical}", direct
    if canonical in BATTLE and (battle := _battle_value(b, canonical)) is not None:
        return battle
    cost = cc.total_cost
    if canonical is CanonicalStat.TOTAL_COST:
        table = cc.value(CanonicalStat.COST)
        total = Fraction(sum(table.values())) if isinstance(table, dict) else None
        if total is not None:
            return total, Fidelity.EXACT, "大コスト is the total of the colour costs", None
        return Fraction(0), Fidelity.DEFAULTED, "the source has no cost: 0", None
    if canonical is CanonicalStat.SP:
        if cc.damage_system == "DDS":
            return (Fraction(1), Fidelity.DEFAULTED,
                    f"no SP in the source ({cc.game} is DDS): a DDS attacker deals SP 1 (AMALOGS)", None)
        return (Fraction(1), Fidelity.DEFAULTED,
                f"{cc.game} is {cc.damage_system or 'SPS'} but prints no SP on this card: the documented default SP 1, "
                "the least damage a hit deals", None)
    if canonical in BATTLE:
        base = cost if cost else Fraction(1)
        return base, Fidelity.DEFAULTED, "no battle value in the source: 1 per 大コスト (at least 1)", None
    return Fraction(0), Fidelity.DEFAULTED, f"no {canonical or 'such value'} in the source: 0", None


def _battle(b: _Builder, stat: CanonicalStat) -> Sourced | None:
    found = b.sourced(stat)
    return found if found is not None and isinstance(found.value, Fraction) else None


def _num(value: Sourced) -> Fraction:
    assert isinstance(value.value, Fraction)
    return value.value


def _system(cc: CanonicalCard) -> str:
    """The source card's stat system, for reasons: 'HP制 (game-id)' or 'game-id, which has no stat system'."""
    return f"{cc.stat_system} ({cc.game})" if cc.stat_system else f"{cc.game}, which has no stat system"


def _battle_value(b: _Builder, canonical: CanonicalStat) -> tuple[Fraction, Fidelity, str, Sourced | None] | None:
    """A battle value the source card lacks, from the battle values it has (docs/rules.md, 'Converting cards').

    The attack side is AP (or BP), the defence side DP, HP or BP. HP and DP stand for each other one for one
    on the canonical scale; a BP target takes the one value a card has, or the mean of an attack/defence pair.
    A side the card lacks (the defence of an AP-only card, the attack of an HP-only one) is not made up from
    the other: the default applies.
    """
    bp, ap, dp, hp = (_battle(b, s) for s in BATTLE)
    system = _system(b.cc)
    fid = Fidelity.APPROXIMATED
    if canonical in (CanonicalStat.AP, CanonicalStat.DP) and bp is not None:
        b.used.add(bp.source_stat)
        return _num(bp), Fidelity.EXACT, "a BP character counts as BP/BP (AMALOGS)", bp
    if canonical is CanonicalStat.DP and hp is not None:
        b.used.add(hp.source_stat)
        return _num(hp), fid, (f"HP of {system} counts as DP one for one on the canonical scale: both are the "
                               "damage a character can take (HP keeps it from turn to turn, DP within a turn)"), hp
    if canonical is CanonicalStat.HP and (toughness := dp or bp) is not None:
        b.used.add(toughness.source_stat)
        what = "DP" if toughness is dp else "BP, the damage a BP character can take,"
        return _num(toughness), fid, (f"{what} of {system} counts as HP one for one on the canonical scale; "
                                      "damage on it now stays until the character leaves play"), toughness
    if canonical is not CanonicalStat.BP:
        return None
    defence = dp or hp
    if ap is not None and defence is not None:
        b.used.update({ap.source_stat, defence.source_stat})
        mean = (_num(ap) + _num(defence)) / 2
        pair = "" if defence is dp else f" (AP/HP of {system}: HP counts as DP)"
        why = (f"one value stands for the attack/defence pair {show(ap.value)}/{show(defence.value)}{pair}: their "
               "mean, because a BP character both deals and takes BP in battle")
        return mean, fid, why, None
    only = ap or defence
    if only is None:
        return None
    b.used.add(only.source_stat)
    stat = "AP" if only is ap else ("DP" if only is dp else "HP")
    return _num(only), fid, (f"the card's only battle value is {stat} ({system}): it stands for BP, "
                             "which a BP character both deals and takes"), only


def _cost(b: _Builder, stat: Stat, name: str) -> dict[str, int]:
    table = b.cc.value(CanonicalStat.COST)
    if isinstance(table, dict):
        cost = _cost_source(b.cc)
        if cost is not None:
            b.used.add(cost.source_stat)
        out = _colour_table(b, table)
        b.derived_total = sum(out.values())
        reverse = b.ix.reverse_colours
        lost = [slot for slot, amount in table.items() if amount and slot not in reverse]
        if not lost:
            b.report(name, table, table, out, Fidelity.EXACT,
                     "the same colour requirement by slot: each colour slot is paid by its own colour in both games")
            return out
        where = ", ".join(f"{show(amount)} of slot {slot}" for slot, amount in table.items() if slot in lost)
        b.report(name, table, table, out, Fidelity.APPROXIMATED,
                 f"{b.cc.game} requires its own colours by slot ({show(table)}); {b.target.id} has no colour in the "
                 f"slot of {where}: paid there as {reverse.get(ColourSlot.COLOURLESS, 'any colour')} (colourless), "
                 "which any colour pays, so the colour requirement is weaker")
        return out
    total = int(b.cc.total_cost or 0)
    b.used.update(v.source_stat for v in b.cc.values if v.stat is CanonicalStat.TOTAL_COST)
    slot = b.cc.colours[0] if b.cc.colours else ColourSlot.COLOURLESS
    made: dict[ColourSlot, int] = {slot: min(1, total)} if slot is not ColourSlot.COLOURLESS else {}
    if total - sum(made.values()):
        made[ColourSlot.COLOURLESS] = total - sum(made.values())
    out = _colour_table(b, made)
    b.derived_total = sum(out.values())
    b.report(name, b.cc.total_cost, made, out, Fidelity.APPROXIMATED,
             f"{b.cc.game} prints one total cost with no colour requirement: one symbol of the card's colour, the "
             "rest colourless")
    return out


def _cost_source(cc: CanonicalCard) -> Sourced | None:
    """The source value that is the card's cost (the one the profile's total sums), never an evolution cost."""
    named = next((v for v in cc.values if v.source_stat == cc.cost_stat), None) if cc.cost_stat else None
    return named or next((v for v in cc.values if v.stat is CanonicalStat.COST and isinstance(v.value, dict)), None)


def _colour_table(b: _Builder, table: dict[ColourSlot, int]) -> dict[str, int]:
    reverse = b.ix.reverse_colours
    out: dict[str, int] = {}
    for slot, amount in table.items():
        native = reverse.get(slot) or reverse.get(ColourSlot.COLOURLESS) or next(iter(reverse.values()), None)
        if native is not None and amount:
            out[native] = out.get(native, 0) + amount
    return out


def one_of_colour(slots: tuple[ColourSlot, ...], own: dict[ColourSlot, str],
                  values: tuple[str, ...]) -> tuple[str, bool, ColourSlot | None]:
    """One value of a target that gives every card exactly one of ``values`` by colour (戦国大戦TCG's 勢力,
    ブレイクジョーカー's suit), from the card's colour slots: the first slot with a value of its own (``own``) takes
    it; otherwise the first slot takes the values in turn, the slots without a value of their own counted in
    gauge order (赤 青 緑 白 黒 6 7 8 9 10); a card with no colour, or only 無色, takes the first value.
    Returns the value, whether it was the slot's own, and the slot it came from (docs/rules.md, "Conversion
    decisions")."""
    for slot in slots:
        if slot in own:
            return own[slot], True, slot
    others = [s for s in ColourSlot if s not in own and s is not ColourSlot.COLOURLESS]
    for slot in slots:
        if slot in others:
            return values[others.index(slot) % len(values)], False, slot
    return values[0], False, None


def _faction(b: _Builder, stat: Stat, name: str) -> str:
    """A stat naming the card's colour (戦国大戦TCG's 勢力), set from the colour slot, never from 特徴."""
    names = {c.id: c.name for c in b.target.profile.colours}
    own: dict[ColourSlot, str] = {slot: names[native] for slot, native in b.ix.reverse_colours.items()
           if slot is not ColourSlot.COLOURLESS and native in names}
    values = tuple(dict.fromkeys(own.values()))
    value, exact, slot = one_of_colour(b.cc.colours, own, values)
    if exact:
        b.report(name, slot, slot, value, Fidelity.EXACT, f"{stat.name} is the colour: colour slot {slot} is {value}")
    else:
        what = f"colour slot {slot} has no {stat.name} of its own" if slot else "the card has no colour"
        b.report(name, slot, slot, value, Fidelity.APPROXIMATED,
                 f"{what}: the documented colour slot → {stat.name} table gives {value}")
    for v in b.cc.values:
        if v.stat is CanonicalStat.TRAIT and v.source_stat not in b.used:
            b.used.add(v.source_stat)
            b.report(f"stats.{v.source_stat}", v.value, v.value, None, Fidelity.DROPPED,
                     f"{b.target.id}'s only 特徴 field is {stat.name}, the card's colour, set from its colour slot")
    return value


def _words(b: _Builder, stat: Stat, canonical: CanonicalStat | None, name: str) -> str | tuple[str, ...]:
    if FACTION_STATS.get(b.target.profile.id) == stat.id:
        return _faction(b, stat, name)
    traits = b.cc.traits if canonical is CanonicalStat.TRAIT else ()
    if traits:
        b.used.update(v.source_stat for v in b.cc.values if v.stat is CanonicalStat.TRAIT)
        fields = [v.source_stat for v in b.cc.values if v.stat is CanonicalStat.TRAIT and v.value]
        if stat.kind == "list" or len(traits) == 1:
            value: str | tuple[str, ...] = traits if stat.kind == "list" else traits[0]
            if len(fields) > 1:
                b.report(name, traits, traits, value, Fidelity.APPROXIMATED,
                         f"特徴 ↔ 特徴, but the 特徴 of {len(fields)} fields of {b.cc.game} ({', '.join(fields)}) are one "
                         f"{stat.name} here: which field each came from is not kept")
                return value
            b.report(name, traits, traits, value, Fidelity.EXACT, "特徴 ↔ 特徴")
            return value
        b.report(name, traits, traits, traits[0], Fidelity.APPROXIMATED,
                 f"{stat.name} holds one 特徴: the first; the others stay 特徴 only where the card type also prints "
                 "a list of them")
        return traits[0]
    if stat.kind == "list":
        b.report(name, None, None, (), Fidelity.DEFAULTED, f"no {canonical or stat.en} in the source: none")
        return ()
    if canonical is CanonicalStat.TRAIT and b.cc.game_name:
        b.report(name, None, None, b.cc.game_name, Fidelity.DEFAULTED,
                 f"no 特徴 in the source: {stat.name} names the card's own game")
        return b.cc.game_name
    made = f"{b.cc.game}:{b.cc.id}"
    b.report(name, None, None, made, Fidelity.DEFAULTED,
             f"{stat.name} is {canonical or 'unmapped'} of {b.target.id}; made from the source card so each "
             "converted card keeps its own value")
    return made


def _report_unused_values(b: _Builder) -> None:
    for v in b.cc.values:
        if v.source_stat in b.used:
            continue
        if v.stat is CanonicalStat.TOTAL_COST and b.derived_total is not None and isinstance(v.value, Fraction):
            _derived_total(b, v)
            continue
        if v.stat is CanonicalStat.COST and v.source_stat != b.cc.cost_stat and v is not _cost_source(b.cc):
            why = (f"{v.source_stat} of {b.cc.game} is a second cost ({show(v.value)} by colour slot), paid instead of "
                   f"the cost when the card evolves (進化) onto its evolution source; {b.target.id} has no evolution "
                   "cost on this card type")
        elif v.stat is CanonicalStat.COST:
            b.report("colour requirement", v.value, v.value, None, Fidelity.DROPPED,
                     f"{b.cc.game} requires colours by slot ({show(v.value)}, its {v.source_stat}); {b.target.id} prints "
                     "no colour cost on this card type, only the 大コスト, which any colour pays", of=(v.source_stat,))
            continue
        elif v.stat is CanonicalStat.UNIQUE or v.stat is None:
            why = f"固有能力 of {b.cc.game}: no counterpart in {b.target.id}"
        elif v.stat is CanonicalStat.TRAIT:
            why = f"{b.target.id} has no 特徴 field on this card type"
        elif v.stat is CanonicalStat.SP:
            rule = next(e for e in b.target.page.keyword_rules if e.rule == b.target.page.damage_system())
            why = f"{b.target.id} has no SP on this card ({rule.rule}: {rule.note})"
        else:
            why = f"{b.target.id} has no {v.stat} on a {b.cc.genus or 'card'} of this type"
        raw = v.value / v.ratio if isinstance(v.value, Fraction) else v.value
        b.report(f"stats.{v.source_stat}", raw, v.value, None, Fidelity.DROPPED, why, of=(v.source_stat,))


def _derived_total(b: _Builder, v: Sourced) -> None:
    """The source's 大コスト where the target derives its own from the colour costs just made (a ``sum_of`` stat):
    not dropped, and exact when the target's total means the same."""
    assert b.derived_total is not None and isinstance(v.value, Fraction)
    total = next((s for s in b.ix.stats.values() if s.sum_of is not None
                  and b.ix.status.get(s.id) is CanonicalStat.TOTAL_COST), None)
    name = f"stats.{total.id}" if total is not None else f"stats.{v.source_stat}"
    ratio = b.ix.ratios.get(total.id, ONE) if total is not None else ONE
    mine = Fraction(b.derived_total) * ratio
    raw = _unscale(v.value, v.ratio)
    if mine == v.value:
        b.report(name, raw, v.value, b.derived_total, Fidelity.EXACT,
                 f"{b.target.id} derives its 大コスト from the colour costs: the same {show(v.value)}", of=(v.source_stat,))
    else:
        b.report(name, raw, v.value, b.derived_total, Fidelity.APPROXIMATED,
                 f"{b.target.id} derives its 大コスト from the colour costs: {show(mine)}, not {show(v.value)}",
                 of=(v.source_stat,))


def _colours(b: _Builder) -> tuple[str, ...]:
    cc = b.cc
    if b.same:
        b.report("colours", cc.native_colours, cc.colours, cc.native_colours, Fidelity.EXACT, "same game")
        return cc.native_colours
    reverse = b.ix.reverse_colours
    if ColourSlot.COLOURLESS not in reverse and reverse:
        return _one_colour(b)
    out: list[str] = []
    for slot in cc.colours:
        if slot in reverse:
            out.append(reverse[slot])
            b.report("colours", slot, slot, reverse[slot], Fidelity.EXACT, f"colour slot {slot}")
        elif ColourSlot.COLOURLESS in reverse:
            out.append(reverse[ColourSlot.COLOURLESS])
            b.report("colours", slot, slot, reverse[ColourSlot.COLOURLESS], Fidelity.APPROXIMATED,
                     f"{b.target.id} has no colour in slot {slot}: colourless")
        else:
            b.report("colours", slot, slot, None, Fidelity.DROPPED, f"{b.target.id} has no colour in slot {slot}")
    return tuple(dict.fromkeys(out))


def _one_colour(b: _Builder) -> tuple[str, ...]:
    """A target whose every card has exactly one colour and none is colourless (ブレイクジョーカー's suits)."""
    own = dict(b.ix.reverse_colours)
    values = tuple(c.id for c in b.target.profile.colours if c.id in own.values())
    value, exact, slot = one_of_colour(b.cc.colours, own, values)
    if exact:
        b.report("colours", slot, slot, value, Fidelity.EXACT, f"colour slot {slot}")
    else:
        what = f"{b.target.id} has no colour in slot {slot}" if slot else "the card has no colour"
        b.report("colours", slot, slot, value, Fidelity.APPROXIMATED,
                 f"{what}, and every card of {b.target.id} has exactly one: the documented colour slot table gives "
                 f"{value}")
    for other in b.cc.colours:
        if other is not slot:
            b.report("colours", other, other, None, Fidelity.DROPPED, f"a card of {b.target.id} has only one colour")
    return (value,)


def _spell_speed(b: _Builder, type_id: str, keywords: tuple[str, ...]) -> None:
    """The spell speed (SS1, SS2 and battle timing, SS3) the converted card is played at, against the source's:
    from the keywords that carry a speed, a battle timing printed in the text (戦国大戦TCG's 「（戦闘中にも使える）」)
    and a card type played at a speed of its own (an instant)."""
    cc = b.cc
    source = cc.spell_speed
    speeds = [sp for k in keywords if k in b.ix.keywords and (sp := b.ix.keywords[k].spell_speed) is not None]
    if (words := printed_speed(b.target, cc.text)) is not None:
        speeds.append(words[0])
    if (typed := type_speed(b.target, type_id)) is not None:
        speeds.append(typed)
    target = max(speeds, default=SpellSpeed.SS1)
    src, tgt = f"SS{int(source)}", f"SS{int(target)}"
    if b.same or source == target:
        b.report("spell speed", src, src, tgt, Fidelity.EXACT,
                 "same game" if b.same else f"{cc.speed_rule or src}; the same speed in {b.target.id}")
        return
    how = ("no keyword, printed timing or card type of its own that plays it faster: main timing only"
           if target < source else "a keyword, printed timing or card type of the target plays it at that speed")
    b.report("spell speed", src, src, tgt, Fidelity.APPROXIMATED,
             f"{cc.speed_rule or src}; in {b.target.id} it is {tgt} ({how})")


def _keywords(b: _Builder) -> tuple[str, ...]:
    cc = b.cc
    if b.same:
        for kw in cc.native_keywords:
            b.report("keywords", kw, "—", kw, Fidelity.EXACT, "same game")
        return cc.native_keywords
    natives = b.ix.natives
    out: list[str] = []
    for unified in cc.keywords:
        if unified in natives:
            out.append(natives[unified])
            b.report("keywords", unified, unified, natives[unified], Fidelity.EXACT, f"unified keyword {unified}")
        else:
            b.report("keywords", unified, unified, None, Fidelity.DROPPED,
                     f"{b.target.id} has no keyword that unifies to {unified}")
    for kw in cc.unmapped_keywords:
        b.report("keywords", kw, "—", None, Fidelity.DROPPED, f"{kw} of {cc.game} has no unified form")
    return tuple(dict.fromkeys(out))
