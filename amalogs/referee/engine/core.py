"""The contract every core game implements for the referee, and what the games share.

A core game plays its own turn as host (``begin_turn``, ``main_actions``/``apply_main``, ``attackers``,
``targets``) and answers as defender (``block_options``, life damage through ``take_hits`` /
``take_attack``, life triggers). The match (:mod:`amalogs.referee.engine.match`) runs the shared steps (attack
declaration, blocks, battles, player damage, end of turn) and the bridge rules between the two games.

Battle values are canonical and held as integers in thousandths (``ap``/``dp`` of :class:`CardData`): a
ビルディバイド power of 5000 is BP 5 = 5000, a ギルドヒーローズ 3/4 is AP 3000 / DP 4000. A BP character
counts as BP/BP (``ap == dp``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from amalogs.models.cards import Card
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.rules import GameRules
from amalogs.referee.engine.state import CardData, Pending, Seat, State

__all__ = ["HIDDEN_ZONES", "POINTS", "POINTS_MAX", "CoreGame", "HitResult", "damage_top_fort", "draw_from_deck", "is_character", "move_top", "mulligan_actions", "seat_from", "shuffle", "shuffle_and_draw", "standing", "tier_defence"]

POINTS, POINTS_MAX = "points", "points-max"
"""Seat counters of a game whose resources are points, not cards (``resources.counter``): the points left to
spend this turn, and the counter's maximum."""

HIDDEN_ZONES = frozenset({"deck", "life", "fort-area", "mana-deck"})
"""The zones whose cards neither player may see (only their count), for the games that hide no others."""

HitResult = str
"""What one point of player damage did: 'ok', 'lost', 'burst' (one more), or 'trigger' (a card to decide on)."""


