""":class:`GreedyPlayer` is a one-step heuristic that reads only its observation and the legal actions:

* setup — keep a hand with a cheap character (cost ≤ 3), else mulligan;
* main — place the card it can least use as energy (the plan that stays playable decides; ties go to the
  card furthest out of reach, then commands, then the weakest unit), then play the most valuable set of
  cards it can pay for (characters before commands, the most expensive first), then move on to attacks;
* attacks — kill a rested unit when the attacker survives (or trades up), hit the player when no standing
  blocker would kill the attacker for less, and always when the opponent is low on life or within reach;
* blocks — block when the blocker wins the battle and survives, or, when the hit is lethal or heavy,
  with the cheapest blocker that survives, trades, or (lethal only) chumps;
* triggers — use them; discard — the card it can least use; an effect's target — the most valuable
  candidate when all candidates are on one side (else random);
* ギルドヒーローズ steps — set no forts by hand (the deck tops them up), evolve when it can, equip its strongest
  character, move every character that can deal damage to the attack area, and react whenever it can;
* 戦国大戦TCG steps — put its least useful card into 国力 every turn (face up while it has fewer than
  ``FACE_UP_UNTIL`` 国力 or for a 布陣, else face down to draw), and play battle 計略 whenever it can;
* a ブレイクジョーカー round — draw (or reveal) while its row's total is 16 or less, hold from 17 (an A counts
  11 when that does not bust); it uses no skills.

Verbs it does not know (another game's steps) get a random legal action, as :class:`RandomPlayer` would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Protocol

from amalogs.referee.engine.actions import Action
from amalogs.referee.players.greedy_energy import choose_attach_energy, choose_retreat
from amalogs.referee.players.greedy_places import choose_call, choose_guard, choose_ride, choose_support

__all__ = ["GreedyPlayer"]


# --- what the greedy player knows ---------------------------------------------------------------------

KNOWN_VERBS = frozenset({"keep", "mulligan", "energy", "play", "attack", "block", "use", "discard", "move",
                         "evolve", "equip", "react", "fort", "activate", "leader", "first", "first-leader", "ride",
                         "boost", "guard", "attach", "retreat"})
HELPFUL = frozenset({"draw", "player_damage", "gain_resource", "boost_attack", "search", "heal", "scout"})
"""Ability effects worth using whenever they can be paid for."""
AGAINST_OPPONENT = frozenset({"damage", "destroy", "rest", "return_to_hand"})  # good aimed at the opponent
FOR_ONESELF = frozenset({"modify", "grant_keyword", "stand"})  # good aimed at one's own cards
DONE_VERBS = frozenset({"pass", "done", "skip", "attack-phase", "end-attacks", "noblock", "decline"})
BOARD_ZONES = ("field", "defence-area", "attack-area", "jijin")
LIFE_ZONES = ("life", "fort-area", "forts", "castle")
RESOURCE_ZONES = ("energy", "mana-area", "kokuryoku")
KEEP_COST = 3  # an opening hand needs a character this cheap
LOW_LIFE = 3  # at or below this the opponent is hit whatever the risk
HEAVY_AFTER = 2  # a hit leaving the defender this much life or less is worth blocking
PLAN_CARDS = 10  # the plan looks at most at this many cards (the most valuable)
SP_VALUE = 1500  # one strike point is worth this much power when valuing a character
COMMAND_VALUE = 400  # per cost point, for a card that is not a character
ROUND_HOLD_AT = 17  # a ブレイクジョーカー round: hold once the row's total is this or more
FACE_UP_UNTIL = 5  # 戦国大戦TCG: 国力 goes face up (coloured) until there are this many, then face down (draw)


@dataclass(frozen=True, slots=True)
class Seen:
    """The public data of one visible card, as the greedy player reads it."""

    uid: int
    type: str
    cost: int
    ap: int
    dp: int
    sp: int
    colours: tuple[str, ...]
    unified: frozenset[str]

    @property
    def character(self) -> bool:
        return self.ap > 0 or self.dp > 0

    @property
    def value(self) -> int:
        if self.character:
            return max(self.ap, self.dp) + SP_VALUE * self.sp
        return COMMAND_VALUE * max(self.cost, 1)

    @property
    def hits(self) -> int:
        """Player damage of one unblocked attack (at least one point)."""
        return max(self.sp, 1)


def _lookup(mapping: dict[Any, Any], uid: int) -> Any:
    """Observation maps keyed by card id (ints in memory, strings after a JSON round trip)."""
    return mapping.get(uid, mapping.get(str(uid)))


class View:
    """The observation with typed helpers for one player."""

    def __init__(self, observation: dict[str, Any]) -> None:
        self.obs = observation
        self.me: int = int(observation.get("you", 0))
        self.opp = 1 - self.me
        self.seats: list[dict[str, Any]] = list(observation.get("seats", []))
        self._cards: dict[Any, Any] = dict(observation.get("cards", {}))

    def card(self, uid: int) -> Seen | None:
        data = _lookup(self._cards, uid)
        if data is None:
            return None
        return Seen(uid, str(data.get("type", "")), int(data.get("cost", 0)), int(data.get("ap", 0)),
                    int(data.get("dp", 0)), int(data.get("sp", 0)), tuple(data.get("colours", ())),
                    frozenset(data.get("unified", ())))

    def cards(self, uids: list[int]) -> list[Seen]:
        return [c for c in (self.card(u) for u in uids) if c is not None]

    def ability(self, uid: int, k: int) -> tuple[str | None, str | None]:
        """What card uid's ability K does: its primitive and the side it aims at (None when unknown)."""
        data = _lookup(self._cards, uid) or {}
        found = _lookup(data.get("abilities", {}), k) or [None, None]
        return found[0], found[1]

    def zone(self, seat: int, name: str) -> list[int]:
        """A visible zone's card ids (empty when hidden or missing)."""
        value = self.seats[seat].get(name) if seat < len(self.seats) else None
        return [int(u) for u in value] if isinstance(value, list) else []

    def count(self, seat: int, name: str) -> int | None:
        value = self.seats[seat].get(name) if seat < len(self.seats) else None
        if isinstance(value, list):
            return len(value)
        return int(value) if isinstance(value, int) else None

    def rested(self, seat: int) -> set[int]:
        return {int(u) for u in self.seats[seat].get("rested", [])} if seat < len(self.seats) else set()

    def damage(self, card: Seen) -> int:
        for seat in self.seats:
            hit = _lookup(seat.get("damage", {}), card.uid)
            if hit is not None:
                return int(hit)
        return 0

    def board(self, seat: int) -> list[Seen]:
        return [c for z in BOARD_ZONES for c in self.cards(self.zone(seat, z)) if c.character]

    def standing(self, seat: int) -> list[Seen]:
        rested = self.rested(seat)
        return [c for c in self.board(seat) if c.uid not in rested]

    def side_of(self, card: Seen) -> int | None:
        """The seat whose board holds this card (None: on neither)."""
        return next((seat for seat in (self.me, self.opp) if card in self.board(seat)), None)

    def life(self, seat: int) -> int | None:
        for name in LIFE_ZONES:
            n = self.count(seat, name)
            if n is not None:
                return n
        return None

    def resources(self, seat: int) -> list[Seen]:
        return [c for z in RESOURCE_ZONES for c in self.cards(self.zone(seat, z))]

    def hand(self) -> list[Seen]:
        return self.cards(self.zone(self.me, "hand"))


