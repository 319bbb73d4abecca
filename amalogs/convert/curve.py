"""Scales for battle values: ``amalogs`` (the adjust ratios only) and ``curve`` (the target game's own curve).

The canonical scales of the games do not line up: power per 大コスト is about 0.64–0.72 in 戦国大戦TCG and 1.14 in
ビルディバイド, so through the adjust ratios alone the strongest ビルディバイド dragon becomes a 武将 far beyond any
戦国大戦TCG prints. The ``curve`` scale places a converted character's battle values on the target's printed
curve instead (docs/rules.md §7, "Scales: amalogs and curve"):

1. A game's **curve** of a battle stat is, per 大コスト, the sorted canonical values of that stat over the game's
   shipped characters (キャラ科) that print it (:func:`curve_of`, :func:`curves`).
2. The source card's **place** ``p`` (0 = the weakest, 1 = the strongest) is where its value lies among the
   source game's characters of the same 大コスト (:func:`place`): linear between neighbouring values, a value tied
   with others takes the middle of their places, a value at or beyond the top (bottom) takes 1 (0). A 大コスト
   the source game lacks uses its nearest 大コスト (the lower one on a tie).
3. The target value is the target curve's quantile ``p`` at that 大コスト (:func:`quantile`), linear between
   neighbouring values; for a 大コスト the target lacks, linear between the quantiles of the nearest 大コスト below
   and above it, and the quantile of the nearest 大コスト it has beyond its lowest or highest one.
4. It is unscaled by the target's adjust ratio, rounded half up to the printed step and kept in the printed
   range. So it never leaves the target's own printed min..max for that stat.

The source value compared is the side the target stat stands for: **attack** (AP, else BP) for AP, **defence**
(DP, else HP, else BP) for DP and HP, and **power** (BP, else the mean of attack and defence, else the one it
has) for BP. Everything is exact fractions: the same data always gives the same card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING, Literal

from amalogs.ontology.terms import CanonicalStat, Family

if TYPE_CHECKING:
    from amalogs.catalog import Catalog, Game
    from amalogs.convert.canonical import CanonicalCard
    from amalogs.models.cards import Card

__all__ = [
    "SCALES",
    "Curve",
    "CurveScale",
    "GameCurves",
    "Scale",
    "check_scale",
    "curve_of",
    "curve_scale",
    "curve_table",
    "curves",
    "place",
    "price_filter_level",
    "price_level",
    "quantile",
    "side_of",
    "side_value",
]

Scale = Literal["amalogs", "curve"]
SCALES: tuple[Scale, ...] = ("amalogs", "curve")
DEFAULT_SCALE: Scale = "amalogs"

Side = Literal["attack", "defence", "power"]

Curve = dict[Fraction, tuple[Fraction, ...]]
"""大コスト → the sorted canonical values of one battle value at that 大コスト."""


def check_scale(name: object) -> Scale:
    """The scale named, or a one-line error naming the scales there are."""
    if name in SCALES:
        return name
    from amalogs.errors import AmalogsError

    raise AmalogsError(f"unknown scale {name!r}: the scales are {', '.join(SCALES)} "
                       "(amalogs: the adjust ratios only; curve: the target game's printed curve by 大コスト)")


def side_of(stat: CanonicalStat) -> Side:
    """The side of a battle value a target stat stands for."""
    if stat is CanonicalStat.AP:
        return "attack"
    if stat in (CanonicalStat.DP, CanonicalStat.HP):
        return "defence"
    return "power"


def side_value(cc: CanonicalCard, side: Side) -> Fraction | None:
    """A card's attack, defence or power (module docstring), or None when it has no such side."""
    bp, ap, dp, hp = (cc.number(s) for s in (CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.HP))
    attack = ap if ap is not None else bp
    defence = dp if dp is not None else hp if hp is not None else bp
    if side == "attack":
        return attack
    if side == "defence":
        return defence
    if bp is not None:
        return bp
    if attack is not None and defence is not None:
        return (attack + defence) / 2
    return attack if attack is not None else defence


@dataclass(frozen=True, slots=True)
class GameCurves:
    """One game's curves: by its native battle stat (the target side) and by side (the source side)."""

    game: str
    abbreviation: str
    stats: dict[str, Curve]
    sides: dict[str, Curve]


