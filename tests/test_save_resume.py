"""Saving a match and resuming it: the resumed match is the uninterrupted one; damaged files are refused."""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

import pytest

from amalogs.catalog import load_catalog
from amalogs.referee.sessions.runner import play_match, resolve_side
from amalogs.referee.sessions.saves import SaveError, Session, load_session

from .conftest import Cli, sampled

PAIRINGS = [(a, b) for a in load_catalog().games for b in load_catalog().games]  # every game the referee plays
PLAYERS = [("random", "random"), ("greedy", "random"), ("random", "greedy")]


@pytest.mark.parametrize("pairing", PAIRINGS, ids=lambda p: f"{p[0]}-vs-{p[1]}")
def test_resuming_at_a_random_point_gives_the_uninterrupted_match(pairing: tuple[str, str], tmp_path: Path) -> None:
    catalog = load_catalog()
    pick = random.Random(zlib.crc32("-".join(pairing).encode()))
    for seed in sampled(range(12), 4, f"resume {pairing}"):  # every seed in the full run (conftest.sampled)
        decks = [sorted(catalog.decks(g)) for g in pairing]
        sides = (resolve_side(catalog, f"{pairing[0]}:{pick.choice(decks[0])}"),
                 resolve_side(catalog, f"{pairing[1]}:{pick.choice(decks[1])}"))
        players = PLAYERS[seed % len(PLAYERS)]
        whole = play_match(catalog, sides, seed, players, turn_cap=30)
        stop = pick.randrange(whole.decisions + 1)
        first = Session(catalog, sides, seed, players, turn_cap=30)
        first.run(stop_after=stop)
        path = tmp_path / f"{seed}.json"
        first.save(path)
        resumed = load_session(catalog, path)
        assert resumed.actions == first.actions and len(resumed.actions) == stop
        resumed.run()
        assert resumed.match.outcome == whole.outcome
        assert resumed.match.state.events == whole.events


def _saved(tmp_path: Path, stop: int = 40) -> Path:
    catalog = load_catalog()
    sides = (resolve_side(catalog, "BD:red-aggro"), resolve_side(catalog, "GH"))
    session = Session(catalog, sides, 7, ("greedy", "random"))
    session.run(stop_after=stop)
    path = tmp_path / "match.json"
    session.save(path)
    return path