# --- battles --------------------------------------------------------------------------------------------


def battle(view: View, attacker: Seen, defender: Seen) -> tuple[bool, bool]:
    """(attacker destroyed, defender destroyed) as the referee would resolve it (先制攻撃 deals first)."""
    a_left = attacker.dp - view.damage(attacker)
    d_left = defender.dp - view.damage(defender)
    a_first, d_first = "先制攻撃" in attacker.unified, "先制攻撃" in defender.unified
    if a_first and not d_first:
        d_dies = attacker.ap >= d_left
        return (not d_dies and defender.ap >= a_left), d_dies
    if d_first and not a_first:
        a_dies = defender.ap >= a_left
        return a_dies, (not a_dies and attacker.ap >= d_left)
    return defender.ap >= a_left, attacker.ap >= d_left


# --- paying for cards -----------------------------------------------------------------------------------


def payable(cards: list[Seen], energy: list[tuple[str, ...]]) -> bool:
    """Whether standing resources (their colours) pay for all these cards: one of each colour, then any."""
    needed = sum(max(c.cost, len(_colours(c))) for c in cards)
    if needed > len(energy):
        return False
    free = sorted(range(len(energy)), key=lambda k: len(energy[k]))
    for colour in sorted(col for c in cards for col in _colours(c)):
        match = next((k for k in free if colour in energy[k]), None)
        if match is None:
            return False
        free.remove(match)
    return True


def _colours(card: Seen) -> list[str]:
    return [c for c in card.colours if c != "colourless"]


