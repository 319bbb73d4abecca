"""The ontology data file agrees with the code enums, and its tables carry the published rules."""

from __future__ import annotations

import tomllib

import pytest

from amalogs.catalog import Catalog, _ontology_file
from amalogs.checks import check_ontology
from amalogs.models.ontology import Ontology, label
from amalogs.ontology import terms


def test_shipped_ontology_is_consistent(catalog: Catalog) -> None:
    assert list(check_ontology(catalog.ontology)) == []


def test_a_term_missing_from_the_data_file_is_reported() -> None:
    data = tomllib.loads(_ontology_file().read_text(encoding="utf-8"))
    data["genera"] = [g for g in data["genera"] if g["id"] != "装備"]
    problems = list(check_ontology(Ontology.model_validate(data)))
    assert problems == [("genera", "missing terms ['装備'] that the code defines")]


def test_a_genus_in_the_wrong_family_is_reported() -> None:
    data = tomllib.loads(_ontology_file().read_text(encoding="utf-8"))
    next(g for g in data["genera"] if g["id"] == "トラップ")["family"] = "キャラ科"
    problems = list(check_ontology(Ontology.model_validate(data)))
    assert problems == [("genera[7].family", "トラップ belongs to イベント科, not キャラ科")]


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        (terms.Genus.ACE_CHARA, "エースキャラ (Ace character)"),
        (terms.StatSystem.APDP, "APDP制 (AP/DP system)"),
        (terms.ColourSlot.SLOT_6, "6 (Slot 6)"),
        (terms.SpellSpeed.SS3, "3 (Spell speed 3)"),
        (terms.UnifiedKeyword.FIRST_STRIKE, "先制攻撃 (First strike)"),
    ],
)
def test_labels_put_japanese_and_english_side_by_side(catalog: Catalog, term: object, expected: str) -> None:
    assert label(catalog.ontology, term) == expected  # type: ignore[arg-type]


def test_every_unified_keyword_has_a_rule(catalog: Catalog) -> None:
    rules = {k.id: k.rule for k in catalog.ontology.unified_keywords}
    assert set(rules) == set(terms.UnifiedKeyword)
    assert all(len(rule) > 40 for rule in rules.values())


def test_the_resolution_table_holds_the_published_rules(catalog: Catalog) -> None:
    rows = {(str(r.attacker), str(r.defender), r.formula) for r in catalog.ontology.resolution}
    assert ("DDS", "SPS", "1") in rows  # a DDS attacker hitting an SPS player deals SP 1
    assert ("SPS", "DDS", "SP") in rows  # SPS prevails
    assert ("DDS", "DDS", "AP+SP") in rows
    assert ("BP制", "APDP制", "BP/BP") in rows
    assert ("SPS", "フォートライフ", "SP") in rows  # the project's fort decision


def test_families_have_their_standard_genus(catalog: Catalog) -> None:
    for family in catalog.ontology.families:
        assert terms.FAMILY_OF[family.standard] is family.id
