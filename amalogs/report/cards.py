"""Rich renderables for cards, canonical cards, conversions and deck checks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Game
from amalogs.convert.canonical import CanonicalCard, derived_stats
from amalogs.convert.native import Conversion, Fidelity, show
from amalogs.models.cards import Card
from amalogs.models.effects import CardFilter, Effect, Selector

__all__ = ["cards_table", "card_view", "canonical_view", "conversion_view", "describe_effect", "FIDELITY_STYLE"]

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
    for label, low, high in (("大コスト", f.min_cost, f.max_cost), ("BP", f.min_bp, f.max_bp)):
        if low is not None:
            words.append(f"{label} ≥ {show(low)}")
        if high is not None:
            words.append(f"{label} ≤ {show(high)}")
    return words


def _target(s: Selector) -> str:
    if s.self_only:
        return "this card"
    side = {"opponent": "opposing", "self": "own", "any": "any"}[s.side]
    how_many = "every" if s.count == 0 else str(s.count)
    words = [how_many, side] + ([s.state] if s.state else []) + (_filter_words(s) or ["card"])
    return " ".join(words)


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
    else:
        text = f"(native) {d['text']}"
    extras = [d["when"]] + (["optional"] if d["optional"] else []) + ([f"cost: {d['cost']}"] if d["cost"] else [])
    return f"{text} [{', '.join(extras)}]"


def _stats_line(card: Card) -> str:
    return " · ".join(f"{k} {show(tuple(v) if isinstance(v, list) else v)}" for k, v in card.stats.items())


def cards_table(game: Game, cards: Iterable[Card]) -> Table:
    """A game's cards, one row each."""
    table = Table(title=f"{game.profile.name} — cards", box=box.SIMPLE_HEAD, title_style="bold")
    table.add_column("id", style="cyan", no_wrap=True)
    table.add_column("name", overflow="fold")
    table.add_column("type", no_wrap=True)
    table.add_column("colours", overflow="fold")
    table.add_column("stats", overflow="fold", ratio=1)
    table.add_column("keywords", overflow="fold")
    for card in cards:
        table.add_row(card.id, card.name, card.type, " ".join(card.colours), _stats_line(card), " ".join(card.keywords))
    return table


def card_view(game: Game, card: Card) -> Panel:
    """A native card: every printed field, its text and its effects."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(overflow="fold")
    types = {t.id: t for t in game.profile.card_types}
    grid.add_row("type", f"{types[card.type].name} ({card.type})")
    grid.add_row("colours", ", ".join(card.colours) or "—")
    for sid, value in derived_stats(game.profile, card).items():
        grid.add_row(sid, show(tuple(value) if isinstance(value, list) else value))
    grid.add_row("keywords", ", ".join(card.keywords) or "—")
    if card.text:
        grid.add_row("text", card.text)
    for e in card.effects:
        grid.add_row("effect", describe_effect(e))
    title = f"{card.name}" + (f" / {card.en}" if card.en else "")
    return Panel(grid, title=title, subtitle=f"{game.profile.name} [{card.id}]", border_style="magenta")


def canonical_view(cc: CanonicalCard) -> Panel:
    """The canonical AMALOGS card."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("科 / 属", f"{cc.family or '—'} / {cc.genus or '—'}")
    grid.add_row("permanent", "yes" if cc.permanent else "no")
    for v in cc.values:
        label = str(v.stat) if v.stat is not None else "固有能力 (unmapped)"
        grid.add_row(label, f"{show(v.value)}  ← {v.source_stat}" + (f" × {v.ratio}" if v.ratio != 1 else ""))
    grid.add_row("colour slots", " ".join(str(c) for c in cc.colours) or "—")
    grid.add_row("unified keywords", ", ".join(str(k) for k in cc.keywords) or "—")
    if cc.unmapped_keywords:
        grid.add_row("native-only keywords", ", ".join(cc.unmapped_keywords))
    speed = f"SS{int(cc.spell_speed)}" + (" (SS3 when fired from life)" if cc.from_life else "")
    grid.add_row("spell speed", speed)
    for e in cc.effects:
        grid.add_row("effect", describe_effect(e))
    return Panel(grid, title="AMALOGS card", subtitle="canonical", border_style="cyan")


def conversion_view(conv: Conversion, source: Game, target: Game) -> RenderableType:
    """Source, canonical and target side by side with each field's fidelity and reason."""
    table = Table(title=f"{source.profile.name} → {target.profile.name}: {conv.canonical.name}",
                  box=box.SIMPLE_HEAD, title_style="bold", expand=True)
    for col in ("field", source.page.abbreviation, "AMALOGS", target.page.abbreviation, "fidelity"):
        table.add_column(col, overflow="fold", max_width=22)
    table.add_column("reason", overflow="fold", ratio=1)
    for f in conv.fields:
        style = FIDELITY_STYLE[f.fidelity]
        table.add_row(f.field, show(f.source), show(f.canonical), show(f.target), Text(f.fidelity.value, style=style),
                      f.reason)
    counts = _fidelity_counts(f.fidelity for f in conv.fields)
    summary = Text.assemble(*[(f"{n} {fid.value}  ", FIDELITY_STYLE[fid]) for fid, n in counts])
    return Group(table, summary)


def _fidelity_counts(values: Iterable[Fidelity]) -> Sequence[tuple[Fidelity, int]]:
    items = list(values)
    return [(fid, items.count(fid)) for fid in Fidelity if fid in items]
