"""The play-by-play of a match and its result panel, drawn from the match's events.

Every line says who did what in words: an effect names its card, what it did, by how much (in the stat names
and units of the game of the card it changed, when the renderer knows the seats' games) and for how long; a draw
gives the hand it leaves; each turn starts with both sides' status (life in each game's own terms, hand,
resources, deck), and the result panel gives the final status and the event that decided the match."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from amalogs.referee.sessions.runner import Side, Summary
from amalogs.referee.engine.state import CardData
from amalogs.report.sides import layer_words, side_status

__all__ = ["PlayByPlay", "decisive_events", "effect_text", "event_line", "find_effect", "result_panel", "side_status",
           "summary_table"]

SEAT_STYLE = ("bold cyan", "bold magenta")

EFFECT_WORDS = {
    "draw": "draw", "damage": "damage", "destroy": "destruction", "modify": "stat change", "rest": "rest",
    "stand": "stand", "return_to_hand": "return to hand", "search": "search", "scout": "scout",
    "gain_resource": "resource gain", "player_damage": "damage to a player", "boost_attack": "attack boost",
    "grant_keyword": "keyword grant", "discard": "discard", "heal": "healing", "native": "own-game effect",
    "battle": "battle",
}
"""An effect's name in words (no snake_case verb reaches the play-by-play)."""

WHEN_WORDS = {
    "play": "when played", "attack": "when attacking", "block": "when blocking", "activated": "activated",
    "static": "always on", "life": "life trigger", "destroyed": "when destroyed",
    "leave": "when it leaves the field", "boost": "when boosting", "hit": "when its attack hits",
    "check": "check trigger", "start-of-turn": "at the start of the turn", "end-of-turn": "at the end of the turn",
}

NATIVE_MARKS = {  # ブレイクジョーカー's native skills, by the mark they leave (break_joker_native)
    "north": "counts as 1, 7 or 11 this round",
    "any": "counts as any number from 1 to 7 this round",
    "wild-suit": "counts as any suit this round",
    "wild-title": "counts as any work title this round",
    "as": "counts as the number of the card left of it this round",
    "tie-bonus": "a tie this round counts one more (tie bonus)",
    "swap-face-down": "destroys its own face-down card; its deck top takes the place, face down",
}

HAND_IN = frozenset({"draw", "draw-from-life", "searched", "returned", "attack-check"})
HAND_OUT = frozenset({"discard", "energy", "kokuryoku", "ambush", "protection", "evolve", "equip"})


def _card(cards: Sequence[CardData], uid: object) -> str:
    if not isinstance(uid, int) or not 0 <= uid < len(cards):
        return str(uid)
    c = cards[uid]
    return f"{c.name} {c.shown}" if c.shown else c.name


def _name(cards: Sequence[CardData], uid: object) -> str:
    if not isinstance(uid, int) or not 0 <= uid < len(cards):
        return "a card" if uid is None else str(uid)
    return cards[uid].name


def _canonical(milli: object) -> str:
    """Damage is kept in thousandths of a canonical point: 6000 → 6."""
    return f"{milli / 1000:g}" if isinstance(milli, int) else str(milli)


