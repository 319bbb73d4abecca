"""A person at the terminal as a player: the same ``choose(observation, legal, rng)`` protocol as the AI players.

At each decision it shows what the player may see (the observation: its own hand, both sides' public zones,
counts of hidden ones, life and counters) and the legal actions, numbered and with card names; the player
answers with a number or the action's text form (``play 12``); a decision with one choice is taken for it.
A wrong answer gets one line saying what is
allowed, and the question again. End of input (Ctrl-D) stops the match like Ctrl-C does: the match so far is
saved and ``amalogs resume`` goes on with it. Replaying a save never asks: the saved decisions are used.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from amalogs.referee.engine.actions import Action, IllegalActionError

__all__ = ["HumanPlayer", "describe"]

_HIDDEN_COUNT = "{n} (hidden)"


def _name(cards: dict[Any, Any], uid: object) -> str:
    card = cards.get(uid) if isinstance(uid, int) else None
    if card is None:
        card = cards.get(str(uid)) if isinstance(uid, int) else None
    return f"{card['name']} [{uid}]" if card else str(uid)


def describe(action: Action, observation: dict[str, Any]) -> str:
    """An action with card names for its card ids: ``play 鷹森烈堂 [12]``."""
    cards = observation.get("cards", {})
    return " ".join([action.verb, *(_name(cards, a) if action.is_card(k) else str(a) for k, a in enumerate(action.args))])


def _card_line(card: dict[str, Any], uid: object) -> str:
    values = ""
    if card.get("ap") or card.get("dp"):
        values = f" {card['ap'] / 1000:g}/{card['dp'] / 1000:g}" + (f" SP{card['sp']}" if card.get("sp") else "")
    keywords = f" ({', '.join(card['unified'])})" if card.get("unified") else ""
    return f"{card['name']} [{uid}]{values}{keywords}"


def show(observation: dict[str, Any]) -> list[str]:
    """The observation as lines of text: both seats, the viewer's first."""
    me = int(observation.get("you", 0))
    cards = observation.get("cards", {})
    lines = [f"turn {observation.get('turn')} · step {observation.get('phase')} · you are P{me + 1}"]
    for seat in (me, 1 - me):
        view = observation["seats"][seat]
        who = "you" if seat == me else "opponent"
        lines.append(f"P{seat + 1} ({who}, {view.get('game')})"
                     + "".join(f" · {k} {v}" for k, v in sorted(view.get("counters", {}).items())
                               if not k.startswith("hp-")))
        rested = set(view.get("rested", []))
        for zone, value in view.items():
            if zone in ("game", "rested", "damage", "hand_limit", "counters"):
                continue
            if isinstance(value, int):
                if value:
                    lines.append(f"  {zone}: {_HIDDEN_COUNT.format(n=value)}")
                continue
            if not isinstance(value, list) or not value:
                continue
            shown = []
            for uid in value:
                card = cards.get(uid, cards.get(str(uid)))
                if card is None:
                    shown.append("(face down)")
                else:
                    shown.append(_card_line(card, uid) + (" rested" if uid in rested else ""))
            lines.append(f"  {zone}: " + "; ".join(shown))
    attack = observation.get("attack")
    if attack:
        target = "the player" if attack.get("target") is None else _name(cards, attack["target"])
        blocker = f" (blocked by {_name(cards, attack['blocker'])})" if attack.get("blocker") is not None else ""
        lines.append(f"attack: {_name(cards, attack['attacker'])} → {target}{blocker}")
    pending = observation.get("pending")
    if pending:
        lines.append(f"resolving: {pending['effect']} of {_name(cards, pending['source'])}"
                     + (f" (aimed at {pending['side']}'s cards)" if pending.get("side") else ""))
    return lines


class HumanPlayer:
    """Asks a person for each decision (see the module docstring). ``ask`` and ``say`` default to the
    terminal; tests pass their own."""

    interactive = True  # a saved match replays this player's decisions instead of asking again

    def __init__(self, ask: Callable[[str], str] = input, say: Callable[[str], None] = print) -> None:
        self.ask, self.say = ask, say

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:  # nothing to decide
            self.say(f"(P{int(observation.get('you', 0)) + 1}: {describe(legal[0], observation)} — the only choice)")
            return legal[0]
        for line in show(observation):
            self.say(line)
        self._menu(observation, legal)
        while True:
            try:
                answer = self.ask("your choice (number or action, ? to list): ").strip()
            except EOFError:
                raise KeyboardInterrupt from None  # stops the match; the caller saves it
            if answer in ("?", "help", ""):
                self._menu(observation, legal)
                continue
            chosen = self._parse(answer, legal)
            if chosen is not None:
                return chosen
            shown = answer if len(answer) <= 40 else answer[:40] + "…"
            self.say(f"{shown!r} is not understood: answer with a number 1–{len(legal)} or an action such as "
                     f"{legal[0].text()!r}")

    def _menu(self, observation: dict[str, Any], legal: list[Action]) -> None:
        for k, action in enumerate(legal, 1):
            self.say(f"  {k:>2}) {describe(action, observation)}")

    @staticmethod
    def _parse(answer: str, legal: list[Action]) -> Action | None:
        answer = answer.translate(_FULLWIDTH)  # ３ and ｐｌａｙ typed with a Japanese input method
        if answer.isascii() and answer.isdigit():
            k = int(answer) if len(answer) <= 6 else 0
            return legal[k - 1] if 1 <= k <= len(legal) else None
        try:
            action = Action.parse(answer)
        except IllegalActionError:
            return None
        return action if action in legal else None


_FULLWIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
"""Full-width ASCII (and the ideographic space) as typed with a Japanese input method → ASCII (only these:
``①`` or ``²`` stay what they are, so they are not understood)."""
