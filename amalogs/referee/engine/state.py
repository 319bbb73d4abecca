"""Match state as plain slotted objects: card instances, seats with their zones, the match itself.

Card instances get small integer ids at setup; zones hold ids, so conservation (every card in exactly one
zone) is easy to check. Nothing here is a pydantic model: this is the hot path. ``clone()`` copies a state
cheaply (lists and dicts, not deep copies of the static card data).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, NamedTuple

__all__ = ["Attack", "CardData", "Pending", "Seat", "State"]


@dataclass(frozen=True, slots=True)
class CardData:
    """What never changes about a card instance during a match."""

    uid: int
    owner: int
    card_id: str
    name: str
    type: str
    colours: tuple[str, ...]
    cost: int
    ap: int  # canonical attack (BP for BP games), in thousandths
    dp: int  # canonical defence (BP for BP games), in thousandths
    sp: int  # strike points (player damage of SPS games); 0 for DDS games
    keywords: frozenset[str]  # native keyword ids
    unified: frozenset[str] = frozenset()  # unified keywords (デコイ, 先制攻撃 …)
    shown: str = ""  # the printed stats as the game writes them, for the play-by-play
    cost_table: tuple[tuple[str, int], ...] = ()  # colour-cost games: (native colour, amount)
    effects: tuple[Any, ...] = ()  # the card's canonical effects (amalogs.models.effects)
    evolves_from: str | None = None  # 進化: the name of the character it may be put onto
    evolution_cost: tuple[tuple[str, int], ...] = ()
    slots: frozenset[str] = frozenset()  # its canonical colour slots (赤 青 … 無色)
    title: str | None = None  # ビルディバイド: the title an ace unit and a territory share
    traits: frozenset[str] = frozenset()  # its 特徴 (attributes, factions, works), for effects that name one
    gives: tuple[str, ...] = ()  # as a resource, the colours it gives when its game reads them from a stat (lands)
    level: int = 0  # its rank where its game has levels (グレード: rides and calls)
    shield: int = 0  # what it adds as a guardian (シールド), in thousandths
    loyalty: int = 0  # the loyalty counters it enters the field with (play.loyalty: a planeswalker)
    # effects that work only under a condition: id(effect) → its name (amalogs.referee.engine.values.CONDITIONS) or
    # the effect's own ``condition`` (amalogs.models.effects.Condition)
    conditions: dict[int, Any] = field(default_factory=dict, compare=False)
    # derived from the effects (so ``dataclasses.replace(card, effects=…)`` gives fresh ones):
    abilities: tuple[int, ...] = field(init=False, compare=False)  # effects that start an activated ability
    auras: tuple[Any, ...] = field(init=False, compare=False)  # static effects that act as auras
    timed: dict[str, tuple[Any, ...]] = field(init=False, compare=False)  # effects by timing
    forbids: tuple[Any, ...] = field(init=False, compare=False)  # its static forbid effects (engine.values.forbidden)

    def __post_init__(self) -> None:  # derived once; the instance stays frozen after
        found = tuple(k for k, e in enumerate(self.effects)
                      if e.when == "activated" and e.pay is not None and e.do != "produce")  # (mana pays, not used)
        object.__setattr__(self, "abilities", found)
        auras = tuple(e for e in self.effects if e.when == "static" and e.do in ("modify", "grant_keyword")
                      and (not e.target.self_only and (e.target.count == 0 or e.target.attached)
                           or e.target.self_only and getattr(e, "condition", None) is not None))
        object.__setattr__(self, "auras", auras)
        timed: dict[str, tuple[Any, ...]] = {}
        for e in self.effects:
            timed[e.when] = (*timed.get(e.when, ()), e)
        object.__setattr__(self, "timed", timed)
        object.__setattr__(self, "forbids", tuple(e for e in timed.get("static", ()) if e.do == "forbid"))

    def copy_as(self, uid: int, owner: int) -> CardData:
        """Another instance of the same card (a cheap copy: the referee makes one per card in each deck)."""
        return CardData(uid, owner, self.card_id, self.name, self.type, self.colours, self.cost, self.ap, self.dp,
                        self.sp, self.keywords, self.unified, self.shown, self.cost_table, self.effects,
                        self.evolves_from, self.evolution_cost, self.slots, self.title, self.traits, self.gives,
                        self.level, self.shield, self.loyalty, self.conditions)


@dataclass(slots=True)
class Seat:
    """One player's side: its game, zones (lists of card ids, top of a pile last), and per-turn counters."""

    game: str
    zones: dict[str, list[int]]
    rested: set[int] = field(default_factory=set)
    damage: dict[int, int] = field(default_factory=dict)
    mods: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # card → (AP, DP, SP) changes this turn
    lasting: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # … while it stays on the field
    granted: dict[int, frozenset[str]] = field(default_factory=dict)  # card → unified keywords given this turn
    aura: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # (AP, DP, SP) from static effects now
    aura_granted: dict[int, frozenset[str]] = field(default_factory=dict)  # keywords from static effects now
    entered: dict[int, int] = field(default_factory=dict)  # card → the turn it came onto the field
    attached: dict[int, int] = field(default_factory=dict)  # equipment → the character it is attached to
    under: dict[int, list[int]] = field(default_factory=dict)  # evolved character → the cards beneath it
    energy_placed: bool = False
    mulligan_decided: bool = False
    turns: int = 0
    moving: bool = False  # ギルドヒーローズ: the attack phase's move step has begun
    used: set[tuple[int, int]] = field(default_factory=set)  # once-per-turn abilities used: (card, ability)
    counters: dict[str, int] = field(default_factory=dict)  # a game's own numbers for the seat (HP …)
    card_counters: dict[int, dict[str, int]] = field(default_factory=dict)  # card → its counters (忠誠 …)
    face_down: set[int] = field(default_factory=set)  # cards in a public zone that lie face down
    at: dict[int, str] = field(default_factory=dict)  # card in play → its place (a game whose field has places)
    # (card, the seat whose effect it was) → the changes to its values (in ``lasting`` too) and the keywords (given
    # again at every turn's end) that last until the start of that seat's next turn
    until_next: dict[tuple[int, int], tuple[tuple[int, int, int], frozenset[str]]] = field(default_factory=dict)

    def clone(self) -> Seat:
        return Seat(self.game, {k: list(v) for k, v in self.zones.items()}, set(self.rested), dict(self.damage),
                    dict(self.mods), dict(self.lasting), dict(self.granted), dict(self.aura), dict(self.aura_granted),
                    dict(self.entered),
                    dict(self.attached), {k: list(v) for k, v in self.under.items()},
                    self.energy_placed, self.mulligan_decided, self.turns, self.moving, set(self.used),
                    dict(self.counters), {k: dict(v) for k, v in self.card_counters.items()}, set(self.face_down),
                    dict(self.at), dict(self.until_next))

    def until_next_turn(self, uid: int, by: int, change: tuple[int, int, int] = (0, 0, 0),
                        keywords: frozenset[str] = frozenset()) -> None:
        """A change (added to ``lasting``) or keywords (added to ``granted``) that last until the start of seat
        ``by``'s next turn (``expire``)."""
        if any(change):
            old = self.lasting.get(uid, (0, 0, 0))
            self.lasting[uid] = (old[0] + change[0], old[1] + change[1], old[2] + change[2])
        if keywords:
            self.granted[uid] = self.granted.get(uid, frozenset()) | keywords
        before, kept = self.until_next.get((uid, by), ((0, 0, 0), frozenset()))
        self.until_next[uid, by] = ((before[0] + change[0], before[1] + change[1], before[2] + change[2]),
                                    kept | keywords)

    def expire(self, by: int) -> None:
        """The start of seat ``by``'s turn: what its effects gave until then ends."""
        for (uid, seat), (change, keywords) in [item for item in self.until_next.items() if item[0][1] == by]:
            del self.until_next[uid, seat]
            if any(change):
                old = self.lasting.get(uid, (0, 0, 0))
                left = (old[0] - change[0], old[1] - change[1], old[2] - change[2])
                if any(left):
                    self.lasting[uid] = left
                else:
                    self.lasting.pop(uid, None)
            still = frozenset().union(*(k for (u, _), (_, k) in self.until_next.items() if u == uid))
            if keywords - still and uid in self.granted:
                self.granted[uid] -= keywords - still
                if not self.granted[uid]:
                    del self.granted[uid]

    def regrant(self) -> None:
        """The end of a turn took this turn's keywords away: those that last until a next turn are given back."""
        for (uid, _), (_, keywords) in self.until_next.items():
            if keywords:
                self.granted[uid] = self.granted.get(uid, frozenset()) | keywords

    def forget(self, uid: int) -> None:
        """The card left the field: what lasted until a next turn goes with it."""
        for key in [k for k in self.until_next if k[0] == uid]:
            del self.until_next[key]

    def zone_of(self, uid: int) -> str | None:
        for name, cards in self.zones.items():
            if uid in cards:
                return name
        return None