class CoreGame:
    """One core game behind the referee: its facts, and every hook the match calls, each declared once here
    with its default (a game overrides what its rules change; mypy checks them all).

    A game plays its own turn as host (``begin_turn``, ``main_actions``/``apply_main``, ``attackers``,
    ``targets``) and answers as defender (``block_options``, ``take_hit``/``take_attack``, ``trigger``)."""

    id: str
    resource_zone: str = "deck"  # where the cards that pay costs are
    resource_deck: str | None = None  # the side deck resource cards come from (resources.deck), if any
    pays_points: bool = False  # costs are paid from the seat counter POINTS (PP), not by resting resource cards
    # A game's own decision on what a DDS attacker deals its player, where the brief decides it for that game
    # (ブレイクジョーカー: its AP to its HP); None: the resolution table (GameRules.dds_hits_with_ap)
    dds_takes_ap: bool | None = None
    layered: bool = False  # layers of life in front of its life (a base, shields): an attack asks ``strike`` first
    # its leader stands in for the player (play.leader_card): a selector that does not say leader never names it
    leader_apart: bool = False
    # Why the seat loses when an effect makes it draw and ``draw`` says it cannot (no deck, no life cards …);
    # None when its game says such a draw just does nothing (only its draw phase may lose on it, or never).
    draw_out_loss: str | None = None
    block_name: str | None = None  # the game's own word for a block in the play-by-play (戦国大戦TCG: 迎撃)
    # native keywords whose unified form the game grants only at some times, not printed on the card for good
    # (戦国大戦TCG 先制: in its controller's own turn); the rest come from the page's unified keyword map
    timed_keywords: frozenset[str] = frozenset()
    attack_returns_to: str = "attack"  # as host, the step after each attack (戦国大戦TCG: back to its main phase)

    # A game whose procedure the shared steps do not cover (a round-based game, a step the match has no name
    # for) sets ``state.phase`` to ``"GAME-ID:STEP"`` for its own steps; the match then asks it for that
    # step's actions and hands it the decision (``step_actions`` / ``apply_step``).
    first_step: str = "main"  # the step the host's turn starts in after begin_turn
    hidden_zones: frozenset[str] = HIDDEN_ZONES  # the seat's zones neither player may see (only their count)
    private_zones: frozenset[str] = frozenset()  # zones besides the hand that only the seat's own player sees
    own_steps: frozenset[str] = frozenset()  # the game's own steps ("GAME-ID:STEP"), as a position may name them

    # How position files (amalogs.referee.engine.positions) name the seat's zones: by the zone ids of the
    # game's profile. A pair is (zone of the face-down cards, zone of the face-up ones), e.g. a closed and an
    # open territory; zones the referee adds (cards removed from the game) keep the referee's name.
    position_zones: dict[str, str | tuple[str, str]] = {}
    top_last: frozenset[str] = frozenset({"deck"})  # piles held with the top card last (positions list the top first)
    face_down_zones: frozenset[str] = frozenset()  # zones whose cards lie face down unless a position says otherwise
    damage_stat: str | None = None  # the native stat damage counts against; positions write damage in its units
    card_refs: frozenset[str] = frozenset()  # the seat counters that hold a card (positions write card-id#N)

    # --- what every game says for itself ------------------------------------------------------------

    def card_data(self, card: Card, uid: int, owner: int) -> CardData:
        raise NotImplementedError

    def new_seat(self, parts: dict[str, list[int]], rules: GameRules) -> Seat:
        """A new seat with each part of its deck where it starts (``rules``: the game's facts from its data)."""
        raise NotImplementedError

    def deal(self, state: State, i: int) -> None:
        """Shuffle and draw the opening hand (as many cards as the profile's starting hand)."""
        shuffle_and_draw(state, i, state.rules[i].starting_hand, self.draw)

    def setup_actions(self, state: State, i: int) -> list[Action]:
        """The seat's setup decision (mulligan, forts …); empty when it has decided. By default: keep or
        mulligan, for a game whose profile allows a mulligan."""
        return mulligan_actions(state, i) if state.rules[i].mulligans else []

    def apply_setup(self, state: State, i: int, action: Action) -> None:
        """A mulligan by default: the whole hand back into the deck, shuffle, draw the starting hand again."""
        seat = state.seats[i]
        if action.verb == "mulligan":
            seat.zones["deck"] += seat.zones["hand"]
            seat.zones["hand"] = []
            shuffle(state.rng, seat.zones["deck"])
            for _ in range(state.rules[i].starting_hand):
                self.draw(state, i)
            state.emit("mulligan", seat=i)
        seat.mulligan_decided = True

    def finish_setup(self, state: State, i: int) -> None:
        """After every seat decided: life, resources, anything else the game sets up."""

    def draw(self, state: State, i: int) -> bool:
        """Draw a card (False when the game's rules say the player cannot)."""
        return draw_from_deck(state, i)

    def gain_resource(self, state: State, i: int, rested: bool) -> None:
        """Add one resource the game's way (an effect's gain_resource)."""

    def heal(self, state: State, i: int, amount: int) -> None:
        """An effect's heal: life points back, up to the game's maximum (a seat with an ``hp`` counter); a game
        whose life is something else does it its own way, or nothing (shields, forts)."""
        counters = state.seats[i].counters
        if "hp" in counters:
            healed = counters["hp"] + amount
            counters["hp"] = min(healed, counters.get("hp-max", healed))
            state.emit("healed", seat=i, hp=counters["hp"])

    def begin_turn(self, state: State, i: int) -> str | None:
        """Ready cards, draw, add resources; return a loss reason if the player loses doing so."""
        return None

    def main_actions(self, state: State, i: int) -> list[Action]:
        """The host's choices before attacking (the last one moves on to attacks)."""
        return [Action("attack-phase")]

    def apply_main(self, state: State, i: int, action: Action) -> bool:
        """Carry out a main-phase action; True when the host moves on to its attacks."""
        return True

    def can_activate(self, state: State, i: int) -> bool:
        """Whether the host may activate abilities now (in its main phase)."""
        return True

    def reactions(self, state: State, i: int) -> list[Action]:
        """Spell-speed-2 plays this seat may make as defender when the host's attacks begin (empty: none)."""
        return []

    def apply_reaction(self, state: State, i: int, action: Action) -> None:
        raise AssertionError(f"{self.id} has no reactions")

    def attackers(self, state: State, i: int) -> list[int]:
        """The host's characters that may declare an attack now."""
        return []

    def must_attack(self, state: State, i: int) -> list[int]:
        """As host, its characters that must attack when they can (ビルディバイド バーサーク): the attack step
        cannot end while one of them has a legal attack."""
        return []

    def on_attack(self, state: State, i: int, uid: int) -> None:
        """The host's cost of attacking (rest / spend the attacker)."""
        state.seats[i].rested.add(uid)

    trample: str | None = None
    """The native keyword of a blocked DDS attacker whose damage beyond what destroys the blocker goes on to the
    defending player (Magic's trample); the attacking game's rule."""

    evasion: dict[str, frozenset[str]] = {}
    """Native keyword of an attacker → the native keywords a card needs to block it (Magic's flying); a game's own
    rule, applied whichever game the blocker is from."""

    def targets(self, state: State, i: int, attacker: int, defender: int) -> list[int | None]:
        """The host's game decides legal targets (None: the player), honouring the defender's デコイ."""
        return [None]

    def characters(self, state: State, i: int) -> list[int]:
        """The seat's characters on the field."""
        return []

    def has_character(self, state: State, i: int, uid: int) -> bool:
        """Whether ``uid`` is one of the seat's characters on the field (a game may answer without listing them)."""
        return uid in self.characters(state, i)

    def permanents(self, state: State, i: int) -> list[int]:
        """Every card of the seat on the field whose abilities may be used (characters and the rest)."""
        return self.characters(state, i)

    # The zones the seat's permanents are in (a superset; None: not declared), so a question about a few cards
    # (which of them are permanents?) is answered without listing the permanents when none of them is there.
    permanent_zones: tuple[str, ...] | None = None

    def permanents_among(self, state: State, i: int, among: frozenset[int]) -> list[int]:
        """The seat's permanents that are among these cards, in the order of :meth:`permanents`."""
        if self.permanent_zones is not None:
            held = state.seats[i].zones
            for zone in self.permanent_zones:
                if not among.isdisjoint(held.get(zone, ())):
                    break
            else:
                return []
        return [u for u in self.permanents(state, i) if u in among]

    # A game whose rules act between decisions (選抜リーダー制, prize cards, losing with no character in
    # play) sets these, so the match asks it; the rest cost nothing.
    filters_attacks: bool = False  # it narrows the targets any host may attack on its seat (``attackable``)
    leader_only: bool = False  # with filters_attacks: ``attackable`` gives its leader whatever the host offers
    targets_per_attacker: bool = True  # False: ``targets`` offers every attacker the same (asked once per seat)
    checks_state: bool = False  # ``state_loss`` and ``interjection`` after every decision
    acts_between: bool = False  # its own ``state_loss`` or ``interjection`` may find something (else never asked)
    keeps_equipment: frozenset[str] = frozenset()  # card types of equipment that stays when its character leaves
    equipment_zone: str = "equipment"  # where attached equipment lies (the field itself, where it is played there)
    counts_knock_outs: bool = False  # ``knocked_out`` whenever any seat's character leaves for the discard pile

    def attackable(self, state: State, i: int, attacker: int, offered: list[int | None]) -> list[int | None]:
        """As defender (``filters_attacks``): which of the targets the host's game offers on this seat may be
        attacked (選抜リーダー制: only its leader, whatever the host's game offers)."""
        return offered

    def state_loss(self, state: State, i: int) -> str | None:
        """(``checks_state``) A losing condition checked after every decision (no character in play …)."""
        return None

    def interjection(self, state: State, i: int) -> list[Action]:
        """(``checks_state``) A decision this seat must make at once, before the match goes on (選抜リーダー制:
        a new leader when its leader has left play); empty when there is none."""
        return []

    def apply_interjection(self, state: State, i: int, action: Action) -> None:
        raise AssertionError(f"{self.id} makes no decisions between steps")

    def knocked_out(self, state: State, i: int, uid: int) -> None:
        """(``counts_knock_outs``) Character ``uid`` (of any seat) left the field for its owner's discard pile;
        ``i`` is this game's seat (prize cards)."""

    # A game whose attacks have a support step (boost), whose defence has a guard step, whose guardians leave when
    # the battle closes, or whose player is attacked through its leader sets these, so the match asks it.
    counter_blast_zone: str | None = None  # the zone whose face-up cards pay counter blast (a damage zone)
    soul_zone: str | None = None  # the zone whose cards pay soul blast (the cards under the leader)

    def leader_of(self, state: State, i: int) -> int | None:
        """The seat's leader in play (a selector's ``leader``), or None."""
        return None

    def row_of_card(self, state: State, i: int, uid: int) -> str:
        """The row of a card in play (a selector's ``row``): 'front' unless the game's places say otherwise."""
        return "front"

    # (None, or a method) what the observation of a seat adds for this game (places: where each card stands)
    seat_view: Any = None
    supports_attacks: bool = False  # as host: ``supports`` after an attack is declared
    guards_attacks: bool = False  # as defender: ``guards`` after blocks
    closes_battles: bool = False  # as defender: ``close_battle`` when an attack is over
    through_leader: bool = False  # as defender: ``player_hit`` before an attack on the player deals damage

    def supports(self, state: State) -> list[Action]:
        """(``supports_attacks``) As host, the cards that may support the attack just declared (``boost X``)."""
        return []

    def apply_support(self, state: State, uid: int) -> None:
        raise AssertionError(f"{self.id} has no support step")

    def guards(self, state: State, i: int) -> list[Action]:
        """(``guards_attacks``) As defender, its guards for the attack (``guard X`` …, ``guard-done``); empty: none."""
        return []

    def apply_guard(self, state: State, i: int, uid: int) -> None:
        raise AssertionError(f"{self.id} has no guard step")

    def close_battle(self, state: State, i: int) -> None:
        """(``closes_battles``) As defender, the attack on it is over (guardians leave)."""

    def player_hit(self, state: State, i: int) -> bool:
        """(``through_leader``) Whether the attack on this player gets through its leader."""
        return True

    def place_problems(self, state: State, i: int) -> list[str]:
        """The seat's places that break the rules (two cards on one place …), for the invariants."""
        return []

    def block_options(self, state: State, i: int, target: int | None) -> list[int]:
        """The defender's game decides who may block an attack on ``target``."""
        return []

    def on_block(self, state: State, i: int, uid: int) -> None:
        state.seats[i].rested.add(uid)

    def after_blocks(self, state: State) -> str:
        """As host, where the match goes after blocks (a step of its own, such as 戦国大戦TCG's 計略 step)."""
        return "resolve-attack"

    def battle_damage(self, state: State, attacker: int, defender: int, dealt: dict[int, int]) -> None:
        """Change what each side of a battle deals (``dealt``: card → thousandths); asked once per game of the
        two characters at the start of the battle (no-damage battles, damage multipliers …)."""

    def take_hit(self, state: State, i: int) -> HitResult:
        """One point of damage to this player's life (one shield, one fort …)."""
        raise NotImplementedError

    def take_attack(self, state: State, i: int, amount: int) -> HitResult:
        """A direct-damage (DDS) hit of ``amount`` thousandths against this player's life."""
        return self.take_hit(state, i)

    def strike(self, state: State, i: int, attacker: int) -> HitResult | None:
        """(``layered``) An attack by ``attacker`` reaching this player: the outermost layer of life still
        standing takes it and returns what it did, or None when the attack goes on to the life as usual (no layer
        left, or one that SPS attacks reach point by point)."""
        return None

    def trigger(self, state: State, i: int, uid: int, use: bool) -> None:
        """Use (or not) the life trigger of a revealed or broken card."""

    produce_use: ClassVar[str | None] = None
    """Which cards' mana abilities (``produce``) pay its costs: ``any`` (resources and cards in play), ``mana``
    (its mana cards only), ``retainer`` (a 臣下 for its 当主), or None (its costs are paid another way). A class
    variable, as ``stacks_cards``: conversion reads both off the class (a compiled class keeps only its class
    variables there)."""
    stacks_cards: ClassVar[bool] = False  # cards may be stacked under a card in play (evolution sources, 超越)

    def on_home(self, state: State, i: int, uid: int) -> bool:
        """Whether seat i's card stands on its home square of a board (``play.board``; a game without one: never)."""
        return False

    def put_into_play(self, state: State, i: int, uid: int, rested: bool) -> bool:
        """(``put_into_play``) Put seat i's card ``uid`` from where it is onto the field, its cost unpaid; True when
        the game did (it logs what it did)."""
        return False

    def carry_out_native(self, state: State, p: Pending) -> bool:
        """Carry out one of the game's own cards' ``native`` effects; True when it did (it logs what it did)."""
        return False

    def end_turn(self, state: State, i: int) -> None:
        """The host's end-of-turn cleanup (damage, 'this turn' effects)."""

    def step_actions(self, state: State, i: int) -> list[Action]:
        """The actions of one of the game's own steps (``state.phase`` is ``"GAME-ID:STEP"``)."""
        return []

    def apply_step(self, state: State, i: int, action: Action) -> str | None:
        """Carry out a decision in one of the game's own steps; return where the match goes on (one of the
        game's steps, or a match step: ``main``, ``attack``, ``block``, ``resolve-attack``, ``damage``,
        ``attack-over``, ``end``, ``next-turn``), or None when the game has set the next decision itself."""
        raise AssertionError(f"{self.id} has no steps of its own")

    def step_decider(self, state: State) -> int:
        """Who decides the game's own step the match goes on with (default: the host)."""
        return state.active


