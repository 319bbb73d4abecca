"""A picture of one card at real size (63 × 88 mm), drawn in outline with its game's layout conventions (the
proxy sheets of :mod:`amalogs.report.proxysheet` lay these out for printing).

What a card shows is in its game's own words (:func:`amalogs.report.cardlayout.card_face`): the cost in the game's
cost corner, filled with the card's colour; the type line; an empty art window (no artwork, no logo) with the
「PROXY・非公式」 mark, which the footer repeats; keywords; the text; the battle stats where the game prints them.

Text is measured with the shipped IPAexGothic, wrapped inside the card and set smaller, then cut, where it does
not fit. SVG glyphs are written as paths, so a card renders the same in any viewer, with or without the font
(the wrapping was measured with it); the SVG's ``<title>`` and ``<desc>`` carry the card as text.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from amalogs.errors import PictureError
from amalogs.ontology.terms import ColourSlot
from amalogs.report.cardlayout import (
    CARD,
    PROXY_MARK,
    SLOT_RGB,
    CardFace,
    CardLayout,
    card_face,
    layout_of,
    printed_value,
    wrap,
)
from amalogs.report.cards import native_name, stat_label
from amalogs.report.figures import check_format, drawable, font, style, text_width

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from amalogs.catalog import Game
    from amalogs.models.cards import Card

__all__ = ["CARD_DPI", "card_picture", "draw_card", "write_card_picture"]

CARD_DPI = 300  # a card's PNG: print resolution
PT = 25.4 / 72  # millimetres per point
ART_MAX = 30.0  # the empty art window's tallest, mm: the rest goes to the text
MIN_NAME_SIZE = 6.0  # the smallest a name is set: longer names take two lines
TEXT_SIZE, MIN_TEXT_SIZE = 6.5, 4.8  # card text, in points: shrunk down to the minimum before it is cut

# --- text --------------------------------------------------------------------------------------------------

def _fit(text: str, width: float, height: float, size: float = TEXT_SIZE) -> tuple[list[str], float]:
    """The lines of ``text`` in the largest size (down to the minimum) that fits the box; at the minimum,
    what does not fit is cut with …."""
    while True:
        lines = wrap(text, width, size)
        if len(lines) * size * 1.3 <= height or size <= MIN_TEXT_SIZE:
            break
        size = max(MIN_TEXT_SIZE, size - 0.3)
    keep = max(1, int(height // (size * 1.3)))
    if len(lines) > keep:
        lines = [*lines[:keep - 1], lines[keep - 1][:-1] + "…"]
    return lines, size


# --- drawing -----------------------------------------------------------------------------------

def _ink(game: Game, colour: str) -> str:
    slot = next((e.slot for e in game.page.colours if e.native == colour), ColourSlot.COLOURLESS)
    return SLOT_RGB.get(slot, SLOT_RGB[ColourSlot.COLOURLESS])


def _tint(hex_colour: str, amount: float) -> tuple[float, float, float]:
    """``hex_colour`` mixed with white (``amount`` of the colour): frames light enough to print and write on."""
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return tuple(1 - amount * (1 - c) for c in (r, g, b))  # type: ignore[return-value]


def _on(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else "white"


class _Pen:
    """Draws in a card's own millimetres (origin bottom-left) on an axes measured in millimetres."""

    def __init__(self, ax: Axes, x0: float, y0: float) -> None:
        self.ax, self.x0, self.y0 = ax, x0, y0

    def box(self, x: float, y: float, w: float, h: float, *, face: Any = "none", edge: Any = "black",
            lw: float = 0.5, radius: float = 0.0, **kw: Any) -> None:
        from matplotlib.patches import FancyBboxPatch

        style_ = f"round,pad=0,rounding_size={radius}" if radius else "square,pad=0"
        self.ax.add_patch(FancyBboxPatch((self.x0 + x, self.y0 + y), w, h, boxstyle=style_, facecolor=face,
                                         edgecolor=edge, linewidth=lw, **kw))

    def disc(self, x: float, y: float, r: float, inks: Sequence[str]) -> None:
        """A circle split into one wedge per colour (a multicoloured cost)."""
        from matplotlib.patches import Circle, Wedge

        step = 360 / len(inks)
        for i, ink in enumerate(inks):
            self.ax.add_patch(Wedge((self.x0 + x, self.y0 + y), r, 90 + i * step, 90 + (i + 1) * step,
                                    facecolor=ink, edgecolor="none"))
        self.ax.add_patch(Circle((self.x0 + x, self.y0 + y), r, facecolor="none", edgecolor="black", linewidth=0.5))

    def text(self, x: float, y: float, s: str, size: float, **kw: Any) -> None:
        self.ax.text(self.x0 + x, self.y0 + y, s, fontproperties=font(size), **kw)


