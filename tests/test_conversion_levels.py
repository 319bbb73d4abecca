"""A level converted into a game that pays its costs (docs/rules.md §7, "A level priced as a cost"): a ヴァンガード
grade, which costs nothing to call, is priced by the card's power on the target's own characters, never read one
for one as a cost (a grade 0 unit free, a grade 2 unit of power 9 at cost 2 where the target's cost-2 cards have
2); a deck of such cards gets the target's own decks' cost shares, each card as strong as the target's own cards of
its cost."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from amalogs.catalog import Catalog, Game
from amalogs.convert import builder, convert_card
from amalogs.convert.canonical import to_canonical
from amalogs.convert.curve import curve_of, quantile, side_value
from amalogs.convert.decks import convert_deck
from amalogs.convert.index import index_of
from amalogs.ontology.terms import Family
from tests.conversions import each_conversion, effect_pairs


def _level(game: Game) -> bool:
    return index_of(game).facts.free_level


def _underpriced(catalog: Catalog) -> tuple[int, list[str]]:
    """(characters of a level game converted into a paying game, those whose converted 大コスト is below the
    lowest 大コスト at which the target's own characters' median power reaches theirs — the top 大コスト when none
    does — kept in the target's printed range)."""
    seen, cheap = 0, []
    for s, card, t, conv in each_conversion(catalog, source_if=_level, target_if=lambda g: not _level(g)):
        curve = curve_of(t, catalog.cards(t.id)).sides.get("power")
        power = side_value(conv.canonical, "power")
        if not curve or conv.canonical.family is not Family.CHARA or power is None:
            continue
        medians = {c: quantile(Fraction(1, 2), v) for c, v in curve.items()}
        fair = next((c for c in sorted(medians) if medians[c] >= power), max(medians))
        cost = to_canonical(conv.card, t).total_cost or Fraction(0)
        seen += 1
        if cost < fair:
            cheap.append(f"{s.id}:{card.id} → {t.id}: 大コスト {cost}, power {power} costs {fair} there")
    return seen, cheap


def test_no_level_converts_below_the_price_of_its_power(catalog: Catalog) -> None:
    seen, cheap = _underpriced(catalog)
    print(f"\n{seen} characters of a level game converted into a paying game: {len(cheap)} below their power's price")
    assert seen >= 50 and cheap == []


def test_a_planted_one_for_one_level_is_counted(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(builder, "price_level", lambda cc, prices: None)
    seen, cheap = _underpriced(catalog)
    assert len(cheap) > seen // 2, "a grade read one for one as a cost went unnoticed"


def test_the_row_says_the_level_was_priced_and_keeps_the_level_in_the_amalogs_column(catalog: Catalog) -> None:
    s, card = catalog.card("VG", "azure-knight-altrio")
    t = catalog.game("BD")
    conv = convert_card(card, s, t, target_cards=catalog.cards(t.id))
    row = next(f for f in conv.fields if "is a level" in f.reason)
    assert row.fidelity.value == "approximated" and "priced by the card's power 9" in row.reason
    assert (row.source, row.canonical) == (2, 2)  # (the level itself, in the source and AMALOGS columns)
    stat = row.field.removeprefix("stats.")
    assert row.target == conv.card.stats[stat] == 8
    alone = convert_card(card, s, t)  # (no target cards to price by: one for one, as documented)
    assert alone.card.stats[stat] == 2


@pytest.mark.parametrize("target", ["magic-the-gathering", "build-divide", "sengoku-taisen"])
def test_a_deck_of_levels_gets_the_targets_cost_shares_and_its_curve(catalog: Catalog, target: str) -> None:
    s = catalog.game("cardfight-vanguard")
    t = catalog.game(target)
    own = [d for d, _ in catalog.decks(target).values()]
    deck, _ = next(iter(catalog.decks(s.id).values()))
    result = convert_deck(deck, s, catalog.cards(s.id), t, catalog.cards(target), target_decks=own)
    assert any("cost curve, by power" in a for a in result.actions), result.actions
    pool = {c.id: c for c in result.deck.cards}
    theirs = curve_of(t, catalog.cards(target)).stats
    steps = {st.id: st.step or 1 for st in t.profile.stats}
    costs: Counter[int] = Counter()
    for cid, n in result.deck.main.items():
        if cid not in pool:
            continue  # (the target's own cards: padding, resources)
        cc = to_canonical(pool[cid], t)
        cost = cc.total_cost or Fraction(0)
        costs[int(cost)] += n
        for v in cc.values:  # each battle value at most the target's strongest of its cost (to the printed step)
            curve = theirs.get(v.source_stat, {})
            if cost in curve and isinstance(v.value, Fraction):
                assert v.value <= curve[cost][-1] + steps[v.source_stat] * v.ratio / 2, (cid, v, curve[cost])
    cheapest = min(costs)
    assert costs[cheapest] >= 4 and cheapest <= 2, costs  # (cards to play from the first turns)
    assert sum(n for c, n in costs.items() if c <= 3) >= sum(costs.values()) // 2, costs


def _level_filters(catalog: Catalog) -> tuple[int, list[str]]:
    """(cost filters of a level game's effects converted into a paying game, those not priced as the level's
    characters' median power is: 「グレード1以下」 read one for one as 「プレイコスト1以下」)."""
    from amalogs.convert.curve import price_filter_level

    seen, unpriced = 0, []
    for s, card, t, conv in each_conversion(catalog, source_if=_level, target_if=lambda g: not _level(g)):
        if conv.canonical.family is not Family.CHARA:
            continue
        for before, _row, after in effect_pairs(card, conv):
            level = getattr(getattr(before, "target", None), "max_cost", None)
            if level is None or after is None:
                continue
            seen += 1
            wanted = price_filter_level(Fraction(level), curve_of(s, catalog.cards(s.id)),
                                        curve_of(t, catalog.cards(t.id)))
            if wanted is not None and after.target.max_cost != wanted[0]:
                unpriced.append(f"{s.id}:{card.id} → {t.id}: ≤ {after.target.max_cost}, not {wanted[0]}")
    return seen, unpriced


def test_a_level_an_effect_names_is_priced_as_the_card_is(catalog: Catalog) -> None:
    """蒼穹の騎士 アルトリオ retires a grade 1 or lower rear-guard: in ビルディバイド a unit of プレイコスト 6 or lower (grade
    1 units' median power 6.5 costs 6 there), not 1."""
    seen, unpriced = _level_filters(catalog)
    print(f"\nlevel filters converted into paying games: {seen}; unpriced: {len(unpriced)}")
    assert seen >= 5 and unpriced == [], unpriced[:5]
    s, card = catalog.card("VG", "azure-knight-altrio")
    t = catalog.game("BD")
    conv = convert_card(card, s, t, source_cards=catalog.cards(s.id), target_cards=catalog.cards(t.id))
    assert conv.card.effects[0].target.max_cost == 6 and "プレイコスト6以下" in (conv.card.text or "")


def test_a_planted_unpriced_level_filter_is_counted(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    import amalogs.convert.native as native

    monkeypatch.setattr(native, "price_filters", lambda effects, changed, source, target, game: effects)
    assert _level_filters(catalog)[1]


def _useless(catalog: Catalog) -> tuple[int, int, list[str]]:
    """(item and event cards with effects converted into another game, those left out because no effect of theirs
    can work there, those converted although none can: a card that would never do anything)."""
    from amalogs.convert.effects import CANNOT

    seen, left, useless = 0, 0, []
    for s, card, t, conv in each_conversion(catalog, card_if=lambda c: bool(c.effects), left_out=True):
        if conv.canonical.family not in (Family.ITEM, Family.EVENT):
            continue
        seen += 1
        if conv.left_out is not None:
            left += "never does anything" in conv.left_out
            continue
        if all(row.target == CANNOT for _e, row, _after in effect_pairs(card, conv)):
            useless.append(f"{s.id}:{card.id} → {t.id}")
    return seen, left, useless


def test_no_item_or_event_converts_into_a_card_that_never_does_anything(catalog: Catalog) -> None:
    """旅人の刃 into ビルディバイド was a territory that never opens; マナ・プリズム a territory whose mana pays nothing:
    a card that is only its effects, none of which can work in the target, is left out with the reason."""
    seen, left, useless = _useless(catalog)
    print(f"\nitem and event cards converted: {seen}; left out as never doing anything: {left}; converted so: "
          f"{len(useless)}")
    assert seen > 100 and left > 0 and useless == [], useless[:5]


def test_a_planted_useless_card_is_counted(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    import amalogs.convert.native as native

    monkeypatch.setattr(native, "_cannot", lambda e, b: None)  # (every card converted, as before the rule)
    assert _useless(catalog)[2]
