"""A person at the terminal as a meta player (``--p1 human``): the same ``choose(observation, legal, rng)``
protocol as the others.

At each decision it draws the board from the observation — every avatar as its number and its game's 略称, each
base as ``B`` and its base life, the squares the acting avatar may move to as ``+`` — says which avatar acts
with what roll, and lists the legal actions, numbered. The person answers with a number, the action's text
(``move 3 4``, ``stay``, ``duel``) or just the square (``3 4``); full-width digits and spaces typed with a Japanese
input method are understood (read as the referee's human player reads them). ``?`` lists the choices again, ``board`` draws the board again. A wrong answer gets
one line saying what is allowed, and the question again; a decision with one choice (``duel``) is taken for it.
End of input (Ctrl-D) stops the game as Ctrl-C does, so the command saves it (``amalogs resume`` goes on).

Answers are read as the referee's human player reads them (:func:`amalogs.referee.players.human.terminal_ask`:
prompt_toolkit at a terminal, else line by line from standard input, so a game can be scripted). A saved or
logged game never asks again: the person's decisions are read back (:class:`amalogs.meta.saves.MetaSession`).
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable
from typing import Any

from amalogs.referee.players.human_input import numbered, read_answer

__all__ = ["HumanMetaPlayer", "board_lines"]

_PROMPT = "your choice (number, action or square; ? to list): "


def _clean(text: object) -> str:
    """Text as it may be printed: control characters left out (names come from data files)."""
    return "".join(ch for ch in str(text) if ch == " " or not unicodedata.category(ch).startswith("C"))


def _label(k: int, avatar: dict[str, Any]) -> str:
    return f"{_clean(avatar['abbreviation'])}{k + 1}"


def board_lines(observation: dict[str, Any], legal: list[str] | None = None) -> list[str]:
    """The board as text: the turn and base life, a grid (columns and rows numbered from 0) with each avatar
    as its 略称 and number (team 1: 1–3, team 2: 4–6), each base as ``B`` and its life, the acting avatar's
    reachable squares as ``+``; then each avatar's team, WE, レンジ and square."""
    width, height = (int(v) for v in observation["size"])
    avatars = observation["avatars"]
    life = observation["life"]
    here = {tuple(a["square"]): k for k, a in enumerate(avatars) if a["square"]}
    bases = {tuple(b): t for t, b in enumerate(observation["bases"])}
    targets = {tuple(int(v) for v in a.split()[1:]) for a in legal or [] if a.startswith("move ")}
    cell = max(6, *(len(_label(k, a)) + 1 for k, a in enumerate(avatars)))
    lines = [(f"meta turn {observation['turn']} · team {int(observation['team']) + 1} to act · base life "
             f"team 1 {life[0]} – team 2 {life[1]}")]
    lines.append("    " + "".join(str(x).center(cell) for x in range(width)))
    for y in range(height):
        row = []
        for x in range(width):
            if (x, y) in bases:
                t = bases[(x, y)]
                text = f"B{life[t]}"
            elif (x, y) in here:
                text = _label(here[(x, y)], avatars[here[(x, y)]])
            elif (x, y) in targets:
                text = "+"
            else:
                text = "·"
            row.append(text.center(cell))
        lines.append(f"{y:>3} " + "".join(row))
    for k, a in enumerate(avatars):
        where = f"at ({a['square'][0]}, {a['square'][1]})" if a["square"] else "defeated (back next turn)"
        lines.append(f"  {_label(k, a)}: team {int(a['team']) + 1}, {_clean(a['deck'])}, WE {a['we']}, "
                     f"レンジ {a['range']}, {where}")
    return lines


class HumanMetaPlayer:
    """Asks a person for each meta decision (see the module docstring). ``ask`` and ``say`` default to the
    terminal (chosen at the first question) and ``print``; tests pass their own."""

    interactive = True  # a saved or logged game reads this player's decisions back instead of asking again

    def __init__(self, ask: Callable[[str], str] | None = None, say: Callable[[str], None] = print) -> None:
        self._ask, self.say = ask, say
        self._choices: list[tuple[str, str]] = []

    @property
    def ask(self) -> Callable[[str], str]:
        if self._ask is None:
            from amalogs.referee.players.human import terminal_ask

            self._ask = terminal_ask(lambda: self._choices)
        return self._ask

    def choose(self, observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        me = observation["avatars"][observation["acting"]]
        name = _label(int(observation["acting"]), me)
        if len(legal) == 1:
            self.say(f"({name}: {legal[0]} — the only choice)")
            return legal[0]
        for line in board_lines(observation, legal):
            self.say(line)
        roll = observation.get("roll") or []
        moves = sum(a.startswith("move ") for a in legal)
        self.say(f"{name} acts" + (f": rolled {'+'.join(map(str, roll))}, {moves} squares within reach (+)"
                                   if roll else ""))
        self._menu(legal)
        self._choices = [*((str(k), a) for k, a in enumerate(legal, 1)), *((a, "") for a in legal)]
        while True:
            answer = read_answer(self.ask, _PROMPT)  # (end of input stops the game; the command saves it)
            if answer in ("", "?", "help"):
                self._menu(legal)
                continue
            if answer == "board":
                for line in board_lines(observation, legal):
                    self.say(line)
                continue
            chosen = self._parse(answer, legal)
            if chosen is not None:
                return chosen
            shown = answer if len(answer) <= 40 else answer[:40] + "…"
            self.say(f"{_clean(shown)!r} is not understood: answer with a number 1–{len(legal)}, an action such as "
                     f"{legal[-1]!r} or a square such as '3 4' (? lists the choices)")

    def _menu(self, legal: list[str]) -> None:
        """The choices, numbered, several to a line."""
        items = [f"{k:>3}) {a:<10}" for k, a in enumerate(legal, 1)]
        for start in range(0, len(items), 6):
            self.say(" ".join(items[start:start + 6]).rstrip())

    @staticmethod
    def _parse(answer: str, legal: list[str]) -> str | None:
        text = answer.lower()
        if text.isascii() and text.isdigit():
            return numbered(text, legal)
        if text in legal:
            return text
        parts = text.replace(",", " ").replace("(", " ").replace(")", " ").split()
        if len(parts) == 2 and all(p.isascii() and p.isdigit() for p in parts):
            move = f"move {int(parts[0])} {int(parts[1])}"
            return move if move in legal else None
        return None
