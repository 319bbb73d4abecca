"""仮面ライダー ブレイクジョーカー: the battle check of a round — a row's total, its combos and its damage.

Pure functions over plain values, so the rules read on their own and tests can call them directly.

A card of the row is a :class:`Slot`: the (total value, combo number) pairs it may count as, its suit and
work title (``None``: a card that may count as any — a skill made it so — or, for another game's card, has
none). An A is ``((1, 1), (11, 1))``: it adds 1 or 11 to the total and is a 1 for ストレート and
スリーナンバー. :func:`readings` lists the totals a row can count as (its player chooses one at the battle
check), each with the best combos and damage it allows; :func:`score_row` is the best of them — the highest
total that does not bust, then the highest damage.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import NamedTuple

__all__ = ["BREAK_JOKER_DAMAGE", "BUST", "COMBO_NAMES", "ROW", "TIE_BONUS", "Score", "Slot", "combos", "one_reading", "readings", "row_totals", "score_row"]

ROW = "bj-row"  # another game's seat gets this zone for the cards it reveals in a Break Joker round
TIE_BONUS = "bj-tie-bonus"  # State.counters key: how much more a tie this round raises the tie count (ミズハ)

BUST = 22  # a total of this or more counts as 0
BREAK_JOKER_DAMAGE = 5  # ブレイクジョーカー! (a total of exactly 21) sets the base damage to this
COMBO_NAMES = {"break-joker": "ブレイクジョーカー!", "full-color": "フルカラー", "flush": "フラッシュ",
               "straight": "ストレート", "three-number": "スリーナンバー", "world-bonus": "ワールドボーナス"}


@dataclass(frozen=True, slots=True)
class Slot:
    """One card of a row as the battle check reads it."""

    options: tuple[tuple[int, int], ...]  # (value in the total, number for ストレート / スリーナンバー)
    suit: str | None = None
    title: str | None = None
    wild_suit: bool = False  # a skill lets it count as any suit
    wild_title: bool = False  # a skill lets it count as the work title of another card of the row


class Score(NamedTuple):
    """A row's result: its total (0 after a bust), the combos it makes and the damage it would deal
    (base damage + combo bonuses; the tie count and effect modifiers are added by the caller). (A named tuple:
    immutable, and quick to make — every round scores two rows.)"""

    total: int
    combos: tuple[str, ...]
    damage: int
    values: tuple[int, ...]  # the value each card counted as


def combos(total: int, numbers: list[int], slots: list[Slot], suits_count: bool) -> tuple[str, ...]:
    """The combos of a row whose cards counted as ``numbers``. ``suits_count`` is False for a row of another
    game's cards: only the number combos are judged there (the page's decision)."""
    if not slots or total == 0:
        return ()  # a bust (or empty) row makes no combo; it cannot attack anyway
    if total == 21:
        return ("break-joker",)
    found: list[str] = []
    if len(slots) < 2:
        return ()  # one card is no run, no flush, no set (decision: a combo needs at least two cards)
    if suits_count:
        suits = {s.suit for s in slots if not s.wild_suit}
        if len(suits) <= 1:
            found.append("flush")
        elif len(suits) + sum(s.wild_suit for s in slots) >= 4:
            found.append("full-color")
    distinct = set(numbers)
    if len(distinct) == len(numbers) and max(numbers) - min(numbers) == len(numbers) - 1:  # a run, in any order
        found.append("straight")
    if len(numbers) - len(distinct) >= 2 and max(numbers.count(n) for n in distinct) >= 3:
        found.append("three-number")
    if suits_count and len({s.title for s in slots if not s.wild_title}) <= 1:
        found.append("world-bonus")
    return tuple(found)


def _damage(total: int, cards: int, found: tuple[str, ...]) -> int:
    if total == 21:
        return BREAK_JOKER_DAMAGE  # and no other combo counts
    return cards + len(found)


def score_row(slots: list[Slot], suits_count: bool = True, total: int | None = None) -> Score:
    """The best reading of a row for its player: highest total (a bust is 0), then highest damage; with
    ``total``, the best reading that counts as that total (the one its player chose; it must be possible).

    Totals first: only the readings that reach the total sought can be best, so only their combos are
    judged (usually one reading; an A or a skill's named number makes more)."""
    if one_reading(slots):  # no A, no skill's choice: score it directly
        values = tuple(s.options[0][0] for s in slots)
        raw = sum(values)
        counted = 0 if raw >= BUST else raw
        if total is not None and total != counted:
            raise ValueError(f"the row cannot count as {total}")
        found = combos(counted, [s.options[0][1] for s in slots], slots, suits_count)
        return Score(counted, found, _damage(counted, len(slots), found), values)
    choices = list(product(*(s.options for s in slots)))
    totals = [sum([v for v, _ in choice]) for choice in choices]
    totals = [0 if raw >= BUST else raw for raw in totals]
    top = max(totals) if total is None else total
    best: Score | None = None
    for choice, counted in zip(choices, totals, strict=True):
        if counted != top:
            continue
        found = combos(counted, [n for _, n in choice], slots, suits_count)
        score = Score(counted, found, _damage(counted, len(slots), found), tuple(v for v, _ in choice))
        if best is None or score.damage > best.damage:
            best = score
    if best is None:
        raise ValueError(f"the row cannot count as {total}")
    return best


def readings(slots: list[Slot], suits_count: bool = True) -> list[Score]:
    """Every total the row can count as (a bust counts as 0), each with the best damage it allows; highest
    total first. A row whose cards each count one way has one reading, :func:`score_row`'s."""
    if all(len(s.options) == 1 for s in slots):
        return [score_row(slots, suits_count)]
    by_total: dict[int, Score] = {}
    for choice in product(*(s.options for s in slots)):
        raw = sum(v for v, _ in choice)
        total = 0 if raw >= BUST else raw
        found = combos(total, [n for _, n in choice], slots, suits_count)
        score = Score(total, found, _damage(total, len(slots), found), tuple(v for v, _ in choice))
        if total not in by_total or score.damage > by_total[total].damage:
            by_total[total] = score
    return [by_total[t] for t in sorted(by_total, reverse=True)]


def one_reading(slots: list[Slot]) -> bool:
    """Whether every card of the row counts one way only (the row has one reading)."""
    for s in slots:
        if len(s.options) != 1:
            return False
    return True


def row_totals(slots: list[Slot]) -> list[int]:
    """The totals a row can count as (a bust as 0), highest first — :func:`readings` without the combos."""
    if one_reading(slots):
        raw = sum(s.options[0][0] for s in slots)
        return [0 if raw >= BUST else raw]
    return sorted({0 if t >= BUST else t for t in _sums(slots)}, reverse=True)


def _sums(slots: list[Slot]) -> set[int]:
    """Every sum of the row's values (one option of each card), before busts."""
    sums = {0}
    for s in slots:
        sums = {a + v for a in sums for v, _ in s.options}
    return sums
