"""`amalogs deck check`: every sample deck is legal; each broken deck names the one rule it breaks."""

from __future__ import annotations

import tomllib

import pytest

from amalogs.cardcheck import check_deck
from amalogs.catalog import Catalog
from amalogs.checks import check_profile
from amalogs.convert.decks import deck_cards
from amalogs.models.cards import Deck
from amalogs.models.game import CopyLimitExemption, DeckColours, GameProfile

from .conftest import DATA, Cli

BROKEN = DATA / "broken-decks"
EXPECTED = {
    "bd-copy-limit": "copy limit: 5 cards share the name",
    "bd-d-deck-too-big": "Dデッキ size: the D deck has 16 cards; it must have 0 to 12",
    "bd-eleven-burst": "バーストトリガー: the main deck has 11 burst-trigger cards; it must have exactly 12",
    "bd-main-too-small": "main deck size: the main deck has 38 cards; it must have 40 to 50",
    "bd-no-territory": "テリトリー: the deck has 0 × Territory; it needs exactly 1",
    "bd-territory-in-main": "main deck card types: only unit, ace-unit, command may go in the main deck",
    "bd-too-many-shot": "ショットトリガー: the main deck has 13 shot-trigger cards; it must have 0 to 12",
    "bd-unknown-card": "cards: unknown card id(s) of build-divide: no-such-card",
    "bj-four-aces": "copy limit: 4 cards share the bj-number '1' in the main deck; at most 3 are allowed",
    "bj-thirteen-cards": "main deck size: the main deck has 13 cards; it must have exactly 12",
    "gh-five-special-mana": "特殊マナ: the Mana deck has 5 special mana; it must have 0 to 4",
    "gh-main-39": "main deck size: the main deck has 39 cards; it must have exactly 40",
    "gh-mana-deck-9": "マナデッキ size: the Mana deck has 9 cards; it must have exactly 10",
    "gh-mana-in-main": "main deck card types: only character, evolution-character, magic, equipment-magic may go in",
    "gh-no-base": "ベースカード: the deck has 0 × Base card; it needs exactly 1",
    # Magic: 5 of one card with 9 Mountains: the basic lands are exempt (deck.copy_limit_exempt), the rest not
    "mtg-five-of-a-name": "copy limit: 5 cards share the name '残り火の斥候' in the main deck and Sideboard; at most 4",
    # Magic: 4 in the main deck and 1 in the sideboard, which the limit counts together (copy_limit_with_main)
    "mtg-sideboard-fifth-copy": "copy limit: 5 cards share the name '残り火の斥候' in the main deck and Sideboard; at most 4",
    "sgk-copy-limit": "copy limit: 5 cards share the card-number '1-001' in the main deck; at most 4 are allowed",
    "sgk-main-too-small": "main deck size: the main deck has 49 cards; it must have at least 50",
}


