"""The atlas laid out to stay readable: games placed by similarity, canonical terms between the games that
map them, a colour per game that never repeats, and links bundled per section of the game page.

- **Games** go where classical multidimensional scaling of the similarity distances puts them (the two axes
  that keep most of the distances), then each is moved out along its own direction towards an ellipse, so
  the middle stays free for the terms many games share; similar games stay side by side.
- **Terms** (only those some game maps) start at the mean place of the games that map them, a little
  towards the middle and a little towards their section's side, and are then pushed apart until no two
  label boxes overlap.
- **Links** run from a game to a term as quadratic Bézier curves whose control point is shared by all the
  links from that game into one section: they leave the game as one strand and fan out near the terms.

Everything is in inches from the bottom-left corner of a picture of :data:`SIZE` (1920×1080 pixels at the
pictures' DPI); the PNG (:mod:`amalogs.report.atlas_picture`) and the HTML page
(:mod:`amalogs.report.atlas_page`) draw the same layout. numpy and matplotlib are imported on first use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from amalogs.compare.graphs import SECTIONS, AtlasLink, atlas_links
from amalogs.report.figures import drawable, text_width

if TYPE_CHECKING:
    import networkx as nx
    import numpy as np

    from amalogs.catalog import Game
    from amalogs.models.ontology import Ontology

__all__ = [
    "SECTION_COLOURS",
    "SIZE",
    "AtlasLayout",
    "Curve",
    "Place",
    "atlas_layout",
    "game_colours",
    "game_positions",
    "games_layout",
    "oklab",
]

SIZE = (12.8, 7.2)  # inches: 1920×1080 at 150 DPI
SECTION_COLOURS = {  # Okabe–Ito: told apart with every kind of colour vision
    "genus": "#0072B2", "zone": "#009E73", "stat": "#D55E00", "keyword": "#CC79A7", "rule": "#E69F00",
    "colour": "#56B4E9", "turn": "#666666", "other": "#999999",
}
TERM_SIZE = 6.5  # points
GAME_SIZE = 7.5
PAD = 0.3  # box padding, in font sizes
LINE = 1.2  # line height, in font sizes
MARGIN = 0.15  # inches around the drawing area
TOP = 0.42  # inches kept for the title
BOTTOM = 0.42  # inches kept for the legend
GAP = 0.035  # inches between two boxes
RIM = 0.8  # games sit between RIM and 1 of the way from the middle to the ellipse
CROWDED = 0.3  # the most of the drawing area the boxes may cover before the picture grows
SHRINK = 0.8  # a term's place: this much of the way from the middle to the mean of its games
SIDEWAYS = 2.0  # boxes are pushed sideways unless that moves them this many times further than up or down


@dataclass(frozen=True, slots=True)
class Place:
    """A labelled box: a game or an ontology term, its centre and size in inches."""

    node: str
    kind: str  # "game" or the term's kind (genus, zone, ...)
    text: str
    size: float  # font size, points
    x: float
    y: float
    w: float
    h: float
    colour: str  # a game's own colour, or the term's section colour
    section: str = ""
    label: str = ""  # the term as written (or the game's name)
    en: str = ""

    @property
    def xy(self) -> tuple[float, float]:
        return self.x, self.y


@dataclass(frozen=True, slots=True)
class Curve:
    """One link drawn as a quadratic Bézier curve: start (the game), control point, end (the term)."""

    link: AtlasLink
    points: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class AtlasLayout:
    """Where every game, term and link of an atlas goes, and what it is called."""

    size: tuple[float, float]
    games: tuple[str, ...]
    places: dict[str, Place]
    curves: tuple[Curve, ...]
    unmapped: tuple[str, ...]  # ontology terms no game maps (left out of the drawing)
    natives: dict[str, str]  # native concept node id → its label


# --- colours -----------------------------------------------------------------------------------------


def oklab(hex_colour: str) -> tuple[float, float, float]:
    """The OKLab coordinates (L, a, b) of an sRGB colour such as ``#1f77b4``."""
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    lms = [0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b,
           0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b,
           0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b]
    l_, m_, s_ = (math.copysign(abs(v) ** (1 / 3), v) for v in lms)
    return (0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
            1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
            0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_)


