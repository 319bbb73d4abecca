"""`amalogs deck check`: every sample deck is legal; each broken deck names the one rule it breaks."""

from __future__ import annotations

import pytest

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
    "sgk-copy-limit": "copy limit: 5 cards share the card-number '1-001' in the main deck; at most 4 are allowed",
    "sgk-main-too-small": "main deck size: the main deck has 49 cards; it must have at least 50",
}


def test_every_broken_deck_is_listed() -> None:
    assert {p.stem for p in BROKEN.glob("*.toml")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_broken_deck_fails_naming_its_rule(cli: Cli, name: str) -> None:
    path = BROKEN / f"{name}.toml"
    code, out, err = cli("deck", "check", str(path))
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
