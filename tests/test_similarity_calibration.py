"""The similarity measure against the project's reference judgements (tests/data/similarity-judgements.toml):
every pair of shipped games is judged once, with a reason, and Spearman's rank correlation between the judged
scores and the measured similarity is reported and kept from falling below its floor."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from amalogs.catalog import Catalog
from amalogs.compare.calibration import Judgement, Judgements, agreement, load_judgements
from amalogs.errors import AmalogsError

REFERENCE = Path(__file__).parent / "data" / "similarity-judgements.toml"
FLOOR = 0.80  # measured 0.83 over the 21 pairs of the seven shipped games (issue: improve the measures, not this)


def test_every_pair_of_shipped_games_is_judged_once_with_a_reason(catalog: Catalog) -> None:
    judged = load_judgements(REFERENCE)
    pairs = [frozenset((j.a, j.b)) for j in judged.pair]
    assert len(pairs) == len(set(pairs))
    assert set(pairs) == {frozenset(p) for p in combinations(catalog.games, 2)}
    assert all(len(j.reason) > 20 for j in judged.pair)


def test_the_similarity_ranks_the_judged_pairs_as_people_do(catalog: Catalog) -> None:
    found = agreement(catalog, load_judgements(REFERENCE))
    print(f"Spearman's rho = {found.rho:.3f} over {found.pairs} judged pairs (p = {found.p_value:.2g})")
    assert found.pairs == 21 and found.rho >= FLOOR


def test_a_ranking_that_disagrees_is_measured_as_such(catalog: Catalog) -> None:
    judged = load_judgements(REFERENCE)
    reversed_ = Judgements(pair=tuple(Judgement(a=j.a, b=j.b, score=6 - j.score, reason=j.reason) for j in judged.pair))
    assert agreement(catalog, reversed_).rho == pytest.approx(-agreement(catalog, judged).rho)


def test_a_broken_reference_file_is_one_line(tmp_path: Path, catalog: Catalog) -> None:
    bad = tmp_path / "j.toml"
    bad.write_text('version = 1\n[[pair]]\na = "build-divide"\nb = "guild-heroes"\nscore = 9\nreason = "x"\n',
                   encoding="utf-8")
    with pytest.raises(AmalogsError) as info:
        load_judgements(bad)
    assert str(bad) in str(info.value) and "score" in str(info.value) and "\n" not in str(info.value)
    unknown = Judgements(pair=(Judgement(a="build-divide", b="no-such-game", score=3, reason="a reason"),) * 3)
    with pytest.raises(AmalogsError, match="no-such-game"):
        agreement(catalog, unknown)
