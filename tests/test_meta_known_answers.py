"""Known-answer boards of the meta-game (``tests/meta_positions/``, ``amalogs.meta.known_answers``): duels of
three and more participants — who joins by range and chain, who may be attacked, base damage of 1, キャスト
reactions at spell speed 2. Every file is run; a failure names the file and each expectation that does not hold."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from amalogs.catalog import Catalog
from amalogs.meta.known_answers import load_meta_known_answer, run_meta_known_answer
from amalogs.meta.settings import MetaError

BOARDS = Path(__file__).parent / "meta_positions"
FILES = sorted(BOARDS.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_known_answer_board(catalog: Catalog, path: Path) -> None:
    problems = run_meta_known_answer(catalog, load_meta_known_answer(path))
    assert not problems, f"{path.relative_to(BOARDS.parent)}:\n  " + "\n  ".join(problems)


def test_the_boards_cover_the_duel_rulings() -> None:
    # range (a heavy and a light host), chain, attack targets, base damage, キャスト reactions
    stems = {p.stem.split("-")[0] for p in FILES}
    assert {"range", "chain", "attack", "base", "reaction"} <= stems
    for path in FILES:
        case = load_meta_known_answer(path)
        assert case.expect, f"{path.name}: expects nothing"


def test_an_expectation_that_does_not_hold_is_named(catalog: Catalog) -> None:
    case = load_meta_known_answer(BOARDS / "base-damage-is-one.toml")
    wrong = replace(case, expect={**case.expect, "base_life": [18, 15], "guests": [3, 4]})
    problems = run_meta_known_answer(catalog, wrong)
    assert problems == ["guests in the duel are [3], not [3, 4]", "base life is [18, 17], not [18, 15]"]
    # after its attack the emperor is rested: a second attack on the base is not legal, nor is it when named
    again = replace(case, actions=case.actions[:2], expect={"legal": ["attack ignart-crimson-dragon-emperor base"],
                                                            "step": "main"})
    problems = run_meta_known_answer(catalog, again)
    assert problems[0] == "step is 'attack', not 'main'"
    assert problems[1].startswith("'attack ignart-crimson-dragon-emperor base' (attack ") and "is not legal" in problems[1]
    late = replace(case, actions=[*case.actions[:2], *case.actions[1:]])
    assert [p.partition(":")[0] for p in run_meta_known_answer(catalog, late)] == [
        "do 'attack ignart-crimson-dragon-emperor base'"]
    ended = replace(case, expect={"legal": ["end-attacks"]})
    assert run_meta_known_answer(catalog, ended) == ["the duel ended as the actions were used up: nothing left to look at"]


BOARD = """source = "a test"
host = 0
[[avatars]]
team = 0
deck = "BD"
square = [4, 4]
[[avatars]]
team = 0
deck = "GH"
square = [0, 8]
[[avatars]]
team = 0
deck = "SGK"
square = [8, 8]
[[avatars]]
team = 1
deck = "BD"
square = [5, 5]
[[avatars]]
team = 1
deck = "GH"
square = [0, 0]
[[avatars]]
team = 1
deck = "SGK"
square = [8, 0]
[expect]
guests = [3]
"""


@pytest.mark.parametrize(("change", "where"), [
    (('source = "a test"', 'source = ""'), "source: a known answer says where"),
    (("host = 0", "host = 6"), "host: the avatar that declares the duel"),
    (("host = 0", "host = 0\nboard = 9"), "board: unknown key"),
    (("team = 1\ndeck = \"BD\"", "team = 0\ndeck = \"BD\""), "avatars.3.team: must be 1"),
    (("square = [5, 5]", "square = [5, 5]\nhost = 3"), "avatars.3.host: unknown key"),
    (("square = [5, 5]", "square = [5]"), "avatars.3.square: [column, row]"),
    (("guests = [3]", "guest = [3]"), "expect.guest: unknown key"),
    (("host = 0", "host = 0\n[settings]\nwidth = 2"), "settings.width"),
])
def test_a_malformed_board_is_refused_in_one_line(tmp_path: Path, change: tuple[str, str], where: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BOARD.replace(*change, 1), encoding="utf-8")
    with pytest.raises(MetaError) as caught:
        load_meta_known_answer(path)
    assert str(path) in str(caught.value) and where in str(caught.value) and "\n" not in str(caught.value)


def test_a_board_with_two_pieces_on_a_square_is_refused(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BOARD.replace("square = [5, 5]", "square = [4, 4]"), encoding="utf-8")
    with pytest.raises(MetaError, match="two pieces on one square"):
        run_meta_known_answer(catalog, load_meta_known_answer(path))
    path.write_text(BOARD.replace('square = [5, 5]', 'square = [5, 5]\ncore = { hand = ["no-such-card"] }'),
                    encoding="utf-8")
    with pytest.raises(MetaError, match="no-such-card"):
        run_meta_known_answer(catalog, load_meta_known_answer(path))
