"""ギルドヒーローズ under the referee, and the bridge rules between it and ビルディバイド."""

from __future__ import annotations

import random

from amalogs.catalog import Catalog
from amalogs.referee import Match, RandomPlayer
from amalogs.referee.engine.state import CardData
from amalogs.referee.games.build_divide import BuildDivide
from amalogs.referee.games.guild_heroes import GuildHeroes

from .tables import TwoSeats

MODULES = {"bd": BuildDivide(), "gh": GuildHeroes()}


class Table(TwoSeats):
    """A scripted position between two seats of given games; seat 0 acts in its attack step."""

    def __init__(self, game0: str = "gh", game1: str = "gh") -> None:
        super().__init__(MODULES[game0], MODULES[game1], "attack")

    def gh(self, owner: int, zone: str, attack: int = 0, defence: int = 0, keywords: tuple[str, ...] = (),
           rested: bool = False, effects: tuple[object, ...] = ()) -> int:
        unified = frozenset({"lure": "デコイ", "quick": "ライフトリガー"}[k] for k in keywords if k in ("lure", "quick"))
        return self._add(CardData(len(self.cards), owner, "g", f"gh {len(self.cards)}", "character", ("fire",), 1,
                                  attack * 1000, defence * 1000, 0, frozenset(keywords), unified, effects=effects),
                         zone, rested)

    def bd(self, owner: int, zone: str, power: int = 0, hit: int = 1, keywords: tuple[str, ...] = (),
           rested: bool = False) -> int:
        return self._add(CardData(len(self.cards), owner, "b", f"bd {len(self.cards)}", "unit", ("red",), 1,
                                  power, power, hit, frozenset(keywords)), zone, rested)

    def _add(self, card: CardData, zone: str, rested: bool) -> int:
        self.cards.append(card)
        self.state.seats[card.owner].zones[zone].append(card.uid)
        if rested:
            self.state.seats[card.owner].rested.add(card.uid)
        return card.uid



def _forts(t: Table, owner: int, *keywords: tuple[str, ...]) -> list[int]:
    return [t.gh(owner, "fort-area", keywords=k) for k in keywords]


def test_forts_take_defence_3_then_5_and_damage_accumulates_within_the_turn() -> None:
    t = Table()
    lower = _forts(t, 1, (), ())
    upper = _forts(t, 1, (), ())
    a3 = t.gh(0, "attack-area", 3, 3)
    a4 = t.gh(0, "attack-area", 4, 4)
    a1 = t.gh(0, "attack-area", 1, 1)
    t.play(f"attack {a3} player", "noblock")
    assert t.zone(upper[1]) == "hand"  # 3 breaks an upper fort (defence 3)
    t.play(f"attack {a4} player", "noblock")
    assert t.zone(upper[0]) == "hand"  # the other upper fort
    t.play(f"attack {a1} player", "noblock")
    assert t.zone(lower[1]) == "fort-area" and t.state.seats[1].damage[lower[1]] == 1000  # lower: defence 5


def test_fort_damage_clears_at_the_end_of_the_turn() -> None:
    t = Table()
    fort = _forts(t, 1, ())[0]
    a = t.gh(0, "attack-area", 2, 2)
    t.gh(1, "deck")
    t.play(f"attack {a} player", "noblock")
    assert t.state.seats[1].damage[fort] == 2000
    t.play("end-attacks")
    assert fort not in t.state.seats[1].damage


def test_a_broken_fort_with_a_quick_effect_fires_it_otherwise_goes_to_hand() -> None:
    from amalogs.models.effects import Draw

    t = Table()
    plain = t.gh(1, "fort-area")
    quick = t.gh(1, "fort-area", keywords=("quick",), effects=(Draw(do="draw", when="life"),))
    drawn = t.gh(1, "deck")
    a = t.gh(0, "attack-area", 5, 5)
    b = t.gh(0, "attack-area", 5, 5)
    t.play(f"attack {a} player", "noblock")
    assert t.zone(quick) == "discard" and t.zone(drawn) == "hand"  # the quick effect drew a card
    t.play(f"attack {b} player", "noblock")
    assert t.zone(plain) == "hand"


