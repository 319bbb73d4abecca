"""Pictures of the graphs and of a similarity matrix, as PNG or SVG bytes drawn with matplotlib.

All text is set in IPAexGothic, the font inside the matplotlib-fontja package: it is found and registered
here (importing that package would change matplotlib's global settings), so Japanese labels render as text
on any machine, with no system font involved. matplotlib is imported on first use (``amalogs --help`` stays
fast), and what makes the bytes repeatable (fixed DPI, SVG hash salt, no date or software name in the
metadata) is set per figure with ``rc_context``, never globally.

The graph layout is a set of columns: the ontology terms in the middle, each game's concepts on either side,
every block grouped by kind under a small heading, the game itself at the top of its block. Rows are spaced
by the measured height of their label boxes and columns by the widest label, so no two labels overlap.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from amalogs.report.figures import (
    DPI,
    FONT_SIZE,
    PICTURE_FORMATS,
    check_format,
    drawable,
    font_family,
    font_path,
    heatmap,
    save,
    style,
    text_width,
)

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "DPI",
    "FONT_SIZE",
    "PICTURE_FORMATS",
    "draw_graph",
    "font_family",
    "font_path",
    "graph_figure",
    "heatmap",
    "layout",
]

ROOT_SIZE = 9.0  # the game node
HEADING_SIZE = 6.0  # the kind headings of the columns
LINE = 1.25  # line height, in font sizes
BOX_PAD = 0.3  # label box padding, in font sizes
ROW_GAP = 5.0  # points between two rows of a column
COLUMN_GAP = 30.0  # points between two columns of a block (room for same-column edges)
BLOCK_GAP = 48.0  # points between two blocks
MARGIN = 18.0
TITLE_SPACE = 30.0
LEGEND_SPACE = 44.0
LABEL_EMS = 14.0  # longest label line, in full-width characters
ROOT_EMS = 16.0
LEGEND_EMS = 24.0  # a game's name in the legend (one line)
TITLE_EMS = 60.0  # the title (one line)
MAX_LINES = 3
TARGET_ASPECT = 1.6  # width / height the column split aims at
HIDDEN_RELATIONS = frozenset({"has"})  # a game's concepts already stand in the game's block

KIND_ORDER = (
    "game", "family", "genus", "card_type", "permanent_range", "zone", "resource", "stat_kind", "stat",
    "stat_system", "damage_system", "life_system", "life", "attack_rule", "colour_slot", "colour",
    "unified_keyword", "keyword", "spell_speed", "cleanup_timing", "phase", "win", "lose",
)
ONTOLOGY_STYLE = ("#dce9f7", "#4a7ab5", "#10243f")  # fill, border, text
OTHER_STYLE = ("#eeeeee", "#888888", "#222222")
GAME_COLOURS = (
    ("#fde3c8", "#d9822b"), ("#d9f0d3", "#3f8f3a"), ("#f6d5e0", "#b8446b"),
    ("#e6dcf3", "#7755a8"), ("#f3ecc2", "#9a8420"), ("#d2eeee", "#2f8c8c"),
)
RELATION_COLOURS = {
    "maps_to": "#5b7fa8", "uses": "#8e6bbf", "resolves": "#c0392b", "next": "#3f8f3a",
    "subtype_of": "#d9822b", "in_family": "#4a7ab5", "of_kind": "#4a7ab5",
}


@dataclass(frozen=True, slots=True)
class _Item:
    """One entry of a column: a node's label box, or a kind heading when ``node`` is None."""

    text: str
    size: float
    width: float  # points, box included
    height: float  # points, box included
    node: Hashable | None = None
    style: tuple[str, str, str] = OTHER_STYLE


@dataclass(frozen=True, slots=True)
class _Unit:
    """Rows that stay together in one column, and the heading to repeat if they start a new column."""

    items: tuple[_Item, ...]
    cont: _Item | None = None


@dataclass
class _Plan:
    """Where everything goes, in inches from the figure's bottom-left corner."""

    size: tuple[float, float] = (0.0, 0.0)
    placed: list[tuple[_Item, float, float]] = field(default_factory=list)
    column: dict[Hashable, int] = field(default_factory=dict)
    column_right: dict[int, float] = field(default_factory=dict)
    half_width: dict[Hashable, float] = field(default_factory=dict)
    legend: dict[str, tuple[str, str, str]] = field(default_factory=dict)

    def positions(self) -> dict[Hashable, tuple[float, float]]:
        return {item.node: (x, y) for item, x, y in self.placed if item.node is not None}


# --- font -------------------------------------------------------------------------------------------


# --- labels ------------------------------------------------------------------------------------------


