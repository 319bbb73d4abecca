"""A position as a judge sees it (every card), or as one seat may see it (``--as``): both sides zone by zone
in their games' own words, what is in progress, and the numbered legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from amalogs.report.match import SEAT_STYLE

__all__ = ["position_view", "legal_lines", "action_words"]


def _card(match: Any, uid: int) -> str:
    card = match.state.cards[uid]
    return f"#{uid} {card.name}" + (f" {card.shown}" if card.shown else "")


def action_words(match: Any, action: Any) -> str:
    """An action with its cards named: ``attack #12 火花の小鬼 1000/1 player``."""
    return " ".join([action.verb, *(_card(match, int(a)) if action.is_card(k) and 0 <= int(a) < len(match.state.cards)
                                    else str(a) for k, a in enumerate(action.args))])


def legal_lines(match: Any) -> list[str]:
    return [f"{k:>3}) {action.text():<24} {action_words(match, action)}" for k, action in
            enumerate(match.legal_actions(), 1)]


def _flags(entry: Any) -> str:
    if not isinstance(entry, dict):
        return ""
    words = []
    if entry.get("rested"):
        words.append("rested")
    if entry.get("face_down") is True:
        words.append("face down")
    if entry.get("face_down") is False:
        words.append("face up")
    if entry.get("damage"):
        words.append(f"damage {entry['damage']}")
    for key in ("changed", "lasting"):
        if entry.get(key):
            words.append(f"{'this turn' if key == 'changed' else 'lasting'} "
                         + " ".join(f"{k.upper()}{v:+g}" for k, v in entry[key].items()))
    if entry.get("granted"):
        words.append("gained " + "・".join(entry["granted"]))
    if entry.get("entered") is not None:
        words.append(f"entered turn {entry['entered']}")
    if entry.get("counters"):
        words.append(" ".join(f"{k} {v}" for k, v in entry["counters"].items()))
    return f" ({', '.join(words)})" if words else ""


def _entry_text(match: Any, entry: Any, hide: bool) -> str:
    ref = entry["card"] if isinstance(entry, dict) else entry
    uid = int(str(ref).rpartition("#")[2])
    if hide:
        return f"#{uid} (face down)"
    text = _card(match, uid) + _flags(entry)
    if isinstance(entry, dict):
        for part in ("under", "equipment"):
            if entry.get(part):
                text += f" [{part}: " + "; ".join(_entry_text(match, e, hide) for e in entry[part]) + "]"
    return text


def _seat_table(match: Any, catalog: Any, dump: dict[str, Any], i: int, viewer: int | None) -> Table:

    seat = dump["seats"][i]
    state_seat = match.state.seats[i]
    game = catalog.games[state_seat.game]
    module = match.state.games[i]
    names = {z.id: f"{z.name} ({z.id})" for z in game.profile.zones}
    host = " — host" if i == match.state.active else ""
    title = Text.assemble((f"seat {i} ", SEAT_STYLE[i % 2]), f"{game.profile.name}"
                          + (f" · {seat['deck']}" if seat.get("deck") else "") + host)
    table = Table(title=title, title_justify="left", show_header=False, expand=False,
                  min_width=min(cell_len(title.plain) + 2, 100))
    table.add_column("zone", style="bold", no_wrap=True)
    table.add_column("cards")
    facts = [f"{k} {v}" for k, v in seat.get("counters", {}).items() if not k.endswith("-max")]
    facts += [f"{k.replace('_', ' ')}" + ("" if v is True else f" {v}") for k, v in seat.get("this_turn", {}).items()]
    if facts:
        table.add_row("counters", " · ".join(facts))
    for zone, entries in seat["zones"].items():
        target = module.position_zones.get(zone, zone)
        inner = target if isinstance(target, tuple) else (target,)
        hidden = viewer is not None and (all(z in module.hidden_zones for z in inner) or (zone == "hand" and viewer != i))
        if hidden:
            if entries:
                table.add_row(names.get(zone, zone), f"{len(entries)} card(s), hidden")
            continue
        if not entries:
            continue
        shown = []
        for entry in entries:
            down = isinstance(entry, dict) and entry.get("face_down") is True or (
                not isinstance(entry, dict) and any(z in module.face_down_zones for z in inner[:1]))
            shown.append(_entry_text(match, entry, hide=viewer is not None and viewer != i and down))
        table.add_row(names.get(zone, zone), "\n".join(shown))
    if not table.row_count:
        table.add_row("", "no cards")
    return table


def position_view(match: Any, catalog: Any, viewer: int | None = None, events: Sequence[dict[str, Any]] = (),
                  names: Sequence[str] = ()) -> RenderableType:
    """Both sides and the state of play; ``viewer``: only what that seat may see."""
    from amalogs.report.match import event_line

    dump = match.position(catalog)
    s = match.state
    parts: list[RenderableType] = []
    if events:
        parts.append(Text("events", style="bold"))
        for event in events:
            line = event_line(event, s.cards, names)
            if line is not None:
                parts.append(line)
    head = f"turn {s.turn} · host: seat {s.active} · step {s.phase}"
    if s.decider is not None and not s.finished:
        head += f" · seat {s.decider} to decide"
    if viewer is not None:
        head += f" · as seen by seat {viewer}"
    parts.append(Text(head, style="bold"))
    if s.attack is not None:
        a = s.attack
        target = "the player" if a.target is None else _card(match, a.target)
        blocker = f", blocked by {_card(match, a.blocker)}" if a.blocker is not None else ""
        hits = f", {a.hits_left} hit(s) left" if a.hits_left else ""
        parts.append(Text(f"attack: {_card(match, a.attacker)} → {target}{blocker}{hits}"))
    if s.trigger_card is not None:
        parts.append(Text(f"life trigger to decide: {_card(match, s.trigger_card)}"))
    for p in reversed(s.stack):
        parts.append(Text(f"on the stack: {p.effect.do} of {_card(match, p.source)} (seat {p.controller})"))
    for i in range(len(s.seats)):
        parts.append(_seat_table(match, catalog, dump, i, viewer))
    if s.finished:
        won = "a draw" if s.winner is None else f"seat {s.winner} wins"
        parts.append(Text(f"the match is over: {won} — {s.reason}", style="bold green"))
    elif viewer is None or viewer == s.decider:
        parts.append(Text(f"legal actions (seat {s.decider}):", style="bold"))
        parts += [Text(line) for line in legal_lines(match)]
    return Group(*parts)