def test_a_player_hit_with_no_forts_loses() -> None:
    t = Table()
    a = t.gh(0, "attack-area", 1, 1)
    t.play(f"attack {a} player", "noblock")
    assert t.match.is_terminal() and t.match.outcome.winner == 0  # type: ignore[union-attr]


def test_summoning_sickness_a_character_placed_this_turn_cannot_move() -> None:
    t = Table()
    fresh = t.gh(0, "defence-area", 2, 2)
    old = t.gh(0, "defence-area", 2, 2)
    t.state.seats[0].entered[fresh] = t.state.turn
    t.state.phase = "main"
    t.play("attack-phase")
    moves = {a.text() for a in t.match.legal_actions()}
    assert f"move {old}" in moves and f"move {fresh}" not in moves


def test_only_an_attack_on_the_player_can_be_blocked() -> None:
    t = Table()
    _forts(t, 1, ())
    a = t.gh(0, "attack-area", 2, 2)
    spent = t.gh(1, "defence-area", 1, 1, rested=True)
    guard = t.gh(1, "defence-area", 3, 3)
    t.play(f"attack {a} unit {spent}")
    assert [x.text() for x in t.match.legal_actions()] == ["noblock"]
    t.play("noblock")
    b = t.gh(0, "attack-area", 2, 2)
    t.play(f"attack {b} player")
    assert {x.text() for x in t.match.legal_actions()} == {"noblock", f"block {guard}"}


def test_lure_must_be_targeted() -> None:
    t = Table()
    a = t.gh(0, "attack-area", 2, 2)
    lure = t.gh(1, "defence-area", 1, 1, keywords=("lure",), rested=True)
    t.gh(1, "defence-area", 1, 1, rested=True)
    assert {x.text() for x in t.match.legal_actions()} == {f"attack {a} unit {lure}", "end-attacks"}


# --- the bridge between ビルディバイド and ギルドヒーローズ -----------------------------------------------


def test_a_bd_unit_with_hit_2_not_blocked_breaks_two_gh_forts() -> None:
    t = Table("bd", "gh")
    forts = _forts(t, 1, (), (), (), ())
    a = t.bd(0, "field", 5000, hit=2)
    t.play(f"attack {a} player", "noblock")
    assert [t.zone(f) for f in forts] == ["fort-area", "fort-area", "hand", "hand"]


def test_an_unblocked_gh_attacker_reveals_exactly_one_bd_life_card() -> None:
    t = Table("gh", "bd")
    lives = [t.bd(1, "life") for _ in range(3)]
    a = t.gh(0, "attack-area", 6, 6)
    t.play(f"attack {a} player", "noblock")
    assert [t.zone(u) for u in lives] == ["drop", "life", "life"]


def test_a_bd_5000_unit_blocked_by_a_gh_3_4_destroys_it_and_survives_with_3_damage() -> None:
    t = Table("bd", "gh")
    t.gh(1, "fort-area")
    a = t.bd(0, "field", 5000, hit=1)
    blocker = t.gh(1, "defence-area", 3, 4)
    t.play(f"attack {a} player", f"block {blocker}")
    assert t.zone(blocker) == "discard"
    assert t.zone(a) == "field" and t.state.seats[0].damage[a] == 3000  # 3 canonical points


def test_a_gh_host_may_target_a_rested_bd_unit_and_bd_blocks_by_its_own_rules() -> None:
    t = Table("gh", "bd")
    a = t.gh(0, "attack-area", 3, 3)
    rested = t.bd(1, "field", 2000, rested=True)
    guard = t.bd(1, "field", 4000)
    t.play(f"attack {a} unit {rested}")
    assert {x.text() for x in t.match.legal_actions()} == {"noblock", f"block {guard}"}


