"""Rich renderables for a deck conversion: per-card fidelity, what was done, what is still broken; and the
records its ``--format json|csv`` prints.

Cards, card types, stats and keywords are named as the games print them (:mod:`amalogs.report.cards`). Narrower
than :data:`~amalogs.report.cards.WIDE` columns, the target card's id (the source id with the 略称 in front)
leaves the table, so every column keeps at least :data:`~amalogs.report.cards.MIN_COLUMN` cells.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Game
from amalogs.convert.deck_totals import DeckTotals
from amalogs.convert.decks import DeckConversion, explain
from amalogs.convert.native import Conversion, Fidelity, FieldReport
from amalogs.report.cards import (
    FIDELITY_STYLE,
    MIN_COLUMN,
    WIDE,
    field_label,
    keyword_name,
    native_name,
)

__all__ = ["deck_conversion_records", "deck_conversion_view", "deck_totals_record", "deck_totals_view",
           "lost_names"]


def lost_names(conv: Conversion, source: Game, target: Game, marked: bool = True) -> list[str]:
    """What a converted card lost, by the names the source game prints: stats as they are (``パワー``), keywords
    in 《》 (``《バーストアイコン》``; without them unless ``marked``)."""
    return [_lost_name(f, conv, source, target, marked) for f in conv.lost]


def _lost_name(f: FieldReport, conv: Conversion, source: Game, target: Game, marked: bool) -> str:
    if f.field != "keywords":
        return field_label(f, source, target)
    name = keyword_name(source, f.source, conv.canonical.native_keywords)
    return f"《{name}》" if marked else name


def _counts(conv: Conversion) -> dict[Fidelity, int]:
    found = {fid: sum(1 for f in conv.fields if f.fidelity is fid) for fid in Fidelity}
    return {fid: n for fid, n in found.items() if n}


def deck_conversion_view(result: DeckConversion, source: Game, target: Game, width: int | None = None) -> RenderableType:
    """The loss summary of a converted deck: one row per card, then what was done and what is still broken."""
    narrow = width is not None and width < WIDE
    table = Table(title=f"{source.profile.name} → {target.profile.name}: {result.deck.name}", box=box.MINIMAL,
                  title_style="bold", expand=True, padding=(0, 1), show_edge=False)
    table.add_column("card", overflow="fold", min_width=MIN_COLUMN, max_width=18)
    if not narrow:
        table.add_column(f"{target.page.abbreviation} card", overflow="fold", min_width=MIN_COLUMN, max_width=28)
    table.add_column("type", overflow="fold", min_width=MIN_COLUMN, max_width=16)
    table.add_column("fidelity", overflow="fold", min_width=len("approximated") + 2, max_width=16 if narrow else 40)
    table.add_column("lost", overflow="fold", ratio=1, min_width=MIN_COLUMN * 2)
    for conv in result.conversions.values():
        counts = Text()
        for fid, n in _counts(conv).items():
            counts.append(("\n" if counts and narrow else " " if counts else "") + f"{n} {fid.value}",
                          style=FIDELITY_STYLE[fid])
        lost = ", ".join(lost_names(conv, source, target)) or "—"
        row: list[RenderableType] = [conv.canonical.name, *([] if narrow else [conv.card.id]),
               native_name(target, "card_types", conv.card.type), counts, lost]
        table.add_row(*row)
    for part, padded in result.padding.items():
        for cid, n in padded.items():
            card = result.cards.get(cid)
            where = "" if part == "main" else f" ({part})"
            row = [f"{card.name if card else cid} ×{n}", *([] if narrow else [cid]),
                   native_name(target, "card_types", card.type) if card else "—",
                   Text("padding", style="bold magenta"), f"— ({target.page.abbreviation}'s own card{where})"]
            table.add_row(*row)
    parts: list[RenderableType] = [table]
    bullets = Table.grid(padding=(0, 1))
    bullets.add_column(no_wrap=True)
    bullets.add_column(overflow="fold")
    if result.actions:
        parts.append(Text("What amalogs did to meet the target's rules:", style="bold"))
        for a in result.actions:
            bullets.add_row(" •", a)
        parts.append(bullets)
    if result.unmet:
        parts.append(Text(f"The written deck still breaks {len(result.unmet)} construction rule(s) of "
                          f"{target.profile.name}:", style="bold red"))
        broken = Table.grid(padding=(0, 1))
        broken.add_column(no_wrap=True)
        broken.add_column(overflow="fold")
        for v in result.unmet:
            broken.add_row(Text(" •", style="red"), Text(str(v), style="red"))
            broken.add_row("", Text(explain(v, source, target), style="dim"))
        parts.append(broken)
    else:
        parts.append(Text(f"The written deck passes the {target.profile.name} deck check.", style="bold green"))
    return Group(*parts)


def deck_conversion_records(result: DeckConversion, source: Game, target: Game,
                            full: bool = False) -> list[dict[str, Any]]:
    """One record per converted card: source id and name, target id and card type, the count of fields of
    each fidelity, and what was lost (by field id and by name); ``full`` adds every field's row and each
    effect's verdict (``fields``, as `convert --format json` gives them) and the card's warning."""
    from amalogs.report.cards import field_rows

    records = []
    for source_id, conv in result.conversions.items():
        record = {
            "card": source_id, "name": conv.canonical.name, "target_id": conv.card.id, "type": conv.card.type,
            "type_name": native_name(target, "card_types", conv.card.type),
            **{fid.value: _counts(conv).get(fid, 0) for fid in Fidelity},
            "lost": [f.field for f in conv.lost], "lost_names": lost_names(conv, source, target, marked=False),
        }
        if full:
            record["fields"] = field_rows(conv, source, target)
            record["warning"] = conv.warning
        records.append(record)
    return records


def _counts_text(counts: Any, name: Any = str) -> str:
    return "  ".join(f"{name(k)} {n}" for k, n in sorted(counts.items(), key=lambda kv: (-kv[1], str(kv[0])))) or "—"


def _curve_text(curve: Any) -> str:
    return "  ".join(f"{c}:{curve[c]}" for c in sorted(curve)) or "—"


def deck_totals_view(t: DeckTotals, source: Game, target: Game) -> RenderableType:
    """The deck report's totals, one line each (before → after): colour identity and cost curve (大コスト: copies),
    cards and copies kept, padding and cards left out, keywords lost, effects by verdict, copy counts changed."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(overflow="fold")
    src, dst = source.page.abbreviation, target.page.abbreviation
    grid.add_row("colour identity", f"{src} {_counts_text(t.colours_before, lambda c: native_name(source, 'colours', c))}"
                 f" → {dst} {_counts_text(t.colours_after, lambda c: native_name(target, 'colours', c))}")
    grid.add_row("cost curve", f"{_curve_text(t.curve_before)} → {_curve_text(t.curve_after)}")
    kept = sum(1 for *_, tid, n in t.copies if tid is not None and n)
    grid.add_row("cards", f"{len(t.copies)} ({sum(c[2] for c in t.copies)} copies) → {kept} kept "
                 f"({sum(c[4] for c in t.copies)} copies), {t.padding} padding, {t.left_out} left out")
    if t.keywords_lost:
        grid.add_row("keywords lost", _counts_text(t.keywords_lost, lambda k: keyword_name(source, k)))
    if t.effects:
        grid.add_row("effects", _counts_text(t.effects))
    changed = [f"{name} {before}→{after}" for _, name, before, _, after in t.copies if before != after]
    if changed:
        grid.add_row("copies changed", ", ".join(changed))
    return Group(Text("Totals (over copies, before → after)", style="bold"), grid)


def deck_totals_record(t: DeckTotals, source: Game, target: Game) -> dict[str, Any]:
    """The totals as data (``--format json``)."""
    return {
        "colour_identity": {"before": {native_name(source, "colours", k): n for k, n in t.colours_before.items()},
                            "after": {native_name(target, "colours", k): n for k, n in t.colours_after.items()}},
        "cost_curve": {"before": {str(k): t.curve_before[k] for k in sorted(t.curve_before)},
                       "after": {str(k): t.curve_after[k] for k in sorted(t.curve_after)}},
        "keywords_lost": {keyword_name(source, k): n for k, n in t.keywords_lost.items()},
        "effects": dict(t.effects),
        "copies": [{"card": cid, "name": name, "before": before, "target_id": tid, "after": after}
                   for cid, name, before, tid, after in t.copies],
        "padding": t.padding, "left_out": t.left_out,
    }
