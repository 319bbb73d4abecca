"""docs/fields.md's "read by" column as a test plan: every key the referee or the profile game reads is
exercised by a known-answer position that cites it in its ``source`` (``resources.deck``, ``[resources] deck``,
``[[life.tiers]] count`` …), or by a named test where a position cannot set it up (what happens while a match is
dealt: positions start after it)."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from amalogs.report.fieldref import PAGE_READERS, PROFILE_READERS

TESTS = Path(__file__).parent
POSITIONS = TESTS / "positions"

ELSEWHERE = {
    "setup.starting_hand": ("test_resource_families.py", "test_a_leaders_printed_life_is_how_many_life_cards_are_set"),
    "life.from_card": ("test_resource_families.py", "test_a_leaders_printed_life_is_how_many_life_cards_are_set"),
    "zones[].visibility": ("test_conformance.py", "test_an_observation_never_shows_another_seats_hidden_cards"),
}
"""Keys set up while a match is dealt, or read only by what a seat may observe: the test that exercises each
(its source names the key's last part, or the word ``hidden`` for visibility)."""

NOT_YET: dict[str, str] = {}
"""Keys read by the profile game that no known answer exercises yet, with the reason (issue 32)."""


def _sources() -> list[str]:
    return [str(tomllib.loads(p.read_text(encoding="utf-8")).get("source", "")) for p in sorted(POSITIONS.glob("*.toml"))]


def cited(key: str, source: str) -> bool:
    """Whether a position's source names the key: its dotted path, or a table heading of a leading part of it
    (``[resources]``, ``[[life.tiers]]``) followed by each remaining part as a word."""
    parts = key.replace("[]", "").split(".")
    if ".".join(parts) in source and len(parts) > 1:
        return True
    for k in range(1, len(parts) + 1):
        head = ".".join(parts[:k])
        for form in (f"[[{head}]]", f"[{head}]"):
            at = source.find(form)
            while at >= 0:
                rest = source[at + len(form):]
                if all(re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", rest) for word in parts[k:]):
                    return True
                at = source.find(form, at + 1)
    return False


def _referee_keys() -> list[str]:
    return [k for table in (PROFILE_READERS, PAGE_READERS) for k, readers in table.items()
            if "referee" in readers or "profile game" in readers]


def test_every_referee_key_is_exercised() -> None:
    sources = _sources()
    keys = _referee_keys()
    assert len(keys) >= 80
    uncited = [k for k in keys if not any(cited(k, s) for s in sources)]
    for key, (file, name) in ELSEWHERE.items():
        tree = ast.parse((TESTS / file).read_text(encoding="utf-8"))
        test = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == name), None)
        assert test is not None, f"{key}: {file} has no test {name}"
        word = "hidden" if key.endswith("visibility") else key.replace("[]", "").split(".")[-1]
        assert word in ast.get_source_segment((TESTS / file).read_text(encoding="utf-8"), test), (key, name)
    left = [k for k in uncited if k not in ELSEWHERE]
    assert left == list(NOT_YET), f"keys the referee reads that no known answer cites: {left}"


def test_the_citation_reading() -> None:
    assert cited("resources.deck", 'game.toml [resources] deck = "spark-deck", per_turn = 2')
    assert cited("life.tiers[].count", "[life] tiers (outer-wall count 2 defence 3)")
    assert cited("zones", "[[zones]] id cost-area")
    assert not cited("resources.deck", "[resources] decks")
    assert not cited("life.tiers[].count", "[life] tiers only")