def best_plan(cards: list[Seen], energy: list[tuple[str, ...]]) -> list[Seen]:
    """The most valuable set of cards these resources pay for, in playing order."""
    pool = sorted(cards, key=lambda c: (-c.value, c.uid))[:PLAN_CARDS]
    best: list[Seen] = []
    best_key = (0, 0)
    for size in range(1, len(pool) + 1):
        for subset in combinations(pool, size):
            chosen = list(subset)
            key = (sum(c.value for c in chosen), -sum(c.cost for c in chosen))
            if key > best_key and payable(chosen, energy):
                best, best_key = chosen, key
    return sorted(best, key=play_order)


def plan_value(cards: list[Seen], energy: list[tuple[str, ...]]) -> int:
    return sum(c.value for c in best_plan(cards, energy))


def play_order(card: Seen) -> tuple[int, int, int, int]:
    """Characters before other cards, the most expensive (then strongest) first."""
    return (0 if card.character else 1, -card.cost, -card.value, card.uid)


def uselessness(card: Seen, energies: int) -> tuple[int, int, int, int, int]:
    """Larger is less useful: out of reach for two turns (the dearer the worse), not a character, weak."""
    far = card.cost > energies + 2
    return (int(far), card.cost if far else 0, int(not card.character), -card.value, -card.uid)


def energy_bonus(energies: int) -> int:
    """What one more energy is worth now, in power points."""
    return 3000 if energies < 6 else 1000 if energies < 9 else 0


# --- the decisions --------------------------------------------------------------------------------------


def _by_verb(legal: list[Action], verb: str) -> list[Action]:
    return [a for a in legal if a.verb == verb]


def is_done(action: Action) -> bool:
    """A verb that ends a step or declines (pass, done, end-…, no…, …-done)."""
    v = action.verb
    return v in DONE_VERBS or v.endswith("-done") or v.startswith(("end", "no"))


def nothing_better(legal: list[Action], rng: random.Random) -> Action:
    """No known verb helps: a random unknown action or a done-like one; else any legal action."""
    unknown = [a for a in legal if a.verb not in KNOWN_VERBS and not is_done(a)]
    done = [a for a in legal if is_done(a)]
    pool = [*unknown, *done] if unknown else done or legal
    return pool[rng.randrange(len(pool))]


def choose_setup(view: View, legal: list[Action]) -> Action | None:
    if Action("forts-done") in legal:
        return Action("forts-done")  # the deck tops the forts up; the hand stays whole
    returns = {int(a.args[0]) for a in _by_verb(legal, "return")}  # a partial mulligan: one card at a time
    if returns:
        dear = [c for c in view.hand() if c.uid in returns and c.cost > KEEP_COST]
        if dear:
            return Action("return", (dear[0].uid,))
        return Action("done") if Action("done") in legal else Action("keep")
    if Action("keep") not in legal or Action("mulligan") not in legal:
        return None
    cheap = [c for c in view.hand() if c.character and c.cost <= KEEP_COST]
    return Action("keep") if cheap else Action("mulligan")


def choose_leader(view: View, legal: list[Action]) -> Action | None:
    """The character to lead (or to put into play first): the one that takes the most damage to beat."""
    picks = [a for a in legal if a.verb in ("leader", "first", "first-leader")]
    seen = {c.uid: c for c in view.cards([int(a.args[0]) for a in picks])}
    return max(picks, key=lambda a: (seen[int(a.args[0])].dp, seen[int(a.args[0])].ap)
               if int(a.args[0]) in seen else (0, 0), default=None)


def choose_energy(view: View, legal: list[Action]) -> Action | None:
    """The card whose loss leaves the best plan (plus what an energy is worth), or None to keep them all."""
    options = view.cards([int(a.args[0]) for a in _by_verb(legal, "energy")])
    if not options:
        return None
    hand = view.hand()
    rested = view.rested(view.me)
    resources = view.resources(view.me)
    energy = [c.colours for c in resources if c.uid not in rested]
    bonus = energy_bonus(len(resources))

    def score(card: Seen) -> tuple[int, tuple[int, int, int, int, int]]:
        rest = [c for c in hand if c.uid != card.uid]
        return plan_value(rest, [*energy, card.colours]) + bonus, uselessness(card, len(resources))

    best = max(options, key=score)
    if score(best)[0] < plan_value(hand, energy):
        return None
    return Action("energy", (best.uid,))


