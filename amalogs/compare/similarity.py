"""How close two games are: eleven documented measures and a combined score with its breakdown.

Every measure is a *distance* in [0, 1]: 0 means the same, 1 means nothing in common. Similarity is
1 − distance. Each is symmetric, and a game compared with itself has distance 0. Each rule is read by one
measure only: a fact one measure sees is left out of every other (the concept overlap drops the keyword
rules, phases, hand, life and resource zones and the stats the systems decide).

- **Concept overlap** (``concepts``): the weighted Jaccard distance between the canonical concepts the two
  games use that no other measure reads — genera and families (but not shield, resource or leader cards),
  zones (but not hand, life or resource zones), what permanents count as, the canonical stats other than
  BP/AP/DP/SP/HP, unified keywords, colour slots, cleanup timing, permanent range, spell speeds. Each kind
  has a weight (:data:`CONCEPT_WEIGHTS`); distance = 1 − Σ min(wₐ, w_b) / Σ max(wₐ, w_b).
- **Turn structure** (``turn``): the edit distance (insert, delete, substitute: 1 each) between the canonical
  phase cycles, the least over where one of them starts (a turn is a cycle), plus 1 when one game plays turns
  and the other rounds, divided by the longer cycle's length plus 1.
- **Hand** (``hand``): 1 when one game has a hand and the other none (ブレイクジョーカー); else the mean
  of the opening-hand, draw-per-turn and hand-limit differences (``1 − min/max``; no limit against a limit
  counts ½).
- **Resource model** (``resources``): what the WE appraisal does not already decide, in seven parts (the mean):
  how resources arrive (none, any card from the hand, dedicated resource cards from the main deck, a separate
  resource deck, a counter of points, automatic growth, the deck top; near kinds ½ apart, see
  :data:`_NEAR_ARRIVALS`), how they grow (none, a fixed number a turn, or not fixed; two kinds of growth are
  ½ apart, growth against none 1), whether they stay from turn to turn, whether paying spends them for good,
  what a cost asks of them (the colour rule: colour-cost and one-of-colour ½ apart), whether they are attached
  to characters (DON!!, energy), and their ceiling (``1 − min/max`` of two maximums, ½ for a maximum
  against none).
- **Life and how a game is won** (``life``): half how the game is won (a race to a score of one's own,
  ``life.race``; damage counted up to a loss; prize cards taken; the life cards taken, then a last hit; a life
  total brought to 0: 1 if the two differ), half the life's details: the life system of the page, whether life
  is cards, whether it counts up to a limit (damage accumulation) or down, whether life cards trigger, whether
  it has walls with defence values (forts), and the starting amount (``1 − min/max``, weight ½); a weighted mean.
  A race against a game won by taking life is 1 apart: the race's "life" is a score, and its details compare
  with nothing of the other's.
- **Attacks** (``attacks``): half how an attack is answered (Jaccard over block — a character of the defender
  steps in — and hand — a rule of the attack lets a card from the hand defend, ``battle.hand_answer``, by default
  where there is a guard step, ``battle.guard``), half the attacks' details: what an attack may target (Jaccard
  over player / rested characters / characters), who may block (any, keyword, none: keyword is ½ from either),
  whether there is a leader (a permanent that counts as リーダーキャラ, 選抜リーダー制, or life from a leader card),
  one-sided attacks, an attack check, summoning sickness; the mean of those six.
- **Who fights** (``fighters``): 0 when the same kind fights for a player in both games, ½ between two kinds
  in which a card fights, 1 against nothing: the characters in play, one active character at a time (a bench
  waits), a hero attacking with cards from the hand, the characters together, adding up their strength on each
  side of a contest (sum), or nothing (no attacks: the game is won another way) — ``battle.fighters``.
- **Where they fight** (``layout``): 0 for the same layout, ½ between near ones (:data:`_NEAR_LAYOUTS`), else 1:
  one open field (a card's place does not matter), set places in rows or columns on each side, lanes both players
  share, places the players contest and win by holding, or a grid of squares on which cards move —
  ``battle.layout``.
- **Mechanisms** (``mechanisms``): the Jaccard distance between the mechanisms the two games list
  (``overview.mechanisms``, thirteen: dice, a board cards move on, a team in play from the start, a hero card,
  stacking, paying with cards pitched from the hand, simultaneous play, cards set face down, a shop, levels, the deck
  as life, an extra deck, a game that exists only as software); ½ between two games that list none (nothing is known
  to set them apart or to bring them together), 0 for a game with itself.
- **Stat and damage systems** (``systems``): the mean over the stat and the damage system of 0 (the same),
  ½ (different, but the cross-system resolution table settles how they meet) or 1 (different and
  unsettled, or one game has none).
- **WE distance** (``we``): |WEₐ − WE_b| / 3.

The **combined distance** is Σ weightᵢ × distanceᵢ with the weights of :data:`MEASURE_WEIGHTS` (they add
up to 1), so the parts of the breakdown add up to the combined distance exactly. The weights are fitted to
the reference judgements (``tests/data/similarity-judgements*.toml``) by
:func:`amalogs.compare.calibration.fitted_weights`, and a test keeps them equal; ``docs/similarity.md`` gives
the reference set, the fit and its figures (Spearman's rho 0.679 over 1891 pairs of 62 games judged by a panel,
0.668 leave-one-game-out; 0.44, 0.65, 0.22, 0.59, 0.72, 0.87, 0.70, 0.38, 0.55, 0.52, 0.61 and 0.68 on twelve rounds
of games the measure never saw).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from amalogs.catalog import Game
from amalogs.models.ontology import Ontology
from amalogs.ontology.terms import (
    FAMILY_OF,
    AttackRule,
    CanonicalStat,
    CanonicalZone,
    Family,
    Genus,
)

__all__ = [
    "CONCEPT_WEIGHTS",
    "MEASURE_WEIGHTS",
    "AttackModel",
    "Breakdown",
    "HandModel",
    "LifeModel",
    "Resolver",
    "ResourceModel",
    "Signature",
    "compare",
    "cyclic_edit_distance",
    "edit_distance",
    "matrix",
    "signature",
    "weighted_jaccard_distance",
]

CONCEPT_WEIGHTS: dict[str, float] = {
    "genus": 1.0,
    "zone": 1.0,
    "stat": 1.0,
    "keyword": 1.0,
    "cleanup": 1.0,
    "range": 1.0,
    "family": 0.5,
    "counts_as": 0.5,
    "colour": 0.5,
    "speed": 0.5,
}
"""Weight of each concept kind in the overlap."""

MEASURE_WEIGHTS: dict[str, float] = {
    "concepts": 0.1,
    "turn": 0.14,
    "hand": 0.11,
    "resources": 0.07,
    "life": 0.09,
    "attacks": 0.08,
    "fighters": 0.18,
    "layout": 0.05,
    "mechanisms": 0.08,
    "systems": 0.05,
    "we": 0.05,
}
"""Weight of each measure in the combined distance (they add up to 1): the fit to the reference judgements
(:func:`amalogs.compare.calibration.fitted_weights`; see ``docs/similarity.md``)."""

# concepts another measure reads, left out of the overlap so that no rule is counted twice
_SEEN_ELSEWHERE: frozenset[str] = frozenset(
    [f"stat:{s.value}" for s in (CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.SP,
                                 CanonicalStat.HP)]
    + [f"zone:{z.value}" for z in (CanonicalZone.HAND, CanonicalZone.LIFE_AREA, CanonicalZone.RESOURCE_AREA,
                                   CanonicalZone.RESOURCE_DECK)]
    + [f"{k}:{g.value}" for k in ("genus", "counts_as") for g in (Genus.SHIELD, Genus.STANDING_RESOURCE,
                                                                  Genus.LEADER_CHARA)]
    + [f"family:{f.value}" for f in (Family.SHIELD, Family.RESOURCE)]
)


@dataclass(frozen=True, slots=True)
class HandModel:
    """The hand: whether there is one, the opening hand, the draw per turn and the hand limit."""

    hand: bool
    starting: int
    draw: int
    limit: int | None


@dataclass(frozen=True, slots=True)
class ResourceModel:
    """How costs are paid, beyond what WE says: how resources arrive, grow, stay and are spent, what a cost
    asks of them, whether they are attached to characters, and their ceiling."""

    arrival: str  # none, any-card, dedicated-cards, resource-deck, counter, automatic, deck-top
    growth: str  # "none", "fixed:N" (N a turn) or "unfixed"
    kept: bool  # they stay from turn to turn
    spent: bool
    colour: str
    attach: bool
    ceiling: int | None  # the most a player may have; None: no limit


@dataclass(frozen=True, slots=True)
class LifeModel:
    """What a player's life is, how it is lost, and how the game is won."""

    goal: str  # race, counted-up, prizes, cards, points
    system: str
    cards: bool
    counts_up: bool
    triggers: bool
    walls: bool
    amount: int


