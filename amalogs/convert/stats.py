"""A converted card's printed stats: each stat by its kind (a number, a colour cost or words such as 特徴 and
勢力), and a row for every source value no stat took (dropped, or the 大コスト the target derives from the colour
costs). Numbers are made in :mod:`amalogs.convert.stat_numbers`, colour costs in :mod:`amalogs.convert.colours`."""

from __future__ import annotations

from fractions import Fraction

from amalogs.convert.builder import _Builder
from amalogs.convert.canonical import ONE, Sourced
from amalogs.convert.colours import _colour_table, _cost, _cost_source, one_of_colour
from amalogs.convert.fidelity import Fidelity, show
from amalogs.convert.stat_numbers import _native_number, _number, _unscale
from amalogs.models.cards import StatValue
from amalogs.models.game import Stat
from amalogs.ontology.terms import CanonicalStat, ColourSlot, Genus

__all__: list[str] = []

FACTION_STATS: dict[str, str] = {"sengoku-taisen": "seiryoku"}
"""Text stats that name the card's colour (戦国大戦TCG's 勢力: 紅, 蒼 or 翠, the names of its colours). A converted
card's value is set from its colour slot by :func:`one_of_colour` over the names of the game's colours, never
from its 特徴 (docs/rules.md, "Conversion decisions")."""


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
    if stat.id == b.ix.facts.equip_cost and b.cc.genus is Genus.EQUIPMENT:
        return _equip_cost(b, name)
    if stat.kind == "number":
        return _number(b, stat, canonical, name)
    if stat.kind == "colour-cost":
        return _cost(b, stat, name)
    return _words(b, stat, canonical, name)


def _equip_cost(b: _Builder, name: str) -> int:
    """The equip cost (装備{N}) of equipment converted into a game that attaches it by an ability of its own: the
    source's own, or 1 where the source attaches it as it is played — attaching is never free (docs/rules.md §7,
    "Equipment")."""
    own, n = b.equip, b.equip_cost() or 1
    if own is not None:
        b.used.add(own.source_stat)
        b.report(name, n, own.value, n, Fidelity.EXACT, "the equip cost (装備{N}) in both games")
        return n
    paid = ("1 of its cost is paid as the equip cost, so using it once costs what it did" if b.equip_extra < 0 else
            "its cost has no colourless part to pay it, so using it once costs 1 more than the original")
    b.report(name, None, None, 1, Fidelity.APPROXIMATED,
             f"{b.cc.game} attaches equipment as it is played, for its cost; in {b.target.id} it is played, then "
             f"attached by paying its equip cost: 1, the least that is not free ({paid}; it may also move to another "
             "character, which the original could not)")
    return 1


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
        if b.equip_extra and v is b.equip:
            b.report(f"stats.{v.source_stat}", b.equip_extra, v.value, None, Fidelity.APPROXIMATED,
                     f"paid as the card is played: {b.target.id} attaches equipment as it is played, so its cost "
                     f"includes the equip cost (装備{{{b.equip_extra}}})", of=(v.source_stat,))
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
        elif v.source_stat == b.cc.colours_from and not b.same:
            raw = v.value / v.ratio if isinstance(v.value, Fraction) else v.value
            b.report(f"stats.{v.source_stat}", raw, v.value, None, Fidelity.APPROXIMATED,
                     f"the colours of the mana it produces: in {b.target.id} they are the card's own colours, which a "
                     "resource gives (see the colours row)", of=(v.source_stat,))
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
    if b.priced is not None:
        b.report(name, raw, v.value, b.derived_total, Fidelity.APPROXIMATED,
                 f"{b.target.id} derives its 大コスト from the colour costs: {show(mine)}; {b.priced[1]}",
                 of=(v.source_stat,))
    elif mine == v.value:
        b.report(name, raw, v.value, b.derived_total, Fidelity.EXACT,
                 f"{b.target.id} derives its 大コスト from the colour costs: the same {show(v.value)}", of=(v.source_stat,))
    else:
        b.report(name, raw, v.value, b.derived_total, Fidelity.APPROXIMATED,
                 f"{b.target.id} derives its 大コスト from the colour costs: {show(mine)}, not {show(v.value)}",
                 of=(v.source_stat,))
