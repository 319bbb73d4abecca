"""Actions: what a player may do at a decision, with a short text form that parses back.

``Action("attack", (12, "player")).text() == "attack 12 player"`` and ``Action.parse("attack 12 player")``
gives the same action back. Card instances are small integers given out at setup.
"""

from __future__ import annotations

from typing import NamedTuple

from amalogs.errors import AmalogsError

__all__ = ["Action", "IllegalActionError"]


class Action(NamedTuple):
    """One move: a verb and its arguments (card instance ids and words). A named tuple: comparing actions
    (is this one legal?) is a plain tuple comparison."""

    verb: str
    args: tuple[int | str, ...] = ()

    def text(self) -> str:
        return " ".join([self.verb, *(str(a) for a in self.args)])

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text form (``play 12``): a verb, then words and numbers (ASCII digits only:
        ``①`` or ``²`` is a word, so no legal action matches it; a number of more than 18 digits is refused)."""
        words = text.split()
        if not words:
            raise IllegalActionError(text, "an action needs a verb (e.g. 'pass', 'play 12')")
        for w in words[1:]:
            if _is_number(w) and len(w.lstrip("-")) > 18:
                raise IllegalActionError(text[:60] + ("…" if len(text) > 60 else ""),
                                         "a number of more than 18 digits is no card or count")
        return cls(words[0], tuple(int(w) if _is_number(w) else w for w in words[1:]))

    def __repr__(self) -> str:
        return f"Action.parse({self.text()!r})"

    def is_card(self, k: int) -> bool:
        """Whether argument ``k`` is a card instance id (not an ability's index, not a total)."""
        return isinstance(self.args[k], int) and k not in NOT_CARDS.get(self.verb, ())


def _is_number(word: str) -> bool:
    digits = word[1:] if word.startswith("-") else word
    return digits.isascii() and digits.isdigit()


NOT_CARDS: dict[str, tuple[int, ...]] = {"activate": (1,), "count": (0,), "choose": (0,)}
"""Verbs whose number arguments are not all cards: ``activate X K`` (K: the ability), ``count N`` (a total),
``choose K`` (an option of a choice)."""


class IllegalActionError(AmalogsError, ValueError):
    """An action that is not legal now; the message says why."""

    def __init__(self, action: str, why: str) -> None:
        self.action = action
        self.why = why
        super().__init__(f"illegal action {action!r}: {why}")