def seat_from(game: str, zones: tuple[str, ...], parts: dict[str, list[int]], placement: dict[str, str]) -> Seat:
    """A new seat: empty zones, with each part of the deck (main, side decks, extra cards) put where it starts."""
    seat = Seat(game, {z: [] for z in zones})
    for part, zone in placement.items():
        seat.zones[zone] = list(parts.get(part, []))
    return seat


def move_top(state: State, i: int, source: str, target: str, event: str, rested: bool = False) -> int | None:
    """Move the top card of one of a seat's piles to another zone (rested if asked); emit ``event``."""
    seat = state.seats[i]
    if not seat.zones[source]:
        return None
    uid = seat.zones[source].pop()
    seat.zones[target].append(uid)
    if rested:
        seat.rested.add(uid)
    if state.log_events:
        state.emit(event, seat=i, card=uid, **{target: len(seat.zones[target])})
    return uid


def tier_defence(tiers: tuple[tuple[int, int], ...], forts: int) -> int:
    """The defence of the top fort when ``forts`` are left (``tiers``: (cards, defence) in the order attacks
    reach them): the bottom tiers fill first, the first (top) tier takes any more (a fifth fort)."""
    below = 0
    for count, defence in tiers[::-1]:
        below += count
        if forts <= below:
            return defence
    return tiers[0][1] if tiers else 0


