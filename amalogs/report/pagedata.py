"""The AMALOGS page of a game as plain data: sections of grids and lines, ready for any renderer.

The terminal (:mod:`amalogs.report.page`) and the Markdown/HTML reports draw the same page from this one
model, so a section is written once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum

from amalogs.catalog import Game
from amalogs.models.base import Named
from amalogs.models.game import GameProfile
from amalogs.models.ontology import Ontology, entry
from amalogs.ontology.terms import FAMILY_OF, STAT_KIND_OF, CanonicalZone, Genus, StatKind
from amalogs.ontology.we import appraise

__all__ = ["Cell", "Grid", "Lines", "Section", "page_sections", "personal_data", "SECTIONS"]

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
class Cell:
    """A term and its English gloss (or plain text without one); ``note`` marks a warning-like remark."""

    text: str
    gloss: str | None = None
    note: str | None = None

    def inline(self) -> str:
        parts = [self.text] + ([f"({self.gloss})"] if self.gloss else []) + ([f"— {self.note}"] if self.note else [])
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Grid:
    """A table: headers and rows of cells; the last column is free text that may wrap."""

    headers: tuple[str, ...]
    rows: Sequence[tuple[Cell, ...]]
    wide_first: bool = False


@dataclass(frozen=True, slots=True)
class Lines:
    """Lines of text, as bullets or as plain lines, under an optional title."""

    lines: tuple[Cell, ...]
    bullets: bool = False
    title: Cell | None = None
    strong_first: bool = False


@dataclass(frozen=True, slots=True)
class Section:
    ja: str
    en: str
    blocks: list[Grid | Lines] = field(default_factory=list)


def personal_data(game: Game) -> list[tuple[Cell, str]]:
    """デッキ枚数・その他パーソナルデータ, derived from the profile and the page."""
    p, page = game.profile, game.page
    rows = [
        (Cell(f"WE{page.we.we}", "weight"), f"レンジ{page.we.range}"),
        (Cell("メインデッキ枚数", "main deck"), str(p.deck.main)),
        *((Cell(f"{s.name}枚数", s.en), str(s.size)) for s in p.deck.side_decks),
        *((Cell(e.name, e.en), str(e.count)) for e in p.deck.extra_cards),
        (Cell("初期手札", "starting hand"), str(p.setup.starting_hand)),
        (Cell("手札上限", "hand limit"), "なし (none)" if p.turn.hand_limit is None else str(p.turn.hand_limit)),
        (Cell(f"初期{p.life.name}", f"starting {p.life.en.lower()}"), str(p.life.starting)),
    ]
    for res in p.resources.resources[:1]:
        rows.append((Cell(f"初期{res.name}", f"starting {res.en.lower()}"), str(p.resources.starting)))
    rows.append((Cell("ダメージクリンナップ", "damage cleanup"), page.damage_cleanup.timing.value))
    return rows


def _native(profile: GameProfile, section: str, native_id: str) -> Cell:
    term: Named = profile.term(section, native_id)
    return Cell(term.name, term.en)


def _canon(onto: Ontology, term: Enum | None, none: str = "対応なし") -> Cell:
    if term is None:
        return Cell(none, "no counterpart")
    return Cell(str(term.value), entry(onto, term).en)


def _note(text: str | None) -> Cell:
    return Cell(text or "")


def _term(onto: Ontology, term: Enum, note: str | None) -> Lines:
    return Lines((_canon(onto, term), *([Cell(note)] if note else [])), strong_first=True)


def _is_permanent(onto: Ontology, genus: Genus) -> bool:
    family = FAMILY_OF[genus]
    return next(f.permanent for f in onto.families if f.id is family)


def page_sections(game: Game, onto: Ontology) -> list[Section]:
    """Every section of a game's AMALOGS page, in the published order."""
    builders = [_abbreviation, _we, _adjust, _outcome, _rules, _card_types, _permanent_types, _range, _colours,
                _status, _speeds, _cast, _details, _keywords, _resources, _cleanup, _personal]
    return [Section(ja, en, list(build(game, onto))) for (ja, en), build in zip(SECTIONS, builders, strict=True)]


