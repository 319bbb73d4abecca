"""The known-answer positions under tests/positions/: each file a position, the actions to take and what must
follow (amalogs.referee.sessions.known_answers), citing where its ruling comes from. One runner for them all."""

from __future__ import annotations

from pathlib import Path

import pytest

from amalogs.catalog import Catalog
from amalogs.referee.sessions.known_answers import KnownAnswer, run_known_answer

FILES = sorted(p for p in (Path(__file__).parent / "positions").glob("*") if p.suffix in (".toml", ".json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_known_answer(catalog: Catalog, path: Path) -> None:
    problems = run_known_answer(catalog, KnownAnswer(path))
    assert not problems, "\n".join(problems)


def test_there_are_enough_known_answers() -> None:
    assert len(FILES) >= 40
