"""ビルディバイド under the referee: known-answer rule scripts (the conformance suite is tests/test_conformance.py)."""

from __future__ import annotations

import random

import pytest

from amalogs.catalog import Catalog
from amalogs.referee import Action, IllegalActionError, Match, RandomPlayer
from amalogs.referee.engine.instances import card_instance
from amalogs.referee.engine.state import CardData
from amalogs.referee.games.build_divide import BuildDivide

from .conftest import rules
from .tables import Cards, table_state

BD = BuildDivide()


class Table:
    """A scripted position: cards made to order, placed in zones, player 0 to act in its attack step."""

    def __init__(self) -> None:
        self.cards = Cards()
        self.state = table_state([BD.new_seat({}, rules(BD)), BD.new_seat({}, rules(BD))], self.cards, random.Random(0), first=0)
        self.state.turn, self.state.active, self.state.decider, self.state.phase = 1, 0, 0, "attack"
        for seat in self.state.seats:
            seat.turns = 1
            seat.mulligan_decided = True
        self.match = Match(self.state)

    def card(self, owner: int, zone: str, power: int = 1000, hit: int = 1, keywords: tuple[str, ...] = (),
             kind: str = "unit", rested: bool = False, effects: tuple[object, ...] = ()) -> int:
        uid = len(self.cards)
        unified = frozenset({"decoy": "デコイ", "blitz": "先制攻撃"}[k] for k in keywords if k in ("decoy", "blitz"))
        self.cards.append(CardData(uid, owner, f"c{uid}", f"card {uid}", kind, ("red",), 1, power, power, hit,
                                   frozenset(keywords), unified, effects=effects))
        self.state.seats[owner].zones[zone].append(uid)
        if rested:
            self.state.seats[owner].rested.add(uid)
        return uid

    def play(self, *actions: str) -> None:
        for a in actions:
            self.match.apply_action(a)

    def zone(self, uid: int) -> str | None:
        return self.state.seats[self.cards[uid].owner].zone_of(uid)

    def damage(self, uid: int) -> int:
        return self.state.seats[self.cards[uid].owner].damage.get(uid, 0)


def test_battle_example_1_8000_against_6000() -> None:
    t = Table()
    a = t.card(0, "field", 8000)
    b = t.card(1, "field", 6000, rested=True)
    t.play(f"attack {a} unit {b}", "noblock")
    assert t.zone(a) == "field" and t.damage(a) == 6000
    assert t.zone(b) == "drop"


def test_battle_example_2_8000_against_8000() -> None:
    t = Table()
    a = t.card(0, "field", 8000)
    b = t.card(1, "field", 8000, rested=True)
    t.play(f"attack {a} unit {b}", "noblock")
    assert t.zone(a) == "drop" and t.zone(b) == "drop"


def test_battle_example_3_damage_accumulates_within_the_turn() -> None:
    t = Table()
    a1 = t.card(0, "field", 6000)
    a2 = t.card(0, "field", 4000)
    b = t.card(1, "field", 8000)
    t.card(1, "life", 1000)
    t.play(f"attack {a1} player", f"block {b}")
    assert t.zone(a1) == "drop" and t.zone(b) == "field" and t.damage(b) == 6000
    t.play(f"attack {a2} unit {b}", "noblock")
    assert t.zone(a2) == "drop" and t.zone(b) == "drop"


def test_blitz_deals_first_and_the_destroyed_unit_deals_nothing() -> None:
    t = Table()
    a = t.card(0, "field", 5000, keywords=("blitz",))
    b = t.card(1, "field", 5000, rested=True)
    t.play(f"attack {a} unit {b}", "noblock")
    assert t.zone(b) == "drop" and t.zone(a) == "field" and t.damage(a) == 0


def test_a_burst_deals_one_more_damage_which_can_reveal_another_burst() -> None:
    t = Table()
    a = t.card(0, "field", 3000, hit=1)
    lives = [t.card(1, "life", keywords=("burst",)), t.card(1, "life", keywords=("burst",)), t.card(1, "life"),
             t.card(1, "life")]
    t.play(f"attack {a} player", "noblock")
    assert [t.zone(u) for u in lives] == ["drop", "drop", "drop", "life"]
    revealed = [e for e in t.state.events if e["type"] == "life-revealed"]
    assert len(revealed) == 3


