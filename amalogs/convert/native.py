"""Canonical AMALOGS card → a native card of any game, with the fidelity of every field and its reason.

:func:`to_native` makes the converted card field by field: its card type here (which decides whether the card
has a counterpart in the target at all), its stats in :mod:`amalogs.convert.stats` (numbers in
:mod:`amalogs.convert.stat_numbers`, colours and colour costs in :mod:`amalogs.convert.colours`), and its text,
effects, keywords and spell speed in :mod:`amalogs.convert.abilities`. Each field's row and its fidelity
(exact, scaled, approximated, defaulted, dropped) are defined in :mod:`amalogs.convert.fidelity`; the result
types, :func:`show` and :func:`~amalogs.convert.colours.one_of_colour` are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from amalogs.cardcheck import optional_type_stats
from amalogs.catalog import Game
from amalogs.convert.abilities import _effect, _keywords, _spell_speed, _text, kept_keywords
from amalogs.convert.builder import _Builder
from amalogs.convert.canonical import CanonicalCard
from amalogs.convert.colours import _colours, one_of_colour
from amalogs.convert.curve import DEFAULT_SCALE, CurveScale, GameCurves, Scale
from amalogs.convert.effect_numbers import fit_effects, price_filters
from amalogs.convert.effects import CANNOT, judge, never_happens
from amalogs.convert.fidelity import Conversion, Fidelity, FieldReport, show
from amalogs.convert.index import index_of
from amalogs.convert.stats import _report_unused_values, _stat
from amalogs.convert.text import in_words, words_of
from amalogs.models.cards import StatValue
from amalogs.models.effects import Native
from amalogs.ontology.terms import FAMILY_OF, STANDARD_GENUS, Family

__all__ = ["Conversion", "Fidelity", "FieldReport", "one_of_colour", "show", "to_native"]


def to_native(cc: CanonicalCard, target: Game, *, card_id: str | None = None,
              curve: CurveScale | None = None, prices: GameCurves | None = None,
              priced: tuple[Fraction, str] | None = None, source_prices: GameCurves | None = None) -> Conversion:
    """Build the target game's card for a canonical card, reporting every field's fidelity.

    With ``curve`` (the ``curve`` scale, :mod:`amalogs.convert.curve`) its battle values are placed on the target
    game's printed curve by 大コスト; without it (the ``amalogs`` scale) only the adjust ratios apply. ``prices``:
    the target's curves from its own card set, by which a level (ヴァンガード's grade, paid with nothing) is
    priced as a cost (:func:`~amalogs.convert.curve.price_level`); without them a level converts one for one.
    ``priced``: the 大コスト such a card is given instead, and why (a converted deck's cost curve).
    ``source_prices``: the source's curves, by which a level an effect's filter names is priced the same way."""
    if prices is None and curve is not None:
        prices = curve.target
    if source_prices is None and curve is not None:
        source_prices = curve.source
    b = _Builder(cc, target, index_of(target), curve=curve, prices=prices, priced=priced)
    scale: Scale = "curve" if curve is not None else DEFAULT_SCALE
    b.report("name", cc.name, cc.name, cc.name, Fidelity.EXACT, "names are kept")
    type_id = _card_type(b)
    if type_id is None:
        return Conversion(cc, target.profile.id, {}, tuple(b.reports), left_out=b.reports[-1].reason, scale=scale)
    stats: dict[str, StatValue] = {}
    profile = b.ix.stats
    optional = optional_type_stats(target.profile, type_id)
    for stat_id in b.ix.printed[type_id]:
        canonical = b.ix.status.get(stat_id)
        if stat_id in optional and not b.same and (canonical is None or b.sourced(canonical) is None):
            continue  # (a stat some cards of the type leave out, which the source gives nothing for: left out, not
            #          invented — an evolution card's 'evolves from' made up would make it never playable)
        if profile[stat_id].sum_of is None:
            stats[stat_id] = _stat(b, profile[stat_id])
    _report_unused_values(b)
    colours = _colours(b)
    keywords = _keywords(b)
    _spell_speed(b, type_id, keywords)
    fitted, changed = (cc.effects, {}) if b.same else fit_effects(cc.effects, b.ix, cc.facts)
    if not b.same:  # (a battle-value filter as the target's words and referee read it: a side, or none)
        words = words_of(b.target)
        fitted = tuple(in_words(e, words) for e in fitted)
        if b.priced is not None and prices is not None and source_prices is not None:  # (「グレード1以下」 priced)
            fitted = price_filters(fitted, changed, source_prices, prices, b.target.id)
    kept = kept_keywords(b)  # (a keyword the target lacks but the referee applies: a rule of the card)
    unmet = frozenset() if b.same else frozenset(  # (triggers it can never meet there: not printed as if they fire)
        k for k, e in enumerate(fitted) if never_happens(e, cc.facts, b.ix.facts) is not None)
    effects = tuple(e for k, e in enumerate(fitted) if b.same or not (isinstance(e, Native) or k in unmet)) + kept
    text = _text(b, type_id, fitted, kept, unmet) if cc.text or kept else None
    for k, e in enumerate(cc.effects):
        _effect(b, e, changed.get(k), k in unmet)
    for e in kept:
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


def _card_type(b: _Builder) -> str | None:
    cc = b.cc
    if b.same:
        b.report("type", cc.native_type, cc.genus, cc.native_type, Fidelity.EXACT, "same game")
        return cc.native_type
    key = (cc.genus, cc.family, cc.permanent)
    if key not in b.ix.type_choices:
        b.ix.type_choices[key] = _choose_type(b)
    found, fid, why = b.ix.type_choices[key]
    if found is not None and cc.family in (Family.ITEM, Family.EVENT) and cc.effects:
        why_not = [_cannot(e, b) for e in cc.effects]
        if all(why_not):
            more = f" (and {len(why_not) - 1} more)" if len(why_not) > 1 else ""
            b.report("type", cc.native_type, cc.genus, None, Fidelity.DROPPED,  # (equipment with nothing to be
                     #   attached to among them: its effects change the character it is attached to)
                     f"it is only its effects, and none of them can work in {b.target.id}: {why_not[0]}{more}; it "
                     f"would be a {found} that never does anything, so it is left out")
            return None
    b.report("type", cc.native_type, cc.genus, found, fid, why)  # type: ignore[arg-type]
    return found


def _cannot(e: object, b: _Builder) -> str | None:
    """Why an effect cannot work in the target (a native one: only its own game carries it out), or None."""
    if isinstance(e, Native):
        return f"only {b.cc.game} can carry out its own effect"
    verdict = judge(e, b.cc.facts, b.ix.facts)
    return verdict.reason if verdict.outcome == CANNOT else None


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