def _abbreviation(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    yield Lines((Cell(game.page.abbreviation),), strong_first=True)


def _we(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    page, a = game.page, appraise(game.profile)
    lines = [Cell(f"WE{page.we.we} = レンジ{page.we.range}")]
    lines += [Cell(page.we.note)] if page.we.note else []
    lines.append(Cell(f"WE考課 (appraisal): WE{a.we} — {a.criterion}"))
    if page.we.override:
        lines.append(Cell(f"override: WE{page.we.override.we} — {page.we.override.reason}"))
    yield Lines(tuple(lines), strong_first=True)


def _adjust(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    rows = [(_native(game.profile, "stats", a.stat), Cell("調整なし", "unadjusted") if a.ratio == 1 else Cell(str(a.ratio)),
             _note(a.note)) for a in game.page.adjust]
    yield Grid(("ステータス stat", "アジャスト率 ratio", "note"), rows)


def _outcome(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    o = game.page.outcome
    yield Grid(("", ""), [
        (Cell("勝利条件", "win"), Cell("\n".join(o.win) or "なし (none)")),
        (Cell("敗北条件", "lose"), Cell("\n".join(o.lose))),
        (Cell("ベースへの攻撃方法", "base attack"), Cell(o.base_attack)),
    ])


def _rules(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    yield Grid(("キーワードルール rule", "note"), [(_canon(onto, e.rule), Cell(e.note)) for e in game.page.keyword_rules])


def _card_types(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    rows = [(_native(game.profile, "card_types", ct.native), _canon(onto, ct.genus),
             _canon(onto, FAMILY_OF[ct.genus]) if ct.genus else Cell("—"), _note(ct.note))
            for ct in game.page.card_types]
    yield Grid((game.page.abbreviation, "AMALOGS 属", "科 family", "note"), rows)


def _permanent_types(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    rows = []
    for pt in game.page.permanent_types:
        if pt.counts_as is not None:
            c = _canon(onto, pt.counts_as)
            permanent = c if _is_permanent(onto, pt.counts_as) else Cell(c.text, c.gloss, "非パーマネント")
        elif pt.zone is CanonicalZone.FIELD:
            permanent = Cell("カードタイプどおり", "as its card type")
        else:
            permanent = Cell("非パーマネント", "not a permanent")
        zone = _native(game.profile, "zones", pt.native)
        if pt.state:
            zone = Cell(zone.text, f"{zone.gloss}; {pt.state}")
        rows.append((zone, _canon(onto, pt.zone), permanent, _note(pt.note)))
    yield Grid(("領域 zone", "AMALOGS 領域", "パーマネントタイプ", "note"), rows)


def _range(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    yield _term(onto, game.page.permanent_range.range, game.page.permanent_range.note)


def _colours(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    rows = [(_native(game.profile, "colours", c.native), _canon(onto, c.slot), _note(c.note)) for c in game.page.colours]
    yield Grid((game.page.abbreviation, "カラーゲージ slot", "note"), rows)


def _status(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    p, page = game.profile, game.page
    rows = [(_canon(onto, kind), _native(p, "stats", s.native), _canon(onto, s.stat), _note(s.note))
            for kind in StatKind for s in page.status if s.stat is not None and STAT_KIND_OF[s.stat] is kind]
    rows += [(_canon(onto, None), _native(p, "stats", s.native), Cell("—"), _note(s.note))
             for s in page.status if s.stat is None]
    yield Grid(("区分 kind", page.abbreviation, "AMALOGS", "note"), rows)


def _speeds(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    rows = [(_canon(onto, ss.speed), Cell("\n".join(f"• {a}" for a in ss.actions))) for ss in game.page.spell_speeds]
    yield Grid(("スペルスピード", "actions"), rows)


def _cast(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    yield Lines(tuple(Cell(a) for a in game.page.cast_actions.actions), bullets=True)


def _details(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    for d in game.page.details:
        yield Lines(tuple(Cell(t) for t in d.text), bullets=True, title=Cell(d.title, d.en))


def _keywords(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    rows = [(_native(game.profile, "keywords", u.native), _canon(onto, u.unified, "－"), _note(u.note))
            for u in game.page.unified_keywords]
    yield Grid((game.page.abbreviation, "統一キーワード unified", "note"), rows)


def _resources(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    rows = [(_native(game.profile, "resources", r.native), _canon(onto, r.genus), _note(r.note))
            for r in game.page.resources]
    yield Grid((game.page.abbreviation, "AMALOGS 属", "note"), rows)


def _cleanup(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    yield _term(onto, game.page.damage_cleanup.timing, game.page.damage_cleanup.note)


def _personal(game: Game, onto: Ontology) -> Iterator[Grid | Lines]:
    yield Grid(("項目 item", "値 value"), [(label, Cell(value)) for label, value in personal_data(game)], wide_first=True)