def test_a_shot_card_may_be_played_free_from_life() -> None:
    t = Table()
    a = t.card(0, "field", 3000, hit=2)
    shot = t.card(1, "life", 2000, keywords=("shot",))
    plain = t.card(1, "life")
    t.play(f"attack {a} player", "noblock")
    assert t.match.legal_actions() == [Action("use"), Action("decline")]
    t.play("use")
    assert t.zone(shot) == "field" and t.zone(plain) == "drop"


def test_damage_with_an_empty_life_zone_loses() -> None:
    t = Table()
    a = t.card(0, "field", 3000, hit=1)
    t.play(f"attack {a} player", "noblock")
    assert t.match.is_terminal()
    assert t.match.outcome is not None and t.match.outcome.winner == 0
    assert t.match.outcome.reason == "damage with no life left"


def test_decoy_must_be_targeted_and_berserk_attacks_the_player() -> None:
    t = Table()
    a = t.card(0, "field", 3000)
    b = t.card(0, "field", 3000, keywords=("berserk",))
    plain = t.card(1, "field", 1000, rested=True)
    decoy = t.card(1, "field", 1000, keywords=("decoy",), rested=True)
    legal = {x.text() for x in t.match.legal_actions()}
    assert f"attack {a} unit {decoy}" in legal and f"attack {a} unit {plain}" not in legal
    assert f"attack {a} player" not in legal
    t.state.seats[1].rested.discard(decoy)
    legal = {x.text() for x in t.match.legal_actions()}
    assert f"attack {b} player" in legal and f"attack {b} unit {plain}" not in legal


def test_the_target_unit_cannot_block_its_own_attack() -> None:
    t = Table()
    a = t.card(0, "field", 3000)
    target = t.card(1, "field", 1000, rested=True)
    guard = t.card(1, "field", 1000)
    t.play(f"attack {a} unit {target}")
    assert {x.text() for x in t.match.legal_actions()} == {"noblock", f"block {guard}"}


def test_an_empty_deck_draws_from_life_and_with_no_life_the_player_loses() -> None:
    t = Table()
    life = t.card(1, "life")
    t.play("end-attacks")
    assert t.zone(life) == "hand" and t.state.active == 1
    t.state.seats[1].zones["hand"].clear()
    t.play("attack-phase", "end-attacks")  # player 1's turn ends; player 0 draws from its empty deck and life
    assert t.match.is_terminal() and t.match.outcome.winner == 1  # type: ignore[union-attr]
    assert t.match.outcome.reason == "drew with neither deck nor life cards"  # type: ignore[union-attr]


def test_end_phase_clears_damage_and_discards_to_five() -> None:
    t = Table()
    a = t.card(0, "field", 8000)
    b = t.card(1, "field", 6000, rested=True)
    hand = [t.card(0, "hand") for _ in range(7)]
    t.card(1, "deck")
    t.play(f"attack {a} unit {b}", "noblock")
    assert t.damage(a) == 6000
    t.play("end-attacks")
    assert t.damage(a) == 0 and t.state.phase == "discard"
    t.play(f"discard {hand[0]}", f"discard {hand[1]}")
    assert len(t.state.seats[0].zones["hand"]) == 5 and t.state.active == 1


def test_the_first_player_skips_its_first_draw(catalog: Catalog) -> None:
    g = catalog.game("BD")
    deck = catalog.decks("build-divide")["red-aggro"][0]
    m = Match.new(catalog, [(g, deck), (g, deck)], seed=3)
    m.apply_action("keep")
    m.apply_action("keep")
    first, second = m.state.first, 1 - m.state.first
    assert len(m.state.seats[first].zones["hand"]) == 5
    assert len(m.state.seats[first].zones["life"]) == 10 and len(m.state.seats[first].zones["energy"]) == 2
    m.apply_action("attack-phase")
    m.apply_action("end-attacks")
    assert len(m.state.seats[second].zones["hand"]) == 6


def test_an_illegal_action_says_why(catalog: Catalog) -> None:
    g = catalog.game("BD")
    deck = catalog.decks("build-divide")["red-aggro"][0]
    m = Match.new(catalog, [(g, deck), (g, deck)], seed=3)
    with pytest.raises(IllegalActionError, match="in the setup step player .* may only: keep, mulligan"):
        m.apply_action("attack 3 player")
    assert Action.parse("attack 3 player") == Action("attack", (3, "player"))


