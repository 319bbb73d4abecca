"""The data and comparison commands laid out for 80-, 100- and 160-column terminals, and their --format output.

A table's columns are read from its header rule: the house box (amalogs.report.overview.TABLE_BOX) underlines
each column separately, so ``─── ──────`` gives one run of ``─`` per column, its width including one cell of
padding on each side.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from rich.cells import cell_len

import amalogs

from .conftest import invoke

WIDTHS = (80, 100, 160)
MIN_COLUMN = 8
PADDING = 2

COMMANDS = {
    "ontology": ["ontology"],
    "games": ["games"],
    "compare": ["compare", "BD", "SGK"],
    "compare-all": ["compare", "BD", "SGK", "--all"],
    "compare-many": ["compare", "BD", "SGK", "GH", "MTG", "VG", "Z/X", "BJ", "--different"],
    "similarity": ["similarity"],
    "we": ["we", "BD"],
    "we-all": ["we"],
    "show": ["show", "BD"],
}


def run(*args: str) -> tuple[int, str, str]:
    """`amalogs ARGS` in-process: exit code, stdout, stderr."""
    result = invoke(list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def render(width: int, *args: str) -> str:
    code, out, err = run("--width", str(width), *args)
    assert code == 0, err
    return out


_FRAME = "│┃║"


def column_widths(out: str) -> list[list[int]]:
    """The column widths of every table in ``out``: one list per header rule (a line of ``─`` runs and spaces,
    inside a panel's frame or not)."""
    tables = []
    for line in out.splitlines():
        inner = line.strip().strip(_FRAME).strip()
        if inner and set(inner) <= {"─", "━", " "} and "─" in inner:
            tables.append([len(run) for run in re.findall("[─━]+", inner)])
    return tables


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_column_is_readable_and_nothing_is_cut(name: str, width: int) -> None:
    out = render(width, *COMMANDS[name])
    tables = column_widths(out)
    assert tables, f"no table found in `amalogs {' '.join(COMMANDS[name])}`"
    for columns in tables:
        assert min(columns) >= MIN_COLUMN + PADDING, (name, width, columns)
    for line in out.splitlines():
        assert cell_len(line.rstrip()) <= width, line
    assert "…" not in out  # no value cut short with an ellipsis


@pytest.mark.parametrize("width", WIDTHS)
def test_compare_leads_with_the_summary_in_a_screenful(width: int) -> None:
    out = render(width, "compare", "BD", "SGK")
    lines = out.splitlines()
    first = lines[:lines.index(next(line for line in lines if line.startswith("Term by term")))]
    assert len(first) <= 24  # the first screen: what is alike, what differs most, the systems at a glance
    assert lines[0].startswith("Similarity") and "Alike:" in out and "Differs most:" in out
    for measure in ("concept overlap", "turn structure", "system compatibility", "WE distance", "similarity"):
        assert measure in out
    for field in ("WE", "レンジ", "stat system", "damage system", "life system", "deck size", "phases",
                  "resource source", "starting life"):
        assert any(re.match(rf"\s*[=≠+] {re.escape(field)}\b", line) for line in lines), field
    assert "profile." not in out and "page." not in out  # readable labels, not dotted keys
    sim = next(line for line in lines if line.lstrip().startswith("similarity (1 − distance)"))
    assert float(sim.split()[-1]) == pytest.approx(amalogs.similarity("BD", "SGK").similarity, abs=0.001)


def test_compare_all_gives_every_field_with_readable_labels() -> None:
    out = render(160, "compare", "BD", "SGK", "--all")
    assert len(out.splitlines()) > 200
    for label in ("deck › main › min", "turn › hand limit", "page › we › we", "page › damage cleanup › timing"):
        assert label in out
    assert "profile.deck" not in out and "page.we" not in out
    different = render(80, "compare", "BD", "SGK", "--all", "--different")
    assert "≠ id" in different and "= deck › copy limit " not in different


def test_games_json_is_typed_and_csv_has_one_row_per_game() -> None:
    code, out, _ = run("games", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "amalogs-games" and data["version"] == 1
    bd = next(r for r in data["records"] if r["id"] == "build-divide")
    assert bd["WE"] == 3 and bd["レンジ"] == 2 and bd["deck min"] == 40 and bd["deck max"] == 50
    assert next(r for r in data["records"] if r["id"] == "break-joker")["stat"] is None
    code, out, _ = run("games", "--format", "csv")
    assert out.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))
    assert len(rows) == len(data["records"])
    assert {"id": "build-divide", "WE": "3", "レンジ": "2"}.items() <= rows[1].items()