@dataclass(frozen=True, slots=True)
class AttackModel:
    """What attacks may target, how an attack is answered, who blocks, and whether a leader is attacked."""

    targets: frozenset[str]
    answer: frozenset[str]  # block (a character steps in), hand (a card from the hand defends); empty: nothing
    blockers: str
    leader: bool
    one_sided: bool
    check: bool
    sickness: bool


@dataclass(frozen=True, slots=True)
class Signature:
    """What the measures need from one game, extracted once."""

    game: str
    concepts: dict[str, float]
    phases: tuple[str, ...]
    unit: str
    stat: str | None
    damage: str
    we: int
    hand: HandModel
    resources: ResourceModel
    life: LifeModel
    attacks: AttackModel
    fighters: str  # characters, active, hero, sum, none
    layout: str  # open, rows, lanes, places, grid
    mechanisms: frozenset[str]


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The distances between two games by measure, the weighted parts and the combined score."""

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


def _concepts(game: Game) -> dict[str, float]:
    page = game.page
    genera = [e.genus for e in page.card_types if e.genus is not None]
    keys = {_key("genus", g) for g in genera} | {_key("family", FAMILY_OF[g]) for g in genera}
    keys |= {_key("zone", e.zone) for e in page.permanent_types}
    keys |= {_key("counts_as", e.counts_as) for e in page.permanent_types if e.counts_as is not None}
    keys |= {_key("stat", e.stat) for e in page.status if e.stat is not None}
    keys |= {_key("keyword", e.unified) for e in page.unified_keywords if e.unified is not None}
    keys |= {_key("colour", e.slot) for e in page.colours}
    keys |= {_key("speed", e.speed) for e in page.spell_speeds}
    keys |= {_key("cleanup", page.damage_cleanup.timing), _key("range", page.permanent_range.range)}
    return {k: CONCEPT_WEIGHTS[k.split(":", 1)[0]] for k in keys - _SEEN_ELSEWHERE}


def _hand(game: Game) -> HandModel:
    p = game.profile
    hand = p.setup.starting_hand > 0 or any(e.zone == CanonicalZone.HAND for e in game.page.permanent_types)
    return HandModel(hand, p.setup.starting_hand, p.turn.draw_per_turn, p.turn.hand_limit)


def _arrival(game: Game) -> str:
    """How a game's resources arrive (the first part of the resource model)."""
    r = game.profile.resources
    if not r.costs or r.source == "none":
        return "none"
    if r.deck is not None:
        return "resource-deck"
    if r.counter is not None or r.off_card_accumulation and not any(x.zone is not None for x in r.resources):
        return "counter"
    return r.source


