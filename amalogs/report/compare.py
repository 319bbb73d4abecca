"""Rich renderables for comparisons: the first screen (what is alike, what differs most), the games term by term
in the AMALOGS vocabulary, every field side by side, similarity breakdowns, the matrix — and the same facts as
typed records for ``--format json|csv``.

Term rows (:mod:`amalogs.compare.terms`) put each canonical term on one row with every game's own word for it;
fields carry readable labels (``deck › main › min``, not ``profile.deck.main.min``). Rows are marked
(:data:`MARKS`) same, different, or only in some of the games. Where more games are compared than fit the
width, their columns are split over several tables, each at least :data:`MIN_COLUMN` wide; a table never
folds a value letter by letter into a sliver.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Game
from amalogs.compare.cardpool import PoolStats
from amalogs.compare.explain import Explained
from amalogs.compare.similarity import MEASURE_WEIGHTS, Breakdown
from amalogs.compare.table import leaves
from amalogs.compare.terms import FAMILIES, Status, TermRow
from amalogs.convert.native import show
from amalogs.report.overview import DEFAULT_WIDTH, MIN_COLUMN, table

__all__ = [
    "LEGEND",
    "MARKS",
    "MEASURE_NAMES",
    "Field",
    "all_fields",
    "breakdown_record",
    "breakdown_view",
    "explain_records",
    "explain_view",
    "field_records",
    "fields_view",
    "matrix_records",
    "matrix_view",
    "nearest",
    "pool_view",
    "readable",
    "summary_view",
    "term_records",
    "term_text",
    "terms_view",
]

MEASURE_NAMES: dict[str, str] = {
    "concepts": "concept overlap",
    "turn": "turn structure",
    "hand": "hand",
    "resources": "resource model",
    "life": "life mechanism",
    "attacks": "attacks and leader",
    "fighters": "who fights",
    "layout": "where they fight",
    "mechanisms": "mechanisms",
    "systems": "system compatibility",
    "we": "WE distance",
}
"""Readable names of the similarity measures (:data:`amalogs.compare.similarity.MEASURE_WEIGHTS`)."""


@dataclass(frozen=True, slots=True)
class Field:
    """One compared field: a readable label, the data key it comes from (if any), and each game's typed value
    (by game id; absent where a game lacks the field)."""

    label: str
    key: str | None
    values: dict[str, Any]
    text: Callable[[Any], str] | None = None

    @property
    def same(self) -> bool:
        """Whether every game that has the field has the same value (see :meth:`status`)."""
        first = next(iter(self.values.values()), None)
        return all(v == first for v in self.values.values())

    def status(self, games: Sequence[Game]) -> Status:
        """``only`` where some of ``games`` lack the field, else ``same`` or ``different``."""
        if any(g.id not in self.values for g in games):
            return "only"
        return "same" if self.same else "different"

    def shown(self, game_id: str) -> str:
        """The value of one game as text."""
        if game_id not in self.values:
            return "(none)"
        value = self.values[game_id]
        return self.text(value) if self.text else as_text(value)


def as_text(value: Any) -> str:
    """A typed value as the terminal shows it: none as —, yes/no, lists joined with ``/``."""
    if value is None or value == [] or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return " / ".join(as_text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {as_text(v)}" for k, v in value.items())
    return str(value)


_PART = re.compile(r"\[([^\]]*)\]|([^.\[\]]+)")


def readable(key: str) -> str:
    """A dotted data key as a label: ``profile.deck.main.min`` → ``deck › main › min``,
    ``page.keyword_rules[BP制].source`` → ``page › keyword rules › BP制 › source``."""
    parts = [bracket or name.replace("_", " ") for bracket, name in _PART.findall(key)]
    if parts and parts[0] == "profile":
        parts = parts[1:]
    return " › ".join(parts)


def all_fields(games: Sequence[Game]) -> list[Field]:
    """Every profile and page field of several games side by side, typed, in the order they first appear."""
    flat: dict[str, dict[str, Any]] = {}
    for g in games:
        for source, model in (("profile", g.profile), ("page", g.page)):
            for key, value in leaves(model.model_dump(mode="json"), source):
                flat.setdefault(key, {})[g.id] = value
    return [Field(readable(key), key, values) for key, values in flat.items()]


def field_records(fields: Sequence[Field], games: Sequence[Game]) -> list[dict[str, Any]]:
    """One record per field for ``--format json|csv``, shaped like :func:`term_records` (family ``field``, the
    readable label as term) plus the data key; then each game's typed value under its id."""
    return [{"family": "field", "term": f.label, "en": f.label, "status": f.status(games),
             **{g.id: f.values.get(g.id) for g in games}, "key": f.key} for f in fields]