def choose_play(view: View, legal: list[Action]) -> Action | None:
    plays = _by_verb(legal, "play")
    if view.me < len(view.seats) and "leader_place" in view.seats[view.me]:  # a field with places: calls name a place
        return choose_call(view.obs, legal)
    playable = view.cards([int(a.args[0]) for a in plays])
    if not playable:
        return None
    rested = view.rested(view.me)
    energy = [c.colours for c in view.resources(view.me) if c.uid not in rested]
    plan = best_plan(playable, energy) or sorted(playable, key=play_order)
    return Action("play", (plan[0].uid,))


def choose_main(view: View, legal: list[Action], used: set[tuple[int, int, int]] | None = None) -> Action | None:
    return (choose_ride(view.obs, legal) or choose_evolve(view, legal) or choose_energy(view, legal) or choose_play(view, legal)
            or choose_equip(view, legal) or choose_activate(view, legal, used if used is not None else set())
            or choose_attach(view, legal) or choose_retreat(view.obs, legal) or choose_move(view, legal))


def choose_attach(view: View, legal: list[Action]) -> Action | None:
    """Resources left after the plays go onto the strongest character still standing (it attacks next)."""
    options = _by_verb(legal, "attach")
    if not options:
        return None
    if len(options[0].args) > 1:
        return choose_attach_energy(view.obs, options)
    rested = set(view.seats[view.me].get("rested", ())) if view.me < len(view.seats) else set()
    options = [a for a in options if int(a.args[0]) not in rested]
    if not options:
        return None
    return max(options, key=lambda a: (c.value if (c := view.card(int(a.args[0]))) else 0, -int(a.args[0])))


def choose_activate(view: View, legal: list[Action], used: set[tuple[int, int, int]]) -> Action | None:
    """An ability whose effect helps: draws, damage to the opponent, resources …; one aimed at the opponent's
    cards only when it has some, one that strengthens only when there is something of one's own. Each
    ability at most once a turn (``used`` remembers), so a cost-free ability cannot loop."""
    turn = int(view.obs.get("turn", 0))
    mine, theirs = view.board(view.me), view.board(view.opp)
    for action in _by_verb(legal, "activate"):
        uid, k = int(action.args[0]), int(action.args[1])
        if (turn, uid, k) in used:
            continue
        do, side = view.ability(uid, k)
        if (do in HELPFUL or (do in AGAINST_OPPONENT and side == "opponent" and theirs)
                or (do in FOR_ONESELF and side == "self" and mine)):
            used.add((turn, uid, k))
            return action
    return None


def choose_evolve(view: View, legal: list[Action]) -> Action | None:
    """Evolve onto the character that gains the most."""
    options = _by_verb(legal, "evolve")
    if not options:
        return None

    def gain(a: Action) -> int:
        top, base = view.card(int(a.args[0])), view.card(int(a.args[1]))
        return (top.value if top else 0) - (base.value if base else 0)

    return max(options, key=gain)


def choose_equip(view: View, legal: list[Action]) -> Action | None:
    """Equip the strongest character."""
    options = _by_verb(legal, "equip")
    if not options:
        return None
    return max(options, key=lambda a: (c.value if (c := view.card(int(a.args[1]))) else 0, -int(a.args[1])))


def choose_move(view: View, legal: list[Action]) -> Action | None:
    """Move every character that can deal damage to the attack area, strongest first; then stop moving."""
    movers = [c for c in view.cards([int(a.args[0]) for a in _by_verb(legal, "move")]) if c.ap > 0]
    if movers:
        return Action("move", (max(movers, key=lambda c: (c.ap, c.uid)).uid,))
    return Action("moves-done") if Action("moves-done") in legal else None


def choose_reaction(view: View, legal: list[Action]) -> Action | None:
    reacts = _by_verb(legal, "react")
    return reacts[0] if reacts else Action("pass")


def choose_kokuryoku(view: View, legal: list[Action]) -> Action | None:
    """The least useful hand card into 国力: face up for a 布陣 or while 国力 is short, else face down."""
    options = view.cards(sorted({int(a.args[0]) for a in _by_verb(legal, "kokuryoku")}))
    if not options:
        return None
    placed = len(view.zone(view.me, "kokuryoku"))
    card = max(options, key=lambda c: uselessness(c, placed))
    up = Action("kokuryoku", (card.uid, "up"))
    if up in legal and (card.type == "fujin" or placed < FACE_UP_UNTIL):
        return up
    return Action("kokuryoku", (card.uid, "down"))