def _resources(game: Game) -> ResourceModel:
    r = game.profile.resources
    arrival = _arrival(game)
    if arrival == "none":
        return ResourceModel("none", "none", False, False, "none", False, None)
    growth = "none" if not r.grows else f"fixed:{r.per_turn}" if r.per_turn is not None else "unfixed"
    stats = {s.id: s.kind for s in game.profile.stats}
    cost = {e.stat: e.native for e in game.page.status if e.stat is not None}
    native = cost.get(CanonicalStat.COST) or cost.get(CanonicalStat.TOTAL_COST)
    colour = r.colour_rule or ("colour-cost" if native and stats.get(native) == "colour-cost" else "none")
    return ResourceModel(arrival, growth, r.kept_between_turns, r.consumed_on_use, colour, r.attach is not None,
                         r.maximum)


_GOALS = {"ダメージ蓄積": "counted-up", "プライズカード": "prizes", "ライフポイント": "points"}
"""How a game is won, by its life system (any other system: the life cards or shields are taken, then a last hit)."""


def _life(game: Game) -> LifeModel:
    p, page = game.profile, game.page
    system = page.life_system().value
    counts_up = system == "ダメージ蓄積"
    # how the game is won: a race to a score of one's own, else by the life system
    goal = "race" if p.life.race else _GOALS.get(system, "cards")
    return LifeModel(goal, system, p.life.zone is not None, counts_up, p.life.triggers is not None,
                     any(t.defence is not None for t in p.life.tiers), p.life.starting)


