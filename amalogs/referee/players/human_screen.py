"""What the human player (:mod:`amalogs.referee.players.human`) shows a person of the board and of its cards.

The observation becomes keyed lines (:data:`Entry`): the turn, both seats (the viewer's first) with their zones,
the attack, the effect resolving and a ブレイクジョーカー round's rows, so that a later decision can show only
what changed (:func:`_changes`). A card is summed up in its game's own terms — type, colours, costs and battle
stats — from the catalog's printed data (:func:`_summary`), or from what the observation alone says of it
(:func:`_observed_summary`). Kept apart from the player so that the rendering reads on its own; the player
only draws what these functions give.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from amalogs.catalog import Game
    from amalogs.models.cards import Card

__all__ = ["Entry", "show"]

_HIDDEN_COUNT = "{n} (hidden)"
_SUITS = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}
_HIDDEN_COUNT = "{n} (hidden)"
_SUITS = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}
_BJ = "break-joker"
_COST_STATS = ("コスト", "大コスト")  # canonical stats whose native stats are a card's costs
_BATTLE_STATS = ("AP", "DP", "BP", "SP")


def _clean(text: object) -> str:
    """Text as it may be printed: control characters (terminal escape sequences among them) left out."""
    return "".join(ch for ch in str(text) if ch == " " or not unicodedata.category(ch).startswith("C"))


def _card(cards: dict[Any, Any], uid: object) -> dict[str, Any] | None:
    """A card of the observation by id (ids may be keys as numbers, or as text after a JSON round trip)."""
    if not isinstance(uid, int) or uid < 0:
        return None
    found = cards.get(uid, cards.get(str(uid)))
    return found if isinstance(found, dict) else None


def _name(cards: dict[Any, Any], uid: object) -> str:
    card = _card(cards, uid)
    return f"{_clean(card.get('name', '?'))} [{uid}]" if card else str(uid)


def _card_line(card: dict[str, Any], uid: object) -> str:
    values = ""
    if card.get("ap") or card.get("dp"):
        values = f" {card['ap'] / 1000:g}/{card['dp'] / 1000:g}" + (f" SP{card['sp']}" if card.get("sp") else "")
    keywords = f" ({', '.join(_clean(k) for k in card['unified'])})" if card.get("unified") else ""
    return f"{_clean(card.get('name', '?'))} [{uid}]{values}{keywords}"


# --- the screen: keyed lines, so a later decision can show only what changed ------------------------------

Entry = tuple[str, str, str]
"""One line of the screen: (key, the section it belongs to, the line)."""


def _screen(observation: dict[str, Any], title_of: Callable[[int], str | None] | None = None) -> list[Entry]:
    """The observation as keyed lines: the turn, both seats (the viewer's first), the attack, the effect
    resolving, and a ブレイクジョーカー round's rows (``title_of``: a card's work title, for ワールドボーナス)."""
    me = _int(observation.get("you", 0))
    cards = observation.get("cards", {})
    seats = observation.get("seats") or []
    turn = f"turn {observation.get('turn')} · step {_clean(observation.get('phase'))} · you are P{me + 1}"
    entries: list[Entry] = [("turn", "", turn)]
    for seat in dict.fromkeys((me, 1 - me, *range(len(seats)))):
        if not 0 <= seat < len(seats) or not isinstance(seats[seat], dict):
            continue
        view = seats[seat]
        who = "you" if seat == me else "opponent"
        section = f"P{seat + 1} ({who}, {_clean(view.get('game'))})"
        counters = view.get("counters") or {}
        entries.append((f"{seat} seat", section, section + "".join(
            f" · {_clean(k)} {_clean(v)}" for k, v in sorted(counters.items()) if not str(k).startswith("hp-"))))
        rested = set(view.get("rested") or [])
        damage = view.get("damage") or {}
        for zone, value in view.items():
            if zone in ("game", "rested", "damage", "hand_limit", "counters"):
                continue
            if isinstance(value, int):
                if value:
                    entries.append((f"{seat} {zone}", section, f"  {_clean(zone)}: {_HIDDEN_COUNT.format(n=value)}"))
                continue
            if not isinstance(value, list) or not value:
                continue
            shown = []
            for uid in value:
                card = _card(cards, uid)
                if card is None:
                    shown.append("(face down)")
                    continue
                hurt = damage.get(uid, damage.get(str(uid)))
                shown.append(_card_line(card, uid) + (" rested" if uid in rested else "")
                             + (f" damage {hurt / 1000:g}" if isinstance(hurt, int) and hurt else ""))
            entries.append((f"{seat} {zone}", section, f"  {_clean(zone)}: " + "; ".join(shown)))
    attack = observation.get("attack")
    if attack:
        target = "the player" if attack.get("target") is None else _name(cards, attack["target"])
        blocker = f" (blocked by {_name(cards, attack['blocker'])})" if attack.get("blocker") is not None else ""
        entries.append(("attack", "", f"attack: {_name(cards, attack.get('attacker'))} → {target}{blocker}"))
    pending = observation.get("pending")
    if pending:
        entries.append(("pending", "", f"resolving: {_clean(pending.get('effect'))} of "
                        f"{_name(cards, pending.get('source'))}"
                        + (f" (aimed at {_clean(pending['side'])}'s cards)" if pending.get("side") else "")))
        if pending.get("text"):  # a native effect ruled by hand: its words, and the ruling proposed
            entries.append(("pending text", "", f"  the card says: {_clean(pending['text'])}"))
            proposed = pending.get("ruling")
            entries.append(("pending ruling", "", "  rule it by hand: pick what it does, or skip" if proposed is None
                            else f"  proposed ruling: {_clean(proposed)} — confirm or reject"))
    entries += _bj_round(observation, title_of or (lambda uid: None))
    return entries


def show(observation: dict[str, Any]) -> list[str]:
    """The observation as lines of text: both seats, the viewer's first."""
    return _lines(_screen(observation))


