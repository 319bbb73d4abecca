"""Property tests: whatever a data file holds, the loader answers with DataError lines, never a crash."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amalogs.catalog import read_data, shipped_root, validate_paths
from amalogs.errors import DataError

from .mutations import paths

PROFILE = tomllib.loads((shipped_root() / "games" / "build-divide" / "game.toml").read_text(encoding="utf-8"))
PAGE = tomllib.loads((shipped_root() / "mappings" / "build-divide.toml").read_text(encoding="utf-8"))

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.text(max_size=12), st.floats(allow_nan=False))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                     st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=6)


def _paths(node: Any) -> list[tuple[Any, ...]]:
    return [p for p in paths(node, depth=1000, width=10**9) if p]


def _mutated(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(doc))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


def _check(tmp: Path, relative: str, doc: dict[str, Any]) -> None:
    target = tmp / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    _, errors = validate_paths([target])
    for err in errors:
        assert isinstance(err, DataError)
        assert "\n" not in str(err)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(_paths(PROFILE)), value=values)
def test_any_change_to_a_profile_gives_one_line_errors(tmp_path: Path, path: tuple[Any, ...], value: Any) -> None:
    _check(tmp_path, "games/build-divide/game.json", _mutated(PROFILE, path, value))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(_paths(PAGE)), value=values)
def test_any_change_to_a_page_gives_one_line_errors(tmp_path: Path, path: tuple[Any, ...], value: Any) -> None:
    _check(tmp_path, "mappings/build-divide.json", _mutated(PAGE, path, value))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=200))
def test_arbitrary_bytes_are_a_data_error(tmp_path: Path, raw: bytes) -> None:
    target = tmp_path / "game.toml"
    target.write_bytes(raw)
    try:
        read_data(target)
    except DataError as err:
        assert "\n" not in str(err)
