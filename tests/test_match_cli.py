"""`amalogs match` and `amalogs replay` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Cli


def test_a_match_prints_a_play_by_play_and_a_result(cli: Cli) -> None:
    code, out, _ = cli("match", "BD:red-aggro", "BD:black-eclipse", "--seed", "4")
    assert code == 0
    assert "Turn 1 — P" in out and "attacks with" in out and "reveals" in out
    assert "Result" in out and ("Winner: P" in out or "Draw" in out)


def test_quiet_prints_only_the_result(cli: Cli) -> None:
    code, out, _ = cli("match", "BD", "BD", "--seed", "4", "--quiet")
    assert code == 0 and "Turn 1" not in out and "Result" in out


def test_many_matches_are_summarised(cli: Cli) -> None:
    code, out, _ = cli("match", "BD", "BD", "-n", "20", "--seed", "1")
    assert code == 0 and "20 matches" in out and "average turns" in out


def test_the_log_replays_identically_and_a_changed_log_is_caught(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    code, out, _ = cli("match", "BD:red-aggro", "BD:blue-white-control", "--seed", "7", "--quiet", "--log", str(log))
    assert code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["type"] == "header"
    assert json.loads(lines[-1])["type"] == "seal"  # the last line seals the header
    assert [json.loads(x)["seq"] for x in lines[1:-1]] == list(range(len(lines) - 2))
    code, out, _ = cli("replay", str(log))
    assert code == 0 and f"all {len(lines) - 2} events replayed identically" in out
    event = json.loads(lines[5])
    event["turn"] = 99
    lines[5] = json.dumps(event, ensure_ascii=False)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = cli("replay", str(log))
    assert code == 1 and "event 4 differs" in out


def test_a_broken_log_is_one_line(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text("{not json\n", encoding="utf-8")
    code, _, err = cli("replay", str(log))
    assert code == 1 and len(err.strip().splitlines()) == 1 and "not a readable match log" in err


def test_a_game_the_referee_cannot_play_yet_is_one_line(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from amalogs.referee.engine import registry

    monkeypatch.delitem(registry.MODULES, "sengoku-taisen")  # as if the referee had no module for it …
    monkeypatch.setattr(registry, "_FALLBACK", [])  # … and could not play a game from its data
    code, _, err = cli("match", "BD", "SGK")
    assert code == 1 and "the referee cannot play 戦国大戦TCG yet" in err and len(err.strip().splitlines()) == 1


def test_a_cross_game_match(cli: Cli) -> None:
    code, out, _ = cli("match", "BD:red-aggro", "GH:tidelight-guardians", "--seed", "2")
    assert code == 0 and "Result" in out and ("fort" in out or "reveals" in out)


def test_a_deck_file_plays_saves_and_replays(cli: Cli, tmp_path: Path) -> None:
    """A converted deck is a deck like any other: matches, saves, logs and rows name its file."""
    deck = tmp_path / "red-aggro-bj.toml"
    assert cli("convert-deck", "BD:red-aggro", "--to", "BJ", "--out", str(deck))[0] == 0
    log, save = tmp_path / "m.jsonl", tmp_path / "m.json"
    code, out, err = cli("match", str(deck), "BD:red-aggro", "--seed", "4", "--quiet", "--log", str(log),
                         "--save", str(save))
    assert code == 0, err
    assert cli("replay", str(log))[0] == 0
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["decks"][0] == str(deck)
    code, out, _ = cli("resume", str(save), "--quiet")
    assert code == 0
    code, _, err = cli("match", f"GH:{deck}", "GH")
    assert code == 1 and "a deck of break-joker, not of guild-heroes" in err