def _draw_cost(pen: _Pen, game: Game, card: Card, layout: CardLayout, cost: tuple[str, object], top: float,
               x_from: float, x_to: float) -> float:
    """The cost in its corner, coloured; returns how far (mm) it reaches along the top, for the name."""
    _, value = cost
    inks = [_ink(game, c) for c in card.colours] or [SLOT_RGB[ColourSlot.COLOURLESS]]
    items: list[tuple[str, str]] = []  # (ink, label) per circle
    if isinstance(value, Mapping):
        for colour, n in value.items():
            ink = _ink(game, str(colour))
            generic = ink == SLOT_RGB[ColourSlot.COLOURLESS] and layout.cost_style == "mana"
            many = layout.cost_style in ("pips", "mana") and not generic and n <= 5
            items += [(ink, "")] * n if many else [(ink, str(n))]
        items.sort(key=lambda item: item[1] == "")  # MTG writes the generic number first
    else:
        items = [("", printed_value(game, value, layout))]
    r = 3.6 if len(items) == 1 and items[0][1] else 2.6 if len(items) <= 4 else 2.0 if len(items) <= 6 else 1.5
    step = r * 2 + 0.4
    left = layout.cost_at == "left"
    for i, (ink, label) in enumerate(items):
        x = x_from + r + i * step if left else x_to - r - (len(items) - 1 - i) * step
        pen.disc(x, top - r, r, [ink] if ink else inks)
        if label:
            ink_of = ink or inks[0]
            pen.text(x, top - r, label, r * (3.2 if len(label) < 2 else 2.4 if len(label) < 3 else 1.7), ha="center",
                     va="center_baseline",
                     color=_on(ink_of))
    return len(items) * step


def _draw_battle(pen: _Pen, game: Game, layout: CardLayout, battle: Sequence[tuple[str, object]],
                 x: float, y: float, w: float) -> None:
    """The battle stats: in a row along the bottom (label over value), or an MTG-style box."""
    if layout.battle_at == "box":
        shown = "/".join(printed_value(game, v, layout) for _, v in battle)
        labels = "/".join(stat_label(game, k) for k, _ in battle)
        bw = max(14.0, text_width(shown, 10) * PT + 4, text_width(labels, 4.8) * PT + 3)
        pen.box(x + w - bw, y, bw, 8.0, face="white", lw=0.7, radius=1.2)
        pen.text(x + w - bw / 2, y + 6.4, drawable(labels), 4.8, ha="center", va="center", color="0.3")
        pen.text(x + w - bw / 2, y + 3.0, shown, 10, ha="center", va="center")
        return
    cell = w / len(battle)
    for i, (k, v) in enumerate(battle):
        cx = x + cell * (i + 0.5)
        pen.box(x + cell * i + 0.4, y, cell - 0.8, 8.0, face="white", lw=0.5, radius=1.0)
        pen.text(cx, y + 6.4, drawable(stat_label(game, k)), 5.0, ha="center", va="center", color="0.3")
        shown = printed_value(game, v, layout)
        size = min(10.0, (cell - 2) / max(text_width(shown, 10) * PT, 0.1) * 10)
        pen.text(cx, y + 2.9, shown, size, ha="center", va="center")


def _draw_side(pen: _Pen, game: Game, layout: CardLayout, battle: Sequence[tuple[str, object]],
               x: float, top: float) -> None:
    """The battle stats down the left edge, each in a tab (ヴァンガード: power, shield, critical)."""
    for i, (k, v) in enumerate(battle):
        y = top - (i + 1) * 8.4
        pen.box(x, y, 11.0, 7.8, face="white", lw=0.5, radius=1.0)
        pen.text(x + 5.5, y + 6.2, drawable(stat_label(game, k)), 4.8, ha="center", va="center", color="0.3")
        shown = printed_value(game, v, layout)
        pen.text(x + 5.5, y + 2.8, shown, min(8.5, 8.5 * 9.5 / max(text_width(shown, 8.5) * PT, 0.1)),
                 ha="center", va="center")