@dataclass(slots=True)
class Attack:
    """The attack being resolved: attacker, the seat it attacks and its target there, the blocker, and the
    damage still to deal."""

    attacker: int
    target: int | None  # None: the player
    blocker: int | None = None
    hits_left: int = 0
    defender: int = 1  # the seat attacked (its player, or the owner of the target)
    power: int = 0  # added to the attacker's power for this battle (boosts), in thousandths
    shield: int = 0  # added to the attacked card's power for this battle (guards), in thousandths
    hit: bool = False  # it hit the player: the attacker's ``hit`` effects take place once the damage is dealt

    def clone(self) -> Attack:
        return Attack(self.attacker, self.target, self.blocker, self.hits_left, self.defender, self.power, self.shield,
                      self.hit)


class Pending(NamedTuple):
    """An effect waiting on the stack (last in resolves first): who controls it, its card, the effect. (A named
    tuple: immutable, and quick to make — effects go on the stack all the time.)"""

    controller: int
    source: int
    effect: Any


@dataclass(slots=True)
class State:
    """The whole match: both seats, the card instances, whose turn and which step, the outcome, the events."""

    seats: list[Seat]
    cards: tuple[CardData, ...]  # (never changed during a match: a new tuple where a test or a tool needs another)
    rng: random.Random
    first: int
    turn: int = 0
    active: int = 0
    phase: str = "setup"
    decider: int | None = None
    attack: Attack | None = None
    trigger_card: int | None = None
    trigger_by_effect: bool = False  # the trigger being decided was revealed by an effect's damage
    cost_discard: tuple[int, int] | None = None  # an ability being paid: (its card, cards still to discard)
    scout: tuple[list[int], list[int], list[int]] | None = None  # cards looked at: (still to place, top, bottom)
    stack: list[Pending] = field(default_factory=list)
    resume: str = "main"  # the step to return to once the stack is empty
    boost: list[int] = field(default_factory=lambda: [0, 0])  # extra SP for each seat's next player damage
    has_auras: bool = False  # some card in the match has a static effect on other cards
    auras_stale: bool = True  # the state changed since the auras were last worked out
    # each seat's cards that have an activated ability, worked out for the first len(cards) cards
    ability_cards: tuple[int, tuple[frozenset[int], ...]] | None = None
    winner: int | None = None
    reason: str | None = None
    finished: bool = False
    turn_cap: int = 60
    counters: dict[str, int] = field(default_factory=dict)  # a game's own numbers for the match (tie count …)
    secret: dict[str, int] = field(default_factory=dict)  # choices made but not shown to the other player yet
    events: list[dict[str, Any]] = field(default_factory=list)
    log_events: bool = True
    games: list[Any] = field(default_factory=list)  # each seat's core game (the engine reaches games through it)
    rules: list[Any] = field(default_factory=list)  # each seat's game's facts from its data (engine.rules.GameRules)
    # each seat's side: the host and its allies against the rest (empty: every seat a side of its own)
    sides: list[int] = field(default_factory=list)
    # each seat's cards that have an aura (a static effect on other cards), worked out for the first len(cards) cards
    aura_cards: tuple[int, tuple[frozenset[int], ...]] | None = None
    # what the auras were last worked out from, when they read nothing else (engine.values.refresh_auras)
    aura_memo: Any = None
    # the seat that met a losing condition (with more than two seats, which of a side lost; no event, no position)
    loser: int | None = None
    # the players rule by hand the native effects the referee cannot carry out (engine.rulings)
    rulings: bool = False

    def clone(self) -> State:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return State([s.clone() for s in self.seats], self.cards, rng, self.first, self.turn, self.active,
                     self.phase, self.decider, self.attack.clone() if self.attack else None, self.trigger_card,
                     self.trigger_by_effect, self.cost_discard,
                     (list(self.scout[0]), list(self.scout[1]), list(self.scout[2])) if self.scout else None,
                     list(self.stack), self.resume, list(self.boost), self.has_auras, self.auras_stale,
                     self.ability_cards, self.winner, self.reason,
                     self.finished, self.turn_cap, dict(self.counters), dict(self.secret), list(self.events),
                     self.log_events, self.games, self.rules, list(self.sides), self.aura_cards, self.aura_memo,
                     self.loser, self.rulings)

    def emit(self, kind: str, **data: Any) -> None:
        if self.log_events:
            self.events.append({"seq": len(self.events), "turn": self.turn, "type": kind, **data})