def _edit(path: Path, change: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(("damage", "message"), [
    (lambda p: p.write_text(p.read_text(encoding="utf-8")[:200], encoding="utf-8"), "not a complete save file"),
    (lambda p: p.write_text("[1, 2, 3]", encoding="utf-8"), "not an amalogs save file"),
    (lambda p: p.write_bytes(b"\xff\xfe\x00garbage"), "not a readable save file"),
    (lambda p: _edit(p, lambda d: d.update(version=99)), "save format version 99"),
    (lambda p: _edit(p, lambda d: d.update(seed="seven")), "seed: expected an integer, got 'seven'"),
    (lambda p: _edit(p, lambda d: d.update(extra=1)), "extra: unknown key (allowed: type, version"),
    (lambda p: _edit(p, lambda d: d["actions"].__setitem__(10, "play 9999")), "actions.10: the saved decision"),
    (lambda p: _edit(p, lambda d: d["actions"].append("pass")), "actions.40: the saved decision 'pass'"),
    (lambda p: _edit(p, lambda d: d.update(events=3)), "the replayed match does not give the saved events"),
    (lambda p: _edit(p, lambda d: d.update(digest="0" * 64)), "the replayed match does not give the saved events"),
    (lambda p: _edit(p, lambda d: d.update(games=["build-divide", "no-such-game"])), "no-such-game"),
    (lambda p: _edit(p, lambda d: d.update(players=["random", "psychic"])), "unknown player 'psychic'"),
])
def test_a_damaged_save_gets_one_line_and_is_left_as_it_was(damage: object, message: str, tmp_path: Path,
                                                          cli: Cli) -> None:
    path = _saved(tmp_path)
    damage(path)  # type: ignore[operator]
    before = path.read_bytes()
    with pytest.raises(SaveError, match="match.json: ") as caught:
        load_session(load_catalog(), path)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    code, out, err = cli("resume", str(path))
    assert code == 1 and err.startswith("amalogs: ") and message in err and err.count("\n") == 1
    assert path.read_bytes() == before


def test_match_save_and_resume_from_the_command_line_give_the_same_log(cli: Cli, tmp_path: Path) -> None:
    whole, part, save = tmp_path / "whole.jsonl", tmp_path / "part.jsonl", tmp_path / "m.json"
    args = ["match", "BD:red-aggro", "GH", "--seed", "7", "--p1", "greedy", "--quiet"]
    assert cli(*args, "--log", str(whole))[0] == 0
    code, out, _ = cli(*args, "--save", str(save), "--stop-after", "30")
    assert code == 0 and "stopped after 30 decisions" in out and "Result" not in out
    assert len(json.loads(save.read_text(encoding="utf-8"))["actions"]) == 30
    code, out, _ = cli("resume", str(save), "--stop-after", "5")  # stop again: saved to the same file
    assert code == 0 and "stopped after 35 decisions" in out
    code, out, _ = cli("resume", str(save), "--log", str(part))
    assert code == 0 and "resuming" in out and "Result" in out
    assert part.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


def test_ctrl_c_during_a_match_saves_it_and_resume_finishes_it(cli: Cli, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    whole, part, save = tmp_path / "whole.jsonl", tmp_path / "part.jsonl", tmp_path / "m.json"
    args = ["match", "GH", "BD:black-eclipse", "--seed", "3", "--quiet"]
    assert cli(*args, "--log", str(whole))[0] == 0
    real_step = Session.step
    taken = []

    def step_then_interrupt(self: Session, action: object = None) -> None:
        if len(taken) == 25:
            raise KeyboardInterrupt
        taken.append(1)
        real_step(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "step", step_then_interrupt)
    code, _, err = cli(*args, "--save", str(save))
    assert code == 130 and f"saved the match so far to {save}" in err and "Traceback" not in err
    monkeypatch.setattr(Session, "step", real_step)
    assert len(json.loads(save.read_text(encoding="utf-8"))["actions"]) == 25
    assert cli("resume", str(save), "--quiet", "--log", str(part))[0] == 0
    assert part.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


def test_ctrl_c_without_save_writes_next_to_where_the_user_is(cli: Cli, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)

    def interrupt(self: Session, action: object = None) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Session, "step", interrupt)
    code, _, err = cli("match", "BD", "BD", "--seed", "5", "--quiet")
    assert code == 130 and (tmp_path / "match-5.amalogs-save.json").exists()
    assert "amalogs resume match-5.amalogs-save.json" in err


def test_save_needs_a_single_match(cli: Cli, tmp_path: Path) -> None:
    code, _, err = cli("match", "BD", "BD", "-n", "3", "--save", str(tmp_path / "x.json"))
    assert code == 1 and "one match at a time" in err


def test_any_error_inside_a_match_leaves_a_save_that_resumes(cli: Cli, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected error half way through a decision (events already emitted, the decision not recorded):
    the decisions before it are saved, with the events they give, and `resume` finishes the same match."""
    from amalogs.referee.engine.match import Match

    whole, part, save = tmp_path / "whole.jsonl", tmp_path / "part.jsonl", tmp_path / "m.json"
    args = ["match", "SGK", "GH", "--seed", "4", "--quiet"]
    assert cli(*args, "--log", str(whole))[0] == 0
    real_apply = Match.apply_action
    calls = []

    def apply_then_fail(self: Match, action: object) -> None:
        real_apply(self, action)  # type: ignore[arg-type]
        calls.append(1)
        if len(calls) == 30:
            raise RuntimeError("a fault inside the referee")

    monkeypatch.setattr(Match, "apply_action", apply_then_fail)
    code, _, err = cli(*args, "--save", str(save))
    monkeypatch.setattr(Match, "apply_action", real_apply)
    assert code == 1 and "RuntimeError: a fault inside the referee" in err and f"saved to {save}" in err
    assert "Traceback" not in err
    assert len(json.loads(save.read_text(encoding="utf-8"))["actions"]) == 29
    assert cli("resume", str(save), "--quiet", "--log", str(part))[0] == 0
    assert part.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


def test_an_answer_that_is_not_understood_is_asked_again_and_the_match_saved(tmp_path: Path) -> None:
    """The issue's own case, as a person types it: ① is not understood, the question comes again, and the end
    of input saves the match, which resumes."""
    import subprocess
    import sys

    save = tmp_path / "lost.json"
    run = subprocess.run([sys.executable, "-m", "amalogs", "match", "SGK", "GH", "--seed", "4", "--p1", "human",
                          "--save", str(save)], input="1\n2\n1\n①\n", capture_output=True, text=True, timeout=120,
                         cwd=tmp_path)
    assert "'①' is not understood" in run.stdout, run.stdout[-2000:]
    assert run.stdout.count("your choice") > run.stdout.count("'①' is not understood") >= 1
    assert run.returncode == 130 and "internal error" not in run.stderr and "Traceback" not in run.stderr
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["players"][0] == "human" and saved["actions"]
    resumed = subprocess.run([sys.executable, "-m", "amalogs", "resume", str(save), "--quiet"], input="",
                             capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert resumed.returncode == 130 and "your choice" in resumed.stdout  # replays, asks again: input ends
    assert json.loads(save.read_text(encoding="utf-8"))["actions"] == saved["actions"]


def test_checking_a_save_can_be_given_a_time_limit(tmp_path: Path) -> None:
    """A server opening an uploaded save limits how long its AI players may take to decide the saved decisions
    again (a search player's are slow); over the limit the save is refused in one line, under it it opens."""
    catalog = load_catalog()
    sides = (resolve_side(catalog, "BD"), resolve_side(catalog, "GH"))
    session = Session(catalog, sides, 3, ("search:8", "random"))
    for _ in range(12):
        session.step()
    save = tmp_path / "s.json"
    session.save(save)
    with pytest.raises(SaveError, match=r"took over 0 s \(at decision \d+ of 12\): not opened"):
        load_session(catalog, save, seconds=0.0)
    again = load_session(catalog, save, seconds=60.0)
    assert again.actions == session.actions
