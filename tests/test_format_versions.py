"""Every file format amalogs writes carries a version, and one of another version is refused with a message
naming the version it has and the one this amalogs reads. Saves and logs are at version 2 (sealed), and their
version 1 (before the seal) is still read; the other formats are at version 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee import Match
from amalogs.referee.sessions.runner import LOG_VERSION, header, resolve_side, result_of, session_of_log, write_log
from amalogs.referee.sessions.saves import SAVE_VERSION, Session, load_session

from .conftest import Cli


@pytest.fixture(scope="module")
def written(catalog: Catalog, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("formats")
    sides = (resolve_side(catalog, "BD"), resolve_side(catalog, "GH"))
    session = Session(catalog, sides, 2, ("random", "random"), turn_cap=20)
    session.run()
    session.save(folder / "save.json")
    write_log(folder / "log.jsonl", header(sides, 2, ("random", "random"), 20), result_of(session).events)
    (folder / "position.json").write_text(json.dumps(session.match.position(catalog), ensure_ascii=False),
                                          encoding="utf-8")
    return {"save": folder / "save.json", "log": folder / "log.jsonl", "position": folder / "position.json"}


def _with_version(path: Path, version: object, tmp_path: Path) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0]) if path.suffix == ".jsonl" else json.loads(path.read_text(encoding="utf-8"))
    first["version"] = version
    out = tmp_path / path.name
    text = json.dumps(first, ensure_ascii=False)
    out.write_text("\n".join([text, *lines[1:]]) + "\n" if path.suffix == ".jsonl" else text, encoding="utf-8")
    return out


def test_each_written_format_carries_its_version(written: dict[str, Path]) -> None:
    assert json.loads(written["save"].read_text(encoding="utf-8"))["version"] == SAVE_VERSION
    assert json.loads(written["log"].read_text(encoding="utf-8").splitlines()[0])["version"] == LOG_VERSION
    assert json.loads(written["position"].read_text(encoding="utf-8"))["version"] == 1


@pytest.mark.parametrize("version", [0, 3, "1", None])
def test_another_version_is_refused_naming_both(catalog: Catalog, written: dict[str, Path], version: object,
                                                tmp_path: Path) -> None:
    loaders = {"save": lambda p: load_session(catalog, p), "log": lambda p: session_of_log(catalog, p),
               "position": lambda p: Match.from_position(catalog, p)}
    for kind, load in loaders.items():
        path = _with_version(written[kind], version, tmp_path)
        with pytest.raises(AmalogsError) as caught:
            load(path)
        message = str(caught.value)
        assert message.startswith(str(path)) and repr(version) in message and "version 1" in message, message


def test_a_converted_deck_carries_its_version_and_another_is_refused(cli: Cli, tmp_path: Path) -> None:
    deck = tmp_path / "converted.toml"
    assert cli("convert-deck", "BD:black-eclipse", "--to", "GH", "--out", str(deck))[0] == 0
    text = deck.read_text(encoding="utf-8")
    assert text.startswith("version = 1\n")
    deck.write_text(text.replace("version = 1\n", "version = 2\n", 1), encoding="utf-8")
    code, out, err = cli("deck", "check", str(deck))
    assert code != 0 and "version: file format version 2 is not supported: this amalogs reads version 1" in err + out
