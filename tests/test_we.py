"""WE考課: the appraisal procedure, its criteria, and pages that disagree with it."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest

import amalogs.ontology.we as we_module
from amalogs.catalog import Catalog
from amalogs.checks import check_page
from amalogs.models.game import GameProfile
from amalogs.models.mapping import Override
from amalogs.ontology.we import appraise, range_of

from .conftest import Cli


def _with_resources(profile: GameProfile, **changes: Any) -> GameProfile:
    resources = profile.resources.model_copy(update=changes)
    return profile.model_copy(update={"resources": resources})


def test_build_divide_is_we3_range2(catalog: Catalog) -> None:
    a = appraise(catalog.game("build-divide").profile)
    assert (a.we, a.range) == (3, 2)
    assert a.reasons[-1].answer == "no: most cards can serve as a resource"


@pytest.mark.parametrize(("game", "we"), [("sengoku-taisen", 3), ("guild-heroes", 3), ("break-joker", 4)])
def test_each_seed_game_gets_a_reasoned_we(catalog: Catalog, game: str, we: int) -> None:
    a = appraise(catalog.game(game).profile)
    assert a.we == we
    assert a.reasons and a.reasons[-1].leads_to.startswith(f"WE{we}")
    assert catalog.game(game).page.we.we == we


def test_no_costs_is_we4(catalog: Catalog) -> None:
    profile = _with_resources(catalog.game("build-divide").profile, costs=False)
    assert appraise(profile).we == 4


def test_dedicated_resource_cards_are_we2(catalog: Catalog) -> None:
    profile = _with_resources(catalog.game("build-divide").profile, source="dedicated-cards")
    a = appraise(profile)
    assert a.we == 2
    assert a.reasons[-1].answer == "no: resource cards stay and are reused"


@pytest.mark.parametrize("change", [{"consumed_on_use": True}, {"kept_between_turns": False}])
def test_dedicated_cards_held_back_further_are_we1(catalog: Catalog, change: dict[str, bool]) -> None:
    profile = _with_resources(catalog.game("build-divide").profile, source="dedicated-cards", **change)
    assert appraise(profile).we == 1


def test_a_separate_resource_deck_and_a_counter_are_we3(catalog: Catalog) -> None:
    """Dedicated resource cards that come from a deck of their own are never searched for in the main deck
    (the published reason for WE3), and neither are points on a counter."""
    from amalogs.models.game import ResourceCounter

    base = catalog.game("build-divide").profile
    deck = appraise(_with_resources(base, source="dedicated-cards", deck="d-deck"))
    assert deck.we == 3 and "separate resource deck (d-deck)" in deck.reasons[-1].answer
    counter = appraise(_with_resources(base, source="automatic", counter=ResourceCounter()))
    assert counter.we == 3 and "points on a counter" in counter.reasons[-1].answer


def test_range_is_five_minus_we() -> None:
    assert [range_of(w) for w in (1, 2, 3, 4)] == [4, 3, 2, 1]


def test_a_page_disagreeing_with_the_appraisal_fails_unless_overridden(catalog: Catalog) -> None:
    game = catalog.game("build-divide")
    profile = _with_resources(game.profile, source="dedicated-cards")
    problems = list(check_page(game.page, profile))
    assert problems == [
        (
            "we.we",
            "declares WE3 but the appraisal gives WE2 (resources build up, but specific resource cards must be "
            "drawn from the main deck); correct it or add [we.override] with a reason",
        )
    ]
    override = Override(we=3, reason="plays like WE3")
    page = game.page.model_copy(update={"we": game.page.we.model_copy(update={"override": override})})
    assert list(check_page(page, profile)) == []


def test_the_docstring_example_runs() -> None:
    failures, _ = doctest.testmod(we_module)
    assert failures == 0


def test_we_shows_the_questions_of_a_game_left_out_for_its_declared_we(tmp_path: Path, cli: Cli) -> None:
    """A page whose declared WE the appraisal disagrees with leaves its game out of every command, but
    ``amalogs we GAME`` still shows the questions and answers, the disagreement first."""
    import shutil

    rule_games = Path(__file__).parent / "data" / "rule-games"
    shutil.copytree(rule_games / "games" / "spark-rally", tmp_path / "games" / "spark-rally")
    (tmp_path / "mappings").mkdir()
    page = (rule_games / "mappings" / "spark-rally.toml").read_text(encoding="utf-8")
    assert "we = 3\nrange = 2" in page
    (tmp_path / "mappings" / "spark-rally.toml").write_text(page.replace("we = 3\nrange = 2", "we = 2\nrange = 3"),
                                                            encoding="utf-8")
    code, out, err = cli("--data-root", str(tmp_path), "--width", "200", "we", "SR")
    assert code == 0, err
    lines = [line.strip("│ ") for line in out.splitlines()]
    first = next(k for k, line in enumerate(lines) if "declares WE2" in line)
    assert first < next(k for k, line in enumerate(lines) if "WE考課" in line)
    assert "Must specific resource cards be found in the deck?" in out and "separate resource deck" in out
    assert "left out game 'spark-rally'" in err
    code, _, err = cli("--data-root", str(tmp_path), "match", "SR", "BD")
    assert code == 1 and "declares WE2" in err
