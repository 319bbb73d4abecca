"""戦国大戦TCG as a core game: castle walls, 国力, 武将 and 計略, interception and the 計略 step.

Native rules (the game's profile and page): setup — shuffle, draw 5, one full mulligan, then the top 8
cards of the deck go face down into the 城壁 (castle walls, a hidden zone). Turn — start (the turn
player's 国力 and 武将 stand, its 防護カード go to the 捨札) → draw (an empty deck at this point loses) →
国力 step (``sengoku-taisen:kokuryoku``: at most one hand card into the 国力, face up = its colour, or face
down = colourless and draw a card; a 計略 only face down; not with 10 or more 国力) → main (deploy 武将 and
play 計略 by resting 国力: a coloured circle needs a face-up 国力 of its colour, a white circle takes any;
無双連撃, 超越, 散華/回想 abilities, removing counters; ``attack-phase`` declares attacks, and after each
battle play returns to the main phase) → end (the match clears damage and cuts the hand to 7).

Battle: a standby 武将 not deployed this turn (unless it has 奇襲) attacks the walls or an exhausted enemy
武将 (an exhausted 守備 武将 shields the others); the defender may intercept (迎撃) with a standby 武将,
which then fights instead. A battle between 武将 goes through the 計略 step (``sengoku-taisen:strategy``:
from the turn player, the players alternate playing battle 計略 — or, for another game's player, its
reactions — until both pass one after the other), then the two deal their 武力 (AP) to each other; damage
reaches 兵力 (DP): retreat. An attack on the walls that is not intercepted goes straight to damage: as
many walls as the 攻城力 (SP) fall at once; siege damage with no walls left loses.

Keywords: 先制 (先制攻撃, in its controller's own turn only), 奇襲 (速攻), 貫通 (winning its own attack's
battle deals 1 siege damage), 長槍 (double damage against 速攻), 守備 (守護), 防護 (a face-down 防護カード
from the deck top on deploy: its 武将 neither deals nor takes damage in its next battle), 陽動 (once a turn,
in its own turn, its battle deals no damage either way), 伏兵 (in the opponent's 迎撃指定 step, deploy
from hand paying one more circle of its colour, and intercept with it), 超越, 臣下 (rest to pay one white
circle of its lord's cost), 乱舞 and 無双連撃; 散華/回想 are activated abilities (:mod:`abilities`);
忠誠/謀反 are the player's counters (``seat.counters``) with the cards that use them carried out natively.
"""

from __future__ import annotations

import re
from typing import ClassVar

from amalogs.models.cards import Card
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.bridge import battle
from amalogs.referee.engine.core import (
    HIDDEN_ZONES,
    HitResult,
    draw_from_deck,
    move_top,
    seat_from,
    standing,
)
from amalogs.referee.engine.effects import has, push_effects
from amalogs.referee.engine.registry import characters_of, module_of, spent_characters
from amalogs.referee.engine.rules import GameRules
from amalogs.referee.engine.state import CardData, Seat, State
from amalogs.referee.engine.values import forbidden, ignores
from amalogs.referee.games.sengoku_cards import (
    ID,
    LOYALTY,
    REBELLION,
    SengokuCards,
    counter,
)

__all__ = ["Sengoku"]

KOKURYOKU_STEP, STRATEGY_STEP = f"{ID}:kokuryoku", f"{ID}:strategy"
ZONES = ("removed", "deck", "hand", "jijin", "kokuryoku", "castle", "discard", "under")
COUNTER_COST = 2
FIRST_STRIKE = "先制攻撃"
_ATTACK_PHASE, _PASS = Action("attack-phase"), Action("pass")
_new = tuple.__new__  # an Action made without the named tuple's argument handling (the hot path makes many)


