"""The atlas as one self-contained HTML page: the layout of :mod:`amalogs.report.atlas` as inline SVG, with a
little inline JavaScript (``atlas_page.js`` beside this module) to zoom and pan, to hover a canonical term and
see where each game maps it (or a game and see what it maps), and to show or hide each section. Nothing is
fetched: the page works offline, from a file."""

from __future__ import annotations

import json
from html import escape
from importlib.resources import files
from typing import Any

from amalogs.compare.graphs import SECTIONS
from amalogs.report.atlas import SECTION_COLOURS, AtlasLayout, Place, text_colour
from amalogs.report.atlas_picture import tint
from amalogs.report.figures import drawable

__all__ = ["atlas_page", "page_data"]

UNIT = 100.0  # SVG units per inch of the layout
STYLE = """
:root { font-family: "IPAexGothic", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", sans-serif; color: #1a1a1a; }
body { margin: 0; display: flex; flex-direction: column; height: 100vh; }
header { padding: 6px 12px; border-bottom: 1px solid #ddd; display: flex; flex-wrap: wrap; gap: 4px 16px;
  align-items: center; }
header h1 { font-size: 18px; margin: 0; }
header p { margin: 0; color: #555; font-size: 12px; }
#sections { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 13px; }
#sections label { cursor: pointer; white-space: nowrap; }
.swatch { display: inline-block; width: 18px; height: 4px; vertical-align: middle; margin: 0 4px; }
button { font: inherit; font-size: 12px; }
main { flex: 1; display: flex; min-height: 0; }
#atlas { flex: 1; min-width: 0; cursor: grab; background: #fff; touch-action: none; }
#atlas.dragging { cursor: grabbing; }
#info { width: 300px; overflow: auto; border-left: 1px solid #ddd; padding: 8px 12px; font-size: 13px; }
#info h2 { font-size: 15px; margin: 4px 0; }
#info h3 { font-size: 13px; margin: 8px 0 2px; }
#info ul { margin: 2px 0; padding-left: 18px; }
.link { fill: none; stroke-width: 0.9; opacity: 0.45; }
.term, .game { cursor: pointer; }
.term text, .game text { pointer-events: none; }
.off { display: none; }
svg.focus .link { opacity: 0.06; }
svg.focus .link.hl { opacity: 1; stroke-width: 2.2; }
svg.focus .term, svg.focus .game { opacity: 0.25; }
svg.focus .term.hl, svg.focus .game.hl { opacity: 1; }
.term.hl rect, .game.hl rect { stroke-width: 2.5; }
.native { font-size: 11px; fill: #1a1a1a; stroke: #fff; stroke-width: 3px; paint-order: stroke; pointer-events: none; }
"""