def opponent_low(view: View, attackers: list[Seen]) -> bool:
    """The opponent's life is low, or our standing attackers could deal it all this turn."""
    life = view.life(view.opp)
    if life is None:
        return False
    return life <= LOW_LIFE or sum(a.hits for a in attackers) > life


def punished(view: View, attacker: Seen, blockers: list[Seen]) -> bool:
    """A blocker would destroy the attacker and survive, or destroy it and be worth less."""
    for b in blockers:
        a_dies, b_dies = battle(view, attacker, b)
        if a_dies and (not b_dies or b.value < attacker.value):
            return True
    return False


def attack_score(view: View, action: Action, attackers: list[Seen]) -> int | None:
    """How good an attack is (None: not favourable). Lethal pushes > safe kills > safe hits > trades up."""
    attacker = view.card(int(action.args[0]))
    if attacker is None or len(action.args) < 2:
        return None
    target = view.card(int(action.args[2])) if action.args[1] == "unit" and len(action.args) > 2 else None
    blockers = [b for b in view.standing(view.opp) if target is None or b.uid != target.uid]
    if action.args[1] == "player":
        if opponent_low(view, attackers):
            return 3_000_000 + attacker.hits * 1000 + attacker.ap // 1000
        if punished(view, attacker, blockers):
            return None
        return 1_000_000 + attacker.hits * 1000 + attacker.ap // 1000
    if target is None or punished(view, attacker, blockers):
        return None
    a_dies, t_dies = battle(view, attacker, target)
    me = view.seats[view.me] if view.me < len(view.seats) else {}
    if me.get("one_sided"):  # the attacked card strikes nothing back, and the damage it takes stays
        return 2_000_000 + target.value if t_dies else 100_000 + attacker.ap // 1000
    if t_dies and not a_dies:
        return 2_000_000 + target.value
    if t_dies and target.value > attacker.value:
        return 500_000 + target.value - attacker.value
    return None


def choose_attack(view: View, legal: list[Action]) -> Action | None:
    attacks = _by_verb(legal, "attack")
    if not attacks:
        return None
    attackers = view.cards(sorted({int(a.args[0]) for a in attacks}))
    scored = [(s, a) for a in attacks if (s := attack_score(view, a, attackers)) is not None]
    if not scored:
        return None
    return max(scored, key=lambda sa: (sa[0], -int(sa[1].args[0])))[1]


def choose_block(view: View, legal: list[Action]) -> Action | None:
    """Block to win a battle outright; when the hit is lethal or heavy, to survive, trade, or (lethal) chump."""
    attack = view.obs.get("attack") or {}
    attacker = view.card(int(attack.get("attacker", -1)))
    blockers = view.cards([int(a.args[0]) for a in _by_verb(legal, "block")])
    if attacker is None or not blockers:
        return None
    outcomes = {b.uid: battle(view, attacker, b) for b in blockers}
    cheapest = sorted(blockers, key=lambda b: (b.value, b.uid))
    wins = [b for b in cheapest if outcomes[b.uid] == (True, False)]
    survives = [b for b in cheapest if not outcomes[b.uid][1]]
    trades = [b for b in cheapest if outcomes[b.uid] == (True, True)]
    danger = block_danger(view, attacker, attack.get("target"))
    if danger == "lethal":
        pool = wins or survives or trades or cheapest
    elif danger == "heavy":
        pool = wins or survives or trades
    else:
        pool = wins
    return Action("block", (pool[0].uid,)) if pool else None


def block_danger(view: View, attacker: Seen, target: Any) -> str:
    """'lethal', 'heavy' (a unit target about to die counts) or 'light'."""
    if target is not None:
        victim = view.card(int(target))
        return "heavy" if victim is not None and battle(view, attacker, victim)[1] else "light"
    life = view.life(view.me)
    if life is None:
        return "light"
    if attacker.hits > life:
        return "lethal"
    return "heavy" if life - attacker.hits <= HEAVY_AFTER else "light"


def choose_discard(view: View, legal: list[Action]) -> Action | None:
    options = view.cards([int(a.args[0]) for a in _by_verb(legal, "discard")])
    if not options:
        return None
    energies = len(view.resources(view.me))
    return Action("discard", (max(options, key=lambda c: uselessness(c, energies)).uid,))


def choose_target(view: View, legal: list[Action]) -> Action | None:
    """An effect's target, without knowing the effect: when every candidate is on one side (an effect
    aimed at the opponent's cards, or at one's own), the most valuable; otherwise no opinion."""
    candidates = view.cards([int(a.args[0]) for a in _by_verb(legal, "target")])
    sides = {view.side_of(c) for c in candidates}
    if not candidates or len(sides) != 1 or None in sides:
        return None
    return Action("target", (max(candidates, key=lambda c: (c.value, -c.uid)).uid,))


