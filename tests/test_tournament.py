"""Tournaments: every deck against every other, seat-swapped with paired seeds; rows written as they come, in
schedule order, resumed after an interruption; the same rows in one process, in several and on Dask."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee.sessions.runner import resolve_side, run_many
from amalogs.referee.sessions.tournament import (
    ROW_FIELDS,
    RowsFile,
    batch_rows,
    entries,
    read_rows,
    run_tournament,
    schedule,
    summary_of_rows,
)

from .conftest import Cli

DECKS = ["BD:red-aggro", "GH:tidelight-guardians", "SGK:hayama-midori"]


def test_every_ordered_pairing_gets_the_same_seeds_in_both_seatings() -> None:
    jobs = schedule(3, 4, 10, [("random", "random"), ("greedy", "greedy")])
    assert len(jobs) == 3 * 2 * 4 * 2
    seen = Counter((j.first, j.second, j.seed, j.players) for j in jobs)
    assert set(seen.values()) == {1}
    for j in jobs:
        assert (j.second, j.first, j.seed, j.players) in seen and j.first != j.second
    assert {j.seed for j in jobs} == {10, 11, 12, 13}


def test_entries_take_decks_games_and_deck_files(catalog: Catalog, tmp_path: Path) -> None:
    assert [e.ref for e in entries(catalog, ["GH"])] == ["guild-heroes:crimson-gale-adventurers",
                                                         "guild-heroes:tidelight-guardians"]
    everything = entries(catalog)
    assert len(everything) == sum(len(catalog.decks(g)) for g in catalog.games)
    deck = Path(__file__).parents[1] / "games" / "build-divide" / "decks" / "red-aggro.toml"
    mine = tmp_path / "mine.toml"
    mine.write_bytes(deck.read_bytes())
    chosen = entries(catalog, [str(mine), "GH:tidelight-guardians"])
    assert chosen[0].ref == str(mine) and chosen[0].side.game.id == "build-divide"
    with pytest.raises(AmalogsError, match="named twice"):
        entries(catalog, ["BD:red-aggro", "BD:red-aggro"])
    with pytest.raises(AmalogsError, match="at least two decks"):
        entries(catalog, ["BD:red-aggro"])
    with pytest.raises(AmalogsError, match="unknown game"):
        entries(catalog, ["NOPE", "BD"])


def test_rows_are_the_same_with_any_number_of_processes(catalog: Catalog) -> None:
    chosen = entries(catalog, DECKS)
    alone = run_tournament(catalog, chosen, 3, seed=5, jobs=1)
    split = run_tournament(catalog, chosen, 3, seed=5, jobs=2)
    assert alone == split and len(alone) == 18
    assert all(tuple(r) == ROW_FIELDS for r in alone)
    # a row says what the match was and how it went; the batch runner agrees on the same seeds
    pairing = [r for r in alone if r["deck1"] == "build-divide:red-aggro" and r["deck2"] == "guild-heroes:tidelight-guardians"]
    sides = (resolve_side(catalog, DECKS[0]), resolve_side(catalog, DECKS[1]))
    assert summary_of_rows(pairing) == run_many(catalog, sides, 5, ("random", "random"), 3)


def test_a_rows_file_is_resumed_and_ends_as_an_uninterrupted_one(catalog: Catalog, tmp_path: Path) -> None:
    chosen = entries(catalog, DECKS)
    for suffix in (".jsonl", ".csv"):
        whole, cut = tmp_path / f"whole{suffix}", tmp_path / f"cut{suffix}"
        run_tournament(catalog, chosen, 4, rows=whole, jobs=1)
        lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
        cut.write_text("".join(lines[:9]) + lines[9][:17], encoding="utf-8")  # killed while writing a line
        assert len(read_rows(cut)) == (9 if suffix == ".jsonl" else 8)  # (the CSV header is line 1)
        rows = run_tournament(catalog, chosen, 4, rows=cut, jobs=2)
        assert cut.read_bytes() == whole.read_bytes()
        assert rows == [r.model_dump() for r in read_rows(whole)]
        # the same file again: nothing left to play, nothing changes
        assert run_tournament(catalog, chosen, 4, rows=cut) == rows and cut.read_bytes() == whole.read_bytes()


def test_ctrl_c_while_a_batch_is_written_keeps_a_file_the_same_command_finishes(
        catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C can land inside the write of a batch of rows: the file then ends in part of the batch (maybe in
    half a line) and nothing of the batch is written again, so the resumed file is still the schedule's first
    rows and ends as an uninterrupted one."""
    chosen = entries(catalog, DECKS)
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    run_tournament(catalog, chosen, 4, rows=whole, jobs=1)
    real = RowsFile.append
    calls: list[int] = []

    def interrupted(self: RowsFile, rows: list[dict[str, Any]]) -> None:
        calls.append(len(rows))
        if len(calls) > 1:
            return real(self, rows)
        text = "".join(self.line(r) for r in rows)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(text[: len(text) // 2])
        raise KeyboardInterrupt

    monkeypatch.setattr(RowsFile, "append", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_tournament(catalog, chosen, 4, rows=cut, jobs=1)
    assert calls == [20]  # (the batch cut short is not appended again on the way out)
    monkeypatch.setattr(RowsFile, "append", real)
    assert 0 < len(read_rows(cut)) < 20
    assert run_tournament(catalog, chosen, 4, rows=cut, jobs=1) == [r.model_dump() for r in read_rows(whole)]
    assert cut.read_bytes() == whole.read_bytes()


def test_a_rows_file_of_another_tournament_is_refused_unless_forced(catalog: Catalog, tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    run_tournament(catalog, entries(catalog, DECKS), 1, rows=rows, jobs=1)
    before = rows.read_bytes()
    with pytest.raises(AmalogsError, match="another tournament"):
        run_tournament(catalog, entries(catalog, DECKS), 1, seed=2, rows=rows, jobs=1)
    assert rows.read_bytes() == before
    run_tournament(catalog, entries(catalog, DECKS), 1, seed=2, rows=rows, jobs=1, force=True)
    assert {r.seed for r in read_rows(rows)} == {2}


@pytest.mark.parametrize("line, message", [
    ("{", "line 2: not JSON"),
    ("[1]", "line 2: a row is a JSON object"),
    ('{"version": 2}', "line 2: rows format version 2 is not supported"),
    ('{"version": 1, "seed": "1"}', "line 2: seed"),
])
def test_a_damaged_row_is_named_by_its_line(catalog: Catalog, tmp_path: Path, line: str, message: str) -> None:
    rows = tmp_path / "rows.jsonl"
    run_tournament(catalog, entries(catalog, DECKS[:2]), 1, rows=rows, jobs=1)
    first = rows.read_text(encoding="utf-8").splitlines()[0]
    rows.write_text(first + "\n" + line + "\n", encoding="utf-8")
    with pytest.raises(AmalogsError, match=message) as err:
        read_rows(rows)
    assert str(rows) in str(err.value)


def test_a_batch_s_rows_match_its_summary(cli: Cli, catalog: Catalog, tmp_path: Path) -> None:
    rows = tmp_path / "batch.csv"
    code, out, _ = cli("match", "BD", "GH", "-n", "30", "--seed", "3", "--rows", str(rows), "--jobs", "2")
    assert code == 0
    plain = cli("match", "BD", "GH", "-n", "30", "--seed", "3", "--jobs", "1")[1]
    assert out.startswith(plain.rstrip("\n")) and f"wrote 30 rows to {rows}" in out
    sides = (resolve_side(catalog, "BD"), resolve_side(catalog, "GH"))
    assert [r.model_dump() for r in read_rows(rows)] == batch_rows(catalog, sides, 3, 30)
    assert cli("match", "BD", "GH", "--rows", str(tmp_path / "x.txt"))[0] == 1
    code, _, err = cli("match", "BD", "GH", "-n", "2", "--rows", str(tmp_path / "y.jsonl"), "--p1", "human")
    assert code == 1 and "human" in err


def test_the_command_plays_reports_and_refuses_bad_options(cli: Cli, tmp_path: Path) -> None:
    rows, md, png = tmp_path / "t.jsonl", tmp_path / "t.md", tmp_path / "t.png"
    code, out, err = cli("tournament", *DECKS, "-n", "2", "--rows", str(rows), "--report", str(md), "--report",
                         str(png), "--players", "random", "--players", "greedy")
    assert code == 0, err
    assert "3 decks, 6 ordered pairings × 2 seeds × 2 player setting(s) = 24 matches" in out
    assert "random players" in out and "greedy players" in out
    assert md.read_text(encoding="utf-8").startswith("# AMALOGS balance report") and png.read_bytes()[:4] == b"\x89PNG"
    assert "(t.png)" in md.read_text(encoding="utf-8")
    assert len(read_rows(rows)) == 24
    for bad, says in ((["--players", "nobody"], "unknown player"), (["--players", "human"], "human"),
                      (["--players", "a,b,c"], "--players"), (["--report", str(tmp_path / "r.txt")], "suffix"),
                      (["--scheduler", "carrier-pigeon"], "--scheduler")):
        code, _, err = cli("tournament", *DECKS, "-n", "1", *bad)
        assert code == 1 and says in err and "Traceback" not in err
    code, _, err = cli("tournament", *DECKS, "-n", "1", "--report", str(md))
    assert code == 1 and "--force" in err


def _ctrl_c_as_in_a_terminal() -> None:
    """In the child before it starts: Ctrl-C's default action, which a suite started in the background (``.ci/run &``
    from a shell without job control, nohup) would otherwise pass on as ignored, and Python leaves an ignored SIGINT
    ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_an_interrupted_tournament_goes_on_with_the_same_command(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) in the middle keeps the rows played; the same command finishes with the rows an
    uninterrupted run writes."""
    exe = [sys.executable, "-m", "amalogs"]
    args = ["tournament", "BD", "GH", "-n", "40", "--quiet", "--jobs", "1"]  # (long enough that Ctrl-C lands mid-run)
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    env = {**os.environ, "COLUMNS": "100"}
    subprocess.run([*exe, *args, "--rows", str(whole)], check=True, capture_output=True, env=env)
    proc = subprocess.Popen([*exe, *args, "--rows", str(cut)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, preexec_fn=_ctrl_c_as_in_a_terminal)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not cut.exists() or cut.read_bytes().count(b"\n") < 2):
        time.sleep(0.005)  # (the signal goes as soon as one row is written: a slow machine still has 79 to play)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err.decode() and "Traceback" not in err.decode()
    kept = len(read_rows(cut))
    assert 0 < kept < len(read_rows(whole))
    again = subprocess.run([*exe, *args, "--rows", str(cut)], capture_output=True, env=env)
    assert again.returncode == 0, again.stderr.decode()
    assert cut.read_bytes() == whole.read_bytes()


def test_a_dask_cluster_plays_the_same_rows(catalog: Catalog, tmp_path: Path) -> None:
    """A real LocalCluster with two worker processes, started by the tournament and, separately, by the test
    and named by its address (as an existing cluster is)."""
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    chosen = entries(catalog, DECKS)
    local = run_tournament(catalog, chosen, 2, jobs=1)
    on_dask = run_tournament(catalog, chosen, 2, jobs=2, scheduler="dask", rows=tmp_path / "dask.jsonl")
    assert on_dask == local
    assert [r.model_dump() for r in read_rows(tmp_path / "dask.jsonl")] == local
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        assert run_tournament(catalog, chosen, 2, jobs=2, scheduler=cluster.scheduler_address) == local
    with pytest.raises(AmalogsError, match="cannot reach the Dask scheduler"):
        run_tournament(catalog, chosen, 1, scheduler="tcp://127.0.0.1:9")


def test_rows_files_read_back_exactly(catalog: Catalog, tmp_path: Path) -> None:
    chosen = entries(catalog, DECKS[:2])
    rows = run_tournament(catalog, chosen, 2, rows=tmp_path / "a.csv", jobs=1)
    run_tournament(catalog, chosen, 2, rows=tmp_path / "a.jsonl", jobs=1)
    assert [r.model_dump() for r in read_rows(tmp_path / "a.csv")] == rows
    assert [json.loads(x) for x in (tmp_path / "a.jsonl").read_text(encoding="utf-8").splitlines()] == rows


def test_a_game_whose_abbreviation_has_a_slash_is_not_a_file(catalog: Catalog) -> None:
    assert resolve_side(catalog, "Z/X").game.id == "zx-zillions-of-enemy-x"
    assert entries(catalog, ["Z/X", "BD:red-aggro"])[0].side.game.id == "zx-zillions-of-enemy-x"