def test_every_broken_deck_is_listed() -> None:
    assert {p.stem for p in BROKEN.glob("*.toml")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_broken_deck_fails_naming_its_rule(cli: Cli, name: str) -> None:
    path = BROKEN / f"{name}.toml"
    roots: list[str] = []
    code, out, err = cli(*roots, "deck", "check", str(path))
    assert code == 1
    assert out.splitlines() == [line for line in out.splitlines() if line.startswith(f"{path}: ")]
    assert len(out.splitlines()) == 1, out
    assert EXPECTED[name] in out
    assert "Traceback" not in out + err


@pytest.mark.parametrize("ref", ["BD:red-aggro", "SGK:takamori-kurenai", "GH:tidelight-guardians", "BJ:spade-flush"])
def test_sample_decks_pass_by_reference(cli: Cli, ref: str) -> None:
    code, out, _ = cli("deck", "check", ref)
    assert code == 0 and "legal" in out


def test_deck_list(cli: Cli) -> None:
    code, out, _ = cli("deck", "list", "BD")
    assert code == 0 and "build-divide:red-aggro" in out


def test_an_unknown_sample_deck_is_one_line(cli: Cli) -> None:
    code, _, err = cli("deck", "check", "BD:red-agro")
    assert code == 1
    assert err.strip() == "amalogs: build-divide has no sample deck 'red-agro'; did you mean 'red-aggro'? (it has: black-eclipse, blue-white-control, red-aggro)"


def _with_deck_rules(profile: GameProfile, **rules: object) -> GameProfile:
    return profile.model_copy(update={"deck": profile.deck.model_copy(update=rules)})


def _check(catalog: Catalog, game: str, deck_id: str, **rules: object) -> list[str]:
    g = catalog.game(game)
    deck: Deck = catalog.decks(g.id)[deck_id][0]
    return [str(v) for v in check_deck(deck, _with_deck_rules(g.profile, **rules), deck_cards(deck, catalog.cards(g.id)))]


def test_the_new_deck_rules_default_to_none_for_every_shipped_game(catalog: Catalog) -> None:
    for game in catalog.games.values():
        if game.id in ("magic-the-gathering", "pokemon-card-game"):
            continue  # the games that use them (basic lands, basic energy: tests/test_new_games_data.py)
        rules = game.profile.deck
        assert rules.copy_limit_exempt == CopyLimitExemption() and rules.colours is None
        assert not any(s.copy_limit_with_main for s in rules.side_decks)
        for deck, path in catalog.decks(game.id).values():
            assert check_deck(deck, game.profile, deck_cards(deck, catalog.cards(game.id))) == [], path


def test_a_copy_limit_exemption_by_card_type_or_keyword_lifts_the_limit(catalog: Catalog) -> None:
    g = catalog.game("BD")
    broken = Deck.model_validate(tomllib.loads((BROKEN / "bd-copy-limit.toml").read_text(encoding="utf-8")))
    cards = deck_cards(broken, catalog.cards(g.id))
    assert [v.rule for v in check_deck(broken, g.profile, cards)] == ["copy limit"]
    for exempt in (CopyLimitExemption(types=("unit",)), CopyLimitExemption(keywords=("shot",))):  # 灯火の哨兵 ×5
        assert check_deck(broken, _with_deck_rules(g.profile, copy_limit_exempt=exempt), cards) == []
    other = CopyLimitExemption(keywords=("burst",))
    assert [v.rule for v in check_deck(broken, _with_deck_rules(g.profile, copy_limit_exempt=other), cards)] == ["copy limit"]


def test_a_colour_limit_counts_the_deck_s_colours_leaving_out_the_ignored_ones(catalog: Catalog) -> None:
    assert _check(catalog, "BD", "blue-white-control", colours=DeckColours(max=1, ignore=("colourless",))) == [
        "deck colours: the deck's cards have 2 colours (blue, white); at most 1 are allowed"
    ]
    assert _check(catalog, "BD", "black-eclipse", colours=DeckColours(max=1, ignore=("colourless",))) == []
    assert _check(catalog, "BD", "black-eclipse", colours=DeckColours(max=1)) == [
        "deck colours: the deck's cards have 2 colours (black, colourless); at most 1 are allowed"
    ]
    assert _check(catalog, "BD", "blue-white-control", colours=DeckColours(max=2, ignore=("colourless",))) == []


def test_cards_must_keep_to_the_colours_of_their_leader_card(catalog: Catalog) -> None:
    leader = DeckColours(within="territory", ignore=("colourless",))
    assert _check(catalog, "BD", "red-aggro", colours=leader) == []
    [message] = _check(catalog, "BD", "blue-white-control", colours=leader)
    assert message.startswith("deck colours: only the colours of the Territory (white) may be used: ")
    listed = message.split(" may be used: ")[1]
    assert "(blue)" in listed and "(white)" not in listed and "\n" not in message
    strict = DeckColours(within="territory")  # colourless cards count as a colour of their own
    assert "(colourless)" in _check(catalog, "BD", "blue-white-control", colours=strict)[0]


def test_the_profile_check_names_unknown_ids_in_the_new_deck_rules(catalog: Catalog) -> None:
    profile = _with_deck_rules(
        catalog.game("BD").profile,
        copy_limit_exempt=CopyLimitExemption(types=("basic-land",), keywords=("no-such",)),
        colours=DeckColours(ignore=("purple",), within="leader"),
    )
    where = sorted(w for w, _ in check_profile(profile))
    assert where == ["deck.colours.ignore[0]", "deck.colours.within", "deck.copy_limit_exempt.keywords[0]",
                     "deck.copy_limit_exempt.types[0]"]
    shared = profile.deck.side_decks[0].model_copy(update={"copy_limit_with_main": True})
    unlimited = _with_deck_rules(catalog.game("BD").profile, copy_limit=None, side_decks=(shared,))
    assert [w for w, _ in check_profile(unlimited)] == ["deck.side_decks[0].copy_limit_with_main"]
