"""``amalogs report``: regenerate ``reports/`` from the data, or check that the committed reports are current.

Text reports (Markdown, HTML, CSV, JSON, GraphML) are compared byte for byte. Pictures, and the interactive
atlas page (``atlas.html``: a drawing too, its coordinates measured with the font), are compared by what they
show: ``manifest.json`` records, for each picture, a digest of the data it was drawn from (graph
nodes, edges and labels; matrix values) and of :data:`PICTURE_STYLE`. A picture is stale when that data
changes; the PNG bytes themselves are not compared, because they depend on the installed matplotlib and
FreeType versions.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

from amalogs.catalog import Catalog, Game
from amalogs.compare.cardpool import PoolStats, pool_stats
from amalogs.compare.graphs import atlas, game_graph
from amalogs.compare.similarity import MEASURE_WEIGHTS, Breakdown, matrix
from amalogs.compare.table import comparison_rows, html_document, render_table
from amalogs.convert.native import show
from amalogs.ontology.we import appraise
from amalogs.report.compare import nearest
from amalogs.report.exports import export_graph
from amalogs.report.page import page_markdown
from amalogs.writer import write_bytes

if TYPE_CHECKING:
    from amalogs.report.atlas import AtlasLayout

__all__ = ["Report", "build_reports", "write_reports", "check_reports", "PICTURE_STYLE"]

MAP_JSON_VERSION = 1
"""The version of the maps' JSON: ``amalogs.cli.output.OUTPUT_VERSION``, as ``convert-map --format json`` writes it
(tests/test_convert_map.py checks the two agree)."""

PICTURE_STYLE = "1"
"""Bump when the drawing code changes how pictures look, so --check asks for new pictures."""


@dataclass(frozen=True)
class Report:
    """Everything ``reports/`` should hold: text files by relative path, and pictures to draw."""

    texts: dict[str, str]
    pictures: dict[str, tuple[str, Callable[[], bytes]]]

    def manifest(self) -> str:
        data = {"style": PICTURE_STYLE, "pictures": {path: digest for path, (digest, _) in sorted(self.pictures.items())}}
        return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def _digest(*parts: object) -> str:
    text = json.dumps([PICTURE_STYLE, *parts], ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _graph_digest(g: nx.DiGraph) -> str:
    nodes = sorted((str(n), sorted((k, str(v)) for k, v in d.items())) for n, d in g.nodes(data=True))
    edges = sorted((str(a), str(b), sorted((k, str(v)) for k, v in d.items())) for a, b, d in g.edges(data=True))
    return _digest(nodes, edges)


def _graph_picture(g: nx.DiGraph, title: str) -> tuple[str, Callable[[], bytes]]:
    from amalogs.report.pictures import draw_graph

    return _graph_digest(g), lambda: draw_graph(g, "png", title=title)


def _atlas_pictures(world: nx.DiGraph, games: list[Game], m: list[list[Breakdown]],
                    ) -> dict[str, tuple[str, Callable[[], bytes]]]:
    """``atlas.png`` and the interactive ``atlas.html``, from one layout (made when the first is drawn)."""
    from functools import cache

    ids, distances = [g.id for g in games], [[b.distance for b in row] for row in m]
    digest = _digest("atlas", _graph_digest(world), ids, [[round(d, 6) for d in row] for row in distances])

    @cache
    def layout() -> AtlasLayout:
        from amalogs.report.atlas import atlas_layout

        return atlas_layout(world, ids, distances)

    def png() -> bytes:
        from amalogs.report.atlas_picture import draw_atlas

        return draw_atlas(layout(), "png", title="AMALOGS atlas")

    def html() -> bytes:
        from amalogs.report.atlas_page import atlas_page

        return atlas_page(layout()).encode("utf-8")

    return {"atlas.png": (digest, png), "atlas.html": (digest, html)}


def _heatmap_picture(m: list[list[Breakdown]], labels: list[str]) -> tuple[str, Callable[[], bytes]]:
    from amalogs.report.pictures import heatmap

    values = [[round(b.similarity, 3) for b in row] for row in m]
    return _digest(values, labels), lambda: heatmap(values, labels, "png", title="AMALOGS similarity")


def _similarity_md(m: list[list[Breakdown]], games: list[Game]) -> str:
    names = {g.id: g.page.abbreviation for g in games}
    head = "| | " + " | ".join(names[g.id] for g in games) + " |\n|---|" + "---|" * len(games) + "\n"
    rows = "".join(f"| **{names[row[0].a]}** | " + " | ".join(f"{b.similarity:.3f}" for b in row) + " |\n" for row in m)
    near = "| game | nearest | similarity |\n|---|---|---|\n" + "".join(
        f"| {names[a]} | {names[b]} | {s:.3f} |\n" for a, b, s in nearest(m))
    weights = ", ".join(f"{k} × {v}" for k, v in MEASURE_WEIGHTS.items())
    pairs = "| pair | " + " | ".join(MEASURE_WEIGHTS) + " | distance | similarity |\n|---|" + "---|" * (len(MEASURE_WEIGHTS) + 2) + "\n"
    for i, row in enumerate(m):
        for b in row[i + 1:]:
            cells = " | ".join(f"{b.distances[k]:.3f} (→ {b.parts[k]:.3f})" for k in MEASURE_WEIGHTS)
            pairs += f"| {names[b.a]} – {names[b.b]} | {cells} | {b.distance:.3f} | {b.similarity:.3f} |\n"
    return (
        "# AMALOGS similarity\n\n1 = the same game. Combined distance = " + weights + " (see `amalogs.compare."
        "similarity`); similarity = 1 − distance.\n\n![similarity heatmap](similarity.png)\n\n" + head + rows
        + "\n## Nearest neighbour\n\n" + near + "\n## Breakdown\n\nEach cell: distance (→ weighted part); the parts "
        "add up to the distance.\n\n" + pairs
    )


def _pool_md(stats: PoolStats) -> str:
    if not stats.cards:
        return "_No cards shipped._\n"
    lines = [f"{stats.cards} cards.\n", "| 大コスト | " + " | ".join(str(c) for c in stats.cost_curve) + " |",
             "|---|" + "---|" * len(stats.cost_curve), "| cards | " + " | ".join(str(n) for n in stats.cost_curve.values()) + " |\n"]
    for stat, values in stats.battle.items():
        mean = stats.mean(stat)
        dist = ", ".join(f"{show(v)}×{n}" for v, n in values.items())
        lines.append(f"- **{stat}** (mean {mean:.2f}): {dist}")
    if stats.sp:
        lines.append("- **SP**: " + ", ".join(f"{show(v)}×{n}" for v, n in stats.sp.items()))
    lines.append("- **genera**: " + ", ".join(f"{k} {n}" for k, n in stats.genera.items()))
    if stats.keywords:
        lines.append("- **unified keywords**: " + ", ".join(f"{k} {n}" for k, n in stats.keywords.items()))
    if stats.native_keywords:
        lines.append("- **native-only keywords**: " + ", ".join(f"{k} {n}" for k, n in stats.native_keywords.items()))
    return "\n".join(lines) + "\n"


def _game_md(catalog: Catalog, game: Game) -> str:
    p, a = game.profile, appraise(game.profile)
    reasons = "| # | question | answer | → |\n|---|---|---|---|\n" + "".join(
        f"| {i} | {r.question} | {r.answer.replace('|', '/')} | {r.leads_to} |\n" for i, r in enumerate(a.reasons, 1))
    return (
        f"# {p.name} ({game.page.abbreviation})\n\n{p.en} · id `{p.id}` · WE{a.we} = レンジ{a.range}\n\n"
        f"{p.overview.summary}\n\n![graph of {p.id}]({p.id}.png)\n\n"
        f"## WE考課 (WE appraisal)\n\n{a.criterion}\n\n{reasons}\n"
        f"## Card pool (canonical)\n\n{_pool_md(pool_stats(catalog, game))}\n"
        f"## AMALOGS page\n\n{page_markdown(game, catalog.ontology, level=3)}\n"
        "## Sources\n\n" + "".join(f"- {s}\n" for s in p.sources)
    )


def _map_names(games: list[Game]) -> dict[str, str]:
    """Each game's name in a map's file name: its 略称 in letters and digits (Z/X → ZX), or its id where that
    is empty or taken."""
    short = {g.id: "".join(ch for ch in g.page.abbreviation if ch.isascii() and ch.isalnum()) for g in games}
    taken = list(short.values())
    return {k: v if v and taken.count(v) == 1 else k for k, v in short.items()}


def _maps(catalog: Catalog, games: list[Game]) -> dict[str, str]:
    """``maps/``: the conversion map of every ordered pair of games (Markdown, HTML and JSON), and
    ``maps/README.md``, a matrix linking them all. No pictures: drawing 42 of them would add about 25 s to
    ``amalogs report``; ``amalogs convert-map A B --picture FILE`` draws one."""
    from amalogs.convert.gamemap import game_map
    from amalogs.convert.native import Fidelity
    from amalogs.report.gamemap import map_json, map_markdown, map_title

    names = _map_names(games)
    texts: dict[str, str] = {}
    kept: dict[tuple[str, str], str] = {}
    for a in games:
        for b in games:
            if a is b:
                continue
            m = game_map(a, b, catalog.ontology, catalog.cards(a.id), catalog.cards(b.id))
            stem = f"{names[a.id]}-{names[b.id]}"
            md = map_markdown(m)
            texts[f"maps/{stem}.md"] = md
            texts[f"maps/{stem}.html"] = html_document(f"Conversion map: {map_title(m)}", md)
            texts[f"maps/{stem}.json"] = map_json(m, MAP_JSON_VERSION)
            kept[a.id, b.id] = f"[{len(m.rows) - m.counts()[Fidelity.DROPPED]} of {len(m.rows)}]({stem}.md)"
    head = "| from \\ into | " + " | ".join(g.page.abbreviation for g in games) + " |\n|---|" + "---|" * len(games) + "\n"
    body = "".join(f"| **{a.page.abbreviation}** | " + " | ".join("—" if a is b else kept[a.id, b.id] for b in games)
                   + " |\n" for a in games)
    links = "".join(f"- {a.page.abbreviation} → {b.page.abbreviation}: [{a.profile.name} → {b.profile.name}]"
                    f"({names[a.id]}-{names[b.id]}.md)\n" for a in games for b in games if a is not b)
    index = ("# Conversion maps\n\nFor every ordered pair of games, every card type, stat, keyword, zone, colour, "
             "resource, spell speed and system of the first and where it lands in the second, with the fidelity of "
             "each and what is lost (`amalogs convert-map A B`; docs/convert-map.md). Each map comes as Markdown, "
             "HTML and JSON; `amalogs convert-map A B --picture map.svg` draws one.\n\nEach cell: how many terms of "
             "the row's game land somewhere in the column's game (are not dropped), of all its terms.\n\n"
             + head + body + "\n## Every map\n\n" + links)
    texts["maps/README.md"] = index
    texts["maps/README.html"] = html_document("Conversion maps", index.replace(".md)", ".html)"))
    return texts


def _index_md(games: list[Game]) -> str:
    links = "".join(f"- [{g.profile.name} ({g.page.abbreviation})](games/{g.id}.md)\n" for g in games)
    return (
        "# amalogs reports\n\nGenerated by `amalogs report` from the shipped data; `amalogs report --check` (run by "
        "CI) fails when any of them is out of date. Text files are compared byte for byte; pictures by a digest "
        "of the data they show (`manifest.json`).\n\n"
        "- [Comparison table](comparison.md) ([HTML](comparison.html), [CSV](comparison.csv), [JSON](comparison.json))\n"
        "- [Similarity matrix and breakdown](similarity.md) ([HTML](similarity.html), [JSON](similarity.json))\n"
        "- [Atlas](atlas.png) of every game through the ontology: games placed by similarity, each canonical term "
        "between the games that map it ([interactive atlas](atlas.html): hover a term to see where each game maps "
        "it, filter by section; [GraphML](atlas.graphml) for Gephi)\n"
        "- [Conversion maps](maps/README.md) of every ordered pair of games: each term of one game, where it lands "
        "in the other, its fidelity and what is lost\n"
        "- [Balance of the shipped decks](balance/balance.md): tournaments of every deck against every other, "
        "win rates, ratings and unfair pairings ([HTML](balance/balance.html), [CSV](balance/balance.csv), "
        "[JSON](balance/balance.json))\n"
        "- [Converted decks in play](conversion/decks.md): every sample deck converted into every other game, its "
        "deck check, and its win rate and cards played in seeded matches against the target's own decks "
        "([CSV](conversion/decks.csv))\n\n"
        f"## Games\n\n{links}\n![atlas](atlas.png)\n\n![similarity](similarity.png)\n"
    )


def build_reports(catalog: Catalog, out: Path | None = None) -> Report:
    """Work out every report file (text now, pictures on demand); the balance report from the rows in ``out``."""
    games = list(catalog.games.values())
    texts: dict[str, str] = {}
    rows = comparison_rows(catalog, games)
    for fmt in ("md", "html", "csv", "json"):
        texts[f"comparison.{fmt}"] = render_table(rows, games, fmt)
    m = matrix(games, catalog.ontology)
    sim_md = _similarity_md(m, games)
    texts["similarity.md"] = sim_md
    texts["similarity.html"] = html_document("AMALOGS similarity", sim_md)
    texts["similarity.json"] = json.dumps({"games": [g.id for g in games],
                                           "similarity": [[round(b.similarity, 6) for b in row] for row in m]},
                                          ensure_ascii=False, indent=2) + "\n"
    world = atlas(games, catalog.ontology)
    texts["atlas.graphml"] = export_graph(world, "graphml").decode("utf-8")
    pictures = {**_atlas_pictures(world, games, m),
                "similarity.png": _heatmap_picture(m, [g.page.abbreviation for g in games])}
    for g in games:
        md = _game_md(catalog, g)
        texts[f"games/{g.id}.md"] = md
        texts[f"games/{g.id}.html"] = html_document(g.profile.name, md)
        pictures[f"games/{g.id}.png"] = _graph_picture(game_graph(g, catalog.ontology), g.profile.name)
    texts.update(_maps(catalog, games))
    if out is not None:
        from amalogs.report.balance_reports import balance_texts

        from amalogs.report.conversion_trials import trial_texts

        balance, picture = balance_texts(catalog, out)
        texts.update(balance)
        pictures.update(picture)
        texts.update(trial_texts(catalog, out))
    index = _index_md(games)
    texts["README.md"] = index
    texts["index.html"] = html_document("amalogs reports", index.replace(".md)", ".html)"))
    return Report(texts, pictures)


def write_reports(catalog: Catalog, out: Path) -> list[Path]:
    """Write every report into ``out``; returns the paths written. The balance tournaments are played again
    only when their committed rows are not current (:mod:`amalogs.report.balance_reports`)."""
    from amalogs.report.balance_reports import play_balance

    from amalogs.report.conversion_trials import play_trials

    written = [*play_balance(catalog, out), play_trials(catalog, out)]
    report = build_reports(catalog, out)
    for rel, text in sorted(report.texts.items()):
        write_bytes(out / rel, text.encode("utf-8"))
        written.append(out / rel)
    for rel, (_, draw) in sorted(report.pictures.items()):
        write_bytes(out / rel, draw())
        written.append(out / rel)
    write_bytes(out / "manifest.json", report.manifest().encode("utf-8"))
    return [*written, out / "manifest.json"]


def check_reports(catalog: Catalog, out: Path) -> list[str]:
    """One line per report file that is missing or out of date (empty when all are current)."""
    from amalogs.report.balance_reports import check_balance
    from amalogs.report.conversion_trials import check_trials

    report = build_reports(catalog, out)
    stale = [*check_balance(catalog, out), *check_trials(catalog, out)]
    for rel, text in sorted(report.texts.items()):
        path = out / rel
        if not path.is_file():
            stale.append(f"{path}: missing")
        elif path.read_bytes() != text.encode("utf-8"):
            stale.append(f"{path}: out of date")
    manifest = out / "manifest.json"
    recorded = json.loads(manifest.read_text(encoding="utf-8")) if manifest.is_file() else {}
    for rel, (digest, _) in sorted(report.pictures.items()):
        path = out / rel
        if not path.is_file():
            stale.append(f"{path}: missing")
        elif recorded.get("style") != PICTURE_STYLE or recorded.get("pictures", {}).get(rel) != digest:
            stale.append(f"{path}: drawn from data that has changed")
    return stale