def _sorted(raw: dict[str, dict[Fraction, list[Fraction]]]) -> dict[str, Curve]:
    return {k: {c: tuple(sorted(vs)) for c, vs in sorted(by_cost.items())} for k, by_cost in sorted(raw.items())}


def _build(game: Game, cards: Mapping[str, Card]) -> GameCurves:
    from amalogs.convert.canonical import to_canonical

    battle = (CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.HP)
    stats: dict[str, dict[Fraction, list[Fraction]]] = {}
    sides: dict[str, dict[Fraction, list[Fraction]]] = {}
    for card_id in sorted(cards):
        cc = to_canonical(cards[card_id], game)
        if cc.family is not Family.CHARA:
            continue
        cost = cc.total_cost or Fraction(0)
        for v in cc.values:
            if v.stat in battle and isinstance(v.value, Fraction):
                stats.setdefault(v.source_stat, {}).setdefault(cost, []).append(v.value)
        for side in ("attack", "defence", "power"):
            value = side_value(cc, side)
            if value is not None:
                sides.setdefault(side, {}).setdefault(cost, []).append(value)
    return GameCurves(game.id, game.page.abbreviation, _sorted(stats), _sorted(sides))


_CACHE: dict[tuple[int, int], tuple[Game, Mapping[str, Card], GameCurves]] = {}


def curve_of(game: Game, cards: Mapping[str, Card]) -> GameCurves:
    """A game's curves from its card set (built once per game and card set)."""
    key = (id(game), id(cards))
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not game or hit[1] is not cards:
        hit = (game, cards, _build(game, cards))
        _CACHE[key] = hit
    return hit[2]


def curves(catalog: Catalog) -> dict[str, GameCurves]:
    """The curves of every game of a catalog that ships characters, by game id."""
    out: dict[str, GameCurves] = {}
    for game_id, game in catalog.games.items():
        found = curve_of(game, catalog.cards(game_id))
        if found.stats:
            out[game_id] = found
    return out


def place(value: Fraction, values: tuple[Fraction, ...]) -> Fraction:
    """Where ``value`` lies among sorted ``values``: 0 the weakest, 1 the strongest (module docstring)."""
    n = len(values)
    if value >= values[-1]:
        return Fraction(1) if n > 1 or value > values[-1] else Fraction(1, 2)
    if value <= values[0]:
        return Fraction(0)
    below = sum(1 for x in values if x < value)
    upto = sum(1 for x in values if x <= value)
    if upto > below:  # the value is among them: the middle of its places
        return Fraction(below + upto - 1, 2) / (n - 1)
    i = below - 1
    return (i + (value - values[i]) / (values[i + 1] - values[i])) / (n - 1)


def quantile(p: Fraction, values: tuple[Fraction, ...]) -> Fraction:
    """The value at place ``p`` among sorted ``values``, linear between neighbours."""
    m = len(values)
    if m == 1:
        return values[0]
    x = p * (m - 1)
    i = floor(x)
    if i >= m - 1:
        return values[-1]
    return values[i] + (values[i + 1] - values[i]) * (x - i)


def nearest_cost(cost: Fraction, curve: Curve) -> Fraction:
    """The 大コスト of a curve nearest to ``cost`` (the lower one on a tie)."""
    return min(curve, key=lambda c: (abs(c - cost), c))


def at_cost(p: Fraction, cost: Fraction, curve: Curve) -> tuple[Fraction, str, int]:
    """The curve's value at place ``p`` for a 大コスト, where it came from (for the reason), and how many values it
    was read from (0 when interpolated between two 大コスト)."""
    costs = list(curve)

    def one(at: Fraction, note: str) -> tuple[Fraction, str, int]:
        values = curve[at]
        return quantile(p, values), (f"大コスト {_num(at)}{note} ({len(values)} printed: median "
                                     f"{_num(quantile(Fraction(1, 2), values))}, max {_num(values[-1])})"), len(values)

    if cost in curve:
        return one(cost, "")
    if cost < costs[0] or cost > costs[-1]:
        return one(nearest_cost(cost, curve), f", the nearest to {_num(cost)} it prints")
    lo = max(c for c in costs if c < cost)
    hi = min(c for c in costs if c > cost)
    a, b = quantile(p, curve[lo]), quantile(p, curve[hi])
    return a + (b - a) * (cost - lo) / (hi - lo), (f"大コスト {_num(cost)}, interpolated between 大コスト {_num(lo)} "
                                                   f"and {_num(hi)}"), 0