M = 2.6  # the margin inside a card's edge, mm
HEADER = 8.0  # the name bar's height, mm
GAP = 0.8  # between two boxes, mm


def draw_card(ax: Axes, game: Game, card: Card, x0: float = 0.0, y0: float = 0.0) -> None:
    """Draw ``card`` with its bottom-left corner at (x0, y0) on an axes measured in millimetres: frame and
    header, type line, the empty art window, keywords, text, battle stats and the footer with the proxy mark."""
    layout = layout_of(game)
    face = card_face(game, card, layout)
    pen = _Pen(ax, x0, y0)
    ink = _ink(game, card.colours[0]) if card.colours else SLOT_RGB[ColourSlot.COLOURLESS]
    pen.box(0, 0, CARD[0], CARD[1], face=_tint(ink, 0.22), lw=0.6, radius=layout.radius)
    inner = CARD[0] - 2 * M
    info_lines, info_size = _fit_info(face.info, inner)
    info_h = 4.4 if len(info_lines) == 1 else 7.2
    y = CARD[1] - M - HEADER - GAP - (info_h + GAP if layout.type_at == "top" else 0.0)
    bottom = _bottom(face, layout)
    below_art = (info_h + GAP if layout.type_at == "middle" else 0.0) + (5.2 if face.keywords else 0.0) + GAP
    side = len(face.battle) * 8.4 if layout.battle_at == "side" else 0.0
    least = max(8.0, side)
    lines, size, text_h = _text_plan(card, face, layout, inner, y - bottom - below_art - least)
    art_h = max(least, min(ART_MAX, y - bottom - below_art - text_h))
    name = drawable(card.name)
    vertical = layout.name_at == "vertical" and _vertical_size(name, art_h - 1.2) >= MIN_NAME_SIZE
    _header(pen, game, card, layout, face, ink, name if not vertical else None)
    if layout.type_at == "top":
        _info(pen, info_lines, info_size, y + info_h + GAP, info_h)
    _art(pen, game, y, art_h, side > 0, vertical)
    if side:
        _draw_side(pen, game, layout, face.battle, M, y)
    if vertical:
        _vertical(pen, name, CARD[0] - M - 3.0, y - 0.6, art_h - 1.2)
    y -= art_h + GAP
    if layout.type_at == "middle":
        y = _info(pen, info_lines, info_size, y, info_h) - GAP
    if face.keywords:
        _keywords(pen, face.keywords, M, y - 4.4, inner)
        y -= 5.2
    pen.box(M, bottom, inner, y - bottom, face="white", edge="0.4", lw=0.4, radius=0.8)
    for i, line in enumerate(lines):
        pen.text(M + 1.2, y - 1.0 - (i + 0.5) * size * 1.3 * PT, line, size, ha="left", va="center_baseline")
    if face.battle and layout.battle_at != "side":
        row = layout.battle_at == "row"
        _draw_battle(pen, game, layout, face.battle, M, M + 3.0 if row else bottom - 4.4, inner - (0 if row else 0.5))
    _footer(pen, game, card, face, ink)