class Sengoku(SengokuCards):
    """戦国大戦TCG behind the referee contract."""

    id = ID
    produce_use: ClassVar[str | None] = "retainer"  # (a 臣下 pays a white circle of its 当主: produce with for_card)
    stacks_cards = True  # (超越 and 防護 cards go under a 武将)
    resource_zone = "kokuryoku"
    draw_out_loss: str | None = None  # an empty deck loses in the draw phase only (seed 002)
    timed_keywords = frozenset({"sensei"})  # 先制 deals first only in its controller's own turn (granted then)
    block_name: str | None = "迎撃"  # the play-by-play says "intercepts (迎撃)" for its blocks

    first_step = KOKURYOKU_STEP
    hidden_zones = HIDDEN_ZONES | {"castle"}
    own_steps = frozenset({KOKURYOKU_STEP, STRATEGY_STEP})
    position_zones: dict[str, str | tuple[str, str]] = {z: z for z in ZONES if z != "under"}
    top_last = frozenset({"deck", "castle"})
    damage_stat: str | None = "heiryoku"
    attack_returns_to = "main"  # after each battle the turn player is back in its main phase
    targets_per_attacker = False  # walls, or exhausted 武将: the same for every attacker

    def card_data(self, card: Card, uid: int, owner: int) -> CardData:
        s = card.stats
        cost = s.get("coloured-cost", {})
        table = tuple(sorted(cost.items())) if isinstance(cost, dict) else ()
        bushou = card.type == "bushou"
        ap, dp, sp = (int(s.get(k, 0)) if bushou else 0 for k in ("buryoku", "heiryoku", "koujouryoku"))  # type: ignore[arg-type]
        number = s.get("card-number")
        self.numbers[card.id] = number if isinstance(number, str) else card.id
        lord = re.search(r"当主：([^〕]+)〕", card.text or "")
        if lord:
            self.lords[card.id] = lord.group(1)
        if "戦闘中にも使える" in (card.text or ""):
            self.battle_ready.add(card.id)
        read = self.counter_forms(card.id, bushou, tuple(card.effects))
        if any(e.do == "ignore_keyword" for e in card.effects):
            self.targets_per_attacker = True  # (an attacker that ignores a lure has targets of its own)
        effects = tuple(e for e in card.effects if id(e) not in read and e.do != "produce" and (
            e.do != "native" or not (e.when == "activated" and "shinka" in card.keywords)))
        # (臣下's payment, produce, is its own rule: paying for its 当主)
        return CardData(uid, owner, card.id, card.name, card.type, card.colours, sum(n for _, n in table),
                        ap, dp, sp, frozenset(card.keywords),
                        frozenset(),
                        f"{ap}/{dp}/{sp}" if bushou else "", table, effects)

    def new_seat(self, parts: dict[str, list[int]], rules: GameRules) -> Seat:
        return seat_from(self.id, ZONES, parts, {"main": "deck"})

    # --- setup ----------------------------------------------------------------------------------------

    def finish_setup(self, state: State, i: int) -> None:
        seat = state.seats[i]
        deck = seat.zones["deck"]
        seat.zones["castle"] = [deck.pop() for _ in range(min(state.rules[i].life, len(deck)))]
        state.emit("walls-set", seat=i, castle=len(seat.zones["castle"]))

    # --- the host's turn ------------------------------------------------------------------------------

    def draw(self, state: State, i: int) -> bool:
        """Draw a card; an empty deck draws nothing (only the draw phase loses on it)."""
        return draw_from_deck(state, i)

    def gain_resource(self, state: State, i: int, rested: bool) -> None:
        """An effect's 国力 from the deck top comes face down (colourless); effects are not capped at 10."""
        uid = move_top(state, i, "deck", "kokuryoku", "kokuryoku", rested)
        if uid is not None:
            state.seats[i].face_down.add(uid)

    def begin_turn(self, state: State, i: int) -> str | None:
        seat = state.seats[i]
        seat.rested -= set(seat.zones["jijin"]) | set(seat.zones["kokuryoku"])
        for uid in list(seat.under):
            if self._protection(seat, uid) is not None:
                self._drop_protection(state, i, uid)
        seat.face_down &= set(seat.zones["kokuryoku"]) | set(seat.zones["under"])
        for uid in seat.zones["jijin"]:
            self._own_turn_keywords(state, i, uid)
            name = self.start_draw.get(state.cards[uid].card_id)
            if name and counter(state, i, name) > 0:
                self.draw(state, i)
        if not seat.zones["deck"]:
            return "reached the draw phase with an empty deck"
        self.draw(state, i)
        return None

    def _own_turn_keywords(self, state: State, i: int, uid: int) -> None:
        """先制 deals first only in its controller's own turn (the match clears grants at every turn's end)."""
        if i == state.active and "sensei" in state.cards[uid].keywords:
            seat = state.seats[i]
            seat.granted[uid] = seat.granted.get(uid, frozenset()) | {FIRST_STRIKE}

    def step_actions(self, state: State, i: int) -> list[Action]:
        if state.phase == KOKURYOKU_STEP:
            seat = state.seats[i]
            out = []
            cap = state.rules[i].resources_maximum
            if cap is None or len(seat.zones["kokuryoku"]) < cap:
                cards = state.cards
                for u in seat.zones["hand"]:
                    if cards[u].type != "keiryaku":
                        out.append(_new(Action, ("kokuryoku", (u, "up"))))
                    out.append(_new(Action, ("kokuryoku", (u, "down"))))
            out.append(_PASS)
            return out
        return [*module_of(state, i).reactions(state, i), _PASS]  # the 計略 step

    def apply_step(self, state: State, i: int, action: Action) -> str | None:
        if state.phase == KOKURYOKU_STEP:
            if action.verb == "kokuryoku":
                self._place(state, i, int(action.args[0]), action.args[1] == "up")
            return "main"
        if action.verb == "pass":
            state.counters["sgk-passes"] = state.counters.get("sgk-passes", 0) + 1
            if state.counters["sgk-passes"] >= 2:
                return self._resolve_battle(state)
        else:
            state.counters["sgk-passes"] = 0
            module_of(state, i).apply_reaction(state, i, action)
        defender = state.attack.defender if state.attack is not None else 1 - state.active
        state.counters["sgk-seat"] = defender if i == state.active else state.active  # the two sides of the battle
        return STRATEGY_STEP

    def step_decider(self, state: State) -> int:
        """Who acts in the game's step: the 計略 step alternates, the 国力 step is the turn player's."""
        return state.counters.get("sgk-seat", state.active) if state.phase == STRATEGY_STEP else state.active

    def _place(self, state: State, i: int, uid: int, face_up: bool) -> None:
        seat = state.seats[i]
        seat.zones["hand"].remove(uid)
        seat.zones["kokuryoku"].append(uid)
        if state.log_events:
            state.emit("kokuryoku", seat=i, card=uid if face_up else None, face="up" if face_up else "down",
                       kokuryoku=len(seat.zones["kokuryoku"]))
        if face_up:
            if state.cards[uid].type == "fujin":
                push_effects(state, i, uid, "play")  # a 布陣's effect when placed face up
        else:
            seat.face_down.add(uid)
            self.draw(state, i)

    # --- the main phase -------------------------------------------------------------------------------

    def main_actions(self, state: State, i: int) -> list[Action]:
        seat = state.seats[i]
        cards = state.cards
        rested, down = seat.rested, seat.face_down
        free: list[int] = []  # standing(seat, 国力) and face_up_counts of it, in one pass
        counts: dict[str, int] | None = {}
        for u in seat.zones["kokuryoku"]:
            if u in rested:
                continue
            free.append(u)
            if counts is not None and u not in down:
                colours = cards[u].colours
                if len(colours) != 1:
                    counts = None
                else:
                    counts[colours[0]] = counts.get(colours[0], 0) + 1
        actions: list[Action] = []
        payable: dict[int, bool] = {}  # cards of the same cost (the same table): the same answer
        for u in seat.zones["hand"]:
            card = cards[u]
            if card.type != "bushou" and card.type != "keiryaku":
                continue
            ok = payable.get(id(card.cost_table))
            if ok is None:
                ok = payable[id(card.cost_table)] = self.can_pay(state, seat, card.cost_table, free, counts)
            if ok:
                actions.append(_new(Action, ("play", (u,))))
            if "toushu" in card.keywords:
                servants = self._retainers(state, i, u)
                if servants and self.can_pay(state, seat, self._table(card, retainers=len(servants)), free, counts):
                    actions.append(Action("play", (u, "retainers")))
        if seat.zones["jijin"]:
            actions += self._stack_actions(state, i)
        if len(free) >= COUNTER_COST:
            opponent = state.seats[1 - i]
            if counter(state, i, REBELLION):
                actions.append(Action("remove-counter", (REBELLION,)))
            if opponent.game == self.id and counter(state, 1 - i, LOYALTY):
                actions.append(Action("remove-counter", (LOYALTY,)))
        actions.append(_ATTACK_PHASE)
        return actions

    def apply_main(self, state: State, i: int, action: Action) -> bool:
        seat = state.seats[i]
        verb = action.verb
        if verb == "play":
            self._play(state, i, int(action.args[0]), retainers=len(action.args) > 1)
        elif verb == "musou":
            x, y = int(action.args[0]), int(action.args[1])
            seat.zones["hand"].remove(y)
            seat.zones["discard"].append(y)
            seat.rested.discard(x)
            seat.damage.pop(x, None)
            seat.counters["musou-turn"] = state.turn
            state.emit("musou", seat=i, card=x, discarded=y)
        elif verb == "chouetsu":
            self._transcend(state, i, int(action.args[0]), int(action.args[1]))
        elif verb == "remove-counter":
            name = str(action.args[0])
            seat.rested.update(self.payment(state, seat, (("colourless", COUNTER_COST),)) or [])
            self._add_counter(state, i if name == REBELLION else 1 - i, name, -1)
        else:
            return True
        return False

    def _play(self, state: State, i: int, uid: int, retainers: bool = False, ambush: bool = False) -> None:
        seat, card = state.seats[i], state.cards[uid]
        servants = self._retainers(state, i, uid) if retainers else []
        seat.rested.update(self.payment(state, seat, self._table(card, ambush, len(servants))) or [])
        seat.rested.update(servants)
        seat.zones["hand"].remove(uid)
        if card.type == "bushou":
            self._deploy(state, i, uid, ambush)
        else:
            seat.zones["discard"].append(uid)
            state.emit("play", seat=i, card=uid, name=card.name, zone="discard", free=False)
            name, n = self.play_opponent_counters.get(card.card_id, ("", 0))
            if n:
                self._add_counter(state, 1 - i, name, n)
        push_effects(state, i, uid, "play")

    def _deploy(self, state: State, i: int, uid: int, ambush: bool) -> None:
        seat, card = state.seats[i], state.cards[uid]
        seat.zones["jijin"].append(uid)
        seat.entered[uid] = state.turn
        seat.card_counters.pop(uid, None)
        if state.log_events:
            state.emit("ambush" if ambush else "play", seat=i, card=uid, name=card.name, zone="jijin", free=False)
        self._own_turn_keywords(state, i, uid)
        if "bougo" in card.keywords and seat.zones["deck"]:  # [decision] the 防護カード is always taken
            top = seat.zones["deck"].pop()
            seat.zones["under"].append(top)
            seat.under.setdefault(uid, []).append(top)
            seat.face_down.add(top)
            state.emit("protection", seat=i, card=uid)
        name, n = self.deploy_counters.get(card.card_id, ("", 0))
        if n:
            self._add_counter(state, i, name, n)
        self._sync_loyalty(state, i)

    # --- attacks and battles --------------------------------------------------------------------------

    def reactions(self, state: State, i: int) -> list[Action]:
        """Battle 計略 (spell speed 2) this seat can pay for: as defender when attacks begin, and in the 計略 step."""
        seat, cards, ready = state.seats[i], state.cards, self.battle_ready
        out: list[Action] = []
        free: list[int] | None = None  # the standby 国力 and its colours, worked out for the first such card
        counts: dict[str, int] | None = None
        for u in seat.zones["hand"]:
            if cards[u].card_id in ready:
                if free is None:
                    free = standing(seat, seat.zones["kokuryoku"])
                    counts = self.face_up_counts(state, seat, free)
                if self.can_pay(state, seat, cards[u].cost_table, free, counts):  # (payment finds one)
                    out.append(_new(Action, ("react", (u,))))
        return out

    def apply_reaction(self, state: State, i: int, action: Action) -> None:
        self._play(state, i, int(action.args[0]))

    def attackers(self, state: State, i: int) -> list[int]:
        seat = state.seats[i]
        entered, turn, cards = seat.entered, state.turn, state.cards
        return [u for u in standing(seat, seat.zones["jijin"])
                if (entered.get(u) != turn or has(state, u, "速攻"))
                and not (cards[u].forbids and forbidden(state, u, "attack"))]

    def on_attack(self, state: State, i: int, uid: int) -> None:
        state.seats[i].rested.add(uid)
        name = self.attack_draw.get(state.cards[uid].card_id)
        if name and state.seats[1 - i].counters.get(name, 0) > 0:
            self.draw(state, i)

    def targets(self, state: State, i: int, attacker: int, defender: int) -> list[int | None]:
        """The walls (None) or an exhausted enemy 武将; a rested デコイ must be chosen; while an exhausted
        守備 (守護) character is there, only such characters may be chosen among the characters."""
        spent = spent_characters(state, defender)
        decoys = [u for u in spent if has(state, u, "デコイ")]
        if decoys and not ("static" in state.cards[attacker].timed and ignores(state, attacker, "デコイ")):
            return list(decoys)
        guards = [u for u in spent if has(state, u, "守護")]
        return [None, *(guards or spent)]

    def after_blocks(self, state: State) -> str:
        """After the 迎撃指定 step: a siege goes straight to damage; a battle is confirmed and the 計略 step begins."""
        attack = state.attack
        if attack is None or (attack.blocker is None and attack.target is None):
            return "resolve-attack"
        state.counters["sgk-passes"], state.counters["sgk-seat"] = 0, state.active
        return STRATEGY_STEP

    def _resolve_battle(self, state: State) -> str:
        """Damage resolution after the 計略 step; 貫通: winning its own attack's battle deals 1 siege damage."""
        attack = state.attack
        host = state.active
        if attack is None or attack.attacker not in state.seats[host].zones["jijin"]:
            return "attack-over"
        opponent = attack.blocker if attack.blocker is not None else attack.target
        if opponent is None or opponent not in characters_of(state, attack.defender):
            state.emit("fizzle", seat=attack.defender, card=opponent, effect="battle")
            return "attack-over"
        battle(state, attack.attacker, opponent)
        won = attack.attacker in state.seats[host].zones["jijin"] and opponent not in characters_of(state, attack.defender)
        if won and has(state, attack.attacker, "貫通"):
            state.emit("pierce", seat=host, card=attack.attacker)
            attack.hits_left = 1
            return "damage"
        return "attack-over"

    def characters(self, state: State, i: int) -> list[int]:
        return list(state.seats[i].zones["jijin"])

    def permanents(self, state: State, i: int) -> list[int]:
        """武将 and the face-up 布陣 in the 国力 (their effects work there)."""
        seat = state.seats[i]
        return seat.zones["jijin"] + [u for u in seat.zones["kokuryoku"]
                                      if u not in seat.face_down and state.cards[u].type == "fujin"]

    def permanents_among(self, state: State, i: int, among: frozenset[int]) -> list[int]:
        seat = state.seats[i]
        jijin, kokuryoku = seat.zones["jijin"], seat.zones["kokuryoku"]
        out = [] if among.isdisjoint(jijin) else [u for u in jijin if u in among]
        if not among.isdisjoint(kokuryoku):
            down, cards = seat.face_down, state.cards
            out += [u for u in kokuryoku if u in among and u not in down and cards[u].type == "fujin"]
        return out

    # --- the defender ---------------------------------------------------------------------------------

    def block_options(self, state: State, i: int, target: int | None) -> list[int]:
        """迎撃: a standby 武将 (not one a counter forbids); 伏兵: one deployed from hand for it, paying one more
        circle of its colour."""
        seat = state.seats[i]
        cards = state.cards
        out = [u for u in standing(seat, seat.zones["jijin"]) if not (cards[u].forbids and forbidden(state, u, "block"))]
        return out + [u for u in seat.zones["hand"] if "fukuhei" in state.cards[u].keywords
                      and self.payment(state, seat, self._table(state.cards[u], ambush=True)) is not None]

    def on_block(self, state: State, i: int, uid: int) -> None:
        if uid in state.seats[i].zones["hand"]:
            self._play(state, i, uid, ambush=True)
        state.seats[i].rested.add(uid)

    def take_hit(self, state: State, i: int) -> HitResult:
        """Siege damage: the attack's remaining points fall together, one wall each; with no walls left, lost."""
        seat = state.seats[i]
        walls = seat.zones["castle"]
        if not walls:
            return "lost"
        n = 1
        if state.attack is not None and state.attack.hits_left > 0:
            n, state.attack.hits_left = n + state.attack.hits_left, 0
        fallen = [walls.pop() for _ in range(min(n, len(walls)))]
        seat.zones["discard"] += fallen
        if state.log_events:
            state.emit("siege", seat=i, walls=len(fallen), castle=len(walls))
        return "ok"

