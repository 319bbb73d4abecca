"""docs/fields.md is the generator's output, lists every key, and every "read by" claim shows in the reader's code."""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from amalogs.models.game import GameProfile
from amalogs.models.mapping import MappingPage
from amalogs.report.fieldref import (
    FILES,
    READERS,
    REGENERATE,
    field_reference,
    field_rows,
    key_paths,
    main,
)

ROOT = Path(__file__).resolve().parents[1]
FIELDS = ROOT / "docs" / "fields.md"

PROFILE_SECTIONS = ("zones", "card_types", "stats", "keywords", "colours", "resources.resources")
PAGE_SECTIONS = ("permanent_types", "card_types", "status", "unified_keywords", "colours", "resources")

ACCESSORS: dict[str, dict[str, tuple[str, ...]]] = {
    "profile": {
        "amalogs.models.game:GameProfile.native_sections": PROFILE_SECTIONS,
        "amalogs.models.game:GameProfile.ids": PROFILE_SECTIONS + tuple(f"{s}[].id" for s in PROFILE_SECTIONS),
        "amalogs.models.game:GameProfile.term": PROFILE_SECTIONS + tuple(f"{s}[].id" for s in PROFILE_SECTIONS),
        "amalogs.cardcheck:type_stats": ("card_types", "card_types[].id", "card_types[].subtype_of",
                                         "card_types[].stats"),
        "amalogs.cardcheck:is_a": ("card_types", "card_types[].id", "card_types[].subtype_of"),
        "amalogs.cardcheck:copy_exempt": ("deck", "deck.copy_limit_exempt", "deck.copy_limit_exempt.types",
                                          "deck.copy_limit_exempt.keywords"),
    },
    "page": {
        "amalogs.models.mapping:MappingPage.rules_of": ("keyword_rules", "keyword_rules[].rule"),
        "amalogs.models.mapping:MappingPage.stat_system": ("keyword_rules", "keyword_rules[].rule"),
        "amalogs.models.mapping:MappingPage.damage_system": ("keyword_rules", "keyword_rules[].rule"),
        "amalogs.models.mapping:MappingPage.life_system": ("keyword_rules", "keyword_rules[].rule"),
        "amalogs.models.mapping:MappingPage.ratio_of": ("adjust", "adjust[].stat", "adjust[].ratio"),
        "amalogs.models.mapping:MappingPage.covered": PAGE_SECTIONS + tuple(f"{s}[].native" for s in PAGE_SECTIONS),
    },
}
"""Methods and helpers that read keys for their callers: a reader that calls one reads those keys.

The keys each one claims are checked against its own source like any reader's."""


def _name(accessor: str) -> str:
    return accessor.rsplit(".", 1)[-1].rsplit(":", 1)[-1]


def _claims(keys: tuple[str, ...], prefix: str) -> bool:
    """Whether reading these keys reads ``prefix`` (a key, or a table on the way to one)."""
    return any(k == prefix or k.startswith((f"{prefix}.", f"{prefix}[].")) for k in keys)


def _accessor(accessor: str) -> Callable[..., object]:
    module, _, qualname = accessor.partition(":")
    target: object = importlib.import_module(module)
    for part in qualname.split("."):
        target = getattr(target, part)
    assert callable(target)
    return target


class Code:
    """What a piece of code touches: the attribute names it reads and the names it calls."""

    def __init__(self, source: str) -> None:
        tree = ast.parse(textwrap.dedent(source))
        self.attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        self.calls = {
            f.attr if isinstance(f, ast.Attribute) else f.id
            for n in ast.walk(tree) if isinstance(n, ast.Call)
            for f in [n.func] if isinstance(f, ast.Attribute | ast.Name)
        }

    def reads(self, file: str, key: str, skip: str = "") -> bool:
        """Whether the code reaches every step of a key path: ``a.b[].c`` needs ``.a``, ``.b`` and ``.c`` (or
        calls to accessors that read ``a``, ``a.b``, ``a.b[].c``)."""
        parts = key.split(".")
        for i, part in enumerate(parts):
            prefix = ".".join(parts[: i + 1]).removesuffix("[]")
            if part.removesuffix("[]") in self.attributes:
                continue
            if not any(_claims(keys, prefix) and _name(acc) in self.calls
                       for acc, keys in ACCESSORS[file].items() if acc != skip):
                return False
        return True