def _price_power(power: Fraction, target: GameCurves) -> tuple[Fraction, Fraction, bool] | None:
    """The lowest 大コスト at which the target's characters' median power reaches ``power``, else its highest:
    (that 大コスト, the median there, whether it reaches it); None when the target has no characters with power."""
    curve = target.sides.get("power")
    if not curve:
        return None
    medians = {cost: quantile(Fraction(1, 2), values) for cost, values in curve.items()}
    cost = next((c for c in sorted(medians) if medians[c] >= power), max(medians))
    return cost, medians[cost], medians[cost] >= power


def _priced_words(power: Fraction, target: GameCurves, cost: Fraction, median: Fraction, reached: bool) -> str:
    return (f"the lowest 大コスト at which {target.abbreviation}'s characters' median power reaches {_num(power)} "
            f"({_num(median)} at {_num(cost)})" if reached else
            f"{_num(power)} is above every median power of {target.abbreviation}'s characters, so its highest 大コスト "
            f"{_num(cost)} (median {_num(median)})")


def price_level(cc: CanonicalCard, target: GameCurves) -> tuple[Fraction, str] | None:
    """The 大コスト a card whose 大コスト is a level (paid with nothing: ヴァンガード's grade) costs in a game that
    pays its costs: the lowest 大コスト at which the target's own characters' median power reaches the card's
    power, else the target's highest (docs/rules.md §7, "A level priced as a cost"). None when the card has no
    power or the target no characters with one. The reason names the medians it was read from."""
    power = side_value(cc, "power")
    priced = _price_power(power, target) if power is not None else None
    if power is None or priced is None:
        return None
    return priced[0], (f"{cc.game}'s 大コスト {_num(cc.total_cost or Fraction(0))} is a level, paid with nothing; priced "
                       f"by the card's power {_num(power)}: " + _priced_words(power, target, *priced))


def price_filter_level(level: Fraction, source: GameCurves, target: GameCurves) -> tuple[Fraction, str] | None:
    """A level an effect's filter names (「グレード1以下」) as the target's 大コスト: the price of the median power of
    the source's characters at that level (its nearest level it has), as :func:`price_level` prices a card."""
    curve = source.sides.get("power")
    if not curve:
        return None
    at = level if level in curve else nearest_cost(level, curve)
    power = quantile(Fraction(1, 2), curve[at])
    priced = _price_power(power, target)
    if priced is None:
        return None
    return priced[0], (f"level {_num(level)} of {source.abbreviation} (a level, paid with nothing: its characters' "
                       f"median power there {_num(power)}) is 大コスト {_num(priced[0])}: "
                       + _priced_words(power, target, *priced))


def _num(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


def describe_place(p: Fraction) -> str:
    if p == 1:
        return "the strongest"
    if p == 0:
        return "the weakest"
    return f"percentile {floor(p * 100 + Fraction(1, 2))}"


@dataclass(frozen=True, slots=True)
class CurveScale:
    """What a conversion on the ``curve`` scale needs: the source game's curves and the target's."""

    source: GameCurves
    target: GameCurves


def curve_scale(source: Game, source_cards: Mapping[str, Card], target: Game,
                target_cards: Mapping[str, Card]) -> CurveScale:
    return CurveScale(curve_of(source, source_cards), curve_of(target, target_cards))


def curve_table(found: Mapping[str, GameCurves]) -> str:
    """The curves as docs/rules.md §7 shows them: one Markdown table per game, 大コスト → the number of characters
    and, per battle stat, the median and max canonical value (— where no character of that 大コスト prints it)."""
    lines: list[str] = []
    for game_curves in found.values():
        stats = game_curves.stats
        costs = sorted({c for curve in stats.values() for c in curve})
        head = " | ".join(f"`{sid}` median | `{sid}` max" for sid in stats)
        lines += [f"**{game_curves.abbreviation}** ({game_curves.game})", "", f"| 大コスト | cards | {head} |",
                  "|---|---|" + "---|---|" * len(stats)]
        for cost in costs:
            count = max(len(curve.get(cost, ())) for curve in stats.values())
            cells = []
            for curve in stats.values():
                values = curve.get(cost)
                cells += ([_num(quantile(Fraction(1, 2), values)), _num(values[-1])] if values else ["—", "—"])
            lines.append(f"| {_num(cost)} | {count} | {' | '.join(cells)} |")
        lines.append("")
    return "\n".join(lines)
