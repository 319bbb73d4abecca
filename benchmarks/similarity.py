"""Similarity at scale (goal: 100 synthetic games, all pairwise similarities, under 2 s).

Makes 100 games that really differ by varying the shipped ones as data: native keywords, zones and phases
renamed (ids and names, everywhere the profile and the page use them), some keywords, colours and phases
dropped, other stat, damage and life systems (SPS or DDS, any life system, any stat system the page's stats
allow), and other resource facts, so the WE appraisal gives WE 1–4 (the page declares what it gives). The
games are written as data files and loaded through the strict loader, so each is valid; the benchmark
prints how many distinct signatures (what the measures read) they have, and their WEs and systems.

Then it times what `amalogs --data-root <them> similarity` does once start-up and loading are over — the
full matrix of every game it shows (the 100 and the shipped ones), the nearest neighbours and the printed
table (or with ``--json`` the JSON), the matrix alone timed too — and what `amalogs compare` does for three
of the synthetic games (every field side by side, the breakdown of the three pairs, the card pools). Output
is rendered to text at 120 columns, as the commands render it.

    python benchmarks/similarity.py
    python benchmarks/similarity.py --games 200 --seed 7 --json
"""

from __future__ import annotations

import argparse
import io
import json
import random
import tempfile
import time
import tomllib
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import tomli_w

from amalogs.catalog import Catalog, Game, load_catalog, shipped_root
from amalogs.cli.output import make_console
from amalogs.compare.cardpool import pool_stats
from amalogs.compare.similarity import Resolver, compare, matrix, signature
from amalogs.compare.table import field_rows
from amalogs.ontology.terms import DamageSystem, LifeSystem, StatSystem
from amalogs.report.compare import (
    breakdown_view,
    fields_view,
    matrix_view,
    nearest,
    pool_view,
)

GOAL_SECONDS = 2.0
COMPARED = 3  # games given to one `amalogs compare` (as in the README: compare BD SGK GH)

# Resource facts that make the appraisal give each WE (amalogs.ontology.we).
WE_FACTS: dict[int, dict[str, Any]] = {
    4: {"costs": False},
    3: {"costs": True, "grows": True, "source": "automatic"},
    2: {"costs": True, "grows": True, "source": "dedicated-cards", "consumed_on_use": False,
        "kept_between_turns": True},
    1: {"costs": True, "grows": True, "source": "dedicated-cards", "consumed_on_use": True},
}
STAT_NEEDS = {StatSystem.BP: {"BP"}, StatSystem.APDP: {"AP", "DP"}, StatSystem.SUBSTITUTED_BP: {"BP"},
              StatSystem.HP: {"HP"}}
SYSTEMS = {str(x) for enum in (StatSystem, DamageSystem, LifeSystem) for x in enum}


# --- making the games --------------------------------------------------------------------------------------


def _replace(node: Any, old: str, new: str) -> None:
    """Make every string value equal to ``old`` inside ``node`` ``new``, in place."""
    keys = node.keys() if isinstance(node, dict) else range(len(node)) if isinstance(node, list) else ()
    for key in keys:
        if node[key] == old:
            node[key] = new
        else:
            _replace(node[key], old, new)


