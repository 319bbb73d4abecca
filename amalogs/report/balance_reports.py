"""The balance report of the shipped decks in ``reports/balance/``: the tournaments behind it, their rows, and
how ``amalogs report --check`` knows they are current without playing them all again.

The rows of each tournament are committed (``reports/balance/rows-*.csv``); the report (Markdown, HTML, CSV,
JSON and the heatmap) is rendered from them. ``--check`` renders the report again from the committed rows and
compares it byte for byte, checks that each rows file holds exactly the matches of its tournament, and plays
a fixed subset again — the first seed of every ordered pairing — comparing those rows with the committed ones:
a rules change that alters any match of the subset makes the check fail, and ``amalogs report`` then plays the
tournaments again.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from amalogs.catalog import Catalog

__all__ = ["TOURNAMENTS", "Tournament", "balance_texts", "check_balance", "play_balance"]

FOLDER = "balance"


@dataclass(frozen=True)
class Tournament:
    """One tournament of the report: its rows file, players, matches per ordered pairing, and decks (every
    shipped deck; else one deck per game, the first of its sample decks). ``report --check`` plays the first
    seed of every pairing again, or of ``check`` pairings spread over the schedule (a search player's matches
    take seconds each)."""

    rows: str
    players: str
    n: int
    all_decks: bool = True
    seed: int = 1
    turn_cap: int = 60
    check: int = 0

    def decks(self, catalog: Catalog) -> list[str]:
        if self.all_decks:
            return []
        return [f"{g}:{sorted(catalog.decks(g))[0]}" for g in catalog.games if catalog.decks(g)]


TOURNAMENTS = (
    Tournament("rows-random.csv", "random", 20),
    Tournament("rows-greedy.csv", "greedy", 6),
    Tournament("rows-search.csv", "search", 6, all_decks=False, check=6),
)
"""The tournaments the shipped balance report is made of."""


def _plan(catalog: Catalog, t: Tournament) -> tuple[Any, list[Any]]:
    from amalogs.referee.sessions.tournament import Plan, entries, schedule

    chosen = entries(catalog, t.decks(catalog))
    return Plan(catalog, tuple(chosen), t.turn_cap), schedule(len(chosen), t.n, t.seed, [(t.players, t.players)])


def play_balance(catalog: Catalog, out: Path, jobs: int | None = None) -> list[Path]:
    """Make each tournament's rows current: kept when its subset plays again identically, else played anew."""
    from amalogs.referee.sessions.tournament import run_scheduled

    written = []
    for t in TOURNAMENTS:
        path = out / FOLDER / t.rows
        current = path.is_file() and not _stale(catalog, t, path)
        plan, jobs_list = _plan(catalog, t)
        run_scheduled(plan, jobs_list, jobs, rows=path, force=not current)
        written.append(path)
    return written


def _stale(catalog: Catalog, t: Tournament, path: Path) -> str | None:
    """Why a committed rows file is not current (None when it is)."""
    from amalogs.errors import AmalogsError
    from amalogs.referee.sessions.runner import cores
    from amalogs.referee.sessions.tournament import play_rows, read_rows

    try:
        rows = read_rows(path)
    except AmalogsError as exc:
        return str(exc)
    plan, jobs_list = _plan(catalog, t)
    keys = [(j.seed, plan.turn_cap, plan.entries[j.first].ref, j.players[0], plan.entries[j.second].ref,
             j.players[1]) for j in jobs_list]
    if [r.key() for r in rows] != keys:
        return "its matches are not those of its tournament (decks, seeds or players changed)"
    subset = [k for k, j in enumerate(jobs_list) if j.seed == t.seed]
    if t.check:
        subset = subset[::max(1, len(subset) // t.check)][:t.check]
    again = list(play_rows(plan, [jobs_list[k] for k in subset], workers=cores()))
    for k, row in zip(subset, again, strict=True):
        if rows[k].model_dump() != row:
            return (f"the match on line {k + 2} ({row['deck1']} vs {row['deck2']}, seed {row['seed']}) now plays "
                    "differently")
    return None


def balance_texts(catalog: Catalog, out: Path) -> tuple[dict[str, str], dict[str, tuple[str, Any]]]:
    """The report's text files and its picture (digest, draw) rendered from the rows in ``out``; nothing when
    a rows file is missing (the check names it)."""
    import hashlib
    import json

    from amalogs.errors import AmalogsError
    from amalogs.referee.sessions.tournament import read_rows
    from amalogs.report.balance import balance, heatmap_values, render

    try:
        rows = [r for t in TOURNAMENTS for r in read_rows(out / FOLDER / t.rows)]
    except AmalogsError:
        return {}, {}
    b = balance(rows, catalog)
    texts = {f"{FOLDER}/balance.{fmt}": str(render(b, fmt, "balance.png" if fmt in ("md", "html") else None))
             for fmt in ("md", "html", "csv", "json")}
    values = [heatmap_values(b, s) for s in b.settings]
    digest = hashlib.sha256(json.dumps(values, ensure_ascii=False).encode("utf-8")).hexdigest()
    return texts, {f"{FOLDER}/balance.png": (digest, lambda: render(b, "png"))}


def check_balance(catalog: Catalog, out: Path) -> list[str]:
    """One line per rows file that is missing, not its tournament's, or plays differently now."""
    stale = []
    for t in TOURNAMENTS:
        path = out / FOLDER / t.rows
        if not path.is_file():
            stale.append(f"{path}: missing")
            continue
        why = _stale(catalog, t, path)
        if why:
            stale.append(f"{path}: out of date: {why}")
    return stale
