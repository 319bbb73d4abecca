"""Rich renderables for a deck conversion: per-card fidelity, what was done, what is still broken."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from amalogs.catalog import Game
from amalogs.convert.decks import DeckConversion, explain
from amalogs.convert.native import Fidelity, show
from amalogs.report.cards import FIDELITY_STYLE

__all__ = ["deck_conversion_view"]


def deck_conversion_view(result: DeckConversion, source: Game, target: Game) -> RenderableType:
    """The loss summary of a converted deck."""
    table = Table(title=f"{source.profile.name} → {target.profile.name}: {result.deck.name}", box=box.SIMPLE_HEAD,
                  title_style="bold", expand=True)
    table.add_column("card", overflow="fold", max_width=16)
    table.add_column(f"{target.page.abbreviation} card", overflow="fold", max_width=24)
    table.add_column("type", overflow="fold", max_width=14)
    table.add_column("fidelity", overflow="fold", max_width=16)
    table.add_column("lost", overflow="fold", ratio=1, min_width=24)
    for conv in result.conversions.values():
        counts = Text()
        for fid in Fidelity:
            n = sum(1 for f in conv.fields if f.fidelity is fid)
            if n:
                counts.append(f"{n} {fid.value} ", style=FIDELITY_STYLE[fid])
        lost = ", ".join(f.field if f.field != "keywords" else f"keyword {show(f.source)}" for f in conv.lost) or "—"
        table.add_row(conv.canonical.name, conv.card.id, conv.card.type, counts, lost)
    parts: list[RenderableType] = [table]
    if result.actions:
        parts.append(Text("What amalogs did to meet the target's rules:", style="bold"))
        parts += [Text(f"  • {a}") for a in result.actions]
    if result.unmet:
        parts.append(Text(f"The written deck still breaks {len(result.unmet)} construction rule(s) of "
                          f"{target.profile.name}:", style="bold red"))
        for v in result.unmet:
            parts.append(Text(f"  • {v}", style="red"))
            parts.append(Text(f"    {explain(v, source, target)}", style="dim"))
    else:
        parts.append(Text(f"The written deck passes the {target.profile.name} deck check.", style="bold green"))
    return Group(*parts)