def test_the_same_seed_gives_the_same_events_and_clones_play_on_identically(catalog: Catalog) -> None:
    g = catalog.game("BD")
    deck = catalog.decks("build-divide")["red-aggro"][0]

    def run(m: Match, seed: int) -> list[dict[str, object]]:
        rng, p = random.Random(seed), RandomPlayer()
        while not m.is_terminal():
            m.apply_action(p.choose({}, m.legal_actions(), rng))
        return m.state.events

    first = run(Match.new(catalog, [(g, deck), (g, deck)], 9), 1)
    again = run(Match.new(catalog, [(g, deck), (g, deck)], 9), 1)
    assert first == again
    m = Match.new(catalog, [(g, deck), (g, deck)], 9)
    copy = m.clone()
    assert run(m, 2) == run(copy, 2)


def test_two_shots_in_one_attack_each_get_a_decision() -> None:
    t = Table()
    a = t.card(0, "field", 3000, hit=2)
    first = t.card(1, "life", 1000, keywords=("shot",))
    second = t.card(1, "life", 2000, keywords=("shot",))
    t.card(1, "life")
    t.play(f"attack {a} player", "noblock", "decline")
    assert t.state.phase == "trigger" and t.state.trigger_card == second
    t.play("use")
    assert t.zone(first) == "drop" and t.zone(second) == "field" and t.state.phase == "attack"


def test_a_shot_that_removes_the_attacker_cancels_its_remaining_hits() -> None:
    from amalogs.models.effects import Destroy

    t = Table()
    a = t.card(0, "field", 3000, hit=3)
    shot = t.card(1, "life", kind="command", keywords=("shot",), effects=(Destroy(do="destroy", when="life"),))
    rest = [t.card(1, "life"), t.card(1, "life")]
    t.play(f"attack {a} player", "noblock", "use")
    assert {x.text() for x in t.match.legal_actions()} == {f"target {a}"}
    t.play(f"target {a}")
    assert t.zone(a) == "drop" and t.zone(shot) == "drop"
    assert [t.zone(u) for u in rest] == ["life", "life"]  # the two remaining hits are not dealt
    assert any(e["type"] == "hits-cancelled" and e["hits"] == 2 for e in t.state.events)
    assert t.state.phase == "attack"


def test_a_played_command_carries_out_its_effect() -> None:
    from amalogs.models.effects import Damage

    t = Table()
    t.state.phase = "main"
    t.card(0, "energy")
    cmd = t.card(0, "hand", kind="command", effects=(Damage(do="damage", amount=3),))
    victim = t.card(1, "field", 3000)
    t.play(f"play {cmd}")
    t.play(f"target {victim}")
    assert t.zone(victim) == "drop" and t.state.phase == "main"


def test_a_territory_opens_when_an_ace_of_its_title_enters_and_its_effect_happens() -> None:
    from dataclasses import replace

    from amalogs.models.effects import Draw

    t = Table()
    t.state.phase = "main"
    for _ in range(3):
        t.card(0, "energy")
    ace = t.card(0, "hand", 2000, kind="ace-unit")
    t.cards[ace] = replace(t.cards[ace], title="紅蓮竜", cost=1)
    territory = t.card(0, "territory", kind="territory")
    t.cards[territory] = replace(t.cards[territory], title="紅蓮竜", cost=2, effects=(Draw(do="draw", count=1),))
    drawn = t.card(0, "deck")
    assert "open" not in {a.verb for a in t.match.legal_actions()}  # no ace has entered yet
    t.play(f"play {ace}")
    assert f"open {territory}" in {a.text() for a in t.match.legal_actions()}
    t.play(f"open {territory}")
    assert t.zone(territory) == "territory-open" and t.zone(drawn) == "hand"
    assert len(t.state.seats[0].rested & set(t.state.seats[0].zones["energy"])) == 3


def test_a_static_effect_is_an_aura_while_its_card_stays() -> None:
    from dataclasses import replace

    from amalogs.models.effects import Modify, Selector
    from amalogs.ontology.terms import CanonicalStat
    from amalogs.referee.engine.effects import ap

    t = Table()
    dragon = t.card(0, "field", 3000)
    t.cards[dragon] = replace(t.cards[dragon], traits=frozenset({"竜"}))
    other = t.card(0, "field", 3000)
    aura = Modify(do="modify", when="static", stat=CanonicalStat.BP, amount=2, until="permanent",
                  target=Selector(side="self", count=0, trait="竜"))
    lord = t.card(0, "field", 1000, effects=(aura,))
    t.state.has_auras = True
    t.match.legal_actions()  # the referee works out auras before every decision
    assert ap(t.state, dragon) == 5000 and ap(t.state, other) == 3000
    from amalogs.referee.engine.bridge import destroy

    destroy(t.state, lord)
    t.match.legal_actions()
    assert ap(t.state, dragon) == 3000


