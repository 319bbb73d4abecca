"""Damaged saves, logs and typed answers (hypothesis): each is refused with one line naming the file, or works —
never another exception, never a hang — through the library and through the commands a user runs
(`amalogs resume`, `amalogs replay`, a person's answers in a match).

The number of cases per test is modest so CI stays fast; set AMALOGS_FUZZ_EXAMPLES to soak longer."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee import Match
from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.players.human import HumanPlayer
from amalogs.referee.sessions.runner import header, resolve_side, result_of, session_of_log, write_log
from amalogs.referee.sessions.saves import Session, load_session

from .conftest import Cli, examples
from .mutations import pick

EXAMPLES = int(os.environ.get("AMALOGS_FUZZ_EXAMPLES", "0")) or examples(20, 40)
FUZZ = settings(max_examples=EXAMPLES, deadline=10_000, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                                HealthCheck.too_slow])
ODD: list[Any] = [None, -1, 0, 2**64, -(2**64), 10**100, 1.5, float("nan"), float("inf"), "", "x" * 5000, [], {},
                  [[[[[[]]]]]], True, "①", "²", "9" * 5000, "BD", "human", "random", "\x1b[31m", "build-divide"]


@pytest.fixture(scope="module")
def base(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """A save (after 30 decisions) and a finished match's log, as text."""
    sides = (resolve_side(catalog, "SGK"), resolve_side(catalog, "GH"))
    session = Session(catalog, sides, 4, ("greedy", "random"), turn_cap=30)
    for _ in range(30):
        session.step()
    save = session.to_json()
    session.run()
    folder = tmp_path_factory.mktemp("logs")
    write_log(folder / "m.jsonl", header(sides, 4, ("greedy", "random"), 30), result_of(session).events)
    return save, (folder / "m.jsonl").read_text(encoding="utf-8")


def _mutate_json(data: Any, rng: random.Random) -> Any:
    """Delete a key, set a value to an odd one, swap two list items, or wrap a value in deep nesting."""
    data = copy.deepcopy(data)
    for _ in range(rng.randrange(1, 4)):
        place = pick(data, rng)
        if place is None:
            return copy.deepcopy(rng.choice(ODD))
        parent, last = place
        kind = rng.randrange(4)
        if kind == 0 and isinstance(parent, dict):
            del parent[last]
        elif kind == 1 and isinstance(parent, list) and len(parent) > 1:
            j = rng.randrange(len(parent))
            parent[last], parent[j] = parent[j], parent[last]
        elif kind == 2:
            nested: Any = parent[last]
            for _ in range(rng.choice([2, 50, 300])):
                nested = [nested]
            parent[last] = nested
        else:
            parent[last] = copy.deepcopy(rng.choice(ODD))  # (a shared [] or {} set into itself would be circular)
    return data


