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
from amalogs.convert.fidelity import Fidelity, FieldReport, show
from amalogs.convert.index import GameIndex
from amalogs.ontology.terms import CanonicalStat, ColourSlot, Genus

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

    equip: Sourced | None = field(init=False, default=None)
    """The card's equip cost in its own game (equipment attached by an ability of its own: the stat its profile's
    ``play.equip.cost`` names), or None."""
    equip_extra: int = 0
    """What the card's cost gains for its equip cost (docs/rules.md §7, "Equipment"): its 装備{N} (+N: the source
    attaches equipment by an ability of its own, the target as it is played), or −1 (the other way: 1 of its
    colourless cost is paid as the equip cost instead)."""

    def __post_init__(self) -> None:
        self.same = self.cc.game == self.target.profile.id
        facts = self.cc.facts
        if (self.priced is None and self.prices is not None and not self.same and facts is not None
                and facts.free_level and not self.ix.facts.free_level):
            self.priced = price_level(self.cc, self.prices)
        stat = facts.equip_cost if facts is not None else None
        self.equip = equip = next((v for v in self.cc.values if v.source_stat == stat), None) if stat else None
        total = self.cc.total_cost or Fraction(0)
        if (equip is not None and isinstance(equip.value, Fraction) and equip.value and not self.same
                and self.ix.facts.equip_cost is None):
            self.equip_extra = int(equip.value / equip.ratio)
            if self.priced is None:
                self.priced = (total + self.equip_extra,
                               f"its cost {show(total)} and its equip cost 装備{{{self.equip_extra}}}: "
                               f"{self.target.id} attaches equipment as it is played, so playing it pays both")
        elif (equip is None and self.cc.genus is Genus.EQUIPMENT and not self.same and self.priced is None
              and self.ix.facts.equip_cost is not None and stat is None and self._colourless() >= 1):
            self.equip_extra = -1  # (one of its cost is paid to attach it instead: the equip cost, 1)
            self.priced = (total - 1, f"its cost {show(total)} paid in two: {show(total - 1)} to play it and 1 to "
                           f"attach it (its equip cost, 装備{{1}}), since {self.target.id} attaches equipment by an "
                           "ability of its own; using it once costs what it did")

    def _colourless(self) -> Fraction:
        """The part of the card's cost any colour pays (all of a cost printed as one number)."""
        table = self.cc.value(CanonicalStat.COST)
        if isinstance(table, dict):
            return Fraction(table.get(ColourSlot.COLOURLESS, 0))
        return self.cc.total_cost or Fraction(0)

    def equip_cost(self) -> int | None:
        """The converted equipment's equip cost in a target that attaches equipment by an ability of its own: the
        source's own, or 1 where the source attaches it as it is played (attaching is never free); None for any
        other card or target."""
        if self.ix.facts.equip_cost is None or self.cc.genus is not Genus.EQUIPMENT:
            return None
        own = self.equip
        return int(own.value / own.ratio) if own is not None and isinstance(own.value, Fraction) else 1

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
