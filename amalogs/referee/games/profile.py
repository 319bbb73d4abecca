"""A core game played from its data alone: its rule profile and AMALOGS page, for every game with no module
of its own (a first version; ``docs/referee.md`` lists what it does and what it leaves out).

What it reads, besides the facts every game reads (:class:`~amalogs.referee.engine.rules.GameRules`):

- **zones** by the canonical zone the page maps each native zone to: the deck (山札), hand (手札), the field
  (the first 場), the resource area (資源エリア), the life area (ライフエリア), the discard pile (墓地);
- **cards**: a card type of the キャラ科 is a character; its battle values come from the stats the page maps
  to BP, AP and DP — or HP, which counts as DP (after the adjust ratios) —, its strike value from the stat
  mapped to SP (1 by default in an SPS game), its cost from the stat mapped to コスト (else 大コスト); a 資源科
  card is a resource card; damage on characters clears by the page's ダメージクリンナップ (HP制: it stays);
- **resources** by the profile's source: any card from hand (``any-card``), a resource card from hand
  (``dedicated-cards``) — once a turn (``per_turn``) — or cards from the deck top each turn (``automatic``,
  ``deck-top``); a cost is paid by resting that many standing resources;
- **turn**: ready, draw (the first player skips its first draw where the profile says so; an empty deck loses
  where ``misc.library_out`` is ``lose``), resources, main, attacks, end;
- **attacks**: the player (プレイヤーアタック) and, with サーチアタック, a rested character; a standing
  character may block where the defender's page has ブロック宣言; with ワンサイドアタック an attacked
  character deals no damage back; summoning sickness from the profile;
- **life** by the page's life system: シールドライフ and ライフカード (a pile from the deck top; each point
  moves one card to the hand, and a card with a life trigger may be played free), ダメージ蓄積 (each point
  puts the deck top into the damage area; a check trigger may be played free; reaching the profile's life
  loses), ライフポイント (a number; an SPS point takes 1, a DDS attacker its AP); any other life system is
  played as shields.

Card effects run through the canonical effect engine, as for every game; ``native`` ones are logged as not
carried out.
"""

from __future__ import annotations

from typing import Any

from amalogs.catalog import Game
from amalogs.models.cards import Card
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.core import (
    CoreGame,
    HitResult,
    draw_from_deck,
    move_top,
    standing,
)
from amalogs.referee.engine.rules import GameRules
from amalogs.referee.engine.stack import push_effects
from amalogs.referee.engine.state import CardData, Seat, State
from amalogs.referee.engine.values import has

__all__ = ["ProfileGame"]

TRIGGERS = frozenset({"ライフトリガー", "チェックトリガー"})


def _number(value: Any) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int | float):
        return int(value)
    if isinstance(value, dict):
        return sum(_number(v) for v in value.values())
    return 0