def test_a_static_effect_on_the_card_itself_is_part_of_its_values(catalog: Catalog) -> None:
    from amalogs.models.effects import GrantKeyword
    from amalogs.referee.engine.instances import _with_own_statics

    plain = CardData(0, 0, "x", "x", "character", (), 1, 2000, 2000, 0, frozenset(),
                     effects=(GrantKeyword(do="grant_keyword", when="static", keyword="デコイ"),))  # type: ignore[arg-type]
    assert "デコイ" in _with_own_statics(plain).unified


def test_a_shot_revealed_by_effect_damage_is_offered_and_the_rest_of_the_damage_follows() -> None:
    from amalogs.models.effects import Draw, PlayerDamage

    t = Table()
    t.state.phase = "main"
    for _ in range(2):
        t.card(0, "energy")
    t.card(0, "deck")  # for the shot's draw
    burn = t.card(0, "hand", kind="command", effects=(PlayerDamage(do="player_damage", amount=2),))
    # life is revealed from the front of the zone: the shot first, then the plain card
    shot = t.card(1, "life", 2000, keywords=("shot",), kind="command", effects=(Draw(do="draw", count=1),))
    below = t.card(1, "life", 1000)
    t.card(1, "life")
    t.card(1, "deck")
    t.play(f"play {burn}")
    assert t.state.phase == "trigger" and t.state.decider == 1 and t.state.trigger_card == shot
    assert t.zone(below) == "life"  # the second point waits for the decision
    t.play("use")
    assert len(t.state.seats[1].zones["hand"]) == 1  # the shot's draw resolved first …
    assert t.zone(below) == "drop" and len(t.state.seats[1].zones["life"]) == 1  # … then the second point
    assert t.state.phase == "main" and t.state.decider == 0


def test_a_burst_revealed_by_effect_damage_deals_one_more() -> None:
    from amalogs.models.effects import PlayerDamage

    t = Table()
    t.state.phase = "main"
    t.card(0, "energy")
    burn = t.card(0, "hand", kind="command", effects=(PlayerDamage(do="player_damage", amount=1),))
    burst = t.card(1, "life", keywords=("burst",))
    t.card(1, "life")
    t.card(1, "life")
    t.play(f"play {burn}")
    assert t.zone(burst) == "drop" and len(t.state.seats[1].zones["life"]) == 1


def test_an_effects_discard_is_the_discarding_players_choice_and_the_effect_goes_on() -> None:
    from amalogs.models.effects import Discard, Draw

    t = Table()
    t.state.phase = "main"
    t.card(0, "energy")
    t.card(0, "deck")
    cmd = t.card(0, "hand", kind="command", effects=(Discard(do="discard", count=2, who="opponent"),
                                                     Draw(do="draw", count=1)))
    theirs = [t.card(1, "hand") for _ in range(3)]
    t.play(f"play {cmd}")
    assert t.state.phase == "effect-discard" and t.match.current_player() == 1
    assert sorted(a.text() for a in t.match.legal_actions()) == sorted(f"discard {u}" for u in theirs)
    t.play(f"discard {theirs[1]}", f"discard {theirs[2]}")
    assert t.state.seats[1].zones["hand"] == [theirs[0]] and t.zone(theirs[1]) == "drop"
    assert t.state.phase == "main" and t.match.current_player() == 0
    assert len(t.state.seats[0].zones["hand"]) == 1  # the draw after the discard resolved


def test_an_effects_discard_takes_the_whole_hand_when_it_holds_no_more_without_asking() -> None:
    from amalogs.models.effects import Discard

    t = Table()
    t.state.phase = "main"
    t.card(0, "energy")
    cmd = t.card(0, "hand", kind="command", effects=(Discard(do="discard", count=2, who="opponent"),))
    only = t.card(1, "hand")
    t.play(f"play {cmd}")
    assert t.zone(only) == "drop" and t.state.phase == "main"


