"""仮面ライダー ブレイクジョーカー under the referee: known-answer rounds, and the bridge to the other games."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from amalogs.catalog import Catalog
from amalogs.convert.canonical import to_canonical
from amalogs.ontology.terms import CanonicalStat
from amalogs.referee import Match, RandomPlayer
from amalogs.referee.engine.state import CardData
from amalogs.referee.games.break_joker import BreakJoker
from amalogs.referee.games.break_joker_score import (
    Slot,
    readings,
    row_totals,
    score_row,
)
from amalogs.referee.games.build_divide import BuildDivide
from amalogs.referee.games.guild_heroes import GuildHeroes
from amalogs.referee.players import GreedyPlayer

from .conftest import rules
from .tables import Cards, table_state

BJ = BreakJoker()
ROUND = "break-joker:round"
FILLER = ["susuki", "utsushimi"]  # 5♠ and 5♦ without skills: something to draw


class Round:
    """A scripted ブレイクジョーカー round between two BJ seats, in its main step.

    ``rows`` are the cards already in each row (the first one face down), ``decks`` each deck from the top
    down (two cards without a skill unless given); card ids are the sample cards'. Seat ``first`` hosts the
    turn and acts first."""

    def __init__(self, catalog: Catalog, rows: tuple[list[str], list[str]],
                 decks: tuple[list[str], list[str]] = (FILLER, FILLER), first: int = 0, ties: int = 0,
                 hp: tuple[int, int] = (10, 10)) -> None:
        self.pool = catalog.cards("break-joker")
        self.cards = Cards()
        self.state = table_state([BJ.new_seat({}, rules(BJ)), BJ.new_seat({}, rules(BJ))], self.cards, random.Random(0), first=first)
        s = self.state
        s.turn, s.active, s.decider, s.phase = 1, first, first, ROUND
        s.counters.update({"ties": ties, "bj-turn": first, "bj-tie-bonus": 0, "bj-round": 1, "bj-held-0": 0,
                           "bj-held-1": 0})
        for i in (0, 1):
            seat = s.seats[i]
            seat.counters["hp"] = hp[i]
            seat.zones["field"] = [self._card(i, c) for c in rows[i]]
            if seat.zones["field"]:
                seat.face_down.add(seat.zones["field"][0])
            seat.zones["deck"] = [self._card(i, c) for c in reversed(decks[i])]
        self.match = Match(s)

    def _card(self, owner: int, card_id: str) -> int:
        self.cards.append(BJ.card_data(self.pool[card_id], len(self.cards), owner))
        return len(self.cards) - 1

    def play(self, *actions: str) -> None:
        for a in actions:
            self.match.apply_action(a)

    def check(self, *totals: int) -> None:
        """The battle check's decisions: each row that can count more than one way counts as the given totals
        in turn (the first player's first), or as its highest total when none is given."""
        chosen = list(totals)
        while self.state.phase == "break-joker:count":
            options = [int(a.args[0]) for a in self.match.legal_actions()]
            self.match.apply_action(f"count {chosen.pop(0) if chosen else max(options)}")

    def events(self, kind: str) -> list[dict[str, object]]:
        return [e for e in self.state.events if e["type"] == kind]

    def total(self, seat: int) -> dict[str, object]:
        return next(e for e in self.events("total") if e["seat"] == seat)

    def hp(self, seat: int) -> int:
        return self.state.seats[seat].counters["hp"]


# Rows from the sample cards: BJ number, suit and work title (ラシン / ミナモ / ツムギ / カガリビ).
LOW = ["rashin-west", "tsumugi"]  # 2♦ ラシン + 2♠ ツムギ = 4


def test_a_bust_counts_as_0_and_loses_to_any_total(catalog: Catalog) -> None:
    r = Round(catalog, (["ouzu", "mizuha", "susuki", "muteki"], LOW))  # 7 + 7 + 5 + 4 = 23
    r.play("hold", "hold")
    assert r.total(0)["total"] == 0 and r.total(1)["total"] == 4
    assert r.hp(0) == 10 - 2  # two cards in the winner's row, no combo


def test_an_a_counts_as_1_or_11_as_its_player_chooses_at_the_battle_check(catalog: Catalog) -> None:
    r = Round(catalog, (["shizuku", "orihime", "minamo"], LOW))  # A + 7 + 3: 21 with the A as 11, or 11
    r.play("hold", "hold")
    assert r.state.phase == "break-joker:count" and r.match.current_player() == 0
    assert [a.text() for a in r.match.legal_actions()] == ["count 21", "count 11"]
    r.check(21)
    assert r.total(0)["total"] == 21 and r.total(0)["values"] == [11, 7, 3]
    r = Round(catalog, (["shizuku", "orihime", "minamo"], LOW))
    r.play("hold", "hold")
    r.check(11)  # the player's choice, even a worse one
    assert r.total(0)["total"] == 11 and r.total(0)["values"] == [1, 7, 3]
    r = Round(catalog, (["shizuku", "orihime", "uzume"], LOW))  # A + 7 + 6: 14, or a bust with the A as 11
    r.play("hold", "hold")
    assert [a.text() for a in r.match.legal_actions()] == ["count 14", "count 0"]
    r.check(14)
    assert r.total(0)["total"] == 14 and r.total(0)["values"] == [1, 7, 6]


def test_the_first_players_count_is_hidden_from_the_second_until_the_rows_are_scored(catalog: Catalog) -> None:
    r = Round(catalog, (["shizuku", "orihime", "minamo"], ["hidane", "utsushimi"]))  # A 7 3 against A 5
    r.play("hold", "hold", "count 11")
    assert r.state.phase == "break-joker:count" and r.match.current_player() == 1
    view = r.match.observation(1)
    assert 11 not in view["counters"].values() and not r.events("total")
    assert [e["seat"] for e in r.events("count-chosen")] == [0] and "total" not in r.events("count-chosen")[0]
    r.play("count 16")
    assert r.total(0)["total"] == 11 and r.total(1)["total"] == 16 and r.hp(0) == 10 - 2


def test_a_row_that_counts_one_way_needs_no_decision(catalog: Catalog) -> None:
    r = Round(catalog, (["ouzu", "utsushimi"], LOW))  # no A, no skill: 12 against 4
    r.play("hold", "hold")
    assert not r.events("count-chosen") and r.total(0)["total"] == 12


@pytest.mark.parametrize(("row", "total", "combo"), [
    (["tsumugi", "shizuku", "kagaribi", "omokaji"], 18, "フルカラー"),  # 2♠ A♦ 2♥ 3♣ (A as 11)
    (["mizuha", "tsumugi-nishiki", "muteki"], 17, "フラッシュ"),  # 7♠ 6♠ 4♠ of three titles
    (["rashin-east", "minamo-ooshio", "orihime"], 18, "ストレート"),  # 5 6 7 (♥ ♣ ♥, three titles)
    (["uzume", "minamo-ooshio", "tsumugi-nishiki"], 18, "スリーナンバー"),  # three 6s (♦ ♣ ♠, three titles)
    (["ouzu", "uzume", "muteki"], 17, "ワールドボーナス"),  # 7 6 4, all 仮面ライダーラシン (♣ ♦ ♠)
])
def test_each_combo_adds_one_damage(catalog: Catalog, row: list[str], total: int, combo: str) -> None:
    r = Round(catalog, (row, ["hidane", "utsushimi"]))  # A + 5 = 16 with the A as 11
    r.play("hold", "hold")
    r.check()
    assert r.total(0)["total"] == total and r.total(0)["combos"] == [combo]
    assert r.hp(1) == 10 - (len(row) + 1)


def test_break_joker_sets_base_damage_5_and_ignores_the_other_combos(catalog: Catalog) -> None:
    # A♠ 2♠ 3♠ 4♠ 5♠ 6♠ = 21 (A as 1): a spade flush and a straight, but only ブレイクジョーカー! counts
    r = Round(catalog, (["hidane", "tsumugi", "minamo", "muteki", "susuki", "tsumugi-nishiki"], LOW))
    r.play("hold", "hold")
    r.check()
    assert r.total(0)["total"] == 21 and r.total(0)["combos"] == ["ブレイクジョーカー!"]
    assert r.hp(1) == 10 - 5  # not 6 cards + フラッシュ + ストレート = 8


def test_the_tie_count_adds_to_damage_and_resets_after_a_decided_round(catalog: Catalog) -> None:
    r = Round(catalog, (["rashin-west", "hotsure"], ["tsumugi", "omokaji"]))  # 5 against 5
    r.play("hold", "hold")
    assert r.events("tie") and r.state.counters["ties"] == 1 and r.hp(0) == r.hp(1) == 10
    r = Round(catalog, (["ouzu", "utsushimi"], LOW), ties=2)  # 7♣ 5♦ (no combo) against 4, after two ties
    r.play("hold", "hold")
    assert r.hp(1) == 10 - (2 + 2) and r.state.counters["ties"] == 0


def test_both_players_at_0_hp_at_the_end_of_a_round_is_a_draw(catalog: Catalog) -> None:
    r = Round(catalog, (["rashin-west", "hidane"], LOW), decks=(["ouzu", "mizuha"], []), hp=(1, 1))
    ouzu = r.state.seats[0].zones["deck"][-1]
    r.play("skill 1")  # ヒダネ: 1 damage to each player, paid with the deck's top card
    assert r.hp(0) == r.hp(1) == 0 and not r.match.is_terminal()  # HP is checked at the end of the round only
    assert r.state.seats[0].zones["discard"] == [ouzu]
    assert [e["seat"] for e in r.events("hold")] == [1]  # seat 1 has no deck: it holds by itself
    r.play("hold")
    r.check()
    assert r.match.outcome is not None and r.match.outcome.winner is None
    assert r.match.outcome.reason == "both players at 0 HP at the end of a round"


def test_a_player_at_0_hp_at_the_end_of_a_round_loses(catalog: Catalog) -> None:
    r = Round(catalog, (["ouzu", "utsushimi"], LOW), hp=(10, 2))
    r.play("hold", "hold")
    assert r.match.outcome is not None and r.match.outcome.winner == 0


def test_main_step_turns_alternate_and_a_player_who_has_held_takes_no_more(catalog: Catalog) -> None:
    r = Round(catalog, (["rashin-west", "hotsure"], LOW), decks=(["muteki", "ouzu"], ["minamo", "susuki"]))
    assert r.match.current_player() == 0
    r.play("hold")
    assert r.match.current_player() == 1
    r.play("draw")
    assert r.match.current_player() == 1  # seat 0 has held: seat 1 goes on
    r.play("hold")
    assert r.total(1)["total"] == 7


def test_a_player_with_an_empty_deck_and_no_skill_holds_by_itself(catalog: Catalog) -> None:
    r = Round(catalog, (["rashin-west", "hotsure"], ["tsumugi", "ouzu"]), decks=(["muteki", "ouzu"], []))
    r.play("draw")  # seat 1 can neither draw nor use a skill (オオウズ has none): it holds by itself
    assert [e["seat"] for e in r.events("hold")] == [1]
    assert r.match.current_player() == 0


def test_a_skill_is_paid_from_the_deck_top_and_turns_its_card_sideways(catalog: Catalog) -> None:
    r = Round(catalog, (["rashin-west", "hotsure", "kagaribi"], LOW), decks=(["muteki", "ouzu"], FILLER))
    assert "skill 2" in [a.text() for a in r.match.legal_actions()]
    r.play("skill 2")  # カガリビ: this round's damage +1 (cost: one deck card)
    s0 = r.state.seats[0]
    assert 2 in s0.rested and len(s0.zones["deck"]) == 1 and len(s0.zones["discard"]) == 1
    r.play("hold")  # seat 1 holds; seat 0 goes on, its カガリビ now sideways
    assert [a.text() for a in r.match.legal_actions()] == ["draw", "hold"]
    r.play("hold")
    assert r.hp(1) == 10 - (3 + 1)  # 7 against 4: three cards + the skill's +1


def test_homuraou_counts_as_the_number_that_makes_21(catalog: Catalog) -> None:
    r = Round(catalog, (["ouzu", "mizuha", "uzume", "homuraou"], LOW), decks=(FILLER * 2, FILLER))
    r.play("skill 3", "hold", "hold")  # 7 + 7 + 6 + 7 would bust; ホムラオウ as 1 makes 21
    r.check(21)
    assert r.total(0)["total"] == 21 and r.total(0)["values"] == [7, 7, 6, 1]
    assert r.events("skill")[0]["cost"] == 3  # paid with three deck cards


def test_uzume_pushes_the_opponents_rightmost_face_up_card_over_21(catalog: Catalog) -> None:
    r = Round(catalog, (["utsushimi", "uzume"], ["ouzu", "mizuha", "orihime"]))  # 11 against 21
    r.play("skill 1", "hold", "hold")
    assert r.total(1)["total"] == 0  # 7 + 7 + (7 + 1) = 22: a bust
    assert r.hp(1) == 10 - 4  # 5♦ 6♦: two cards, フラッシュ and ストレート


def test_a_suit_changing_skill_completes_a_flush(catalog: Catalog) -> None:
    r = Round(catalog, (["mizuha", "tsumugi-nishiki", "tsumugi-ayaori"], ["hidane", "tsumugi"]))  # ♠ ♠ ♣
    r.play("skill 2", "hold", "hold")  # 綾織フォーム: its suit counts as ♠
    r.check()
    assert r.total(0)["total"] == 14 and r.total(0)["combos"] == ["フラッシュ"] and r.hp(1) == 10 - 4


def test_the_rounds_attacker_hosts_and_opens_the_next_round(catalog: Catalog) -> None:
    r = Round(catalog, (LOW, ["ouzu", "utsushimi"]))
    r.play("hold", "hold")
    assert r.state.active == 1 and r.match.current_player() == 1  # seat 1 attacked: it goes first now
    assert len(r.state.seats[1].zones["field"]) == 2 and len(r.state.seats[1].zones["deck"]) == 2


def test_the_face_down_card_is_hidden_from_the_opponent(catalog: Catalog) -> None:
    r = Round(catalog, (["rashin-west", "hotsure"], ["tsumugi", "omokaji"]), decks=(["ouzu"], ["muteki"]))
    down = r.state.seats[1].zones["field"][0]
    mine, theirs = r.match.observation(1), r.match.observation(0)
    assert mine["seats"][1]["field"][0] == down and down in mine["cards"]
    assert theirs["seats"][1]["field"][0] == -1 and down not in theirs["cards"]
    assert theirs["seats"][1]["deck"] == 1 and theirs["seats"][1]["counters"]["hp"] == 10


def test_a_split_row_skill_is_read_the_best_way() -> None:
    a = Slot(((1, 1), (11, 1)), "spade", "x")
    seven = Slot(((7, 7),), "spade", "x")
    assert score_row([a, seven, Slot(((3, 3),), "heart", "y")]).total == 21
    assert [r.total for r in readings([a, seven, Slot(((3, 3),), "heart", "y")])] == [21, 11]
    assert [r.total for r in readings([a, seven])] == [18, 8] and len(readings([seven, seven])) == 1
    north = Slot(((1, 1), (7, 7), (11, 1)), "heart", "x")  # ラシン ノースフォーム after its skill
    assert score_row([north, seven, seven]).total == 21
    wild = Slot(((2, 2),), "club", "x", wild_suit=True)
    assert "flush" in score_row([seven, Slot(((4, 4),), "spade", "x"), wild]).combos


# --- the bridge ------------------------------------------------------------------------------------------


def _bd_vs_bj(attacker_hit: int) -> tuple[Match, int]:
    cards = Cards()
    state = table_state([BuildDivide().new_seat({}, rules(BuildDivide())), BJ.new_seat({}, rules(BJ))], cards, random.Random(0), first=0)
    state.turn, state.active, state.decider, state.phase = 2, 0, 0, "attack"
    state.seats[0].turns = state.seats[1].turns = 1
    cards.append(CardData(0, 0, "u", "unit", "unit", ("red",), 3, 5000, 5000, attacker_hit, frozenset()))
    state.seats[0].zones["field"].append(0)
    return Match(state), 0


def test_a_build_divide_attacker_lowers_break_joker_hp_by_its_hit_and_it_cannot_block() -> None:
    m, unit = _bd_vs_bj(2)
    m.apply_action(f"attack {unit} player")
    assert [a.text() for a in m.legal_actions()] == ["noblock"]  # no blockers
    m.apply_action("noblock")
    assert m.state.seats[1].counters["hp"] == 8


def test_a_guild_heroes_attacker_deals_its_attack_to_break_joker_hp() -> None:
    cards = Cards()
    state = table_state([GuildHeroes().new_seat({}, rules(GuildHeroes())), BJ.new_seat({}, rules(BJ))], cards, random.Random(0), first=0)
    state.turn, state.active, state.decider, state.phase = 2, 0, 0, "attack"
    cards.append(CardData(0, 0, "g", "gh", "character", ("fire",), 3, 3000, 2000, 0, frozenset()))
    state.seats[0].zones["attack-area"].append(0)
    m = Match(state)
    m.apply_action("attack 0 player")
    m.apply_action("noblock")
    assert state.seats[1].counters["hp"] == 7  # AP 3 (DDS) → 3 HP


def test_break_joker_at_0_hp_loses_at_the_start_of_its_next_turn() -> None:
    m, unit = _bd_vs_bj(1)
    m.state.seats[1].counters["hp"] = 1
    m.apply_action(f"attack {unit} player")
    m.apply_action("noblock")
    assert m.state.seats[1].counters["hp"] == 0 and not m.is_terminal()
    m.apply_action("end-attacks")
    assert m.outcome is not None and m.outcome.winner == 0 and "opponent's turn" in m.outcome.reason


def _to_break_joker_round(catalog: Catalog, other: str, seed: int) -> Match:
    bj, gx = catalog.game("break-joker"), catalog.game(other)
    m = Match.new(catalog, [(bj, catalog.decks(bj.id)["rashin-straight"][0]),
                            (gx, next(iter(catalog.decks(gx.id).values()))[0])], seed)
    rng = random.Random(seed)
    while m.state.phase != ROUND:
        m.apply_action(RandomPlayer().choose({}, m.legal_actions(), rng))
    return m


def test_a_round_hosted_against_guild_heroes_counts_that_decks_canonical_costs(catalog: Catalog) -> None:
    m = _to_break_joker_round(catalog, "guild-heroes", 2)
    gh, s = catalog.game("guild-heroes"), m.state
    guest = 1 - s.active
    while m.state.phase == ROUND:
        me = m.current_player()
        row = s.seats[guest].zones.get("bj-row", [])
        m.apply_action("reveal" if me == guest and len(row) < 4 else "hold")
    revealed = [e for e in s.events if e["type"] in ("reveal", "face-down") and e["seat"] == guest]
    uids = [int(e["card"]) for e in revealed]
    costs = []
    for uid in uids:
        card = catalog.cards(gh.id)[s.cards[uid].card_id]
        costs.append(to_canonical(card, gh).number(CanonicalStat.TOTAL_COST) or Fraction(0))
    shown = [e["number"] for e in revealed if e["type"] == "reveal"]
    assert shown == [int(c) for c in costs[1:]]  # each revealed card counts its 大コスト
    total = next(e for e in s.events if e["type"] == "total" and e["seat"] == guest)
    assert total["total"] == (sum(costs) if sum(costs) < 22 else 0)
    assert s.seats[guest].zones["bj-row"] == []
    assert s.seats[guest].zones["deck"][:len(uids)] == uids[::-1]  # under the deck, back in the same order


def test_a_break_joker_round_win_is_dealt_as_sp_through_build_divide_life(catalog: Catalog) -> None:
    for seed in range(20):
        m = _to_break_joker_round(catalog, "build-divide", seed)
        host = m.state.active
        life = len(m.state.seats[1 - host].zones["life"])
        while m.state.phase == ROUND:
            m.apply_action("hold")
        won = [e for e in m.state.events if e["type"] == "round-won"]
        if won and won[-1]["seat"] == host and m.state.phase == "attack":
            burst = sum(e["type"] == "burst" for e in m.state.events)
            damage = int(won[-1]["damage"])
            assert len(m.state.seats[1 - host].zones["life"]) == life - damage - burst
            assert [a.text() for a in m.legal_actions()] == ["end-attacks"]
            return
    pytest.fail("no seed gave a Break Joker round win with the damage dealt in full")


@pytest.mark.parametrize("other", ["break-joker", "build-divide", "guild-heroes"])
def test_random_matches_run_to_the_end_with_every_card_in_one_zone(catalog: Catalog, other: str) -> None:
    bj, gx = catalog.game("break-joker"), catalog.game(other)
    decks_bj, decks_gx = list(catalog.decks(bj.id).values()), list(catalog.decks(gx.id).values())
    for seed in range(240):
        sides = [(bj, decks_bj[seed % 3][0]), (gx, decks_gx[seed // 3 % len(decks_gx)][0])]
        if seed % 2:
            sides.reverse()
        m = Match.new(catalog, sides, seed, turn_cap=40, log_events=False)
        rng, player = random.Random(seed), (RandomPlayer() if seed % 4 else GreedyPlayer())
        while not m.is_terminal():
            legal = m.legal_actions()
            assert legal
            me = m.current_player()
            assert me is not None
            m.apply_action(player.choose(m.observation(me), legal, rng))
            where = Counter(u for seat in m.state.seats for cards in seat.zones.values() for u in cards)
            assert set(where) == set(range(len(m.state.cards))) and set(where.values()) == {1}
        assert m.outcome is not None and m.legal_actions() == []


def test_row_totals_are_the_totals_of_the_readings() -> None:
    rng = random.Random(5)
    for _ in range(300):
        slots = [Slot(rng.choice([((1, 1), (11, 1)), ((7, 7),), ((3, 3),), ((1, 1), (7, 7), (11, 1))]),
                      rng.choice(["spade", "heart"]), "x") for _ in range(rng.randrange(5))]
        assert row_totals(slots) == [r.total for r in readings(slots)]
