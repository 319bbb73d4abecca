"""The search player: information-set Monte Carlo tree search over determinized copies of the match.

At each decision with more than one legal action it runs ``budget`` iterations of single-observer ISMCTS
(Cowling, Powley & Whitehouse 2012). Each iteration deals the cards its seat cannot see again at random
(:mod:`amalogs.referee.engine.determinize`: the other seats' hands and face-down cards, every deck's order,
life cards, forts …, consistently with the observation), walks one tree of decisions shared by all the
deals — choosing by UCB1 among the actions legal in this deal, counted by how often each was available — adds
one new decision, and plays on with a fast rollout policy to a horizon of a few turns, where a heuristic
evaluation (life left, board, hand and resources of each side) scores the position; a finished match scores 1,
½ or 0. The root action played most often is chosen; the greedy player's choice seeds the root with a few
virtual wins, so a small budget plays like greedy and a larger one departs from it where the search says so.

It never sees the match itself: the session hands it an
:class:`~amalogs.referee.engine.determinize.InformationSet` (its observation, and samples consistent with
it), and all its randomness comes from the generator it is given, so a seeded match repeats exactly.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from amalogs.errors import AmalogsError
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.determinize import InformationSet
from amalogs.referee.engine.match import Match
from amalogs.referee.engine.state import State
from amalogs.referee.engine.values import ap, dp, life_left, sp
from amalogs.referee.players.greedy import GreedyPlayer, is_done

__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "SearchPlayer", "evaluate", "parse_budget"]

DEFAULT_BUDGET = 64  # iterations (determinized playouts) per decision
PLACE_MOVES_A_TURN = 3
"""A search player moves cards between places (ヴァンガード's column swap, ``move CARD PLACE``) at most this often a
turn: a move and the move back leave the board as it was, and where the search sees nothing better it would swap
the same two cards for ever."""
MAX_BUDGET = 1_000_000


@dataclass(frozen=True, slots=True)
class Settings:
    """The search's knobs (the defaults are the measured ones; ``benchmarks/search_strength.py``)."""

    budget: int = DEFAULT_BUDGET
    exploration: float = 0.7  # UCB1's constant, for rewards in [0, 1]
    horizon: int = 2  # turns after the current one a rollout plays before it is evaluated
    max_steps: int = 200  # decisions a rollout plays at most
    prior: int = 4  # virtual visits (all won) the greedy player's choice starts with at the root


class BudgetError(AmalogsError):
    """A search player's budget that is not a whole number of iterations in range."""


def parse_budget(option: str) -> int:
    """The budget of ``search:N``: a whole number of iterations from 1 to ``MAX_BUDGET``."""
    text = option.strip()
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_BUDGET:
        shown = option if len(option) <= 20 else option[:20] + "…"
        raise BudgetError(f"search budget {shown!r} is not a whole number of iterations from 1 to {MAX_BUDGET:,} "
                          f"(e.g. search:{DEFAULT_BUDGET})")
    return int(text)


# --- evaluation ---------------------------------------------------------------------------------------

SP_POWER = 1500  # one strike point counts as this much power on the board
BOARD_SCALE = 6000  # the board difference is measured against the total plus this much power
RESOURCES_UP_TO = 10  # resources beyond this many count no more
FEATURES = ("life", "life-lost²", "board", "hand", "resources", "active")
"""What the evaluation reads of a position, each as seat ``me``'s value less the other side's (:func:`features`)."""
WEIGHTS = (0.37, 1.66, 1.98, 0.20, 0.24, 0.16)
"""The evaluation's logistic model of who wins, one weight per feature: fitted on the positions at the start of
every turn of greedy-against-greedy mirror matches of the seven shipped games, 150 seeds each
(``benchmarks/search_evaluation.py`` fits them again)."""


def board(s: State, i: int) -> int:
    """The power of seat i's characters on the field now — this turn's changes, lasting ones and auras
    included (thousandths; a strike point counts as SP_POWER)."""
    total = 0
    for uid in s.games[i].characters(s, i):
        total += (ap(s, uid) + dp(s, uid)) // 2 + SP_POWER * sp(s, uid)
    return total


def _resources(s: State, i: int) -> int:
    zone = s.games[i].resource_zone
    return min(len(s.seats[i].zones.get(zone, ())), RESOURCES_UP_TO) if zone != "deck" else 0


def features(s: State, me: int) -> tuple[float, ...]:
    """The position as the evaluation reads it (``FEATURES``): life left, the square of life lost, board (its
    difference against the total), hand, resources and who is active, seat ``me``'s less the other side's."""
    life, lost, hand, resources = 0.0, 0.0, 0, 0
    for j in range(len(s.seats)):
        sign = 1 if j == me else -1
        left = life_left(s, j)
        life += sign * left
        lost += sign * (1.0 - left) ** 2
        hand += sign * len(s.seats[j].zones.get("hand", ()))
        resources += sign * _resources(s, j)
    mine, theirs = board(s, me), sum(board(s, j) for j in range(len(s.seats)) if j != me)
    return (life, -lost, (mine - theirs) / (mine + theirs + BOARD_SCALE), hand, resources,
            1.0 if s.active == me else -1.0)


def evaluate(s: State, me: int) -> float:
    """The chance seat ``me`` wins from here: 1 a win, 0 a loss, ½ a draw; else the logistic model ``WEIGHTS``."""
    if s.finished:
        return 0.5 if s.winner is None else float(s.winner == me)
    score = sum(w * f for w, f in zip(WEIGHTS, features(s, me), strict=True))
    return 1.0 / (1.0 + math.exp(-score))


# --- rollouts -----------------------------------------------------------------------------------------

GOOD_VERBS = {"play": 5.0, "energy": 6.0, "attack": 4.0, "evolve": 4.0, "equip": 3.0, "move": 4.0, "use": 4.0,
              "activate": 1.0, "keep": 8.0, "react": 10.0, "take": 1.0, "leader": 1.0}
"""A rollout's weight for an action, by its verb (playing a card, placing a resource, attacking …)."""
DONE_WEIGHT = 1.0  # a step-ending action's weight, against the weights above
OTHER_WEIGHT = 1.5  # any other action's
HOLD_AT = 17  # a ブレイクジョーカー round: hold from this total
FACE_UP_UNTIL = 5  # 戦国大戦TCG 国力: face up (coloured) until there are this many, then face down (a draw)
ROW = "bj-row"  # the row of another game's player in a ブレイクジョーカー round


def fast_policy(m: Match, legal: list[Action], rng: random.Random) -> Action:
    """A cheap rollout policy read from the (determinized) state: a ブレイクジョーカー row draws below 17 and
    counts its highest total; a block is made by a blocker that survives; attacks that win a battle or are
    safe, and dearer cards, come first; 国力 goes face up while it is short; otherwise random, with playing,
    placing resources and attacking preferred to ending a step (so a rollout's turns look like a player's)."""
    s = m.state
    first = legal[0].verb
    if first in ("draw", "reveal", "hold", "skill"):
        return _round(s, legal)
    if first == "count":
        return max(legal, key=lambda a: int(a.args[0]))
    if first == "kokuryoku":
        return _kokuryoku(s, legal, rng)
    if s.phase == "block" and s.attack is not None:
        return _block(s, legal)
    if s.phase == "attack":
        return rng.choices(legal, _attack_weights(s, legal))[0]
    weights = [_weight(a) for a in legal]
    return rng.choices(legal, weights)[0]


PLACE_MOVE_WEIGHT = 0.1  # a unit moved to another place of its column: a second move undoes it


def _weight(a: Action) -> float:
    if a.verb == "move" and len(a.args) == 2:  # a field with places (ヴァンガード's column swap)
        return PLACE_MOVE_WEIGHT
    return GOOD_VERBS.get(a.verb, DONE_WEIGHT if is_done(a) else OTHER_WEIGHT)


def _kokuryoku(s: State, legal: list[Action], rng: random.Random) -> Action:
    """A card into 国力: a random one, face up while 国力 is short (or when it cannot go face down)."""
    seat = s.seats[s.decider or 0]
    placing = [a for a in legal if a.verb == "kokuryoku"]
    pick = placing[rng.randrange(len(placing))]
    up = len(seat.zones.get("kokuryoku", ())) < FACE_UP_UNTIL
    wanted = Action("kokuryoku", (pick.args[0], "up" if up else "down"))
    return wanted if wanted in legal else pick


def _round(s: State, legal: list[Action]) -> Action:
    seat = s.seats[s.decider or 0]
    row = seat.zones.get("field" if seat.game == "break-joker" else ROW, [])
    total = sum(s.cards[u].cost for u in row)
    if total + 10 <= 21 and any(s.cards[u].cost == 1 for u in row):
        total += 10  # an A counts 11 when that does not bust
    more = next((a for a in legal if a.verb in ("draw", "reveal")), None)
    return more if more is not None and total < HOLD_AT else next((a for a in legal if a.verb == "hold"), legal[0])


def _block(s: State, legal: list[Action]) -> Action:
    """The blocker that survives the attacker's printed attack with the most to spare (else no block)."""
    assert s.attack is not None
    hits = s.cards[s.attack.attacker].ap
    best, spare = None, 0
    for a in legal:
        if a.verb == "block":
            left = s.cards[int(a.args[0])].dp - hits
            if left > spare:
                best, spare = a, left
    return best or next((a for a in legal if a.verb != "block"), legal[0])


def _attack_weights(s: State, legal: list[Action]) -> list[float]:
    """Attacks that kill a character and survive first, then safe attacks on the player, then the rest."""
    me = s.decider or 0
    threat = 0  # the strongest standing character that could block
    for j, seat in enumerate(s.seats):
        if j != me:
            threat = max((s.cards[u].ap for u in s.games[j].characters(s, j) if u not in seat.rested), default=threat)
    weights = []
    for a in legal:
        if a.verb != "attack" or len(a.args) < 2:
            weights.append(DONE_WEIGHT if is_done(a) else OTHER_WEIGHT)
            continue
        attacker = s.cards[int(a.args[0])]
        if a.args[1] == "unit" and len(a.args) > 2:
            target = s.cards[int(a.args[2])]
            kills, dies = attacker.ap >= target.dp, target.ap >= attacker.dp
            weights.append(8.0 if kills and not dies else 3.0 if kills else 0.3)
        else:
            weights.append(5.0 if threat < attacker.dp else 1.5)
    return weights


class _Node:
    """A decision in the search tree: its children by action, and the statistics of the edge into it."""

    __slots__ = ("avail", "children", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.wins = 0.0  # rewards for the seat that chose the edge into this node
        self.avail = 0  # how often this edge was legal when its parent was visited


class SearchPlayer:
    """Information-set MCTS over determinized copies of the match (see the module docstring)."""

    reads_observation = False
    reads_match = True  # the session hands it an InformationSet (Session.choose)

    def __init__(self, budget: int = DEFAULT_BUDGET, settings: Settings | None = None) -> None:
        self.settings = settings or Settings(budget=budget)
        self.greedy = GreedyPlayer()  # the root's prior; keeps its own memory of abilities used this turn
        self.moved = (-1, 0)  # (turn, place moves it made in it): PLACE_MOVES_A_TURN (a replay rebuilds it the same)

    @property
    def budget(self) -> int:
        return self.settings.budget

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Without the match (a caller that gives only the observation): the greedy player's choice."""
        return self.greedy.choose(observation, legal, rng)

    def choose_in(self, info: InformationSet, legal: list[Action], rng: random.Random) -> Action:
        """The action the search plays most often from this information set."""
        if len(legal) == 1:
            return legal[0]
        observation = info.observation()
        turn = int(observation.get("turn", 0))
        if self.moved[0] != turn:
            self.moved = (turn, 0)
        if self.moved[1] >= PLACE_MOVES_A_TURN:
            legal = [a for a in legal if not _place_move(a)] or legal
        choice = self._search(info, observation, legal, rng)
        if _place_move(choice):
            self.moved = (turn, self.moved[1] + 1)
        return choice

    def _search(self, info: InformationSet, observation: dict[str, Any], legal: list[Action],
                rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        hint = self.greedy.choose(observation, legal, rng) if self.settings.prior > 0 else None
        root = _Node()
        if hint is not None:
            seed = root.children[hint] = _Node()
            seed.visits = seed.avail = self.settings.prior
            seed.wins = float(self.settings.prior)
        allowed = set(legal)
        for _ in range(self.settings.budget):
            self._iterate(root, info.sample(rng), info.seat, allowed, rng)
        best = max((a for a in legal if a in root.children), key=lambda a: _rank(root.children[a]), default=None)
        return best if best is not None else legal[0]

    def _iterate(self, root: _Node, m: Match, me: int, allowed: set[Action], rng: random.Random) -> None:
        cfg = self.settings
        node: _Node = root
        path: list[tuple[_Node, int | None]] = []
        while not m.is_terminal():
            mover = m.current_player()
            legal = m.legal_actions()
            if node is root:
                legal = [a for a in legal if a in allowed]
                if not legal:
                    break
            children = node.children
            fresh = [a for a in legal if a not in children]
            if fresh:
                action = fresh[rng.randrange(len(fresh))]
                children[action] = _Node()
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if fresh:
                m.apply_action(action)
                path.append((children[action], mover))
                break
            action = max(legal, key=lambda a: _ucb(node.children[a], cfg.exploration))
            node = node.children[action]
            m.apply_action(action)
            path.append((node, mover))
        reward = self._rollout(m, me, rng)
        for child, mover in path:
            child.visits += 1
            child.wins += reward if mover == me else 1.0 - reward

    def _rollout(self, m: Match, me: int, rng: random.Random) -> float:
        """Play on with :func:`fast_policy` until the match ends or ``horizon`` turns after this one have
        begun; the evaluation of where it stops."""
        s = m.state
        last_turn = s.turn + self.settings.horizon
        for _ in range(self.settings.max_steps):
            if s.finished or s.turn > last_turn:
                break
            legal = m.legal_actions()
            m.apply_action(legal[0] if len(legal) == 1 else fast_policy(m, legal, rng))
        return evaluate(s, me)


def _place_move(a: Action) -> bool:
    return a.verb == "move" and len(a.args) == 2


def _ucb(node: _Node, c: float) -> float:
    if node.visits == 0:
        return math.inf
    return node.wins / node.visits + c * math.sqrt(math.log(max(node.avail, 1)) / node.visits)


def _rank(node: _Node) -> tuple[int, float]:
    return node.visits, node.wins / node.visits if node.visits else 0.0
