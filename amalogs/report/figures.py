"""What every picture shares: the bundled Japanese font, repeatable save settings, and the heatmap.

All text is set in IPAexGothic, the font inside the matplotlib-fontja package: it is found and registered
here (importing that package would change matplotlib's global settings), so Japanese labels render as text
on any machine, with no system font involved. matplotlib is imported on first use (``amalogs --help`` stays
fast), and what makes the bytes repeatable (fixed DPI, SVG hash salt, no date or software name in the
metadata) is set per figure with ``rc_context``, never globally.
"""

from __future__ import annotations

import io
import math
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from amalogs.errors import FormatError, PictureError

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.font_manager import FontProperties

__all__ = [
    "DPI",
    "FONT_SIZE",
    "PICTURE_FORMATS",
    "check_format",
    "drawable",
    "font",
    "font_family",
    "font_path",
    "heatmap",
    "save",
    "style",
    "text_width",
]

PICTURE_FORMATS = ("png", "svg")
DPI = 150
FONT_SIZE = 7.0  # node labels, in points
_UNDRAWABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")  # controls (not tab, newline); 2 non-characters


def drawable(text: str) -> str:
    """``text`` without control characters (tab and newline kept) and without U+FFFE and U+FFFF: what a
    picture cannot show and an SVG, GraphML or GEXF file cannot hold (a name from data may have them)."""
    return _UNDRAWABLE.sub("", text)


@cache
def font_path() -> Path:
    """The IPAexGothic file shipped in matplotlib-fontja (located without importing the package)."""
    spec = find_spec("matplotlib_fontja")
    folders = list(spec.submodule_search_locations or []) if spec else []
    for folder in folders:
        path = Path(folder) / "fonts" / "ipaexg.ttf"
        if path.is_file():
            return path
    raise PictureError("the Japanese font is missing: reinstall the matplotlib-fontja package")


@cache
def font_family() -> str:
    """Register IPAexGothic with matplotlib (once) and return its family name."""
    from matplotlib.font_manager import FontProperties, fontManager

    fontManager.addfont(str(font_path()))
    return str(FontProperties(fname=font_path()).get_name())


@cache
def font(size: float) -> FontProperties:
    from matplotlib.font_manager import FontProperties

    return FontProperties(fname=font_path(), size=size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: float) -> float:
    """The width of ``text`` (the widest of its lines) in points, measured with the font."""
    from matplotlib.textpath import text_to_path

    return max(text_to_path.get_text_width_height_descent(line, font(size), ismath=False)[0]
               for line in text.split("\n"))


@contextmanager
def style() -> Iterator[None]:
    """The settings every picture is drawn and saved under. Text is never read as mathtext: a name from data
    such as ``"$\\frac$"`` is printed as written, not parsed (and refused)."""
    import matplotlib

    with matplotlib.rc_context({
        "font.family": [font_family()], "font.size": FONT_SIZE, "svg.fonttype": "none",
        "svg.hashsalt": "amalogs", "axes.unicode_minus": False, "text.parse_math": False,
    }), warnings.catch_warnings():
        # a character the font lacks is drawn as a box; matplotlib's warning about it is not the user's concern
        warnings.filterwarnings("ignore", r"Glyph \d+ .* missing from font", UserWarning)
        yield


def save(fig: Figure, fmt: str) -> bytes:
    buffer = io.BytesIO()
    metadata: dict[str, Any] = {"Date": None} if fmt == "svg" else {"Software": None}
    fig.savefig(buffer, format=fmt, dpi=DPI, metadata=metadata)
    return buffer.getvalue()


def check_format(fmt: str) -> None:
    if fmt not in PICTURE_FORMATS:
        raise FormatError(fmt, PICTURE_FORMATS)


def heatmap(matrix: list[list[float]], labels: list[str], fmt: str, *, title: str | None = None) -> bytes:
    """A similarity matrix as a heatmap, each cell's value written in it (two decimals), as PNG or SVG bytes."""
    check_format(fmt)
    _check_matrix(matrix, labels)
    from matplotlib.figure import Figure

    labels = [drawable(label) for label in labels]

    n = len(labels)
    label_inches = max(text_width(label, FONT_SIZE) for label in labels) / 72
    side = 0.55 * n
    with style():
        fig = Figure(figsize=(side + label_inches + 1.8, side + label_inches * 0.75 + 1.2), dpi=DPI,
                     layout="constrained")
        ax = fig.add_subplot()
        values = [[float(v) for v in row] for row in matrix]
        low, high = min(0.0, *map(min, values)), max(1.0, *map(max, values))
        image = ax.imshow(values, cmap="Blues", vmin=low, vmax=high)
        ax.set_xticks(range(n), labels, rotation=45, ha="right", rotation_mode="anchor")
        ax.set_yticks(range(n), labels)
        for i, row in enumerate(values):
            for j, value in enumerate(row):
                dark = (value - low) / ((high - low) or 1.0) > 0.6
                ax.text(j, i, f"{value:.2f}", ha="center", va="center", color="white" if dark else "black")
        fig.colorbar(image, ax=ax, shrink=0.8)
        if title:
            ax.set_title(title, fontsize=11)
        return save(fig, fmt)


def _check_matrix(matrix: list[list[float]], labels: list[str]) -> None:
    n = len(labels)
    if n == 0:
        raise PictureError("a heatmap needs at least one label")
    if len(matrix) != n or any(len(row) != n for row in matrix):
        shape = f"{len(matrix)}×{'/'.join(sorted({str(len(r)) for r in matrix})) or 0}"
        raise PictureError(f"the matrix is {shape} but there are {n} labels; expected {n}×{n}")
    if not all(isinstance(v, (int, float)) and math.isfinite(v) for row in matrix for v in row):
        raise PictureError("every value of the matrix must be a finite number")