def _srgb(lightness: float, a: float, b: float) -> tuple[float, float, float] | None:
    """OKLab → gamma-encoded sRGB in [0, 1], or None when the colour is outside the sRGB gamut."""
    l_ = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3
    m_ = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3
    s_ = (lightness - 0.0894841775 * a - 1.2914855480 * b) ** 3
    linear = (4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
              -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
              -0.0041960863 * l_ - 0.7034186147 * m_ + 1.7076147010 * s_)
    if not all(-1e-6 <= c <= 1 + 1e-6 for c in linear):
        return None
    def encode(c: float) -> float:
        c = min(max(c, 0.0), 1.0)
        return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    r, g, b_ = (encode(c) for c in linear)
    return r, g, b_


def _oklch_hex(lightness: float, chroma: float, hue: float) -> str:
    """The colour of OKLCH (lightness, chroma, hue in degrees), chroma lowered until it fits in sRGB."""
    for step in range(41):
        c = chroma * (1 - step / 40)
        rgb = _srgb(lightness, c * math.cos(math.radians(hue)), c * math.sin(math.radians(hue)))
        if rgb is not None:
            return "#" + "".join(f"{round(v * 255):02x}" for v in rgb)
    raise AssertionError("grey is always inside sRGB")  # pragma: no cover


def _candidate(n: int, bands: int) -> list[str]:
    """``n`` hues evenly spaced on each of ``bands`` lightness levels (each band's hues offset by a step)."""
    per_band = math.ceil(n / bands)
    levels = [0.62] if bands == 1 else [0.45 + 0.35 * b / (bands - 1) for b in range(bands)]
    colours = []
    for i in range(n):
        band, j = i % bands, i // bands
        hue = 30 + 360 * (j + band / bands) / per_band
        colours.append(_oklch_hex(levels[band], 0.15, hue))
    return colours


def _closest(colours: Sequence[str]) -> float:
    labs = [oklab(c) for c in colours]
    return min((math.dist(p, q) for i, p in enumerate(labs) for q in labs[i + 1:]), default=math.inf)


def game_colours(n: int) -> list[str]:
    """``n`` colours, no two alike, for any ``n``: hues evenly spaced in OKLCH (a perceptual space) on as many
    lightness levels as keeps the closest two furthest apart."""
    if n <= 0:
        return []
    candidates = [_candidate(n, bands) for bands in range(1, min(n, 12) + 1)]
    return max(candidates, key=_closest)


def _luminance(colour: str) -> float:
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_colour(fill: str) -> str:
    """Near-black or white text, whichever stands out more on ``fill`` (WCAG contrast ratio)."""
    light = _luminance(fill)
    return "#1a1a1a" if (light + 0.05) / (_luminance("#1a1a1a") + 0.05) > 1.05 / (light + 0.05) else "#ffffff"


# --- places --------------------------------------------------------------------------------------------


def game_positions(distances: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
    """Each game's place in the unit disc: classical MDS of ``distances`` (its first two axes), then moved
    out along its own direction to between :data:`RIM` and 1, and the gaps between neighbours round the
    middle evened out by half, so that similar games stay close, none is crowded and the middle stays free.
    Games whose distances put them in a row go in that order along an arch from corner to corner."""
    import numpy as np

    d = np.asarray(distances, dtype=float)
    n = len(d)
    if n <= 1:
        return [(0.0, 0.0)] * n
    centring = np.eye(n) - 1 / n
    values, vectors = np.linalg.eigh(-0.5 * centring @ (d ** 2) @ centring)
    top = np.argsort(values)[::-1][:2]
    xy = np.zeros((n, 2))
    xy[:, :len(top)] = vectors[:, top] * np.sqrt(np.clip(values[top], 0, None))
    for axis in range(2):  # eigenvectors have no sign of their own: the largest coordinate is positive
        if xy[np.argmax(np.abs(xy[:, axis])), axis] < 0:
            xy[:, axis] *= -1
    radius = np.hypot(xy[:, 0], xy[:, 1])
    if radius.max() < 1e-9:  # every game the same: evenly round the rim
        return [(math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)) for i in range(n)]
    if np.ptp(xy[:, 1]) < 1e-3 * np.ptp(xy[:, 0]):  # games in a row: an arch from corner to corner
        t = (xy[:, 0] - xy[:, 0].min()) / np.ptp(xy[:, 0])
        return [(float(math.cos(math.pi * (1 - a))), float(2 * math.sin(math.pi * (1 - a)) - 1)) for a in t]
    angle = _even_out(np.arctan2(xy[:, 1], xy[:, 0]))
    out = RIM + (1 - RIM) * radius / radius.max()
    return [(float(r * math.cos(a)), float(r * math.sin(a))) for r, a in zip(out, angle)]