def _lines(entries: list[Entry]) -> list[str]:
    return [text for _, _, text in entries]


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _changes(before: list[Entry], now: list[Entry]) -> list[str]:
    """What changed between two screens, in the screen's order: the new or changed lines under their seat's
    heading, and the zones that emptied (an attack or an effect that ended is simply no longer shown)."""
    old = {key: text for key, _, text in before}
    keys = {key for key, _, _ in now}
    emptied: dict[str, list[str]] = {}
    for key, section, text in before:
        if key not in keys and section and not key.endswith(" seat") and not key.startswith("bj"):
            emptied.setdefault(section, []).append(f"  {text.strip().split(':')[0]}: now empty")
    last = {section: k for k, (_, section, _) in enumerate(now)}
    lines: list[str] = []
    heading = ""

    def put(section: str, line: str) -> None:
        nonlocal heading
        if section and section != heading and not line.startswith(section):
            lines.append(section)  # the seat a changed zone belongs to (unless its own line changed)
        heading = section
        lines.append(line)

    for k, (key, section, text) in enumerate(now):
        if old.get(key) != text:
            put(section, text)
        if section and last[section] == k:
            for line in emptied.pop(section, []):
                put(section, line)
    for section, gone in emptied.items():
        for line in gone:
            put(section, line)
    return lines


# --- ブレイクジョーカー rounds ----------------------------------------------------------------------------------

