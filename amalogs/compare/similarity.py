"""How close two games are: four documented measures and a combined score with its breakdown.

Every measure is a *distance* in [0, 1]: 0 means the same, 1 means nothing in common. Similarity is
1 − distance. Each is symmetric, and a game compared with itself has distance 0.

- **Concept overlap** (``concepts``): the weighted Jaccard distance between the canonical concepts the two
  games use — genera, families, zones, permanent types, canonical stats, unified keywords, colour slots,
  keyword rules, phases, cleanup timing, permanent range, spell speeds. Each concept kind has a weight
  (:data:`CONCEPT_WEIGHTS`); distance = 1 − Σ min(wₐ, w_b) / Σ max(wₐ, w_b).
- **Turn structure** (``turn``): the edit distance (insert, delete, substitute: cost 1 each) between the
  games' canonical phase sequences, divided by the longer sequence's length.
- **System compatibility** (``systems``): the mean over stat, damage and life systems of 0 (the same
  system), ½ (different, but the cross-system resolution table settles how they meet) or 1 (different
  and unsettled, or one game has none).
- **WE distance** (``we``): |WEₐ − WE_b| / 3.

The **combined distance** is Σ weightᵢ × distanceᵢ with the weights of :data:`MEASURE_WEIGHTS` (they add
up to 1), so the parts of the breakdown add up to the combined distance exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from amalogs.catalog import Game
from amalogs.models.ontology import Ontology
from amalogs.ontology.terms import FAMILY_OF, LifeSystem

__all__ = [
    "CONCEPT_WEIGHTS",
    "MEASURE_WEIGHTS",
    "Signature",
    "Breakdown",
    "signature",
    "compare",
    "matrix",
    "edit_distance",
    "weighted_jaccard_distance",
]

CONCEPT_WEIGHTS: dict[str, float] = {
    "rule": 2.0,
    "genus": 1.0,
    "zone": 1.0,
    "stat": 1.0,
    "keyword": 1.0,
    "phase": 1.0,
    "cleanup": 1.0,
    "range": 1.0,
    "family": 0.5,
    "counts_as": 0.5,
    "colour": 0.5,
    "speed": 0.5,
}
"""Weight of each concept kind in the overlap: keyword rules decide most how two systems meet."""

MEASURE_WEIGHTS: dict[str, float] = {"concepts": 0.4, "turn": 0.2, "systems": 0.3, "we": 0.1}
"""Weight of each measure in the combined distance (they add up to 1)."""


@dataclass(frozen=True, slots=True)
class Signature:
    """What the measures need from one game, extracted once."""

    game: str
    concepts: dict[str, float]
    phases: tuple[str, ...]
    stat: str | None
    damage: str
    life: str
    we: int


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The four distances between two games, the weighted parts and the combined score."""

    a: str
    b: str
    distances: dict[str, float]

    @property
    def parts(self) -> dict[str, float]:
        return {k: MEASURE_WEIGHTS[k] * v for k, v in self.distances.items()}

    @property
    def distance(self) -> float:
        return sum(self.parts.values())

    @property
    def similarity(self) -> float:
        return 1.0 - self.distance


def _key(kind: str, term: Enum | str | int) -> str:
    return f"{kind}:{term.value if isinstance(term, Enum) else term}"


