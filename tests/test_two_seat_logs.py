"""Two-seat matches give the same logs as before the engine took more than two seats: the logs of
``tests/data/two_seat_logs.json`` (recorded at the commit it names, with ``amalogs match --log``) are played again
with today's engine through the same command, and each log's sha256 must be the one recorded. A log whose
entry says ``rerecorded`` was recorded again after the rule fix it names (the fix changed what the match does).

The recorded logs are of log format version 1; today's logs are of version 2, which differs only in the header's
``version`` and a last line, the seal (``amalogs.referee.sessions.runner``). A log is compared as version 1 wrote
it: its header with ``"version": 1`` and without the seal line; every event line is compared byte for byte."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import DATA, Cli

RECORDED: dict[str, Any] = json.loads((DATA / "two_seat_logs.json").read_text(encoding="utf-8"))


def _digest(path: Path) -> tuple[str, int]:
    """A log's sha256 as log format version 1 wrote it, and its number of events (the lines after the header)."""
    lines = path.read_bytes().splitlines(keepends=True)
    head, events, seal = json.loads(lines[0]), lines[1:-1], json.loads(lines[-1])
    assert head["version"] == 2 and seal["type"] == "seal"
    head["version"] = 1
    data = (json.dumps(head, ensure_ascii=False) + "\n").encode("utf-8") + b"".join(events)
    return hashlib.sha256(data).hexdigest(), len(events)


def test_the_recording_covers_sixteen_pairings_of_four_games() -> None:
    logs = RECORDED["logs"]
    assert RECORDED["recorded_at"]["commit"] and RECORDED["command"]
    assert len({(r["first"], r["second"]) for r in logs}) == 16
    assert {r["first"] for r in logs} == {"BD", "GH", "SGK", "BJ"} == {r["second"] for r in logs}
    assert len({(r["first"], r["second"], r["seed"], *r["players"]) for r in logs}) == len(logs)
    assert {tuple(r["players"]) for r in logs} == {("random", "random"), ("greedy", "greedy")}
    assert all(len(r["rerecorded"]) > 40 for r in logs if "rerecorded" in r)  # (a rule fix, named)


def test_two_seat_logs_are_the_same_as_before_the_n_seat_engine(cli: Cli, tmp_path: Path) -> None:
    assert RECORDED["turn_cap"] == 60  # the command's default
    differ: list[str] = []
    for k, want in enumerate(RECORDED["logs"]):
        log = tmp_path / f"{k}.jsonl"
        p1, p2 = want["players"]
        name = f"{want['first']} v {want['second']} seed {want['seed']} ({p1} v {p2})"
        code, _, err = cli("match", want["first"], want["second"], "--seed", str(want["seed"]), "--p1", p1,
                           "--p2", p2, "--quiet", "--log", str(log))
        assert code == 0, f"{name}: {err}"
        head = json.loads(log.read_text(encoding="utf-8").partition("\n")[0])
        digest, events = _digest(log)
        if (digest, events) != (want["sha256"], want["events"]) or head["decks"] != want["decks"]:
            differ.append(f"{name}: {events} events, sha256 "
                          f"{digest[:12]}…, decks {head['decks']} (recorded: {want['events']} events, "
                          f"{want['sha256'][:12]}…, decks {want['decks']})")
    assert not differ, "two-seat logs changed:\n" + "\n".join(differ)


@pytest.mark.parametrize("pairing", [("BD", "GH"), ("SGK", "BJ")])
def test_a_logged_batch_writes_the_same_logs(cli: Cli, tmp_path: Path, pairing: tuple[str, str]) -> None:
    # `amalogs match A B -n 3 --log out.jsonl` writes out-1 … out-3 (seeds 1–3) by another path (play_match)
    first, second = pairing
    code, _, err = cli("match", first, second, "--seed", "1", "-n", "3", "--log", str(tmp_path / "out.jsonl"))
    assert code == 0, err
    for want in (r for r in RECORDED["logs"] if (r["first"], r["second"]) == pairing and r["players"][0] == "random"):
        got = _digest(tmp_path / f"out-{want['seed']}.jsonl")
        assert got == (want["sha256"], want["events"]), f"{first} v {second} seed {want['seed']} (-n 3): {got}"
