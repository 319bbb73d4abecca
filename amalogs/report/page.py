"""The AMALOGS page of one game, rendered for the terminal (rich) and as Markdown, from one page model."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Game
from amalogs.models.ontology import Ontology
from amalogs.report.overview import MIN_COLUMN, TABLE_BOX
from amalogs.report.pagedata import SECTIONS, Cell, Grid, Lines, Section, page_sections, personal_data

__all__ = ["render_page", "page_record", "page_markdown", "personal_data", "SECTIONS"]


def _text(cell: Cell, bold: bool = False) -> Text:
    """A term on one line and its English gloss, dimmed, on the next: narrow enough for 80 columns."""
    text = Text(cell.text, style="bold" if bold else "")
    if cell.gloss:
        text.append(f"\n{cell.gloss}", style="dim")
    if cell.note:
        text.append(f"\n{cell.note}", style="yellow")
    return text


def _grid(grid: Grid) -> Table:
    """A section table: term columns keep their width (at least :data:`MIN_COLUMN`), the last column (notes)
    takes the rest and wraps."""
    table = Table(box=TABLE_BOX, show_edge=False, expand=True, show_header=any(grid.headers))
    for i, header in enumerate(grid.headers):
        if i == len(grid.headers) - 1:
            table.add_column(header, overflow="fold", ratio=1, min_width=16)
        else:
            table.add_column(header, overflow="fold", min_width=MIN_COLUMN,
                             max_width=None if grid.wide_first else 18)
    for row in grid.rows:
        table.add_row(*(_text(c) for c in row))
    return table


def _lines(lines: Lines) -> Group:
    parts: list[RenderableType] = []
    if lines.title:
        parts.append(Text.assemble((lines.title.text, "bold"), "  ", (lines.title.gloss or "", "dim")))
    for i, cell in enumerate(lines.lines):
        text = _text(cell, bold=lines.strong_first and i == 0)
        parts.append(Text("• ") + text if lines.bullets else text)
    return Group(*parts)


def _section(section: Section) -> Iterator[RenderableType]:
    yield Rule(Text.assemble((section.ja, "bold"), "  ", (section.en, "dim")), align="left", style="cyan")
    for block in section.blocks:
        body = _grid(block) if isinstance(block, Grid) else _lines(block)
        yield Padding(body, (0, 2, 1 if isinstance(block, Lines) and block.title else 0, 2))


def render_page(game: Game, onto: Ontology, width: int | None = None) -> RenderableType:
    """Every section of the page, Japanese terms with English glosses (``width`` is accepted for symmetry
    with the other views: the sections fill whatever width the console gives them)."""
    p, page = game.profile, game.page
    head: list[RenderableType] = [Text.assemble((p.name, "bold magenta"), f"  {p.en}  ", (f"[{p.id}]", "dim"))]
    if page.scope:
        head.append(Text(page.scope, style="italic"))
    return Group(*head, *(part for s in page_sections(game, onto) for part in _section(s)))


def _cell_record(cell: Cell) -> dict[str, Any]:
    return {"text": cell.text, "gloss": cell.gloss, "note": cell.note}


def page_record(game: Game, onto: Ontology) -> dict[str, Any]:
    """The whole page as data, for ``amalogs show --format json``: each section with its tables (headers and
    rows of cells) and lines; a cell is its text, English gloss and note."""
    sections: list[dict[str, Any]] = []
    for s in page_sections(game, onto):
        blocks: list[dict[str, Any]] = []
        for b in s.blocks:
            if isinstance(b, Grid):
                blocks.append({"headers": list(b.headers), "rows": [[_cell_record(c) for c in r] for r in b.rows]})
            else:
                blocks.append({"title": _cell_record(b.title) if b.title else None,
                               "lines": [_cell_record(c) for c in b.lines]})
        sections.append({"ja": s.ja, "en": s.en, "blocks": blocks})
    p, page = game.profile, game.page
    return {"id": p.id, "name": p.name, "en": p.en, "略称": page.abbreviation, "scope": page.scope,
            "sections": sections}


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", "<br>")


def _md_grid(grid: Grid) -> str:
    headers = [h or " " for h in grid.headers]
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(_md(c.inline()) for c in row) + " |" for row in grid.rows]
    return "\n".join(lines)


def _md_lines(lines: Lines) -> str:
    out = [f"**{lines.title.inline()}**\n"] if lines.title else []
    for i, cell in enumerate(lines.lines):
        text = f"**{cell.inline()}**" if lines.strong_first and i == 0 else cell.inline()
        out.append(f"- {text}" if lines.bullets else f"{text}\n")
    return "\n".join(out)


def page_markdown(game: Game, onto: Ontology, level: int = 2) -> str:
    """The whole page as Markdown, one heading per section."""
    hashes = "#" * level
    parts = []
    for s in page_sections(game, onto):
        parts.append(f"{hashes} {s.ja} ({s.en})\n")
        parts += [(_md_grid(b) if isinstance(b, Grid) else _md_lines(b)) + "\n" for b in s.blocks]
    return "\n".join(parts)
