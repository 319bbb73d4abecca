"""The README's two set-up commands exist, and CI runs exactly the test command; docs cover the ontology."""

from __future__ import annotations

import re
from pathlib import Path

from amalogs.catalog import Catalog

ROOT = Path(__file__).resolve().parents[1]


def _commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Set-up: two commands"):readme.index("## A short tour")]
    return [line for block in re.findall(r"```sh\n(.*?)```", section, re.S) for line in block.splitlines()
            if line and not line.startswith("#")]


def test_the_readme_has_exactly_two_setup_commands() -> None:
    install, tests = _commands()
    assert "pip install ." in install and "amalogs games" in install and "amalogs match" in install
    assert 'pip install ".[test]"' in tests and "pytest" in tests


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _commands()[1] in ci.splitlines()


def test_the_rules_document_lists_every_unified_keyword(catalog: Catalog) -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for keyword in catalog.ontology.unified_keywords:
        assert f"| {keyword.id.value} |" in rules
