"""Every input is untrusted: the loader is the only way in, and it answers every file in one line.

- one loader, one truth: sample decks are checked on loading as `amalogs validate` checks them, a `.toml` and a
  `.json` of the same name are an error, `subtype_of` cycles are refused, `cards.toml` must be a file, a game
  folder is validated with its page, ids derive from any 略称 (遊戯王 included);
- a bad user game is reported once and left out, and the other games keep working; commands about it, the
  referee and `convert-deck` refuse it with validate's own line;
- no hang and no crash on any file: named pipes, devices and folders where a file belongs (never opened), files
  past the size limit, deep nesting, huge numbers, NaN, invalid UTF-8, byte-order marks;
- an internal error names the file being read; values echoed in errors are cut to a readable length;
- the regression files in tests/data/fuzz, each with its expected line in a ``.expected`` sidecar.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import amalogs.catalog as catalog_module
from amalogs.catalog import DataErrors, load_catalog, read_data, shipped_root, validate_paths
from amalogs.errors import DataError, cut

from .conftest import DATA, Cli
from .mutations import time_limit

FUZZ = DATA / "fuzz"


@pytest.fixture(autouse=True)
def _fresh_catalogs() -> Iterator[None]:
    yield
    catalog_module._cached.cache_clear()


def user_game(root: Path, source: str = "build-divide", game_id: str = "user-bd", abbreviation: str = "UBD") -> Path:
    """A shipped game copied into ``root`` under a new id and 略称 (so it loads next to the shipped one)."""
    shutil.copytree(shipped_root() / "games" / source, root / "games" / game_id)
    (root / "mappings").mkdir(parents=True, exist_ok=True)
    shutil.copy(shipped_root() / "mappings" / f"{source}.toml", root / "mappings" / f"{game_id}.toml")
    for path in [*(root / "games" / game_id).rglob("*.toml"), root / "mappings" / f"{game_id}.toml"]:
        text = path.read_text(encoding="utf-8").replace(source, game_id)
        lines = [f'abbreviation = "{abbreviation}"' if line.startswith("abbreviation = ") else line
                 for line in text.splitlines()]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def one_line(errors: list[DataError], path: Path) -> str:
    assert len(errors) == 1, [str(e) for e in errors]
    line = str(errors[0])
    assert line.startswith(str(path)) and "\n" not in line
    return line


# --- one loader, one truth --------------------------------------------------------------------------


def test_an_illegal_sample_deck_is_refused_by_validate_the_loader_match_and_convert_deck(tmp_path: Path, cli: Cli) -> None:
    root = user_game(tmp_path)
    deck = root / "games" / "user-bd" / "decks" / "red-aggro.toml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("ember-squire = 4", "ember-squire = 9"), encoding="utf-8")
    _, errors = validate_paths([root])
    line = str(errors[0])
    assert line.startswith(f"{deck}: breaks a construction rule: copy limit: 9 cards share the name")
    with pytest.raises(DataErrors) as refused:
        load_catalog([root])
    assert str(refused.value).startswith(line)
    # a lenient load (every command) leaves out that deck only: the game and its other decks stay
    for args in (["match", "user-bd:red-aggro", "GH", "--quiet", "--turn-cap", "2"],
                 ["convert-deck", "user-bd:red-aggro", "--to", "GH", "--out", str(tmp_path / "a.toml")]):
        code, out, err = cli("--data-root", str(root), *args)
        assert code == 1, (args, out, err)
        assert err.splitlines() == [f"amalogs: {line} (and 1 more)"], (args, err)  # the same line, and only once
    code, out, err = cli("--data-root", str(root), "match", "UBD:black-eclipse", "GH", "--quiet", "--turn-cap", "2")
    assert code == 0 and "left out deck 'user-bd:red-aggro'" in err, err
    code, out, err = cli("--data-root", str(root), "games")
    assert code == 0 and "user-bd" in out and err.count("\n") == 1, err
    code, out, err = cli("--data-root", str(root), "convert-deck", str(deck), "--to", "GH", "--out",
                         str(tmp_path / "b.toml"))
    assert code == 1 and err.splitlines()[-1].startswith(f"amalogs: {line}"), err
    # the deck file on its own, from a game that loads: convert-deck refuses it with validate's line
    own = tmp_path / "mine.toml"
    own.write_text((shipped_root() / "games/build-divide/decks/red-aggro.toml").read_text(encoding="utf-8")
                   .replace("ember-squire = 4", "ember-squire = 9"), encoding="utf-8")
    _, errors = validate_paths([own])
    code, _, err = cli("convert-deck", str(own), "--to", "GH", "--out", str(tmp_path / "c.toml"))
    assert code == 1 and err.startswith(f"amalogs: {errors[0]}")
    code, out, _ = cli("deck", "check", str(own))  # deck check explains every rule instead of refusing
    assert code == 1 and "copy limit: 9 cards share the name" in out


def test_a_deck_card_that_does_not_exist_is_refused(tmp_path: Path, cli: Cli) -> None:
    root = user_game(tmp_path)
    deck = root / "games" / "user-bd" / "decks" / "red-aggro.toml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("ember-squire = 4", "no-such-card = 4"), encoding="utf-8")
    _, errors = validate_paths([root])
    assert "unknown card id(s) of user-bd: no-such-card" in str(errors[0])
    code, _, err = cli("--data-root", str(root), "match", "user-bd:red-aggro", "GH", "--quiet", "--turn-cap", "2")
    assert code == 1 and "no-such-card" in err
    code, _, err = cli("--data-root", str(root), "match", "user-bd:black-eclipse", "GH", "--quiet", "--turn-cap", "2")
    assert code == 0 and "left out deck 'user-bd:red-aggro'" in err and "no-such-card" in err  # the others play


def test_a_sample_deck_may_name_its_cards_as_printed(tmp_path: Path, cli: Cli) -> None:
    """A sample deck's cards by their printed names (width and kana aside), as a deck file of one's own may; a
    name that is no card's leaves that deck out with the closest names."""
    root = user_game(tmp_path)
    decks = root / "games" / "user-bd" / "decks"
    text = (decks / "red-aggro.toml").read_text(encoding="utf-8")
    (decks / "red-aggro.toml").write_text(text.replace("ember-squire = 4", '"熾火の従騎士" = 4'), encoding="utf-8")
    assert validate_paths([root])[1] == []
    deck = load_catalog([root]).decks("user-bd")["red-aggro"][0]
    assert deck.main["ember-squire"] == 4
    (decks / "red-aggro.toml").write_text(text.replace("ember-squire = 4", '"熾火の従騎仕" = 4'), encoding="utf-8")
    _, errors = validate_paths([root])
    assert "UBD has no card named '熾火の従騎仕'; did you mean '熾火の従騎士'" in str(errors[0]), errors