def _even_out(angle: np.ndarray) -> np.ndarray:
    """The angles in the same circular order, each gap between neighbours half its own, half an even share."""
    import numpy as np

    n = len(angle)
    order = np.argsort(angle, kind="stable")
    ordered = angle[order]
    gaps = np.diff(np.append(ordered, ordered[0] + 2 * np.pi))
    even = 0.5 * gaps + 0.5 * 2 * np.pi / n
    placed = ordered[0] + np.concatenate([[0.0], np.cumsum(even[:-1])])
    shift = np.angle(np.mean(np.exp(1j * (ordered - placed))))  # turned back to the original as a whole
    out = np.empty(n)
    out[order] = placed + shift
    return out


def _box(text: str, size: float) -> tuple[float, float]:
    lines = text.count("\n") + 1
    return (text_width(text, size) + 2 * PAD * size) / 72, (lines * LINE * size + 2 * PAD * size) / 72


def _places(g: nx.DiGraph, games: Sequence[str], links: Sequence[AtlasLink]) -> list[Place]:
    """Every game and mapped term as a box of the right size, at the origin (placed later)."""
    colours = dict(zip(games, game_colours(len(games))))
    places = []
    for game in games:
        attrs = g.nodes[game]
        name = drawable(str(attrs.get("label", game)))
        text = f"{drawable(str(attrs.get('abbreviation', game)))}\n{name}"
        places.append(Place(game, "game", text, GAME_SIZE, 0, 0, *_box(text, GAME_SIZE), colours[game],
                            label=name, en=drawable(str(attrs.get("en", "")))))
    sections = {link.term: link.section for link in links}
    for term, section in sorted(sections.items()):
        attrs = g.nodes[term]
        label, en = drawable(str(attrs.get("label", term))), drawable(str(attrs.get("en", "")))
        text = f"{label}\n{en}" if en and en != label else label
        places.append(Place(term, str(attrs.get("kind", "")), text, TERM_SIZE, 0, 0, *_box(text, TERM_SIZE),
                            SECTION_COLOURS.get(section, SECTION_COLOURS["other"]), section, label, en))
    return places


def _targets(places: Sequence[Place], games: Sequence[str], links: Sequence[AtlasLink],
             distances: Sequence[Sequence[float]], area: tuple[float, float, float, float]) -> np.ndarray:
    """Where each box would like to be (inches): games by similarity on the ellipse, terms between them."""
    import numpy as np

    left, bottom, right, top = area
    widest = max((p.w for p in places if p.kind == "game"), default=0.0)
    tallest = max((p.h for p in places if p.kind == "game"), default=0.0)
    centre = np.array([(left + right) / 2, (bottom + top) / 2])
    axes = np.array([(right - left - widest) / 2, (top - bottom - tallest) / 2])
    at = {game: centre + axes * xy for game, xy in zip(games, np.array(game_positions(distances)).reshape(-1, 2))}
    section_side = {s: i * 2 * math.pi / len(SECTIONS) for i, s in enumerate(SECTIONS)}
    by_term: dict[str, list[str]] = {}
    for link in links:
        by_term.setdefault(link.term, []).append(link.game)
    target = []
    for p in places:
        if p.kind == "game":
            target.append(at[p.node])
            continue
        mean = np.mean([at[game] for game in by_term[p.node]], axis=0)
        side = section_side.get(p.section, 0.0)
        nudge = 0.35 * np.array([math.cos(side), math.sin(side)]) * axes / axes.max()
        target.append(centre + SHRINK * (mean - centre) + nudge)
    return np.array(target).reshape(-1, 2)


def _separate(pos: np.ndarray, half: np.ndarray, target: np.ndarray, mobile: np.ndarray,
              area: tuple[float, float, float, float], rounds: int = 400, most: int = 3000) -> np.ndarray:
    """Push overlapping boxes apart (along the axis they overlap least on, sideways by preference while they
    are still pulled back towards their targets) for ``rounds``, the pull weaker each round; then without
    the pull until no two overlap (at most ``most`` rounds in all). Boxes stay inside ``area``."""
    import numpy as np

    n = len(pos)
    order = np.arange(n)
    tie = np.where(order[:, None] < order[None, :], -1.0, 1.0)
    share = mobile[:, None] / np.maximum(mobile[:, None] + mobile[None, :], 1e-9)
    low, high = np.array(area[:2]) + half, np.array(area[2:]) - half
    for r in range(most):
        dx, dy = pos[:, None, 0] - pos[None, :, 0], pos[:, None, 1] - pos[None, :, 1]
        ox = half[:, None, 0] + half[None, :, 0] + GAP - np.abs(dx)
        oy = half[:, None, 1] + half[None, :, 1] + GAP - np.abs(dy)
        hit = (ox > 0) & (oy > 0)
        np.fill_diagonal(hit, False)
        pull = max(0.0, 0.08 * (1 - r / rounds))
        if not hit.any() and pull == 0:
            break
        sideways = ox < (SIDEWAYS if pull else 1.0) * oy
        push_x = np.where(hit & sideways, ox * np.where(dx == 0, tie, np.sign(dx)), 0.0)
        push_y = np.where(hit & ~sideways, oy * np.where(dy == 0, tie, np.sign(dy)), 0.0)
        pos = pos + 0.5 * np.stack([(push_x * share).sum(1), (push_y * share).sum(1)], axis=1)
        pos = pos + pull * mobile[:, None] * (target - pos)
        pos = np.clip(pos, low, np.maximum(low, high))
    return pos