def _rename(profile: dict[str, Any], page: dict[str, Any], items: list[dict[str, Any]], rng: random.Random,
            n: int) -> None:
    """Some of ``items`` (native terms of the profile) under new ids and names, in the profile and the page."""
    items = [item for item in items if item["id"] != profile["id"]]  # a term named like its game keeps its id
    for item in rng.sample(items, k=max(1, len(items) // 2)) if items else []:
        old, new = item["id"], f"{item['id']}-v{n}"
        item["name"] = f"{item['name']}・改{n}"
        _replace(profile, old, new)
        _replace(page, old, new)


def _drop(profile: dict[str, Any], page: dict[str, Any], section: str, page_section: str, rng: random.Random) -> None:
    """Drop some native terms of a profile section together with their page entries (unless the rest of the
    profile names them)."""
    items = profile.get(section, [])
    dropped = {item["id"] for item in items if rng.random() < 0.3}
    if dropped and not _referenced(profile, dropped, section):
        profile[section] = [item for item in items if item["id"] not in dropped]
        page[page_section] = [e for e in page.get(page_section, []) if e.get("native") not in dropped]


def _referenced(profile: dict[str, Any], ids: set[str], section: str) -> bool:
    """Whether anything in the profile but ``section`` names one of ``ids``."""
    rest = {k: v for k, v in profile.items() if k != section}
    return bool(ids & set(_strings(rest)))


def _strings(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [*node, *(s for v in node.values() for s in _strings(v))]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return [node] if isinstance(node, str) else []


def _systems(page: dict[str, Any], rng: random.Random) -> None:
    """Another damage system, life system and (where the page's stats allow it) stat system."""
    rules = [r for r in page["keyword_rules"] if r["rule"] not in SYSTEMS]
    mapped = {e.get("stat") for e in page.get("status", [])}
    stats = [s for s, needs in STAT_NEEDS.items() if needs <= mapped]
    chosen = [rng.choice(list(DamageSystem)), rng.choice(list(LifeSystem)),
              *([rng.choice(stats)] if stats and rng.random() < 0.8 else [])]
    page["keyword_rules"] = rules + [{"rule": str(x), "note": "varied by the benchmark"} for x in chosen]


def variant(profile: dict[str, Any], page: dict[str, Any], rng: random.Random, n: int) -> None:
    """Make a shipped game's profile and page (parsed TOML) one synthetic game, in place."""
    old_id = profile["id"]
    _replace(profile, old_id, f"syn-{n}")
    _replace(page, old_id, f"syn-{n}")
    profile["name"], profile["aliases"] = f"{profile['name']} 変種{n}", []
    page["abbreviation"] = f"S{n}"
    _drop(profile, page, "keywords", "unified_keywords", rng)
    _drop(profile, page, "colours", "colours", rng)
    phases = profile["turn"]["phases"]
    kept = [p for p in phases if rng.random() > 0.3] or phases[:1]
    if not _referenced(profile, {p["id"] for p in phases} - {p["id"] for p in kept}, "turn"):
        profile["turn"]["phases"] = kept
    for section in (profile.get("keywords", []), profile.get("zones", []), profile["turn"]["phases"]):
        _rename(profile, page, section, rng, n)
    _systems(page, rng)
    we = rng.randint(1, 4)
    profile["resources"] |= WE_FACTS[we]
    page["we"] = {"we": we, "range": 5 - we}


def write_games(root: Path, count: int, seed: int) -> None:
    """``count`` synthetic games as data files under ``root`` (profiles and pages; no cards or decks)."""
    rng = random.Random(seed)
    shipped = sorted((shipped_root() / "games").iterdir())
    for n in range(count):
        folder = rng.choice(shipped)
        profile = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
        page = tomllib.loads((shipped_root() / "mappings" / f"{folder.name}.toml").read_text(encoding="utf-8"))
        variant(profile, page, rng, n)
        (root / "games" / f"syn-{n}").mkdir(parents=True)
        (root / "games" / f"syn-{n}" / "game.toml").write_text(tomli_w.dumps(profile), encoding="utf-8")
        (root / "mappings").mkdir(exist_ok=True)
        (root / "mappings" / f"syn-{n}.toml").write_text(tomli_w.dumps(page), encoding="utf-8")


# --- timing the commands' paths ----------------------------------------------------------------------------


def similarity_command(catalog: Catalog, games: list[Game], as_json: bool) -> str:
    """What `amalogs similarity` computes and prints, rendered to text."""
    m = matrix(games, catalog.ontology)
    if as_json:
        data = {
            "games": [g.id for g in games],
            "similarity": [[round(b.similarity, 6) for b in row] for row in m],
            "distances": [[{k: round(v, 6) for k, v in b.distances.items()} for b in row] for row in m],
            "nearest": {a: {"game": b, "similarity": round(s, 6)} for a, b, s in nearest(m)},
        }
        return json.dumps(data, ensure_ascii=False, indent=2)
    return _render(matrix_view(m, {g.id: g.page.abbreviation for g in games}))


def compare_command(catalog: Catalog, chosen: list[Game]) -> str:
    """What `amalogs compare A B …` computes and prints, rendered to text."""
    sigs = {g.id: signature(g) for g in chosen}
    resolver = Resolver(catalog.ontology)
    pairs = [compare(sigs[a.id], sigs[b.id], resolver) for a, b in combinations(chosen, 2)]
    names = {g.id: g.page.abbreviation for g in chosen}
    return _render(fields_view(field_rows(chosen), chosen), breakdown_view(pairs, names),
                   pool_view([pool_stats(catalog, g) for g in chosen], names))


def _render(*renderables: Any) -> str:
    console = make_console(120)
    console.file = io.StringIO()
    for renderable in renderables:
        console.print(renderable)
    return console.file.getvalue()


def describe(catalog: Catalog, games: list[Game], loading: float) -> str:
    """How much the synthetic games differ: distinct signatures, WEs, systems, the spread of similarities."""
    sigs = [signature(g) for g in games]
    distinct = len({(tuple(sorted(s.concepts)), s.phases, s.stat, s.damage, s.life, s.we) for s in sigs})
    assert distinct >= 0.9 * len(games), "the synthetic games are too much alike"
    m = matrix(games, catalog.ontology)
    assert all(abs(m[i][j].similarity - m[j][i].similarity) < 1e-12 for i in range(len(m)) for j in range(len(m)))
    spread = sorted(b.similarity for i, row in enumerate(m) for b in row[i + 1:])
    return (f"{len(games)} synthetic games (loaded and validated in {loading:.2f} s): {distinct} distinct signatures; "
            f"WE {dict(sorted(Counter(s.we for s in sigs).items()))}; {len({(s.stat, s.damage, s.life) for s in sigs})} "
            f"system combinations; similarity between two of them: min {spread[0]:.3f}, median "
            f"{spread[len(spread) // 2]:.3f}, max {spread[-1]:.3f}")


def timed(run: Any) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="time `amalogs similarity --json`")
    parser.add_argument("--repeat", type=int, default=3)
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="amalogs-similarity-") as folder:
        write_games(Path(folder), opts.games, opts.seed)
        start = time.perf_counter()
        catalog = load_catalog([Path(folder)])  # strict: every synthetic game is valid
        loading = time.perf_counter() - start
        print(describe(catalog, [g for g in catalog.games.values() if g.id.startswith("syn-")], loading))
        games = list(catalog.games.values())  # what the command shows: the shipped games too
        seconds = min(timed(lambda: similarity_command(catalog, games, opts.json)) for _ in range(opts.repeat))
        alone = min(timed(lambda: matrix(games, catalog.ontology)) for _ in range(opts.repeat))
        pairs = len(games) * (len(games) - 1) // 2
        print(f"amalogs similarity{' --json' if opts.json else ''}: {len(games)} games, {pairs} pairs, best of "
              f"{opts.repeat}: {seconds:.3f} s (the matrix alone {alone:.3f} s)   goal < {GOAL_SECONDS} s: "
              f"{'met' if seconds < GOAL_SECONDS else 'MISSED'}")
        chosen = games[-COMPARED:]
        compared = min(timed(lambda: compare_command(catalog, chosen)) for _ in range(opts.repeat))
        print(f"amalogs compare with {len(chosen)} synthetic games ({len(chosen) * (len(chosen) - 1) // 2} pairs), "
              f"best of {opts.repeat}: {compared:.3f} s")
    return 0 if seconds < GOAL_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
