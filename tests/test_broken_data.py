"""Every deliberately broken data file fails `amalogs validate` with one line naming the file and key."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from amalogs.catalog import validate_paths

from .conftest import BROKEN, Cli

EXPECTED: dict[str, str] = {
    "games/bad-count-range/game.toml": "deck.main: min (60) is greater than max (40)",
    "games/bad-slug/game.toml": "card_types[0].id: 'Big Creature' is not a valid id: use lower-case ASCII letters, "
    "digits and hyphens",
    "games/bad-type/game.toml": "setup.starting_hand: expected an integer, got 'five' (str)",
    "games/bad-zone-reference/game.toml": "life.zone: unknown zone 'shields-zone' (known: battle-zone, deck, "
    "graveyard, hand, mana-zone, shield-zone)",
    "games/duplicate-zone/game.toml": "zones: duplicate id 'hand'",
    "games/id-mismatch/game.toml": "id: 'duel-master' does not match its folder name 'id-mismatch'",
    "games/invalid-toml/game.toml": "invalid TOML: Invalid value (at line 19, column 14)",
    "games/missing-key/game.toml": "life: missing required key",
    "games/unknown-key/game.toml": "turn.hand_limt: unknown key; did you mean 'hand_limit'?",
    "games/unknown-phase-kind/game.toml": "turn.phases[1].kind: unknown term 'ドロウ'; did you mean 'ドロー'? "
    "(expected one of: 開始, ドロー, 資源, メイン, 戦闘, 終了)",
    "games/wrong-encoding/game.toml": "not UTF-8 text (byte 0x83 at offset 147); save it as UTF-8",
    "mappings/bad-ratio.toml": "adjust[0].ratio: expected a ratio such as '1/1000', '1/10' or '1', "
    "got 'one thousandth'",
    "mappings/invalid-json.json": "invalid JSON: Expecting ',' delimiter (line 2, column 18)",
    "mappings/json-not-object.json": "expected a JSON object at the top, got list",
    "mappings/none-without-note.toml": "unified_keywords[2]: no counterpart given: add a 'note' saying why this "
    "has none",
    "mappings/range-mismatch.toml": "we.range: レンジ must be 5 − WE = 2 for WE3, not 3",
    "mappings/two-damage-systems.toml": "keyword_rules: needs exactly one damage system (SPS or DDS), found 2",
    "mappings/unknown-game.toml": "game: no game profile with id 'build-devide' (known: break-joker, "
    "build-divide, cardfight-vanguard, duel-masters, guild-heroes, magic-the-gathering, pokemon-card-game, sengoku-taisen, "
    "zx-zillions-of-enemy-x)",
    "mappings/unknown-genus.toml": "card_types[1].genus: unknown term 'エースキャラクター'; did you mean 'エースキャラ'?",
    "mappings/unknown-native.toml": "card_types[3].native: unknown native card type 'spell' (known: ace-unit, "
    "command, territory, unit)",
    "mappings/unmapped-keyword.toml": "unified_keywords: native keyword 'decoy' (デコイ) is not mapped: add an entry "
    "for it, or one with a note saying it has no counterpart",
    "mappings/utf16-page.toml": "not UTF-8 text (byte 0xff at offset 0); save it as UTF-8",
    "mappings/we-mismatch.toml": "we.we: declares WE2 but the appraisal gives WE3 (resources build up without "
    "searching: automatic every turn, or most cards can be one); correct it or add [we.override] with a reason",
}


def test_the_corpus_has_at_least_fifteen_broken_files_and_all_are_listed() -> None:
    files = {p.relative_to(BROKEN).as_posix() for p in BROKEN.rglob("*") if p.is_file()}
    assert files == set(EXPECTED)
    assert len(files) >= 15


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_validate_names_the_file_and_key_in_one_line(cli: Cli, name: str) -> None:
    path = BROKEN / name
    code, out, err = cli("validate", str(path))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 1, out
    assert lines[0].startswith(f"{path}: ")
    assert EXPECTED[name] in lines[0]
    assert "Traceback" not in out + err


def test_validating_the_whole_broken_folder_reports_each_file_once() -> None:
    _, errors = validate_paths([BROKEN])
    reported = sorted({e.file.relative_to(BROKEN.resolve()).as_posix() for e in errors})
    # Pages in the folder all claim build-divide, so as a data root they also collide with each other;
    # every file is still named.
    assert set(reported) == set(EXPECTED)


def test_the_installed_command_prints_no_traceback(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "amalogs", "validate", str(BROKEN / "games/wrong-encoding/game.toml")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert "wrong-encoding/game.toml: not UTF-8 text" in result.stdout


def test_a_broken_user_root_leaves_its_bad_games_out_and_the_others_work(cli: Cli) -> None:
    # Every input is untrusted: each bad game is reported once, in one line naming a file and key, and left
    # out; the shipped games still load and the command runs.
    code, out, err = cli("--data-root", str(BROKEN), "games", "--format", "json")
    assert code == 0, err
    assert "build-divide" in out and "break-joker" in out
    lines = err.strip().splitlines()
    assert all(line.startswith("amalogs: left out game ") for line in lines), err
    reported = {line.split(": ", 3)[2] for line in lines}  # the file each line names first
    assert len(reported) == len(lines)  # once each
    for name in EXPECTED:
        if name.startswith("games/"):
            assert any(str(BROKEN / name) in line for line in lines), name
    assert "Traceback" not in out + err
