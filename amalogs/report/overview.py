"""Rich renderables for the game table, WE appraisals and the ontology, laid out for the width they get.

Every table keeps each column at least :data:`MIN_COLUMN` characters wide: where the full layout does not fit
(80 columns), the same facts move into fewer, taller columns rather than being folded letter by letter.
Tables draw their header rule with a gap between columns (:data:`TABLE_BOX`), so column edges stay visible.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Catalog, Game
from amalogs.models.ontology import Ontology, Term, label
from amalogs.ontology.we import CRITERIA, Appraisal, appraise

__all__ = ["MIN_COLUMN", "TABLE_BOX", "DEFAULT_WIDTH", "table", "games_table", "game_row", "game_record",
           "appraisal_panel", "appraisal_record", "ontology_records", "ontology_view", "we_criteria"]

MIN_COLUMN = 8
"""The narrowest a table column may be drawn, in terminal cells."""

DEFAULT_WIDTH = 80
"""The width a renderer assumes when it is not told one."""

TABLE_BOX = box.Box(
    "    \n"
    "    \n"
    " ─  \n"
    "    \n"
    "    \n"
    " ─  \n"
    "    \n"
    "    \n"
)
"""No frame; the header is underlined column by column (``─── ────``), a gap marking each column edge."""


def table(title: str | None = None, **options: Any) -> Table:
    """A table in the house style: :data:`TABLE_BOX`, a bold left-aligned title."""
    options.setdefault("box", TABLE_BOX)
    options.setdefault("show_edge", False)
    options.setdefault("title_style", "bold")
    return Table(title=title, title_justify="left", **options)


def game_row(game: Game) -> dict[str, str]:
    """The facts `amalogs games` shows for one game (:func:`game_record`), as plain strings."""
    r = game_record(game)
    return {"id": r["id"], "name": r["name"], "略称": r["略称"], "WE": str(r["WE"]), "レンジ": str(r["レンジ"]),
            "stat": r["stat"] or "—", "damage": r["damage"], "life system": r["life system"],
            "deck": str(game.profile.deck.main), "life": str(r["life"]), "layers": _layers(game)}


def _layers(game: Game) -> str:
    """The layers of life in front of the life (life.layers), as a count: `` (+2 layers)``; empty without."""
    n = len(game.profile.life.layers)
    return f" (+{n} layer{'s' if n > 1 else ''})" if n else ""


def game_record(game: Game) -> dict[str, Any]:
    """The facts of :func:`game_row` typed, for ``--format json|csv``: numbers as numbers, none as null."""
    p, page = game.profile, game.page
    stat = page.stat_system()
    return {
        "id": p.id,
        "name": p.name,
        "en": p.en,
        "略称": page.abbreviation,
        "WE": page.we.we,
        "レンジ": page.we.range,
        "stat": stat.value if stat else None,
        "damage": page.damage_system().value,
        "life system": page.life_system().value,
        "deck min": p.deck.main.min,
        "deck max": p.deck.main.max,
        "life": p.life.starting,
    }


WIDE_GAMES = 112
"""From this width on, `amalogs games` gives every fact its own column."""


def games_table(catalog: Catalog, width: int = DEFAULT_WIDTH) -> Table:
    """All loaded games, one row each; the game's name with its id below it, to type in other commands.
    Narrower than :data:`WIDE_GAMES`, WE and レンジ, the three systems, and deck and life share columns."""
    rows = [game_row(g) for g in catalog.games.values()]
    t = table("AMALOGS core games")
    if width >= WIDE_GAMES:
        t.add_column("game (id)", min_width=18, max_width=24, overflow="fold")
        headers = ["略称", "WE", "レンジ", "stat", "damage", "life system", "deck", "life"]
        for h in headers:
            t.add_column(h, justify="right" if h in ("WE", "レンジ", "life") else "left", min_width=MIN_COLUMN,
                         no_wrap=True)
        for row in rows:
            t.add_row(Text.assemble(row["name"], "\n", (row["id"], "cyan")),
                      *(row[h] + (row["layers"] if h == "life" else "") for h in headers))
        return t
    t.add_column("game (id, 略称)", min_width=16, ratio=3, overflow="fold")
    t.add_column("WE / レンジ", min_width=MIN_COLUMN, no_wrap=True)
    t.add_column("stat / damage / life", min_width=14, ratio=3, overflow="fold")
    t.add_column("deck / life", min_width=MIN_COLUMN, ratio=1, overflow="fold")
    for row in rows:
        t.add_row(Text.assemble(row["name"], "\n", (row["id"], "cyan"), f" ({row['略称']})"),
                  f"{row['WE']} / {row['レンジ']}",
                  f"{row['stat']} · {row['damage']}\n{row['life system']}{row['layers']}",
                  f"{row['deck']}\nlife {row['life']}")
    return t


def appraisal_record(game: Game, appraisal: Appraisal | None = None) -> dict[str, Any]:
    """One game's WE appraisal as data, for ``amalogs we --format json|csv``."""
    a = appraisal or appraise(game.profile)
    page = game.page.we
    return {
        "game": game.profile.id,
        "略称": game.page.abbreviation,
        "WE": a.we,
        "レンジ": a.range,
        "criterion": a.criterion,
        "page WE": page.we,
        "override": page.override.reason if page.override else None,
        "reasons": [{"question": r.question, "answer": r.answer, "leads to": r.leads_to} for r in a.reasons],
    }