def _reader_code(label: str) -> Code:
    where = READERS[label][0]
    files = sorted(ROOT.glob(where)) if "*" in where else sorted((ROOT / where).rglob("*.py")) if (ROOT / where).is_dir() else [ROOT / where]
    return Code("\n".join(f.read_text(encoding="utf-8") for f in files))


def _file(readers: object) -> str:
    return "profile" if readers is FILES[0][3] else "page"


def test_docs_fields_md_is_the_generators_output() -> None:
    assert FIELDS.read_text(encoding="utf-8") == field_reference(), (
        f"docs/fields.md is out of date: run `{REGENERATE}`"
    )


def test_main_writes_the_reference(tmp_path: Path) -> None:
    out = tmp_path / "fields.md"
    assert main([str(out)]) == 0
    assert out.read_bytes() == field_reference().encode("utf-8")


@pytest.mark.parametrize("model", [GameProfile, MappingPage], ids=["game.toml", "page"])
def test_every_key_is_listed(model: type[GameProfile | MappingPage]) -> None:
    text = FIELDS.read_text(encoding="utf-8")
    section = text.split(f"Model: `{model.__module__}.{model.__name__}`.", 1)[1].split("\n## ", 1)[0]
    listed = [line.split("`")[1] for line in section.splitlines() if line.startswith("| `")]
    assert listed == key_paths(model)


def test_the_walk_reaches_nested_tables_and_lists() -> None:
    keys = key_paths(GameProfile) + key_paths(MappingPage)
    for nested in ("deck.side_decks[].size.min", "turn.phases[].kind", "life.tiers[].defence", "stats[].range.max",
                   "keyword_rules[].rule", "unified_keywords[].unified", "we.override.reason"):
        assert nested in keys


def test_every_key_has_a_description_and_plain_type() -> None:
    for _, _, model, readers in FILES:
        for row in field_rows(model, readers):
            assert row.description, f"{row.key} has no description: add Field(description=...) to the model"
            assert row.type and row.required


def test_the_reader_tables_name_real_keys_and_readers() -> None:
    for label, (where, what) in READERS.items():
        assert list(ROOT.glob(where)) if "*" in where else (ROOT / where).exists(), f"{label}: {where} does not exist"
        assert what
    for _, _, model, readers in FILES:
        keys = set(key_paths(model))
        for key, labels in readers.items():
            assert key in keys, f"{key} is not a key of {model.__name__}"
            assert labels and set(labels) <= set(READERS), f"{key}: unknown reader in {labels}"
            assert list(labels) == [r for r in READERS if r in labels], f"{key}: list readers in READERS order"


def test_the_referee_and_the_appraisal_read_what_the_reference_says() -> None:
    profile, page = FILES[0][3], FILES[1][3]
    for key in ("setup.starting_hand", "turn.hand_limit", "turn.first_player_skips_draw", "life.starting",
                "life.tiers", "life.maximum", "resources.starting", "resources.maximum",
                "battle.summoning_sickness", "setup.mulligan"):
        assert "referee" in profile[key], key
    for key in ("keyword_rules", "unified_keywords", "status", "adjust"):
        assert "referee" in page[key], key
    for key in ("resources.costs", "resources.source", "resources.grows", "resources.kept_between_turns",
                "resources.consumed_on_use"):
        assert "WE" in profile[key], key
    assert not [key for key, labels in page.items() if "WE" in labels]  # the appraisal reads the profile only


@pytest.mark.parametrize("label", list(READERS))
def test_every_field_listed_as_read_by_a_module_appears_in_its_source(label: str) -> None:
    code = _reader_code(label)
    missing = [
        f"{_file(readers)}: {key}"
        for _, _, _, readers in FILES
        for key, labels in readers.items()
        if label in labels and not code.reads(_file(readers), key)
    ]
    assert not missing, f"{READERS[label][0]} does not read {missing}: fix the reader table in amalogs/report/fieldref.py"


@pytest.mark.parametrize("file", list(ACCESSORS))
def test_the_accessors_read_the_keys_they_claim(file: str) -> None:
    keys = set(key_paths(GameProfile if file == "profile" else MappingPage))
    for accessor, claimed in ACCESSORS[file].items():
        code = Code(inspect.getsource(_accessor(accessor)))
        for key in claimed:
            assert key in keys, f"{accessor}: {key} is not a key"
            assert code.reads(file, key, skip=accessor), f"{accessor} does not read {key}"