def test_a_search_lets_its_player_pick_among_the_matching_cards_and_shows_it_only_them() -> None:
    from amalogs.models.effects import Search

    t = Table()
    t.state.phase = "main"
    t.card(0, "energy")
    cmd = t.card(0, "hand", kind="command", effects=(Search(do="search", look=3, take=1),))
    bottom = t.card(0, "deck", 9000)
    looked = [t.card(0, "deck", p) for p in (1000, 2000, 3000)]  # the top three (the top is last)
    t.play(f"play {cmd}")
    assert t.state.phase == "search-pick" and t.match.current_player() == 0
    assert sorted(a.text() for a in t.match.legal_actions()) == sorted(f"take {u}" for u in looked)
    assert set(looked) <= set(t.match.observation(0)["cards"]) and bottom not in t.match.observation(0)["cards"]
    assert not set(looked) & set(t.match.observation(1)["cards"])
    t.play(f"take {looked[0]}")
    assert t.zone(looked[0]) == "hand" and t.state.seats[0].zones["deck"] == [bottom, *looked[1:]]
    assert t.state.phase == "main"


def test_a_search_for_two_asks_twice_among_the_cards_still_looked_at() -> None:
    from amalogs.models.effects import Search

    t = Table()
    t.state.phase = "main"
    t.card(0, "energy")
    cmd = t.card(0, "hand", kind="command", effects=(Search(do="search", look=3, take=2),))
    below = t.card(0, "deck")
    looked = [t.card(0, "deck") for _ in range(3)]
    t.play(f"play {cmd}", f"take {looked[2]}")
    assert sorted(a.text() for a in t.match.legal_actions()) == sorted(f"take {u}" for u in looked[:2])
    t.play(f"take {looked[0]}")
    assert t.state.seats[0].zones["deck"] == [below, looked[1]] and t.state.phase == "main"


def test_a_closed_territory_is_face_down_to_the_opponent_and_known_to_its_owner(catalog: Catalog) -> None:
    g = catalog.game("BD")
    deck = catalog.decks("build-divide")["red-aggro"][0]
    m = Match.new(catalog, [(g, deck), (g, deck)], seed=3)
    territory = m.state.seats[0].zones["territory"]
    assert territory
    assert m.observation(0)["seats"][0]["territory"] == territory
    assert m.observation(1)["seats"][0]["territory"] == [-1] * len(territory)
    assert not set(territory) & set(m.observation(1)["cards"])


def test_a_scout_puts_each_card_looked_at_back_on_top_or_at_the_bottom_as_its_player_says() -> None:
    from amalogs.models.effects import Scout

    t = Table()
    t.state.phase = "main"
    t.card(0, "energy")
    cmd = t.card(0, "hand", kind="command", effects=(Scout(do="scout", look=3),))
    rest = t.card(0, "deck")
    c, b, a = (t.card(0, "deck") for _ in range(3))  # a is the top card
    t.play(f"play {cmd}")
    assert t.state.phase == "scout-place" and len(t.match.legal_actions()) == 6
    assert {a, b, c} <= set(t.match.observation(0)["cards"]) and not {a, b, c} & set(t.match.observation(1)["cards"])
    t.play(f"place {b} top", f"place {a} bottom", f"place {c} top")
    assert t.state.seats[0].zones["deck"] == [a, rest, c, b]  # b placed on top first, so it is the top card
    assert t.state.phase == "main"


def test_an_awakening_ability_works_only_while_the_territory_is_open(catalog: Catalog) -> None:
    valga = catalog.cards("build-divide")["valga-crimson-dragon-king"]  # 覚醒【アタック時】相手に1ダメージ
    for opened in (False, True):
        t = Table()
        data = card_instance(catalog, catalog.games["build-divide"], valga, len(t.cards), 0)
        assert [e.do for e in data.effects] == ["destroy", "player_damage"] and len(data.conditions) == 1
        t.cards.append(data)
        t.state.seats[0].zones["field"].append(data.uid)
        if opened:
            t.card(0, "territory-open", kind="territory")
        for _ in range(6):
            t.card(1, "life")
        t.play(f"attack {data.uid} player", "noblock")
        unmet = [e for e in t.state.events if e["type"] == "condition-unmet"]
        assert len(t.state.seats[1].zones["life"]) == 6 - 2 - (1 if opened else 0)  # hit 2, + 1 when awakened
        assert bool(unmet) is not opened


