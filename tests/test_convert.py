"""Card conversion: known answers, the same-game identity, and every card into every game."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amalogs.cardcheck import check_cards
from amalogs.catalog import Catalog, load_catalog
from amalogs.convert import Fidelity, convert_card, to_canonical, to_native
from amalogs.models.cards import Card, CardSet
from amalogs.ontology.terms import CanonicalStat, Genus

from .strategies import cards_of

GAMES = ["build-divide", "sengoku-taisen", "guild-heroes", "break-joker"]


def _field(conv: object, name: str) -> object:
    return next(f for f in conv.fields if f.field == name)  # type: ignore[attr-defined]


def test_a_build_divide_unit_5000_1_becomes_bp5_sp1_and_5000_5000_1_in_sengoku(catalog: Catalog) -> None:
    bd, sgk = catalog.game("build-divide"), catalog.game("sengoku-taisen")
    unit = Card(id="u", name="試しの騎士", type="unit", colours=("red",),
                stats={"play-cost": 4, "power": 5000, "hit": 1, "attribute": ("騎士",)})
    cc = to_canonical(unit, bd)
    assert cc.genus is Genus.CHARA and cc.permanent
    assert cc.number(CanonicalStat.BP) == 5 and cc.number(CanonicalStat.SP) == 1
    conv = to_native(cc, sgk)
    assert conv.card.type == "bushou"
    assert (conv.card.stats["buryoku"], conv.card.stats["heiryoku"], conv.card.stats["koujouryoku"]) == (5000, 5000, 1)
    for name in ("stats.buryoku", "stats.heiryoku", "stats.koujouryoku"):
        assert _field(conv, name).fidelity is Fidelity.EXACT  # type: ignore[attr-defined]


def test_halves_are_kept_in_canonical_stats(catalog: Catalog) -> None:
    unit = Card(id="u", name="半", type="unit", stats={"play-cost": 1, "power": 1500, "hit": 1, "attribute": ()})
    assert to_canonical(unit, catalog.game("build-divide")).number(CanonicalStat.BP) == Fraction(3, 2)


def test_a_guild_heroes_character_explains_how_attack_and_defence_became_power(catalog: Catalog) -> None:
    gh, bd = catalog.game("guild-heroes"), catalog.game("build-divide")
    character = next(c for c in catalog.cards("guild-heroes").values()
                     if c.type == "character" and c.stats["attack"] != c.stats["defence"])
    conv = convert_card(character, gh, bd)
    power = _field(conv, "stats.power")
    attack, defence = character.stats["attack"], character.stats["defence"]
    expected = Fraction(attack + defence, 2) * 1000  # type: ignore[operator]
    assert conv.card.stats["power"] == round(expected / 500) * 500
    assert power.fidelity is Fidelity.APPROXIMATED  # type: ignore[attr-defined]
    assert f"attack/defence pair {attack}/{defence}" in power.reason  # type: ignore[attr-defined]
    assert "BP character both deals and takes BP" in power.reason  # type: ignore[attr-defined]
    assert _field(conv, "stats.hit").fidelity is Fidelity.DEFAULTED  # type: ignore[attr-defined]


def test_sp_is_dropped_going_into_a_dds_game_with_the_reason(catalog: Catalog) -> None:
    unit = Card(id="u", name="x", type="unit", stats={"play-cost": 2, "power": 2000, "hit": 1, "attribute": ()})
    conv = convert_card(unit, catalog.game("build-divide"), catalog.game("guild-heroes"))
    hit = _field(conv, "stats.hit")
    assert hit.fidelity is Fidelity.DROPPED and "DDS" in hit.reason  # type: ignore[attr-defined]


def test_keywords_go_through_the_unified_keywords(catalog: Catalog) -> None:
    bd, sgk = catalog.game("build-divide"), catalog.game("sengoku-taisen")
    unit = Card(id="u", name="x", type="unit", keywords=("blitz", "berserk"),
                stats={"play-cost": 2, "power": 2000, "hit": 1, "attribute": ()})
    conv = convert_card(unit, bd, sgk)
    assert conv.card.keywords == ("sensei",)  # ブリッツ → 先制攻撃 → 先制
    berserk = next(f for f in conv.fields if f.field == "keywords" and f.source == "berserk")
    assert berserk.fidelity is Fidelity.DROPPED and "no unified form" in berserk.reason


def test_a_bj_number_is_clamped_to_its_printed_range(catalog: Catalog) -> None:
    big = Card(id="u", name="x", type="unit", stats={"play-cost": 9, "power": 9000, "hit": 3, "attribute": ()})
    conv = convert_card(big, catalog.game("build-divide"), catalog.game("break-joker"))
    assert conv.card.stats["bj-number"] == 7
    assert "clamped to the printed range 1–7" in _field(conv, "stats.bj-number").reason  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_card_converts_back_into_its_own_game_unchanged(catalog: Catalog, game: str) -> None:
    g = catalog.game(game)
    for card in catalog.cards(game).values():
        assert to_native(to_canonical(card, g), g).card == card, card.id


@pytest.mark.parametrize("source", GAMES)
@pytest.mark.parametrize("target", GAMES)
def test_every_shipped_card_converts_into_every_game_as_a_valid_card(catalog: Catalog, source: str, target: str) -> None:
    s, t = catalog.game(source), catalog.game(target)
    converted = [convert_card(c, s, t).card for c in catalog.cards(source).values()]
    assert list(check_cards(CardSet(game=target, cards=tuple(converted)), t.profile)) == []


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generated_cards_convert_back_into_their_own_game_unchanged(game: str, data: st.DataObject) -> None:
    g = load_catalog().game(game)
    card = data.draw(cards_of(g))
    assert list(check_cards(CardSet(game=game, cards=(card,)), g.profile)) == []
    assert to_native(to_canonical(card, g), g).card == card


def test_every_field_has_a_fidelity_and_a_reason(catalog: Catalog) -> None:
    for source in GAMES:
        for card in list(catalog.cards(source).values())[:5]:
            for target in GAMES:
                for f in convert_card(card, catalog.game(source), catalog.game(target)).fields:
                    assert isinstance(f.fidelity, Fidelity) and f.reason
