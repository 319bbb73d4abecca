"""The play-by-play of a match and its result panel, drawn from the match's events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from amalogs.referee.sessions.runner import Side, Summary
from amalogs.referee.engine.state import CardData

__all__ = ["event_line", "result_panel", "summary_table"]

SEAT_STYLE = ("bold cyan", "bold magenta")


def _card(cards: Sequence[CardData], uid: object) -> str:
    if not isinstance(uid, int) or uid >= len(cards):
        return str(uid)
    c = cards[uid]
    return f"{c.name} {c.shown}" if c.shown else c.name


def _canonical(milli: object) -> str:
    """Damage is kept in thousandths of a canonical point: 6000 → 6."""
    return f"{milli / 1000:g}" if isinstance(milli, int) else str(milli)


def event_line(event: dict[str, Any], cards: Sequence[CardData], names: Sequence[str]) -> Text | Rule | None:
    """One event as a line of the play-by-play (None for events not worth a line)."""
    kind = event["type"]
    seat = event.get("seat")
    who = Text(names[seat], style=SEAT_STYLE[seat]) if isinstance(seat, int) else Text("")

    def c(key: str) -> str:
        return _card(cards, event.get(key))

    if kind == "turn" and isinstance(seat, int):
        return Rule(Text.assemble(f"Turn {event['number']} — ", (names[seat], SEAT_STYLE[seat])), style="dim")
    lines = {
        "mulligan": "takes a mulligan",
        "life-set": (f"starts with HP {event.get('hp')}" if "hp" in event else f"sets {event.get('life')} life cards")
                    + (f" and {event.get('energy')} energy" if event.get("energy") else ""),
        "draw-from-life": f"draws from the life zone (deck empty): life {event.get('life')}",
        "energy": f"places energy ({event.get('energy')} in all)",
        "play": f"plays {c('card')}" + (" free from its life (a life trigger)" if event.get("free") else ""),
        "effect": f"→ {event.get('effect')}" + (f" on {c('target')}" if "target" in event else ""),
        "fizzle": f"→ {event.get('effect')} fizzles (立ち消え): no legal target",
        "condition-unmet": f"→ {event.get('effect')} of {c('card')} does not work: "
                           + ("its territory is not open (覚醒)" if event.get("condition") == "territory-open"
                              else str(event.get("condition"))),
        "effect-not-carried-out": f"→ {event.get('effect')} ({event.get('when')}) is not carried out yet",
        "returned": f"{c('card')} returns to hand",
        "searched": f"searches out {c('card')}",
        "scouted": f"looks at the top {event.get('look')} card(s) of its deck",
        "scout-placed": f"puts {event.get('top')} back on top and {event.get('bottom')} at the bottom",
        "attack": f"attacks with {c('attacker')} → " + ("the player" if event.get("target") == "player"
                                                       else c("target")),
        "block": (f"intercepts ({event['as']}) with {c('blocker')}" if event.get("as") == "迎撃"
                  else f"blocks with {c('blocker')}"),
        "life-revealed": f"takes 1 damage: reveals {c('card')} — life {event.get('life')}",
        "burst": "burst! one more damage",
        "hits-cancelled": f"the attacker is gone: {event.get('hits')} hit(s) cancelled",
        "destroyed": f"{c('card')} is destroyed",
        "damaged": f"{c('card')} has {_canonical(event.get('damage'))} damage",
        "discard": f"discards {c('card')}",
        "fort-set": f"sets a fort ({event.get('forts')})",
        "forts-set": f"has {event.get('forts')} forts and {event.get('hand')} cards in hand",
        "mana": f"adds mana ({event.get('mana-area')} in the mana area)",
        "move": f"moves {c('card')} to the attack area",
        "fort-damaged": f"fort takes damage: {_canonical(event.get('damage'))} of {_canonical(event.get('defence'))}",
        "fort-broken": f"loses a fort: {c('card')} → "
                       + {"hand": "hand", "quick": "its quick effect", "field": "the field, on standby"}.get(
                           str(event.get("to")), str(event.get("to"))) + f" (forts left {event.get('forts')})",
        "round": f"starts a round (tie count {event.get('ties')})",
        "face-down": "places a card face down",
        "place": f"places {c('card')} ({event.get('cards')} in the row)",
        "reveal": f"reveals {c('card')} (counts {event.get('number')})",
        "hold": "holds" + (" (cannot go on)" if event.get("forced") else ""),
        "skill": f"uses the skill of {c('card')} (destroys {event.get('cost')} from the deck)",
        "turn-up": f"turns up {c('card')}",
        "territory-opened": f"opens its territory {c('card')}"
                            + (" — it comes onto the field as a unit, power 7000, hit 2 (アサルトテリトリー)"
                               if event.get("unit") else ""),
        "count-chosen": "decides how its row counts (an A as 1 or 11 …)",
        "total": f"total {event.get('total')}" + (" (bust)" if event.get("total") == 0 else "")
                 + "".join(f" · {n}" for n in event.get("combos", [])),
        "round-won": f"wins the round: {event.get('damage')} damage",
        "hp": f"takes {event.get('damage')} damage: HP {event.get('hp')}",
        "healed": f"recovers: HP {event.get('hp')}",
        "to-deck-bottom": f"puts {event.get('cards')} revealed card(s) under its deck",
        "deck-destroyed": f"loses {event.get('cards')} card(s) from its deck top",
        "peek": f"looks at the face-down {c('card')}",
        "walls-set": f"sets {event.get('castle')} castle walls (城壁)",
        "kokuryoku": (f"puts {c('card')} face up into 国力" if event.get("face") == "up" else "puts a card face down into 国力")
        + f" ({event.get('kokuryoku')} in all)",
        "siege": f"loses {event.get('walls')} castle wall(s) to siege damage (walls left {event.get('castle')})",
        "ambush": f"deploys {c('card')} from hand (伏兵)",
        "musou": f"無双連撃: discards {c('discarded')}; {c('card')} stands again, its damage removed",
        "chouetsu": f"超越: stacks a card on {c('card')} ({event.get('stacked')} stacked)",
        "protection": f"puts a 防護カード face down on {c('card')}",
        "protection-used": f"{c('card')}'s 防護 is used up",
        "feint": f"{c('card')} feints (陽動): no battle damage",
        "pierce": f"{c('card')} pierces (貫通): 1 siege damage",
        "attack-check": f"checks: reveals {c('card')} from its deck into its hand",
        "leader": f"chooses {c('card')} as its leader (選抜リーダー制)",
        "first-character": f"puts {c('card')} into play from its opening hand",
        "redraw": "has no character in its opening hand: shows it, shuffles it back and draws again",
        "prize-taken": f"takes a prize card ({event.get('hand')} in hand)",
        "knocked-out": f"has {event.get('count')} of {event.get('of')} characters knocked out",
        "counter": f"{'gets' if int(event.get('change', 0)) > 0 else 'removes'} {abs(int(event.get('change', 0)))} "
                   f"{event.get('counter')} counter(s) ({event.get('total')} in all)",
    }
    if kind == "tie":
        return Text(f"  the round is a tie: tie count {event.get('ties')}")
    if kind == "battle":
        return Text(f"  battle: {_card(cards, event['attacker'])} vs {_card(cards, event['defender'])}")
    if kind in lines:
        return Text.assemble("  ", who, " ", lines[kind])
    return None


def result_panel(outcome: Any, sides: Sequence[Side], names: Sequence[str], seed: int) -> Panel:
    if outcome.winner is None:
        head = Text("Draw", style="bold yellow")
    else:
        head = Text.assemble(("Winner: ", "bold"), (names[outcome.winner], SEAT_STYLE[outcome.winner]))
    body = Text.assemble(head, f"\n{outcome.reason}\nturns: {outcome.turns} · seed {seed}\n",
                         f"{names[0]}: {sides[0].game.profile.name} {sides[0].deck_id}\n",
                         f"{names[1]}: {sides[1].game.profile.name} {sides[1].deck_id}")
    return Panel(body, title="Result", border_style="green")


def summary_table(summary: Summary, names: Sequence[str]) -> Table:
    table = Table(title=f"{summary.matches} matches", title_style="bold")
    table.add_column("")
    table.add_column("value", justify="right")
    for seat in (0, 1):
        rate = summary.wins[seat] / summary.matches if summary.matches else 0
        table.add_row(f"{names[seat]} wins", f"{summary.wins[seat]} ({rate:.1%})")
    table.add_row("draws", str(summary.draws))
    table.add_row("average turns", f"{summary.turns / max(summary.matches, 1):.1f}")
    table.add_row("average decisions", f"{summary.decisions / max(summary.matches, 1):.1f}")
    for reason, n in summary.reasons.most_common():
        table.add_row(f"ended: {reason}", str(n))
    return table
