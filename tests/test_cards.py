"""The shipped card sets and sample decks: sizes, coverage, legality."""

from __future__ import annotations

import pytest

from amalogs.cardcheck import check_deck
from amalogs.catalog import Catalog
from amalogs.convert.decks import deck_cards

GAMES = ["build-divide", "sengoku-taisen", "guild-heroes", "break-joker"]
MINIMUM = {"build-divide": 40, "sengoku-taisen": 40, "guild-heroes": 40, "break-joker": 21}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ships_enough_cards(catalog: Catalog, game: str) -> None:
    cards = catalog.cards(game).values()
    main_types = catalog.game(game).profile.deck.main_types
    playable = [c for c in cards if not main_types or c.type in main_types]
    assert len(playable) >= MINIMUM[game]


@pytest.mark.parametrize("game", GAMES)
def test_the_cards_cover_every_card_type_and_keyword(catalog: Catalog, game: str) -> None:
    profile = catalog.game(game).profile
    cards = catalog.cards(game).values()
    assert {c.type for c in cards} >= {t.id for t in profile.card_types if t.id not in _parent_types(profile)}
    printed = {k.id for k in profile.keywords if k.kind in ("ability", "icon", "trigger")}
    assert {k for c in cards for k in c.keywords} >= printed


def _parent_types(profile: object) -> set[str]:
    return {t.subtype_of for t in profile.card_types if t.subtype_of}  # type: ignore[attr-defined]


def test_guild_heroes_ships_mana_and_at_least_two_base_cards(catalog: Catalog) -> None:
    types = [c.type for c in catalog.cards("guild-heroes").values()]
    assert types.count("base-card") >= 2
    assert "basic-mana" in types and "special-mana" in types


def test_break_joker_has_every_bj_number_and_suit(catalog: Catalog) -> None:
    cards = catalog.cards("break-joker").values()
    assert {c.stats["bj-number"] for c in cards} == set(range(1, 8))
    assert {col for c in cards for col in c.colours} == {"spade", "heart", "diamond", "club"}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_two_legal_sample_decks(catalog: Catalog, game: str) -> None:
    g = catalog.game(game)
    decks = catalog.decks(game)
    assert len(decks) >= 2
    for deck, path in decks.values():
        assert check_deck(deck, g.profile, deck_cards(deck, catalog.cards(game))) == [], path


def test_build_divide_decks_have_exactly_twelve_burst_cards(catalog: Catalog) -> None:
    cards = catalog.cards("build-divide")
    for deck, _ in catalog.decks("build-divide").values():
        assert sum(n for cid, n in deck.main.items() if "burst" in cards[cid].keywords) == 12


def test_a_number_outside_its_printed_range_is_refused(catalog: Catalog) -> None:
    """A card whose number stat lies outside the profile's printed range (a play cost of -1) is refused, naming the
    card and the stat; before, it loaded and failed only when converted. 0 passes (a converted free card stays
    free, docs/rules.md §7): ブレイクジョーカー prints 1–7, and a converted card may be 0."""
    from amalogs.cardcheck import check_cards
    from amalogs.models.cards import CardSet

    bd = catalog.game("BD")
    card = catalog.cards(bd.id)["spark-imp"]
    for value, bad in ((-1, True), (0, False), (10, False), (11, True)):  # BD prints 0–10
        changed = card.model_copy(update={"stats": {**card.stats, "play-cost": value}})
        problems = list(check_cards(CardSet(game=bd.id, cards=(changed,)), bd.profile))
        assert (("cards[0].stats.play-cost", f"{value} is outside the printed range 0–10 of プレイコスト") in problems) is bad
    bj = catalog.game("BJ")
    card = next(iter(catalog.cards(bj.id).values()))
    for value, bad in ((0, False), (8, True), (-2, True)):  # BJ prints 1–7
        changed = card.model_copy(update={"stats": {**card.stats, "bj-number": value}})
        problems = [k for k, _ in check_cards(CardSet(game=bj.id, cards=(changed,)), bj.profile)]
        assert ("cards[0].stats.bj-number" in problems) is bad
