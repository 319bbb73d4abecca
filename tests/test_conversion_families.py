"""Cards convert within their canonical family, and every target value is one the target game declares.

Every shipped card is converted into every shipped game (the catalog's ordered pairs, a few thousand
conversions; docs/rules.md, "Conversion decisions").
"""

from __future__ import annotations

from collections import Counter

import pytest

from amalogs.catalog import Catalog, Game
from amalogs.convert import Conversion, Fidelity, convert_card, to_canonical, to_native
from amalogs.convert.canonical import CanonicalCard
from amalogs.convert.decks import convert_deck
from amalogs.models.cards import Card
from amalogs.ontology.terms import FAMILY_OF, CanonicalStat, Family, Genus

KEPT_OUT_OF_CHARACTERS = (Family.RESOURCE, Family.ITEM)  # アイテム科 holds アイテム, フィールド and 装備
FACTIONS = ("紅", "蒼", "翠")  # 戦国大戦TCG's 勢力, as its profile declares them


def _family(game: Game, type_id: str) -> Family | None:
    from amalogs.convert.canonical import genus_of

    genus = genus_of(game, type_id)
    return FAMILY_OF[genus] if genus is not None else None


def _all(catalog: Catalog) -> list[tuple[Game, CanonicalCard, Game, Conversion]]:
    out = []
    for source in catalog.games.values():
        for card in catalog.cards(source.id).values():
            cc = to_canonical(card, source)
            for target in catalog.games.values():
                out.append((source, cc, target, to_native(cc, target)))
    return out


@pytest.fixture(scope="module")
def everything(catalog: Catalog) -> list[tuple[Game, CanonicalCard, Game, Conversion]]:
    return _all(catalog)


def test_cards_convert_within_their_family_or_are_left_out_with_the_reason(
        everything: list[tuple[Game, CanonicalCard, Game, Conversion]]) -> None:
    counts: Counter[str] = Counter()
    for source, cc, target, conv in everything:
        if conv.left_out is not None:
            assert source.id != target.id
            row = next(f for f in conv.fields if f.field == "type")
            assert row.fidelity is Fidelity.DROPPED and row.reason == conv.left_out and "left out" in row.reason
            if "attached to" in row.reason:  # equipment whose every effect needs a character to be attached to
                counts["left out: nothing to attach to"] += 1
                assert cc.effects and all(getattr(e, "target", None) is not None and e.target.attached
                                          for e in cc.effects), (cc.id, target.id)
                from amalogs.convert.canonical import genus_of

                assert Genus.EQUIPMENT not in {genus_of(target, t.id) for t in target.profile.card_types}
                continue
            if "never does anything" in row.reason:  # only effects, none of which can work there
                counts["left out: no effect works"] += 1
                assert cc.family in (Family.ITEM, Family.EVENT) and cc.effects, (cc.id, target.id)
                continue
            counts["left out for a missing genus"] += 1
            if cc.family is not None:
                assert not any(_family(target, t.id) is cc.family for t in target.profile.card_types), (cc.id, target.id)
            continue
        family = _family(target, conv.card.type)
        assert family is cc.family, (source.id, cc.id, target.id, conv.card.type)
        if cc.family in KEPT_OUT_OF_CHARACTERS:
            assert family is not Family.CHARA
        counts["converted within family" if source.id != target.id else "same game"] += 1
    print(f"\nconversions over every ordered pair of shipped games: {dict(counts)}")
    assert counts["converted within family"] and counts["left out for a missing genus"]


def test_a_left_out_card_has_no_card(catalog: Catalog) -> None:
    game, card = catalog.card("GH", "fire-mana")
    conv = convert_card(card, game, catalog.game("BD"))
    assert not conv.converted and "資源科" in (conv.left_out or "")
    with pytest.raises(Exception, match="cannot be converted into build-divide"):
        conv.card  # noqa: B018


def test_every_target_value_is_one_the_target_declares(
        everything: list[tuple[Game, CanonicalCard, Game, Conversion]]) -> None:
    for source, cc, target, conv in everything:
        if conv.left_out is not None:
            continue
        card, profile = conv.card, target.profile
        assert card.type in profile.ids("card_types")
        assert set(card.colours) <= set(profile.ids("colours")), (cc.id, target.id, card.colours)
        if target.id == "sengoku-taisen" and "seiryoku" in card.stats:
            assert card.stats["seiryoku"] in FACTIONS, (source.id, cc.id, card.stats["seiryoku"])
        if target.id == "break-joker":
            assert len(card.colours) == 1, (source.id, cc.id, card.colours)  # exactly one suit