class ProfileGame(CoreGame):
    """A core game read from its profile and page (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        profile, page = game.profile, game.page
        self.id = game.id
        zones = [z.id for z in profile.zones]
        canonical: dict[str, str] = {}
        for entry in page.permanent_types:
            if entry.state is None:
                canonical.setdefault(str(entry.zone.value if hasattr(entry.zone, "value") else entry.zone),
                                     entry.native)
        # the engine's own names for the zones every game has (it draws from "deck", discards to "discard" …);
        # the game's other zones keep their profile ids
        renamed = {canonical.get("山札", "deck"): "deck", canonical.get("手札", "hand"): "hand",
                   canonical.get("墓地", "discard"): "discard", canonical.get("除外", "removed"): "removed"}
        self.deck, self.hand, self.discard = "deck", "hand", "discard"
        self.field = canonical.get("場", "field")
        resources = [e.native for e in page.permanent_types if str(getattr(e.zone, "value", e.zone)) == "資源エリア"]
        self.resource_zone = resources[0] if resources else self.field
        self.life_zone = canonical.get("ライフエリア", "life")
        self.position_zones = {z: renamed.get(z, z) for z in zones}
        self.zones: tuple[str, ...] = tuple(dict.fromkeys([*(renamed.get(z, z) for z in zones), "deck", "hand",
                                                            "discard", "removed", self.field, self.resource_zone,
                                                            self.life_zone]))
        self.hidden_zones = frozenset(renamed.get(z.id, z.id) for z in profile.zones if z.visibility == "hidden") | {
            "deck", self.life_zone}
        self.top_last = frozenset({self.deck, self.life_zone})
        genus = {e.native: e.genus.value for e in page.card_types if e.genus is not None}
        self.characters_types = frozenset(t for t, g in genus.items() if g in _CHARACTER_GENERA)
        self.resource_types = frozenset(t for t, g in genus.items() if g == "常駐資源")
        self.keep_types = frozenset(t for t, g in genus.items() if g in ("アイテム", "フィールド", "装備"))
        status = {e.native: e.stat.value for e in page.status if e.stat is not None}
        self.stat_of = {stat: native for native, stat in reversed(list(status.items()))}
        self.ratio = {native: float(page.ratio_of(native)) for native in status}
        self.source = profile.resources.source
        self.costs = profile.resources.costs  # False: nothing costs a resource (play is limited by nothing)
        self.per_turn = profile.resources.per_turn if profile.resources.per_turn is not None else 1
        self.library_out_loses = profile.misc.library_out == "lose"
        self.draw_out_loss = "had to draw from an empty deck" if self.library_out_loses else None
        self.sps = page.damage_system().value == "SPS"
        rules = {e.rule.value for e in page.keyword_rules}
        self.search_attack = "サーチアタック" in rules
        self.blocks = "ブロック宣言" in rules
        self.one_sided = "ワンサイドアタック" in rules

    # --- cards and seats ------------------------------------------------------------------------------

    def _value(self, card: Card, stat: str) -> int:
        native = self.stat_of.get(stat)
        if native is None:
            return 0
        return round(_number(card.stats.get(native)) * self.ratio.get(native, 1) * 1000)

    def card_data(self, card: Card, uid: int, owner: int) -> CardData:
        character = card.type in self.characters_types
        bp = self._value(card, "BP")
        ap, dp = (bp, bp) if bp else (self._value(card, "AP"), self._value(card, "DP") or self._value(card, "HP"))
        sp = self._value(card, "SP") // 1000 if self.stat_of.get("SP") else (1 if self.sps else 0)
        cost_stat = self.stat_of.get("コスト") or self.stat_of.get("大コスト")
        cost = _number(card.stats.get(cost_stat)) if cost_stat else 0
        printed = [card.stats.get(self.stat_of[s]) for s in (("BP",) if bp else ("AP", "DP", "HP")) if s in self.stat_of]
        shown = "/".join(str(v) for v in printed if v is not None) if character else ""  # as the card prints them
        return CardData(uid, owner, card.id, card.name, card.type, card.colours, cost,
                        ap if character else 0, dp if character else 0, sp if character else 0,
                        frozenset(card.keywords), frozenset(), shown, (), tuple(card.effects))

    def new_seat(self, parts: dict[str, list[int]], rules: GameRules) -> Seat:
        seat = Seat(self.id, {z: [] for z in self.zones})
        seat.zones[self.deck] = list(parts.get("main", []))
        for part, uids in parts.items():  # side decks and extra cards stay apart, where their part is named
            if part != "main":
                seat.zones.setdefault(part, []).extend(uids)
        if rules.life_system == "ライフポイント":
            seat.counters.update({"hp": rules.life, **({"hp-max": rules.life_maximum} if rules.life_maximum else {})})
        return seat

    def finish_setup(self, state: State, i: int) -> None:
        seat, rules = state.seats[i], state.rules[i]
        deck = seat.zones[self.deck]
        if rules.life_system in ("シールドライフ", "ライフカード", "フォートライフ"):
            seat.zones[self.life_zone] = [deck.pop() for _ in range(min(rules.life, len(deck)))]
        if self.source in ("any-card", "automatic", "deck-top"):
            seat.zones[self.resource_zone] += [deck.pop() for _ in range(min(rules.starting_resources, len(deck)))]
        state.emit("life-set", seat=i, life=len(seat.zones[self.life_zone]) or seat.counters.get("hp", 0),
                   energy=len(seat.zones[self.resource_zone]))

    # --- the host's turn ------------------------------------------------------------------------------

    def begin_turn(self, state: State, i: int) -> str | None:
        seat = state.seats[i]
        seat.energy_placed = False
        seat.rested -= set(seat.zones[self.field]) | set(seat.zones[self.resource_zone])
        first_turn = state.rules[i].first_player_skips_draw and i == state.first and seat.turns == 1
        if not first_turn and not draw_from_deck(state, i) and self.library_out_loses:
            return "had to draw from an empty deck"
        if self.source in ("automatic", "deck-top"):
            for _ in range(self.per_turn):
                move_top(state, i, self.deck, self.resource_zone, "energy")
        return None

    def gain_resource(self, state: State, i: int, rested: bool) -> None:
        move_top(state, i, self.deck, self.resource_zone, "energy", rested)

    def _is_resource(self, state: State, uid: int) -> bool:
        return state.cards[uid].type in self.resource_types

    def _free(self, state: State, seat: Seat) -> list[int]:
        zone = seat.zones[self.resource_zone]
        if self.resource_zone == self.field:  # resource cards lie on the field itself (lands)
            zone = [u for u in zone if self._is_resource(state, u)]
        return standing(seat, zone)

    def main_actions(self, state: State, i: int) -> list[Action]:
        seat = state.seats[i]
        actions: list[Action] = []
        hand = seat.zones[self.hand]
        if not seat.energy_placed and self.source in ("any-card", "dedicated-cards"):
            actions += [Action("energy", (u,)) for u in hand
                        if self.source == "any-card" or self._is_resource(state, u)]
        free = len(self._free(state, seat))
        for u in hand:
            card = state.cards[u]
            if card.type in self.resource_types:
                continue
            if not self.costs or card.cost <= free:
                actions.append(Action("play", (u,)))
        return [*actions, Action("attack-phase")]

    def apply_main(self, state: State, i: int, action: Action) -> bool:
        seat = state.seats[i]
        if action.verb == "energy":
            uid = int(action.args[0])
            seat.zones[self.hand].remove(uid)
            seat.zones[self.resource_zone].append(uid)
            seat.energy_placed = True
            state.emit("energy", seat=i, card=uid, energy=len(seat.zones[self.resource_zone]))
            return False
        if action.verb == "play":
            self._play(state, i, int(action.args[0]))
            return False
        return True

    def _play(self, state: State, i: int, uid: int, free: bool = False) -> None:
        seat, card = state.seats[i], state.cards[uid]
        if not free and self.costs:
            seat.rested.update(self._free(state, seat)[:card.cost])
        for zone in (self.hand, self.life_zone, self.discard):
            if uid in seat.zones[zone]:
                seat.zones[zone].remove(uid)
                break
        stays = card.type in self.characters_types or card.type in self.keep_types
        zone = self.field if stays else self.discard
        seat.zones[zone].append(uid)
        if stays:
            seat.entered[uid] = state.turn
        state.emit("play", seat=i, card=uid, name=card.name, zone=zone, free=free)
        push_effects(state, i, uid, "life" if free else "play")

    def attackers(self, state: State, i: int) -> list[int]:
        seat = state.seats[i]
        sick = state.rules[i].summoning_sickness
        return [u for u in standing(seat, self.characters(state, i))
                if not (sick and seat.entered.get(u) == state.turn and not has(state, u, "速攻"))]

    def targets(self, state: State, i: int, attacker: int, defender: int) -> list[int | None]:
        from amalogs.referee.engine.registry import spent_characters

        spent = spent_characters(state, defender) if self.search_attack else []
        decoys = [u for u in spent if has(state, u, "デコイ")]
        return list(decoys) if decoys else [None, *spent]

    def characters(self, state: State, i: int) -> list[int]:
        return [u for u in state.seats[i].zones[self.field] if state.cards[u].type in self.characters_types]

    def permanents(self, state: State, i: int) -> list[int]:
        return list(state.seats[i].zones[self.field])

    # --- the defender ---------------------------------------------------------------------------------

    def block_options(self, state: State, i: int, target: int | None) -> list[int]:
        if not self.blocks:
            return []
        seat = state.seats[i]
        return [u for u in standing(seat, self.characters(state, i)) if u != target]

    def battle_damage(self, state: State, attacker: int, defender: int, dealt: dict[int, int]) -> None:
        """ワンサイドアタック: in an attack this game's character makes, the attacked one deals nothing back."""
        if self.one_sided and state.seats[state.cards[attacker].owner].game == self.id:
            dealt[defender] = 0

    def take_hit(self, state: State, i: int) -> HitResult:
        seat, rules = state.seats[i], state.rules[i]
        kind = rules.life_system
        if kind == "ライフポイント":
            return self.take_attack(state, i, 1000)
        if kind == "ダメージ蓄積":
            uid = move_top(state, i, self.deck, self.life_zone, "life-revealed")
            if len(seat.zones[self.life_zone]) >= rules.life:
                return "lost"
            return self._trigger(state, uid)
        life = seat.zones[self.life_zone]
        if not life:
            return "lost"
        uid = life.pop()
        seat.zones[self.hand].append(uid)
        state.emit("life-revealed", seat=i, card=uid, name=state.cards[uid].name, life=len(life))
        if kind == "ライフカード" and not life:
            return "lost"
        return self._trigger(state, uid)

    @staticmethod
    def _trigger(state: State, uid: int | None) -> HitResult:
        if uid is not None and state.cards[uid].unified & TRIGGERS:
            state.trigger_card = uid
            return "trigger"
        return "ok"

    def take_attack(self, state: State, i: int, amount: int) -> HitResult:
        counters = state.seats[i].counters
        if state.rules[i].life_system != "ライフポイント":
            return self.take_hit(state, i)
        counters["hp"] = max(0, counters.get("hp", 0) - amount // 1000)
        state.emit("hp", seat=i, damage=amount // 1000, hp=counters["hp"])
        return "lost" if counters["hp"] <= 0 else "ok"

    def trigger(self, state: State, i: int, uid: int, use: bool) -> None:
        if use:
            self._play(state, i, uid, free=True)


_CHARACTER_GENERA = frozenset({"キャラ", "エースキャラ", "進化キャラ", "サポートキャラ", "エネミーキャラ", "リーダーキャラ"})
