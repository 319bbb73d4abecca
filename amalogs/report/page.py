"""The AMALOGS page of one game as rich renderables, every section in the published order."""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from dataclasses import dataclass

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Game
from amalogs.models.base import Named
from amalogs.models.game import GameProfile
from amalogs.models.ontology import Ontology, entry, label
from amalogs.ontology.terms import FAMILY_OF, STAT_KIND_OF, CanonicalZone, Genus, StatKind
from amalogs.ontology.we import appraise

__all__ = ["render_page", "personal_data", "PersonalRow", "SECTIONS"]

SECTIONS: list[tuple[str, str]] = [
    ("略称", "Abbreviation"),
    ("WE と レンジ", "Weight and range"),
    ("アジャスト率", "Adjust ratios"),
    ("勝敗条件とベースライフダメージ", "Win/lose conditions and base-life damage"),
    ("キーワードルール", "Keyword rules"),
    ("カードタイプ割り振り", "Card-type assignment"),
    ("パーマネントタイプ", "Permanent types"),
    ("パーマネントレンジ", "Permanent range"),
    ("カラーゲージ", "Colour gauge"),
    ("ステータス統合", "Status integration"),
    ("スペルスピード", "Spell speeds"),
    ("キャストアクション", "Cast actions"),
    ("細則", "Detailed rules"),
    ("統一キーワード能力", "Unified keyword abilities"),
    ("資源", "Resources"),
    ("ダメージクリンナップ", "Damage cleanup"),
    ("デッキ枚数・その他パーソナルデータ", "Deck sizes and other personal data"),
]
"""Section headings of a page, Japanese with English gloss, in the order they are shown."""


@dataclass(frozen=True, slots=True)
class PersonalRow:
    ja: str
    en: str
    value: str


def personal_data(game: Game) -> list[PersonalRow]:
    """デッキ枚数・その他パーソナルデータ, derived from the profile and the page."""
    p, page = game.profile, game.page
    rows = [
        PersonalRow(f"WE{page.we.we}", "weight", f"レンジ{page.we.range}"),
        PersonalRow("メインデッキ枚数", "main deck", str(p.deck.main)),
        *(PersonalRow(f"{s.name}枚数", s.en, str(s.size)) for s in p.deck.side_decks),
        *(PersonalRow(e.name, e.en, str(e.count)) for e in p.deck.extra_cards),
        PersonalRow("初期手札", "starting hand", str(p.setup.starting_hand)),
        PersonalRow("手札上限", "hand limit", "なし (none)" if p.turn.hand_limit is None else str(p.turn.hand_limit)),
        PersonalRow(f"初期{p.life.name}", f"starting {p.life.en.lower()}", str(p.life.starting)),
    ]
    for res in p.resources.resources[:1]:
        rows.append(PersonalRow(f"初期{res.name}", f"starting {res.en.lower()}", str(p.resources.starting)))
    rows.append(PersonalRow("ダメージクリンナップ", "damage cleanup", page.damage_cleanup.timing.value))
    return rows


def _heading(index: int) -> Rule:
    ja, en = SECTIONS[index]
    return Rule(Text.assemble((ja, "bold"), "  ", (en, "dim")), align="left", style="cyan")


def _two(ja: str, en: str) -> Text:
    """A term on one line and its English gloss, dimmed, on the next: narrow enough for 80 columns."""
    return Text.assemble(ja, "\n", (en, "dim"))


def _native(profile: GameProfile, section: str, native_id: str) -> Text:
    term: Named = profile.term(section, native_id)
    return _two(term.name, term.en)


def _canon(onto: Ontology, term: Enum | None, none: str = "対応なし") -> Text:
    if term is None:
        return _two(none, "no counterpart")
    return _two(str(term.value), entry(onto, term).en)


