"""Similarity measures: known answers, and the properties every measure must have."""

from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amalogs.catalog import Catalog, load_catalog
from amalogs.compare.similarity import (
    MEASURE_WEIGHTS,
    Resolver,
    Signature,
    compare,
    edit_distance,
    matrix,
    signature,
    weighted_jaccard_distance,
)

PHASES = ["開始", "ドロー", "資源", "メイン", "戦闘", "終了"]


def _sig(catalog: Catalog, name: str) -> Signature:
    return signature(catalog.game(name))


def test_edit_distance_known_answers() -> None:
    assert edit_distance("kitten", "sitting") == 3
    assert edit_distance(["開始", "ドロー", "メイン"], ["開始", "ドロー", "資源", "メイン"]) == 1
    assert edit_distance([], ["a", "b"]) == 2


def test_weighted_jaccard_known_answers() -> None:
    assert weighted_jaccard_distance({"a": 1, "b": 2}, {"a": 1}) == pytest.approx(2 / 3)
    assert weighted_jaccard_distance({"a": 1}, {"a": 1}) == 0
    assert weighted_jaccard_distance({"a": 1}, {"b": 1}) == 1
    assert weighted_jaccard_distance({}, {}) == 0


def test_build_divide_against_sengoku(catalog: Catalog) -> None:
    b = compare(_sig(catalog, "BD"), _sig(catalog, "SGK"), Resolver(catalog.ontology))
    assert b.distances["turn"] == pytest.approx(1 / 6)  # SGK adds a 資源 phase to BD's five
    assert b.distances["systems"] == pytest.approx(1 / 6)  # BP vs AP/DP is settled (½); SPS and shields agree
    assert b.distances["we"] == 0


def test_build_divide_against_guild_heroes_systems(catalog: Catalog) -> None:
    b = compare(_sig(catalog, "BD"), _sig(catalog, "GH"), Resolver(catalog.ontology))
    # BP/APDP settled ½, SPS/DDS settled ½, shield life/fort life settled both ways ½
    assert b.distances["systems"] == pytest.approx(0.5)


def test_we_distance(catalog: Catalog) -> None:
    b = compare(_sig(catalog, "BD"), _sig(catalog, "BJ"), Resolver(catalog.ontology))
    assert b.distances["we"] == pytest.approx(1 / 3)


def test_the_parts_add_up_to_the_combined_score(catalog: Catalog) -> None:
    for row in matrix(list(catalog.games.values()), catalog.ontology):
        for b in row:
            assert sum(b.parts.values()) == pytest.approx(b.distance)
            assert b.similarity == pytest.approx(1 - b.distance)
            assert all(0 <= d <= 1 for d in b.distances.values())
    assert sum(MEASURE_WEIGHTS.values()) == pytest.approx(1)


def test_the_matrix_is_symmetric_with_ones_on_the_diagonal(catalog: Catalog) -> None:
    m = matrix(list(catalog.games.values()), catalog.ontology)
    for i, row in enumerate(m):
        assert row[i].similarity == 1.0
        for j, b in enumerate(row):
            assert b.similarity == pytest.approx(m[j][i].similarity)


signatures = st.builds(
    Signature,
    game=st.sampled_from(["x", "y"]),
    concepts=st.dictionaries(st.sampled_from([f"genus:{i}" for i in range(8)] + [f"rule:{i}" for i in range(4)]),
                             st.sampled_from([0.5, 1.0, 2.0]), max_size=10),
    phases=st.lists(st.sampled_from(PHASES), max_size=7).map(tuple),
    stat=st.sampled_from([None, "BP制", "APDP制", "HP制"]),
    damage=st.sampled_from(["SPS", "DDS"]),
    life=st.sampled_from(["シールドライフ", "フォートライフ", "ライフポイント"]),
    we=st.integers(1, 4),
)


@settings(max_examples=200, deadline=None)
@given(a=signatures, b=signatures)
def test_every_measure_is_symmetric_bounded_and_zero_on_itself(a: Signature, b: Signature) -> None:
    resolver = Resolver(load_catalog().ontology)
    ab, ba, aa = compare(a, b, resolver), compare(b, a, resolver), compare(a, a, resolver)
    assert ab.distances == pytest.approx(ba.distances)
    assert all(v == 0 for v in aa.distances.values())
    assert all(0 <= v <= 1 for v in ab.distances.values())


@settings(max_examples=200, deadline=None)
@given(a=signatures, b=signatures, weight=st.sampled_from([0.5, 1.0, 2.0]))
def test_adding_an_unrelated_concept_moves_the_games_apart(a: Signature, b: Signature, weight: float) -> None:
    resolver = Resolver(load_catalog().ontology)
    before = compare(a, b, resolver)
    wider = Signature(a.game, {**a.concepts, "zone:unrelated": weight}, a.phases, a.stat, a.damage, a.life, a.we)
    after = compare(wider, b, resolver)
    assert after.distances["concepts"] > before.distances["concepts"] or before.distances["concepts"] == 1
    assert after.distance >= before.distance


def test_a_fifth_game_joins_the_matrix() -> None:
    from .conftest import USER_ROOT

    cat = load_catalog([USER_ROOT])
    m = matrix(list(cat.games.values()), cat.ontology)
    assert len(m) == len(load_catalog().games) + 1 and m[-1][-1].similarity == 1.0
