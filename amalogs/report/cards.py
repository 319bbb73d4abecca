"""Rich renderables for cards, canonical cards and conversions, and the records their ``--format json|csv``
prints.

Everything a player reads is in the game's own words: card types, colours, keywords and stats by the names
the game prints (``武将``, ``紅``, ``武力``), never by amalogs's ids (``bushou``, ``kurenai``, ``buryoku``); the
ids stay in JSON and CSV. Each view takes the width it is drawn at and keeps every table column at least
:data:`MIN_COLUMN` cells wide: where a table would not fit, long reasons move under the table and long values
are cut short (the card itself is printed in full next to it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from fractions import Fraction
from typing import Any

from pydantic import BaseModel
from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Game
from amalogs.convert.canonical import CanonicalCard, derived_stats
from amalogs.convert.native import Conversion, Fidelity, FieldReport, show
from amalogs.models.cards import Card
from amalogs.models.effects import CardFilter, Condition, Effect, Selector
from amalogs.ontology.terms import ColourSlot, UnifiedKeyword

__all__ = ["FIDELITY_STYLE", "MIN_COLUMN", "canonical_view", "card_record", "card_row", "card_view", "cards_table",
           "conversion_record", "conversion_view", "describe_effect", "field_label", "field_value", "jsonable", "keyword_name",
           "native_name", "round_trip_rows", "round_trip_view", "stat_label", "stats_text"]

MIN_COLUMN = 8
"""The narrowest a table column is drawn (cells); narrower, a word no longer fits on a line."""

WIDE = 120
"""From this width on, a conversion table has room for its reason column."""

CARDS_WIDE = 140
"""From this width on, a card list has a column for each of id, name, type, colours, stats and keywords."""

FIDELITY_STYLE = {
    Fidelity.EXACT: "green",
    Fidelity.SCALED: "cyan",
    Fidelity.APPROXIMATED: "yellow",
    Fidelity.DEFAULTED: "magenta",
    Fidelity.DROPPED: "red",
}


def _filter_words(f: CardFilter) -> list[str]:
    words = []
    if f.genus:
        words.append(str(f.genus))
    elif f.family:
        words.append(str(f.family))
    if f.keyword:
        words.append(f"with {f.keyword}")
    if f.trait:
        words.append(f"with 特徴 {f.trait}")
    battle = {"attack": "AP", "defence": "DP"}.get(f.battle or "", "BP")
    for label, low, high in (("大コスト", f.min_cost, f.max_cost), (battle, f.min_bp, f.max_bp)):
        if low is not None:
            words.append(f"{label} ≥ {show(low)}")
        if high is not None:
            words.append(f"{label} ≤ {show(high)}")
    return words


def _target(s: Selector) -> str:
    if s.self_only:
        return "this card"
    if s.attached:
        return "the character it is attached to"
    side = {"opponent": "opposing", "self": "own", "any": "any"}[s.side]
    how_many = "every" if s.count == 0 else str(s.count)
    words = [how_many, side] + (["other"] if s.other else []) + ([s.state] if s.state else []) \
        + (_filter_words(s) or ["card"])
    if s.leader is not None:
        words.append("(the leader)" if s.leader == "only" else "(not the leader)")
    return " ".join(words)


def _condition(c: Condition) -> str:
    """A condition in a few words (``own turn, not-leader, 2+ own キャラ科``)."""
    words = [f"{c.turn} turn"] if c.turn else []
    if c.place:
        words.append(f"on the {c.place}" if c.place == "leader" else "not the leader")
    if c.behind:
        words.append("behind on life")
    if c.rule:
        words.append(c.rule)
    if c.under:
        words.append(f"{c.under}+ cards under it")
    if c.counter is not None:
        words.append(f"{c.counter.side} has {c.counter.at_least}+ {c.counter.name}")
    if c.count is not None:
        n = c.count
        bounds = "".join(f"{op}{v}" for op, v in (("≥", n.at_least), ("≤", n.at_most)) if v is not None)
        words.append(f"{bounds} {n.side} {' '.join(_filter_words(n)) or 'card'}")
    return ", ".join(words) or "always"


def describe_effect(e: Effect) -> str:
    """One canonical effect as a short English sentence."""
    d = e.model_dump()
    kind = e.do
    if kind in ("draw", "discard"):
        text = f"{d['who']} {kind}s {d['count']}"
    elif kind == "damage":
        text = f"{show(d['amount'])} damage to {_target(e.target)}"  # type: ignore[union-attr]
    elif kind == "modify":
        text = f"{d['stat']} {'+' if d['amount'] >= 0 else ''}{show(e.amount)} to {_target(e.target)} until {d['until']}"  # type: ignore[union-attr]
    elif kind == "grant_keyword":
        text = f"{_target(e.target)} gains {d['keyword']} until {d['until']}"  # type: ignore[union-attr]
    elif kind in ("destroy", "rest", "stand", "return_to_hand"):
        text = f"{kind.replace('_', ' ')} {_target(e.target)}"  # type: ignore[union-attr]
    elif kind == "search":
        what = " ".join(_filter_words(e.filter)) or "card"  # type: ignore[union-attr]
        look = "the deck" if d["look"] == 0 else f"the top {d['look']}"
        text = f"search {look} for {d['take']} {what}"
    elif kind == "scout":
        text = f"look at the top {d['look']}, put each on top or bottom"
    elif kind == "gain_resource":
        text = f"+{d['count']} resource ({'rested' if d['rested'] else 'standing'})"
    elif kind == "player_damage":
        text = f"{d['amount']} damage to {d['who']}'s life"
    elif kind == "boost_attack":
        text = f"next player damage this turn +{d['amount']}"
    elif kind == "heal":
        text = f"{d['who']} recovers {d['amount']} life"
    elif kind == "choose":
        text = "choose one: " + " / ".join(describe_effect(o).rsplit(" [", 1)[0] for o in e.options)  # type: ignore[union-attr]
    elif kind == "produce":
        only = f" toward {d['for_card']} only" if d["for_card"] else ""
        text = f"produces {d['amount']} of {' or '.join(str(c) for c in d['colours'])}{only}"
    elif kind == "add_counter":
        text = f"{d['who']} gets {d['count']} {d['counter']} counter(s)"
    elif kind == "mill":
        text = f"{d['who']} puts the top {d['count']} of the deck into the discard pile"
    elif kind == "put_into_play":
        text = "put this card into play free" + (" (rested)" if d["rested"] else "")
    elif kind == "forbid":
        text = "this card cannot " + " or ".join(d["actions"])
    elif kind == "hand_limit":
        text = f"own hand limit {d['amount']}"
    elif kind == "ignore_keyword":
        text = f"its attacks ignore opposing {d['keyword']}"
    elif kind == "look":
        text = "look at the opponents' face-down cards"
    else:
        text = f"(native) {d['text']}"
    extras = [d["when"]] + (["optional"] if d["optional"] else []) + ([f"cost: {d['cost']}"] if d["cost"] else []) \
        + ([f"if {_condition(e.condition)}"] if e.condition is not None else [])
    return f"{text} [{', '.join(extras)}]"


# --- the game's own words ------------------------------------------------------------------------------------

_SECTIONS = {"type": "card_types", "colours": "colours", "keywords": "keywords"}


def native_name(game: Game, section: str, native_id: str) -> str:
    """A native term (``section``: card_types, colours, keywords, stats …) by the name the game prints, or the
    id itself when the game has no such term."""
    try:
        return game.profile.term(section, native_id).name
    except KeyError:
        return native_id


def stat_label(game: Game, stat_id: str) -> str:
    """A stat by its printed name (``buryoku`` → ``武力``)."""
    return native_name(game, "stats", stat_id)


def colour_name(game: Game, value: object) -> str:
    """A colour by the name the game prints: a native colour id, or a canonical colour slot (a value a
    conversion reports in the ontology's terms) by the game's colour in that slot (its slot number when the
    game has none there)."""
    if isinstance(value, ColourSlot):
        native = next((e.native for e in game.page.colours if e.slot is value), None)
        return native_name(game, "colours", native) if native is not None else value.value
    return native_name(game, "colours", str(value))


def _stat_value(game: Game, value: object) -> str:
    """A printed value: a cost table by colour names (``紅3/無色3``), a list joined with ・, a number as is."""
    if isinstance(value, Mapping):
        return "/".join(f"{colour_name(game, k)}{v}" for k, v in value.items()) or "—"
    if isinstance(value, ColourSlot):
        return colour_name(game, value)
    return show(tuple(value) if isinstance(value, list) else value)


def stats_text(game: Game, stats: Mapping[str, object]) -> str:
    """A card's stats on one line, the way the card prints them: ``プレイコスト0 パワー1000 属性「鬼」`` (a number
    right after its name, text in 「」, so no stat is split between lines)."""
    parts = []
    for sid, value in stats.items():
        label = stat_label(game, sid)
        shown = _stat_value(game, value)
        parts.append(f"{label}{shown}" if isinstance(value, int) and not isinstance(value, bool) else f"{label}「{shown}」")
    return " ".join(parts)


def card_row(game: Game, card: Card) -> tuple[str, str, str, str]:
    """A card's type, colours, stats and keywords by their native names."""
    return (native_name(game, "card_types", card.type),
            " ".join(native_name(game, "colours", c) for c in card.colours) or "—",
            stats_text(game, card.stats),
            " ".join(native_name(game, "keywords", k) for k in card.keywords) or "—")