def test_a_mixed_match_repeats_with_the_same_seed(catalog: Catalog) -> None:
    a, b = catalog.game("BD"), catalog.game("GH")
    da, db = catalog.decks(a.id)["red-aggro"][0], catalog.decks(b.id)["tidelight-guardians"][0]

    def run() -> list[dict[str, object]]:
        m = Match.new(catalog, [(a, da), (b, db)], 5)
        rng, p = random.Random(1), RandomPlayer()
        while not m.is_terminal():
            m.apply_action(p.choose({}, m.legal_actions(), rng))
        return m.state.events

    assert run() == run()


def test_the_observation_hides_forts_decks_and_the_opponents_hand(catalog: Catalog) -> None:
    a, b = catalog.game("BD"), catalog.game("GH")
    m = Match.new(catalog, [(a, catalog.decks(a.id)["red-aggro"][0]), (b, catalog.decks(b.id)["tidelight-guardians"][0])], 3)
    while m.state.phase == "setup":
        m.apply_action(m.legal_actions()[-1])
    for me in (0, 1):
        view = m.observation(me)
        other = view["seats"][1 - me]
        assert isinstance(view["seats"][me]["hand"], list) and isinstance(other["hand"], int)
        for seat in view["seats"]:
            for zone in ("deck", "life", "fort-area", "mana-deck"):
                if zone in seat:
                    assert isinstance(seat[zone], int)
        shown = set(view["cards"])
        assert not shown & set(m.state.seats[1 - me].zones["hand"])


def test_evolution_puts_the_card_onto_its_named_character_and_keeps_its_state() -> None:
    t = Table()
    t.state.phase = "main"
    mana = [t.gh(0, "mana-area") for _ in range(2)]
    base = t.gh(0, "attack-area", 2, 2)
    t.cards[base] = CardData(base, 0, "g", "見習い剣士", "character", ("fire",), 1, 2000, 2000, 0, frozenset())
    evo = len(t.cards)
    t.cards.append(CardData(evo, 0, "e", "剣士長", "evolution-character", ("fire",), 5, 5000, 4000, 0,
                            frozenset({"evolution"}), cost_table=(("fire", 5),), evolves_from="見習い剣士",
                            evolution_cost=(("no-attribute", 2),)))
    t.state.seats[0].zones["hand"].append(evo)
    t.state.seats[0].damage[base] = 1000
    assert f"evolve {evo} {base}" in {a.text() for a in t.match.legal_actions()}
    t.play(f"evolve {evo} {base}")
    seat = t.state.seats[0]
    assert seat.zones["attack-area"] == [evo] and seat.zones["under"] == [base]
    assert seat.damage == {evo: 1000} and set(mana) <= seat.rested
    destroyed_by = t.gh(1, "defence-area", 9, 9)
    t.state.phase = "attack"
    t.play(f"attack {evo} player", f"block {destroyed_by}")
    assert t.zone(evo) == "discard" and t.zone(base) == "discard"  # the whole stack leaves together


def test_equipment_attaches_one_per_character_and_leaves_with_it() -> None:
    from amalogs.models.effects import Modify, Selector
    from amalogs.ontology.terms import CanonicalStat

    t = Table()
    t.state.phase = "main"
    t.gh(0, "mana-area")
    knight = t.gh(0, "defence-area", 2, 2)
    sword = len(t.cards)
    equipped = Selector(side="self", family="キャラ科", attached=True)  # 「装備したキャラクター」
    t.cards.append(CardData(sword, 0, "s", "剣", "equipment-magic", ("fire",), 0, 0, 0, 0, frozenset(),
                            effects=(Modify(do="modify", when="static", stat=CanonicalStat.AP, amount=2,
                                            target=equipped, until="permanent"),)))
    t.state.has_auras = True  # (a match works it out from its cards)
    t.state.seats[0].zones["hand"].append(sword)
    t.play(f"equip {sword} {knight}")
    from amalogs.referee.engine.effects import ap

    assert ap(t.state, knight) == 4000 and t.zone(sword) == "equipment"
    assert not any(a.verb == "equip" for a in t.match.legal_actions())
    from amalogs.referee.engine.match import destroy

    destroy(t.state, knight)
    assert t.zone(sword) == "discard"


