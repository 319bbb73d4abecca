"""Rich renderables for comparisons: fields side by side, similarity breakdowns, the matrix."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Game
from amalogs.compare.cardpool import PoolStats
from amalogs.compare.similarity import MEASURE_WEIGHTS, Breakdown
from amalogs.compare.table import Row
from amalogs.convert.native import show

__all__ = ["fields_view", "breakdown_view", "matrix_view", "nearest", "pool_view"]


def fields_view(rows: Sequence[Row], games: Sequence[Game]) -> Table:
    """Every field side by side, marked same (=) or different (≠)."""
    table = Table(title="Fields side by side (= same, ≠ different)", box=box.SIMPLE_HEAD, title_style="bold",
                  expand=True)
    table.add_column("", no_wrap=True, width=1)
    table.add_column("field", overflow="fold", max_width=36)
    for g in games:
        table.add_column(g.page.abbreviation, overflow="fold", ratio=1)
    for row in rows:
        mark = Text("=", style="green") if row.same else Text("≠", style="bold yellow")
        table.add_row(mark, row.field, *(Text(row.values[g.id]) for g in games))
    return table


def breakdown_view(pairs: Sequence[Breakdown], names: dict[str, str]) -> Table:
    """Each pair's four distances, their weighted parts, and the combined score (the parts add up to it)."""
    table = Table(title="Similarity breakdown (distance: 0 = same, 1 = nothing in common)", box=box.SIMPLE_HEAD,
                  title_style="bold")
    table.add_column("pair", overflow="fold")
    for measure, weight in MEASURE_WEIGHTS.items():
        table.add_column(f"{measure}\n×{weight}", justify="right")
    table.add_column("distance\n(sum)", justify="right")
    table.add_column("similarity", justify="right", style="bold")
    for b in pairs:
        cells = [f"{b.distances[m]:.3f}\n→ {b.parts[m]:.3f}" for m in MEASURE_WEIGHTS]
        table.add_row(f"{names[b.a]} – {names[b.b]}", *cells, f"{b.distance:.3f}", f"{b.similarity:.3f}")
    return table


def nearest(matrix: Sequence[Sequence[Breakdown]]) -> list[tuple[str, str, float]]:
    """Each game's nearest other game and their similarity."""
    out = []
    for i, row in enumerate(matrix):
        others = [b for j, b in enumerate(row) if j != i]
        if others:
            best = max(others, key=lambda b: (b.similarity, b.b))
            out.append((row[i].a, best.b, best.similarity))
    return out


def matrix_view(matrix: Sequence[Sequence[Breakdown]], names: dict[str, str]) -> RenderableType:
    """The similarity matrix (1.0 on the diagonal) and each game's nearest neighbour."""
    table = Table(title="Similarity matrix (1 = the same game)", box=box.SIMPLE_HEAD, title_style="bold")
    table.add_column("")
    for row in matrix:
        table.add_column(names[row[0].a], justify="right")
    for row in matrix:
        table.add_row(names[row[0].a], *(f"{b.similarity:.3f}" for b in row))
    near = Table(title="Nearest neighbour", box=box.SIMPLE_HEAD, title_style="bold")
    for col in ("game", "nearest", "similarity"):
        near.add_column(col, justify="right" if col == "similarity" else "left")
    for a, b, sim in nearest(matrix):
        near.add_row(names[a], names[b], f"{sim:.3f}")
    return Group(table, near)


def pool_view(pools: Sequence[PoolStats], names: dict[str, str]) -> Table:
    """Card pools side by side in canonical terms: size, 大コスト curve, battle values, SP, keywords."""
    table = Table(title="Card pools (canonical)", box=box.SIMPLE_HEAD, title_style="bold", expand=True)
    table.add_column("", no_wrap=True)
    for p in pools:
        table.add_column(names[p.game], overflow="fold", ratio=1)

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
    for label, get in rows:
        table.add_row(label, *(get(p) for p in pools))
    return table