def damage_top_fort(state: State, i: int, zone: str, amount: int) -> str:
    """A direct-damage attack of ``amount`` thousandths on the top fort of seat i's ``zone``: the damage adds up
    on it within the turn. 'break' when it reached the tier's defence (the game breaks the fort its own way),
    'ok' when it holds, 'lost' when there is no fort left and the attack deals 1 or more."""
    seat = state.seats[i]
    forts = seat.zones[zone]
    if not forts:
        return "lost" if amount >= 1000 else "ok"
    top = forts[-1]
    defence = tier_defence(state.rules[i].life_tiers, len(forts))
    seat.damage[top] = seat.damage.get(top, 0) + amount
    state.emit("fort-damaged", seat=i, damage=seat.damage[top], defence=defence)
    return "break" if seat.damage[top] >= defence else "ok"


def is_character(card: CardData) -> bool:
    return card.dp > 0 or card.ap > 0


def standing(seat: Seat, uids: list[int]) -> list[int]:
    rested = seat.rested
    return [u for u in uids if u not in rested] if rested else list(uids)


def draw_from_deck(state: State, i: int) -> bool:
    """The top card of the seat's deck into its hand (False when the deck is empty)."""
    seat = state.seats[i]
    if not seat.zones["deck"]:
        return False
    uid = seat.zones["deck"].pop()
    seat.zones["hand"].append(uid)
    if state.log_events:
        state.emit("draw", seat=i, card=uid)
    return True


