"""A converted card's colours and colour costs, by colour slot: the colours it has, the colour requirement of
its cost (or one made from a total cost), and :func:`one_of_colour`, the one value by colour of a target that
gives every card exactly one (ブレイクジョーカー's suit, 戦国大戦TCG's 勢力) (docs/rules.md, "Conversion decisions")."""

from __future__ import annotations

from amalogs.convert.builder import _Builder
from amalogs.convert.canonical import CanonicalCard, Sourced
from amalogs.convert.fidelity import Fidelity, show
from amalogs.models.game import Stat
from amalogs.ontology.terms import CanonicalStat, ColourSlot

__all__ = ["one_of_colour"]


def _cost(b: _Builder, stat: Stat, name: str) -> dict[str, int]:
    table = b.cc.value(CanonicalStat.COST)
    if isinstance(table, dict):
        cost = _cost_source(b.cc)
        if cost is not None:
            b.used.add(cost.source_stat)
        printed = table
        if b.equip_extra:  # (the equip cost is paid as the card is played, or paid apart: colourless, as 装備{N} is)
            table = {**table, ColourSlot.COLOURLESS: table.get(ColourSlot.COLOURLESS, 0) + b.equip_extra}
            table = {slot: amount for slot, amount in table.items() if amount}
        out = _colour_table(b, table)
        b.derived_total = sum(out.values())
        if b.equip_extra:
            b.report(name, printed, table, out, Fidelity.APPROXIMATED,
                     f"{b.priced[1] if b.priced else ''}: {abs(b.equip_extra)} "
                     f"{'more' if b.equip_extra > 0 else 'less'} colourless")
            return out
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
    total = int(b.total_cost or 0)
    b.used.update(v.source_stat for v in b.cc.values if v.stat is CanonicalStat.TOTAL_COST)
    slot = b.cc.colours[0] if b.cc.colours else ColourSlot.COLOURLESS
    made: dict[ColourSlot, int] = {slot: min(1, total)} if slot is not ColourSlot.COLOURLESS else {}
    if total - sum(made.values()):
        made[ColourSlot.COLOURLESS] = total - sum(made.values())
    out = _colour_table(b, made)
    b.derived_total = sum(out.values())
    b.report(name, b.cc.total_cost, made, out, Fidelity.APPROXIMATED,
             f"{b.cc.game} prints one total cost with no colour requirement: one symbol of the card's colour, the "
             "rest colourless" + (f" ({b.priced[1]})" if b.priced is not None else ""))
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


def _colours(b: _Builder) -> tuple[str, ...]:
    cc = b.cc
    if b.same:
        b.report("colours", cc.native_colours, cc.colours, cc.native_colours, Fidelity.EXACT, "same game")
        return cc.native_colours
    reverse = b.ix.reverse_colours
    if ColourSlot.COLOURLESS not in reverse and reverse:
        return _one_colour(b)
    out: list[str] = []
    if not cc.native_colours and cc.colours:  # a land, colourless itself: the colours of the mana it produces
        given = tuple(dict.fromkeys(reverse[s] for s in cc.colours if s in reverse))
        slots = "・".join(str(s) for s in cc.colours)
        if given:
            how = f"{'those colours' if len(given) > 1 else 'that colour'}, which gives it"
        elif ColourSlot.COLOURLESS in reverse:
            given = (reverse[ColourSlot.COLOURLESS],)
            how = "its colourless colour: it has none of them, so it pays only the part of a cost of no colour"
        else:
            how = "no colour: it has none of them"
        b.report("colours", (), cc.colours, given or None, Fidelity.APPROXIMATED if given else Fidelity.DROPPED,
                 f"colourless in {cc.game}, it produces {slots} mana: in {b.target.id} a resource of {how}")
        return given
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
