"""仮面ライダー ブレイクジョーカー as a core game: a turn of its player is one round of its own procedure.

Native rules (the game's profile and page): no hand and no field battles. Each round both players shuffle
all twelve cards back into the deck, place the top card face down (its owner has looked at it) and the next
one face up to its right (start step). Then, from the round's first player, they take turns: ``draw`` (the
deck top goes face up at the right end of the row), ``skill X`` (the rightmost upright card X's skill,
paying its cost by destroying that many deck-top cards face down; X turns sideways) or ``hold`` (no more
turns this round). A player who can neither draw nor use a skill holds by itself. When both have held, the
face-down cards turn up, a player whose row can count as more than one total (an A as 1 or 11) chooses one
(``count N``, hidden from the other until both rows are scored), and the rows are scored (:mod:`amalogs.referee.games.break_joker_score`): the higher
total attacks for cards placed + the tie count (引き分け回数) + combos + effect modifiers; a tie adds one to
the tie count and a decided round resets it. A player at 0 HP at the end of a round loses; both at 0 is a
draw. HP is 10 (and at most 10).

Same game: each match turn is one round, hosted by the round's first player — the last round's attacker,
or after a tie the previous first player (the match's first player opens round one), so a seat may host
several turns in a row. Against another game (the page's bridge decisions): as host, its turn is one round;
the host acts first; the opponent keeps one card face down and reveals one, then on its turns it may
``reveal`` its deck top or ``hold``; each of its cards counts its 大コスト (``CardData.cost``: the play cost in
ビルディバイド, the sum of the cost table in ギルドヒーローズ) and only the number combos count for it. At the
end of the round its cards go under its deck in the order revealed. A Break Joker win is an attack by the
rightmost card of its row, dealt as SP by the match's damage step (life triggers and forts work as usual);
an opposing win lowers its HP. As defender it has no blockers; SPS attackers lower its HP by their SP, DDS
attackers by their AP (whole canonical points, rounded down); it loses at its next turn's start when its
HP is 0 then (the end of the opponent's turn stands in for the end of a round).
"""

from __future__ import annotations

from typing import Any

from amalogs.models.cards import Card
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.bridge import finish
from amalogs.referee.engine.core import CoreGame, HitResult, seat_from, shuffle
from amalogs.referee.engine.effects import push_ability, resolve
from amalogs.referee.engine.rules import GameRules
from amalogs.referee.engine.state import Attack, CardData, Seat, State
from amalogs.referee.games.break_joker_native import NATIVE_SKILLS, carry_out
from amalogs.referee.games.break_joker_score import (
    COMBO_NAMES,
    ROW,
    TIE_BONUS,
    Score,
    Slot,
    one_reading,
    row_totals,
    score_row,
)

__all__ = ["ROW", "BreakJoker"]
_DRAW, _HOLD, _REVEAL, _CONTINUE = Action("draw"), Action("hold"), Action("reveal"), Action("continue")
ZONES = ("deck", "field", "discard")
TIES, TURN, IN_ROUND = "ties", "bj-turn", "bj-round"  # State.counters keys
SUITS = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}


HELD = ("bj-held-0", "bj-held-1")  # State.counters keys: seat 0 / seat 1 has held this round
RESUME = "break-joker:resume"  # the step that goes on with the round after a skill's target decision
COUNT = "break-joker:count"  # the battle check's decision: which total a row counts as (an A as 1 or 11 …)
CHOSEN = ("bj-count-0", "bj-count-1")  # State.secret keys: the total each seat chose, hidden until both did


