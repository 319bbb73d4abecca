"""Card-pool statistics in canonical terms, so pools of different games can be set side by side."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from amalogs.catalog import Catalog, Game
from amalogs.convert.canonical import to_canonical
from amalogs.ontology.terms import CanonicalStat

__all__ = ["PoolStats", "pool_stats"]


@dataclass(frozen=True, slots=True)
class PoolStats:
    """Counts over a game's cards: genera, 大コスト curve, battle values, SP, keywords."""

    game: str
    cards: int
    genera: dict[str, int]
    cost_curve: dict[int, int]
    battle: dict[str, dict[Fraction, int]]
    sp: dict[Fraction, int]
    keywords: dict[str, int]
    native_keywords: dict[str, int]

    def mean(self, stat: str) -> float | None:
        """The mean of one battle stat (BP, AP or DP), or None when no card has it."""
        values = self.battle.get(stat, {})
        n = sum(values.values())
        return float(sum(v * c for v, c in values.items()) / n) if n else None

    @property
    def mean_cost(self) -> float | None:
        n = sum(self.cost_curve.values())
        return sum(c * k for c, k in self.cost_curve.items()) / n if n else None


def pool_stats(catalog: Catalog, game: Game) -> PoolStats:
    """Statistics over every card a game ships (empty counts for a game without cards)."""
    genera: Counter[str] = Counter()
    curve: Counter[int] = Counter()
    battle: dict[str, Counter[Fraction]] = {s.value: Counter() for s in (CanonicalStat.BP, CanonicalStat.AP,
                                                                          CanonicalStat.DP)}
    sp: Counter[Fraction] = Counter()
    keywords: Counter[str] = Counter()
    native: Counter[str] = Counter()
    cards = catalog.cards(game.id)
    for card in cards.values():
        cc = to_canonical(card, game)
        genera[str(cc.genus.value) if cc.genus else "—"] += 1
        if (cost := cc.total_cost) is not None:
            curve[int(cost)] += 1
        for stat in (CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP):
            if (v := cc.number(stat)) is not None:
                battle[stat.value][v] += 1
        if (s := cc.number(CanonicalStat.SP)) is not None:
            sp[s] += 1
        keywords.update(str(k.value) for k in cc.keywords)
        native.update(cc.unmapped_keywords)
    return PoolStats(
        game=game.id,
        cards=len(cards),
        genera=dict(genera.most_common()),
        cost_curve=dict(sorted(curve.items())),
        battle={k: dict(sorted(v.items())) for k, v in battle.items() if v},
        sp=dict(sorted(sp.items())),
        keywords=dict(keywords.most_common()),
        native_keywords=dict(native.most_common()),
    )