def cards_table(game: Game, cards: Iterable[Card], width: int | None = None) -> Table:
    """A game's cards, one row each, in the game's own words. Narrower than :data:`CARDS_WIDE`, three columns: the
    name with the id under it, the card type with the colours under it, and the stats followed by the
    keywords (in 《》)."""
    narrow = width is not None and width < CARDS_WIDE
    table = Table(title=f"{game.profile.name} — cards", box=box.MINIMAL, title_style="bold",
                  expand=narrow, padding=(0, 1), show_edge=False)
    if narrow:
        table.add_column("card", overflow="fold", min_width=MIN_COLUMN * 2, max_width=22)
        table.add_column("type", overflow="fold", min_width=MIN_COLUMN, max_width=16)
        table.add_column("stats · keywords", overflow="fold", min_width=MIN_COLUMN * 3, ratio=1)
        for card in cards:
            kind, colours, stats, _ = card_row(game, card)
            keywords = " ".join(f"《{native_name(game, 'keywords', k)}》" for k in card.keywords)
            table.add_row(Text.assemble(card.name, "\n", (card.id, "cyan")), f"{kind}\n{colours}",
                          " ".join(p for p in (stats, keywords) if p) or "—")
        return table
    table.add_column("id", style="cyan", no_wrap=True, min_width=MIN_COLUMN)
    table.add_column("name", overflow="fold", min_width=MIN_COLUMN, max_width=20)
    table.add_column("type", overflow="fold", min_width=MIN_COLUMN, max_width=16)
    table.add_column("colours", overflow="fold", min_width=MIN_COLUMN, max_width=16)
    table.add_column("stats", overflow="fold", min_width=MIN_COLUMN * 2, ratio=3)
    table.add_column("keywords", overflow="fold", min_width=MIN_COLUMN + 2, ratio=2)
    for card in cards:
        table.add_row(card.id, card.name, *card_row(game, card))
    return table