def test_an_awakening_aura_raises_the_other_units_only_while_the_territory_is_open(catalog: Catalog) -> None:
    """セラフィナ's 覚醒【永続】: the player's *other* units +2000 (a selector with ``other``), not itself."""
    from amalogs.referee.engine.values import ap

    seraphina = catalog.cards("build-divide")["seraphina-white-wing"]
    t = Table()
    data = card_instance(catalog, catalog.games["build-divide"], seraphina, len(t.cards), 0)
    t.cards.append(data)
    t.state.seats[0].zones["field"].append(data.uid)
    t.state.has_auras = True
    mine, theirs = t.card(0, "field", 3000), t.card(1, "field", 3000)
    t.state.auras_stale = True
    assert (ap(t.state, mine), ap(t.state, data.uid), ap(t.state, theirs)) == (3000, 6500, 3000)
    t.card(0, "territory-open", kind="territory")
    t.state.auras_stale = True
    assert (ap(t.state, mine), ap(t.state, data.uid), ap(t.state, theirs)) == (5000, 6500, 3000)


def test_an_awakening_activated_ability_is_offered_only_while_the_territory_is_open(catalog: Catalog) -> None:
    lumie = catalog.cards("build-divide")["lumie-azure-sage"]  # 覚醒【起動】レスト：相手のユニット1体を手札に戻す
    t = Table()
    t.state.phase = "main"
    data = card_instance(catalog, catalog.games["build-divide"], lumie, len(t.cards), 0)
    t.cards.append(data)
    t.state.seats[0].zones["field"].append(data.uid)
    victim = t.card(1, "field", 3000)
    assert not [a for a in t.match.legal_actions() if a.verb == "activate"]
    t.card(0, "territory-open", kind="territory")
    assert [a.text() for a in t.match.legal_actions() if a.verb == "activate"] == [f"activate {data.uid} 1"]
    t.play(f"activate {data.uid} 1", f"target {victim}")
    assert t.zone(victim) == "hand"


def test_the_gate_opening_chant_opens_the_territory_of_an_ace_on_the_field(catalog: Catalog) -> None:
    from dataclasses import replace

    chant = catalog.cards("build-divide")["gate-opening-chant"]
    t = Table()
    t.state.phase = "main"
    for _ in range(4):
        t.card(0, "energy")
    data = BD.card_data(chant, len(t.cards), 0)
    t.cards.append(data)
    t.state.seats[0].zones["hand"].append(data.uid)
    ace = t.card(0, "field", 5000, kind="ace-unit")
    t.cards[ace] = replace(t.cards[ace], title="紅蓮竜")
    territory = t.card(0, "territory", kind="territory")
    t.cards[territory] = replace(t.cards[territory], title="紅蓮竜", cost=2)
    t.card(0, "deck")
    t.play(f"play {data.uid}")
    assert t.zone(territory) == "territory-open" and len(t.state.seats[0].zones["hand"]) == 1  # and it drew
    assert not [e for e in t.state.events if e["type"] == "effect-not-carried-out"]


def test_an_assault_territory_opens_as_a_unit_of_power_7000_and_hit_2(catalog: Catalog) -> None:
    from dataclasses import replace

    from amalogs.referee.engine.effects import ap, sp

    citadel = catalog.cards("build-divide")["white-wing-citadel"]
    t = Table()
    t.state.phase = "main"
    energy = [t.card(0, "energy") for _ in range(7)]  # one for the ace (red), six for the territory (white)
    t.cards[energy[0]] = replace(t.cards[energy[0]], colours=("white",))
    ace = t.card(0, "hand", 2000, kind="ace-unit")
    t.cards[ace] = replace(t.cards[ace], title="白翼", cost=1)
    data = BD.card_data(citadel, len(t.cards), 0)
    t.cards.append(data)
    t.state.seats[0].zones["territory"].append(data.uid)
    t.play(f"play {ace}", f"open {data.uid}")
    assert t.zone(data.uid) == "field" and ap(t.state, data.uid) == 7000 + 2000 and sp(t.state, data.uid) == 2
    assert ap(t.state, ace) == 4000  # its 開放時 effect: +2000 to every unit of its side this turn
    assert not [e for e in t.state.events if e["type"] == "effect-not-carried-out"]
    for _ in range(3):
        t.card(1, "life")
    t.play("attack-phase", f"attack {data.uid} player", "noblock")
    assert len(t.state.seats[1].zones["life"]) == 1  # hit 2
