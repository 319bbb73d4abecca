"""`amalogs report`: the committed reports are current (checked by `amalogs report --check` as CI used to run it
on its own, now once, inside the suite), and --check notices stale or missing files."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from amalogs.catalog import Catalog
from amalogs.report.generate import build_reports, check_reports

from .conftest import Cli

REPORTS = Path(__file__).resolve().parents[1] / "reports"


def test_the_reports_hold_what_people_look_for(catalog: Catalog) -> None:
    report = build_reports(catalog)
    for rel in ("comparison.md", "comparison.html", "comparison.csv", "comparison.json", "similarity.md",
                "similarity.html", "README.md", "index.html", "atlas.graphml"):
        assert rel in report.texts
    assert {"atlas.png", "similarity.png"} <= set(report.pictures)
    for game in catalog.games:
        assert f"games/{game}.md" in report.texts and f"games/{game}.png" in report.pictures
    assert "![similarity heatmap](similarity.png)" in report.texts["similarity.md"]
    assert "<img" in report.texts["similarity.html"]


def test_check_notices_a_stale_text_a_missing_file_and_changed_picture_data(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from amalogs.report import balance_reports

    # the balance report's own check (its tournaments played again, ~15 s) runs in test_report_check_command
    monkeypatch.setattr(balance_reports, "check_balance", lambda catalog, out: [])
    copy = tmp_path / "reports"
    shutil.copytree(REPORTS, copy)
    (copy / "comparison.md").write_text("old\n", encoding="utf-8")
    (copy / "games" / "build-divide.html").unlink()
    manifest = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    manifest["pictures"]["atlas.png"] = "0" * 64
    (copy / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    stale = check_reports(catalog, copy)
    assert f"{copy / 'comparison.md'}: out of date" in stale
    assert f"{copy / 'games' / 'build-divide.html'}: missing" in stale
    assert f"{copy / 'atlas.png'}: drawn from data that has changed" in stale
    assert len(stale) == 3


def test_report_check_command() -> None:
    """The committed reports are current: `amalogs report --check` run as a command of its own, as a user runs it
    (the balance replay then starts from a fresh process; that a second catalog in one process plays the same
    matches is tested in test_conformance.py)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "amalogs", "report", "--check", "--out", str(REPORTS)],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "120"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "are current" in done.stdout


@pytest.mark.parametrize("fmt", ["graphml", "json", "dot", "gexf"])
def test_graph_command_exports(cli: Cli, fmt: str, tmp_path: Path) -> None:
    out_file = tmp_path / f"bd.{fmt}"
    code, _, err = cli("graph", "BD", "--format", fmt, "--out", str(out_file))
    assert code == 0, err
    assert "build-divide" in out_file.read_text(encoding="utf-8")


def test_graph_png_needs_an_out_file(cli: Cli) -> None:
    code, _, err = cli("graph", "--format", "png")
    assert code == 1 and "needs --out" in err


def test_a_fifth_game_is_in_the_atlas(cli: Cli) -> None:
    from .conftest import USER_ROOT

    code, out, _ = cli("--data-root", str(USER_ROOT), "graph", "--format", "json")
    assert code == 0
    nodes = {n["id"] for n in json.loads(out)["nodes"]}
    assert "duel-masters" in nodes and "duel-masters:keyword:shield-trigger" in nodes