def _attacks(game: Game) -> AttackModel:
    p, page = game.profile, game.page
    rules = {e.rule for e in page.keyword_rules}
    search = ("rested-characters",) if AttackRule.SEARCH_ATTACK in rules else ()
    targets = frozenset(p.battle.targets or ("player", *search))
    blockers = p.battle.blockers or ("any" if AttackRule.BLOCK in rules else "none")
    leader = (AttackRule.SELECTED_LEADER in rules or p.life.from_card is not None
              or any(e.counts_as == Genus.LEADER_CHARA for e in page.permanent_types))
    from_hand = p.battle.guard is not None if p.battle.hand_answer is None else p.battle.hand_answer
    answer = frozenset(way for way, open_ in (("block", blockers != "none"), ("hand", from_hand)) if open_)
    return AttackModel(targets, answer, blockers, leader, AttackRule.ONE_SIDED_ATTACK in rules,
                       p.battle.attack_check > 0, p.battle.summoning_sickness)


def _fighters(game: Game) -> str:
    """Who fights for a player (``battle.fighters``; by default one active character where the page has
    選抜リーダー制, else the characters in play)."""
    if game.profile.battle.fighters is not None:
        return game.profile.battle.fighters
    return "active" if AttackRule.SELECTED_LEADER in game.page.rules_of(AttackRule) else "characters"