def _header(pen: _Pen, game: Game, card: Card, layout: CardLayout, face: CardFace, ink: str, name: str | None) -> None:
    """The name bar with the cost in its corner (and a playing card's corner number); without ``name`` (set
    vertically beside the art), the card type in the bar instead. A long name takes two lines."""
    top = CARD[1] - M
    pen.box(M, top - HEADER, CARD[0] - 2 * M, HEADER, face=_tint(ink, 0.5), lw=0.5, radius=1.2)
    reach = 0.0
    if face.cost is not None:
        reach = _draw_cost(pen, game, card, layout, face.cost, top + 0.2, M + 0.3, CARD[0] - M - 0.3) + 0.5
    left = M + 1.5 + (reach if layout.cost_at == "left" else 0.0)
    right = CARD[0] - M - 1.5 - (reach if layout.cost_at == "right" else 0.0)
    if face.corner is not None:  # as on a playing card: the number top-left and, turned, bottom-right
        colour = "black" if ink == SLOT_RGB[ColourSlot.WHITE] else ink
        pen.text(M + 4.0, top - HEADER / 2, face.corner, 15, ha="center", va="center", color=colour)
        pen.text(CARD[0] - M - 4.0, M + 4.6, face.corner, 15, ha="center", va="center", rotation=180, color=colour)
        left = max(left, M + 8.5)
    label = name if name is not None else drawable(native_name(game, "card_types", card.type))
    room = (right - left) / PT
    size = min(9.0, 9.0 * room / max(text_width(label, 9.0), 1.0))
    if size >= MIN_NAME_SIZE:
        pen.text(left, top - HEADER / 2, label, size, ha="left", va="center_baseline")
        return
    two = wrap(label, room, MIN_NAME_SIZE)
    two = two if len(two) <= 2 else [two[0], two[1][:-1] + "…"]
    for i, line in enumerate(two):
        pen.text(left, top - HEADER / 2 + (len(two) / 2 - i - 0.5) * MIN_NAME_SIZE * 1.15 * PT, line, MIN_NAME_SIZE,
                 ha="left", va="center_baseline")


def _art(pen: _Pen, game: Game, y: float, height: float, side: bool, vertical: bool) -> None:
    """The art window, left empty (no artwork), with the proxy mark and the game's name in it; narrower beside
    the battle stats down the left edge (``side``) or a name set vertically down the right."""
    x = M + (12.0 if side else 0.0)
    width = CARD[0] - M - x - (6.0 if vertical else 0.0)
    pen.box(x, y - height, width, height, face="white", edge="0.55", lw=0.4)
    pen.text(x + width / 2, y - height / 2 + 1.6, PROXY_MARK, 10, ha="center", va="center", color="0.55")
    pen.text(x + width / 2, y - height / 2 - 2.6, drawable(game.profile.name), 5, ha="center", va="center",
             color="0.5")


def _footer(pen: _Pen, game: Game, card: Card, face: CardFace, ink: str) -> None:
    right = CARD[0] - M - 0.5 - (8.5 if face.corner is not None else 0.0)
    pen.text(M + 0.5, 1.3, PROXY_MARK, 5.0, ha="left", va="center", color="#c0392b")
    pen.text(right, 1.3, drawable(f"{game.page.abbreviation}  {card.id}"), 4.2, ha="right", va="center", color="0.35")


def _bottom(face: CardFace, layout: CardLayout) -> float:
    """Where the text box ends (mm from the bottom edge): above the battle row, the footer or a corner number."""
    if face.battle and layout.battle_at == "row":
        return 14.2
    if face.battle and layout.battle_at == "box":
        return 8.2
    return 10.0 if face.corner else 3.6


def _text_plan(card: Card, face: CardFace, layout: CardLayout, inner: float,
               room: float) -> tuple[list[str], float, float]:
    """The card text's lines and size in a box at most ``room`` mm tall, and the height the box needs."""
    text = drawable(card.text or "")
    boxed = 5.0 if layout.battle_at == "box" and face.battle else 0.0  # the P/T box covers the last line
    if not text:
        return [], TEXT_SIZE, 8.0
    lines, size = _fit(text, (inner - 2.6) / PT, (room - 2.0 - boxed) / PT)
    return lines, size, max(len(lines) * size * 1.3 * PT + 2.0 + boxed, 10.0)


def _fit_info(info: str, width: float) -> tuple[list[str], float]:
    """The type line: one line at 6 pt when it fits (down to 5 pt), else two lines at 5 pt, cut with …."""
    for size in (6.0, 5.5, 5.0):
        if text_width(info, size) * PT <= width - 2.0:
            return [info], size
    lines = wrap(info, (width - 2.0) / PT, 5.0)
    return (lines if len(lines) <= 2 else [lines[0], lines[1][:-1] + "…"]), 5.0


def _info(pen: _Pen, lines: list[str], size: float, y: float, height: float) -> float:
    """The type line box under ``y``; returns its lower edge."""
    pen.box(M, y - height, CARD[0] - 2 * M, height, face="white", edge="0.4", lw=0.4, radius=0.8)
    for i, line in enumerate(lines):
        pen.text(M + 1.0, y - height / 2 + (len(lines) / 2 - i - 0.5) * size * 1.25 * PT, line, size, ha="left",
                 va="center_baseline")
    return y - height


