"""Fidelity tells the truth (docs/rules.md §7, "Fidelity"): over every shipped card and every ordered pair of
different shipped games, every field of the source card has a row, no field has two, an ``exact`` row means
the same value in both games, and a field that comes back changed from A → B → A was not ``exact`` both ways.
A text is rewritten in the target's words, so it is compared by what it says: the effects it reads back as.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from amalogs.catalog import Catalog, Game
from amalogs.convert import Conversion, Fidelity, FieldReport, to_canonical, to_native
from amalogs.convert.canonical import CanonicalCard, derived_stats
from amalogs.convert.curve import CurveScale, curve_of, curve_scale
from amalogs.convert.reading import read_text, same_form
from amalogs.convert.text import is_event, words_of
from amalogs.models.cards import Card
from amalogs.models.effects import Effect, GrantKeyword, Native
from amalogs.ontology.terms import CanonicalStat, ColourSlot

LISTED = ("colours", "keywords", "effects")
"""Fields with one row per element (per colour slot, per keyword, per effect the target cannot carry)."""

Leg = tuple[Game, Card, CanonicalCard, Game, Conversion]


def _curve(catalog: Catalog, source: Game, target: Game, scale: str) -> CurveScale | None:
    if scale != "curve":
        return None
    return curve_scale(source, catalog.cards(source.id), target, catalog.cards(target.id))


def _legs(catalog: Catalog, scale: str = "amalogs") -> list[Leg]:
    out = []
    for source in catalog.games.values():
        for target in catalog.games.values():
            if target.id == source.id:
                continue
            curve = _curve(catalog, source, target, scale)
            prices = curve_of(target, catalog.cards(target.id))  # (as every entry point with the cards prices)
            for card in catalog.cards(source.id).values():
                cc = to_canonical(card, source)
                out.append((source, card, cc, target, to_native(cc, target, curve=curve, prices=prices)))
    return out


@pytest.fixture(scope="module", params=["amalogs", "curve"])
def legs(catalog: Catalog, request: pytest.FixtureRequest) -> list[Leg]:
    """Every conversion, on each scale (docs/rules.md §7, "Scales: amalogs and curve")."""
    return _legs(catalog, request.param)


def _converted(legs: list[Leg]) -> list[Leg]:
    return [leg for leg in legs if leg[4].left_out is None]


def _key(row: FieldReport) -> tuple[object, ...]:
    return (row.field, repr(row.source)) if row.field in LISTED else (row.field,)


def _rows_of_stat(conv: Conversion, stat: str) -> list[FieldReport]:
    return [f for f in conv.fields if stat in f.of or (f.field == f"stats.{stat}" and f.fidelity is Fidelity.DROPPED)]


def test_every_source_field_has_a_row(legs: list[Leg]) -> None:
    counts: Counter[str] = Counter()
    for source, card, cc, target, conv in _converted(legs):
        names = {f.field for f in conv.fields}
        for stat in derived_stats(source.profile, card):
            assert _rows_of_stat(conv, stat), (source.id, card.id, target.id, stat)
        for name, present in (("name", True), ("type", True), ("text", card.text), ("effects", card.effects),
                              ("keywords", card.keywords), ("colours", cc.colours), ("spell speed", True)):
            if present:
                assert name in names, (source.id, card.id, target.id, name)
        for f in conv.fields:
            counts[f.fidelity.value] += 1
    print(f"\nrows per fidelity over every converted (card, target) pair: {dict(counts)}")


def test_no_field_has_two_rows(legs: list[Leg]) -> None:
    for source, card, _cc, target, conv in _converted(legs):
        keys = Counter(_key(f) for f in conv.fields)
        assert all(n == 1 for n in keys.values()), (source.id, card.id, target.id,
                                                     [k for k, n in keys.items() if n > 1])


def test_the_target_deriving_the_same_total_is_not_dropped(legs: list[Leg]) -> None:
    for source, card, cc, target, conv in _converted(legs):
        back = to_canonical(conv.card, target)
        for f in conv.lost:
            for stat in f.of:
                was = next(v for v in cc.values if v.source_stat == stat)
                if was.stat is CanonicalStat.TOTAL_COST:
                    assert back.total_cost != was.value, (source.id, card.id, target.id, stat)


def _slots(table: object) -> dict[ColourSlot, int]:
    return {k: v for k, v in table.items() if v} if isinstance(table, dict) else {}


def test_exact_rows_mean_the_same(legs: list[Leg]) -> None:
    """`exact` per field kind: a number has the same canonical value after the ratios; a colour cost the same
    requirement by colour slot; a colour the same slot; a keyword the same unified keyword; a type the same
    genus; a spell speed the same speed; a 特徴 the same words."""
    checked: Counter[str] = Counter()
    for source, card, cc, target, conv in _converted(legs):
        back = to_canonical(conv.card, target)
        for f in conv.fields:
            if f.fidelity is not Fidelity.EXACT:
                continue
            where = (source.id, card.id, target.id, f)
            if f.field.startswith("stats."):
                sid = f.field.removeprefix("stats.")
                mine = next((v for v in back.values if v.source_stat == sid), None)
                assert mine is not None, where
                if isinstance(mine.value, Fraction):
                    assert mine.value == f.canonical, where
                    read = [v for v in cc.values if v.source_stat in f.of]
                    assert any(v.value == mine.value for v in read) or f.canonical == mine.value, where
                elif isinstance(mine.value, dict):
                    assert _slots(mine.value) == _slots(f.canonical), where
                elif isinstance(f.source, ColourSlot):  # a stat that is the colour (戦国大戦TCG's 勢力)
                    assert f.source in back.colours, where
                else:
                    words = (mine.value,) if isinstance(mine.value, str) else mine.value
                    assert set(words) <= set(cc.traits) or mine.stat is CanonicalStat.UNIQUE, where
                checked["stat"] += 1
            elif f.field == "colours":
                assert f.source in back.colours and f.canonical in back.colours, where
                checked["colour"] += 1
            elif f.field == "keywords":
                assert f.canonical in back.keywords, where
                checked["keyword"] += 1
            elif f.field == "type":
                assert back.genus is cc.genus, where
                checked["type"] += 1
            elif f.field == "spell speed":
                assert back.spell_speed == cc.spell_speed, where
                checked["spell speed"] += 1
            elif f.field == "text":  # rewritten in the target's words: it reads back as every effect it says
                assert _meaning(conv.card, target) == _said(cc.effects, cc, target), where
                checked["text"] += 1
    print(f"\nexact rows checked by kind: {dict(checked)}")


def test_gale_courier_colour_requirement_is_not_exact(catalog: Catalog) -> None:
    game, card = catalog.card("GH", "gale-courier")
    conv = to_native(to_canonical(card, game), catalog.game("SGK"))
    row = next(f for f in conv.fields if f.field == "stats.coloured-cost")
    assert row.fidelity is Fidelity.APPROXIMATED and "guild-heroes" in row.reason


def test_an_evolution_cost_has_its_own_row(catalog: Catalog) -> None:
    gh = catalog.game("GH")
    card = next(c for c in catalog.cards("guild-heroes").values() if "evolution-cost" in c.stats)
    conv = to_native(to_canonical(card, gh), catalog.game("SGK"))
    row = next(f for f in conv.fields if "evolution-cost" in f.of)
    assert row.fidelity is Fidelity.DROPPED and "進化" in row.reason


def test_spell_speed_is_reported(catalog: Catalog) -> None:
    sgk, gh, mtg = catalog.game("SGK"), catalog.game("GH"), catalog.game("MTG")
    _, battle = catalog.card("SGK", "toki-no-koe")
    cc = to_canonical(battle, sgk)
    assert int(cc.spell_speed) == 2
    row = next(f for f in to_native(cc, gh).fields if f.field == "spell speed")
    assert row.fidelity is Fidelity.APPROXIMATED and "計略" in row.reason and row.target == "SS1"
    reaction = next(c for c in catalog.cards("guild-heroes").values() if "reaction" in c.keywords)
    row = next(f for f in to_native(to_canonical(reaction, gh), sgk).fields if f.field == "spell speed")
    assert row.fidelity is Fidelity.APPROXIMATED and "reaction" in row.reason and row.target == "SS1"
    row = next(f for f in to_native(to_canonical(reaction, gh), mtg).fields if f.field == "spell speed")
    assert row.fidelity is Fidelity.EXACT and row.target == "SS2"  # an instant is cast at SS2


def _grants(keywords: object, game: Game) -> list[dict[str, object]]:
    """A card's keywords (unified) the game has, as the effect of having each for good."""
    w = words_of(game)
    return [same_form(GrantKeyword(do="grant_keyword", when="static", keyword=k, until="permanent"))
            for k in keywords if k in w.keywords]  # type: ignore[attr-defined]


