"""Rich renderables for comparisons: a summary of the fields that matter, every field side by side, similarity
breakdowns, the matrix — and the same facts as typed records for ``--format json|csv``.

Fields carry readable labels (``deck › main › min``, not ``profile.deck.main.min``). Where more games are
compared than fit the width, their columns are split over several tables, each at least :data:`MIN_COLUMN`
wide; a table never folds a value letter by letter into a sliver.
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
from amalogs.compare.similarity import MEASURE_WEIGHTS, Breakdown
from amalogs.compare.table import leaves
from amalogs.convert.native import show
from amalogs.ontology.terms import AttackRule
from amalogs.report.overview import DEFAULT_WIDTH, MIN_COLUMN, table

__all__ = ["Field", "MEASURE_NAMES", "SUMMARY", "summary_fields", "all_fields", "readable", "fields_view",
           "field_records", "breakdown_view", "breakdown_record", "matrix_view", "matrix_records", "nearest",
           "pool_view"]

MEASURE_NAMES: dict[str, str] = {
    "concepts": "concept overlap",
    "turn": "turn structure",
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
        """Whether every game has the same value."""
        first = next(iter(self.values.values()), None)
        return all(v == first for v in self.values.values())

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


def _deck(g: Game) -> dict[str, Any]:
    return {"min": g.profile.deck.main.min, "max": g.profile.deck.main.max}


def _deck_text(value: Any) -> str:
    low, high = value["min"], value["max"]
    return f"{low}" if low == high else f"{low}+" if high is None else f"{low}–{high}"


def _life(g: Game) -> dict[str, Any]:
    return {"starting": g.profile.life.starting, "name": g.profile.life.name}


def _opt(value: Any) -> Any:
    return getattr(value, "value", value)


SUMMARY: list[tuple[str, Callable[[Game], Any], Callable[[Any], str] | None]] = [
    ("WE", lambda g: g.page.we.we, None),
    ("レンジ", lambda g: g.page.we.range, None),
    ("stat system", lambda g: _opt(g.page.stat_system()), None),
    ("damage system", lambda g: g.page.damage_system().value, None),
    ("life system", lambda g: g.page.life_system().value, None),
    ("attack rules", lambda g: [e.rule.value for e in g.page.keyword_rules if isinstance(e.rule, AttackRule)],
     lambda v: ", ".join(v) or "—"),
    ("life", _life, lambda v: f"{v['starting']} {v['name']}"),
    ("resource source", lambda g: g.profile.resources.source, None),
    ("resources per turn", lambda g: g.profile.resources.per_turn, None),
    ("starting resources", lambda g: g.profile.resources.starting, None),
    ("resource maximum", lambda g: g.profile.resources.maximum, None),
    ("deck size", _deck, _deck_text),
    ("copy limit", lambda g: g.profile.deck.copy_limit, None),
    ("starting hand", lambda g: g.profile.setup.starting_hand, None),
    ("hand limit", lambda g: g.profile.turn.hand_limit, None),
    ("draw per turn", lambda g: g.profile.turn.draw_per_turn, None),
    ("first player skips draw", lambda g: g.profile.turn.first_player_skips_draw, None),
    ("phases", lambda g: [str(p.kind.value) for p in g.profile.turn.phases], lambda v: " → ".join(v) or "—"),
    ("summoning sickness", lambda g: g.profile.battle.summoning_sickness, None),
    ("damage cleanup", lambda g: g.page.damage_cleanup.timing.value, None),
    ("permanent range", lambda g: g.page.permanent_range.range.value, None),
]
"""The fields `amalogs compare` leads with: WE and レンジ, the stat / damage / life systems, life, the resource
model, deck size and the turn structure — a readable label, a typed getter, and how the value reads."""


def summary_fields(games: Sequence[Game]) -> list[Field]:
    """The :data:`SUMMARY` fields of several games."""
    return [Field(label, None, {g.id: get(g) for g in games}, text) for label, get, text in SUMMARY]


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
    """One record per field for ``--format json|csv``: label, data key, whether all agree, then each game's
    typed value under its id."""
    return [{"field": f.label, "key": f.key, "same": f.same, **{g.id: f.values.get(g.id) for g in games}}
            for f in fields]


def _chunks(items: Sequence[Any], label_width: int, width: int, column: int) -> list[Sequence[Any]]:
    """``items`` split so that a label column and each chunk's columns (``column`` cells wide at least, plus
    padding) fit ``width``."""
    per = max(1, (width - label_width - 2) // (column + 3))
    return [items[i:i + per] for i in range(0, len(items), per)] or [items]


def fields_view(fields: Sequence[Field], games: Sequence[Game], title: str,
                width: int = DEFAULT_WIDTH) -> RenderableType:
    """Fields side by side, each marked same (=) or different (≠); games split over several tables when
    more are compared than fit ``width``."""
    label_width = 20 if width < 100 else 30
    parts: list[RenderableType] = []
    for chunk in _chunks(games, label_width, width, 16):
        t = table(title if not parts else None, expand=True)
        t.add_column("field (= same, ≠ different)", min_width=label_width, max_width=label_width + 10,
                     overflow="fold")
        for g in chunk:
            t.add_column(g.page.abbreviation, overflow="fold", ratio=1, min_width=MIN_COLUMN)
        for f in fields:
            mark = Text("= ", style="green") if f.same else Text("≠ ", style="bold yellow")
            t.add_row(mark + Text(f.label), *(Text(f.shown(g.id)) for g in chunk))
        parts.append(t)
    return Group(*parts)


def breakdown_record(b: Breakdown) -> dict[str, Any]:
    """A pair's breakdown as data: each measure's distance and weighted part, the distance and similarity."""
    return {"a": b.a, "b": b.b, "similarity": round(b.similarity, 6), "distance": round(b.distance, 6),
            "distances": {m: round(v, 6) for m, v in b.distances.items()},
            "parts": {m: round(v, 6) for m, v in b.parts.items()}}


def breakdown_view(pairs: Sequence[Breakdown], names: dict[str, str], width: int = DEFAULT_WIDTH) -> RenderableType:
    """Each pair's four distances (0 = same, 1 = nothing in common) with their weighted parts, which add up to
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