class BreakJoker(CoreGame):
    """仮面ライダー ブレイクジョーカー behind the referee contract."""

    id = "break-joker"
    resource_zone = "deck"
    draw_out_loss: str | None = None  # a draw it cannot make (outside its round, an empty deck) does nothing
    # As defender a DDS attacker lowers its HP by its AP: the brief's own decision for this game (AMALOGS.md,
    # "Break Joker as defender"), kept over the published SP 1 that other SPS players take (docs/rules.md §3)
    dds_takes_ap: bool | None = True

    first_step = "break-joker:round"
    hidden_zones = frozenset({"deck", "discard"})  # nobody may look at the destroyed cards, not even their owner
    own_steps = frozenset({"break-joker:round", RESUME, COUNT})
    position_zones: dict[str, str | tuple[str, str]] = {"deck": "deck", "field": "field", "discard-pile": "discard"}
    top_last = frozenset({"deck"})  # the row is listed left to right, as it is held
    damage_stat: str | None = None  # no battles

    def can_activate(self, state: State, i: int) -> bool:
        return False  # skills are used in the round step (``skill X``), not in a main phase

    def card_data(self, card: Card, uid: int, owner: int) -> CardData:
        number = int(card.stats.get("bj-number", 0))  # type: ignore[arg-type]
        title = card.stats.get("work-title")
        suit = "".join(SUITS.get(c, "") for c in card.colours)
        shown = f"{'A' if number == 1 else number}{suit}"
        # cost: the BJ number is the card's 大コスト (an A counts 1 there, the page's decision)
        return CardData(uid, owner, card.id, card.name, card.type, card.colours, number, 0, 0, 0,
                        frozenset(card.keywords), frozenset(), shown, (), card.effects,
                        title=title if isinstance(title, str) else None)

    def new_seat(self, parts: dict[str, list[int]], rules: GameRules) -> Seat:
        seat = seat_from(self.id, ZONES, parts, {"main": "deck"})
        seat.counters.update({"hp": rules.life, "hp-max": rules.life_maximum or rules.life})
        return seat

    # --- setup: none (no hand, no mulligan; every round shuffles) -------------------------------------

    def deal(self, state: State, i: int) -> None:
        return None

    def finish_setup(self, state: State, i: int) -> None:
        state.counters.setdefault(TIES, 0)

    # --- the round ------------------------------------------------------------------------------------

    def _bj(self, state: State, j: int) -> bool:
        return state.seats[j].game == self.id

    def _row(self, state: State, j: int) -> list[int]:
        return state.seats[j].zones["field" if self._bj(state, j) else ROW]

    def begin_turn(self, state: State, i: int) -> str | None:
        if state.seats[i].counters["hp"] <= 0:
            return "HP 0 at the end of the opponent's turn"
        state.counters.setdefault(TIES, 0)
        state.counters[TURN], state.counters[TIE_BONUS], state.counters[IN_ROUND] = i, 0, 1
        if state.log_events:
            state.emit("round", seat=i, ties=state.counters[TIES])
        for j in (i, 1 - i):
            if self._bj(state, j):
                self._start_row(state, j)
            else:
                self._join(state, j)
            state.counters[HELD[j]] = 0
        return None

    def _start_row(self, state: State, j: int) -> None:
        """Start step: every card back into the deck, shuffle, one card face down and one face up."""
        seat = state.seats[j]
        seat.zones["deck"] += seat.zones["field"] + seat.zones["discard"]
        seat.zones["field"], seat.zones["discard"] = [], []
        seat.face_down.clear()
        seat.rested.clear()
        seat.card_counters.clear()
        state.boost[j] = 0
        shuffle(state.rng, seat.zones["deck"])
        if seat.zones["deck"]:
            uid = seat.zones["deck"].pop()
            seat.zones["field"].append(uid)
            seat.face_down.add(uid)
            if state.log_events:
                state.emit("face-down", seat=j, card=uid)
        self.draw(state, j)

    def _join(self, state: State, j: int) -> None:
        """Another game's player joins the round: its deck top kept face down, the next card revealed."""
        seat = state.seats[j]
        seat.zones.setdefault(ROW, [])
        if seat.zones["deck"]:
            uid = seat.zones["deck"].pop()
            seat.zones[ROW].append(uid)
            seat.face_down.add(uid)
            if state.log_events:
                state.emit("face-down", seat=j, card=uid)
        self._reveal(state, j)

    def draw(self, state: State, i: int) -> bool:
        """ドロー: the deck top goes face up at the right end of the row (in a round only: another game's
        effect that makes this player draw in its own turn does nothing)."""
        seat = state.seats[i]
        if not seat.zones["deck"] or not state.counters.get(IN_ROUND):
            return False
        uid = seat.zones["deck"].pop()
        seat.zones["field"].append(uid)
        if state.log_events:
            state.emit("place", seat=i, card=uid, cards=len(seat.zones["field"]))
        return True

    def _reveal(self, state: State, j: int) -> None:
        seat = state.seats[j]
        if seat.zones["deck"]:
            uid = seat.zones["deck"].pop()
            seat.zones[ROW].append(uid)
            if state.log_events:
                state.emit("reveal", seat=j, card=uid, number=state.cards[uid].cost)

    def gain_resource(self, state: State, i: int, rested: bool) -> None:
        return None  # no resources: the deck is the cost pool

    def main_actions(self, state: State, i: int) -> list[Action]:
        return [Action("attack-phase")]  # never reached: the turn is the round step

    def apply_main(self, state: State, i: int, action: Action) -> bool:
        return True

    def skill_of(self, state: State, i: int) -> int | None:
        """The card whose skill seat i may use now: its rightmost card, upright, with a payable skill."""
        seat = state.seats[i]
        row = seat.zones["field"]
        if not row or row[-1] in seat.face_down or row[-1] in seat.rested:
            return None
        card = state.cards[row[-1]]
        if not card.abilities:
            return None
        pay = card.effects[card.abilities[0]].pay
        return row[-1] if len(seat.zones["deck"]) >= pay.deck_top else None

    def _turn_actions(self, state: State, i: int) -> list[Action]:
        seat = state.seats[i]
        deck = bool(seat.zones["deck"])
        if seat.game != self.id:
            return [_REVEAL, _HOLD] if deck else [_HOLD]
        skill = self.skill_of(state, i)
        if skill is None:
            return [_DRAW, _HOLD] if deck else [_HOLD]
        return [_DRAW, Action("skill", (skill,)), _HOLD] if deck else [Action("skill", (skill,)), _HOLD]

    def step_actions(self, state: State, i: int) -> list[Action]:
        phase = state.phase
        if phase == RESUME:
            return [_CONTINUE]
        if phase == COUNT:
            return [Action("count", (total,)) for total in row_totals(self._slots(state, i))]
        return self._turn_actions(state, i)

    def apply_step(self, state: State, i: int, action: Action) -> str | None:
        verb = action.verb
        if verb == "count":
            state.secret[CHOSEN[i]] = int(action.args[0])
            state.emit("count-chosen", seat=i)  # the total itself shows at the battle check
            return self._check(state)
        if verb == "draw":
            self.draw(state, i)
        elif verb == "reveal":
            self._reveal(state, i)
        elif verb == "hold":
            self._hold(state, i)
        elif verb == "skill" and not self._use_skill(state, i, int(action.args[0])):
            return None  # an effect waits for a target; the round goes on with ``continue``
        if state.finished:
            return None
        turn = state.counters.get(TURN, state.active)
        return self._next(state, (turn if turn in (0, 1) else state.active) if verb == "continue" else i)

    def _hold(self, state: State, i: int, forced: bool = False) -> None:
        state.counters[HELD[i]] = 1
        if state.log_events:
            state.emit("hold", seat=i, forced=forced)

    def _next(self, state: State, me: int) -> str | None:
        """The next turn of the main step: the other player's unless it has held; both held — the battle."""
        counters = state.counters
        while True:
            if not counters.get(HELD[1 - me]):  # (a position may omit them)
                me = 1 - me
            elif counters.get(HELD[me]):
                return self._check(state)
            if not state.seats[me].zones["deck"] and (not self._bj(state, me) or self.skill_of(state, me) is None):
                self._hold(state, me, forced=True)  # it can neither draw nor use a skill
                continue
            state.phase, state.decider, state.counters[TURN] = self.first_step, me, me
            return None

    # --- skills ---------------------------------------------------------------------------------------

    def _use_skill(self, state: State, i: int, uid: int) -> bool:
        """Pay (destroy deck-top cards face down), turn the card sideways, carry out the skill. False when an
        effect waits for a target decision."""
        seat, card = state.seats[i], state.cards[uid]
        k = card.abilities[0]
        effect = card.effects[k]
        for _ in range(effect.pay.deck_top):
            seat.zones["discard"].append(seat.zones["deck"].pop())
        seat.rested.add(uid)
        if state.log_events:
            state.emit("skill", seat=i, card=uid, name=card.name, cost=effect.pay.deck_top)
        if effect.do == "native" or card.card_id in NATIVE_SKILLS:  # (a skill written as a form: mill)
            carry_out(state, i, uid)
            return True
        push_ability(state, i, uid, k)
        state.resume = RESUME
        return resolve(state)

    # --- the battle step ------------------------------------------------------------------------------

    def _slots(self, state: State, j: int) -> list[Slot]:
        """Seat j's row as the battle check reads it (a card reads the same whenever it has the same marks, so
        each of its slots is made once)."""
        seat = state.seats[j]
        bj = seat.game == self.id
        cards, marked = state.cards, seat.card_counters
        plain = _PLAIN[bj]
        slots = []
        for uid in seat.zones["field" if bj else ROW]:
            card = cards[uid]
            marks = marked.get(uid) if marked else None
            if marks:
                key = (id(card), bj, frozenset(marks.items()))
                hit = _MARKED.get(key)
                if hit is None:
                    if len(_MARKED) > 4096:
                        _MARKED.clear()
                    hit = _MARKED[key] = (card, _slot(card, marks, bj))
            else:
                hit = plain.get(id(card))
                if hit is None:  # (the entry keeps the card, so no other card can have its id meanwhile)
                    if len(plain) > 4096:
                        plain.clear()
                    hit = plain[id(card)] = (card, _slot(card, {}, bj))
            slots.append(hit[1])
        return slots

    @staticmethod
    def read_row(cards: list[tuple[tuple[tuple[int, int], ...], str | None, str | None]],
                 suits_count: bool = True) -> list[tuple[int, tuple[str, ...]]]:
        """A row as a screen reads it from what is public: each card as (the values it may count as, its suit,
        its work title); every total the row can count as (0 for a bust), highest first, each with the combos
        it makes, by their printed names."""
        from amalogs.referee.games.break_joker_score import COMBO_NAMES, readings

        found = readings([Slot(options, suit, title) for options, suit, title in cards], suits_count=suits_count)
        return [(r.total, tuple(COMBO_NAMES.get(c, c) for c in r.combos)) for r in found]

    def score(self, state: State, j: int, slots: list[Slot]) -> Score:
        """Seat j's row (``slots``) read for the battle check: the total it chose (if its row could count more
        than one way), with the best suits, titles and damage it allows; otherwise the best reading."""
        return score_row(slots, suits_count=self._bj(state, j), total=state.secret.get(CHOSEN[j]))

    def _check(self, state: State) -> str | None:
        """The battle check: the face-down cards turn up; then each player whose row can count as more than
        one total (an A as 1 or 11, a number a skill let it name) chooses which, the round's first player
        first; a choice stays hidden from the other player until both rows are scored."""
        for j in (0, 1):
            seat = state.seats[j]
            if seat.face_down:
                for uid in [u for u in self._row(state, j) if u in seat.face_down]:
                    seat.face_down.discard(uid)
                    if state.log_events:
                        state.emit("turn-up", seat=j, card=uid)
        slots = [self._slots(state, 0), self._slots(state, 1)]
        secret = state.secret
        for j in (state.active, 1 - state.active):
            if CHOSEN[j] not in secret and not one_reading(slots[j]) and len(row_totals(slots[j])) > 1:
                state.phase, state.decider = COUNT, j
                return None
        return self._battle(state, slots)

    def _battle(self, state: State, slots: list[list[Slot]]) -> str | None:
        """Score both rows, deal the round's attack, end the round."""
        state.counters[IN_ROUND] = 0
        ties = state.counters.get(TIES, 0)
        bj = [state.seats[0].game == self.id, state.seats[1].game == self.id]  # a ブレイクジョーカー row?
        secret = state.secret
        scores = [score_row(slots[j], suits_count=bj[j], total=secret.get(CHOSEN[j])) for j in (0, 1)]  # score()
        for key in CHOSEN:
            state.secret.pop(key, None)
        if state.log_events:
            for j in (0, 1):
                state.emit("total", seat=j, total=scores[j].total, values=list(scores[j].values),
                           combos=[COMBO_NAMES[c] for c in scores[j].combos])
        winner = None if scores[0].total == scores[1].total else int(scores[1].total > scores[0].total)
        damage = 0
        if winner is None:
            state.counters[TIES] = ties + 1 + state.counters.get(TIE_BONUS, 0)
            if state.log_events:
                state.emit("tie", ties=state.counters[TIES])
        else:
            damage = scores[winner].damage + ties + (state.boost[winner] if bj[winner] else 0)
            state.counters[TIES] = 0
            if state.log_events:
                state.emit("round-won", seat=winner, damage=damage)
        for j in (0, 1):
            if bj[j]:
                state.boost[j] = 0
        if bj[0] and bj[1]:
            return self._end_native(state, winner, damage)
        return self._end_mixed(state, winner, damage)

    def _end_native(self, state: State, winner: int | None, damage: int) -> str | None:
        if winner is not None:
            self.lose_hp(state, 1 - winner, damage)
        hp = [state.seats[j].counters["hp"] for j in (0, 1)]
        if hp[0] <= 0 or hp[1] <= 0:
            both = hp[0] <= 0 and hp[1] <= 0
            finish(state, None if both else int(hp[0] <= 0), "both players at 0 HP at the end of a round" if both
                   else "HP 0 at the end of a round")
            return None
        first = state.active if winner is None else winner  # the next round's first player hosts its turn
        state.active = 1 - first  # the match's next turn goes to the other seat of the active one
        return "next-turn"

    def _end_mixed(self, state: State, winner: int | None, damage: int) -> str | None:
        host, guest = state.active, 1 - state.active
        self._return_revealed(state, guest)
        if winner == guest:
            self.lose_hp(state, host, damage)
        if state.seats[host].counters["hp"] <= 0:
            finish(state, guest, "HP 0 at the end of a round")
            return None
        if winner == host:
            attacker = state.seats[host].zones["field"][-1]
            state.attack = Attack(attacker, None, hits_left=damage, defender=guest)
            if state.log_events:
                state.emit("attack", seat=host, attacker=attacker, target="player")
            return "damage"
        return "end"

    def _return_revealed(self, state: State, j: int) -> None:
        """The other game's cards of the round go under its deck one by one, in the order revealed."""
        seat = state.seats[j]
        row = seat.zones.get(ROW, [])
        if not row:
            return
        seat.zones["deck"][:0] = row[::-1]
        for uid in row:
            seat.face_down.discard(uid)
            seat.card_counters.pop(uid, None)
        if state.log_events:
            state.emit("to-deck-bottom", seat=j, cards=len(row))
        seat.zones[ROW] = []

    def lose_hp(self, state: State, i: int, amount: int) -> None:
        counters = state.seats[i].counters
        counters["hp"] = max(0, counters["hp"] - amount)
        if state.log_events:
            state.emit("hp", seat=i, damage=amount, hp=counters["hp"])

    # --- the attack of the round and the defender -----------------------------------------------------

    def attackers(self, state: State, i: int) -> list[int]:
        return []  # the round's one attack is made by the round step itself

    def targets(self, state: State, i: int, attacker: int, defender: int) -> list[int | None]:
        return [None]

    def characters(self, state: State, i: int) -> list[int]:
        """No characters, except the card that carries the round's attack while it is dealt."""
        attack = state.attack
        if attack is not None and state.cards[attack.attacker].owner == i and attack.attacker in \
                state.seats[i].zones["field"]:
            return [attack.attacker]
        return []

    def take_hit(self, state: State, i: int) -> HitResult:
        """One SP point lowers HP by 1; losing is checked at the end of a round (or of the opponent's turn)."""
        self.lose_hp(state, i, 1)
        return "ok"

    def take_attack(self, state: State, i: int, amount: int) -> HitResult:
        """A direct-damage attacker lowers HP by its AP in whole canonical points (rounded down)."""
        self.lose_hp(state, i, amount // 1000)
        return "ok"



# a card instance's slot (each entry keeps its card): unmarked, in a ブレイクジョーカー row or not; marked, by its marks
_PLAIN: dict[bool, dict[int, tuple[CardData, Slot]]] = {True: {}, False: {}}
_MARKED: dict[tuple[Any, ...], tuple[CardData, Slot]] = {}


def _slot(card: CardData, marks: dict[str, int], bj: bool) -> Slot:
    return Slot(_options(card.cost, marks, bj), card.colours[0] if card.colours else None, card.title,
                bool(marks.get("wild-suit")), bool(marks.get("wild-title")))


def _options(number: int, marks: dict[str, int], bj: bool) -> tuple[tuple[int, int], ...]:
    """What a card may count as: (value in the total, number for the number combos)."""
    plus = marks.get("plus", 0)
    if not bj:
        return ((number + plus, number + plus),)
    number = marks.get("as", number)
    if marks.get("any"):
        base: tuple[tuple[int, int], ...] = tuple((n, n) for n in range(1, 8))
    elif marks.get("north"):
        base = ((1, 1), (7, 7), (11, 1))
    elif number == 1:
        base = ((1, 1), (11, 1))
    else:
        base = ((number, number),)
    return tuple((v + plus, n + plus) for v, n in base)