def _keywords(pen: _Pen, keywords: list[str], x: float, y: float, w: float) -> None:
    """Each keyword in a chip, by its printed name."""
    size, end = 5.6, x + w
    for kw in keywords:
        cw = text_width(kw, size) * PT + 2.4
        if x + cw > end:
            break
        pen.box(x, y, cw, 4.2, face="#fff7d6", edge="0.3", lw=0.4, radius=1.8)
        pen.text(x + cw / 2, y + 2.1, kw, size, ha="center", va="center_baseline")
        x += cw + 1.0


_TURNED = frozenset("ー－-—―…‥～〜~()（）「」『』【】〔〕［］<>〈〉《》=＝")
"""Marks that turn a quarter when set vertically (縦書き): the long vowel mark, dashes, brackets."""


def _vertical_size(name: str, height: float) -> float:
    chars = [c for c in name if not c.isspace()]
    return min(8.0, height / PT / max(len(chars), 1) / 1.08)


def _vertical(pen: _Pen, name: str, x: float, top: float, height: float) -> None:
    """A name set vertically, one character under the other (縦書き), sized to the column; dashes and
    brackets turned as vertical text turns them."""
    size = _vertical_size(name, height)
    for i, ch in enumerate(c for c in name if not c.isspace()):
        pen.text(x, top - (i + 0.5) * size * 1.08 * PT, ch, size, ha="center", va="center",
                 rotation=-90 if ch in _TURNED else 0)


# --- pictures, files, sheets -------------------------------------------------------------------------------

def _card_figure(game: Game, card: Card) -> Figure:
    from matplotlib.figure import Figure

    w, h = CARD
    fig = Figure(figsize=(w / 25.4, h / 25.4), dpi=CARD_DPI)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, w)
    ax.set_ylim(0, h)
    ax.set_axis_off()
    draw_card(ax, game, card)
    return fig


def card_picture(game: Game, card: Card, fmt: str) -> bytes:
    """``card`` of ``game`` as PNG (300 dpi) or SVG bytes at real size, 63 × 88 mm."""
    check_format(fmt)
    with style():
        import matplotlib

        with matplotlib.rc_context({"svg.fonttype": "path"}):
            fig = _card_figure(game, card)
            buffer = io.BytesIO()
            metadata: dict[str, Any] = {"Date": None} if fmt == "svg" else {"Software": None}
            fig.savefig(buffer, format=fmt, dpi=CARD_DPI, metadata=metadata)
    data = buffer.getvalue()
    return _titled(data, game, card) if fmt == "svg" else data


def _titled(svg: bytes, game: Game, card: Card) -> bytes:
    """The SVG with the card as text in ``<title>`` and ``<desc>`` (glyphs are paths: search and screen
    readers read these)."""
    layout = layout_of(game)
    face = card_face(game, card, layout)
    cost = f"{stat_label(game, face.cost[0])}{printed_value(game, face.cost[1], layout)}" if face.cost else ""
    battle = " ".join(f"{stat_label(game, k)}{printed_value(game, v, layout)}" for k, v in face.battle)
    desc = " / ".join(p for p in (PROXY_MARK, game.profile.name, cost, face.info, battle, "・".join(face.keywords),
                                  drawable(card.text or "")) if p)
    text = svg.decode("utf-8")
    at = text.index(">", text.index("<svg")) + 1
    extra = f"\n <title>{escape(drawable(card.name))}</title>\n <desc>{escape(desc)}</desc>"
    return (text[:at] + extra + text[at:]).encode("utf-8")


def write_card_picture(game: Game, card: Card, path: Path, force: bool = False) -> None:
    """Write ``card``'s picture to ``path``: SVG or PNG by its suffix (anything else is refused in one line)."""
    from amalogs.writer import check_target, write_bytes

    fmt = path.suffix.lower().lstrip(".")
    if fmt not in ("svg", "png"):
        raise PictureError(f"{path}: a card picture is .svg or .png, not {path.suffix or 'a file without suffix'}")
    check_target(path, force)
    write_bytes(path, card_picture(game, card, fmt), force)