def _shuffle_bits(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)`` written out: the same swaps from the same random bits (``Random._randbelow`` draws
    ``n.bit_length()`` bits until they fall below ``n``), without a method call per card."""
    plan = _PLANS.get(len(x))
    if plan is None:  # for each place from the last: (place, places to choose from, bits to draw)
        if len(_PLANS) > 256:
            _PLANS.clear()
        plan = _PLANS[len(x)] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(x) - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, n, k in plan:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_PLANS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _same_as_library() -> bool:
    """Whether :func:`_shuffle_bits` gives exactly what this Python's ``Random.shuffle`` gives (the cards and
    the generator's state after), checked once at import; where it does not, the library's is used."""
    for seed in (7, 2**40 + 3):
        for size in (0, 1, 2, 3, 12, 61):
            a, b = random.Random(seed), random.Random(seed)
            x, y = list(range(size)), list(range(size))
            a.shuffle(x)
            _shuffle_bits(b, y)
            if x != y or a.getstate() != b.getstate():
                return False
    return True


_FAST_SHUFFLE = _same_as_library()


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """Shuffle a pile in place exactly as ``rng.shuffle(x)`` does (a faster way to the same result for the
    library's own generator)."""
    if _FAST_SHUFFLE and type(rng) is random.Random:
        _shuffle_bits(rng, x)
    else:
        rng.shuffle(x)


def shuffle_and_draw(state: State, i: int, cards: int, draw: Callable[[State, int], bool]) -> None:
    """Shuffle the seat's deck and draw an opening hand with the game's own draw."""
    shuffle(state.rng, state.seats[i].zones["deck"])
    for _ in range(cards):
        draw(state, i)


def mulligan_actions(state: State, i: int) -> list[Action]:
    """A one-mulligan game's setup decision: keep or mulligan, until the seat has decided."""
    return [] if state.seats[i].mulligan_decided else [Action("keep"), Action("mulligan")]