def _ems(text: str) -> float:
    return sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.55 for ch in text)


def _wrap(text: str, ems: float, max_lines: int = MAX_LINES) -> str:
    """``text`` broken into lines of at most ``ems`` full-width characters; cut with '…' past ``max_lines``."""
    lines, line = [], ""
    flat = " ".join(text.split())
    for ch in flat[:int(2 * ems * max_lines) + 2]:  # a character is at least 0.55 em: the rest cannot fit
        if line and _ems(line + ch) > ems:
            lines.append(line.strip())
            line = ""
        line += ch
    lines.append(line.strip())
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        while lines[-1] and _ems(lines[-1]) + 1 > ems:
            lines[-1] = lines[-1][:-1]
        lines[-1] += "…"
    return "\n".join(lines)


def _describe(node: Hashable, attrs: dict[str, Any]) -> tuple[str, str, str, str, str | None]:
    """(layer, kind, label, en, game) of a node; bare ``onto:<kind>:<term>`` nodes are read from their id."""
    parts = str(node).split(":", 2)
    if not attrs and len(parts) == 3 and parts[0] == "onto":
        return "ontology", parts[1], parts[2], "", None
    layer = str(attrs.get("layer", "other"))
    game = attrs.get("game")
    return layer, str(attrs.get("kind", "other")), drawable(str(attrs.get("label", node))), \
        drawable(str(attrs.get("en", ""))), str(game) if game is not None else None


def _box(node: Hashable, attrs: dict[str, Any], styles: dict[str, tuple[str, str, str]]) -> _Item:
    layer, kind, label, en, game = _describe(node, attrs)
    size, style = FONT_SIZE, styles.get(game or "", OTHER_STYLE)
    if layer == "ontology":
        text, style = (f"{label}\n{en}" if en and en != label else label), ONTOLOGY_STYLE
    elif kind == "game":
        text, size, style = _wrap(label, ROOT_EMS), ROOT_SIZE, (style[1], style[1], "#ffffff")
    else:
        text = _wrap(label, LABEL_EMS)
    lines = text.count("\n") + 1
    pad = 2 * BOX_PAD * size
    return _Item(text, size, text_width(text, size) + pad, lines * LINE * size + pad, node, style)


def _heading(kind: str) -> _Item:
    text = kind.replace("_", " ")
    return _Item(text, HEADING_SIZE, text_width(text, HEADING_SIZE), LINE * HEADING_SIZE)


# --- layout ------------------------------------------------------------------------------------------


def _blocks(g: nx.DiGraph) -> tuple[list[list[Hashable]], dict[str, tuple[str, str, str]], dict[str, str]]:
    """The blocks in left-to-right order (half the games, the ontology, the other games, the rest),
    each game's style, and each game's name for the legend."""
    by_layer: dict[str, list[Hashable]] = {}
    for node, attrs in g.nodes(data=True):
        layer, _, _, _, game = _describe(node, attrs)
        by_layer.setdefault(f"game:{game}" if layer == "game" and game else layer, []).append(node)
    games = sorted(k for k in by_layer if k.startswith("game:"))
    styles = {k[5:]: (fill, edge, "#222222") for k, (fill, edge) in zip(games, _cycle(GAME_COLOURS, len(games)))}
    names = {k[5:]: drawable(str(g.nodes[k[5:]].get("label", k[5:]))) if k[5:] in g else k[5:] for k in games}
    half = (len(games) + 1) // 2
    order = [*games[:half], "ontology", *games[half:], *sorted(set(by_layer) - set(games) - {"ontology"})]
    return [by_layer[k] for k in order if k in by_layer], styles, names


def _cycle(colours: Sequence[tuple[str, str]], n: int) -> list[tuple[str, str]]:
    return [colours[i % len(colours)] for i in range(n)]


def _units(g: nx.DiGraph, nodes: list[Hashable], styles: dict[str, tuple[str, str, str]]) -> list[_Unit]:
    """A block's rows grouped by kind (in KIND_ORDER, then by name); a heading sticks to its first node."""
    groups: dict[str, list[Hashable]] = {}
    for node in nodes:
        groups.setdefault(_describe(node, g.nodes[node])[1], []).append(node)
    rank = {kind: i for i, kind in enumerate(KIND_ORDER)}
    units: list[_Unit] = []
    for kind in sorted(groups, key=lambda k: (rank.get(k, len(rank)), k)):
        boxes = [_box(node, g.nodes[node], styles) for node in groups[kind]]
        if kind == "game":
            units += [_Unit((box,)) for box in boxes]
            continue
        cont = _heading(f"{kind} (cont.)")
        units += [_Unit((_heading(kind), boxes[0])), *(_Unit((box,), cont) for box in boxes[1:])]
    return units


