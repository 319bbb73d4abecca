"""Every example command line that a `--help` shows runs as shown.

The commands are read the way a user finds them: the ``Commands:`` list of ``amalogs --help``, and of each
group's help (``amalogs deck --help``) for its subcommands. An example is a line of a help's ``Examples:``
section that starts with ``amalogs``; each runs in-process in a fresh temporary directory (so examples that
write ``--out table.html`` write there) and must exit with code 0.
"""

from __future__ import annotations

import functools
import shlex
from pathlib import Path

import pytest

from .conftest import invoke

SLOW = {
    ("report",): "regenerates or checks the committed reports/ folder, its balance tournament included: minutes "
                 "on two cores, and an empty temporary folder has no reports to check (tests/test_reports.py "
                 "runs `amalogs report --check` on the real folder, as CI does)",
}
"""Commands whose examples are collected but not run here, with the reason."""

KNOWN_FAILURES: dict[str, str] = {}
"""Examples (the whole line) that fail in a command owned elsewhere, with the reason: expected to fail."""


@functools.cache
def _help(*path: str) -> str:
    result = invoke([*path, "--help"], catch_exceptions=False)
    assert result.exit_code == 0, (path, result.stderr)
    return result.stdout


def _section(text: str, title: str) -> list[str]:
    """The lines of one section (``Commands:``, ``Examples:``) of a help text, up to its end."""
    lines = text.splitlines()
    out: list[str] = []
    for i, line in enumerate(lines):
        if line.strip() != title:
            continue
        indent = len(line) - len(line.lstrip())
        for body in lines[i + 1:]:
            if not body.strip() or len(body) - len(body.lstrip()) <= indent:
                break
            out.append(body.strip())
    return out


def _commands(*path: str) -> list[tuple[str, ...]]:
    """Every command path under ``path`` as its help lists it, groups followed into their subcommands."""
    found: list[tuple[str, ...]] = []
    for line in _section(_help(*path), "Commands:"):
        name = line.split()[0]
        sub = (*path, name)
        found.append(sub)
        if "Commands:" in _help(*sub):
            found.extend(_commands(*sub))
    return found


def _examples() -> list[tuple[tuple[str, ...], str]]:
    pairs = [((), line) for line in _section(_help(), "Examples:") if line.startswith("amalogs ")]
    for path in _commands():
        pairs += [(path, line) for line in _section(_help(*path), "Examples:") if line.startswith("amalogs ")]
    return pairs


EXAMPLES = _examples()


def _param(path: tuple[str, ...], line: str) -> object:
    marks: list[pytest.MarkDecorator] = []
    if path[:1] in SLOW:
        marks.append(pytest.mark.skip(reason=SLOW[path[:1]]))
    if line in KNOWN_FAILURES:
        marks.append(pytest.mark.xfail(reason=KNOWN_FAILURES[line], strict=True))
    return pytest.param(line, id=line, marks=marks)


def test_the_help_of_the_data_and_comparison_commands_has_examples() -> None:
    with_examples = {path[0] for path, _ in EXAMPLES if path}
    for command in ("games", "show", "we", "ontology", "validate", "schema", "compare", "similarity", "table",
                    "graph", "report"):
        assert command in with_examples, command


@pytest.mark.parametrize("line", [_param(path, line) for path, line in EXAMPLES])
def test_every_help_example_runs(line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = shlex.split(line, comments=True)
    assert argv[0] == "amalogs"
    monkeypatch.chdir(tmp_path)
    result = invoke(argv[1:], catch_exceptions=False)
    assert result.exit_code == 0, f"{line}\n{result.stderr}"