def card_view(game: Game, card: Card, original: str | None = None) -> Panel:
    """A native card: every printed field by its printed name, its text and its effects; for a converted card,
    ``original``: the source card's text, shown under the text rewritten in the game's words."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("type", native_name(game, "card_types", card.type))
    grid.add_row("colours", "・".join(native_name(game, "colours", c) for c in card.colours) or "—")
    for sid, value in derived_stats(game.profile, card).items():
        grid.add_row(stat_label(game, sid), _stat_value(game, value))
    grid.add_row("keywords", "・".join(native_name(game, "keywords", k) for k in card.keywords) or "—")
    if card.text:
        grid.add_row("text", card.text)
    if original is not None and original != card.text:
        grid.add_row("original", Text(original, style="dim"))
    for e in card.effects:
        grid.add_row("effect", describe_effect(e))
    title = f"{card.name}" + (f" / {card.en}" if card.en else "")
    return Panel(grid, title=title, subtitle=f"{game.profile.name} [{card.id}]", border_style="magenta")


def canonical_view(cc: CanonicalCard, game: Game | None = None) -> Panel:
    """The canonical AMALOGS card (with ``game``, the native stats it came from by their printed names)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("科 / 属", f"{cc.family or '—'} / {cc.genus or '—'}")
    grid.add_row("permanent", "yes" if cc.permanent else "no")
    for v in cc.values:
        label = str(v.stat) if v.stat is not None else "固有能力 (unmapped)"
        source = stat_label(game, v.source_stat) if game is not None else v.source_stat
        grid.add_row(label, f"{show(v.value)}  ← {source}" + (f" × {v.ratio}" if v.ratio != 1 else ""))
    grid.add_row("colour slots", " ".join(str(c) for c in cc.colours) or "—")
    grid.add_row("unified keywords", ", ".join(str(k) for k in cc.keywords) or "—")
    if cc.unmapped_keywords:
        unmapped = (native_name(game, "keywords", k) if game is not None else k for k in cc.unmapped_keywords)
        grid.add_row("native-only keywords", ", ".join(unmapped))
    speed = f"SS{int(cc.spell_speed)}" + (" (SS3 when fired from life)" if cc.from_life else "")
    grid.add_row("spell speed", speed)
    for e in cc.effects:
        grid.add_row("effect", describe_effect(e))
    return Panel(grid, title="AMALOGS card", subtitle="canonical", border_style="cyan")