def _height(items: Sequence[_Item]) -> float:
    return sum(item.height + ROW_GAP for item in items)


def _pack(units: list[_Unit], capacity: float) -> list[list[_Item]]:
    """Units into columns, in order, starting a new column (under a 'cont.' heading) past ``capacity``."""
    columns: list[list[_Item]] = [[]]
    height = 0.0
    for unit in units:
        if columns[-1] and height + _height(unit.items) > capacity:
            columns.append([unit.cont] if unit.cont else [])
            height = _height(columns[-1])
        columns[-1].extend(unit.items)
        height += _height(unit.items)
    return columns


def _balanced(units: list[_Unit], capacity: float) -> list[list[_Item]]:
    """As many columns as ``capacity`` gives, but each as short as that number of columns allows."""
    count = len(_pack(units, capacity))
    low, high = max(_height(unit.items) for unit in units), capacity
    for _ in range(24):
        middle = (low + high) / 2
        low, high = (low, middle) if len(_pack(units, middle)) <= count else (middle, high)
    return _pack(units, high)


def _extent(blocks: list[list[list[_Item]]]) -> tuple[float, float]:
    """Width and height in points taken by packed blocks (margins, title and legend not included)."""
    widths = [max(item.width for item in col) for block in blocks for col in block]
    gaps = sum(COLUMN_GAP * (len(block) - 1) for block in blocks) + BLOCK_GAP * (len(blocks) - 1)
    return sum(widths) + gaps, max(_height(col) for block in blocks for col in block)


def _packed(all_units: list[list[_Unit]]) -> list[list[list[_Item]]]:
    """Every block split into columns of one common height, the one whose picture is closest to TARGET_ASPECT."""
    tallest = max(_height(unit.items) for units in all_units for unit in units)
    totals = [sum(_height(unit.items) for unit in units) for units in all_units]
    candidates = sorted({max(tallest, total / k) for total in totals for k in range(1, 7)})

    def score(capacity: float) -> tuple[float, float]:
        width, height = _extent([_pack(units, capacity) for units in all_units])
        return abs(math.log((width + 2 * MARGIN) / (height + 2 * MARGIN) / TARGET_ASPECT)), width * height

    best = min(candidates, key=score)
    return [_balanced(units, best) for units in all_units]


def _plan(g: nx.DiGraph, title: str | None = None) -> _Plan:
    plan = _Plan()
    if g.number_of_nodes() == 0:
        plan.size = (4.0, 1.0)
        return plan
    blocks, styles, names = _blocks(g)
    packed = _packed([_units(g, nodes, styles) for nodes in blocks])
    width, height = _extent(packed)
    top = MARGIN + (TITLE_SPACE if title else 0.0)
    plan.size = ((width + 2 * MARGIN) / 72, (height + top + MARGIN + LEGEND_SPACE) / 72)
    x = MARGIN
    for block in packed:
        for col in block:
            x = _place_column(plan, col, x, plan.size[1] * 72 - top) + COLUMN_GAP
        x += BLOCK_GAP - COLUMN_GAP
    ontology = any(_describe(node, attrs)[0] == "ontology" for node, attrs in g.nodes(data=True))
    plan.legend = {**({"ontology term": ONTOLOGY_STYLE} if ontology else {}),
                   **{_wrap(names[k], LEGEND_EMS, 1): s for k, s in styles.items()}}
    return plan


def _place_column(plan: _Plan, col: list[_Item], left: float, top: float) -> float:
    """Put one column's items top-down from (``left``, ``top``) in points; return its right edge."""
    width = max(item.width for item in col)
    index = len(plan.column_right)
    plan.column_right[index] = (left + width) / 72
    y = top
    for item in col:
        plan.placed.append((item, (left + width / 2) / 72, (y - item.height / 2) / 72))
        if item.node is not None:
            plan.column[item.node] = index
            plan.half_width[item.node] = item.width / 144
        y -= item.height + ROW_GAP
    return left + width


def layout(g: nx.DiGraph) -> dict[Hashable, tuple[float, float]]:
    """Each node's label centre, in inches from the bottom-left corner of the picture :func:`draw_graph` makes."""
    return _plan(g).positions()


# --- drawing -----------------------------------------------------------------------------------------


