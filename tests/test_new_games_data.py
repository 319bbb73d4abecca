"""Three real games shipped as data alone (Magic: The Gathering, カードファイト!! ヴァンガード, Z/X): they validate,
carry enough original cards and two legal decks each, and get the WE the appraisal gives, for the reasons it
gives. The referee plays them from their data (tests/test_profile_game.py)."""

from __future__ import annotations

import pytest

from amalogs.cardcheck import check_deck
from amalogs.catalog import Catalog, load_catalog, validate_paths
from amalogs.compare.similarity import Resolver
from amalogs.convert.decks import deck_cards
from amalogs.ontology import terms
from amalogs.ontology.we import appraise

from .conftest import DATA, Cli

ROOT = DATA.parents[1]  # the repository: its games/ and mappings/

EXPECTED = {
    # game id: (略称, WE, the appraisal's deciding answer)
    "magic-the-gathering": ("MTG", 2, "no: resource cards stay and are reused"),
    "cardfight-vanguard": ("VG", 3, "no: they arrive automatically every turn, whatever is drawn"),
    "zx-zillions-of-enemy-x": ("Z/X", 3, "no: most cards can serve as a resource"),
}
GAMES = sorted(EXPECTED)


@pytest.fixture(scope="module")
def new_catalog() -> Catalog:
    return load_catalog()


def test_the_games_validate() -> None:
    files, errors = validate_paths([ROOT / "games" / g for g in GAMES])
    assert errors == []
    assert files >= 3 * 4  # a profile, a page, a card file and decks per game


def test_the_three_games_load_next_to_the_shipped_ones(new_catalog: Catalog) -> None:
    assert set(GAMES) <= set(new_catalog.games)
    for game_id, (abbreviation, _, _) in EXPECTED.items():
        assert new_catalog.game(abbreviation).id == game_id
        assert new_catalog.game(new_catalog.games[game_id].profile.name).id == game_id


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_at_least_thirty_cards(new_catalog: Catalog, game: str) -> None:
    assert len(new_catalog.cards(game)) >= 30


@pytest.mark.parametrize("game", GAMES)
def test_the_cards_cover_every_card_type_and_printed_keyword(new_catalog: Catalog, game: str) -> None:
    profile = new_catalog.game(game).profile
    cards = new_catalog.cards(game).values()
    parents = {t.subtype_of for t in profile.card_types if t.subtype_of}
    assert {c.type for c in cards} >= {t.id for t in profile.card_types if t.id not in parents}
    printed = {k.id for k in profile.keywords if k.kind in ("ability", "icon", "trigger")}
    assert {k for c in cards for k in c.keywords} >= printed


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_two_decks_that_pass_the_construction_check(new_catalog: Catalog, game: str) -> None:
    g = new_catalog.game(game)
    decks = new_catalog.decks(game)
    assert len(decks) >= 2
    for deck, path in decks.values():
        assert check_deck(deck, g.profile, deck_cards(deck, new_catalog.cards(game))) == [], path


def test_magic_says_its_copy_limit_with_the_basic_land_exemption_and_the_sideboard(new_catalog: Catalog) -> None:
    # The deck check enforces the rule (test_each_game_has_two_decks_that_pass_the_construction_check); the
    # sample decks run more than 4 of a basic land, so the exemption is what keeps them legal.
    rules = new_catalog.game("MTG").profile.deck
    assert (rules.copy_limit, rules.copy_limit_exempt.types) == (4, ("basic-land",))
    assert [s.id for s in rules.side_decks if s.copy_limit_with_main] == ["sideboard"]
    cards = new_catalog.cards("magic-the-gathering")
    for deck, path in new_catalog.decks("magic-the-gathering").values():
        assert max(n for cid, n in deck.main.items() if cards[cid].type == "basic-land") > 4, path


@pytest.mark.parametrize("game", GAMES)
def test_each_page_declares_the_we_the_appraisal_gives(new_catalog: Catalog, game: str) -> None:
    g = new_catalog.game(game)
    abbreviation, we, answer = EXPECTED[game]
    appraisal = appraise(g.profile)
    assert (appraisal.we, appraisal.range) == (we, 5 - we)
    assert appraisal.reasons[-1].answer == answer
    assert appraisal.reasons[-1].leads_to.startswith(f"WE{we}")
    assert (g.page.we.we, g.page.we.range, g.page.we.override) == (we, 5 - we, None)
    assert g.page.abbreviation == abbreviation


def test_the_new_ontology_terms_are_used_where_they_belong(new_catalog: Catalog) -> None:
    vg = new_catalog.game("VG").page
    zx = new_catalog.game("Z/X").page
    assert vg.life_system() is terms.LifeSystem.DAMAGE_ACCUMULATION
    assert zx.life_system() is terms.LifeSystem.LIFE_CARDS
    for page in (vg, zx):
        assert terms.AttackRule.ONE_SIDED_ATTACK in page.rules_of(terms.AttackRule)
    assert {e.unified for e in vg.unified_keywords if e.unified} == {terms.UnifiedKeyword.CHECK_TRIGGER}
    sources = {t.id: t.source for t in new_catalog.ontology.keyword_rules.attack_rules}
    assert sources[terms.AttackRule.SELECTED_LEADER] == "wiki"
    assert sources[terms.AttackRule.ONE_SIDED_ATTACK] == "wiki"


def test_every_attacker_meets_every_life_system_through_the_resolution_table(new_catalog: Catalog) -> None:
    resolver = Resolver(new_catalog.ontology)
    games = list(new_catalog.games.values())
    for attacker in games:
        for defender in games:
            damage, life = attacker.page.damage_system().value, defender.page.life_system().value
            assert resolver.attack_covered(damage, life), (attacker.id, defender.id)


@pytest.mark.parametrize(
    "args",
    [
        ["games"],
        ["we"],
        ["compare", "MTG", "BD"],
        ["convert", "MTG:crag-wyvern", "--to", "BD"],
        ["convert", "VG:azure-knight-altrio", "--to", "Z/X"],
        ["deck", "check", "Z/X:red-dragon-rush"],
    ],
)
def test_the_commands_work_on_the_new_games(cli: Cli, args: list[str]) -> None:
    code, out, _ = cli(*args)
    assert code == 0, out
