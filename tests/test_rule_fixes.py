"""Rule fixes in the referee: "this turn" boosts expire, a DDS attacker's SP bonus, effect draws that lose, and
バーサーク's forced attack. Positions are scripted with a small table of cards made to order."""

from __future__ import annotations

import pytest

from amalogs.catalog import Catalog
from amalogs.models.effects import BoostAttack, Draw, Modify, Selector, Timing
from amalogs.ontology.terms import CanonicalStat
from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.state import CardData
from amalogs.referee.games.break_joker import BreakJoker
from amalogs.referee.games.build_divide import BuildDivide
from amalogs.referee.games.guild_heroes import GuildHeroes
from amalogs.referee.games.sengoku import Sengoku

from .tables import TwoSeats

MODULES: dict[str, CoreGame] = {"bd": BuildDivide(), "gh": GuildHeroes(), "sgk": Sengoku(), "bj": BreakJoker()}
ROUND = "break-joker:round"


class Table(TwoSeats):
    """A scripted position between two seats of given games (turn 3); seat 0 is the host, in ``phase``."""

    def __init__(self, game0: str = "bd", game1: str = "bd", phase: str = "attack") -> None:
        super().__init__(MODULES[game0], MODULES[game1], phase)

    def add(self, owner: int, zone: str, ap: int = 0, dp: int = 0, sp: int = 0, keywords: tuple[str, ...] = (),
            kind: str = "unit", cost: int = 1, rested: bool = False, effects: tuple[object, ...] = ()) -> int:
        """A card of the seat's game (values in thousandths; ``sp`` is a ビルディバイド unit's hit)."""
        uid = len(self.cards)
        unified = frozenset({"decoy": "デコイ", "lure": "デコイ", "quick": "ライフトリガー"}[k] for k in keywords
                            if k in ("decoy", "lure", "quick"))
        self.cards.append(CardData(uid, owner, f"c{uid}", f"card {uid}", kind, ("red",), cost, ap, dp, sp,
                                   frozenset(keywords), unified, effects=effects))
        seat = self.state.seats[owner]
        seat.zones[zone].append(uid)
        if rested:
            seat.rested.add(uid)
        return uid

    def unit(self, owner: int, power: int = 3000, hit: int = 1, keywords: tuple[str, ...] = (),
             rested: bool = False) -> int:
        """A ビルディバイド unit on the field."""
        return self.add(owner, "field", power, power, hit, keywords=keywords, rested=rested)

    def gh(self, owner: int, attack: int, defence: int = 1, effects: tuple[object, ...] = ()) -> int:
        """A ギルドヒーローズ character in the attack area (attack and defence in printed points)."""
        return self.add(owner, "attack-area", attack * 1000, defence * 1000, 0, kind="character", effects=effects)

    def revealed(self, seat: int) -> int:
        return sum(1 for e in self.state.events if e["type"] == "life-revealed" and e["seat"] == seat)


def _boost(amount: int = 1, when: Timing = "play") -> BoostAttack:
    return BoostAttack(do="boost_attack", when=when, amount=amount)


def _sp(amount: int, when: Timing = "attack") -> Modify:
    """The card's own SP changes by ``amount`` this turn (no target decision)."""
    itself = Selector(side="self", self_only=True, count=0)
    return Modify(do="modify", when=when, stat=CanonicalStat.SP, amount=amount, target=itself)


# --- 1. "this turn" boosts expire at the end of the turn ----------------------------------------------------


def _boost_played(t: Table) -> None:
    """Seat 0 (ビルディバイド, main phase) plays 猛進の烈火's boost: the next player damage this turn is 1 more."""
    cmd = t.add(0, "hand", kind="command", effects=(_boost(),))
    t.add(0, "energy")
    t.play(f"play {cmd}")
    assert t.state.boost == [1, 0]


def test_boost_attack_adds_to_the_next_player_damage_of_the_same_turn() -> None:
    t = Table(phase="main")
    a = t.unit(0, hit=1)
    lives = [t.add(1, "life") for _ in range(3)]
    _boost_played(t)
    t.play("attack-phase", f"attack {a} player", "noblock")
    assert [t.zone(u) for u in lives] == ["drop", "drop", "life"] and t.state.boost == [0, 0]


def test_boost_attack_not_used_this_turn_expires_at_the_end_of_the_turn() -> None:
    t = Table(phase="main")
    a = t.unit(0, hit=1)
    lives = [t.add(1, "life") for _ in range(3)]
    t.add(0, "deck")  # something for each next draw
    t.add(1, "deck")
    _boost_played(t)
    t.play("attack-phase", "end-attacks")  # no attack this turn
    assert t.state.boost == [0, 0]
    t.play("attack-phase", "end-attacks")  # the opponent's turn
    t.play("attack-phase", f"attack {a} player", "noblock")  # seat 0's next turn: its hit only
    assert [t.zone(u) for u in lives] == ["drop", "life", "life"]