def _number(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def _signed(x: Fraction) -> str:
    return ("+" if x >= 0 else "-") + _number(abs(x))


def _words(name: object) -> str:
    text = str(name)
    return EFFECT_WORDS.get(text, text.replace("_", " ").replace("-", " "))


def _native_stat(game: Any, canonical: str) -> tuple[str, Fraction] | None:
    """A game's own name for a canonical stat and its adjust ratio (canonical per printed point)."""
    if game is None:
        return None
    names = {s.id: s.name for s in getattr(game.profile, "stats", ())}
    for entry in game.page.status:
        if entry.stat is not None and entry.stat.value == canonical:
            return names.get(entry.native, entry.native), Fraction(game.page.ratio_of(entry.native))
    return None


def _stat_change(game: Any, canonical: str, amount: object) -> str:
    """``パワー +2000`` for a canonical BP +2 in ビルディバイド; the canonical words when the game has no such
    stat."""
    value = Fraction(str(amount))
    found = _native_stat(game, canonical)
    if found is not None:
        return f"{found[0]} {_signed(value / found[1])}"
    if canonical == "BP":  # an AP/DP game: both
        parts = [_native_stat(game, s) for s in ("AP", "DP")]
        if all(parts):
            return " and ".join(f"{p[0]} {_signed(value / p[1])}" for p in parts if p)
    if canonical in ("AP", "DP"):  # a BP game: its one battle value, on that side of a battle
        bp = _native_stat(game, "BP")
        if bp is not None:
            return f"{bp[0]} {_signed(value / bp[1])} ({'attacking' if canonical == 'AP' else 'defending'})"
    return f"{canonical} {_signed(value)}"


def _battle_units(game: Any, amount: Fraction) -> str:
    """A canonical amount of damage to a character in its game's toughness units (パワー, ディフェンス …)."""
    for stat in ("BP", "DP"):
        found = _native_stat(game, stat)
        if found is not None:
            return _number(amount / found[1])
    return _number(amount)


def _status_lines(state: Any, names: Sequence[str], games: Sequence[Any]) -> list[RenderableType]:
    return [Text.assemble("  ", (f"{names[i]:<6}", SEAT_STYLE[i % 2]), " ",
                          (side_status(state, i, games[i] if i < len(games) else None), "dim"))
            for i in range(min(len(state.seats), len(names)))]


def _timing(event: dict[str, Any], events: Sequence[dict[str, Any]]) -> tuple[str | None, int]:
    """When the effect of an ``effect`` event was triggered, read from the nearest earlier event naming its card
    (or the turn's start or end), and where that event is in ``events``."""
    src, seq = event.get("card"), event.get("seq")
    if not isinstance(seq, int) or seq > len(events):
        return None, 0
    for k in range(seq - 1, max(seq - 80, 0) - 1, -1):
        earlier = events[k]
        kind = earlier["type"]
        if kind == "turn":
            return "start-of-turn", k
        if kind == "end-phase":
            return "end-of-turn", k
        if kind == "play" and earlier.get("card") == src:
            return ("life" if earlier.get("free") else "play"), k
        if kind in ("life-revealed", "fort-broken", "shield-broken", "activate", "destroyed") and earlier.get("card") == src:
            return {"life-revealed": "life", "fort-broken": "life", "shield-broken": "life"}.get(
                kind, kind.replace("activate", "activated")), k
        if (kind == "attack" and earlier.get("attacker") == src) or (kind == "block" and earlier.get("blocker") == src):
            return kind, k
    return None, max(seq - 80, 0)


def find_effect(event: dict[str, Any], cards: Sequence[CardData], events: Sequence[dict[str, Any]] = ()) -> Any:
    """The card effect an ``effect`` event carried out (its amount, stat and duration), from the card data: of
    the card's effects that do the same, the one of the timing that triggered it — the second of two alike (an
    AP change, then a DP change) for the second such event on the same card since."""
    src, do = event.get("card"), event.get("effect")
    if not isinstance(src, int) or not 0 <= src < len(cards):
        return None
    found = [e for e in cards[src].effects if getattr(e, "do", None) == do]
    if len(found) <= 1:
        return found[0] if found else None
    when, since = _timing(event, events)
    timed = [e for e in found if e.when == when] or (
        [e for e in found if e.when == "play"] if when == "life" else []) or found
    seq = event.get("seq")
    before = sum(1 for e in events[since:seq] if e["type"] == event["type"] and e.get("card") == src
                 and e.get("effect") == do and e.get("target") == event.get("target")) if isinstance(seq, int) else 0
    return timed[before % len(timed)]


FILTER_WORDS = {"max_cost": "cost ≤ {}", "min_cost": "cost ≥ {}", "max_bp": "battle value ≤ {}",
                "min_bp": "battle value ≥ {}", "trait": "特徴 {}", "genus": "{}", "family": "{}", "keyword": "{}"}


def _filter_words(f: Any) -> str:
    """What a search looks for: ``特徴 竜, cost ≤ 3``."""
    if f is None:
        return ""
    words = []
    for key, form in FILTER_WORDS.items():
        value = getattr(f, key, None)
        if value is not None:
            words.append(form.format(getattr(value, "value", value)))
    return ", ".join(words)


def _fizzled(event: dict[str, Any], cards: Sequence[CardData], games: Sequence[Any],
             events: Sequence[dict[str, Any]]) -> str:
    """What a fizzled effect would have done: ``3000 damage``, ``パワー +2000``, or its name in words."""
    do = str(event.get("effect"))
    e = find_effect(event, cards, events) if do in EFFECT_WORDS and do != "battle" else None
    seat = event.get("seat")
    side = getattr(getattr(e, "target", None), "side", "opponent")
    other = (1 - seat if side == "opponent" else seat) if isinstance(seat, int) else None
    game = games[other] if isinstance(other, int) and 0 <= other < len(games) else None
    if e is not None and do == "damage":
        return f"{_battle_units(game, Fraction(str(e.amount)))} damage"
    if e is not None and do == "modify":
        return f"{_stat_change(game, e.stat.value, e.amount)}"
    return _words(do)


def _duration(e: Any) -> str:
    return {"permanent": "while it stays on the field", "end-of-battle": "for that battle",
            "next-turn": "until its controller's next turn"}.get(getattr(e, "until", ""), "this turn")


def effect_text(event: dict[str, Any], cards: Sequence[CardData], names: Sequence[str], games: Sequence[Any] = (),
                events: Sequence[dict[str, Any]] = ()) -> str:
    """An ``effect`` event in words: ``猛進の烈火: 熾火の従騎士 パワー +2000 this turn``."""
    do, seat, target = str(event.get("effect")), event.get("seat"), event.get("target")
    source = _name(cards, event.get("card"))
    tname = _name(cards, target)
    me = seat if isinstance(seat, int) else 0

    def game_of(uid: object) -> Any:
        owner = cards[uid].owner if isinstance(uid, int) and 0 <= uid < len(cards) else me
        return games[owner] if owner < len(games) else None

    def who(word: str) -> str:
        if word == "both":
            return "both players"
        j = me if word == "self" else 1 - me
        return names[j] if 0 <= j < len(names) else "the opponent"

    if do in NATIVE_MARKS:
        return f"{source}: {NATIVE_MARKS[do]}"
    if do == "plus":
        return f"{source}: the opponent's {tname} counts one more this round"
    if do == "to-deck-bottom":
        return f"{source}: puts {tname} at the bottom of its deck"
    e = find_effect(event, cards, events)
    if e is None:
        return f"{source}: {_words(do)}" + (f" on {tname}" if target is not None else "")
    if do == "modify":
        return f"{source}: {tname} {_stat_change(game_of(target), e.stat.value, e.amount)} {_duration(e)}"
    if do == "damage":
        return f"{source}: {_battle_units(game_of(target), Fraction(str(e.amount)))} damage to {tname}"
    if do == "destroy":
        return f"{source}: destroys {tname}"
    if do == "rest":
        return f"{source}: rests {tname}"
    if do == "stand":
        return f"{source}: stands {tname} up"
    if do == "return_to_hand":
        return f"{source}: returns {tname} to its owner's hand"
    if do == "grant_keyword":
        return f"{source}: {tname} gains {e.keyword.value} {_duration(e)}"
    if do == "draw":
        return f"{source}: {who(e.who)} draws {e.count}"
    if do == "player_damage":
        return f"{source}: {e.amount} damage to {who(e.who)}"
    if do == "discard":
        return f"{source}: {who(e.who)} discards {e.count}"
    if do == "heal":
        return f"{source}: {who(e.who)} recovers {e.amount} life"
    if do == "gain_resource":
        return (f"{source}: {who('self')} puts {e.count} card(s) from its deck into its resources"
                + (", rested" if e.rested else ""))
    if do == "boost_attack":
        amount = Fraction(int(e.amount))
        sp = _native_stat(game_of(None), "SP")
        native = f" ({sp[0]} {_signed(amount / sp[1])})" if sp is not None else ""
        return f"{source}: {who('self')}'s next damage to a player this turn {_signed(amount)}{native}"
    if do == "search":
        where = "its whole deck" if not e.look else f"its top {e.look}"
        return f"{source}: searches {where} for {'a card' if e.take == 1 else f'up to {e.take} cards'}" + (
            f" ({_filter_words(e.filter)})" if _filter_words(e.filter) else "")
    if do == "scout":
        return f"{source}: looks at the top {e.look} card(s) of its deck"
    return f"{source}: {_words(do)}" + (f" on {tname}" if target is not None else "")


def event_line(event: dict[str, Any], cards: Sequence[CardData], names: Sequence[str], games: Sequence[Any] = (),
               events: Sequence[dict[str, Any]] = (), hand: int | None = None) -> Text | Rule | None:
    """One event as a line of the play-by-play (None for events not worth a line). ``games`` (each seat's game)
    gives changes in that game's own stat names and units; ``events`` (the match's, so far) tells which of a
    card's effects an event carried out; ``hand`` is the drawing player's hand after a draw."""
    kind = event["type"]
    seat = event.get("seat")
    who = Text(names[seat], style=SEAT_STYLE[seat % 2]) if isinstance(seat, int) and seat < len(names) else Text("")

    def c(key: str) -> str:
        return _card(cards, event.get(key))

    def source() -> str:
        return f"{_name(cards, event.get('card'))}: " if isinstance(event.get("card"), int) else ""

    if kind == "turn" and isinstance(seat, int):
        return Rule(Text.assemble(f"Turn {event['number']} — ", (names[seat], SEAT_STYLE[seat % 2])), style="dim")
    damaged_game = games[cards[event["card"]].owner] if kind == "damaged" and isinstance(event.get("card"), int) \
        and 0 <= event["card"] < len(cards) and cards[event["card"]].owner < len(games) else None
    fizzled = ("the battle fizzles (立ち消え): its opponent is gone" if event.get("effect") == "battle"
               else f"{source()}{_fizzled(event, cards, games, events)} fizzles (立ち消え): no legal target"
               if kind == "fizzle" else "")
    lines = {
        "mulligan": ("takes a mulligan" if hand is None else
                     f"takes a mulligan: puts back {event['returned']} and draws as many (hand {hand})"
                     if isinstance(event.get("returned"), int) else f"takes a mulligan: a new hand of {hand}"),
        "life-set": (f"starts with HP {event.get('hp')}" if "hp" in event else f"sets {event.get('life')} life cards")
                    + (f" and {event.get('energy')} energy" if event.get("energy") else ""),
        "draw": "draws 1" + (f" (hand {hand})" if hand is not None else ""),
        "draw-from-life": f"draws from the life zone (deck empty): life {event.get('life')}"
                          + (f" (hand {hand})" if hand is not None else ""),
        "energy": f"places energy ({event.get('energy')} in all)" if "energy" in event else
                  "puts a card into its " + " ".join(f"{k.replace('-', ' ')} ({v} in all)" for k, v in event.items()
                                                     if k not in ("seq", "turn", "type", "seat", "card")),
        "points": f"has {event.get('points')} points to spend (maximum {event.get('maximum')})",
        "play": (f"calls {c('card')} to {event['at']}" if "at" in event else f"plays {c('card')}")
                + (" free from its life (a life trigger)" if event.get("free") else ""),
        "ride": f"rides {c('card')} (level {event.get('level')})" + (f"; {c('under')} goes under it" if "under" in event else ""),
        "first-leader": f"puts {c('card')} on its leader's place",
        "moved": f"moves {c('card')} to {event.get('to')}" + (f", swapping with {c('swapped')}" if "swapped" in event else ""),
        "boost": f"boosts with {c('card')}: the attack's power +{_canonical(event.get('power'))}",
        "guard": f"guards with {c('card')}" + (" (intercept)" if event.get("intercept") else "")
                 + f": shield {_canonical(event.get('shield'))} in all",
        "no-hit": f"the attack does not hit: power {_canonical(event.get('power'))} against {_canonical(event.get('defence'))}",
        "guardians-retired": f"its {event.get('cards')} guardian(s) leave the battle",
        "retired": f"{c('card')} is retired" + (" (another unit is called onto its place)" if event.get("why") == "replaced" else ""),
        "no-place": f"{c('card')} has no open place and goes to the discard pile",
        "counter-blast": f"pays counter blast ({event.get('cards')}): damage cards turn face down",
        "soul-blast": f"pays soul blast ({event.get('cards')}): soul to the discard pile",
        "loyalty": f"{c('card')}'s loyalty {_signed(Fraction(change)) if isinstance(change := event.get('change'), int) else change} (now {event.get('loyalty')})",
        "cost-unpaid": f"{source()}its {_words(event.get('effect'))} cannot be paid for: it does not happen",
        "effect": effect_text(event, cards, names, games, events) if kind == "effect" else "",
        "fizzle": fizzled,
        "condition-unmet": f"{source()}its {_words(event.get('effect'))} does not work: "
                           + ("its territory is not open (覚醒)" if event.get("condition") == "territory-open"
                              else str(event.get("condition"))),
        "effect-not-carried-out": f"{source()}its {_words(event.get('effect'))} "
                                  f"({WHEN_WORDS.get(str(event.get('when')), str(event.get('when')))}) "
                                  "is not carried out by the referee yet",
        "ruling-asked": f"{source()}an effect the referee cannot carry out, ruled by hand: {event.get('text')}",
        "ruling-proposed": f"proposes a ruling for {c('card')}: {event.get('ruling')}",
        "ruling-rejected": f"rejects the ruling for {c('card')}: {event.get('ruling')}",
        "manual-ruling": f"{source()}ruled by hand: {event.get('ruling')}" + (
            f" (confirmed by {names[event['confirmed_by']]})" if isinstance(event.get("confirmed_by"), int)
            and 0 <= event["confirmed_by"] < len(names) else " (no agreement: skipped)"),
        "activate": f"uses an ability of {c('card')}",
        "equip": f"equips {c('card')} to {c('target')}",
        "evolve": f"evolves {c('base')} into {c('card')}",
        "returned": f"{c('card')} returns to hand",
        "searched": f"searches out {c('card')}",
        "chose": (f"chooses for {c('card')}: {_words(event.get('effect'))} (option {int(event['option']) + 1})"
                  if isinstance(event.get("option"), int) else f"chooses none of the options of {c('card')}"),
        "scouted": f"looks at the top {event.get('look')} card(s) of its deck",
        "scout-placed": f"puts {event.get('top')} back on top and {event.get('bottom')} at the bottom",
        "attack": f"attacks with {c('attacker')} → " + ("the player" if event.get("target") == "player"
                                                       else c("target")),
        "block": (f"intercepts ({event['as']}) with {c('blocker')}" if event.get("as") == "迎撃"
                  else f"blocks with {c('blocker')}"),
        "life-revealed": f"takes 1 damage: reveals {c('card')} — life {event.get('life')}" if "life" in event else
                         f"takes 1 damage: {c('card')} goes to its damage zone ({event.get('damage-zone')} in all)",
        "burst": "burst! one more damage",
        "hits-cancelled": f"the attacker is gone: {event.get('hits')} hit(s) cancelled",
        "destroyed": f"{c('card')} is destroyed",
        "damaged": f"{c('card')} has "
                   + (_battle_units(damaged_game, Fraction(event["damage"], 1000))
                      if damaged_game is not None and isinstance(event.get("damage"), int)
                      else _canonical(event.get("damage"))) + " damage",
        "discard": f"discards {c('card')}",
        "fort-set": f"sets a fort ({event.get('forts')})",
        "forts-set": f"has {event.get('forts')} forts and {event.get('hand')} cards in hand",
        "mana": f"adds mana ({event.get('mana-area')} in the mana area)",
        "move": f"moves {c('card')} to the attack area",
        "fort-damaged": f"fort takes damage: {_canonical(event.get('damage'))} of {_canonical(event.get('defence'))}",
        "fort-broken": f"loses a fort: {c('card')} → "
                       + {"hand": "hand", "quick": "its quick effect", "field": "the field, on standby"}.get(
                           str(event.get("to")), str(event.get("to"))) + f" (forts left {event.get('forts')})",
        "shield-broken": f"loses one of its {layer_words(event)}: {c('card')} → "
                         + ("hand" if event.get("to") == "hand" else "discard pile") + f" ({event.get('shields')} left)",
        "base-hit": f"its {layer_words(event)} takes {event.get('damage')} damage: HP {event.get('hp')}",
        "base-broken": f"its {layer_words(event)} is broken",
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
        "healed": f"recovers: HP {event.get('hp')}" if "hp" in event else f"recovers: life {event.get('life')}",
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


class PlayByPlay:
    """The play-by-play of a match being played: the lines for each new event, with the drawing player's hand
    after a draw and, once a turn's opening steps are done, both sides' status.

    The referee hands over its events after each decision (a batch); the state is read when a batch ends, so a
    turn's status line follows its draw, and hand sizes within a batch are counted from the events."""

    def __init__(self, state: Any, names: Sequence[str], games: Sequence[Any] = ()) -> None:
        self.state, self.names, self.games = state, list(names), list(games)
        self.hands = [len(seat.zones.get("hand", ())) for seat in state.seats]
        self.status_due = False
        self.revealed: set[object] = set()  # life cards revealed into a hand (one played free leaves it)

    def _count(self, event: dict[str, Any]) -> None:
        kind, seat = event["type"], event.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(self.hands):
            return
        if isinstance(event.get("hand"), int):
            self.hands[seat] = event["hand"]
        elif kind in HAND_IN or (kind in ("fort-broken", "shield-broken") and event.get("to") == "hand"):
            self.hands[seat] += 1
        elif kind == "life-revealed" and "life" in event and hasattr(self.state.games[seat], "hand"):
            self.hands[seat] += 1  # a game played from its data: the life card goes into the hand
            self.revealed.add(event.get("card"))
        elif kind in HAND_OUT or kind in ("musou", "chouetsu") or (kind == "play" and (
                not event.get("free") or event.get("card") in self.revealed)):
            self.hands[seat] = max(self.hands[seat] - 1, 0)

    def _redraw(self, event: dict[str, Any]) -> bool:
        """Whether a draw is one of a mulligan's (the draws come before the ``mulligan`` event): its line is left
        out, the mulligan's says the new hand. A whole-hand mulligan emptied the hand before its first draw."""
        events, seq, seat = self.state.events, event.get("seq"), event.get("seat")
        if not isinstance(seq, int) or seq >= len(events) or events[seq] is not event:
            return False
        after = seq + 1
        while after < len(events) and events[after]["type"] == "draw" and events[after].get("seat") == seat:
            after += 1
        if after >= len(events) or events[after]["type"] != "mulligan" or events[after].get("seat") != seat:
            return False
        before = events[seq - 1] if seq > 0 else None
        first = before is None or before["type"] != "draw" or before.get("seat") != seat
        if first and "returned" not in events[after] and isinstance(seat, int):
            self.hands[seat] = 0
        return True

    def status(self) -> list[RenderableType]:
        return _status_lines(self.state, self.names, self.games)

    def lines(self, event: dict[str, Any]) -> list[RenderableType]:
        out: list[RenderableType] = []
        kind, seat = event["type"], event.get("seat")
        if kind == "turn" and self.status_due:  # a turn with no decision in it: its status as it stands now
            out += self.status()
            self.status_due = False
        redraw = kind == "draw" and self._redraw(event)
        self._count(event)
        hand = self.hands[seat] if isinstance(seat, int) and 0 <= seat < len(self.hands) else None
        line = None if redraw else event_line(event, self.state.cards, self.names, self.games, self.state.events, hand)
        if line is not None:
            out.append(line)
        if kind == "turn":
            self.status_due = True
        events = self.state.events
        if events and event is events[-1]:  # the batch is over: the state is as of this event
            self.hands = [len(s.zones.get("hand", ())) for s in self.state.seats]
            if self.status_due:
                out += self.status()
                self.status_due = False
        return out


DECISIVE = frozenset({"round-won", "hp", "siege", "life-revealed", "fort-broken", "fort-damaged", "knocked-out",
                      "shield-broken", "base-hit",
                      "prize-taken", "pierce", "burst", "draw-from-life", "deck-destroyed"})
DECISIVE_EFFECTS = frozenset({"player_damage", "draw", "discard", "damage", "destroy"})


def _is_cause(event: dict[str, Any]) -> bool:
    return event["type"] in ("attack", "round-won") or (
        event["type"] == "effect" and event.get("effect") in DECISIVE_EFFECTS)


def decisive_events(events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """What decided a finished match: the last blow to a player (an attack on the player, an effect's damage, a
    life card, fort or HP lost …) before its end, after what dealt it (the attack or effect) when that is another
    event of the same turn. Empty when nothing did (a draw at the turn cap)."""
    end = next((k for k in range(len(events) - 1, -1, -1) if events[k]["type"] == "end"), len(events))
    for k in range(end - 1, -1, -1):
        event = events[k]
        kind = event["type"]
        if not (kind in DECISIVE or (kind == "attack" and event.get("target") == "player") or (
                kind == "effect" and event.get("effect") in DECISIVE_EFFECTS)):
            continue
        if _is_cause(event):
            return [event]
        causes = []
        for j in range(k - 1, -1, -1):
            if events[j]["type"] == "turn":
                break
            if _is_cause(events[j]):
                causes.append(events[j])
        cause = next((e for e in causes if e["type"] != "round-won"), causes[0] if causes else None)
        return [cause, event] if cause is not None else [event]
    return []


def result_panel(outcome: Any, sides: Sequence[Side], names: Sequence[str], seed: int, state: Any = None,
                 games: Sequence[Any] = ()) -> Panel:
    """Winner and reason, the decisive event and both sides' final status (given the final ``state``)."""
    if outcome.winner is None:
        head = Text("Draw", style="bold yellow")
    else:
        head = Text.assemble(("Winner: ", "bold"), (names[outcome.winner], SEAT_STYLE[outcome.winner % 2]))
    body = Text.assemble(head, f"\n{outcome.reason}\n")
    if state is not None:
        decisive = decisive_events(state.events)
        said = [event_line(e, state.cards, names, games, state.events) for e in decisive]
        words = [line.plain.strip() for line in said if isinstance(line, Text)]
        if words:
            body.append_text(Text.assemble(("decisive: ", "bold"), "; ".join(words), "\n"))
    body.append(f"turns: {outcome.turns} · seed {seed}\n")
    for i in (0, 1):
        body.append(f"{names[i]}: {sides[i].game.profile.name} {sides[i].deck_id}")
        if state is not None and i < len(state.seats):
            body.append(f"\n  final: {side_status(state, i, games[i] if i < len(games) else None)}")
        if i == 0:
            body.append("\n")
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