def _meaning(card: Card, game: Game) -> list[dict[str, object]]:
    """What a card written in a game's words says: the effects its text reads back as, and its keywords
    (docs/rules.md §7, "Text in the target's words")."""
    _keywords, effects, _kept = read_text(card.text or "", words_of(game), event=is_event(game, card.type))
    said = [same_form(e) for e in effects] + _grants(to_canonical(card, game).keywords, game)
    return sorted({repr(x): x for x in said}.values(), key=repr)


def _said(effects: tuple[Effect, ...], cc: CanonicalCard, game: Game) -> list[dict[str, object]]:
    """What a text written from these effects and the card's keywords says in a game."""
    said = [same_form(e) for e in effects if not isinstance(e, Native)] + _grants(cc.keywords, game)
    return sorted({repr(x): x for x in said}.values(), key=repr)


def _value(card: Card, field: str) -> object:
    if field.startswith("stats."):
        return card.stats.get(field.removeprefix("stats."))
    return getattr(card, field)


def test_round_trip_changes_are_never_exact_both_ways(catalog: Catalog, legs: list[Leg]) -> None:
    """A → B → A: every field that comes back changed has a non-exact row on at least one leg."""
    changed = 0
    pairs = 0
    for source, card, cc, target, conv in _converted(legs):
        back = to_native(to_canonical(conv.card, target), source,
                         curve=_curve(catalog, target, source, conv.scale))
        if back.left_out is not None:
            continue
        pairs += 1
        returned = back.card
        fields = [f"stats.{s}" for s in set(card.stats) | set(returned.stats)]
        for name in (*fields, "type", "colours", "keywords", "text", "name"):
            if _value(card, name) == _value(returned, name):
                continue
            if name == "text" and _meaning(returned, source) == _said(card.effects, cc, source):
                continue  # the same effects, written from the canonical effects in A's words: the same text
            changed += 1
            stat = name.removeprefix("stats.")
            first = [f for f in conv.fields if (stat in f.of if name.startswith("stats.") else f.field == name)]
            second = [f for f in back.fields if f.field == name]
            via = {f"stats.{s}" for f in second for s in f.of}  # the fields of B the second leg read
            first += [f for f in conv.fields if f.field in via]
            assert any(f.fidelity is not Fidelity.EXACT for f in (*first, *second)), (
                source.id, card.id, target.id, name, _value(card, name), _value(returned, name))
    print(f"\nround trips A → B → A: {pairs}; fields that came back changed (each non-exact on a leg): {changed}")


def test_speeds_given_by_card_type_and_printed_words_come_from_the_page(catalog: Catalog) -> None:
    """Magic's instant (``spell_speeds.card_types``) and 戦国大戦TCG's 「戦闘中にも使える」 (``spell_speeds.printed``) are
    data on the pages, checked against the profile."""
    from amalogs.checks import check_page
    from amalogs.convert.canonical import printed_speed, type_speed
    from amalogs.ontology.terms import SpellSpeed

    mtg, sgk = catalog.game("MTG"), catalog.game("SGK")
    assert type_speed(mtg, "instant") is SpellSpeed.SS2 and type_speed(mtg, "sorcery") is None
    assert printed_speed(sgk, "…（戦闘中にも使える）") == (SpellSpeed.SS2, "戦闘中にも使える")
    assert printed_speed(mtg, "…（戦闘中にも使える）") is None
    entries = list(mtg.page.spell_speeds)
    entries[1] = entries[1].model_copy(update={"card_types": ("instant", "no-such-type")})
    page = mtg.page.model_copy(update={"spell_speeds": tuple(entries)})
    problems = list(check_page(page, mtg.profile))
    assert any(key == "spell_speeds[1].card_types[1]" and "no-such-type" in msg for key, msg in problems), problems