def graph_figure(g: nx.DiGraph, *, title: str | None = None) -> Figure:
    """The picture of ``g`` as a matplotlib Figure (no pyplot), sized from its layout."""
    from matplotlib.figure import Figure

    plan = _plan(g, title)
    with style():
        fig = Figure(figsize=plan.size, dpi=DPI)
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(0, plan.size[0])
        ax.set_ylim(0, plan.size[1])
        ax.set_axis_off()
        _draw_edges(ax, g, plan)
        _draw_items(ax, plan)
        if title:
            fig.text(0.5, 1 - MARGIN / 72 / plan.size[1], _wrap(drawable(title), TITLE_EMS, 1), ha="center",
                     va="top", fontsize=13)
        _draw_legend(fig, g, plan)
    return fig


def draw_graph(g: nx.DiGraph, fmt: str = "png", *, title: str | None = None) -> bytes:
    """A picture of ``g`` as PNG or SVG bytes: labelled boxes in columns, coloured by ontology/game, light edges."""
    check_format(fmt)
    with style():
        return save(graph_figure(g, title=title), fmt)


def _draw_items(ax: Axes, plan: _Plan) -> None:
    for item, x, y in plan.placed:
        if item.node is None:
            ax.text(x, y, item.text, ha="center", va="center", fontsize=item.size, color="#777777", zorder=3)
            continue
        fill, border, colour = item.style
        box = {"boxstyle": f"round,pad={BOX_PAD}", "facecolor": fill, "edgecolor": border, "linewidth": 0.6}
        ax.text(x, y, item.text, ha="center", va="center", fontsize=item.size, color=colour, bbox=box,
                zorder=3, gid=str(item.node))


def _draw_edges(ax: Axes, g: nx.DiGraph, plan: _Plan) -> None:
    """Edges between columns as straight lines, edges inside one column as brackets in the gap to its right."""
    from matplotlib.collections import LineCollection
    from matplotlib.patches import FancyArrowPatch

    pos = plan.positions()
    lines: dict[str, list[list[tuple[float, float]]]] = {}
    for u, v, attrs in g.edges(data=True):
        relation = str(attrs.get("relation", ""))
        if relation in HIDDEN_RELATIONS or u == v or u not in pos or v not in pos:
            continue
        colour = RELATION_COLOURS.get(relation, "#999999")
        if plan.column[u] == plan.column[v]:
            a, b, style = _bracket(plan, pos, u, v)
            ax.add_patch(FancyArrowPatch(a, b, connectionstyle=style, arrowstyle="-", color=colour, alpha=0.6,
                                         linewidth=0.6, shrinkA=0, shrinkB=0, zorder=1))
        else:
            lines.setdefault(colour, []).append(_segment(plan, pos, u, v))
    for colour, segments in sorted(lines.items()):
        ax.add_collection(LineCollection(segments, colors=colour, linewidths=0.5, alpha=0.35, zorder=1))


def _segment(plan: _Plan, pos: dict[Hashable, tuple[float, float]], u: Hashable, v: Hashable,
             ) -> list[tuple[float, float]]:
    (xu, yu), (xv, yv) = pos[u], pos[v]
    side = 1 if xu < xv else -1
    return [(xu + side * plan.half_width[u], yu), (xv - side * plan.half_width[v], yv)]


def _bracket(plan: _Plan, pos: dict[Hashable, tuple[float, float]], u: Hashable, v: Hashable,
             ) -> tuple[tuple[float, float], tuple[float, float], str]:
    """Ends and connection style of a ']'-shaped edge in the gap right of the column of ``u`` and ``v``."""
    (xu, yu), (xv, yv) = pos[u], pos[v]
    right = plan.column_right[plan.column[u]]
    reach = 4 + min(abs(yu - yv) * 72 / 40, COLUMN_GAP / 2)
    a, b = (xu + plan.half_width[u], yu), (xv + plan.half_width[v], yv)
    arm_a, arm_b = (right - a[0]) * 72 + reach, (right - b[0]) * 72 + reach
    return a, b, f"arc,angleA=0,angleB=0,armA={arm_a:.2f},armB={arm_b:.2f},rad=3"


def _draw_legend(fig: Figure, g: nx.DiGraph, plan: _Plan) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles: list[Any] = [Patch(facecolor=f, edgecolor=e, label=name) for name, (f, e, _) in plan.legend.items()]
    relations = sorted({str(r) for _, _, r in g.edges(data="relation")} - HIDDEN_RELATIONS - {"None"})
    handles += [Line2D([], [], color=RELATION_COLOURS.get(r, "#999999"), label=r) for r in relations]
    if handles:
        fig.legend(handles=handles, loc="lower center", ncol=min(len(handles), 8), frameon=False,
                   fontsize=FONT_SIZE, bbox_to_anchor=(0.5, MARGIN / 144 / plan.size[1]))


