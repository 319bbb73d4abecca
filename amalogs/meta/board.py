"""The pure rules of the board: squares, distance (diagonals included), where a roll lets an avatar go, who
joins a duel (the host's レンジ, then the chain of adjacent avatars), and who may be attacked.

Squares are ``(x, y)`` tuples, ``x`` the column and ``y`` the row, from 0. Nothing here holds state: the
functions take the pieces as plain tuples, so tests can ask them directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

__all__ = ["Joined", "Square", "base_squares", "distance", "joined", "reachable", "start_squares", "targets"]

Square = tuple[int, int]


def distance(a: Square, b: Square) -> int:
    """Squares between two squares, a diagonal step counting one (Chebyshev distance)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def base_squares(width: int, height: int) -> tuple[Square, Square]:
    """Each team's base: the middle of its home row (team 0 on row 0, team 1 on the last row)."""
    return (width // 2, 0), (width // 2, height - 1)


def start_squares(width: int, height: int, team: int) -> tuple[Square, Square, Square]:
    """Where a team's three avatars start, next to their base: left of it, in front of it, right of it."""
    x, y = base_squares(width, height)[team]
    ahead = 1 if team == 0 else -1
    return (x - 1, y), (x, y + ahead), (x + 1, y)


def reachable(start: Square, allowance: int, width: int, height: int, occupied: Iterable[Square]) -> list[Square]:
    """The squares a move may end on: within ``allowance`` squares, on the board, not occupied (by an avatar or
    a base), other than where it stands; pieces in between do not block (decision), sorted by row then column."""
    taken = set(occupied)
    out: list[Square] = []
    for y in range(max(0, start[1] - allowance), min(height, start[1] + allowance + 1)):
        for x in range(max(0, start[0] - allowance), min(width, start[0] + allowance + 1)):
            if (x, y) != start and (x, y) not in taken:
                out.append((x, y))
    return out


@dataclass(frozen=True, slots=True)
class Joined:
    """Who takes part in a duel: the host, its allies (キャスト), its enemies (ゲスト), and the bases within range,
    each avatar by its index, in index order."""

    host: int
    casts: tuple[int, ...]
    guests: tuple[int, ...]
    bases: tuple[int, ...]  # the teams whose base is within the host's range


def joined(host: int, squares: Mapping[int, Square], teams: Mapping[int, int], reach: int,
           bases: tuple[Square, Square]) -> Joined:
    """Every avatar within ``reach`` (the host's レンジ) of the host joins, then every avatar adjacent to one that
    joined, again and again (the chain); a base joins when it is within the host's range (bases do not chain)."""
    here = squares[host]
    ins = {a for a, sq in squares.items() if distance(here, sq) <= reach}
    grown = True
    while grown:
        near = {a for a, sq in squares.items() if a not in ins and any(distance(sq, squares[b]) <= 1 for b in ins)}
        grown = bool(near)
        ins |= near
    ins.discard(host)
    side = teams[host]
    return Joined(host, tuple(sorted(a for a in ins if teams[a] == side)),
                  tuple(sorted(a for a in ins if teams[a] != side)),
                  tuple(t for t, sq in enumerate(bases) if distance(here, sq) <= reach))


def targets(duel: Joined, teams: Mapping[int, int]) -> list[str]:
    """Who the host may attack: every ゲスト player and its characters (``avatar N``), and a ゲスト base (``base T``);
    never a キャスト or its own team's base."""
    side = teams[duel.host]
    return [f"avatar {a}" for a in duel.guests] + [f"base {t}" for t in duel.bases if t != side]