def test_a_toml_and_a_json_of_the_same_name_are_an_error_not_a_choice(tmp_path: Path) -> None:
    root = user_game(tmp_path)
    deck = root / "games" / "user-bd" / "decks" / "red-aggro.toml"
    twin = deck.with_suffix(".json")
    twin.write_text(json.dumps(read_data(deck), ensure_ascii=False), encoding="utf-8")
    _, errors = validate_paths([root])
    assert one_line(errors, twin).endswith("red-aggro.toml is here too: keep one of the two (amalogs does not "
                                           "choose between them)")
    for stem in ("game", "cards"):
        folder = tmp_path / stem
        user_game(folder)
        path = folder / "games" / "user-bd" / f"{stem}.toml"
        path.with_suffix(".json").write_text(json.dumps(read_data(path), ensure_ascii=False), encoding="utf-8")
        _, errors = validate_paths([folder])
        assert one_line(errors, path.with_suffix(".json")).endswith("is here too: keep one of the two (amalogs does "
                                                                    "not choose between them)")


def test_a_subtype_cycle_is_refused_without_hanging(tmp_path: Path) -> None:
    root = user_game(tmp_path)
    profile = root / "games" / "user-bd" / "game.toml"
    text = profile.read_text(encoding="utf-8")
    assert 'id = "ace-unit"' in text and 'subtype_of = "unit"' in text  # an ace unit is a kind of unit …
    profile.write_text(text.replace('[[card_types]]\nid = "unit"\n',  # … and now a unit a kind of ace unit
                                    '[[card_types]]\nid = "unit"\nsubtype_of = "ace-unit"\n', 1), encoding="utf-8")
    with time_limit():
        _, errors = validate_paths([root])
    assert one_line(errors, profile).endswith("card_types[0].subtype_of: a cycle: unit → ace-unit → unit; "
                                              "a card type cannot be a kind of itself")


