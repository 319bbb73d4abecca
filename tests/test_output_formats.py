"""One output switch: ``--format text|json|csv`` on the commands that print match results — typed JSON with a
format name and version, CSV one row per record with a UTF-8 byte-order mark, progress and notes kept off
stdout so the output parses."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from amalogs.cli.output import records_csv, records_json

from .conftest import Cli


def _json(out: str) -> dict[str, object]:
    data = json.loads(out)
    assert isinstance(data, dict) and data["version"] == 1
    return data


def test_records_keep_their_types_and_csv_is_one_row_per_record() -> None:
    records = [{"WE": 4, "names": ["赤", "青"], "note": "=1+1", "none": None}, {"WE": 3, "names": [], "note": "x"}]
    data = json.loads(records_json("games", records))
    assert data["format"] == "amalogs-games" and data["records"][0]["WE"] == 4
    assert data["records"][0]["names"] == ["赤", "青"]
    text = records_csv(records)
    assert text.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert len(rows) == 2 and rows[0]["WE"] == "4" and rows[0]["names"] == "赤 / 青"
    assert rows[0]["note"] == "'=1+1"  # a formula is not run by a spreadsheet
    assert rows[0]["none"] == ""


def test_a_batch_summary_as_json_and_csv(cli: Cli) -> None:
    code, out, _ = cli("match", "BD", "GH", "-n", "6", "--jobs", "1", "--format", "json")
    assert code == 0
    data = _json(out)
    assert data["format"] == "amalogs-match-summary"
    record = data["records"][0]  # type: ignore[index]
    assert record["matches"] == 6 and record["wins1"] + record["wins2"] + record["draws"] == 6
    assert isinstance(record["average_turns"], float) and sum(record["endings"].values()) == 6
    code, out, _ = cli("match", "BD", "GH", "-n", "6", "--jobs", "1", "--format", "csv")
    assert code == 0 and out.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(out.lstrip("\ufeff"))))
    assert len(rows) == 1 and rows[0]["matches"] == "6" and rows[0]["wins1"] == str(record["wins1"])


def test_one_match_as_a_record_the_same_as_its_row(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("match", "SGK", "BJ", "--seed", "2", "--format", "json")
    assert code == 0
    record = _json(out)["records"][0]  # type: ignore[index]
    rows = tmp_path / "r.jsonl"
    code, _, _ = cli("match", "SGK", "BJ", "--seed", "2", "-n", "1", "--rows", str(rows), "--jobs", "1")
    assert code == 0
    assert json.loads(rows.read_text(encoding="utf-8").splitlines()[0]) == record


def test_notes_go_to_stderr_when_the_output_is_data(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    code, out, err = cli("match", "BD", "GH", "--seed", "1", "--log", str(log), "--format", "json")
    assert code == 0 and log.is_file()
    assert _json(out)["records"] and "wrote" in err


def test_a_human_cannot_play_with_data_output(cli: Cli) -> None:
    code, out, err = cli("match", "BD", "GH", "--p1", "human", "--format", "json")
    assert code == 1 and "human" in out + err


def test_a_tournament_and_a_balance_report_as_json_and_csv(cli: Cli, tmp_path: Path) -> None:
    rows = tmp_path / "t.csv"
    code, out, err = cli("tournament", "BD:red-aggro", "GH:tidelight-guardians", "-n", "2", "--jobs", "1",
                         "--rows", str(rows), "--format", "json")
    assert code == 0 and "wrote 4 rows" in err
    data = json.loads(out)
    assert data["format"] == "amalogs-balance" and data["version"] == 1
    code, out, _ = cli("balance", str(rows), "--format", "csv")
    assert code == 0 and out.startswith("\ufeff")
    table = list(csv.DictReader(io.StringIO(out.lstrip("\ufeff"))))
    games = [r for r in table if r["level"] == "game"]
    assert {(r["a"], r["b"]) for r in games} == {("build-divide", "guild-heroes"), ("guild-heroes", "build-divide")}
    assert sum(int(r["matches"]) for r in games) == 8


def test_deck_list_check_replay_and_resume_print_data(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("deck", "list", "BD", "--format", "json")
    data = _json(out)
    assert code == 0 and {r["ref"] for r in data["records"]} >= {"build-divide:red-aggro"}  # type: ignore[union-attr]
    assert all(isinstance(r["main_deck_cards"], int) for r in data["records"])  # type: ignore[union-attr]
    code, out, _ = cli("deck", "check", "BD:red-aggro", "--format", "json")
    data = _json(out)
    assert code == 0 and data["legal"] is True and data["records"] == []
    log, save = tmp_path / "m.jsonl", tmp_path / "m.json"
    assert cli("match", "BD", "GH", "--seed", "4", "--log", str(log), "--quiet")[0] == 0
    code, out, _ = cli("replay", str(log), "--format", "json")
    record = _json(out)["records"][0]  # type: ignore[index]
    assert code == 0 and record["identical"] is True and record["events"] > 10
    assert cli("match", "BD", "GH", "--seed", "4", "--save", str(save), "--stop-after", "20", "--quiet")[0] == 0
    code, out, err = cli("resume", str(save), "--format", "json")
    assert code == 0 and "resuming" in err
    whole = _json(cli("match", "BD", "GH", "--seed", "4", "--format", "json")[1])
    assert _json(out)["records"] == whole["records"]  # resumed, it ends as the uninterrupted match does
