"""The conversion map of two games: every native term of game A and where it lands in game B.

Each row is one native term of A (a card type, stat, keyword, zone, colour, resource, spell speed, or one of
its systems: stat, damage and life system, attack rules, damage cleanup), its canonical AMALOGS term, B's
native term(s) it becomes (none when nothing), the fidelity and what is lost. The rows are not a second copy
of the conversion rules, they are read from them:

- card types, stats, keywords and colours: a probe card of A is converted into B by the real conversion
  (:func:`amalogs.convert.native.to_native`), and the row takes that conversion's field row. A stat is probed
  on every card type of A that prints it, with the value A's shipped cards print most typically (the lower
  median; a neutral value when none is shipped), and the rows it changes against the same card without it
  are its destinations;
- zones: the canonical zone and permanent type of each zone in both pages (``permanent_types``);
- resources: the genus each page gives its resources;
- spell speeds: the speeds each page takes actions at;
- systems: the keyword rules of both pages and the ontology's cross-system resolution table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from amalogs.catalog import Game
from amalogs.convert.canonical import derived_stats, to_canonical
from amalogs.convert.curve import GameCurves, curve_of
from amalogs.convert.index import index_of
from amalogs.convert.native import Fidelity, FieldReport, show, to_native
from amalogs.errors import AmalogsError
from amalogs.models.cards import Card, StatValue
from amalogs.models.game import Stat
from amalogs.models.mapping import PermanentEntry
from amalogs.models.ontology import Ontology, ResolutionRule
from amalogs.ontology.terms import FAMILY_OF, AttackRule, Family, Genus

__all__ = ["SECTIONS", "WORST_FIRST", "GameMap", "MapRow", "Term", "game_map"]

SECTIONS: dict[str, str] = {
    "card type": "Card types (カードタイプ割り振り)",
    "stat": "Stats (ステータス統合)",
    "keyword": "Keywords (統一キーワード能力)",
    "zone": "Zones (パーマネントタイプ)",
    "colour": "Colours (カラーゲージ)",
    "resource": "Resources (資源)",
    "spell speed": "Spell speeds (スペルスピード)",
    "system": "Systems (キーワードルール)",
}
"""The sections of a map, in the order rows come, with their headings."""

WORST_FIRST = (Fidelity.DROPPED, Fidelity.DEFAULTED, Fidelity.APPROXIMATED, Fidelity.SCALED, Fidelity.EXACT)
"""Fidelities from the most lost to the least: a term that lands several ways takes the first that applies."""


@dataclass(frozen=True, slots=True)
class Term:
    """A native term of a game: its id and its name as the game prints it."""

    id: str
    name: str

    @property
    def label(self) -> str:
        """``パワー (power)``, or the name alone where it is the id."""
        return self.name if self.name == self.id else f"{self.name} ({self.id})"


@dataclass(frozen=True, slots=True)
class MapRow:
    """One native term of A: its canonical term, B's term(s) it lands on (none: empty), fidelity and why."""

    section: str
    source: Term
    canonical: str
    targets: tuple[Term, ...]
    fidelity: Fidelity
    why: str


@dataclass(frozen=True, slots=True)
class GameMap:
    """The conversion map of ``source`` into ``target``."""

    source: Game
    target: Game
    rows: tuple[MapRow, ...]

    def counts(self) -> dict[Fidelity, int]:
        """How many rows have each fidelity (every fidelity listed, in :data:`WORST_FIRST` order reversed)."""
        return {fid: sum(r.fidelity is fid for r in self.rows) for fid in reversed(WORST_FIRST)}


def game_map(source: Game, target: Game, ontology: Ontology, cards: Mapping[str, Card] | None = None,
             target_cards: Mapping[str, Card] | None = None) -> GameMap:
    """The map of every native term of ``source`` into ``target``; ``cards`` (the source's shipped cards) give
    the stat values the probe cards print; ``target_cards`` (the target's) price a level as a cost, as the card
    conversions do (docs/rules.md §7, "A level priced as a cost")."""
    if source.id == target.id:
        raise AmalogsError(f"a conversion map needs two different games; both are {source.id}")
    probe = _Probe(source, target, dict(cards or {}),
                   curve_of(target, target_cards) if target_cards is not None else None)
    rows = [*probe.card_types(), *probe.stats(), *probe.keywords(), *_zones(source, target), *probe.colours(),
            *_resources(source, target), *_speeds(source, target), *_systems(source, target, ontology)]
    return GameMap(source, target, tuple(rows))