def _table(*columns: str) -> Table:
    """A section table: term columns keep their width, the last column (notes) takes the rest and wraps."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=True)
    for i, col in enumerate(columns):
        if i == len(columns) - 1:
            table.add_column(col, overflow="fold", ratio=1, min_width=16)
        else:
            table.add_column(col, overflow="fold", max_width=18)
    return table


def _bullets(lines: Iterator[str] | list[str] | tuple[str, ...]) -> Text:
    return Text("\n".join(f"• {line}" for line in lines))


def _term_block(onto: Ontology, term: Enum, note: str | None) -> Padding:
    """One canonical term in bold, with its note below."""
    lines = [Text(label(onto, term), style="bold")] + ([Text(note)] if note else [])
    return Padding(Group(*lines), (0, 2))


def render_page(game: Game, onto: Ontology) -> RenderableType:
    """Every section of the page, Japanese terms with English glosses."""
    return Group(*_sections(game, onto))


def _sections(game: Game, onto: Ontology) -> Iterator[RenderableType]:
    p, page = game.profile, game.page
    yield Text.assemble((f"{p.name}", "bold magenta"), f"  {p.en}  ", (f"[{p.id}]", "dim"))
    if page.scope:
        yield Text(page.scope, style="italic")
    yield _heading(0)
    yield Padding(Text(page.abbreviation, style="bold"), (0, 2))

    yield _heading(1)
    a = appraise(p)
    we = Text.assemble((f"WE{page.we.we} = レンジ{page.we.range}", "bold"))
    lines: list[RenderableType] = [we]
    if page.we.note:
        lines.append(Text(page.we.note))
    lines.append(Text(f"WE考課 (appraisal): WE{a.we} — {a.criterion}", style="dim"))
    if page.we.override:
        lines.append(Text(f"override: WE{page.we.override.we} — {page.we.override.reason}", style="yellow"))
    yield Padding(Group(*lines), (0, 2))

    yield _heading(2)
    t = _table("ステータス stat", "アジャスト率 ratio", "note")
    for adj in page.adjust:
        ratio = _two("調整なし", "unadjusted") if adj.ratio == 1 else Text(str(adj.ratio))
        t.add_row(_native(p, "stats", adj.stat), ratio, adj.note or "")
    yield Padding(t, (0, 2))

    yield _heading(3)
    t = _table("", "")
    t.show_header = False
    t.add_row("勝利条件 (win)", "\n".join(page.outcome.win) or "なし (none)")
    t.add_row("敗北条件 (lose)", "\n".join(page.outcome.lose))
    t.add_row("ベースへの攻撃方法 (base attack)", page.outcome.base_attack)
    yield Padding(t, (0, 2))

    yield _heading(4)
    t = _table("キーワードルール rule", "note")
    for rule in page.keyword_rules:
        t.add_row(_canon(onto, rule.rule), rule.note)
    yield Padding(t, (0, 2))

    yield _heading(5)
    t = _table(page.abbreviation, "AMALOGS 属", "科 family", "note")
    for ct in page.card_types:
        family = _canon(onto, FAMILY_OF[ct.genus]) if ct.genus else Text("—")
        t.add_row(_native(p, "card_types", ct.native), _canon(onto, ct.genus), family, ct.note or "")
    yield Padding(t, (0, 2))

    yield _heading(6)
    t = _table("領域 zone", "AMALOGS 領域", "パーマネントタイプ", "note")
    for pt in page.permanent_types:
        if pt.counts_as is not None:
            permanent = _canon(onto, pt.counts_as)
            if not entry_permanent(onto, pt.counts_as):
                permanent.append("\n非パーマネント", style="yellow")
        elif pt.zone is CanonicalZone.FIELD:
            permanent = _two("カードタイプどおり", "as its card type")
        else:
            permanent = _two("非パーマネント", "not a permanent")
        zone = _native(p, "zones", pt.native)
        if pt.state:
            zone.append(f"\n[{pt.state}]", style="italic")
        t.add_row(zone, _canon(onto, pt.zone), permanent, pt.note or "")
    yield Padding(t, (0, 2))

    yield _heading(7)
    yield _term_block(onto, page.permanent_range.range, page.permanent_range.note)

    yield _heading(8)
    t = _table(page.abbreviation, "カラーゲージ slot", "note")
    for c in page.colours:
        t.add_row(_native(p, "colours", c.native), _canon(onto, c.slot), c.note or "")
    yield Padding(t, (0, 2))

    yield _heading(9)
    t = _table("区分 kind", page.abbreviation, "AMALOGS", "note")
    for kind in StatKind:
        for s in page.status:
            if s.stat is not None and STAT_KIND_OF[s.stat] is kind:
                t.add_row(_canon(onto, kind), _native(p, "stats", s.native), _canon(onto, s.stat), s.note or "")
    for s in page.status:
        if s.stat is None:
            t.add_row(_canon(onto, None), _native(p, "stats", s.native), Text("—"), s.note or "")
    yield Padding(t, (0, 2))

    yield _heading(10)
    t = _table("スペルスピード", "actions")
    for ss in page.spell_speeds:
        t.add_row(_canon(onto, ss.speed), "\n".join(f"• {a}" for a in ss.actions))
    yield Padding(t, (0, 2))

    yield _heading(11)
    yield Padding(_bullets(page.cast_actions.actions), (0, 2))

    yield _heading(12)
    for d in page.details:
        yield Padding(Group(Text.assemble((d.title, "bold"), "  ", (d.en, "dim")), _bullets(d.text)), (0, 2, 1, 2))

    yield _heading(13)
    t = _table(page.abbreviation, "統一キーワード unified", "note")
    for uk in page.unified_keywords:
        t.add_row(_native(p, "keywords", uk.native), _canon(onto, uk.unified, "－"), uk.note or "")
    yield Padding(t, (0, 2))

    yield _heading(14)
    t = _table(page.abbreviation, "AMALOGS 属", "note")
    for r in page.resources:
        t.add_row(_native(p, "resources", r.native), _canon(onto, r.genus), r.note or "")
    yield Padding(t, (0, 2))

    yield _heading(15)
    yield _term_block(onto, page.damage_cleanup.timing, page.damage_cleanup.note)

    yield _heading(16)
    t = _table("項目 item", "値 value")
    t.columns[0].max_width = None
    for row in personal_data(game):
        t.add_row(_two(row.ja, row.en), row.value)
    yield Padding(t, (0, 2))



def entry_permanent(onto: Ontology, genus: Genus) -> bool:
    """Whether cards of a genus are permanents (their family says so)."""
    family = FAMILY_OF[genus]
    return next(f.permanent for f in onto.families if f.id is family)