def test_cards_toml_must_be_a_file(tmp_path: Path) -> None:
    root = user_game(tmp_path)
    cards = root / "games" / "user-bd" / "cards.toml"
    cards.unlink()
    cards.mkdir()
    _, errors = validate_paths([root])
    assert one_line(errors, cards).endswith("is a folder, not a file: amalogs reads only regular files")


def test_validating_a_game_folder_checks_its_page_and_references(tmp_path: Path, cli: Cli) -> None:
    root = user_game(tmp_path)
    page = root / "mappings" / "user-bd.toml"
    page.write_text(page.read_text(encoding="utf-8").replace('native = "decoy"', 'native = "decoy-x"'),
                    encoding="utf-8")
    code, out, _ = cli("validate", str(root / "games" / "user-bd"))
    assert code == 1
    assert f"{page}: unified_keywords[" in out and "unknown native keyword 'decoy-x'" in out
    page.unlink()
    code, out, _ = cli("validate", str(root / "games" / "user-bd"))
    assert code == 1 and "has no AMALOGS page: add mappings/user-bd.toml" in out


def test_ids_derive_from_any_abbreviation(tmp_path: Path, cli: Cli) -> None:
    root = user_game(tmp_path, abbreviation="遊戯王")
    out = tmp_path / "converted.toml"
    code, stdout, err = cli("--data-root", str(root), "convert-deck", "遊戯王:red-aggro", "--to", "GH", "--out", str(out))
    assert code == 0, err
    written = read_data(out)
    assert all(card_id.startswith("user-bd-") for card_id in written["main"])  # the game's id: 遊戯王 has no ASCII
    assert validate_paths([out], [root])[1] == []
    zx_deck = min((shipped_root() / "games/zx-zillions-of-enemy-x/decks").glob("*.toml")).stem
    code, _, err = cli("convert-deck", f"Z/X:{zx_deck}", "--to", "GH", "--out", str(tmp_path / "zx.toml"))
    assert code == 0, err
    assert all(card_id.startswith("z-x-") for card_id in read_data(tmp_path / "zx.toml")["main"])


# --- a bad user game is left out, the others work ----------------------------------------------------


def test_a_bad_user_game_is_reported_once_and_the_others_keep_working(tmp_path: Path, cli: Cli) -> None:
    good = user_game(tmp_path / "good", game_id="good-bd", abbreviation="GBD")
    bad = user_game(tmp_path / "bad", game_id="bad-bd", abbreviation="XBD")
    profile = bad / "games" / "bad-bd" / "game.toml"
    hand = read_data(profile)["setup"]["starting_hand"]
    profile.write_text(profile.read_text(encoding="utf-8").replace(f"starting_hand = {hand}", "starting_hand = 99999",
                                                                    1), encoding="utf-8")
    roots = ["--data-root", str(good), "--data-root", str(bad)]
    code, out, err = cli(*roots, "games", "--format", "json")
    assert code == 0, err
    assert "good-bd" in out and "bad-bd" not in out
    assert err.splitlines() == [f"amalogs: left out game 'bad-bd': {profile}: setup.starting_hand: 99999 is out of "
                                "range (less than or equal to 10000)"]
    code, out, err = cli(*roots, "match", "GBD", "GH", "--quiet", "--turn-cap", "2")
    assert code == 0 and len(err.splitlines()) == 1
    code, out, err = cli(*roots, "show", "XBD")  # by its 略称: the command about it says why it cannot run
    assert code == 1
    assert err.splitlines() == [f"amalogs: {profile}: setup.starting_hand: 99999 is out of range (less than or "
                                "equal to 10000)"]
    with pytest.raises(DataErrors):  # the library's default is strict
        load_catalog([good, bad])
    cat = load_catalog([good, bad], lenient=True)
    assert "good-bd" in cat.games and [o.game for o in cat.left_out] == ["bad-bd"]


