"""A converted card's number stats (battle values, 大コスト, SP and the rest): the canonical value through the
target's adjust ratio, rounded to its printed step and clamped to its printed range, or placed on the target's
printed curve on the ``curve`` scale; a battle value the source lacks is made from the ones it has
(docs/rules.md §7, "Converting cards"). The integer helpers (:func:`_unscale`, :func:`_native_number`) are
shared with the other stats."""

from __future__ import annotations

from fractions import Fraction
from math import floor

from amalogs.convert.builder import _Builder
from amalogs.convert.canonical import ONE, CanonicalCard, Sourced
from amalogs.convert.curve import (
    at_cost,
    describe_place,
    nearest_cost,
    place,
    side_of,
    side_value,
)
from amalogs.convert.fidelity import Fidelity, show
from amalogs.models.game import Stat
from amalogs.ontology.terms import CanonicalStat

__all__: list[str] = []

BATTLE = (CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.HP)


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
    if canonical is CanonicalStat.TOTAL_COST and b.priced is not None:
        value = b.cc.total_cost or Fraction(0)  # (the card's own level, as the AMALOGS column shows it)
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
    there = b.total_cost or Fraction(0)  # (the 大コスト the card has in the target: a level priced as a cost)
    value = side_value(cc, side)
    src, tgt = b.curve.source.abbreviation, b.curve.target.abbreviation
    if value is None or not source_curve:
        p, fid = Fraction(1, 2), Fidelity.DEFAULTED
        canonical_value, at_target, count = at_cost(p, there, target_curve)
        where = f"the median {stat.name}: the source has no {_SIDE_NAMES[side]}"
    else:
        b.used.update(v.source_stat for v in _side_sources(b, side))
        source_cost = cost if cost in source_curve else nearest_cost(cost, source_curve)
        values = source_curve[source_cost]
        p, fid = place(value, values), Fidelity.SCALED
        canonical_value, at_target, count = at_cost(p, there, target_curve)
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
    if canonical is CanonicalStat.TOTAL_COST and b.priced is not None:
        level = b.sourced(canonical)
        if level is not None:
            b.used.add(level.source_stat)
        return b.priced[0], Fidelity.APPROXIMATED, b.priced[1], level
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
