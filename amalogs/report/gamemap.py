"""Views of the conversion map of two games (:mod:`amalogs.convert.gamemap`): a rich table for the terminal,
Markdown, HTML, flat records for JSON and CSV, and a picture (A's terms on the left, B's on the right, each
link coloured by its fidelity)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from amalogs.compare.table import html_document
from amalogs.convert.gamemap import SECTIONS, GameMap, MapRow
from amalogs.convert.native import Fidelity
from amalogs.report.cards import FIDELITY_STYLE, MIN_COLUMN

if TYPE_CHECKING:
    from rich.console import RenderableType

__all__ = ["FIDELITY_COLOURS", "WIDE", "draw_map", "map_about", "map_html", "map_json", "map_markdown",
           "map_records", "map_title", "map_view"]

WIDE = 120
"""From this width on, the terminal table has a column for the reasons; narrower, they follow the table."""

FIDELITY_COLOURS = {
    Fidelity.EXACT: "#2e8b3a",
    Fidelity.SCALED: "#1f8fb0",
    Fidelity.APPROXIMATED: "#d49a00",
    Fidelity.DEFAULTED: "#a64ca6",
    Fidelity.DROPPED: "#c0392b",
}
"""The colour of a link in the picture, by fidelity (the terminal's colours, darkened for a white page)."""

NONE = "—"


def map_title(m: GameMap) -> str:
    return f"{m.source.profile.name} ({m.source.page.abbreviation}) → {m.target.profile.name} ({m.target.page.abbreviation})"


def _targets(row: MapRow) -> str:
    return ", ".join(t.label for t in row.targets) or NONE


def _summary(m: GameMap) -> str:
    return ", ".join(f"{n} {fid.value}" for fid, n in m.counts().items() if n)


# --- records ---------------------------------------------------------------------------------------------------

def map_records(m: GameMap) -> list[dict[str, Any]]:
    """One flat record per row (JSON keeps the lists; CSV joins them with `` / ``)."""
    return [{"section": r.section, "source_id": r.source.id, "source_name": r.source.name, "canonical": r.canonical,
             "target_ids": [t.id for t in r.targets], "target_names": [t.name for t in r.targets],
             "fidelity": r.fidelity.value, "why": r.why} for r in m.rows]


def map_about(m: GameMap) -> dict[str, Any]:
    """What the JSON says beside the records: the two games and the fidelity counts."""
    return {"source": m.source.id, "target": m.target.id, "summary": {f.value: n for f, n in m.counts().items()}}


def map_json(m: GameMap, version: int) -> str:
    """The JSON of ``amalogs convert-map --format json`` (``amalogs.cli.output.records_json``'s shape, written
    here so that the reports need not import the command line)."""
    import json

    data = {"format": "amalogs-convert-map", "version": version, **map_about(m), "records": map_records(m)}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


# --- terminal ----------------------------------------------------------------------------------------------------

def map_view(m: GameMap, width: int | None = None) -> RenderableType:
    """The map as a table, a section at a time. From :data:`WIDE` columns on (or with no width given) the reason
    is a column; narrower, the reasons of the rows that are not exact follow the table."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    narrow = width is not None and width < WIDE
    a, b = m.source.page.abbreviation, m.target.page.abbreviation
    table = Table(title=map_title(m), box=box.MINIMAL, title_style="bold", expand=not narrow, padding=(0, 1),
                  show_edge=False)
    term = {"overflow": "fold", "min_width": MIN_COLUMN, "max_width": 22 if narrow else 30}
    table.add_column(a, **term)  # type: ignore[arg-type]
    table.add_column("AMALOGS", overflow="fold", min_width=MIN_COLUMN, max_width=14 if narrow else 22)
    table.add_column(b, **term)  # type: ignore[arg-type]
    table.add_column("fidelity", no_wrap=True, min_width=len("approximated"))
    if not narrow:
        table.add_column("what is lost / why", overflow="fold", ratio=1, min_width=MIN_COLUMN * 3)
    notes = Table.grid(padding=(0, 1))
    notes.add_column(no_wrap=True)
    notes.add_column(overflow="fold")
    section = None
    for r in m.rows:
        if r.section != section:
            section = r.section
            table.add_row(Text(SECTIONS[section], style="bold"), end_section=False)
        style = FIDELITY_STYLE[r.fidelity]
        cells: list[RenderableType] = [r.source.label, r.canonical, _targets(r), Text(r.fidelity.value, style=style)]
        table.add_row(*cells, *([] if narrow else [r.why]))
        if narrow and r.fidelity is not Fidelity.EXACT:
            notes.add_row(Text("•", style=style), Text.assemble((r.source.label, "bold"), f": {r.why}"))
    counts = Text.assemble(*[(f"{n} {fid.value}  ", FIDELITY_STYLE[fid]) for fid, n in m.counts().items() if n])
    parts: list[RenderableType] = [table, counts]
    if narrow and notes.row_count:
        parts += [Text("What is lost, and why (the rows that are not exact):", style="bold"), notes]
    return Group(*parts)


# --- Markdown and HTML -------------------------------------------------------------------------------------------

def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def map_markdown(m: GameMap, picture: str | None = None, level: int = 1) -> str:
    """The map as Markdown: a title, the fidelity counts, then one table per section (``picture``: a link to
    the map's picture, shown under the title)."""
    h = "#" * level
    a, b = m.source.page.abbreviation, m.target.page.abbreviation
    lines = [f"{h} Conversion map: {map_title(m)}", "",
             (f"Every card type, stat, keyword, zone, colour, resource, spell speed and system of {m.source.profile.name} "
              f"and where it lands in {m.target.profile.name}, read from the conversion rules (`amalogs convert-map "
              f"{a} {b}`). {_summary(m)}."), ""]
    if picture:
        lines += [f"![conversion map {a} → {b}]({picture})", ""]
    section = None
    for r in m.rows:
        if r.section != section:
            section = r.section
            lines += ["", f"{h}# {SECTIONS[section]}", "", f"| {a} | AMALOGS | {b} | fidelity | what is lost / why |",
                      "|---|---|---|---|---|"]
        lines.append(f"| {_cell(r.source.label)} | {_cell(r.canonical)} | {_cell(_targets(r))} | {r.fidelity.value} | "
                     f"{_cell(r.why)} |")
    return "\n".join(lines).replace("\n\n\n", "\n\n") + "\n"


def map_html(m: GameMap, picture: str | None = None) -> str:
    return html_document(f"Conversion map: {map_title(m)}", map_markdown(m, picture))


# --- the picture -------------------------------------------------------------------------------------------------

ROW = 17.0  # points from one row to the next
HEADING = 15.0  # points taken by a section heading
GAP = 36.0  # points between a column of boxes and the canonical column
MARGIN = 18.0
TOP = 58.0  # title and column heads
BOTTOM = 46.0  # legend (two lines)


@dataclass(frozen=True, slots=True)
class _Placed:
    """Where the picture puts things, in points from the top-left corner."""

    rows: list[tuple[MapRow, float]]  # each row of the map at its height
    targets: dict[tuple[str, str], float]  # (section, B's term id or NONE) → height
    headings: list[tuple[str, float]]
    height: float


def _place(m: GameMap) -> _Placed:
    """Sections one under the other; in each, A's rows from the top and B's terms beside them, in order."""
    rows: list[tuple[MapRow, float]] = []
    targets: dict[tuple[str, str], float] = {}
    headings: list[tuple[str, float]] = []
    y = TOP
    for section in SECTIONS:
        mine = [r for r in m.rows if r.section == section]
        if not mine:
            continue
        headings.append((SECTIONS[section], y))
        y += HEADING
        theirs = list(dict.fromkeys(t.id for r in mine for t in r.targets))
        if any(not r.targets for r in mine):
            theirs.append(NONE)
        rows += [(r, y + i * ROW) for i, r in enumerate(mine)]
        targets.update({(section, t): y + i * ROW for i, t in enumerate(theirs)})
        y += max(len(mine), len(theirs)) * ROW + 6
    return _Placed(rows, targets, headings, y)


def draw_map(m: GameMap, fmt: str = "png") -> bytes:
    """The map as a picture (PNG or SVG bytes): A's terms on the left, the canonical term of each in the middle,
    B's terms on the right, section by section; each link coloured by its fidelity. Boxes, font and colours are
    those of the graph pictures (:mod:`amalogs.report.pictures`); the layout is three columns, so that each link
    runs left to right within its section."""
    from matplotlib.collections import LineCollection
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    from amalogs.report.figures import (
        DPI,
        FONT_SIZE,
        check_format,
        drawable,
        save,
        style,
        text_width,
    )
    from amalogs.report.pictures import GAME_COLOURS, ONTOLOGY_STYLE

    check_format(fmt)
    placed = _place(m)
    names = {(r.section, t.id): t.name for r, _ in placed.rows for t in r.targets}
    pad = 2 * 0.3 * FONT_SIZE
    with style():
        left = max(text_width(drawable(r.source.name), FONT_SIZE) for r, _ in placed.rows) + pad
        middle = max(text_width(drawable(r.canonical), FONT_SIZE) for r, _ in placed.rows) + pad
        right = max(text_width(drawable(names.get(k, f"{NONE} none")), FONT_SIZE) for k in placed.targets) + pad
        heads = max(text_width(drawable(g.profile.name), 9.0) for g in (m.source, m.target)) + pad
        left, right = max(left, heads), max(right, heads)
        title = drawable(f"Conversion map: {map_title(m)}")
        inner = MARGIN + left + GAP + middle + GAP + right + MARGIN
        width = max(inner, text_width(title, 12.0) + 2 * MARGIN)
        height = placed.height + BOTTOM
        xa = (width - inner) / 2 + MARGIN + left  # a title wider than the columns: the columns centred under it
        xc, xb = xa + GAP + middle / 2, xa + GAP + middle + GAP
        fig = Figure(figsize=(width / 72, height / 72), dpi=DPI)
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(0, width)
        ax.set_ylim(height, 0)
        ax.set_axis_off()
        a_style, b_style = GAME_COLOURS[0], GAME_COLOURS[1]

        def box(x: float, y: float, text: str, fill: str, edge: str, ha: str, size: float = FONT_SIZE,
                colour: str = "#222222") -> None:
            ax.text(x, y, drawable(text), ha=ha, va="center", fontsize=size, color=colour, zorder=3,
                    bbox={"boxstyle": "round,pad=0.3", "facecolor": fill, "edgecolor": edge, "linewidth": 0.6})

        ax.text(width / 2, MARGIN, title, ha="center", va="top", fontsize=12)
        box(xa - pad / 2, TOP - 14, m.source.profile.name, a_style[1], a_style[1], "right", 9.0, "#ffffff")
        box(xc, TOP - 14, "AMALOGS", ONTOLOGY_STYLE[1], ONTOLOGY_STYLE[1], "center", 9.0, "#ffffff")
        box(xb + pad / 2, TOP - 14, m.target.profile.name, b_style[1], b_style[1], "left", 9.0, "#ffffff")
        for text, y in placed.headings:
            ax.text(MARGIN, y + HEADING / 2, drawable(text), ha="left", va="center", fontsize=6.0, color="#777777")
        lines: dict[Fidelity, list[list[tuple[float, float]]]] = {}
        for r, y in placed.rows:
            box(xa - pad / 2, y + ROW / 2, r.source.name, a_style[0], a_style[1], "right")
            box(xc, y + ROW / 2, r.canonical, *ONTOLOGY_STYLE[:2], "center", colour=ONTOLOGY_STYLE[2])
            for t in [t.id for t in r.targets] or [NONE]:
                yb = placed.targets[(r.section, t)] + ROW / 2
                lines.setdefault(r.fidelity, []).append([(xa, y + ROW / 2), (xc, y + ROW / 2), (xb, yb)])
        for (section, t), y in placed.targets.items():
            if t == NONE:
                box(xb + pad / 2, y + ROW / 2, f"{NONE} none", "#ffffff", "#bbbbbb", "left", colour="#888888")
            else:
                box(xb + pad / 2, y + ROW / 2, names[(section, t)], b_style[0], b_style[1], "left")
        for fid in Fidelity:  # the most lost drawn last, on top
            if fid in lines:
                ax.add_collection(LineCollection(lines[fid], colors=FIDELITY_COLOURS[fid], linewidths=0.9,
                                                 alpha=0.8, zorder=1))
        handles: list[Any] = [Patch(facecolor=s[0], edgecolor=s[1], label=drawable(g.profile.name))
                              for s, g in ((a_style, m.source), (b_style, m.target))]
        handles.append(Patch(facecolor=ONTOLOGY_STYLE[0], edgecolor=ONTOLOGY_STYLE[1], label="canonical term"))
        handles += [Line2D([], [], color=FIDELITY_COLOURS[f], label=f.value) for f in Fidelity if f in lines]
        fig.legend(handles=handles, loc="lower center", ncol=(len(handles) + 1) // 2, frameon=False, fontsize=FONT_SIZE,
                   bbox_to_anchor=(0.5, 6 / height))
        return save(fig, fmt)
