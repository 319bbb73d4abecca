"""A core game played from its data alone: its rule profile and AMALOGS page, for every game with no module
of its own (``docs/referee.md`` lists what it does and what it leaves out).

What it reads, besides the facts every game reads (:class:`~amalogs.referee.engine.rules.GameRules`):

- **zones** by the canonical zone the page maps each native zone to: the deck (山札), hand (手札), the field
  (the first 場), the resource area (資源エリア), the life area (ライフエリア), the discard pile (墓地);
- **cards**: a card type of the キャラ科 is a character; its battle values come from the stats the page maps
  to BP, AP and DP — or HP, which counts as DP (after the adjust ratios) —, its strike value from the stat
  mapped to SP (1 by default in an SPS game), its cost from the stat mapped to コスト (else 大コスト); a 資源科
  card is a resource card; damage on characters clears by the page's ダメージクリンナップ (HP制: it stays);
- **resources** by the profile's source: any card from hand (``any-card``), a resource card from hand
  (``dedicated-cards``) — once a turn (``per_turn``) — or cards from the deck top each turn (``automatic``,
  ``deck-top``); a cost is paid by resting that many standing resources, with the colours
  ``resources.colour_rule`` asks for (a resource gives its own colours, or those of ``resources.colour_source``);
  ``resources.plays_per_turn`` limits the cards played from hand a turn;
- **turn**: ready, draw (the first player skips its first draw where the profile says so; an empty deck loses
  where ``misc.library_out`` is ``lose`` or a lose condition has the form ``deck-out``), resources, main,
  attacks, end;
- **attacks**: the targets of ``battle.targets`` (default: the player, and rested characters with
  サーチアタック); blocks by ``battle.blockers`` (default: any standing character with ブロック宣言, else none);
  with ワンサイドアタック an attacked character deals no damage back; summoning sickness from the profile;
  ``battle.attack_check`` cards revealed from the deck top after blocks (a drive check: each to hand, a
  チェックトリガー's effects take place);
- **選抜リーダー制**: each player puts a character from its opening hand into play as its leader; only the leader
  attacks and only the leader can be attacked (by any game's attacker); when it leaves play its player picks
  another at once; a player with no character in play loses (as does any game with a ``no-characters`` lose
  condition);
- **life** by the page's life system: シールドライフ and ライフカード (a pile from the deck top; each point
  moves one card to the hand, and a card with a life trigger may be played free), フォートライフ (forts with the
  tiers' defence: an SP point breaks one, a DDS attack's damage adds up on the top fort within the turn),
  ダメージ蓄積 (each point puts the deck top into the damage area, where a チェックトリガー's effects take place;
  reaching the limit loses), ライフポイント (a number, or the HP of the extra card ``life.from_card``: a leader's
  HP; an SPS point takes 1, a DDS attacker its AP), プライズカード (prize cards set aside from the deck: one
  taken into hand per opposing character knocked out, the last one wins; a player loses when as many of its
  own characters have been knocked out).

Card effects run through the canonical effect engine, as for every game; ``native`` ones are logged as not
carried out.

The game is :class:`ProfileGame`, here with what it reads and its setup, turn, attacks and blocks; its main
phase (resources, payments, plays) is :class:`~amalogs.referee.games.profile_plays.ProfilePlays` and its life
(hits, healing, triggers, prize cards) :class:`~amalogs.referee.games.profile_life.ProfileLife`, classes it
inherits in one line (life, places, evolution, energy, equipment, plays: one base each, so mypyc compiles them),
so every hook stays a method of the game (no extra call on the hot path).
"""

from __future__ import annotations

from typing import Any

from amalogs.catalog import Game
from amalogs.models.cards import Card
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.core import (
    POINTS,
    POINTS_MAX,
    draw_from_deck,
    move_top,
    shuffle,
    standing,
)
from amalogs.referee.engine.registry import characters_of, spent_characters
from amalogs.referee.engine.rules import GameRules
from amalogs.referee.engine.stack import is_check_trigger, push_effects
from amalogs.referee.engine.state import CardData, Seat, State
from amalogs.referee.engine.values import forbidden, has, ignores
from amalogs.referee.games.profile_energy import LEADER
from amalogs.referee.games.profile_evolve import EVOLVES, UNDER
from amalogs.referee.games.profile_places import RIDES
from amalogs.referee.games.profile_plays import PLAYS, OfTypes, ProfilePlays