def _bj_round(observation: dict[str, Any], title_of: Callable[[int], str | None]) -> list[Entry]:
    """During a ブレイクジョーカー round, each row's running total (an A counts 1 or 11; a card of another game
    its 大コスト), its suits and the combos it makes so far; another player's face-down card is ``?``. The
    printed numbers are counted (a skill's change to a card is not in the observation: the card is marked
    ``skill used``); a card whose work title is unknown makes no ワールドボーナス."""
    counters = observation.get("counters") or {}
    if not counters.get("bj-round"):
        return []
    from amalogs.referee.engine.registry import MODULES

    reader = getattr(MODULES.get(_BJ), "read_row", None)  # the game's own reading of a row (amalogs.referee.games)
    if reader is None:
        return []
    me = _int(observation.get("you", 0))
    cards = observation.get("cards", {})
    seats = observation.get("seats") or []
    heading = f"ブレイクジョーカー round · ties {_int(counters.get('ties'))}"
    entries: list[Entry] = [("bj", heading, heading)]
    for seat in dict.fromkeys((me, 1 - me)):
        if not 0 <= seat < len(seats) or not isinstance(seats[seat], dict):
            continue
        view = seats[seat]
        bj = view.get("game") == _BJ
        row = view.get("field" if bj else "bj-row")
        if not isinstance(row, list):
            continue
        rested = set(view.get("rested") or [])
        shown, slots, hidden = [], [], 0
        for uid in row:
            card = _card(cards, uid)
            if card is None:
                shown.append("?")
                hidden += 1
                continue
            number = _int(card.get("cost"))
            colours = [str(c) for c in card.get("colours") or []]
            suit = _SUITS.get(colours[0], "") if bj and colours else ""
            shown.append((f"{'A' if number == 1 else number}{suit}" if bj else f"{_clean(card.get('name'))} ({number})")
                         + (" (skill used)" if uid in rested else ""))
            options = ((1, 1), (11, 1)) if bj and number == 1 else ((number, number),)
            slots.append((options, colours[0] if bj and colours else None, title_of(uid) or f"#{uid}"))
        who = "you" if seat == me else "opponent"
        if not slots:
            score = "no card face up"
        else:
            totals = reader(slots, bj)
            lowest = sum(min(v for v, _ in options) for options, _, _ in slots)
            score = "total " + " or ".join(str(total) if total else f"0 (bust: {lowest})" for total, _ in totals)
            combos = totals[0][1]
            if hidden:
                score = f"face-up total {score.removeprefix('total ')} + {hidden} face-down"
            elif combos:
                score += " · " + ", ".join(combos)
        suits = "".join(dict.fromkeys(s for s in (_SUITS.get(c, "") for c in _row_colours(row, cards)) if s))
        entries.append((f"bj {seat}", heading, f"  P{seat + 1} ({who}) row: {' '.join(shown) or '—'} → {score}"
                        + (f" · suits {suits}" if bj and suits else "")))
    return entries


def _row_colours(row: list[Any], cards: dict[Any, Any]) -> Iterator[str]:
    for uid in row:
        card = _card(cards, uid)
        if card is not None and card.get("colours"):
            yield str(card["colours"][0])


# --- the cards: their native data, when the catalog has them --------------------------------------------------

def _stat_value(game: Game, value: object) -> str:
    """A printed stat in its game's words: a colour-cost table as ``火2 無属性3``."""
    if isinstance(value, dict):
        names = {c.id: c.name for c in game.profile.colours}
        return " ".join(f"{_clean(names.get(k, k))}{v}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "/".join(_clean(v) for v in value)
    return _clean(value)


def _summary(game: Game, card: Card) -> str:
    """A card's type, colours, costs and battle stats in its game's own terms (one line)."""
    from amalogs.convert.canonical import derived_stats

    profile = game.profile
    types = {t.id: t.name for t in profile.card_types}
    colours = {c.id: c.name for c in profile.colours}
    names = {s.id: s.name for s in profile.stats}
    mapped = {e.native: str(getattr(e.stat, "value", e.stat)) for e in game.page.status if e.stat is not None}
    stats = derived_stats(profile, card)
    sums = {s.id: s.sum_of for s in profile.stats if s.sum_of}
    parts = [_clean(types.get(card.type, card.type))]
    if card.colours:
        parts.append(" ".join(_clean(colours.get(c, c)) for c in card.colours))
    for wanted in (_COST_STATS, _BATTLE_STATS):
        for stat, value in stats.items():
            if mapped.get(stat) not in wanted or (sums.get(stat) in stats and wanted is _COST_STATS):
                continue  # (a total of a cost table already shown is not shown again)
            parts.append(f"{_clean(names.get(stat, stat))} {_stat_value(game, value)}")
    return " · ".join(parts)


def _observed_summary(card: dict[str, Any]) -> str:
    """What the observation alone says of a card (a card the catalog does not know: its type, colours and
    total cost by id, its canonical values)."""
    parts = [_clean(card.get("type", "?"))]
    if card.get("colours"):
        parts.append(" ".join(_clean(c) for c in card["colours"]))
    parts.append(f"cost {_int(card.get('cost'))}")
    if card.get("ap") or card.get("dp"):
        parts.append(f"{_int(card.get('ap')) / 1000:g}/{_int(card.get('dp')) / 1000:g}"
                     + (f" SP{card['sp']}" if card.get("sp") else ""))
    return " · ".join(parts)