# --- conversions ---------------------------------------------------------------------------------------------

def field_label(f: FieldReport, source: Game, target: Game) -> str:
    """A conversion field by the name players know: a stat by its printed name in the game it belongs to (the
    target's, or the source's for a stat that was dropped), other fields by their English names."""
    if not f.field.startswith("stats."):
        return f.field
    sid = f.field.removeprefix("stats.")
    in_target, in_source = sid in target.profile.ids("stats"), sid in source.profile.ids("stats")
    if in_target and (f.fidelity is not Fidelity.DROPPED or not in_source):
        return stat_label(target, sid)
    return stat_label(source, sid) if in_source else sid


def field_value(game: Game, field: str, value: object, keywords: Sequence[str] = ()) -> str:
    """One side of a conversion field as text, native ids replaced by the game's printed names; a unified
    keyword on the source side by the native keyword it came from (one of ``keywords``, the card's own)."""
    if field == "effects" and isinstance(value, BaseModel):
        return describe_effect(value)  # type: ignore[arg-type]
    if isinstance(value, str) and field in _SECTIONS:
        if field == "keywords" and isinstance(value, UnifiedKeyword):
            return keyword_name(game, value, keywords)
        if isinstance(value, ColourSlot):
            return colour_name(game, value)
        return native_name(game, _SECTIONS[field], value)
    if field.startswith("stats.") and isinstance(value, Mapping | ColourSlot):
        return _stat_value(game, value)
    return show(value)


def keyword_name(game: Game, value: object, keywords: Sequence[str] = ()) -> str:
    """A keyword of ``game`` by its printed name: a native id as it is printed, a unified keyword by the native
    keyword of the game that unifies to it (of ``keywords``, when the card has one), else by the unified name."""
    if not isinstance(value, UnifiedKeyword):
        return native_name(game, "keywords", str(value))
    natives = [e.native for e in game.page.unified_keywords if e.unified is value]
    mine = [k for k in natives if k in keywords] or natives
    return "/".join(native_name(game, "keywords", k) for k in mine) if mine else str(value)