def _worst(fids: Iterable[Fidelity]) -> Fidelity:
    found = set(fids)
    return next((f for f in WORST_FIRST if f in found), Fidelity.DROPPED)


# --- the probe: card types, stats, keywords, colours through the conversion itself ---------------------------

class _Probe:
    """Converts probe cards of ``a`` into ``b`` and reads the conversion's rows."""

    def __init__(self, a: Game, b: Game, cards: dict[str, Card], prices: GameCurves | None = None) -> None:
        self.a, self.b, self.cards, self.prices = a, b, cards, prices
        self.ix = index_of(a)
        self.types = {t.id: t for t in a.profile.card_types}
        self.b_types = {t.id: t.name for t in b.profile.card_types}
        self.b_stats = {s.id: s.name for s in b.profile.stats}
        self._type_rows: dict[str, FieldReport] = {}

    def convert(self, type_id: str, stats: dict[str, StatValue] | None = None, colours: tuple[str, ...] = (),
                keywords: tuple[str, ...] = ()) -> tuple[FieldReport, ...]:
        card = Card(id="probe", name=self.types[type_id].name, type=type_id, colours=colours, stats=stats or {},
                    keywords=keywords)
        return to_native(to_canonical(card, self.a), self.b, prices=self.prices).fields

    def type_row(self, type_id: str) -> FieldReport:
        if type_id not in self._type_rows:
            self._type_rows[type_id] = next(f for f in self.convert(type_id) if f.field == "type")
        return self._type_rows[type_id]

    def kept(self, type_id: str) -> bool:
        """Whether a card of the type converts into ``b`` (its family has a card type there)."""
        return self.type_row(type_id).target is not None

    def carrier(self) -> str | None:
        """The card type keywords and colours are probed on: the first character type that converts, else the
        first type that converts."""
        kept = [t for t in self.types if self.kept(t)]
        chara = [t for t in kept if (genus := self.ix.genera[t]) is not None and FAMILY_OF[genus] is Family.CHARA]
        found = chara or kept
        return found[0] if found else None

    def card_types(self) -> list[MapRow]:
        rows = []
        for t in self.a.profile.card_types:
            genus = self.ix.genera[t.id]
            canonical = f"{genus} ({FAMILY_OF[genus]})" if genus else "—"
            f = self.type_row(t.id)
            targets = (Term(str(f.target), self.b_types[str(f.target)]),) if f.target is not None else ()
            why = f.reason
            if genus is Genus.EQUIPMENT and f.target is not None and Genus.EQUIPMENT not in index_of(self.b).genera.values():
                why += (f"; a card whose every effect changes the character it is attached to is left out (nothing is "
                        f"attached to a character in {self.b.id})")
            if genus is not None and FAMILY_OF[genus] in (Family.ITEM, Family.EVENT) and f.target is not None:
                why += f"; a card of it none of whose effects can work in {self.b.id} is left out"
            rows.append(MapRow("card type", Term(t.id, t.name), canonical, targets, f.fidelity, why))
        return rows

    def stats(self) -> list[MapRow]:
        return [self._stat(s) for s in self.a.profile.stats]

    def _stat(self, stat: Stat) -> MapRow:
        ratio = self.ix.ratios.get(stat.id, Fraction(1))
        canonical_stat = self.ix.status.get(stat.id)
        canonical = "—" if canonical_stat is None else str(canonical_stat) + ("" if ratio == 1 else f" ×{ratio}")
        printed_as = stat.sum_of or stat.id
        on = [t for t in self.types if printed_as in self.ix.printed[t]] or list(dict.fromkeys(
            c.type for c in self.cards.values() if printed_as in c.stats and c.type in self.types))
        source = Term(stat.id, stat.name)
        if not on:
            return MapRow("stat", source, canonical, (), Fidelity.DROPPED,
                          f"no card type of {self.a.id} prints it and no shipped card has it: no card carries it "
                          f"into {self.b.id}")
        probe_on = [t for t in on if self.kept(t)]
        if not probe_on:
            return MapRow("stat", source, canonical, (), Fidelity.DROPPED,
                          f"printed only on {', '.join(on)}, which {self.b.id} has no card type for: left out")
        found: list[tuple[str, list[FieldReport]]] = [(t, self._stat_rows(t, stat)) for t in probe_on]
        rows = [f for _, fs in found for f in fs]
        if not rows:
            return MapRow("stat", source, canonical, (), Fidelity.DROPPED, "the conversion gives it no row")
        fid = _worst(f.fidelity for f in rows)
        worst = next(f for f in rows if f.fidelity is fid)
        targets = tuple(dict.fromkeys(Term(f.field[6:], self.b_stats.get(f.field[6:], f.field[6:]))
                                      for f in rows if f.field.startswith("stats.") and f.target is not None))
        why = worst.reason
        if len(probe_on) > 1:
            others = [f"{t}: {_worst(f.fidelity for f in fs)}" for t, fs in found if fs]
            if len({o.split(": ")[1] for o in others}) > 1:
                why += f" (by card type: {', '.join(others)})"
        return MapRow("stat", source, canonical, targets, fid, why)

    def _stat_rows(self, type_id: str, stat: Stat) -> list[FieldReport]:
        """The conversion rows a stat makes on a typical card of the type (every stat it prints, sampled): those
        that account for it, and those that change when it is left off the card (a BP read for both AP and DP,
        a pair of values made into one)."""
        printed = {s: self._sample(s) for s in self.ix.printed[type_id] if self.ix.stats[s].sum_of is None}
        printed_as = stat.sum_of or stat.id
        printed.setdefault(printed_as, self._sample(printed_as))
        with_it = self.convert(type_id, printed)
        own = [f for f in with_it if stat.id in f.of]
        if stat.sum_of is not None:
            return own
        without = {_key(f) for f in self.convert(type_id, {k: v for k, v in printed.items() if k != stat.id})}
        changed = [f for f in with_it if not f.of and f.fidelity is not Fidelity.DEFAULTED and _key(f) not in without
                   and (f.field.startswith("stats.") or f.field == "colour requirement")]
        return own + [f for f in changed if f not in own]

    def _sample(self, stat_id: str) -> StatValue:
        """The value A's shipped cards print most typically (the lower median of a number), else a neutral one."""
        stat = self.ix.stats[stat_id]
        values = [v for c in self.cards.values() if (v := derived_stats(self.a.profile, c).get(stat_id)) is not None]
        if values:
            if stat.kind == "number":
                numbers = sorted(v for v in values if isinstance(v, int))
                return numbers[(len(numbers) - 1) // 2]
            return values[0]
        if stat.kind == "number":
            ratio = self.ix.ratios.get(stat_id, Fraction(1))
            step = stat.step or 1
            value = ceil(Fraction(1) / ratio / step) * step
            if stat.range is not None:
                value = max(stat.range.min, value if stat.range.max is None else min(stat.range.max, value))
            return value
        if stat.kind == "colour-cost":
            colour = next((c.id for c in self.a.profile.colours), None)
            return {colour: 1} if colour else {}
        return (stat.name,) if stat.kind == "list" else stat.name

    def keywords(self) -> list[MapRow]:
        carrier = self.carrier()
        rows = []
        for k in self.a.profile.keywords:
            entry = self.ix.keywords.get(k.id)
            canonical = str(entry.unified) if entry is not None and entry.unified is not None else "—"
            source = Term(k.id, k.name)
            if carrier is None:
                rows.append(MapRow("keyword", source, canonical, (), Fidelity.DROPPED,
                                   f"no card of {self.a.id} converts into {self.b.id}"))
                continue
            found = [f for f in self.convert(carrier, keywords=(k.id,)) if f.field == "keywords"]
            f = found[0] if found else None
            if f is None:
                rows.append(MapRow("keyword", source, canonical, (), Fidelity.DROPPED, "the conversion gives it no row"))
                continue
            targets = (Term(str(f.target), self._keyword_name(str(f.target))),) if f.target is not None else ()
            why = f.reason
            if entry is not None and entry.unified is None and entry.note:
                why += f" ({entry.note})"
            rows.append(MapRow("keyword", source, canonical, targets, f.fidelity, why))
        return rows

    def _keyword_name(self, native: str) -> str:
        return next((k.name for k in self.b.profile.keywords if k.id == native), native)

    def colours(self) -> list[MapRow]:
        carrier = self.carrier()
        names = {c.id: c.name for c in self.b.profile.colours}
        rows = []
        for c in self.a.profile.colours:
            slot = self.ix.slots.get(c.id)
            source = Term(c.id, c.name)
            if slot is None or carrier is None:
                why = (f"{self.a.id}'s page gives it no colour slot" if slot is None
                       else f"no card of {self.a.id} converts into {self.b.id}")
                rows.append(MapRow("colour", source, "—", (), Fidelity.DROPPED, why))
                continue
            made = [f for f in self.convert(carrier, colours=(c.id,)) if f.field == "colours"]
            found = ([f for f in made if f.source == slot and f.target is not None] or [f for f in made if f.target is not None]
                     or made)
            if not found:
                rows.append(MapRow("colour", source, str(slot), (), Fidelity.DROPPED,
                                   f"a card of only {c.name} has no colour row in {self.b.id}"))
                continue
            f = found[0]
            targets = (Term(str(f.target), names.get(str(f.target), str(f.target))),) if f.target is not None else ()
            rows.append(MapRow("colour", source, str(slot), targets, f.fidelity, f.reason))
        return rows


def _key(f: FieldReport) -> tuple[str, str, str, str]:
    return f.field, f.fidelity.value, show(f.target), f.reason


# --- zones, resources, spell speeds: the two pages side by side ---------------------------------------------

def _zones(a: Game, b: Game) -> list[MapRow]:
    a_names = {z.id: z.name for z in a.profile.zones}
    b_names = {z.id: z.name for z in b.profile.zones}
    rows = []
    mapped = {e.native for e in a.page.permanent_types}
    for e in a.page.permanent_types:
        name = a_names.get(e.native, e.native) + (f" [{e.state}]" if e.state else "")
        canonical = str(e.zone) + (f" as {e.counts_as}" if e.counts_as else "")
        source = Term(e.native, name)
        same_zone = [x for x in b.page.permanent_types if x.zone is e.zone]
        same = [x for x in same_zone if x.counts_as is e.counts_as]
        counts = f"cards there count as {e.counts_as}" if e.counts_as else "cards there count as their card type"

        def terms(entries: list[PermanentEntry]) -> tuple[Term, ...]:
            return tuple(dict.fromkeys(Term(x.native, b_names.get(x.native, x.native) + (f" [{x.state}]" if x.state else ""))
                                       for x in entries))

        if same:
            targets = terms(same)
            if len({x.native for x in same}) == 1:
                rows.append(MapRow("zone", source, canonical, targets, Fidelity.EXACT, f"{e.zone} in both games; {counts}"))
            else:
                rows.append(MapRow("zone", source, canonical, targets, Fidelity.APPROXIMATED,
                                   f"{b.id} has {len(targets)} zones for {e.zone} ({', '.join(t.name for t in targets)}): "
                                   f"which one a card goes to, the rules of {b.id} decide"))
        elif same_zone:
            theirs = ", ".join(sorted({str(x.counts_as) if x.counts_as else "their card type" for x in same_zone}))
            rows.append(MapRow("zone", source, canonical, terms(same_zone), Fidelity.APPROXIMATED,
                               f"{e.zone} in both games, but {counts} in {a.id} and as {theirs} in {b.id}"))
        else:
            rows.append(MapRow("zone", source, canonical, (), Fidelity.DROPPED, f"{b.id} has no {e.zone}"))
    for z in a.profile.zones:
        if z.id not in mapped:
            rows.append(MapRow("zone", Term(z.id, z.name), "—", (), Fidelity.DROPPED,
                               f"{a.id}'s page gives it no canonical zone"))
    return rows


def _resources(a: Game, b: Game) -> list[MapRow]:
    genus = {e.native: e for e in a.page.resources}
    b_names = {r.id: r.name for r in b.profile.resources.resources}
    rows = []
    for r in a.profile.resources.resources:
        e = genus.get(r.id)
        source = Term(r.id, r.name)
        if e is None or e.genus is None:
            note = f": {e.note}" if e is not None and e.note else ""
            rows.append(MapRow("resource", source, "—", (), Fidelity.DROPPED,
                               f"{a.id}'s page gives it no genus, so no resource of another game stands for it{note}"))
            continue
        same = [x for x in b.page.resources if x.genus is e.genus]
        if same:
            targets = tuple(Term(x.native, b_names.get(x.native, x.native)) for x in same)
            rows.append(MapRow("resource", source, str(e.genus), targets, Fidelity.EXACT, f"{e.genus} in both games"))
        else:
            rows.append(MapRow("resource", source, str(e.genus), (), Fidelity.DROPPED,
                               f"{b.id} has no resource that counts as {e.genus}"))
    return rows


def _speeds(a: Game, b: Game) -> list[MapRow]:
    theirs = {e.speed: e for e in b.page.spell_speeds}
    rows = []
    for e in a.page.spell_speeds:
        name = f"SS{int(e.speed)}"
        source = Term(name, name)
        other = theirs.get(e.speed)
        if other is not None:
            rows.append(MapRow("spell speed", source, name, (Term(name, name),), Fidelity.EXACT,
                               f"{name} in both games: {e.actions[0]} ↔ {other.actions[0]}"))
        else:
            has = ", ".join(f"SS{int(s)}" for s in sorted(theirs))
            rows.append(MapRow("spell speed", source, name, (), Fidelity.DROPPED,
                               f"{b.id} takes no action at {name} (only {has}): {e.actions[0]} in {a.id} has no "
                               f"counterpart; a converted card is played at the speed its keywords give it in {b.id}"))
    return rows


# --- systems: keyword rules and the resolution table --------------------------------------------------------

def _rules(onto: Ontology, attacker: object, defender: object) -> list[ResolutionRule]:
    return [r for r in onto.resolution if str(r.attacker) == str(attacker) and str(r.defender) == str(defender)]


def _systems(a: Game, b: Game, onto: Ontology) -> list[MapRow]:
    pa, pb = a.page, b.page
    rows = []
    mine, theirs = pa.stat_system(), pb.stat_system()
    if mine is not None:
        source = Term(str(mine), str(mine))
        if theirs is None:
            rows.append(MapRow("system", source, str(mine), (), Fidelity.DROPPED,
                               f"{b.id} has no stat system: its characters do not battle"))
        elif theirs is mine:
            rows.append(MapRow("system", source, str(mine), (Term(str(theirs), str(theirs)),), Fidelity.EXACT,
                               f"{mine} in both games"))
        else:
            settled = _rules(onto, mine, theirs) + _rules(onto, theirs, mine)
            how = " ".join(r.en for r in settled) if settled else (
                "no row of the resolution table; battle values convert through the canonical stats (see the stat rows)")
            rows.append(MapRow("system", source, str(mine), (Term(str(theirs), str(theirs)),), Fidelity.APPROXIMATED,
                               f"{mine} against {theirs}: {how}"))
    rows.append(_damage_row(a, b, onto))
    rows.append(_life_row(a, b, onto))
    have = {e.rule for e in pb.keyword_rules}
    for e in pa.keyword_rules:
        if not isinstance(e.rule, AttackRule):
            continue
        source = Term(str(e.rule), str(e.rule))
        if e.rule in have:
            rows.append(MapRow("system", source, str(e.rule), (Term(str(e.rule), str(e.rule)),), Fidelity.EXACT,
                               f"{e.rule} in both games"))
        else:
            rows.append(MapRow("system", source, str(e.rule), (), Fidelity.DROPPED,
                               f"{b.id} does not follow {e.rule}: {e.note}"))
    ca, cb = pa.damage_cleanup.timing, pb.damage_cleanup.timing
    fid = Fidelity.EXACT if ca is cb else Fidelity.APPROXIMATED
    why = (f"damage on characters resets at {ca} in both games" if ca is cb
           else f"damage on characters resets at {ca} in {a.id} and at {cb} in {b.id}")
    rows.append(MapRow("system", Term(str(ca), str(ca)), str(ca), (Term(str(cb), str(cb)),), fid, why))
    return rows


def _damage_row(a: Game, b: Game, onto: Ontology) -> MapRow:
    mine, theirs = a.page.damage_system(), b.page.damage_system()
    source, target = Term(str(mine), str(mine)), (Term(str(theirs), str(theirs)),)
    if mine is theirs:
        return MapRow("system", source, str(mine), target, Fidelity.EXACT, f"{mine} in both games")
    settled = _rules(onto, mine, theirs)
    if not settled:
        return MapRow("system", source, str(mine), target, Fidelity.DROPPED,
                      f"{mine} against {theirs}: no row of the resolution table settles it")
    return MapRow("system", source, str(mine), target, Fidelity.APPROXIMATED,
                  " ".join(f"{r.en} ({r.id})" for r in settled))


def _life_row(a: Game, b: Game, onto: Ontology) -> MapRow:
    mine, theirs = a.page.life_system(), b.page.life_system()
    la, lb = a.profile.life, b.profile.life
    source = Term(la.id, f"{la.name} {la.starting}")
    target = (Term(lb.id, f"{lb.name} {lb.starting}"),)
    canonical = str(mine)
    if mine is theirs:
        return MapRow("system", source, canonical, target, Fidelity.EXACT,
                      f"{mine} in both games ({la.starting} in {a.id}, {lb.starting} in {b.id})")
    damage = a.page.damage_system()
    settled = _rules(onto, damage, theirs) + _rules(onto, "*", theirs)
    if not settled:
        return MapRow("system", source, canonical, target, Fidelity.DROPPED,
                      f"{mine} against {theirs}: no row of the resolution table says how a {damage} attack meets it")
    return MapRow("system", source, canonical, target, Fidelity.APPROXIMATED,
                  f"{theirs} in {b.id}: " + " ".join(f"{r.en} ({r.id})" for r in settled))