def choose_pick(view: View, legal: list[Action]) -> Action | None:
    """A search: take the most valuable of the cards that match."""
    candidates = view.cards([int(a.args[0]) for a in _by_verb(legal, "take")])
    return Action("take", (max(candidates, key=lambda c: (c.value, -c.uid)).uid,)) if candidates else None


def choose_place(view: View, legal: list[Action]) -> Action | None:
    """Cards looked at from the deck top: the most valuable goes back on top first (so it comes next)."""
    looked = view.cards(sorted({int(a.args[0]) for a in _by_verb(legal, "place")}))
    return Action("place", (max(looked, key=lambda c: (c.value, -c.uid)).uid, "top")) if looked else None


OPTION_VALUE = {"player_damage": 6, "destroy": 5, "damage": 4, "return_to_hand": 4, "draw": 3, "search": 3,
                "discard": 3, "modify": 2, "grant_keyword": 2, "gain_resource": 2, "heal": 2, "rest": 1, "stand": 1}
"""How much the greedy player likes each kind of effect, when it chooses one of a choice's options."""


def choose_option(view: View, legal: list[Action]) -> Action | None:
    """A choice among effects: the option of the kind it likes most (the first of them on a tie)."""
    pending = view.obs.get("pending") or {}
    options = pending.get("options") or []
    offered = [a for a in _by_verb(legal, "choose") if int(a.args[0]) < len(options)]
    return max(offered, key=lambda a: (OPTION_VALUE.get(options[int(a.args[0])], 0), -int(a.args[0])), default=None)


def choose_trigger(view: View, legal: list[Action]) -> Action | None:
    return Action("use") if Action("use") in legal else None


class GreedyPlayer:
    """A one-step heuristic player (see the module docstring); deterministic but for its fallbacks. It
    remembers which abilities it used this turn (a replayed match rebuilds that memory the same way)."""

    def __init__(self) -> None:
        self.used: set[tuple[int, int, int]] = set()

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        view = View(observation)
        phase = str(observation.get("phase", ""))
        if legal and legal[0].verb in ("leader", "first", "first-leader"):  # a character to lead (選抜リーダー制), at any step
            action = choose_leader(view, legal)
        elif phase == "main":
            action = choose_main(view, legal, self.used)
        else:
            rule = DECISIONS.get(phase)
            action = rule(view, legal) if rule is not None else None
        if action is not None and action in legal:
            return action
        return nothing_better(legal, rng)


class Rule(Protocol):
    def __call__(self, view: View, legal: list[Action], /) -> Action | None: ...


def choose_round(view: View, legal: list[Action]) -> Action | None:
    """A ブレイクジョーカー round: draw (or reveal) while the row's total is low, hold near 21."""
    game = str(view.seats[view.me].get("game", ""))
    row = view.cards(view.zone(view.me, "field" if game == "break-joker" else "bj-row"))
    total = sum(c.cost for c in row)
    if game == "break-joker" and any(c.cost == 1 for c in row) and total + 10 <= 21:
        total += 10  # an A counts as 11 when that does not bust
    more = next((a for a in legal if a.verb in ("draw", "reveal")), None)
    return more if more is not None and total < ROUND_HOLD_AT else Action("hold")


def choose_count(view: View, legal: list[Action]) -> Action | None:
    """The battle check of a ブレイクジョーカー round: count the row as the highest total it can make."""
    counts = [a for a in legal if a.verb == "count"]
    return max(counts, key=lambda a: int(a.args[0])) if counts else None


DECISIONS: dict[str, Rule] = {"setup": choose_setup, "main": choose_main, "attack": choose_attack,
                              "block": choose_block, "trigger": choose_trigger, "discard": choose_discard,
                              "effect-discard": choose_discard, "cost-discard": choose_discard,
                              "search-pick": choose_pick, "scout-place": choose_place,
                              "target": choose_target, "choose": choose_option, "reaction": choose_reaction,
                              "support": lambda view, legal: choose_support(view.obs, legal),
                              "guard": lambda view, legal: choose_guard(view.obs, legal),
                              "sengoku-taisen:kokuryoku": choose_kokuryoku, "sengoku-taisen:strategy": choose_reaction,
                              "break-joker:round": choose_round, "break-joker:count": choose_count}


