"""The atlas as a picture (PNG or SVG) of one screen: games by similarity, shared terms between them, links
bundled and coloured per section of the game page (:mod:`amalogs.report.atlas` lays it out).

A term that every game maps (with three games or more) gets a thick border instead of its links: they would
only draw a star from the middle to every game. The HTML page draws them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from amalogs.compare.graphs import SECTIONS
from amalogs.report.atlas import (
    BOTTOM,
    MARGIN,
    PAD,
    SECTION_COLOURS,
    AtlasLayout,
    text_colour,
)
from amalogs.report.figures import DPI, check_format, drawable, save, style

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["atlas_figure", "draw_atlas", "everyones", "tint"]

SHARED_BORDER = 2.2  # points: the border of a term every game maps


def tint(colour: str, amount: float = 0.85) -> str:
    """``colour`` mixed with ``amount`` of white (a light fill behind dark text)."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def atlas_figure(layout: AtlasLayout, *, title: str | None = None) -> Figure:
    """The atlas laid out by :func:`amalogs.report.atlas.atlas_layout`, as a matplotlib Figure (no pyplot)."""
    from matplotlib.figure import Figure

    width, height = layout.size
    with style():
        fig = Figure(figsize=layout.size, dpi=DPI)
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(0, width)
        ax.set_ylim(0, height)
        ax.set_axis_off()
        _draw_curves(ax, layout)
        _draw_boxes(ax, layout)
        if title:
            fig.text(MARGIN / width, 1 - MARGIN / height, drawable(title), ha="left", va="top", fontsize=13)
        fig.text(1 - MARGIN / width, 1 - MARGIN / height, _summary(layout), ha="right", va="top", fontsize=7,
                 color="#555555")
        _draw_legend(fig, layout)
    return fig


def draw_atlas(layout: AtlasLayout, fmt: str = "png", *, title: str | None = None) -> bytes:
    """The atlas picture as PNG or SVG bytes (1920×1080 pixels for a PNG of the default size)."""
    check_format(fmt)
    with style():
        return save(atlas_figure(layout, title=title), fmt)


def _summary(layout: AtlasLayout) -> str:
    terms = sum(1 for p in layout.places.values() if p.kind != "game")
    left_out = f"; {len(layout.unmapped)} that no game maps are left out" if layout.unmapped else ""
    return (f"{len(layout.games)} games, {terms} canonical terms{left_out}, {len(layout.curves)} links\n"
            "games placed by similarity; each term between the games that map it")


def everyones(layout: AtlasLayout) -> set[str]:
    """The terms every game maps, when there are three games or more."""
    if len(layout.games) < 3:
        return set()
    games: dict[str, int] = {}
    for curve in layout.curves:
        games[curve.link.term] = games.get(curve.link.term, 0) + 1
    return {term for term, n in games.items() if n == len(layout.games)}


def _draw_curves(ax: Axes, layout: AtlasLayout) -> None:
    from matplotlib.collections import PathCollection
    from matplotlib.path import Path

    shared = everyones(layout)
    by_section: dict[str, list[Path]] = {}
    for curve in layout.curves:
        if curve.link.term in shared:
            continue
        path = Path(list(curve.points), [Path.MOVETO, Path.CURVE3, Path.CURVE3])
        by_section.setdefault(curve.link.section, []).append(path)
    for section, paths in sorted(by_section.items()):
        colour = SECTION_COLOURS.get(section, SECTION_COLOURS["other"])
        ax.add_collection(PathCollection(paths, facecolors="none", edgecolors=colour, linewidths=0.55,
                                         alpha=0.4, zorder=1))


def _draw_boxes(ax: Axes, layout: AtlasLayout) -> None:
    shared = everyones(layout)
    for place in layout.places.values():
        if place.kind == "game":
            fill, border, colour, z = place.colour, place.colour, text_colour(place.colour), 4
        else:
            fill, border, colour, z = tint(place.colour), place.colour, "#1a1a1a", 3
        width = SHARED_BORDER if place.node in shared else 0.7
        box = {"boxstyle": f"round,pad={PAD}", "facecolor": fill, "edgecolor": border, "linewidth": width}
        ax.text(place.x, place.y, place.text, ha="center", va="center", fontsize=place.size, color=colour,
                bbox=box, zorder=z, linespacing=1.1, gid=place.node)


def _draw_legend(fig: Figure, layout: AtlasLayout) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    used = {curve.link.section for curve in layout.curves}
    handles: list[Artist] = [Line2D([], [], color=SECTION_COLOURS[s], linewidth=2.5, label=name)
                             for s, name in SECTIONS.items() if s in used]
    if everyones(layout):
        handles.append(Patch(facecolor="#ffffff", edgecolor="#555555", linewidth=SHARED_BORDER,
                             label="mapped by every game (links not drawn)"))
    if handles:
        fig.legend(handles=handles, loc="lower center", ncol=len(handles), frameon=False, fontsize=8,
                   bbox_to_anchor=(0.5, (MARGIN + BOTTOM / 2 - 0.2) / layout.size[1]))
