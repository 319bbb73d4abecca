"""戦国大戦TCG's card rules behind :mod:`amalogs.referee.games.sengoku`: paying with 国力, 臣下, 無双連撃 and 超越,
the battle keywords (防護, 陽動, 長槍), and the shipped cards' ``native`` texts, carried out by card id.

The 忠誠/謀反 counters belong to a player (the cards say "you get a counter"), so they are the seat's
``counters``; a card whose value depends on them keeps its change in ``lasting`` and what it applied in its
``card_counters``.
"""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.bridge import destroy_if_dead
from amalogs.referee.engine.core import CoreGame, standing
from amalogs.referee.engine.effects import has
from amalogs.referee.engine.state import CardData, Seat, State

__all__ = ["ID", "LOYALTY", "REBELLION", "SengokuCards"]

ID = "sengoku-taisen"
TRANSCEND = 500  # 超越: 武力 and 兵力 per stacked card (thousandths)
LOYALTY, REBELLION = "忠誠", "謀反"


_TABLES: dict[tuple[object, ...], tuple[tuple[str, int], ...]] = {}  # (cost, colours, 伏兵?, 臣下) → circles to pay


def counter(state: State, i: int, name: str) -> int:
    return state.seats[i].counters.get(name, 0)


class SengokuCards(CoreGame):
    """Card rules of 戦国大戦TCG, mixed into the core game :class:`amalogs.referee.games.sengoku.Sengoku`."""

    def __init__(self) -> None:
        self.numbers: dict[str, str] = {}  # card id → card number (無双連撃 and 超越 match it)
        self.lords: dict[str, str] = {}  # 臣下 card id → the name of the 当主 it serves
        self.battle_ready: set[str] = set()  # 計略 that may also be played in battle
        # the counter effects the module carries out at its own moments, read from the cards' forms by card id:
        self.deploy_counters: dict[str, tuple[str, int]] = {}  # a 武将 deployed: its controller gets them
        self.play_opponent_counters: dict[str, tuple[str, int]] = {}  # a 計略 played: the opponent gets them
        self.loyal_dp: dict[str, int] = {}  # 兵力 bonus (thousandths) while its controller has a 忠誠 counter
        self.start_draw: dict[str, str] = {}  # draws at its controller's start phase while it has this counter
        self.attack_draw: dict[str, str] = {}  # draws on attack while the opponent has this counter
        self.transcend_sp: dict[str, tuple[int, int]] = {}  # 攻城力 bonus (thousandths) at this many 超越 stacked

    def counter_forms(self, card_id: str, bushou: bool, effects: tuple[Any, ...]) -> set[int]:
        """Read the counter effects this module carries out itself (``add_counter`` on play, a draw or a 兵力
        bonus under a counter condition) into its tables; the ids of the effects read."""
        read: set[int] = set()
        for e in effects:
            cond = e.condition
            c = cond.counter if cond is not None else None
            only_counter = c is not None and c.at_least == 1 and cond.model_dump(
                exclude={"counter"}, exclude_defaults=True) == {}
            if e.do == "add_counter" and e.when == "play" and cond is None:
                if bushou and e.who == "self":
                    self.deploy_counters[card_id] = (e.counter, e.count)
                elif not bushou and e.who == "opponent":
                    self.play_opponent_counters[card_id] = (e.counter, e.count)
                else:
                    continue
            elif (e.do == "modify" and e.when == "static" and e.stat.value == "SP" and e.target.self_only and bushou
                  and cond is not None and cond.under is not None
                  and cond.model_dump(exclude={"under"}, exclude_defaults=True) == {}):
                self.transcend_sp[card_id] = (cond.under, int(e.amount * 1000))  # (counted as 超越 stacks it)
            elif not only_counter or c is None:
                continue
            elif e.do == "draw" and e.count == 1 and e.who == "self" and e.when == "start-of-turn" \
                    and c.side == "self" and bushou:
                self.start_draw[card_id] = c.name
            elif e.do == "draw" and e.count == 1 and e.who == "self" and e.when == "attack" and c.side == "opponent":
                self.attack_draw[card_id] = c.name
            elif (e.do == "modify" and e.when == "static" and e.stat.value == "DP" and e.target.self_only
                  and c.side == "self" and c.name == LOYALTY and bushou):
                self.loyal_dp[card_id] = int(e.amount * 1000)
            else:
                continue
            read.add(id(e))
        return read

    def draw(self, state: State, i: int) -> bool:
        raise NotImplementedError  # the core game draws

    def payment(self, state: State, seat: Seat, table: tuple[tuple[str, int], ...],
                free: list[int] | None = None) -> list[int] | None:
        """Standby 国力 to rest: coloured circles from face-up 国力 of that colour, white circles from any
        (face-down first); None when it cannot be paid."""
        if free is None:
            free = standing(seat, seat.zones["kokuryoku"])
        chosen: list[int] = []
        taken: set[int] = set()  # (the chosen ones, to look up)
        white = 0
        down, cards = seat.face_down, state.cards
        for colour, n in table:
            if colour == "colourless":
                white += n
                continue
            match = [u for u in free if u not in taken and u not in down and colour in cards[u].colours][:n]
            if len(match) < n:
                return None
            chosen += match
            taken.update(match)
        rest = [u for u in free if u not in taken]
        if white > len(rest):
            return None
        rest = [u for u in rest if u in down] + [u for u in rest if u not in down]  # face-down first
        return chosen + rest[:white]

    @staticmethod
    def face_up_counts(state: State, seat: Seat, free: list[int]) -> dict[str, int] | None:
        """Standby face-up 国力 by colour, when each has one colour (the usual case; else None)."""
        counts: dict[str, int] = {}
        down, cards = seat.face_down, state.cards
        for u in free:
            if u in down:
                continue
            colours = cards[u].colours
            if len(colours) != 1:
                return None
            counts[colours[0]] = counts.get(colours[0], 0) + 1
        return counts

    def can_pay(self, state: State, seat: Seat, table: tuple[tuple[str, int], ...], free: list[int],
                counts: dict[str, int] | None) -> bool:
        """Whether :meth:`payment` finds a payment. With 国力 of one colour each it is a matter of counts: the
        coloured circles need that many face-up 国力 of their colour, and all circles together that many 国力."""
        if counts is None:
            return self.payment(state, seat, table, free) is not None
        total = 0
        for colour, n in table:
            if colour != "colourless" and counts.get(colour, 0) < n:
                return False
            total += n
        return total <= len(free)

    def _table(self, card: CardData, ambush: bool = False, retainers: int = 0) -> tuple[tuple[str, int], ...]:
        """The circles to pay from 国力: 伏兵 adds one of the card's colour; each 臣下 pays one white circle."""
        key = (card.cost_table, card.colours, ambush, retainers)
        known = _TABLES.get(key)
        if known is None:
            if len(_TABLES) > 4096:
                _TABLES.clear()
            known = _TABLES[key] = self._make_table(card, ambush, retainers)
        return known

    @staticmethod
    def _make_table(card: CardData, ambush: bool, retainers: int) -> tuple[tuple[str, int], ...]:
        counts = dict(card.cost_table)
        if ambush and card.colours:
            counts[card.colours[0]] = counts.get(card.colours[0], 0) + 1
        counts["colourless"] = counts.get("colourless", 0) - retainers
        return tuple((c, n) for c, n in counts.items() if n > 0)

    def _retainers(self, state: State, i: int, lord: int) -> list[int]:
        """Standby 臣下 that serve this 当主 (the one they name; one naming none serves its own colour's)."""
        seat, card = state.seats[i], state.cards[lord]
        out = []
        for u in standing(seat, seat.zones["jijin"]):
            c = state.cards[u]
            if "shinka" in c.keywords:
                named = self.lords.get(c.card_id)
                if named == card.name or (named is None and c.colours == card.colours):
                    out.append(u)
        return out[:dict(card.cost_table).get("colourless", 0)]


    def _stack_actions(self, state: State, i: int) -> list[Action]:
        """無双連撃 (an exhausted 武将, once a turn unless 乱舞) and 超越: a hand card of the same number."""
        seat = state.seats[i]
        used = seat.counters.get("musou-turn") == state.turn
        out = []
        for x in seat.zones["jijin"]:
            card = state.cards[x]
            if "musou-rengeki" not in card.keywords and "chouetsu" not in card.keywords:
                continue
            musou = "musou-rengeki" in card.keywords and x in seat.rested and (not used or "ranbu" in card.keywords)
            if not musou and "chouetsu" not in card.keywords:
                continue
            number = self.numbers.get(card.card_id, card.card_id)
            for y in seat.zones["hand"]:
                if self.numbers.get(state.cards[y].card_id, state.cards[y].card_id) == number:
                    out += [Action("musou", (x, y))] if musou else []
                    out += [Action("chouetsu", (x, y))] if "chouetsu" in card.keywords else []
        return out


    def _transcend(self, state: State, i: int, x: int, y: int) -> None:
        """超越: the identical card goes under the 武将 (+500 武力 and 兵力 each), then draw a card."""
        seat = state.seats[i]
        seat.zones["hand"].remove(y)
        seat.zones["under"].append(y)
        seat.under.setdefault(x, []).append(y)
        ap, dp, sp = seat.lasting.get(x, (0, 0, 0))
        stacked = len([u for u in seat.under[x] if u not in seat.face_down])
        at, bonus = self.transcend_sp.get(state.cards[x].card_id, (0, 0))
        sp += bonus if at == stacked else 0
        seat.lasting[x] = (ap + TRANSCEND, dp + TRANSCEND, sp)
        state.emit("chouetsu", seat=i, card=x, stacked=stacked)
        self.draw(state, i)


    def _add_counter(self, state: State, i: int, name: str, n: int) -> None:
        """Give (or remove) a player's 忠誠/謀反 counters; another game's player has none (the effect fizzles)."""
        seat = state.seats[i]
        if seat.game != ID:
            state.emit("fizzle", seat=i, card=None, effect=name)
            return
        seat.counters[name] = max(0, seat.counters.get(name, 0) + n)
        state.emit("counter", seat=i, counter=name, change=n, total=seat.counters[name])
        self._sync_loyalty(state, i)

    def _sync_loyalty(self, state: State, i: int) -> None:
        """A 兵力 bonus that lasts while the player has a 忠誠 counter (kept as a lasting change)."""
        seat = state.seats[i]
        cards, marked = state.cards, seat.card_counters
        for uid in list(seat.zones["jijin"]):
            bonus = self.loyal_dp.get(cards[uid].card_id, 0)
            want = bonus if bonus and counter(state, i, LOYALTY) else 0
            marks = marked.get(uid)
            have = marks.get(LOYALTY, 0) if marks else 0
            if want != have:
                ap, dp, sp = seat.lasting.get(uid, (0, 0, 0))
                seat.lasting[uid] = (ap, dp + want - have, sp)
                seat.card_counters[uid] = {LOYALTY: want}
                destroy_if_dead(state, uid)


    def battle_damage(self, state: State, attacker: int, defender: int, dealt: dict[int, int]) -> None:
        """The battle is confirmed: a 防護カード (used up) or 陽動 (its own turn, once) stops the battle damage both
        ways; 長槍 doubles the damage dealt to a 速攻 (奇襲) character."""
        for uid, other in ((attacker, defender), (defender, attacker)):
            owner = state.cards[uid].owner
            seat = state.seats[owner]
            if seat.game != ID:
                continue
            guarded = self._protection(seat, uid) is not None or "防護" in seat.granted.get(uid, frozenset())
            feint = ("youdou" in state.cards[uid].keywords and owner == state.active and (uid, -1) not in seat.used)
            if guarded:
                self._drop_protection(state, owner, uid)
            elif feint:
                seat.used.add((uid, -1))
                state.emit("feint", seat=owner, card=uid)
            if guarded or feint:
                dealt[uid] = dealt[other] = 0
        for uid, other in ((attacker, defender), (defender, attacker)):
            if "nagayari" in state.cards[uid].keywords and state.seats[state.cards[uid].owner].game == ID \
                    and has(state, other, "速攻"):
                dealt[uid] *= 2

    def _protection(self, seat: Seat, uid: int) -> int | None:
        return next((u for u in seat.under.get(uid, ()) if u in seat.face_down), None)

    def _drop_protection(self, state: State, i: int, uid: int) -> None:
        seat = state.seats[i]
        card = self._protection(seat, uid)
        if card is None:  # a 防護 given by an effect (no card): used up
            seat.granted[uid] = seat.granted.get(uid, frozenset()) - {"防護"}
        else:
            seat.under[uid].remove(card)
            seat.zones["under"].remove(card)
            seat.face_down.discard(card)
            seat.zones["discard"].append(card)
        state.emit("protection-used", seat=i, card=uid)