def _fidelity_summary(fields: Sequence[FieldReport]) -> Text:
    counts = _fidelity_counts(f.fidelity for f in fields)
    return Text.assemble(*[(f"{n} {fid.value}  ", FIDELITY_STYLE[fid]) for fid, n in counts])


def conversion_view(conv: Conversion, source: Game, target: Game, width: int | None = None) -> RenderableType:
    """Source, canonical and target side by side with each field's fidelity and reason. From :data:`WIDE`
    columns on (or with no width given) the reason is a column of the table; narrower, each value is kept to
    one line and the reasons follow the table, one field each."""
    narrow = width is not None and width < WIDE
    table = Table(title=f"{source.profile.name} → {target.profile.name}: {conv.canonical.name}",
                  box=box.MINIMAL, title_style="bold", expand=not narrow, padding=(0, 1), show_edge=False)
    value_cells: dict[str, Any] = ({"overflow": "ellipsis", "no_wrap": True, "max_width": 13} if narrow
                                   else {"overflow": "fold", "max_width": 24})
    table.add_column("field", overflow="fold", min_width=MIN_COLUMN, max_width=16 if narrow else 20)
    for col in (source.page.abbreviation, "AMALOGS", target.page.abbreviation):
        table.add_column(col, min_width=MIN_COLUMN, **value_cells)
    table.add_column("fidelity", no_wrap=True, min_width=len("approximated"))
    if not narrow:
        table.add_column("reason", overflow="fold", ratio=1, min_width=MIN_COLUMN * 3)
    notes = Table.grid(padding=(0, 1))
    notes.add_column(no_wrap=True, style="dim")
    notes.add_column(overflow="fold")
    effect_rows = iter(range(1, len(conv.effects) + 1))
    for f in conv.fields:
        style = FIDELITY_STYLE[f.fidelity]
        label = field_label(f, source, target)
        if f.field == "effects" and len(conv.effects) > 1:
            label = f"effect {next(effect_rows)}"
        source_value = field_value(source, f.field, f.source, conv.canonical.native_keywords)
        cells: list[RenderableType] = [label, _one_line(source_value, narrow), _one_line(show(f.canonical), narrow),
                 _one_line(field_value(target, f.field, f.target), narrow), Text(f.fidelity.value, style=style)]
        table.add_row(*cells, *([] if narrow else [f.reason]))
        if narrow:
            notes.add_row(Text("•", style=style), Text.assemble((label, "bold"), f": {f.reason}"))
    parts: list[RenderableType] = [table, _fidelity_summary(conv.fields)]
    if narrow:
        parts += [Text("Reasons:", style="bold"), notes]
    if conv.warning:
        parts.append(Text(f"⚠ {conv.canonical.name} {conv.warning} (see the effect rows)", style="bold yellow"))
    return Group(*parts)


def _one_line(text: str, narrow: bool) -> str:
    """Text for a table cell: in a narrow table, only its first line (the full text is in the card view)."""
    if not narrow:
        return text
    first, _, rest = text.partition("\n")
    return first + ("…" if rest else "")


# --- records for --format json|csv ----------------------------------------------------------------------------