__all__ = ["ProfileGame"]

MULLIGANS = "mulligans"  # seat counter: mulligans taken (setup.mulligan.times)
RETURNED = "mulligan-returned"  # seat counter: cards returned so far in a partial mulligan
NO_CHARACTER = "no character in play"


def _number(value: Any) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int | float):
        return int(value)
    if isinstance(value, dict):
        return sum(_number(v) for v in value.values())
    return 0


class ProfileGame(ProfilePlays):  # (ProfilePlays builds on ProfilePlaces)
    """A core game read from its profile and page (see the module docstring)."""

    targets_per_attacker = False  # its targets are the same for every attacker

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
        resources = page.zones_on("資源エリア")
        self.resource_zone = resources[0] if resources else self.field
        life = profile.life.zone  # the profile's own word first: a page may map layers of life to ライフエリア too
        self.life_zone = renamed.get(life, life) if life else canonical.get("ライフエリア", "life")
        self.position_zones = {z: renamed.get(z, z) for z in zones}
        self.zones: tuple[str, ...] = tuple(dict.fromkeys([*(renamed.get(z, z) for z in zones), "deck", "hand",
                                                            "discard", "removed", self.field, self.resource_zone,
                                                            self.life_zone]))
        self.hidden_zones = frozenset(renamed.get(z.id, z.id) for z in profile.zones if z.visibility == "hidden") | {
            "deck", self.life_zone}
        self.top_last = frozenset({self.deck, self.life_zone})
        self.private_zones = frozenset(renamed.get(z.id, z.id) for z in profile.zones
                                       if z.visibility == "private") - {"hand"}  # only their owner sees them
        genus = {e.native: e.genus.value for e in page.card_types if e.genus is not None}
        self.characters_types = frozenset(t for t, g in genus.items() if g in _CHARACTER_GENERA)
        self.resource_types = frozenset(t for t, g in genus.items() if g == "常駐資源")
        self.character_cards, self.resource_cards = OfTypes(self.characters_types), OfTypes(self.resource_types)
        self.keep_types = frozenset(t for t, g in genus.items() if g in ("アイテム", "フィールド", "装備"))
        status = {e.native: e.stat.value for e in page.status if e.stat is not None}
        self.stat_of = {stat: native for native, stat in list(status.items())[::-1]}
        self.ratio = {native: float(page.ratio_of(native)) for native in status}
        # positions write damage in the printed units of the stat it counts against
        self.damage_stat = self.stat_of.get("DP") or self.stat_of.get("HP") or self.stat_of.get("BP")
        stats = {s.id: s for s in profile.stats}
        res = profile.resources
        self.source = res.source
        self.costs = res.costs  # False: nothing costs a resource (play is limited by nothing)
        self.per_turn = res.per_turn if res.per_turn is not None else 1
        self.plays_per_turn = res.plays_per_turn
        self.cost_stat = self.stat_of.get("コスト") or self.stat_of.get("大コスト")
        colour_cost = self.cost_stat in stats and stats[self.cost_stat].kind == "colour-cost"
        self.colour_rule = res.colour_rule or ("colour-cost" if colour_cost else "none")
        self.colour_source = res.colour_source
        ignored = set(profile.deck.colours.ignore) if profile.deck.colours else set()
        # the colours a payment must match: not one the deck's colour rule ignores, nor one the page maps to 無色
        colourless = {e.native for e in page.colours if str(getattr(e.slot, "value", e.slot)) == "無色"}
        self.coloured = frozenset(c.id for c in profile.colours if c.id not in ignored | colourless)
        self.natives_of_slot: dict[str, tuple[str, ...]] = {}  # a canonical colour slot → the native colours in it
        for e in page.colours:
            slot = str(getattr(e.slot, "value", e.slot))
            self.natives_of_slot[slot] = (*self.natives_of_slot.get(slot, ()), e.native)
        self.producing: dict[str, tuple[str, ...]] = {}  # a card in play that pays like a resource → its colours
        lose_forms = {c.form: c for c in profile.lose_conditions if c.form}
        win_forms = {c.form: c for c in profile.win_conditions if c.form}
        self.library_out_loses = profile.misc.library_out == "lose" or "deck-out" in lose_forms
        self.draw_out_loss = "had to draw from an empty deck" if self.library_out_loses else None
        self.sps = page.damage_system().value == "SPS"
        rules = {e.rule.value for e in page.keyword_rules}
        self.one_sided = "ワンサイドアタック" in rules
        self.quick_types = frozenset(t for e in page.spell_speeds if e.speed == 2 for t in e.card_types)
        self.quick_keywords = frozenset(e.native for e in page.unified_keywords if e.spell_speed == 2)
        self.leader_rule = "選抜リーダー制" in rules
        self.no_characters_loses = self.leader_rule or "no-characters" in lose_forms
        battle = profile.battle
        self.attack_targets = frozenset(battle.targets or ("player", *(("rested-characters",)
                                                                        if "サーチアタック" in rules else ())))
        self.blockers = battle.blockers or ("any" if "ブロック宣言" in rules else "none")
        self.blocker_keyword = battle.blocker_keyword
        self.evasion = {e.keyword: frozenset(e.blocked_by) for e in battle.keywords.evasion}
        self.vigilance, self.defender = battle.keywords.vigilance, battle.keywords.defender
        self.trample = battle.keywords.trample
        self.attack_check = battle.attack_check
        self.life_system = page.life_system().value
        limit = lose_forms.get("count-reached")
        self.damage_limit = limit.count if limit is not None and limit.count else None
        prizes = win_forms.get("count-reached")
        self.prize_goal = prizes.count if prizes is not None and prizes.count else None
        self.life_card = profile.life.from_card
        self.printed_life: dict[str, int] = {}  # card id → the life or HP a life.from_card card prints
        self.life_to = self.hand if profile.life.to == "hand" else self.discard
        self.layers = tuple(layer.model_copy(update={"zone": renamed.get(layer.zone, layer.zone)})
                            for layer in profile.life.layers)
        self.layered = bool(self.layers)
        shields = frozenset(layer.zone for layer in self.layers if layer.kind == "shields")
        self.hidden_zones, self.top_last = self.hidden_zones | shields, self.top_last | shields  # face down, top last
        self.base_unit = 1000 * self.ratio.get(self.damage_stat, 1) if self.damage_stat else 1000
        self.mulligan = profile.setup.mulligan.kind
        self.filters_attacks = self.leader_only = self.leader_rule
        self.card_refs = frozenset({LEADER}) if self.leader_rule else frozenset()
        self.checks_state = self.no_characters_loses
        self.acts_between = self.no_characters_loses or self.leader_rule  # (what state_loss and interjection read)
        self.counts_knock_outs = self.life_system == "プライズカード"
        self.resource_deck, self.first_turn, self.resource_max, self.counter = \
            res.deck, res.first_turn, res.maximum, res.counter
        self.pays_points = res.counter is not None
        power = self.stat_of.get("BP") or self.stat_of.get("AP")  # attaching (DON!!): the power one card adds
        self.attach_power = (round(res.attach.power * self.ratio.get(power, 1) * 1000)
                             if res.attach is not None and power is not None else 0)
        self.attach_sides = (0, 1) if "BP" in self.stat_of else (0,)  # both sides of BP; AP alone otherwise
        self.returns_spent = res.spent == "returned" and res.deck is not None
        self.deck_top_resources = (self.resource_deck is None and self.counter is None
                                   and (self.source == "deck-top" or (self.source == "automatic"
                                                                      and res.arrival != "rules")))
        if self.resource_deck is not None:  # held with the top card last, its cards unseen (only their count)
            self.top_last = self.top_last | {self.resource_deck}
            self.hidden_zones = self.hidden_zones | {self.resource_deck}
        self._read_places(game, renamed)
        self._read_evolve(game)
        self._read_energy(game)
        self._read_equip(game)
        if self.evolve is not None:  # the cards under evolved characters lie in a zone of their own
            self.zones = tuple(dict.fromkeys([*self.zones, UNDER]))
        self.filters_attacks = self.filters_attacks or self.attack_rows is not None or self.leader_place is not None
        self.guard_stat = profile.battle.guard.stat if profile.battle.guard is not None else None
        self.counter_blast_zone = self.life_zone if self.life_system == "ダメージ蓄積" else None

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
        raw = card.stats.get(self.cost_stat) if self.cost_stat else None
        cost = _number(raw)
        table = tuple((str(c), _number(n)) for c, n in raw.items()) if isinstance(raw, dict) else ()
        given = card.stats.get(self.colour_source) if self.colour_source is not None else None
        gives = tuple(str(c) for c in given) if isinstance(given, list | tuple) else ()
        if self.colour_source is not None and given is None and card.type in self.resource_types:
            gives = tuple(card.colours)  # (a resource card that prints no such stat, converted: its own colours)
        if any(e.do == "ignore_keyword" for e in card.effects):
            self.targets_per_attacker = True  # (an attacker that ignores a lure has targets of its own)
        produce = next((e for e in card.effects if e.do == "produce" and e.for_card is None), None)
        if produce is not None:  # a mana ability: the colours it gives (a card in play that is no resource pays too)
            gives = gives or self._produced(produce.colours)
            if card.type not in self.resource_types:
                self.producing[card.id] = gives
        printed = [card.stats.get(self.stat_of[s]) for s in (("BP",) if bp else ("AP", "DP", "HP")) if s in self.stat_of]
        shown = "/".join(str(v) for v in printed if v is not None) if character else ""  # as the card prints them
        hp = self._value(card, "HP") if self.life_card else 0  # a leader card's HP (life.from_card)
        if hp:
            self.printed_life[card.id] = hp // 1000
        level = _number(card.stats.get(self.level_stat)) if self.level_stat else 0
        loyalty = _number(card.stats.get(self.loyalty_stat)) if self.loyalty_stat else 0
        shield = (round(_number(card.stats.get(self.guard_stat)) * self.ratio.get(self.guard_stat, 1) * 1000)
                  if self.guard_stat else 0)
        base = card.stats.get(self.evolve_stat) if self.evolve_stat else None  # 進化: the card it goes onto
        self.read_energy_card(card)
        data = CardData(uid, owner, card.id, card.name, card.type, card.colours, cost,
                        ap if character else 0, dp if character else hp, sp if character else 0,
                        frozenset(card.keywords), frozenset(), shown, table, tuple(card.effects), gives=gives,
                        level=level, shield=shield, loyalty=loyalty,
                        evolves_from=str(base) if isinstance(base, str) and base else None)
        self.read_equip_card(card, data)
        return data

    def _produced(self, colours: list[Any]) -> tuple[str, ...]:
        """The native colours of a produce effect's canonical ones (``any``: every colour a payment matches)."""
        if "any" in colours:
            return tuple(sorted(self.coloured))
        return tuple(n for c in colours for n in self.natives_of_slot.get(str(getattr(c, "value", c)), ()))

    def new_seat(self, parts: dict[str, list[int]], rules: GameRules) -> Seat:
        seat = Seat(self.id, {z: [] for z in self.zones})
        seat.zones[self.deck] = list(parts.get("main", []))
        for part, uids in parts.items():  # side decks and extra cards stay apart, where their part is named
            if part != "main":
                seat.zones.setdefault(part, []).extend(uids)
        self.deal_evolve_points(seat, second=False)  # (the second player's extra comes in finish_setup)
        for layer in self.layers:  # a base's HP left (a position may say less)
            if layer.kind == "base":
                seat.counters[layer.id] = layer.hp
        if rules.life_system == "ライフポイント":  # a leader card's HP replaces it in finish_setup
            seat.counters.update({"hp": rules.life, **({"hp-max": rules.life_maximum} if rules.life_maximum else {})})
        return seat

    def finish_setup(self, state: State, i: int) -> None:
        seat, rules = state.seats[i], state.rules[i]
        deck = seat.zones[self.deck]
        life_card = seat.zones[self.life_card][0] if self.life_card and seat.zones.get(self.life_card) else None
        printed = self.printed_life.get(state.cards[life_card].card_id, 0) if life_card is not None else 0
        if self.leader_kind is not None and seat.zones.get(self.leader_kind):  # the leader onto its place
            self._set_leader(state, i, seat.zones[self.leader_kind][0])
        if rules.life_system == "ライフポイント" and printed > 0:  # the leader card's HP
            seat.counters["hp"] = printed
        if rules.life_system in ("シールドライフ", "ライフカード", "フォートライフ", "プライズカード"):
            count = rules.life
            if printed > 0 and rules.life_system != "プライズカード":  # the leader's printed life
                count = printed
            seat.zones[self.life_zone] = [deck.pop() for _ in range(min(count, len(deck)))]
        for layer in self.layers:  # the shields in front of the life, from the deck top
            if layer.kind == "shields":
                seat.zones[layer.zone] = [deck.pop() for _ in range(min(layer.count, len(deck)))]
        if i != state.first:
            self.deal_evolve_points(seat, second=True)
        if self.counter is not None:  # points, not cards: the counter's maximum starts at resources.starting
            seat.counters[POINTS] = seat.counters[POINTS_MAX] = rules.starting_resources
        elif self.resource_deck is not None or self.source in ("any-card", "automatic", "deck-top"):
            pile = seat.zones[self.resource_deck or self.deck]  # a separate resource deck, never the main deck's
            seat.zones[self.resource_zone] += [pile.pop() for _ in range(min(rules.starting_resources, len(pile)))]
        resources = (seat.counters[POINTS] if self.counter is not None
                     else len(seat.zones[self.resource_zone]) if self.resource_zone != self.field else 0)
        layers = {"layers": {layer.id: len(seat.zones[layer.zone]) if layer.kind == "shields" else layer.hp
                             for layer in self.layers}} if self.layers else {}
        if rules.life_system == "ライフポイント":
            state.emit("life-set", seat=i, hp=seat.counters.get("hp", 0), energy=resources, **layers)
        else:
            state.emit("life-set", seat=i, life=len(seat.zones[self.life_zone]), energy=resources, **layers)

    # --- setup: a first character in play (選抜リーダー制, or a game that loses with none) -------------------

    def setup_actions(self, state: State, i: int) -> list[Action]:
        seat = state.seats[i]
        if self.first_leader is not None:
            first = self.first_leader_actions(state, i)
            if first:
                return first
        if state.rules[i].mulligans and not seat.mulligan_decided:
            if self.mulligan == "partial":  # return any cards, then draw as many (at least one to redraw)
                returns = [Action("return", (u,)) for u in seat.zones[self.hand]]
                return [Action("done") if seat.counters.get(RETURNED) else Action("keep"), *returns]
            return [Action("keep"), Action("mulligan")]
        if not self.no_characters_loses or self.characters(state, i):
            return []
        able = self._first_characters(state)  # (not an evolution card that evolves from the hand)
        hand = [u for u in seat.zones[self.hand] if u in able]
        if hand:
            return [Action("leader" if self.leader_rule else "first", (u,)) for u in hand]
        if any(u in able for u in seat.zones[self.deck]):
            return [Action("redraw")]  # no character in the opening hand: show it, shuffle it back, draw again
        return []  # no character in the whole deck: the seat will lose as play begins

    def apply_setup(self, state: State, i: int, action: Action) -> None:
        seat = state.seats[i]
        if action.verb == "first-leader":
            self.set_first_leader(state, i, int(action.args[0]))
            return
        if action.verb == "return":  # a partial mulligan: this card goes back into the deck
            seat.zones[self.hand].remove(int(action.args[0]))
            seat.zones[self.deck].append(int(action.args[0]))
            seat.counters[RETURNED] = seat.counters.get(RETURNED, 0) + 1
            return
        if action.verb == "done":  # … then the deck is shuffled and as many are drawn
            returned = seat.counters.pop(RETURNED)
            shuffle(state.rng, seat.zones[self.deck])
            for _ in range(returned):
                self.draw(state, i)
            state.emit("mulligan", seat=i, returned=returned)
            self._mulliganed(state, i)
            return
        if action.verb == "mulligan":
            super().apply_setup(state, i, action)
            self._mulliganed(state, i)
            return
        if action.verb == "keep":
            seat.mulligan_decided = True
            return
        if action.verb == "redraw":
            size = len(seat.zones[self.hand])
            seat.zones[self.deck] += seat.zones[self.hand]
            seat.zones[self.hand] = []
            shuffle(state.rng, seat.zones[self.deck])
            state.emit("redraw", seat=i, reason="no character in the opening hand")
            for _ in range(size):
                self.draw(state, i)
            return
        uid = int(action.args[0])
        seat.zones[self.hand].remove(uid)
        seat.zones[self.field].append(uid)
        seat.entered[uid] = state.turn
        if self.leader_rule:
            seat.counters[LEADER] = uid
        state.emit("leader" if self.leader_rule else "first-character", seat=i, card=uid, name=state.cards[uid].name)

    def _first_characters(self, state: State) -> frozenset[int]:
        """The characters that may be put into play first (evolution cards that evolve from the hand aside)."""
        chars = self.character_cards.among(state.cards)
        if self.hand_evolution:
            return frozenset(u for u in chars if not state.cards[u].evolves_from)
        return chars

    def _mulliganed(self, state: State, i: int) -> None:
        """One more mulligan taken: the seat may take another while the profile's times allow."""
        seat = state.seats[i]
        seat.counters[MULLIGANS] = seat.counters.get(MULLIGANS, 0) + 1
        seat.mulligan_decided = seat.counters[MULLIGANS] >= state.rules[i].mulligans

    # --- between decisions ----------------------------------------------------------------------------

    def _leader(self, state: State, i: int) -> int | None:
        uid = state.seats[i].counters.get(LEADER)
        return uid if uid is not None and uid in state.seats[i].zones[self.field] else None

    def leader_of(self, state: State, i: int) -> int | None:
        return self.leader_card(state, i) if self.leader_place is not None else self._leader(state, i)

    def state_loss(self, state: State, i: int) -> str | None:
        if self.no_characters_loses and self.character_cards.among(state.cards).isdisjoint(
                state.seats[i].zones[self.field]):
            return NO_CHARACTER
        return None

    def interjection(self, state: State, i: int) -> list[Action]:
        if not self.leader_rule or self._leader(state, i) is not None:
            return []
        return [Action("leader", (u,)) for u in self.characters(state, i)]

    def apply_interjection(self, state: State, i: int, action: Action) -> None:
        uid = int(action.args[0])
        state.seats[i].counters[LEADER] = uid
        state.emit("leader", seat=i, card=uid, name=state.cards[uid].name)

    def attackable(self, state: State, i: int, attacker: int, offered: list[int | None]) -> list[int | None]:
        if self.leader_rule:
            leader = self._leader(state, i)
            return [leader] if leader is not None else []
        # places: the leader is attacked as the player, and only cards in the attack rows as cards
        seat, leader = state.seats[i], self.leader_card(state, i)
        return [t for t in offered if t is None or (t != leader and self.in_attack_rows(seat, t))]

    # --- the host's turn ------------------------------------------------------------------------------

    def begin_turn(self, state: State, i: int) -> str | None:
        seat = state.seats[i]
        seat.energy_placed = False
        seat.counters.pop(PLAYS, None)
        seat.counters.pop(RIDES, None)
        seat.counters.pop(EVOLVES, None)
        self.forget_turn_limits(seat)
        seat.rested -= set(seat.zones[self.field]) | set(seat.zones[self.resource_zone])
        first_turn = state.rules[i].first_player_skips_draw and i == state.first and seat.turns == 1
        if not first_turn and not draw_from_deck(state, i) and self.library_out_loses:
            return "had to draw from an empty deck"
        self.resources_arrive(state, i)
        return None

    def attackers(self, state: State, i: int) -> list[int]:
        seat = state.seats[i]
        sick = state.rules[i].summoning_sickness
        if not self.first_turn_attacks and i == state.first and seat.turns == 1:
            return []
        if self.leader_rule:  # only the leader attacks
            leader = self._leader(state, i)
            able = [leader] if leader is not None and self.has_character(state, i, leader) else []
        else:
            able = self.characters(state, i)
        able = [u for u in standing(seat, able)
                if not (sick and seat.entered.get(u) == state.turn and not has(state, u, "速攻"))]
        cards = state.cards
        able = [u for u in able if not (cards[u].forbids and forbidden(state, u, "attack"))]
        if self.defender is not None:  # a card with the defender keyword never attacks
            able = [u for u in able if self.defender not in state.cards[u].keywords]
        if self.vigilance is not None and seat.used:  # one that attacked without resting does not attack again
            able = [u for u in able if (u, ATTACKED) not in seat.used]
        if self.attack_rows is not None:
            able = [u for u in able if self.in_attack_rows(seat, u)]
        if self.attack_cost_stat is not None:  # only with its attack cost attached
            able = [u for u in able if self.can_attack_with(state, seat, u)]
        return able

    def on_attack(self, state: State, i: int, uid: int) -> None:
        """Attacking rests the attacker, except one with the vigilance keyword (it is marked as having attacked
        this turn instead: ability -1 in the seat's once-a-turn set)."""
        if self.vigilance is None or self.vigilance not in state.cards[uid].keywords:
            state.seats[i].rested.add(uid)
        else:
            state.seats[i].used.add((uid, ATTACKED))

    def targets(self, state: State, i: int, attacker: int, defender: int) -> list[int | None]:
        if "characters" in self.attack_targets:
            chars = characters_of(state, defender)
        elif "rested-characters" in self.attack_targets:
            chars = spent_characters(state, defender)
        else:
            chars = []
        player = "player" in self.attack_targets
        if self.board_size is not None and self.on_my_board(state, defender):  # (play.board: the squares next to it)
            chars, player = self.board_targets(state, i, attacker, defender, chars, player)
        decoys = [u for u in chars if has(state, u, "デコイ")]
        if decoys and not ("static" in state.cards[attacker].timed and ignores(state, attacker, "デコイ")):
            return list(decoys)
        return [*([None] if player else []), *chars]

    def after_blocks(self, state: State) -> str:
        """The attacker's check (``battle.attack_check``, ヴァンガード's drive check): each revealed card goes to
        hand; the effects of a trigger (チェックトリガー, or effects ``when = "check"``) take place."""
        i = state.active
        attack = state.attack
        for _ in range(self.checks_of(state, attack.attacker) if attack is not None else self.attack_check):
            uid = move_top(state, i, self.deck, self.hand, "attack-check")
            if uid is not None and is_check_trigger(state.cards[uid]):
                push_effects(state, i, uid, "check")
        return "resolve-attack"

    def characters(self, state: State, i: int) -> list[int]:
        chars = self.character_cards.among(state.cards)
        return [u for u in state.seats[i].zones[self.field] if u in chars]

    def has_character(self, state: State, i: int, uid: int) -> bool:
        return uid in self.character_cards.among(state.cards) and uid in state.seats[i].zones[self.field]

    def permanents(self, state: State, i: int) -> list[int]:
        return list(state.seats[i].zones[self.field])

    # --- the defender ---------------------------------------------------------------------------------

    def block_options(self, state: State, i: int, target: int | None) -> list[int]:
        if self.blockers == "none":
            return []
        seat = state.seats[i]
        cards = state.cards
        able = [u for u in standing(seat, self.characters(state, i))
                if u != target and not (cards[u].forbids and forbidden(state, u, "block"))]
        if self.blockers == "keyword":
            return [u for u in able if self.blocker_keyword in state.cards[u].keywords]
        return able

    def battle_damage(self, state: State, attacker: int, defender: int, dealt: dict[int, int]) -> None:
        """ワンサイドアタック: in an attack this game's character makes, the attacked one deals nothing back."""
        if self.one_sided and state.seats[state.cards[attacker].owner].game == self.id:
            dealt[defender] = 0
        if self.weakness_stat is not None:
            self.weakness_damage(state, attacker, defender, dealt)


ATTACKED = -1
"""In a seat's once-a-turn set (``Seat.used``) with a card: it attacked this turn without resting (vigilance)."""

_CHARACTER_GENERA = frozenset({"キャラ", "エースキャラ", "進化キャラ", "サポートキャラ", "エネミーキャラ", "リーダーキャラ"})
