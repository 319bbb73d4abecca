"""Matching the names people type against the names a game prints: normalise, match, suggest.

Japanese players type a term the way their keyboard or phone gives it: full-width or half-width
(``ﾃﾘﾄﾘｰ``), in hiragana or katakana (``ぎるどひーろーず``), with or without spaces, or by the game's
English name or amalogs's id (``territory``). :func:`normalise` folds all of those into one key;
:func:`match` finds the terms a typed name means (an exact key first, else the terms it is the start of);
:func:`suggest` offers the closest names for a name that matches nothing. Nothing here knows about games:
a caller builds its :class:`Term` list from whatever vocabulary it has (colours, card types, keywords,
cards).

>>> normalise("ﾃﾘﾄﾘｰ") == normalise("てりとりー") == normalise("テリトリー")
True
>>> normalise(" Guild  Heroes ") == normalise("guildheroes")
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import get_close_matches

__all__ = ["Term", "match", "normalise", "suggest", "without_note"]

_KATAKANA = {code: code - 0x60 for code in range(ord("ァ"), ord("ヶ") + 1)} | {ord("ヽ"): ord("ゝ"), ord("ヾ"): ord("ゞ")}
_NOTE = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")


def normalise(text: str) -> str:
    """The key a name is compared by: NFKC (full-width and half-width forms alike), katakana as hiragana,
    case-folded, without spaces, punctuation or symbols (``-``, ``・``, ``/``, ``!``, brackets). The
    long-vowel mark ``ー`` stays: it is part of the word.

    >>> normalise("ユニット/エース")
    'ゆにっとえーす'
    >>> normalise("Ace-Unit")
    'aceunit'
    """
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_KATAKANA)
    return "".join(ch for ch in folded if unicodedata.category(ch)[0] not in "PZSC")


def without_note(text: str) -> str:
    """A name without a trailing parenthetical note: ``'Burst icon (burst trigger)'`` → ``'Burst icon'``."""
    return _NOTE.sub("", text)


@dataclass(frozen=True, slots=True)
class Term:
    """One thing a name can mean: its ``key`` (an id), the ``label`` shown to people, and every name it
    answers to (the label and the key are names too)."""

    key: str
    label: str
    names: tuple[str, ...] = ()

    def forms(self) -> set[str]:
        """The normalised forms of every name of the term (empty names left out)."""
        return {k for k in (normalise(n) for n in (self.key, self.label, *self.names)) if k}


def match(query: str, terms: Iterable[Term], prefix: bool = True) -> list[Term]:
    """The terms ``query`` names: those with a name whose normalised form equals the query's; if there are
    none (and ``prefix``), those with a name the query is the start of (``バースト`` → ``バーストアイコン``).
    Empty when it names nothing; more than one when it is ambiguous (the caller says so). Order follows
    ``terms``."""
    wanted = normalise(query)
    if not wanted:
        return []
    listed = list(terms)
    exact = [t for t in listed if wanted in t.forms()]
    if exact or not prefix:
        return exact
    return [t for t in listed if any(k.startswith(wanted) for k in t.forms())]


def suggest(query: str, terms: Sequence[Term], n: int = 2) -> list[Term]:
    """Up to ``n`` terms whose names are closest to ``query`` (by :mod:`difflib` on the normalised forms,
    then any name that contains the query), best first; empty when nothing is close."""
    wanted = normalise(query)
    if not wanted:
        return []
    by_key: dict[str, Term] = {}
    for t in terms:
        for k in t.forms():
            by_key.setdefault(k, t)
    close = get_close_matches(wanted, list(by_key), n=n * 3, cutoff=0.6) + [k for k in by_key if wanted in k]
    found: list[Term] = []
    for k in close:
        if by_key[k] not in found:
            found.append(by_key[k])
    return found[:n]