def test_sengoku_declares_the_three_factions(catalog: Catalog) -> None:
    seiryoku = next(s for s in catalog.game("SGK").profile.stats if s.id == "seiryoku")
    assert all(f in seiryoku.description for f in FACTIONS)


def test_reasons_name_the_sources_damage_system(
        everything: list[tuple[Game, CanonicalCard, Game, Conversion]]) -> None:
    for source, cc, _target, conv in everything:
        if str(source.page.damage_system()) == "SPS":
            assert not any("(DDS)" in f.reason for f in conv.fields), (source.id, cc.id)


def test_a_zero_cost_stays_zero(everything: list[tuple[Game, CanonicalCard, Game, Conversion]]) -> None:
    zero = 0
    for _source, cc, target, conv in everything:
        if conv.left_out is not None or cc.total_cost != 0:
            continue
        zero += 1
        back = to_canonical(conv.card, target)
        assert not back.total_cost, (cc.game, cc.id, target.id, back.total_cost)
    assert zero  # the shipped cards include free ones
    print(f"\n0-cost conversions checked: {zero}")


def test_a_free_card_into_break_joker_is_not_an_ace(catalog: Catalog) -> None:
    unit = Card(id="u", name="x", type="unit", colours=("red",),
                stats={"play-cost": 0, "power": 1000, "hit": 1, "attribute": ()})
    conv = convert_card(unit, catalog.game("BD"), catalog.game("BJ"))
    assert conv.card.stats["bj-number"] == 0 and conv.card.colours == ("heart",)


def test_faction_and_suit_come_from_the_colour_slot(catalog: Catalog) -> None:
    bd, sgk, bj = catalog.game("BD"), catalog.game("SGK"), catalog.game("BJ")
    for colour, faction, suit in (("red", "紅", "heart"), ("blue", "蒼", "diamond"), ("white", "紅", "spade"),
                                  ("black", "蒼", "spade"), ("colourless", "紅", "spade")):
        unit = Card(id="u", name="x", type="unit", colours=(colour,),
                    stats={"play-cost": 2, "power": 2000, "hit": 1, "attribute": ("竜", "戦士")})
        assert convert_card(unit, bd, sgk).card.stats["seiryoku"] == faction, colour
        assert convert_card(unit, bd, bj).card.colours == (suit,), colour


def test_multi_valued_traits_stay_lists(catalog: Catalog) -> None:
    unit = Card(id="u", name="x", type="unit", colours=("red",),
                stats={"play-cost": 2, "power": 2000, "hit": 1, "attribute": ("竜", "戦士")})
    conv = convert_card(unit, catalog.game("BD"), catalog.game("Z/X"))
    assert conv.card.stats["race"] == ("竜", "戦士")
    back = convert_card(conv.card, catalog.game("Z/X"), catalog.game("BD"))
    assert back.card.stats["attribute"] == ("竜", "戦士")


def test_the_cost_is_the_stat_the_profile_names_whatever_the_key_order(catalog: Catalog) -> None:
    gh, bd = catalog.game("GH"), catalog.game("BD")
    card = Card(id="e", name="x", type="evolution-character", colours=("fire",),
                stats={"evolution-cost": {"fire": 1}, "cost": {"fire": 2, "no-attribute": 3}, "attack": 5,
                       "defence": 4, "evolution-source": "y"})
    cc = to_canonical(card, gh)
    assert cc.total_cost == 5 and sum(cc.value(CanonicalStat.COST).values()) == 5  # type: ignore[union-attr]
    assert convert_card(card, gh, bd).card.stats["play-cost"] == 5


def test_a_deck_leaves_out_a_card_of_a_missing_family_with_the_reason(catalog: Catalog) -> None:
    gh, bd = catalog.game("GH"), catalog.game("BD")
    deck = next(d for d, _ in catalog.decks("guild-heroes").values()
                if any(_family(gh, catalog.cards("guild-heroes")[c].type) is Family.RESOURCE
                       for part in (d.main, *d.side.values(), *d.extra.values()) for c in part))
    result = convert_deck(deck, gh, catalog.cards("guild-heroes"), bd, catalog.cards("build-divide"))
    left = [a for a in result.actions if a.startswith("left out") and "資源科" in a]
    assert left
    assert all(_family(bd, c.type) is not None for c in result.deck.cards)