def signature(game: Game) -> Signature:
    """Extract what every measure reads from a game, once."""
    page = game.page
    stat = page.stat_system()
    return Signature(
        game=game.id,
        concepts=_concepts(game),
        phases=tuple(str(ph.kind.value) for ph in game.profile.turn.phases),
        unit=game.profile.turn.unit,
        stat=stat.value if stat else None,
        damage=page.damage_system().value,
        we=page.we.we,
        hand=_hand(game),
        resources=_resources(game),
        life=_life(game),
        attacks=_attacks(game),
        fighters=_fighters(game),
        layout=game.profile.battle.layout,
        mechanisms=frozenset(game.profile.overview.mechanisms),
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


def _ratio(x: int, y: int) -> float:
    """1 − min/max of two counts (0 when both are 0)."""
    return 1.0 - min(x, y) / max(x, y) if max(x, y) > 0 else 0.0


def _mean(*weighted: tuple[float, float]) -> float:
    """The weighted mean of (distance, weight) pairs."""
    return sum(d * w for d, w in weighted) / sum(w for _, w in weighted)


def _near(x: str, y: str, halves: frozenset[frozenset[str]]) -> float:
    """0 for equal values, ½ for a pair in ``halves``, else 1."""
    return 0.0 if x == y else 0.5 if frozenset((x, y)) in halves else 1.0


def cyclic_edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """The least edit distance between ``b`` and any rotation of ``a``: a turn is a cycle, and where a game's rules
    say it starts (Flesh and Blood draws at the end of its turn) is a convention, not a difference of play."""
    if not a:
        return len(b)
    return min(edit_distance([*a[k:], *a[:k]], b) for k in range(len(a)))


def _turn(a: Signature, b: Signature) -> float:
    """The phases' cyclic edit distance, with turns against rounds one step more, over the longer cycle plus one."""
    longest = max(len(a.phases), len(b.phases)) + 1
    return (cyclic_edit_distance(a.phases, b.phases) + (a.unit != b.unit)) / longest


def _hand_distance(a: HandModel, b: HandModel) -> float:
    if a.hand != b.hand:
        return 1.0
    if not a.hand:
        return 0.0
    limit = 0.0 if a.limit == b.limit else 0.5 if a.limit is None or b.limit is None else _ratio(a.limit, b.limit)
    return (_ratio(a.starting, b.starting) + _ratio(a.draw, b.draw) + limit) / 3


_NEAR_ARRIVALS = frozenset(frozenset(pair) for pair in (
    ("any-card", "dedicated-cards"),  # a card from the hand each turn, any or only resource cards
    ("any-card", "automatic"), ("any-card", "deck-top"), ("automatic", "deck-top"),
    ("dedicated-cards", "resource-deck"),  # resource cards, from the main deck or from their own deck
    ("resource-deck", "automatic"), ("resource-deck", "counter"), ("counter", "automatic"),  # no choice from hand
))
"""Pairs of ways resources arrive that are ½ apart (any other two different ways: 1)."""
_NEAR_BLOCKERS = frozenset({frozenset({"any", "keyword"}), frozenset({"none", "keyword"})})
_NEAR_COLOURS = frozenset({frozenset({"colour-cost", "one-of-colour"})})
_NEAR_LAYOUTS = frozenset(frozenset(pair) for pair in (
    ("rows", "lanes"), ("lanes", "places"), ("rows", "grid"), ("lanes", "grid")))
"""Layouts ½ apart: each pair shares a structure (positions in lines, separate fronts, squares) the others lack."""


def _apart_from_none(x: str, y: str) -> float:
    """0 for equal values, 1 when one of them is "none", else ½: two ways resources grow, two ways a card fights."""
    if x == y:
        return 0.0
    return 1.0 if "none" in (x, y) else 0.5


def _ceiling(x: int | None, y: int | None) -> float:
    if x == y:
        return 0.0
    return 0.5 if x is None or y is None else _ratio(x, y)


def _resource_distance(a: ResourceModel, b: ResourceModel) -> float:
    if a.arrival == "none" or b.arrival == "none":  # (no resources: only the arrival is there to compare)
        return 0.0 if a == b else 1.0
    return (_near(a.arrival, b.arrival, _NEAR_ARRIVALS) + _apart_from_none(a.growth, b.growth) + (a.kept != b.kept)
            + (a.spent != b.spent) + _near(a.colour, b.colour, _NEAR_COLOURS) + (a.attach != b.attach)
            + _ceiling(a.ceiling, b.ceiling)) / 7


def _life_distance(a: LifeModel, b: LifeModel) -> float:
    """Half how the game is won, half the life's details (a weighted mean of theirs); 1 for a race against a game
    won by taking life, whose details are then not alike in kind: a race's "life" is the score still to make."""
    if (a.goal == "race") != (b.goal == "race"):
        return 1.0
    return (a.goal != b.goal) / 2 + _life_details(a, b) / 2


def _life_details(a: LifeModel, b: LifeModel) -> float:
    return _mean((a.system != b.system, 1.0), (a.cards != b.cards, 1.0), (a.counts_up != b.counts_up, 1.0),
                 (a.triggers != b.triggers, 1.0), (a.walls != b.walls, 1.0), (_ratio(a.amount, b.amount), 0.5))


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = a | b
    return 1.0 - len(a & b) / len(union) if union else 0.0


def _attack_distance(a: AttackModel, b: AttackModel) -> float:
    """Half how an attack is answered, half the attacks' details (the mean of six parts)."""
    details = (_jaccard(a.targets, b.targets) + _near(a.blockers, b.blockers, _NEAR_BLOCKERS) + (a.leader != b.leader)
               + (a.one_sided != b.one_sided) + (a.check != b.check) + (a.sickness != b.sickness)) / 6
    return _jaccard(a.answer, b.answer) / 2 + details / 2


def _mechanism_distance(a: Signature, b: Signature) -> float:
    """The Jaccard distance between the mechanisms two games list; ½ between two games that list none (nothing is
    known to set them apart or to bring them together), 0 for a game with itself."""
    if not (a.mechanisms or b.mechanisms):
        return 0.0 if a.game == b.game else 0.5
    return _jaccard(a.mechanisms, b.mechanisms)


def _system_distance(a: Signature, b: Signature, resolver: Resolver) -> float:
    def part(x: str | None, y: str | None) -> float:
        if x == y:
            return 0.0
        return 0.5 if resolver.settled(x, y) else 1.0

    return (part(a.stat, b.stat) + part(a.damage, b.damage)) / 2


def compare(a: Signature, b: Signature, resolver: Resolver) -> Breakdown:
    """The distances between two games, one per measure (see the module docstring)."""
    return Breakdown(
        a.game,
        b.game,
        {
            "concepts": weighted_jaccard_distance(a.concepts, b.concepts),
            "turn": _turn(a, b),
            "hand": _hand_distance(a.hand, b.hand),
            "resources": _resource_distance(a.resources, b.resources),
            "life": _life_distance(a.life, b.life),
            "attacks": _attack_distance(a.attacks, b.attacks),
            "fighters": _apart_from_none(a.fighters, b.fighters),
            "layout": _near(a.layout, b.layout, _NEAR_LAYOUTS),
            "mechanisms": _mechanism_distance(a, b),
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