def signature(game: Game) -> Signature:
    """Extract the canonical concepts, phase sequence, systems and WE of a game."""
    page = game.page
    keys: set[str] = {_key("rule", e.rule) for e in page.keyword_rules}
    genera = [e.genus for e in page.card_types if e.genus is not None]
    keys |= {_key("genus", g) for g in genera} | {_key("family", FAMILY_OF[g]) for g in genera}
    keys |= {_key("zone", e.zone) for e in page.permanent_types}
    keys |= {_key("counts_as", e.counts_as) for e in page.permanent_types if e.counts_as is not None}
    keys |= {_key("stat", e.stat) for e in page.status if e.stat is not None}
    keys |= {_key("keyword", e.unified) for e in page.unified_keywords if e.unified is not None}
    keys |= {_key("colour", e.slot) for e in page.colours}
    keys |= {_key("phase", ph.kind) for ph in game.profile.turn.phases}
    keys |= {_key("speed", e.speed) for e in page.spell_speeds}
    keys |= {_key("cleanup", page.damage_cleanup.timing), _key("range", page.permanent_range.range)}
    stat = page.stat_system()
    return Signature(
        game=game.id,
        concepts={k: CONCEPT_WEIGHTS[k.split(":", 1)[0]] for k in keys},
        phases=tuple(str(ph.kind.value) for ph in game.profile.turn.phases),
        stat=stat.value if stat else None,
        damage=page.damage_system().value,
        life=page.life_system().value,
        we=page.we.we,
    )


def weighted_jaccard_distance(a: dict[str, float], b: dict[str, float]) -> float:
    """1 − Σ min / Σ max over the union of keys (0 for two empty sets)."""
    keys = a.keys() | b.keys()
    top = sum(max(a.get(k, 0.0), b.get(k, 0.0)) for k in keys)
    if top == 0:
        return 0.0
    return 1.0 - sum(min(a.get(k, 0.0), b.get(k, 0.0)) for k in keys) / top


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance between two sequences (insert, delete, substitute: 1 each)."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


class Resolver:
    """Which pairs of different systems the resolution table settles."""

    def __init__(self, onto: Ontology) -> None:
        self.pairs = {frozenset((str(r.attacker), str(r.defender))) for r in onto.resolution}
        self.attacks = {(str(r.attacker), str(r.defender)) for r in onto.resolution}

    def settled(self, x: str | None, y: str | None) -> bool:
        return x is not None and y is not None and frozenset((x, y)) in self.pairs

    def attack_covered(self, damage: str, life: str) -> bool:
        return (damage, life) in self.attacks or ("*", life) in self.attacks


def _system_distance(a: Signature, b: Signature, resolver: Resolver) -> float:
    def part(x: str | None, y: str | None, settled: bool) -> float:
        if x == y and x is not None:
            return 0.0
        return 0.5 if settled else 1.0

    life_settled = resolver.attack_covered(a.damage, b.life) and resolver.attack_covered(b.damage, a.life)
    if a.stat is None and b.stat is None:
        stat = 0.0
    else:
        stat = part(a.stat, b.stat, resolver.settled(a.stat, b.stat))
    damage = part(a.damage, b.damage, resolver.settled(a.damage, b.damage))
    life = part(a.life, b.life, life_settled and a.life in _LIFE and b.life in _LIFE)
    return (stat + damage + life) / 3


_LIFE = frozenset(m.value for m in LifeSystem)


def compare(a: Signature, b: Signature, resolver: Resolver) -> Breakdown:
    """The four distances between two games (see the module docstring)."""
    longest = max(len(a.phases), len(b.phases)) or 1
    return Breakdown(
        a.game,
        b.game,
        {
            "concepts": weighted_jaccard_distance(a.concepts, b.concepts),
            "turn": edit_distance(a.phases, b.phases) / longest,
            "systems": _system_distance(a, b, resolver),
            "we": abs(a.we - b.we) / 3,
        },
    )


def matrix(games: Sequence[Game], onto: Ontology) -> list[list[Breakdown]]:
    """Every pair of games, as a square matrix of breakdowns (row game, column game)."""
    sigs = [signature(g) for g in games]
    resolver = Resolver(onto)
    rows: list[list[Breakdown]] = [[] for _ in sigs]
    for i, x in enumerate(sigs):
        for j, y in enumerate(sigs):
            if j < i:  # every measure is symmetric: reuse the other half
                mirror = rows[j][i]
                rows[i].append(Breakdown(x.game, y.game, mirror.distances))
            else:
                rows[i].append(compare(x, y, resolver))
    return rows
