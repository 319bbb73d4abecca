"""Rich renderables for the game table, WE appraisals and the ontology."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Catalog, Game
from amalogs.models.ontology import Ontology, Term, label
from amalogs.ontology.we import CRITERIA, Appraisal, appraise

__all__ = ["games_table", "game_row", "appraisal_panel", "ontology_view", "we_criteria"]


def game_row(game: Game) -> dict[str, str]:
    """The facts `amalogs games` shows for one game, as plain strings."""
    p, page = game.profile, game.page
    stat = page.stat_system()
    return {
        "id": p.id,
        "name": p.name,
        "略称": page.abbreviation,
        "WE": str(page.we.we),
        "レンジ": str(page.we.range),
        "stat": stat.value if stat else "—",
        "damage": page.damage_system().value,
        "life system": page.life_system().value,
        "deck": str(p.deck.main),
        "life": str(p.life.starting),
    }


def games_table(catalog: Catalog) -> Table:
    """All loaded games, one row each; the game's name with its id below it, to type in other commands."""
    table = Table(title="AMALOGS core games", box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False,
                  collapse_padding=True)
    table.add_column("game (id)", min_width=14, max_width=18, overflow="fold")
    headers = ["略称", "WE", "レンジ", "stat", "damage", "life system", "deck", "life"]
    for h in headers:
        wraps = h == "life system"
        table.add_column(h, justify="right" if h in ("WE", "レンジ", "life") else "left",
                         no_wrap=not wraps, max_width=14 if wraps else None, overflow="fold")
    for game in catalog.games.values():
        row = game_row(game)
        name = Text.assemble(row["name"], "\n", (row["id"], "cyan"))
        table.add_row(name, *(row[h] for h in headers))
    return table


def appraisal_panel(game: Game, appraisal: Appraisal | None = None) -> Panel:
    """The WE appraisal of one game with its reasons, and the page's declared value."""
    a = appraisal or appraise(game.profile)
    body: list[RenderableType] = [
        Text.assemble(("WE考課 → ", "dim"), (f"WE{a.we} = レンジ{a.range}", "bold green")),
        Text(f"criterion: {a.criterion}", style="italic"),
    ]
    reasons = Table(box=None, show_header=True, pad_edge=False)
    reasons.add_column("#", justify="right", style="dim")
    reasons.add_column("question")
    reasons.add_column("answer", overflow="fold")
    reasons.add_column("→")
    for i, r in enumerate(a.reasons, 1):
        reasons.add_row(str(i), r.question, r.answer, r.leads_to)
    body.append(reasons)
    page = game.page.we
    if page.override:
        body.append(Text(f"page keeps WE{page.we} by override: {page.override.reason}", style="yellow"))
    else:
        body.append(Text(f"page declares WE{page.we} = レンジ{page.range}: agrees", style="dim"))
    title = f"{game.profile.name} ({game.page.abbreviation})"
    return Panel(Group(*body), title=title, title_align="left", border_style="cyan")


def we_criteria() -> Table:
    """The WE scale and what grants each step."""
    table = Table(title="WE criteria (WE考課)", box=box.SIMPLE_HEAD)
    table.add_column("WE", justify="right")
    table.add_column("レンジ", justify="right")
    table.add_column("criterion")
    for we in sorted(CRITERIA, reverse=True):
        table.add_row(str(we), str(5 - we), CRITERIA[we])
    return table


def _section_table(title: str) -> Table:
    """A titled, full-width table: one section of the ontology view."""
    return Table(title=title, title_justify="left", title_style="bold cyan", box=box.SIMPLE_HEAD, expand=True)


def _term_table(title: str, onto: Ontology, terms: Iterable[Term], extra: str | None = None) -> Table:
    table = _section_table(title)
    table.add_column("term", no_wrap=True)
    if extra:
        table.add_column(extra, no_wrap=True)
    table.add_column("source", style="dim", no_wrap=True)
    table.add_column("description", overflow="fold", ratio=1)
    for t in terms:
        cells = [label(onto, t.id)]  # type: ignore[attr-defined]
        if extra:
            value = getattr(t, "family", None) or getattr(t, "kind", None) or getattr(t, "standard", None)
            cells.append(label(onto, value) if value is not None else "")
        table.add_row(*cells, t.source, t.description)
    return table


def ontology_view(onto: Ontology) -> Group:
    """The whole canonical vocabulary, section by section."""
    return Group(*_ontology_parts(onto))


def _ontology_parts(onto: Ontology) -> Iterator[RenderableType]:
    yield _term_table("科 Families", onto, onto.families, "standard 属")
    yield _term_table("属 Genera", onto, onto.genera, "科")
    yield _term_table("パーマネントレンジ Permanent ranges", onto, onto.permanent_ranges)
    kr = onto.keyword_rules
    yield _term_table("キーワードルール: stat systems", onto, kr.stat_systems)
    yield _term_table("キーワードルール: damage systems", onto, kr.damage_systems)
    yield _term_table("キーワードルール: life systems", onto, kr.life_systems)
    yield _term_table("キーワードルール: attack rules", onto, kr.attack_rules)
    res = _section_table("Cross-system resolution")
    for col in ("attacker", "defender", "formula", "source"):
        res.add_column(col, no_wrap=True)
    res.add_column("rule", overflow="fold", ratio=1)
    for r in onto.resolution:
        res.add_row(str(r.attacker), str(r.defender), r.formula, r.source, f"{r.ja}\n{r.en}")
    yield res
    yield _term_table("カラーゲージ Colour slots", onto, onto.colour_slots)
    yield _term_table("ステータス統合 Stat kinds", onto, onto.stat_kinds)
    yield _term_table("Canonical stats", onto, onto.stats, "kind")
    yield _term_table("スペルスピード Spell speeds", onto, onto.spell_speeds)
    yield _term_table("ダメージクリンナップ Cleanup timings", onto, onto.cleanup_timings)
    yield _term_table("領域 Zones", onto, onto.zones)
    yield _term_table("Turn phases", onto, onto.phases)
    uk = _section_table("統一キーワード能力 Unified keyword abilities")
    uk.add_column("keyword", no_wrap=True)
    uk.add_column("source", style="dim", no_wrap=True)
    uk.add_column("rule", overflow="fold", ratio=1)
    for k in onto.unified_keywords:
        uk.add_row(label(onto, k.id), k.source, k.rule)
    yield uk