def _curves(links: Sequence[AtlasLink], places: dict[str, Place]) -> tuple[Curve, ...]:
    """Each link from its game towards the control point it shares with the game's other links into the same
    section (half way to their mean place), then to its term."""
    ends: dict[tuple[str, str], list[Place]] = {}
    for link in links:
        ends.setdefault((link.game, link.section), []).append(places[link.term])
    curves = []
    for link in links:
        game, term, group = places[link.game], places[link.term], ends[link.game, link.section]
        mx, my = sum(p.x for p in group) / len(group), sum(p.y for p in group) / len(group)
        control = (game.x + 0.5 * (mx - game.x), game.y + 0.5 * (my - game.y))
        curves.append(Curve(link, ((game.x, game.y), control, (term.x, term.y))))
    return tuple(curves)


def atlas_layout(g: nx.DiGraph, games: Sequence[str], distances: Sequence[Sequence[float]],
                 size: tuple[float, float] = SIZE) -> AtlasLayout:
    """Lay out the atlas ``g`` (:func:`amalogs.compare.graphs.atlas`) of ``games``, whose pairwise similarity
    distances are ``distances`` (in the order of ``games``; 0 = the same game), in a picture of ``size``."""
    import numpy as np

    links = [link for link in atlas_links(g) if link.game in set(games)]
    places = _places(g, games, links)
    size = _roomy(places, size)
    area = (MARGIN, MARGIN + BOTTOM, size[0] - MARGIN, size[1] - MARGIN - TOP)
    target = _targets(places, games, links, distances, area)
    half = np.array([(p.w / 2, p.h / 2) for p in places]).reshape(-1, 2)
    mobile = np.array([0.15 if p.kind == "game" else 1.0 for p in places])
    start = target + 0.02 * np.array([(math.cos(2.4 * i), math.sin(2.4 * i)) for i in range(len(places))]).reshape(-1, 2)
    pos = _separate(start, half, target, mobile, area)
    placed = {p.node: _moved(p, float(x), float(y)) for p, (x, y) in zip(places, pos.tolist())}
    used = {link.term for link in links}
    unmapped = tuple(sorted(n for n, d in g.nodes(data=True) if d.get("layer") == "ontology" and n not in used))
    natives = {native: drawable(str(g.nodes[native].get("label", native))) for link in links for native in link.natives}
    return AtlasLayout(size, tuple(games), placed, _curves(links, placed), unmapped, natives)


def _roomy(places: Sequence[Place], size: tuple[float, float]) -> tuple[float, float]:
    """``size``, or larger in both directions when the boxes would cover more than :data:`CROWDED` of it."""
    usable = (size[0] - 2 * MARGIN) * (size[1] - 2 * MARGIN - TOP - BOTTOM)
    covered = sum(p.w * p.h for p in places)
    grow = max(1.0, math.sqrt(covered / (CROWDED * usable)))
    return (round(size[0] * grow, 2), round(size[1] * grow, 2))


def _moved(p: Place, x: float, y: float) -> Place:
    return Place(p.node, p.kind, p.text, p.size, round(x, 4), round(y, 4), p.w, p.h, p.colour, p.section,
                 p.label, p.en)


def games_layout(games: Sequence[Game], onto: Ontology, size: tuple[float, float] = SIZE) -> AtlasLayout:
    """The layout of the atlas of ``games``, placed by their :func:`amalogs.compare.similarity.matrix`."""
    from amalogs.compare.graphs import atlas
    from amalogs.compare.similarity import matrix

    chosen = list(games)
    distances = [[b.distance for b in row] for row in matrix(chosen, onto)]
    return atlas_layout(atlas(chosen, onto), [g.id for g in chosen], distances, size)
