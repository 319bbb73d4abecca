"""The all-games comparison table, and the field-by-field comparison of a few games."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from amalogs.catalog import Catalog, Game
from amalogs.compare.cardpool import PoolStats, pool_stats
from amalogs.errors import AmalogsError
from amalogs.ontology.terms import AttackRule

__all__ = ["Row", "comparison_rows", "field_rows", "render_table", "markdown_table", "html_document", "csv_cell",
           "FORMATS"]

FORMATS = ("md", "html", "csv", "json")


@dataclass(frozen=True, slots=True)
class Row:
    """One compared field: its label and the value for each game (by game id)."""

    field: str
    values: dict[str, str]

    @property
    def same(self) -> bool:
        return len(set(self.values.values())) <= 1


def _value(term: object) -> str:
    return str(getattr(term, "value", "—"))


def _join(items: Sequence[object]) -> str:
    return ", ".join(str(i) for i in items) or "—"


def _facts(pools: dict[str, PoolStats]) -> list[tuple[str, Callable[[Game], object]]]:
    def pool(g: Game) -> PoolStats:
        return pools[g.id]

    return [
        ("name", lambda g: g.profile.name),
        ("略称", lambda g: g.page.abbreviation),
        ("WE", lambda g: g.page.we.we),
        ("レンジ", lambda g: g.page.we.range),
        ("stat system", lambda g: _value(g.page.stat_system())),
        ("damage system", lambda g: g.page.damage_system().value),
        ("life system", lambda g: g.page.life_system().value),
        ("attack rules", lambda g: _join([e.rule.value for e in g.page.keyword_rules if isinstance(e.rule, AttackRule)])),
        ("main deck", lambda g: str(g.profile.deck.main)),
        ("copy limit", lambda g: g.profile.deck.copy_limit if g.profile.deck.copy_limit is not None else "—"),
        ("side decks", lambda g: _join([f"{s.name} {s.size}" for s in g.profile.deck.side_decks])),
        ("extra cards", lambda g: _join([f"{e.name} {e.count}" for e in g.profile.deck.extra_cards])),
        ("starting hand", lambda g: g.profile.setup.starting_hand),
        ("hand limit", lambda g: g.profile.turn.hand_limit if g.profile.turn.hand_limit is not None else "—"),
        ("mulligan", lambda g: g.profile.setup.mulligan.kind),
        ("first player skips draw", lambda g: "yes" if g.profile.turn.first_player_skips_draw else "no"),
        ("draw per turn", lambda g: g.profile.turn.draw_per_turn),
        ("turn unit", lambda g: g.profile.turn.unit),
        ("phases", lambda g: " → ".join(str(p.kind.value) for p in g.profile.turn.phases)),
        ("life", lambda g: f"{g.profile.life.starting} {g.profile.life.name}"),
        ("resource source", lambda g: g.profile.resources.source),
        ("resources per turn", lambda g: g.profile.resources.per_turn if g.profile.resources.per_turn is not None else "—"),
        ("starting resources", lambda g: g.profile.resources.starting),
        ("summoning sickness", lambda g: "yes" if g.profile.battle.summoning_sickness else "no"),
        ("damage carries over", lambda g: "yes" if g.profile.battle.damage_carries_over else "no"),
        ("damage cleanup", lambda g: g.page.damage_cleanup.timing.value),
        ("library out", lambda g: g.profile.misc.library_out),
        ("permanent range", lambda g: g.page.permanent_range.range.value),
        ("genera", lambda g: _join(sorted({e.genus.value for e in g.page.card_types if e.genus}))),
        ("colour slots", lambda g: _join([e.slot.value for e in g.page.colours])),
        ("unified keywords", lambda g: _join(sorted({e.unified.value for e in g.page.unified_keywords if e.unified}))),
        ("spell speeds", lambda g: _join([int(e.speed) for e in g.page.spell_speeds])),
        ("cards shipped", lambda g: pool(g).cards),
        ("mean 大コスト", lambda g: f"{pool(g).mean_cost:.2f}" if pool(g).mean_cost is not None else "—"),
    ]


def comparison_rows(catalog: Catalog, games: Sequence[Game] | None = None) -> list[Row]:
    """The all-games comparison table: one row per fact, one column per game."""
    chosen = list(games if games is not None else catalog.games.values())
    pools = {g.id: pool_stats(catalog, g) for g in chosen}
    return [Row(label, {g.id: str(get(g)) for g in chosen}) for label, get in _facts(pools)]


def leaves(value: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Leaves of a dumped model with dotted keys; lists of tables are keyed by their id (or native term, rule,
    speed, stat); lists of plain values stay lists."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        for i, v in enumerate(value):
            key = v.get("id") or v.get("native") or v.get("rule") or v.get("speed") or v.get("stat") or i
            yield from leaves({k: x for k, x in v.items() if k not in ("id", "native")}, f"{prefix}[{key}]")
    else:
        yield prefix, value


def _flatten(value: object, prefix: str) -> Iterator[tuple[str, str]]:
    """:func:`leaves` as text: lists joined with `` / ``, none as —."""
    for key, leaf in leaves(value, prefix):
        if isinstance(leaf, list):
            yield key, " / ".join(str(v) for v in leaf) or "—"
        else:
            yield key, "—" if leaf is None else str(leaf)


def field_rows(games: Sequence[Game]) -> list[Row]:
    """Every profile and page field of several games side by side (missing where a game lacks it)."""
    flat: dict[str, dict[str, str]] = {}
    order: dict[str, int] = {}
    for g in games:
        for source, model in (("profile", g.profile), ("page", g.page)):
            for key, value in _flatten(model.model_dump(mode="json"), source):
                order.setdefault(key, len(order))
                flat.setdefault(key, {})[g.id] = value
    return [Row(key, {g.id: flat[key].get(g.id, "(none)") for g in games}) for key in sorted(order, key=order.get)]  # type: ignore[arg-type]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(rows: Sequence[Row], games: Sequence[Game]) -> str:
    """Rows as a Markdown table, games as columns (headed by 略称)."""
    head = "| field | " + " | ".join(g.page.abbreviation for g in games) + " |"
    rule = "|---|" + "---|" * len(games)
    body = ["| " + " | ".join([_cell(r.field), *(_cell(r.values.get(g.id, "")) for g in games)]) + " |" for r in rows]
    return "\n".join([head, rule, *body]) + "\n"


_LINE_BREAK = "<br>"
"""The one piece of raw HTML the Markdown may hold: a line break inside a table cell (report.page)."""


def html_document(title: str, markdown: str) -> str:
    """A standalone UTF-8 HTML page from Markdown (rendered with markdown-it, tables on).

    Names and texts come from data anyone can write, so any raw HTML in the Markdown (``<script>`` in a game's
    name) is written escaped, as text; only the ``<br>`` line breaks of table cells stay tags. Link targets are
    checked by markdown-it (no ``javascript:``), and the title is escaped too."""
    from markdown_it import MarkdownIt
    from markdown_it.common.utils import escapeHtml

    md = MarkdownIt("commonmark").enable("table")

    def raw_html(_renderer: Any, tokens: Sequence[Any], idx: int, *_: Any) -> str:
        content = str(tokens[idx].content)
        return content if content == _LINE_BREAK else str(escapeHtml(content))

    md.add_render_rule("html_inline", raw_html)
    md.add_render_rule("html_block", raw_html)
    body = str(md.render(markdown))
    return (
        "<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>{html.escape(title)}</title>\n<style>body{{font-family:sans-serif;max-width:72em;margin:2em auto;"
        "line-height:1.5}table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .5em;"
        "vertical-align:top}img{max-width:100%}</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n"
    )


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def csv_cell(text: str) -> str:
    """A CSV cell a spreadsheet will not run: text starting with ``=``, ``+``, ``-``, ``@`` (or a tab or carriage
    return) gets a leading ``'`` (OWASP's advice against CSV injection); a number such as ``-3000`` stays as it is."""
    if text.startswith(_FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def render_table(rows: Sequence[Row], games: Sequence[Game], fmt: str, title: str = "AMALOGS comparison") -> str:
    """The table in one of :data:`FORMATS`."""
    if fmt == "md":
        return f"# {title}\n\n" + markdown_table(rows, games)
    if fmt == "html":
        return html_document(title, f"# {title}\n\n" + markdown_table(rows, games))
    if fmt == "csv":  # one row per game (a record), a column per field; a BOM so spreadsheets read Japanese right
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([csv_cell(c) for c in ["game", *(r.field for r in rows)]])
        for g in games:
            writer.writerow([csv_cell(c) for c in [g.id, *(r.values.get(g.id, "") for r in rows)]])
        return "\ufeff" + out.getvalue()
    if fmt == "json":
        data = {"games": [g.id for g in games], "rows": [{"field": r.field, "values": r.values} for r in rows]}
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    raise AmalogsError(f"unknown format {fmt!r} (expected one of: {', '.join(FORMATS)})")