def appraisal_panel(game: Game, appraisal: Appraisal | None = None) -> Panel:
    """The WE appraisal of one game with its reasons, and the page's declared value."""
    a = appraisal or appraise(game.profile)
    page = game.page.we
    body: list[RenderableType] = []
    if not page.override and page.we != a.we:  # (a game left out for it: shown so the author can see why)
        body.append(Text(f"the page declares WE{page.we} = レンジ{page.range}, but the appraisal gives WE{a.we}: "
                         "correct [we] in the page, or add [we.override] with a reason (until then the game is "
                         "left out)", style="bold red"))
    body += [
        Text.assemble(("WE考課 → ", "dim"), (f"WE{a.we} = レンジ{a.range}", "bold green")),
        Text(f"criterion: {a.criterion}", style="italic"),
    ]
    reasons = table(expand=True)
    reasons.add_column("question", min_width=16, ratio=2)
    reasons.add_column("answer", min_width=16, ratio=3, overflow="fold")
    reasons.add_column("leads to", min_width=MIN_COLUMN, no_wrap=True)
    for i, r in enumerate(a.reasons, 1):
        reasons.add_row(f"{i}. {r.question}", r.answer, r.leads_to)
    body.append(reasons)
    if page.override:
        body.append(Text(f"page keeps WE{page.we} by override: {page.override.reason}", style="yellow"))
    elif page.we == a.we:
        body.append(Text(f"page declares WE{page.we} = レンジ{page.range}: agrees", style="dim"))
    title = f"{game.profile.name} ({game.page.abbreviation})"
    return Panel(Group(*body), title=title, title_align="left", border_style="cyan")


def we_criteria() -> Table:
    """The WE scale and what grants each step."""
    t = table("WE criteria (WE考課)")
    t.add_column("WE", justify="right", min_width=MIN_COLUMN)
    t.add_column("レンジ", justify="right", min_width=MIN_COLUMN)
    t.add_column("criterion", min_width=16)
    for we in sorted(CRITERIA, reverse=True):
        t.add_row(str(we), str(5 - we), CRITERIA[we])
    return t


WIDE_ONTOLOGY = 120
"""From this width on, the ontology's term tables give the source and the family (or kind) their own columns;
narrower, they sit under the term."""


def _section_table(title: str) -> Table:
    """A titled, full-width table: one section of the ontology view."""
    return table(title, title_style="bold cyan", expand=True)


def _extra_value(onto: Ontology, t: Term) -> str:
    value = getattr(t, "family", None) or getattr(t, "kind", None) or getattr(t, "standard", None)
    return label(onto, value) if value is not None else ""


def _term_table(title: str, onto: Ontology, terms: Iterable[Term], extra: str | None, width: int) -> Table:
    t = _section_table(title)
    if width >= WIDE_ONTOLOGY:
        t.add_column("term", no_wrap=True, min_width=MIN_COLUMN)
        if extra:
            t.add_column(extra, no_wrap=True, min_width=MIN_COLUMN)
        t.add_column("source", style="dim", no_wrap=True, min_width=MIN_COLUMN)
        t.add_column("description", overflow="fold", ratio=1, min_width=24)
        for term in terms:
            cells = [label(onto, term.id)]  # type: ignore[attr-defined]
            if extra:
                cells.append(_extra_value(onto, term))
            t.add_row(*cells, term.source, term.description)
        return t
    t.add_column("term" + (f" ({extra})" if extra else "") + " · source", min_width=16, max_width=30,
                 overflow="fold")
    t.add_column("description", overflow="fold", ratio=1, min_width=24)
    for term in terms:
        head = Text(label(onto, term.id))  # type: ignore[attr-defined]
        value = _extra_value(onto, term) if extra else ""
        if value:
            head.append(f"\n{extra}: {value}")
        head.append(f"\n{term.source}", style="dim")
        t.add_row(head, term.description)
    return t


