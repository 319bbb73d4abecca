"""Batches over cores: `amalogs match A B -n N --jobs K` plays the same seeded matches in K processes and gives
the summary `--jobs 1` gives."""

from __future__ import annotations

from amalogs.catalog import Catalog
from amalogs.referee.sessions.runner import resolve_side, run_batch, run_many

from .conftest import Cli


def test_a_batch_over_processes_sums_to_the_same_summary(catalog: Catalog) -> None:
    sides = (resolve_side(catalog, "GH"), resolve_side(catalog, "SGK"))
    alone = run_many(catalog, sides, 7, ("random", "greedy"), 23, turn_cap=40)
    done: list[int] = []
    split = run_batch(catalog, sides, 7, ("random", "greedy"), 23, turn_cap=40, progress=done.append, jobs=3)
    assert split == alone and sum(done) == 23 and len(done) > 1
    assert list(split.reasons) == list(alone.reasons)  # the same order too, so the printed table is the same


def test_the_command_prints_the_same_summary_with_any_number_of_jobs(cli: Cli) -> None:
    outputs = [cli("match", "BD", "GH", "-n", "40", "--seed", "3", "--jobs", str(jobs)) for jobs in (1, 2)]
    assert outputs[0][0] == outputs[1][0] == 0
    assert outputs[0][1] == outputs[1][1] and "40 matches" in outputs[0][1]
    code, _, err = cli("match", "BD", "GH", "-n", "4", "--jobs", "0")
    assert code == 2 and "--jobs" in err
