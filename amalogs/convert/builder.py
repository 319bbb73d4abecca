"""The state of one card conversion under way (:class:`_Builder`): the canonical card, the target game and its
index, and the field rows made so far with the source stats they account for. Every module that makes a field
of the converted card (:mod:`~amalogs.convert.native`, :mod:`~amalogs.convert.stats`,
:mod:`~amalogs.convert.stat_numbers`, :mod:`~amalogs.convert.colours`, :mod:`~amalogs.convert.abilities`)
writes its rows through it, so it is a module of its own that they all import and none imports back."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from amalogs.catalog import Game
from amalogs.convert.canonical import CanonicalCard, Sourced
from amalogs.convert.curve import CurveScale, GameCurves, price_level
from amalogs.convert.fidelity import Fidelity, FieldReport
from amalogs.convert.index import GameIndex
from amalogs.ontology.terms import CanonicalStat

__all__: list[str] = []


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
    prices: GameCurves | None = None
    """The target's curves from its own card set, by which a level is priced as a cost (:func:`price_level`)."""
    priced: tuple[Fraction, str] | None = None
    """The card's 大コスト priced from its level, and why (given, or worked out from ``prices``); None when its
    大コスト converts as it is."""

    def __post_init__(self) -> None:
        self.same = self.cc.game == self.target.profile.id
        facts = self.cc.facts
        if (self.priced is None and self.prices is not None and not self.same and facts is not None
                and facts.free_level and not self.ix.facts.free_level):
            self.priced = price_level(self.cc, self.prices)

    @property
    def total_cost(self) -> Fraction | None:
        """The 大コスト the converted card is made from: the priced one for a level, else the source's."""
        return self.priced[0] if self.priced is not None else self.cc.total_cost

    def report(self, name: str, source: object, canonical: object, target: object, fid: Fidelity, why: str,
               of: tuple[str, ...] = ()) -> None:
        """One row; it accounts for the source stats read since the last row (and ``of``)."""
        read = tuple(sorted((self.used - self.accounted) | set(of)))
        self.accounted |= self.used | set(of)
        self.reports.append(FieldReport(name, source, canonical, target, fid, why, read))

    def sourced(self, stat: CanonicalStat) -> Sourced | None:
        return next((v for v in self.cc.values if v.stat is stat), None)