def ontology_view(onto: Ontology, width: int = DEFAULT_WIDTH) -> Group:
    """The whole canonical vocabulary, section by section, laid out for ``width`` columns."""
    return Group(*_ontology_parts(onto, width))


def _ontology_parts(onto: Ontology, width: int) -> Iterator[RenderableType]:
    yield _term_table("科 Families", onto, onto.families, "standard 属", width)
    yield _term_table("属 Genera", onto, onto.genera, "科", width)
    yield _term_table("パーマネントレンジ Permanent ranges", onto, onto.permanent_ranges, None, width)
    kr = onto.keyword_rules
    yield _term_table("キーワードルール: stat systems", onto, kr.stat_systems, None, width)
    yield _term_table("キーワードルール: damage systems", onto, kr.damage_systems, None, width)
    yield _term_table("キーワードルール: life systems", onto, kr.life_systems, None, width)
    yield _term_table("キーワードルール: attack rules", onto, kr.attack_rules, None, width)
    res = _section_table("Cross-system resolution")
    if width >= WIDE_ONTOLOGY:
        for col in ("attacker", "defender", "formula", "source"):
            res.add_column(col, no_wrap=True, min_width=MIN_COLUMN)
        res.add_column("rule", overflow="fold", ratio=1, min_width=24)
        for r in onto.resolution:
            res.add_row(str(r.attacker), str(r.defender), r.formula, r.source, f"{r.ja}\n{r.en}")
    else:
        res.add_column("attacker → defender · formula · source", min_width=16, max_width=22, overflow="fold")
        res.add_column("rule", overflow="fold", ratio=1, min_width=24)
        for r in onto.resolution:
            head = Text(f"{r.attacker} → {r.defender}\n{r.formula}")
            head.append(f"\n{r.source}", style="dim")
            res.add_row(head, f"{r.ja}\n{r.en}")
    yield res
    yield _term_table("カラーゲージ Colour slots", onto, onto.colour_slots, None, width)
    yield _term_table("ステータス統合 Stat kinds", onto, onto.stat_kinds, None, width)
    yield _term_table("Canonical stats", onto, onto.stats, "kind", width)
    yield _term_table("スペルスピード Spell speeds", onto, onto.spell_speeds, None, width)
    yield _term_table("ダメージクリンナップ Cleanup timings", onto, onto.cleanup_timings, None, width)
    yield _term_table("領域 Zones", onto, onto.zones, None, width)
    yield _term_table("Turn phases", onto, onto.phases, None, width)
    uk = _section_table("統一キーワード能力 Unified keyword abilities")
    uk.add_column("keyword · source", min_width=16, max_width=30, overflow="fold")
    uk.add_column("rule", overflow="fold", ratio=1, min_width=24)
    for k in onto.unified_keywords:
        head = Text(label(onto, k.id))
        head.append(f"\n{k.source}", style="dim")
        uk.add_row(head, k.rule)
    yield uk


def ontology_records(onto: Ontology) -> list[dict[str, Any]]:
    """Every term of the ontology as one record (section, term, English name, source, description), for
    ``amalogs ontology --format csv``."""
    sections: list[tuple[str, Iterable[Term]]] = [
        ("families", onto.families), ("genera", onto.genera), ("permanent ranges", onto.permanent_ranges),
        ("stat systems", onto.keyword_rules.stat_systems), ("damage systems", onto.keyword_rules.damage_systems),
        ("life systems", onto.keyword_rules.life_systems), ("attack rules", onto.keyword_rules.attack_rules),
        ("colour slots", onto.colour_slots), ("stat kinds", onto.stat_kinds), ("stats", onto.stats),
        ("spell speeds", onto.spell_speeds), ("cleanup timings", onto.cleanup_timings), ("zones", onto.zones),
        ("phases", onto.phases),
    ]
    records: list[dict[str, Any]] = []
    for section, terms in sections:
        for t in terms:
            term_id = t.id  # type: ignore[attr-defined]
            records.append({"section": section, "term": str(getattr(term_id, "value", term_id)), "en": t.en,
                            "source": t.source, "description": t.description})
    for k in onto.unified_keywords:
        records.append({"section": "unified keywords", "term": str(k.id.value), "en": k.en,
                        "source": k.source, "description": k.rule})
    return records

