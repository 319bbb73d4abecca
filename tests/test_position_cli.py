"""`amalogs position` and `amalogs match --from / --check` as a user runs them."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from .conftest import Cli

RULING = """
step = "attack"
[[seats]]
game = "BD"
field = ["archive-guardian-golem"]
hand = ["spark-imp"]
[[seats]]
game = "GH"
defence-area = [{ card = "silver-paladin", rested = true }]
hand = ["fire-bolt", "torrent"]
fort-area = ["tailwind", "fire-mana"]
"""


def _ruling(tmp_path: Path) -> Path:
    path = tmp_path / "ruling.toml"
    path.write_text(RULING, encoding="utf-8")
    return path


def test_a_position_shows_both_sides_and_numbered_legal_actions(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("position", str(_ruling(tmp_path)))
    assert code == 0
    assert "seat 0 ビルディバイド -ブライト- — host" in out and "seat 1 ギルドヒーローズ" in out
    assert "#1 蒼の書庫の守護像 8000/2" in out and "(rested)" in out  # numbered in zone order: the hand first
    assert "1) attack 1 unit 4" in out and "attack 1 player" not in out  # the paladin's lure must be the target
    assert "2) end-attacks" in out
    assert "フォート置き場 (fort-area)" in out  # the judge sees the forts


def test_do_carries_out_actions_and_prints_the_events(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("position", str(_ruling(tmp_path)), "--do", "attack archive-guardian-golem unit silver-paladin",
                       "--do", "1")
    assert code == 0
    assert "battle:" in out and "is destroyed" in out
    code, _, err = cli("position", str(_ruling(tmp_path)), "--do", "block 3")
    assert code == 1 and "--do 'block 3'" in err and "may only" in err and "\n" not in err.strip()


def test_as_a_seat_hides_what_it_may_not_see(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("position", str(_ruling(tmp_path)), "--as", "0")
    assert code == 0 and "as seen by seat 0" in out
    assert "2 card(s), hidden" in out  # the opponent's hand and forts
    assert "スパーク" not in out or "#1" in out
    code, out, _ = cli("position", str(_ruling(tmp_path)), "--as", "0", "--format", "json")
    data = json.loads(out)
    assert "position" not in data and data["observation"]["seats"][1]["hand"] == 2


def test_json_gives_a_position_that_loads_back(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("position", str(_ruling(tmp_path)), "--do", "1", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"legal", "events", "position", "outcome"} and data["outcome"] is None
    assert any(e["type"] == "attack" for e in data["events"])
    again = tmp_path / "again.json"
    again.write_text(json.dumps(data["position"]), encoding="utf-8")
    code, out2, _ = cli("position", str(again), "--format", "json")
    assert json.loads(out2)["position"] == data["position"] and json.loads(out2)["legal"] == data["legal"]


def test_out_writes_the_resulting_position(cli: Cli, tmp_path: Path) -> None:
    out_file = tmp_path / "next.toml"
    code, out, _ = cli("position", str(_ruling(tmp_path)), "--do", "end-attacks", "--out", str(out_file))
    assert code == 0 and f"wrote {out_file}" in out
    written = tomllib.loads(out_file.read_text(encoding="utf-8"))
    assert written["format"] == "amalogs-position" and written["version"] == 1 and written["active"] == 1


def test_positions_from_a_log_and_from_a_save(cli: Cli, tmp_path: Path) -> None:
    log, save = tmp_path / "m.jsonl", tmp_path / "m.json"
    assert cli("match", "BD", "GH", "--seed", "5", "--quiet", "--log", str(log))[0] == 0
    events = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()[1:]]
    seq = next(e["seq"] for e in events if e["type"] == "attack")
    code, out, _ = cli("position", "--from-log", str(log), "--at", str(seq), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["position"]["turn"] == next(e["turn"] for e in events if e["seq"] == seq)
    assert data["legal"]
    code, _, err = cli("position", "--from-log", str(log), "--at", str(len(events) + 5))
    assert code == 1 and "--at" in err
    assert cli("match", "BD", "GH", "--seed", "5", "--quiet", "--save", str(save), "--stop-after", "30")[0] == 0
    code, out, _ = cli("position", "--from-save", str(save), "--format", "json")
    assert code == 0 and json.loads(out)["legal"]


def test_match_plays_on_from_a_position_and_checks_invariants(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("match", "--from", str(_ruling(tmp_path)), "--quiet", "--check")
    assert code == 0 and "Result" in out
    code, out, _ = cli("match", "--from", str(_ruling(tmp_path)), "-n", "10", "--p1", "greedy", "--check")
    assert code == 0 and "10 matches" in out
    code, _, err = cli("match", "--from", str(_ruling(tmp_path)), "BD")
    assert code == 1 and "give no decks" in err


def test_a_bad_position_file_is_one_line(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(RULING.replace('"silver-paladin"', '"silver-paladim"'), encoding="utf-8")
    code, _, err = cli("position", str(path))
    assert code == 1 and "seats[1].defence-area[0]: no card 'silver-paladim'" in err and "did you mean" in err
    path.write_text("step = [", encoding="utf-8")
    code, _, err = cli("position", str(path))
    assert code == 1 and "invalid TOML" in err and err.count("\n") == 1