def test_the_defender_may_react_when_the_hosts_attacks_begin() -> None:
    from amalogs.models.effects import Damage

    t = Table("bd", "gh")
    t.state.phase = "main"
    attacker = t.bd(0, "field", 3000)
    t.gh(1, "mana-area")
    react = len(t.cards)
    t.cards.append(CardData(react, 1, "r", "炎の壁", "magic", ("fire",), 1, 0, 0, 0, frozenset({"reaction"}),
                            cost_table=(("no-attribute", 1),), effects=(Damage(do="damage", amount=3),)))
    t.state.seats[1].zones["hand"].append(react)
    t.play("attack-phase")
    assert t.state.phase == "reaction" and t.match.current_player() == 1
    assert {a.text() for a in t.match.legal_actions()} == {f"react {react}", "pass"}
    t.play(f"react {react}", f"target {attacker}")
    assert t.zone(attacker) == "drop" and t.zone(react) == "discard"
    assert t.state.phase == "attack" and t.match.current_player() == 0  # nothing left to react with


def test_without_reactions_the_attacks_begin_at_once() -> None:
    t = Table("gh", "bd")
    t.state.phase = "main"
    t.play("attack-phase", "moves-done")
    assert t.state.phase == "attack" and t.match.current_player() == 0


def test_an_activated_ability_is_offered_when_its_cost_can_be_paid() -> None:
    from amalogs.models.effects import Draw, Payment

    t = Table()
    t.state.phase = "main"
    mana = t.gh(0, "mana-area")
    t.cards[mana] = CardData(mana, 0, "m", "雷のマナ", "basic-mana", ("thunder",), 0, 0, 0, 0, frozenset(),
                             slots=frozenset({"9"}))
    ability = Draw(do="draw", when="activated", cost="スペントし、雷のマナを1つ支払う",
                   pay=Payment(rest_self=True, resources={"9": 1}, once_per_turn=True))
    user = t.gh(0, "defence-area", 1, 1, effects=(ability,))
    fresh = t.gh(0, "defence-area", 1, 1, effects=(ability,))
    t.state.seats[0].entered[fresh] = t.state.turn  # standby: it cannot spend itself this turn
    drawn = t.gh(0, "deck")
    assert [a.text() for a in t.match.legal_actions() if a.verb == "activate"] == [f"activate {user} 0"]
    t.play(f"activate {user} 0")
    assert t.zone(drawn) == "hand" and {user, mana} <= t.state.seats[0].rested
    assert not any(a.verb == "activate" for a in t.match.legal_actions())


def test_an_abilitys_discard_cost_is_the_players_pick_and_the_ability_resolves_after() -> None:
    from amalogs.models.effects import Draw, Payment

    t = Table()
    t.state.phase = "main"
    ability = Draw(do="draw", when="activated", cost="手札を1枚捨てる", pay=Payment(discard=1))
    user = t.gh(0, "defence-area", 1, 1, effects=(ability,))
    keep, toss = t.gh(0, "hand"), t.gh(0, "hand")
    drawn = t.gh(0, "deck")
    t.play(f"activate {user} 0")
    assert t.state.phase == "cost-discard" and t.zone(drawn) == "deck"  # not before the cost is paid
    assert sorted(a.text() for a in t.match.legal_actions()) == sorted([f"discard {keep}", f"discard {toss}"])
    t.play(f"discard {toss}")
    assert t.zone(toss) == "discard" and t.zone(keep) == "hand" and t.zone(drawn) == "hand"
    assert t.state.phase == "main"