# --- no hang, no crash, on any file ------------------------------------------------------------------


@pytest.mark.parametrize("target", ["games/user-bd/game.toml", "games/user-bd/cards.toml",
                                    "games/user-bd/decks/red-aggro.toml", "mappings/user-bd.toml"])
@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "huge"])
def test_what_is_not_a_regular_file_is_refused_without_being_opened(tmp_path: Path, cli: Cli, target: str,
                                                                     kind: str) -> None:
    root = user_game(tmp_path)
    path = root / target
    path.unlink()
    expected = {"fifo": "is a named pipe (FIFO), not a file", "device": "is a character device, not a file",
                "folder": "is a folder, not a file", "huge": "too large: 17,825,792 bytes; a data file may hold at "
                "most 16 MB"}[kind]
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        with path.open("wb") as handle:
            handle.truncate(17 * 1024 * 1024)
    with time_limit():
        _, errors = validate_paths([root])
        assert expected in one_line(errors, path)
        code, out, err = cli("--data-root", str(root), "games")
    assert code == 0 and expected in err
    with time_limit():
        code, out, err = cli("validate", str(path))
    assert code == 1 and expected in out


@pytest.mark.parametrize(("text", "suffix", "expected"), [
    ("a = " + "[" * 3000 + "]" * 3000, ".toml", ": nested too deeply"),
    ("a = " + "[" * 100 + "]" * 100, ".toml", ": a[0][0][0][0][0]…: nested more than 64 levels deep"),
    (".".join(["a"] * 100_000) + " = 1", ".toml", "a dotted key of more than 64 parts"),
    ('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", ".json", "nested too deeply"),
    ('{"a": [1, NaN]}', ".json", ": a[1]: NaN is not a number a data file may hold"),
    ('{"a": {"b": -Infinity}}', ".json", ": a.b: -Infinity is not a number a data file may hold"),
    ('{"a": 1e400}', ".json", ": a: inf is not a number a data file may hold"),
    ("a = nan", ".toml", ": a: nan is not a number a data file may hold"),
    ("a = " + "9" * 5000, ".toml", "invalid TOML: a number with too many digits"),
    ('{"a": ' + "9" * 5000 + "}", ".json", ": a: '999999999999999999999999999999999999... is too large"),
    ("a = 9007199254740993", ".toml", ": a: 9007199254740993 is too large (numbers go up to 2**53)"),
    ('{"a": "\\ud800"}', ".json", ": a: text that is not valid Unicode (a lone surrogate)"),
    ('{"a": 1, "a": 2}', ".json", ": the key 'a' is given twice"),
    ("[1, 2]", ".json", "expected a JSON object at the top, got list"),
    ("42", ".json", "expected a JSON object at the top, got int"),
])
def test_odd_files_are_one_line_naming_the_key(tmp_path: Path, text: str, suffix: str, expected: str) -> None:
    path = tmp_path / f"odd{suffix}"
    path.write_text(text, encoding="utf-8")
    with time_limit(), pytest.raises(DataError) as info:
        read_data(path)
    assert str(info.value).startswith(str(path)) and expected in str(info.value)
    assert "\n" not in str(info.value) and len(str(info.value)) < 400 + len(str(path))


def test_byte_order_marks(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_bytes(b"\xef\xbb\xbf" + b'a = "b"\n')
    assert read_data(path) == {"a": "b"}  # a UTF-8 byte-order mark is fine
    path.write_bytes(b"\xff\xfe" + 'a = "b"\n'.encode("utf-16-le"))
    with pytest.raises(DataError) as info:
        read_data(path)
    assert str(info.value).endswith("not UTF-8 text (byte 0xff at offset 0); save it as UTF-8 (it starts with a "
                                    "UTF-16 byte-order mark: it is UTF-16 text)")


def test_a_long_value_is_cut_in_the_message(tmp_path: Path) -> None:
    root = user_game(tmp_path)
    profile = root / "games" / "user-bd" / "game.toml"
    long = "ドロー" + "z" * 5000
    profile.write_text(profile.read_text(encoding="utf-8").replace('kind = "ドロー"', f'kind = "{long}"', 1),
                       encoding="utf-8")
    _, errors = validate_paths([root])
    assert errors and all(len(e.message) < 400 for e in errors)
    assert f"unknown term {cut(long)}" in str(errors[0])


def test_an_internal_error_names_the_file_being_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import amalogs.catalog

    def broken(*args: object) -> Iterator[tuple[str, str]]:
        raise RuntimeError("a bug")
        yield ("", "")

    monkeypatch.setattr(amalogs.catalog, "check_profile", broken)
    monkeypatch.setenv("AMALOGS_CACHE", "off")  # a catalog kept by an earlier command would not be checked again
    amalogs.catalog._cached.cache_clear()
    from amalogs.cli import main

    err = tmp_path / "err"
    with err.open("w") as handle:
        monkeypatch.setattr(sys, "stderr", handle)
        with pytest.raises(SystemExit):
            main(["games"])
    line = err.read_text()
    assert line.startswith("amalogs: internal error while reading ") and "/game.toml: RuntimeError: a bug" in line


def test_the_installed_command_never_opens_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "game.toml"
    os.mkfifo(fifo)
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "amalogs", "validate", str(fifo)], check=False, capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 1 and time.monotonic() - start < 30
    assert result.stdout.startswith(f"{fifo}: is a named pipe (FIFO), not a file")


# --- the regression files ------------------------------------------------------------------------------

CASES = sorted(p for p in FUZZ.iterdir() if p.suffix != ".expected" and not p.name.startswith("."))


def test_every_regression_file_has_its_expected_line() -> None:
    assert len(CASES) >= 15
    assert {p.with_name(p.name + ".expected") for p in CASES} == set(FUZZ.glob("*.expected"))


@pytest.mark.parametrize("case", CASES, ids=[p.name for p in CASES])
def test_a_regression_file_is_refused_in_one_line(cli: Cli, case: Path) -> None:
    """Each file tripped the loader once (a hang, an internal error or a wrong message); the sidecar holds the
    text its one line must contain (``valid`` for a file that must load)."""
    expected = case.with_name(case.name + ".expected").read_text(encoding="utf-8").strip()
    with time_limit():
        code, out, err = cli("validate", str(case))
    assert "Traceback" not in out + err and "internal error" not in out + err
    if expected == "valid":
        assert code == 0, out
        return
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 1, out
    assert lines[0].startswith(f"{case}") and expected in lines[0], lines[0]


def test_empty_text_and_a_stat_some_cards_do_not_print(tmp_path: Path) -> None:
    """``text = ""`` is refused saying the key may be left out; a stat named in its card type's
    ``optional_stats`` may be left out by a card (a counter printed −), while a stat every card prints may not."""
    root = user_game(tmp_path)
    cards = root / "games" / "user-bd" / "cards.toml"
    text = cards.read_text(encoding="utf-8")
    printed = 'text = "【自動】このユニットが破壊された時、相手のユニット1体に1000ダメージを与える。"'
    assert printed in text
    cards.write_text(text.replace(printed, 'text = ""', 1), encoding="utf-8")
    _, errors = validate_paths([root])
    assert any("cards[0].text" in str(e) and "leave the key out" in str(e) for e in errors), errors
    cards.write_text(text.replace("stats = { play-cost = 0, power = 1000, ", "stats = { play-cost = 0, ", 1),
                     encoding="utf-8")
    _, errors = validate_paths([root])
    assert any("missing 'power'" in str(e) and "optional_stats" in str(e) for e in errors), errors
    profile = root / "games" / "user-bd" / "game.toml"
    source = profile.read_text(encoding="utf-8")
    assert '\nid = "unit"\n' in source
    profile.write_text(source.replace('\nid = "unit"\n', '\nid = "unit"\noptional_stats = ["power"]\n', 1),
                       encoding="utf-8")
    assert [str(e) for e in validate_paths([root])[1] if "missing 'power'" in str(e)] == []


def test_validate_counts_the_files_of_the_folder_it_was_given(tmp_path: Path, cli: Cli) -> None:
    root = user_game(tmp_path)
    mine = [p for p in root.rglob("*") if p.suffix in (".toml", ".json")]
    code, out, _ = cli("validate", str(root))
    assert code == 0 and out.strip() == f"all valid ({len(mine)} file(s) checked)", out