def atlas_page(layout: AtlasLayout, *, title: str = "AMALOGS atlas") -> str:
    """The whole HTML document (one file: SVG, style, script and data inline; nothing fetched)."""
    data = json.dumps(page_data(layout), ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    script = files("amalogs.report").joinpath("atlas_page.js").read_text(encoding="utf-8")
    terms = sum(1 for p in layout.places.values() if p.kind != "game")
    about = (f"{len(layout.games)} games, {terms} canonical terms, {len(layout.curves)} links. Games are placed by "
             "similarity, each term between the games that map it. Hover or tap a term or a game; scroll to zoom, "
             "drag to move.")
    return (
        f'<!DOCTYPE html>\n<html lang="ja">\n<head>\n<meta charset="utf-8">\n<title>{_text(title)}</title>\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<link rel="icon" href="data:,">\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>{_text(title)}</h1>\n<p>{about}</p>\n"
        f'{_filters(layout)}\n<span><button type="button" id="zoom-in">+</button> '
        '<button type="button" id="zoom-out">−</button> <button type="button" id="reset">Reset view</button></span>\n'
        f"</header>\n<main>\n{_svg(layout, title)}\n{_aside(layout)}\n</main>\n"
        f'<script type="application/json" id="atlas-data">{data}</script>\n<script>\n{script}</script>\n'
        "</body>\n</html>\n"
    )


def page_data(layout: AtlasLayout) -> dict[str, Any]:
    """What the page's script reads: each game, each term with where every game maps it, and the sections."""
    games = {g: {"name": layout.places[g].label, "en": layout.places[g].en,
                 "abbreviation": layout.places[g].text.split("\n")[0], "colour": layout.places[g].colour}
             for g in layout.games}
    terms: dict[str, dict[str, Any]] = {}
    for curve in layout.curves:
        link, place = curve.link, layout.places[curve.link.term]
        entry = terms.setdefault(link.term, {"label": place.label, "en": place.en, "kind": place.kind,
                                             "section": link.section, "maps": {}})
        entry["maps"][link.game] = [layout.natives[n] for n in link.natives]
    sections = {s: {"name": name, "colour": SECTION_COLOURS[s]} for s, name in SECTIONS.items()}
    return {"games": games, "terms": terms, "sections": sections, "unmapped": list(layout.unmapped),
            "order": {"games": list(layout.games), "sections": list(SECTIONS)}}


def _text(value: str) -> str:
    return escape(drawable(value), quote=False)


def _attr(value: str) -> str:
    return escape(drawable(value), quote=True)


def _xy(layout: AtlasLayout, x: float, y: float) -> str:
    return f"{x * UNIT:.1f} {(layout.size[1] - y) * UNIT:.1f}"


def _filters(layout: AtlasLayout) -> str:
    counts: dict[str, int] = {}
    for curve in layout.curves:
        counts[curve.link.section] = counts.get(curve.link.section, 0) + 1
    boxes = "".join(
        f'<label><input type="checkbox" data-section="{s}" checked><span class="swatch" '
        f'style="background:{SECTION_COLOURS[s]}"></span>{_text(name)} ({counts[s]})</label>'
        for s, name in SECTIONS.items() if s in counts)
    return f'<form id="sections" aria-label="sections">{boxes}</form>'


def _svg(layout: AtlasLayout, title: str) -> str:
    width, height = layout.size[0] * UNIT, layout.size[1] * UNIT
    links = "".join(
        f'<path class="link" d="M{_xy(layout, *c.points[0])} Q{_xy(layout, *c.points[1])} {_xy(layout, *c.points[2])}" '
        f'stroke="{SECTION_COLOURS.get(c.link.section, SECTION_COLOURS["other"])}" data-game="{_attr(c.link.game)}" '
        f'data-term="{_attr(c.link.term)}" data-section="{c.link.section}"/>\n'
        for c in layout.curves)
    games_of: dict[str, list[str]] = {}
    for c in layout.curves:
        games_of.setdefault(c.link.term, []).append(c.link.game)
    terms = "".join(_box(layout, p, f'class="term" data-term="{_attr(p.node)}" data-section="{p.section}" '
                                    f'data-games="{_attr(" ".join(games_of[p.node]))}"')
                    for p in layout.places.values() if p.kind != "game")
    games = "".join(_box(layout, p, f'class="game" data-game="{_attr(p.node)}"')
                    for p in layout.places.values() if p.kind == "game")
    return (f'<svg id="atlas" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'role="img" aria-label="{_attr(title)}">\n<g id="viewport">\n<g id="links">\n{links}</g>\n'
            f'<g id="terms">\n{terms}</g>\n<g id="games">\n{games}</g>\n</g>\n</svg>')


def _box(layout: AtlasLayout, p: Place, attrs: str) -> str:
    """A labelled box: rounded rect, one tspan per line, and a tooltip (the script refits the rect to the text)."""
    fill, ink = (p.colour, text_colour(p.colour)) if p.kind == "game" else (tint(p.colour), "#1a1a1a")
    x, y = p.x * UNIT, (layout.size[1] - p.y) * UNIT
    w, h = p.w * UNIT, p.h * UNIT
    size = p.size / 72 * UNIT
    lines = p.text.split("\n")
    first = y - (len(lines) - 1) * 0.6 * size
    spans = "".join(f'<tspan x="{x:.1f}" y="{first + i * 1.2 * size:.1f}">{_text(line)}</tspan>'
                    for i, line in enumerate(lines))
    tip = f"{p.label} — {p.en}" if p.en and p.en != p.label else p.label
    return (f'<g {attrs} tabindex="0"><title>{_text(tip)}</title><rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" '
            f'width="{w:.1f}" height="{h:.1f}" rx="3" fill="{fill}" stroke="{p.colour}" stroke-width="1"/>'
            f'<text text-anchor="middle" dominant-baseline="central" font-size="{size:.1f}" fill="{ink}">{spans}'
            "</text></g>\n")


def _aside(layout: AtlasLayout) -> str:
    unmapped = "".join(f'<li data-term="{_attr(t)}">{_text(t.split(":", 2)[2])} '
                       f'<small>({_text(t.split(":", 2)[1])})</small></li>' for t in layout.unmapped)
    return ('<aside id="info" aria-live="polite">\n<div id="detail"><h2>Hover a term or a game</h2>'
            "<p>A term shows where each game maps it (its own name for it); a game shows the terms it maps.</p></div>\n"
            f"<details><summary>{len(layout.unmapped)} canonical terms no game maps</summary><ul>{unmapped}</ul>"
            "</details>\n</aside>")