def test_a_boost_gained_in_the_opponents_turn_expires_too() -> None:
    t = Table()
    a = t.unit(0, hit=1)
    t.add(1, "life", kind="command", keywords=("shot",), effects=(_boost(when="life"),))
    t.add(1, "life")
    t.add(1, "deck")
    t.play(f"attack {a} player", "noblock", "use")
    assert t.state.boost == [0, 1]
    t.play("end-attacks")
    assert t.state.boost == [0, 0] and t.state.active == 1


def _mixed_round(catalog: Catalog, skill: bool) -> Table:
    """A ブレイクジョーカー round hosted by seat 0 against a ビルディバイド seat (5 against 7 + 7 + 3, the last an
    オモカジ whose skill adds 1 to this round's damage); the round is played out and the host's turn ends."""
    pool = catalog.cards("break-joker")
    t = Table("bj", "bd", phase=ROUND)
    s = t.state
    for card_id in ("ouzu", "orihime", "omokaji"):
        t.cards.append(BreakJoker().card_data(pool[card_id], len(t.cards), 0))
        s.seats[0].zones["field"].append(len(t.cards) - 1)
    s.seats[0].face_down.add(s.seats[0].zones["field"][0])
    for card_id in ("susuki", "utsushimi"):  # the skill's cost, and a card left to draw
        t.cards.append(BreakJoker().card_data(pool[card_id], len(t.cards), 0))
        s.seats[0].zones["deck"].append(len(t.cards) - 1)
    s.seats[1].zones["bj-row"] = []
    s.seats[1].face_down.add(t.add(1, "bj-row", cost=2))
    t.add(1, "bj-row", cost=3)
    for _ in range(10):
        t.add(1, "life")
    s.counters.update({"ties": 0, "bj-turn": 0, "bj-tie-bonus": 0, "bj-round": 1, "bj-held-0": 0, "bj-held-1": 0})
    t.play(*((f"skill {s.seats[0].zones['field'][-1]}",) if skill else ()), "hold")
    assert t.legal() == {"end-attacks"}
    t.play("end-attacks")
    return t


def test_a_break_joker_rounds_boost_still_counts_and_does_not_outlive_the_round(catalog: Catalog) -> None:
    plain, boosted = _mixed_round(catalog, False), _mixed_round(catalog, True)
    won = [next(e["damage"] for e in t.state.events if e["type"] == "round-won") for t in (plain, boosted)]
    assert won[1] == won[0] + 1
    assert (plain.revealed(1), boosted.revealed(1)) == (won[0], won[1])
    assert boosted.state.boost == [0, 0] and boosted.state.active == 1 and not boosted.match.is_terminal()


# --- 2. a DDS attacker's SP bonus ----------------------------------------------------------------------------


@pytest.mark.parametrize("bonus", [0, 1])
def test_a_dds_attackers_sp_bonus_adds_to_its_ap_against_a_dds_player(bonus: int) -> None:
    t = Table("gh", "gh")
    forts = [t.add(1, "fort-area", kind="character") for _ in range(4)]
    a = t.gh(0, 2, effects=(_sp(bonus),) if bonus else ())  # SP +1 this turn when it attacks
    t.play(f"attack {a} player", "noblock")
    if bonus:  # AP 2 + SP 1 = 3 breaks the top fort (defence 3)
        assert t.zone(forts[3]) == "hand" and t.zone(forts[2]) == "fort-area"
    else:
        assert t.zone(forts[3]) == "fort-area" and t.state.seats[1].damage[forts[3]] == 2000


def test_a_dds_attackers_boost_adds_to_its_ap_and_a_bonus_of_0_or_less_is_ignored() -> None:
    t = Table("gh", "gh")
    forts = [t.add(1, "fort-area", kind="character") for _ in range(4)]
    a = t.gh(0, 2, effects=(_boost(1, when="attack"),))
    t.play(f"attack {a} player", "noblock")  # 2 + 1 = 3 breaks the top fort (defence 3)
    assert t.zone(forts[3]) == "hand" and t.state.boost == [0, 0]
    b = t.gh(0, 3, effects=(_boost(-2, when="attack"),))
    t.play(f"attack {b} player", "noblock")  # a negative bonus is ignored: AP 3 breaks the next upper fort
    assert t.zone(forts[2]) == "hand"