def _mutate_bytes(text: str, rng: random.Random) -> bytes:
    """Truncate, flip bytes, put invalid UTF-8 or a BOM in."""
    raw = bytearray(text.encode("utf-8"))
    kind = rng.randrange(5)
    if kind == 4:  # nesting far deeper than any parser's recursion
        at = rng.randrange(len(raw))
        return bytes(raw[:at]) + b"[" * 200_000 + bytes(raw[at:])
    if kind == 0:
        return bytes(raw[: rng.randrange(len(raw))])
    if kind == 1:
        for _ in range(rng.randrange(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if kind == 2:
        at = rng.randrange(len(raw))
        return bytes(raw[:at]) + b"\xff\xfe\x80" + bytes(raw[at:])
    return b"\xef\xbb\xbf" + bytes(raw)


def _damaged(text: str, seed: int, jsonl: bool) -> bytes:
    rng = random.Random(seed)
    if rng.random() < 0.3:
        return _mutate_bytes(text, rng)
    try:
        if not jsonl:
            return json.dumps(_mutate_json(json.loads(text), rng), ensure_ascii=False).encode("utf-8")
        lines = text.splitlines()
        k = 0 if rng.random() < 0.6 else rng.randrange(len(lines))
        lines[k] = json.dumps(_mutate_json(json.loads(lines[k]), rng), ensure_ascii=False)
        return ("\n".join(lines) + "\n").encode("utf-8")
    except RecursionError:  # nested deeper than the encoder goes: damage the bytes instead
        return _mutate_bytes(text, rng)


@FUZZ
@given(seed=st.integers(0, 2**32))
def test_a_damaged_save_resumes_or_is_refused_in_one_line(catalog: Catalog, base: tuple[str, str], seed: int,
                                                           tmp_path: Path) -> None:
    path = tmp_path / "damaged.json"
    data = _damaged(base[0], seed, jsonl=False)
    path.write_bytes(data)
    try:
        session = load_session(catalog, path, log_events=False)
    except AmalogsError as exc:
        message = str(exc)
        assert message.startswith(str(path)) and "\n" not in message and len(message) < 600, message
    else:
        assert session.match.state.turn <= session.turn_cap
    assert path.read_bytes() == data  # reading never changes the file


@FUZZ
@given(seed=st.integers(0, 2**32))
def test_a_damaged_log_replays_or_is_refused_in_one_line(catalog: Catalog, base: tuple[str, str], seed: int,
                                                          tmp_path: Path) -> None:
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(_damaged(base[1], seed, jsonl=True))
    try:
        session, logged = session_of_log(catalog, path)
    except AmalogsError as exc:
        message = str(exc)
        assert message.startswith(str(path)) and "\n" not in message and len(message) < 600, message
    else:
        session.run()  # the header's turn cap is bounded, so this ends
        assert session.finished and all(isinstance(e, dict) for e in logged)


@FUZZ
@given(text=st.one_of(st.text(max_size=300), st.sampled_from(["①", "²", "9" * 5000, "play ①", "play -", "attack 1 2 3",
                                                               "play 99999999999999999999", "\x00", "１２"])))
def test_any_typed_answer_is_an_action_or_an_illegal_action(text: str) -> None:
    try:
        action = Action.parse(text)
    except IllegalActionError as exc:
        assert len(str(exc)) < 400
    else:
        assert action.verb and all(isinstance(a, int | str) for a in action.args)
        assert Action.parse(action.text()) == action
    asked = iter([text, "1"])
    said: list[str] = []
    player = HumanPlayer(ask=lambda _: next(asked), say=said.append)
    legal = [Action("pass"), Action("play", (3,))]
    assert player.choose({"you": 0, "seats": [{}, {}], "cards": {}}, legal, random.Random(0)) in legal


@FUZZ
@given(text=st.text(max_size=200))
def test_a_match_refuses_any_text_as_an_illegal_action(catalog: Catalog, text: str) -> None:
    sides = [(resolve_side(catalog, "BD").game, resolve_side(catalog, "BD").deck)] * 2
    match = Match.new(catalog, sides, 1, log_events=False)
    legal = [a.text() for a in match.legal_actions()]
    try:
        match.apply_action(text)
    except IllegalActionError:
        assert Action.parse(text).text() not in legal if text.split() else True
    else:
        assert Action.parse(text).text() in legal


@settings(max_examples=max(4, EXAMPLES // 8), deadline=20_000,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_resume_and_replay_commands_never_fail_inside(cli: Cli, base: tuple[str, str], seed: int,
                                                      tmp_path: Path) -> None:
    """Through the commands: exit 0, or 1/2 with an error line naming the file; never an internal error."""
    save, log = tmp_path / f"s{seed}.json", tmp_path / f"l{seed}.jsonl"
    save.write_bytes(_damaged(base[0], seed, jsonl=False))
    log.write_bytes(_damaged(base[1], seed, jsonl=True))
    for args, path in ((("resume", str(save), "--quiet"), save), (("replay", str(log)), log)):
        code, out, err = cli(*args)
        assert "internal error" not in err and "Traceback" not in err, err
        assert code == 0 or (code in (1, 2) and str(path) in err + out), (code, out, err)


@pytest.fixture(scope="module")
def rows_files(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """A small tournament's rows, as JSONL and as CSV text."""
    from amalogs.referee.sessions.tournament import entries, run_tournament

    folder = tmp_path_factory.mktemp("rows")
    chosen = entries(catalog, ["BD:red-aggro", "GH:tidelight-guardians"])
    for suffix in ("jsonl", "csv"):
        run_tournament(catalog, chosen, 3, rows=folder / f"r.{suffix}", jobs=1)
    return tuple((folder / f"r.{s}").read_text(encoding="utf-8") for s in ("jsonl", "csv"))  # type: ignore[return-value]


def _damaged_csv(text: str, seed: int) -> bytes:
    """A CSV rows file with a cell changed to an odd value, a cell dropped or added, or its bytes damaged."""
    rng = random.Random(seed)
    if rng.random() < 0.3:
        return _mutate_bytes(text, rng)
    lines = text.splitlines()
    k = rng.randrange(len(lines))
    cells = lines[k].split(",")
    kind = rng.randrange(3)
    if kind == 0:
        cells[rng.randrange(len(cells))] = str(rng.choice(ODD))[:6000]
    elif kind == 1:
        del cells[rng.randrange(len(cells))]
    else:
        cells.insert(rng.randrange(len(cells)), '"x\ny"')
    lines[k] = ",".join(cells)
    return ("\n".join(lines) + "\n").encode("utf-8")


@FUZZ
@given(seed=st.integers(0, 2**32), csv_file=st.booleans())
def test_a_damaged_rows_file_resumes_or_is_refused_in_one_line(catalog: Catalog, rows_files: tuple[str, str],
                                                               seed: int, csv_file: bool, tmp_path: Path) -> None:
    """Reading rows back (``amalogs balance``, a resumed tournament): the rows, or one line naming the file."""
    from amalogs.referee.sessions.tournament import entries, read_rows, run_tournament
    from amalogs.report.balance import balance

    path = tmp_path / ("damaged.csv" if csv_file else "damaged.jsonl")
    data = _damaged_csv(rows_files[1], seed) if csv_file else _damaged(rows_files[0], seed, jsonl=True)
    path.write_bytes(data)
    try:
        rows = read_rows(path)
        balance(rows, catalog)
        run_tournament(catalog, entries(catalog, ["BD:red-aggro", "GH:tidelight-guardians"]), 3, rows=path, jobs=1)
    except AmalogsError as exc:
        message = str(exc)
        assert message.startswith(str(path)) and "\n" not in message and len(message) < 600, message
        assert path.read_bytes() == data  # a refused file is left as it was