def _chunks(items: Sequence[Any], label_width: int, width: int, column: int) -> list[Sequence[Any]]:
    """``items`` split so that a label column and each chunk's columns (``column`` cells wide at least, plus
    padding) fit ``width``."""
    per = max(1, (width - label_width - 2) // (column + 3))
    return [items[i:i + per] for i in range(0, len(items), per)] or [items]


MARKS: dict[str, tuple[str, str]] = {"same": ("=", "green"), "different": ("≠", "bold yellow"),
                                     "only": ("+", "cyan")}
"""How a row's status is marked on screen (the mark and its style)."""

LEGEND = "= same, ≠ different, + only in some"
"""What the marks mean, as the titles say it."""


def _mark(status: str) -> Text:
    mark, style = MARKS[status]
    return Text(f"{mark} ", style=style)


def fields_view(fields: Sequence[Field], games: Sequence[Game], title: str,
                width: int = DEFAULT_WIDTH) -> RenderableType:
    """Fields side by side, each marked (:data:`MARKS`) same, different or only in some of the games; games split
    over several tables when more are compared than fit ``width``."""
    label_width = 20 if width < 100 else 30
    parts: list[RenderableType] = []
    for chunk in _chunks(games, label_width, width, 16):
        t = table(title if not parts else None, expand=True)
        t.add_column("field", min_width=label_width, max_width=label_width + 10,
                     overflow="fold")
        for g in chunk:
            t.add_column(g.page.abbreviation, overflow="fold", ratio=1, min_width=MIN_COLUMN)
        for f in fields:
            t.add_row(_mark(f.status(games)) + Text(f.label), *(Text(f.shown(g.id)) for g in chunk))
        parts.append(t)
    return Group(*parts)


def term_text(row: TermRow, game_id: str) -> str:
    """One game's value of a term row as text: its native words (— where it has none), the canonical phases
    joined with →, the number of actions at a spell speed (their wording is the page's prose)."""
    value = row.values.get(game_id)
    if row.kind in ("concept", "unmapped") and not value:
        return "—"
    if row.family == "spell speed" and value:
        return f"{len(value)} action{'s' if len(value) > 1 else ''}"
    if row.term == "phases" and value:
        return " → ".join(value)
    return as_text(value)


def _typed(row: TermRow, game_id: str) -> Any:
    value = row.values.get(game_id)
    if row.kind in ("concept", "unmapped"):
        return list(value) if value else None
    return value


def term_records(rows: Sequence[TermRow], games: Sequence[Game]) -> list[dict[str, Any]]:
    """One record per term row for ``--format json|csv``: family, canonical term, English name, status (same,
    different, only), then each game's typed value under its id (a concept's native words as a list, null
    where the game has none; whether it follows a keyword rule; a fact's typed value)."""
    return [{"family": r.family, "term": r.term, "en": r.en, "status": r.status,
             **{g.id: _typed(r, g.id) for g in games}} for r in rows]


def _row(t: Table, row: TermRow, games: Sequence[Game]) -> None:
    cells = [Text(term_text(row, g.id), style="" if row.kind == "fact" or row.values.get(g.id) else "dim")
             for g in games]
    t.add_row(_mark(row.status) + Text(row.label), *cells)


def terms_view(rows: Sequence[TermRow], games: Sequence[Game], width: int = DEFAULT_WIDTH) -> RenderableType:
    """Term rows side by side, one table per family (titled with its heading, :data:`FAMILIES`), each row
    marked (:data:`MARKS`); games split over several tables when more are compared than fit ``width``."""
    label_width = 29 if width < 100 else 40
    parts: list[RenderableType] = []
    for chunk in _chunks(games, label_width, width, 16):
        for i, family in enumerate(dict.fromkeys(r.family for r in rows)):
            t = table(FAMILIES.get(family, family), expand=True, show_header=i == 0)
            t.add_column("term", width=label_width, overflow="fold")
            for g in chunk:
                t.add_column(g.page.abbreviation, overflow="fold", ratio=1, min_width=MIN_COLUMN)
            for r in rows:
                if r.family == family:
                    _row(t, r, chunk)
            parts.append(t)
    return Group(*parts)


def _counts(rows: Sequence[TermRow], games: Sequence[Game]) -> str:
    concepts = [r for r in rows if r.kind in ("concept", "rule")]
    shared = sum(r.status == "same" for r in concepts)
    parts = [f"{shared} on {'both' if len(games) == 2 else 'all'}"]
    for g in games:
        alone = sum(all(bool(r.values[o.id]) == (o.id == g.id) for o in games) for r in concepts)
        parts.append(f"{alone} only {g.page.abbreviation}")
    some = sum(r.status == "only" and sum(bool(v) for v in r.values.values()) > 1 for r in concepts)
    if some:
        parts.append(f"{some} in some")
    return "Canonical terms: " + ", ".join(parts) + "."


def summary_view(glance: Sequence[TermRow], rows: Sequence[TermRow], pairs: Sequence[Breakdown],
                 games: Sequence[Game], width: int = DEFAULT_WIDTH) -> RenderableType:
    """The first screen of a comparison: the similarity, what is alike and what differs most (the glance rows
    in their order of importance), how many canonical terms the games share, and the glance side by side."""
    names = {g.id: g.page.abbreviation for g in games}
    if len(pairs) == 1:
        a, b = games[0], games[1]
        lead = f"Similarity {pairs[0].similarity:.3f}: {names[a.id]} {a.profile.name} vs {names[b.id]} {b.profile.name}"
    else:
        lead = "Similarity: " + ", ".join(f"{names[p.a]}–{names[p.b]} {p.similarity:.3f}" for p in pairs)
    alike = [r.term for r in glance if r.status == "same"]
    differ = [r.term for r in glance if r.status != "same"]
    facts = [r for r in rows if r.kind == "fact"]
    alike_facts = f"{sum(r.status == 'same' for r in facts)} of {len(facts)} rule facts"
    lines = [Text(lead, style="bold"), Text("Alike: " + ", ".join([*alike, alike_facts]) + ".")]
    if differ:
        most = "Differs most: " + ", ".join(differ[:3]) + (f"; also {', '.join(differ[3:])}" if differ[3:] else "")
        lines.append(Text(most + "."))
    lines.append(Text(_counts(rows, games) + " Details by family below."))
    label_width = 11
    parts: list[RenderableType] = [*lines]
    for chunk in _chunks(games, label_width, width, 16):
        t = table(None if len(parts) > len(lines) else f"At a glance ({LEGEND})", expand=True)
        t.add_column("", width=label_width)
        for g in chunk:
            t.add_column(g.page.abbreviation, overflow="fold", ratio=1, min_width=MIN_COLUMN)
        for r in glance:
            t.add_row(_mark(r.status) + Text(r.term), *(Text(term_text(r, g.id)) for g in chunk))
        parts.append(t)
    return Group(*parts)


def breakdown_record(b: Breakdown) -> dict[str, Any]:
    """A pair's breakdown as data: each measure's distance and weighted part, the distance and similarity."""
    return {"a": b.a, "b": b.b, "similarity": round(b.similarity, 6), "distance": round(b.distance, 6),
            "distances": {m: round(v, 6) for m, v in b.distances.items()},
            "parts": {m: round(v, 6) for m, v in b.parts.items()}}


def breakdown_view(pairs: Sequence[Breakdown], names: dict[str, str], width: int = DEFAULT_WIDTH) -> RenderableType:
    """Each pair's distances, one per measure (0 = same, 1 = nothing in common) with their weighted parts, which add up to
    the pair's distance; similarity = 1 − distance. One column per pair, split over tables when they do not
    all fit."""
    parts: list[RenderableType] = []
    for chunk in _chunks(pairs, 24, width, 14):
        t = table("Similarity (distance → weighted part)" if not parts else None)
        t.add_column("measure × weight", min_width=24)
        for b in chunk:
            t.add_column(f"{names[b.a]} – {names[b.b]}", justify="right", min_width=14)
        for measure, weight in MEASURE_WEIGHTS.items():
            t.add_row(f"{MEASURE_NAMES.get(measure, measure)} ×{weight}",
                      *(f"{b.distances[measure]:.3f} → {b.parts[measure]:.3f}" for b in chunk))
        t.add_row("distance (sum of parts)", *(f"{b.distance:.3f}" for b in chunk))
        t.add_row(Text("similarity (1 − distance)", style="bold"),
                  *(Text(f"{b.similarity:.3f}", style="bold") for b in chunk))
        parts.append(t)
    return Group(*parts)


def explain_records(rows: Sequence[Explained]) -> list[dict[str, Any]]:
    """``similarity --explain``'s rows as data: one record a measure, largest share of the distance first."""
    return [{"measure": r.measure, "weight": r.weight, "distance": round(r.distance, 6), "part": round(r.part, 6),
             "share": round(r.share, 6), "a": r.a, "b": r.b} for r in rows]


def explain_view(found: Breakdown, rows: Sequence[Explained], games: tuple[Game, Game],
                 width: int = DEFAULT_WIDTH) -> RenderableType:
    """Why two games are as near as they are: each measure's share of their distance, and what it read of each
    game in its own words, largest share first."""
    a, b = games
    t = table(f"{a.profile.name} ({a.page.abbreviation}) and {b.profile.name} ({b.page.abbreviation}): similarity "
              f"{found.similarity:.3f}, distance {found.distance:.3f}", expand=True)
    t.add_column("measure × weight", min_width=16)
    t.add_column("distance → part", justify="right", no_wrap=True)
    t.add_column("share", justify="right", no_wrap=True)
    t.add_column("what it reads of each game", overflow="fold", ratio=1)
    for r in rows:
        t.add_row(f"{MEASURE_NAMES.get(r.measure, r.measure)} ×{r.weight}", f"{r.distance:.3f} → {r.part:.3f}",
                  f"{100 * r.share:.0f}%", f"{a.page.abbreviation}: {r.a}\n{b.page.abbreviation}: {r.b}")
    return t


def nearest(matrix: Sequence[Sequence[Breakdown]]) -> list[tuple[str, str, float]]:
    """Each game's nearest other game and their similarity."""
    out = []
    for i, row in enumerate(matrix):
        others = [b for j, b in enumerate(row) if j != i]
        if others:
            best = max(others, key=lambda b: (b.similarity, b.b))
            out.append((row[i].a, best.b, best.similarity))
    return out


def matrix_records(matrix: Sequence[Sequence[Breakdown]]) -> list[dict[str, Any]]:
    """One record per pair of different games (each pair once), with its breakdown, for ``--format csv``."""
    records: list[dict[str, Any]] = []
    for i, row in enumerate(matrix):
        for b in row[i + 1:]:
            r = breakdown_record(b)
            records.append({"a": r["a"], "b": r["b"], "similarity": r["similarity"], "distance": r["distance"],
                            **{f"{m} distance": v for m, v in r["distances"].items()}})
    return records


def matrix_view(matrix: Sequence[Sequence[Breakdown]], names: dict[str, str],
                width: int = DEFAULT_WIDTH) -> RenderableType:
    """The similarity matrix (1.0 on the diagonal) and each game's nearest neighbour; the matrix's columns
    are split over several tables when they do not all fit ``width``."""
    parts: list[RenderableType] = []
    for chunk in _chunks(list(range(len(matrix))), MIN_COLUMN, width, MIN_COLUMN):
        t = table("Similarity matrix (1 = the same game)" if not parts else None)
        t.add_column("game", min_width=MIN_COLUMN)
        for j in chunk:
            t.add_column(names[matrix[j][0].a], justify="right", min_width=MIN_COLUMN)
        for row in matrix:
            t.add_row(names[row[0].a], *(f"{row[j].similarity:.3f}" for j in chunk))
        parts.append(t)
    near = table("Nearest neighbour")
    for col in ("game", "nearest", "similarity"):
        near.add_column(col, justify="right" if col == "similarity" else "left", min_width=MIN_COLUMN)
    for a, b, sim in nearest(matrix):
        near.add_row(names[a], names[b], f"{sim:.3f}")
    return Group(*parts, near)


def pool_view(pools: Sequence[PoolStats], names: dict[str, str], width: int = DEFAULT_WIDTH) -> RenderableType:
    """Card pools side by side in canonical terms: size, 大コスト curve, battle values, SP, keywords."""

    def curve(p: PoolStats) -> str:
        return " ".join(f"{c}:{n}" for c, n in p.cost_curve.items()) or "—"

    def battle(p: PoolStats) -> str:
        return ", ".join(f"{s} {m:.2f}" for s in p.battle if (m := p.mean(s)) is not None) or "—"

    rows: list[tuple[str, Callable[[PoolStats], str]]] = [
        ("cards", lambda p: str(p.cards)),
        ("mean 大コスト", lambda p: f"{p.mean_cost:.2f}" if p.mean_cost is not None else "—"),
        ("大コスト curve", curve),
        ("mean battle value", battle),
        ("SP", lambda p: " ".join(f"{show(v)}:{n}" for v, n in p.sp.items()) or "—"),
        ("genera", lambda p: ", ".join(f"{k} {n}" for k, n in p.genera.items()) or "—"),
        ("unified keywords", lambda p: ", ".join(f"{k} {n}" for k, n in list(p.keywords.items())[:6]) or "—"),
    ]
    parts: list[RenderableType] = []
    for chunk in _chunks(pools, 20, width, 16):
        t: Table = table("Card pools (canonical)" if not parts else None, expand=True)
        t.add_column("pool", min_width=18, no_wrap=True)
        for p in chunk:
            t.add_column(names[p.game], overflow="fold", ratio=1, min_width=MIN_COLUMN)
        for label, get in rows:
            t.add_row(label, *(get(p) for p in chunk))
        parts.append(t)
    return Group(*parts)