def test_a_dds_attacker_with_an_sp_bonus_deals_sp_1_plus_the_bonus_to_an_sps_player() -> None:
    t = Table("gh", "bd")
    lives = [t.add(1, "life") for _ in range(5)]
    plain = t.gh(0, 4)
    t.play(f"attack {plain} player", "noblock")
    assert t.revealed(1) == 1  # SP 1, whatever its AP
    boosted = t.gh(0, 1, effects=(_boost(1, when="attack"), _sp(1)))  # +1 boost, +1 SP
    t.play(f"attack {boosted} player", "noblock")
    assert t.revealed(1) == 1 + 3 and t.state.boost == [0, 0]
    weakened = t.gh(0, 2, effects=(_sp(-1),))
    t.play(f"attack {weakened} player", "noblock")
    assert t.revealed(1) == 4 + 1 and [t.zone(u) for u in lives] == ["drop"] * 5


def test_a_dds_attackers_sp_bonus_against_castle_walls_and_hp() -> None:
    t = Table("gh", "sgk")
    walls = [t.add(1, "castle", kind="bushou") for _ in range(4)]
    a = t.gh(0, 2, effects=(_boost(1, when="attack"),))
    t.play(f"attack {a} player", "noblock")
    assert [t.zone(w) for w in walls] == ["castle", "castle", "discard", "discard"]  # 1 + 1 walls at once
    t = Table("gh", "bj")
    a = t.gh(0, 3, effects=(_sp(1),))
    t.play(f"attack {a} player", "noblock")
    assert t.state.seats[1].counters["hp"] == 10 - 4  # AP 3 + SP 1


# --- 3. a draw the player's game says it cannot make ---------------------------------------------------------


def test_a_build_divide_effect_draw_with_neither_deck_nor_life_loses() -> None:
    t = Table(phase="main")
    cmd = t.add(0, "hand", kind="command", effects=(Draw(do="draw", count=1),))
    t.add(0, "energy")
    t.play(f"play {cmd}")
    assert t.match.outcome is not None and t.match.outcome.winner == 1
    assert t.match.outcome.reason == "drew with neither deck nor life cards"


def test_a_build_divide_effect_draw_with_an_empty_deck_draws_a_life_card() -> None:
    t = Table(phase="main")
    cmd = t.add(0, "hand", kind="command", effects=(Draw(do="draw", count=1),))
    t.add(0, "energy")
    life = t.add(0, "life")
    t.play(f"play {cmd}")
    assert not t.match.is_terminal() and t.zone(life) == "hand"


def test_a_guild_heroes_quick_effect_draw_from_an_empty_deck_loses() -> None:
    t = Table("gh", "gh")
    t.add(1, "fort-area", kind="character", keywords=("quick",), effects=(Draw(do="draw", when="life"),))
    a = t.gh(0, 5)
    t.play(f"attack {a} player", "noblock")
    assert t.match.outcome is not None and t.match.outcome.winner == 0
    assert t.match.outcome.reason == "had to draw from an empty deck"


@pytest.mark.parametrize(("game", "loses"), [("bd", True), ("gh", True), ("sgk", False), ("bj", False)])
def test_an_opponent_drawing_from_an_empty_deck_by_effect_loses_only_where_its_game_says(game: str,
                                                                                           loses: bool) -> None:
    t = Table("bd", game, phase="main")
    cmd = t.add(0, "hand", kind="command", effects=(Draw(do="draw", count=1, who="opponent"),))
    t.add(0, "energy")
    t.play(f"play {cmd}")
    assert t.match.is_terminal() == loses
    if loses:
        assert t.match.outcome is not None and t.match.outcome.winner == 0
    else:
        assert t.state.phase == "main"  # 戦国大戦TCG: only its draw phase; ブレイクジョーカー: outside its round


# --- 4. バーサーク must attack --------------------------------------------------------------------------------


def test_end_attacks_is_not_offered_while_a_berserk_unit_can_attack() -> None:
    t = Table(phase="main")
    berserk = t.unit(0, keywords=("berserk",))
    other = t.unit(0)
    for _ in range(3):
        t.add(1, "life")
    t.play("attack-phase")
    assert t.legal() == {f"attack {berserk} player", f"attack {other} player"}
    t.play(f"attack {other} player", "noblock")
    assert "end-attacks" not in t.legal()
    t.play(f"attack {berserk} player", "noblock")
    assert t.legal() == {"end-attacks"}


def test_a_berserk_unit_that_cannot_attack_does_not_hold_the_turn() -> None:
    t = Table()
    t.unit(0, keywords=("berserk",), rested=True)
    other = t.unit(0)
    assert t.legal() == {f"attack {other} player", "end-attacks"}


def test_a_berserk_unit_must_attack_a_rested_decoy_when_there_is_one() -> None:
    t = Table()
    berserk = t.unit(0, keywords=("berserk",))
    decoy = t.unit(1, keywords=("decoy",), rested=True)
    t.unit(1, rested=True)
    assert t.legal() == {f"attack {berserk} unit {decoy}"}