def test_compare_json_and_csv_are_one_record_per_term() -> None:
    code, out, _ = run("compare", "BD", "SGK", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "amalogs-compare" and data["games"] == ["build-divide", "sengoku-taisen"]
    (pair,) = data["similarity"]
    assert pair["similarity"] == pytest.approx(1 - sum(pair["parts"].values()), abs=1e-5)
    terms = {r["term"]: r for r in data["records"]}
    assert terms["WE"]["build-divide"] == 3 and terms["WE"]["status"] == "same"
    assert terms["phases"]["build-divide"][:2] == ["開始", "ドロー"]  # lists stay lists
    code, out, _ = run("compare", "BD", "SGK", "--all", "--format", "csv")
    assert out.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff"))))
    assert rows[0] == ["family", "term", "en", "status", "build-divide", "sengoku-taisen", "key"]
    hand = next(r for r in rows if r[-1] == "profile.turn.hand_limit")
    assert hand == ["field", "turn › hand limit", "turn › hand limit", "different", "5", "7", "profile.turn.hand_limit"]


def test_similarity_formats_and_the_deprecated_json_switch() -> None:
    code, out, _ = run("similarity", "--format", "json")
    data = json.loads(out)
    assert data["format"] == "amalogs-similarity" and data["nearest"]["build-divide"]["game"] == "duel-masters"
    n = len(data["games"])
    assert len(data["records"]) == n * (n - 1) // 2
    code, out, _ = run("similarity", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))
    bd_sgk = next(r for r in rows if {r["a"], r["b"]} == {"build-divide", "sengoku-taisen"})
    assert float(bd_sgk["similarity"]) == pytest.approx(amalogs.similarity("BD", "SGK").similarity, abs=0.001)
    code, old, _ = run("similarity", "--json")  # hidden, kept for old scripts
    assert code == 0 and json.loads(old)["similarity"] == data["similarity"]
    code, out, _ = run("similarity", "--help")
    assert "--json" not in out


def test_we_show_ontology_and_validate_formats() -> None:
    code, out, _ = run("we", "BD", "--format", "json")
    (record,) = json.loads(out)["records"]
    assert record["WE"] == 3 and record["レンジ"] == 2 and record["reasons"][0]["leads to"] == "go on"
    code, out, _ = run("we", "--format", "csv")
    assert len(list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))) >= 7
    code, out, _ = run("show", "BD", "--format", "json")
    (page,) = json.loads(out)["records"]
    assert page["略称"] == "BD" and page["sections"][0]["ja"] == "略称"
    code, _, err = run("show", "BD", "--format", "csv")
    assert code == 1 and err.strip() == "amalogs: --format csv: `amalogs show` prints no table of records; use text or json"
    code, out, _ = run("ontology", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))
    assert {"section": "families", "term": "キャラ科", "en": "Character family"}.items() <= rows[0].items()
    code, out, _ = run("validate", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["valid"] is True and data["checked"] > 0 and data["records"] == []


def test_help_names_arguments_without_python_types() -> None:
    for command in (["games"], ["show"], ["we"], ["ontology"], ["validate"], ["schema"], ["compare"],
                    ["similarity"], ["table"], ["graph"], ["report"]):
        code, out, _ = run(*command, "--help")
        assert code == 0
        assert not re.search(r"<(str|int|path|list\[[^\]]*\]|Path)>", out), (command, out)
        assert "Examples:" in out