def test_a_character_in_a_broken_fort_comes_into_play_on_standby_by_its_quick_effect() -> None:
    from amalogs.catalog import load_catalog
    from amalogs.referee.engine.registry import MODULES as REGISTERED

    drake = load_catalog().cards("guild-heroes")["young-fire-drake"]  # quick: from the broken fort to the field
    t = Table("bd", "gh")
    t.gh(1, "fort-area")
    data = REGISTERED["guild-heroes"].card_data(drake, len(t.cards), 1)
    t._add(data, "fort-area", False)  # the top fort
    attacker = t.bd(0, "field", 3000, hit=1)
    t.play(f"attack {attacker} player", "noblock")
    assert t.zone(data.uid) == "defence-area" and t.state.seats[1].entered[data.uid] == t.state.turn
    assert not [e for e in t.state.events if e["type"] == "effect-not-carried-out"]
    assert [e["to"] for e in t.state.events if e["type"] == "fort-broken"] == ["field"]


def test_an_attacker_that_ignores_lure_may_choose_any_target() -> None:
    from amalogs.catalog import load_catalog
    from amalogs.referee.engine.registry import MODULES as REGISTERED

    assassin = load_catalog().cards("guild-heroes")["nightfog-assassin"]
    t = Table()
    data = REGISTERED["guild-heroes"].card_data(assassin, len(t.cards), 0)
    t._add(data, "attack-area", False)
    lure = t.gh(1, "defence-area", 1, 1, keywords=("lure",), rested=True)
    other = t.gh(1, "defence-area", 1, 1, rested=True)
    targets = {a.text() for a in t.match.legal_actions() if a.verb == "attack"}
    assert targets == {f"attack {data.uid} player", f"attack {data.uid} unit {lure}", f"attack {data.uid} unit {other}"}


def test_base_cards_and_special_mana_carry_out_their_printed_rules() -> None:
    from dataclasses import replace

    from amalogs.catalog import load_catalog
    from amalogs.referee.engine.registry import MODULES as REGISTERED

    catalog = load_catalog()
    gh = catalog.game("guild-heroes")
    tide = catalog.decks("guild-heroes")["tidelight-guardians"][0]  # its base card: a hand limit of 7
    m = Match.new(catalog, [(gh, tide), (gh, tide)], seed=2)
    while m.state.phase == "setup":
        m.apply_action(m.legal_actions()[-1])
    assert all(seat.counters.get("hand-limit") == 7 for seat in m.state.seats)
    assert m.observation(0)["seats"][0]["hand_limit"] == 7
    # a base card that gives a fifth fort on top of the upper tier (no sample deck uses it)
    cathedral = catalog.cards("guild-heroes")["whitewing-cathedral-guild"]
    module = REGISTERED["guild-heroes"]
    t = Table()
    data = module.card_data(cathedral, len(t.cards), 0)
    t._add(data, "mana-area", False)
    for _ in range(8):
        t.gh(0, "deck")
    module.finish_setup(t.state, 0)
    assert len(t.state.seats[0].zones["fort-area"]) == 5
    # special mana that enters spent
    prism = module.card_data(catalog.cards("guild-heroes")["prism-mana"], len(t.cards), 0)
    t._add(prism, "mana-deck", False)
    module.gain_resource(t.state, 0, rested=False)
    assert prism.uid in t.state.seats[0].zones["mana-area"] and prism.uid in t.state.seats[0].rested
    # … and pays a cost of any attribute, the payment being its "produce one mana" ability
    assert prism.abilities == () and {"fire", "dark"} <= set(prism.colours)
    t.state.seats[0].rested.discard(prism.uid)
    fire_card = t.cards[t.gh(0, "hand", 1, 1)]  # costs one fire
    assert module.payment(t.state, t.state.seats[0], replace(fire_card, cost_table=(("fire", 1),))) == [prism.uid]
