"""Printable proxy sheets: a deck's cards at real size (63 × 88 mm), 3 × 3 to an A4 page, with cut marks, as one
PDF with its fonts embedded.

The cards touch, so one cut separates two of them; the marks sit in the margins on every cut line of the used
grid, clear of the cards. Each card is drawn as :func:`amalogs.report.cardpicture.draw_card` draws it, with its
「PROXY・非公式」 mark.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from amalogs.errors import PictureError
from amalogs.report.cardlayout import CARD, PROXY_MARK
from amalogs.report.cardpicture import draw_card
from amalogs.report.figures import drawable, font, style

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from amalogs.catalog import Game
    from amalogs.models.cards import Card

__all__ = ["A4", "PER_PAGE", "proxy_sheet", "sheet_slots"]

A4 = (210.0, 297.0)
"""An A4 page's width and height in millimetres."""
PER_PAGE = 9


def sheet_slots(count: int) -> list[list[tuple[float, float]]]:
    """Where ``count`` cards go: per A4 page, the bottom-left corner (mm) of each card, 3 × 3 to a page,
    left to right and top to bottom, the grid centred on the page."""
    (pw, ph), (w, h) = A4, CARD
    x0, top = (pw - 3 * w) / 2, ph - (ph - 3 * h) / 2
    slots = [(x0 + (i % 3) * w, top - (i // 3 + 1) * h) for i in range(PER_PAGE)]
    return [slots[:min(PER_PAGE, count - start)] for start in range(0, count, PER_PAGE)]


def _cut_marks(ax: Axes, slots: list[tuple[float, float]]) -> None:
    """Short lines in the margins on every cut line of the used grid, clear of the cards."""
    (w, h), gap, length = CARD, 1.5, 6.0
    xs = sorted({x for x, _ in slots} | {x + w for x, _ in slots})
    ys = sorted({y for _, y in slots} | {y + h for _, y in slots})
    for x in xs:
        ax.plot([x, x], [ys[-1] + gap, ys[-1] + gap + length], color="black", lw=0.3)
        ax.plot([x, x], [ys[0] - gap, ys[0] - gap - length], color="black", lw=0.3)
    for y in ys:
        ax.plot([xs[0] - gap, xs[0] - gap - length], [y, y], color="black", lw=0.3)
        ax.plot([xs[-1] + gap, xs[-1] + gap + length], [y, y], color="black", lw=0.3)


def proxy_sheet(game: Game, cards: Sequence[Card], title: str) -> bytes:
    """``cards`` (each copy once) as a PDF of A4 pages at real card size, 3 × 3 to a page with cut marks; the
    fonts are embedded (TrueType), the bytes the same every time."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages

    if not cards:
        raise PictureError("no cards to lay out")
    pages = sheet_slots(len(cards))
    buffer = io.BytesIO()
    metadata = {"Title": drawable(title), "Creator": "amalogs", "Producer": "amalogs", "CreationDate": None}
    with style(), matplotlib.rc_context({"pdf.fonttype": 42}), PdfPages(buffer, metadata=metadata) as pdf:
        for number, slots in enumerate(pages, 1):
            first = (number - 1) * PER_PAGE
            footer = f"{title} — {number}/{len(pages)} — {PROXY_MARK}（試合用の代用カード）"
            pdf.savefig(_page(game, cards[first:first + PER_PAGE], slots, footer))
    return buffer.getvalue()


def _page(game: Game, cards: Sequence[Card], slots: list[tuple[float, float]], footer: str) -> Figure:
    """One A4 page: an axes in millimetres over the whole page, the cards, the cut marks and a footer line."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(A4[0] / 25.4, A4[1] / 25.4))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, A4[0])
    ax.set_ylim(0, A4[1])
    ax.set_axis_off()
    for (x, y), card in zip(slots, cards, strict=True):
        draw_card(ax, game, card, x, y)
    _cut_marks(ax, slots)
    ax.text(A4[0] / 2, 5.0, drawable(footer), fontproperties=font(7), ha="center", va="center", color="0.3")
    return fig
