"""Card conversion: known answers, the same-game identity, and every card into every game."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amalogs.cardcheck import check_cards
from amalogs.catalog import Catalog, load_catalog, validate_paths
from amalogs.convert import Fidelity, convert_card, to_canonical, to_native
from amalogs.models.cards import Card, CardSet
from amalogs.ontology.terms import CanonicalStat, Genus, StatSystem

from . import datagames
from .conftest import Cli
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
    conversions = [convert_card(c, s, t) for c in catalog.cards(source).values()]
    converted = [conv.card for conv in conversions if conv.left_out is None]  # (a family the target lacks: left out)
    assert converted or source != target
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


# --- an HP-system game, built from the example user root (tests/data/user-root) -----------------------
# No shipped game is HP制, so a small one is written into a temporary data root: its creatures print an
# attack (AP) and HP (HP), adjust ratio 1/10 for both; a striker prints an attack only (an AP-only card).

HP_GAME = datagames.HP_GAME


@pytest.fixture(scope="module")
def hp_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return datagames.build_hp_game(tmp_path_factory.mktemp("hp-root"))


@pytest.fixture(scope="module")
def hp_catalog(hp_root: Path) -> Catalog:
    assert validate_paths([hp_root])[1] == []
    return load_catalog([hp_root])


def _stat_fields(conv: object) -> dict[str, object]:
    return {f.field: f for f in conv.fields if f.field.startswith("stats.")}  # type: ignore[attr-defined]


def test_the_hp_game_is_an_hp_system_game(hp_catalog: Catalog) -> None:
    hp = hp_catalog.game("HPS")
    assert hp.page.stat_system() is StatSystem.HP
    cc = to_canonical(hp_catalog.cards(HP_GAME)["ember-pup"], hp)
    assert (cc.number(CanonicalStat.AP), cc.number(CanonicalStat.HP)) == (Fraction(3), Fraction(12))
    assert cc.stat_system is StatSystem.HP


def test_an_hp_system_character_keeps_its_battle_values_in_a_bp_game(hp_catalog: Catalog) -> None:
    conv = convert_card(hp_catalog.cards(HP_GAME)["ember-pup"], hp_catalog.game("HPS"), hp_catalog.game("BD"))
    assert conv.card.stats["power"] == 7500  # AP 3 and HP 12 (HP counts as DP): their mean, BP 7.5
    power = _field(conv, "stats.power")
    assert power.fidelity is Fidelity.APPROXIMATED  # type: ignore[attr-defined]
    assert "attack/defence pair 3/12 (AP/HP of HP制 (hp-skirmish): HP counts as DP)" in power.reason  # type: ignore[attr-defined]
    assert not [f for f in conv.lost if f.field.startswith("stats.")]
    assert "stats.attack" not in _stat_fields(conv) and "stats.hp" not in _stat_fields(conv)


def test_an_hp_system_character_keeps_its_battle_values_in_an_apdp_game(hp_catalog: Catalog) -> None:
    conv = convert_card(hp_catalog.cards(HP_GAME)["ember-pup"], hp_catalog.game("HPS"), hp_catalog.game("GH"))
    assert (conv.card.stats["attack"], conv.card.stats["defence"]) == (3, 12)
    attack, defence = _field(conv, "stats.attack"), _field(conv, "stats.defence")
    assert attack.fidelity is Fidelity.SCALED  # type: ignore[attr-defined]  # AP ↔ AP, adjust ratio 1/10 → 1
    assert defence.fidelity is Fidelity.APPROXIMATED  # type: ignore[attr-defined]
    assert defence.reason.startswith("HP of HP制 (hp-skirmish) counts as DP one for one")  # type: ignore[attr-defined]
    assert not [f for f in conv.lost if f.field.startswith("stats.")]


def test_bp_and_apdp_characters_convert_back_into_the_hp_game(hp_catalog: Catalog) -> None:
    hp, bd, gh = hp_catalog.game("HPS"), hp_catalog.game("BD"), hp_catalog.game("GH")
    pup = hp_catalog.cards(HP_GAME)["ember-pup"]
    back = convert_card(convert_card(pup, hp, gh).card, gh, hp)  # AP/HP 3/12 → GH 3/12 → HP game
    assert back.card.stats == pup.stats
    assert _field(back, "stats.hp").reason.startswith("DP of APDP制 (guild-heroes) counts as HP one for one")  # type: ignore[attr-defined]
    unit = Card(id="u", name="x", type="unit", stats={"play-cost": 4, "power": 5000, "hit": 1, "attribute": ()})
    conv = convert_card(unit, bd, hp)
    assert conv.card.type == "creature"
    assert (conv.card.stats["attack"], conv.card.stats["hp"]) == (50, 50)  # BP 5 counts as AP 5 and HP 5
    assert _field(conv, "stats.attack").fidelity is Fidelity.SCALED  # type: ignore[attr-defined]
    assert _field(conv, "stats.hp").fidelity is Fidelity.APPROXIMATED  # type: ignore[attr-defined]
    assert "BP制 (build-divide)" in _field(conv, "stats.hp").reason  # type: ignore[attr-defined]
    for source in (bd, gh):
        for card in hp_catalog.cards(source.id).values():
            converted = convert_card(card, source, hp)
            if converted.left_out is not None:  # a family the HP game lacks
                continue
            assert not [f for f in converted.lost if f.field in ("stats.power", "stats.attack", "stats.defence")]
            assert list(check_cards(CardSet(game=HP_GAME, cards=(converted.card,)), hp.profile)) == []


def test_an_attack_only_character_takes_its_attack_as_bp_and_defaults_a_defence_it_lacks(hp_catalog: Catalog) -> None:
    hp, bd, gh = hp_catalog.game("HPS"), hp_catalog.game("BD"), hp_catalog.game("GH")
    hawk = hp_catalog.cards(HP_GAME)["dart-hawk"]
    into_bd = convert_card(hawk, hp, bd)
    assert into_bd.card.stats["power"] == 4000
    power = _field(into_bd, "stats.power")
    assert power.fidelity is Fidelity.APPROXIMATED  # type: ignore[attr-defined]
    assert "only battle value is AP (HP制 (hp-skirmish))" in power.reason  # type: ignore[attr-defined]
    into_gh = convert_card(hawk, hp, gh)
    assert into_gh.card.stats["attack"] == 4
    assert _field(into_gh, "stats.defence").fidelity is Fidelity.DEFAULTED  # type: ignore[attr-defined]
    for conv in (into_bd, into_gh):
        assert not [f for f in conv.lost if f.field.startswith("stats.")]


def test_the_cli_converts_an_hp_system_card(cli: Cli, hp_root: Path) -> None:
    code, out, _ = cli("--data-root", str(hp_root), "convert", "HPS:ember-pup", "--to", "BD")
    assert code == 0 and "approximated" in out and "dropped" not in out