def jsonable(value: object) -> Any:
    """A value as typed JSON takes it: a whole fraction as an int, another as a float, tuples as lists,
    enums and other objects as their text, tables key by key."""
    if isinstance(value, Enum):
        return jsonable(value.value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(jsonable(k)): jsonable(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_defaults=True) | {"do": getattr(value, "do", None)}
    return str(value)


def card_record(game: Game, card: Card) -> dict[str, Any]:
    """A card as a record: its fields as the card file has them, with the game and the native names of its
    type, colours and keywords alongside the ids."""
    record: dict[str, Any] = {"game": game.id, **card.model_dump(mode="json", exclude_none=True)}
    record["type_name"] = native_name(game, "card_types", card.type)
    record["colour_names"] = [native_name(game, "colours", c) for c in card.colours]
    record["keyword_names"] = [native_name(game, "keywords", k) for k in card.keywords]
    return record


def conversion_record(conv: Conversion, source: Game, target: Game, source_card: Card) -> dict[str, Any]:
    """A conversion as a record: the source card's game and id, the target card (as its card file has it) and
    one row per field with its values, fidelity and reason."""
    card = card_record(target, conv.card)
    at = list(card).index("effects") if "effects" in card else len(card)
    items = list(card.items())
    items.insert(at, ("original_text", conv.original_text))
    return {
        "source": {"game": source.id, "id": source_card.id, "name": source_card.name},
        "target": dict(items),
        "fields": field_rows(conv, source, target),
        "summary": {fid.value: n for fid, n in _fidelity_counts(f.fidelity for f in conv.fields)},
        "effects": {outcome: sum(f.target == outcome for f in conv.effects)
                    for outcome in ("works", "works differently", "cannot work")},
        "warning": conv.warning,
    }


def field_rows(conv: Conversion, source: Game, target: Game) -> list[dict[str, Any]]:
    """Every field of a conversion as data: its values on each side, fidelity and reason (an effect's row: the
    effect, its primitive and its verdict in the target)."""
    return [{"field": f.field, "label": field_label(f, source, target), "source": jsonable(f.source),
             "canonical": jsonable(f.canonical), "target": jsonable(f.target), "fidelity": f.fidelity.value,
             "reason": f.reason} for f in conv.fields]


def _fidelity_counts(values: Iterable[Fidelity]) -> Sequence[tuple[Fidelity, int]]:
    items = list(values)
    return [(fid, items.count(fid)) for fid in Fidelity if fid in items]


# --- round trips (convert --round-trip) ---------------------------------------------------------------------

def round_trip_rows(source: Game, target: Game, card: Card, conv: Conversion, back: Card) -> list[dict[str, Any]]:
    """A → B → A field by field: the value in A, in B and back in A (each by its game's printed names; a stat of A
    shows in B as the stats of B made from it), and whether it came back unchanged. Effects are compared as data:
    the canonical effects themselves."""
    there = conv.card
    stats = list(dict.fromkeys([*card.stats, *back.stats]))
    rows = []
    for name in ("name", "type", "colours", *(f"stats.{s}" for s in stats), "keywords", "text"):
        values = [_card_field(g, c, name) for g, c in ((source, card), (target, there), (source, back))]
        if name.startswith("stats."):
            made = [f.field.removeprefix("stats.") for f in conv.fields if name.removeprefix("stats.") in f.of
                    and f.field.startswith("stats.") and f.field.removeprefix("stats.") in there.stats]
            values[1] = " ".join(f"{stat_label(target, m)}{_stat_value(target, there.stats[m])}"
                                 for m in dict.fromkeys(made)) or "—"
        label = stat_label(source, name.removeprefix("stats.")) if name.startswith("stats.") else name
        same = _raw_field(card, name) == _raw_field(back, name)
        rows.append({"field": name, "label": label, "source": values[0], "target": values[1], "back": values[2],
                     "unchanged": same})
    return rows + _effect_rows(card, there, back)


def _effect_rows(card: Card, there: Card, back: Card) -> list[dict[str, Any]]:
    """The effects as a whole (how many, and whether every one came back the same), then one row per effect of A,
    in order, compared by what it does (its canonical form, field by field: the selector, amounts, timing, cost,
    limit, duration); an effect B or the way back lost shows —, one the way back added has a row of its own."""
    from amalogs.convert.reading import same_form

    def forms(c: Card) -> list[tuple[str, object]]:
        return [(describe_effect(e), same_form(e)) for e in c.effects]

    a, b, back_forms = forms(card), forms(there), forms(back)
    rows = [{"field": "effects", "label": "effects", "source": str(len(a)), "target": str(len(b)),
             "back": str(len(back_forms)), "unchanged": [f for _, f in a] == [f for _, f in back_forms]}]
    in_b = _aligned(a, b)
    k = 0
    for mine, again in _pairs(a, back_forms):
        k += 1
        rows.append({"field": f"effects.{k - 1}", "label": f"effect {k}",
                     "source": mine[0] if mine else "—",
                     "target": in_b.get(id(mine), "—") if mine else "—",
                     "back": again[0] if again else "—",
                     "unchanged": mine is not None and again is not None and mine[1] == again[1]})
    return rows


def _pairs(a: list[tuple[str, object]], b: list[tuple[str, object]]) -> list[tuple[tuple[str, object] | None,
                                                                                  tuple[str, object] | None]]:
    """The effects of two lists side by side, aligned by what they do (difflib's longest matching runs of equal
    canonical forms); an effect with no counterpart stands beside None."""
    from difflib import SequenceMatcher

    keys = ([repr(f) for _, f in a], [repr(f) for _, f in b])
    out: list[tuple[tuple[str, object] | None, tuple[str, object] | None]] = []
    for _tag, i1, i2, j1, j2 in SequenceMatcher(None, *keys, autojunk=False).get_opcodes():
        for n in range(max(i2 - i1, j2 - j1)):
            out.append((a[i1 + n] if i1 + n < i2 else None, b[j1 + n] if j1 + n < j2 else None))
    return out


def _aligned(a: list[tuple[str, object]], b: list[tuple[str, object]]) -> dict[int, str]:
    """Each effect of ``a`` (by id) → how its counterpart in ``b`` reads, where it has one."""
    return {id(x): y[0] for x, y in _pairs(a, b) if x is not None and y is not None}


def _raw_field(card: Card, name: str) -> object:
    if name.startswith("stats."):
        return card.stats.get(name.removeprefix("stats."))
    return getattr(card, name)


def _card_field(game: Game, card: Card, name: str) -> str:
    if name.startswith("stats."):
        sid = name.removeprefix("stats.")
        return _stat_value(game, card.stats[sid]) if sid in card.stats else "—"
    if name == "type":
        return native_name(game, "card_types", card.type)
    if name in ("colours", "keywords"):
        section = "colours" if name == "colours" else "keywords"
        return "・".join(native_name(game, section, v) for v in getattr(card, name)) or "—"
    return show(getattr(card, name))


def round_trip_view(rows: Sequence[Mapping[str, Any]], source: Game, target: Game,
                    width: int = 80) -> RenderableType:
    """The round trip as a compact table: one row per field, its value in A, B and back in A (text on one line,
    each column a third of what ``width`` leaves: an effect's description shows more of itself on a wide
    terminal), and ✓ in the ``same`` column where it came back unchanged."""
    a, b = source.page.abbreviation, target.page.abbreviation
    table = Table(title=f"round trip {a} → {b} → {a}", box=box.MINIMAL, title_style="bold", padding=(0, 1),
                  show_edge=False)
    table.add_column("field", overflow="fold", min_width=MIN_COLUMN, max_width=16)
    table.add_column("same", no_wrap=True)
    for col in (a, b, f"{a} again"):
        table.add_column(col, min_width=MIN_COLUMN, overflow="ellipsis", no_wrap=True,
                         max_width=max(16, (width - 30) // 3))
    for r in rows:
        mark = Text("✓", style="green") if r["unchanged"] else Text("✗", style="red")
        table.add_row(r["label"], mark, *(_one_line(r[k], True) for k in ("source", "target", "back")))
    same = sum(bool(r["unchanged"]) for r in rows)
    return Group(table, Text(f"{same} of {len(rows)} fields came back unchanged", style="bold"))
