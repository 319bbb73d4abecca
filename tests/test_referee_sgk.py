"""戦国大戦TCG under the referee: castle walls, 国力, interception, the 計略 step, keywords, and the bridge."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from amalogs.catalog import Catalog, load_catalog
from amalogs.referee import Match, RandomPlayer
from amalogs.referee.engine.instances import card_instance
from amalogs.referee.engine.registry import MODULES
from amalogs.referee.engine.state import CardData, State
from amalogs.referee.players.greedy import GreedyPlayer

from .conftest import rules
from .tables import TwoSeats

SGK, BD, GH = "sengoku-taisen", "build-divide", "guild-heroes"
CATALOG = load_catalog()


class Table(TwoSeats):
    """A scripted position between two seats; seat 0 is the turn player (turn 3), in ``phase``."""

    def __init__(self, game0: str = SGK, game1: str = SGK, phase: str = "main") -> None:
        super().__init__(MODULES[game0], MODULES[game1], phase, has_auras=True)

    def add(self, owner: int, zone: str, card_id: str = "uzumaru", rested: bool = False, fresh: bool = False,
            face_down: bool = False) -> int:
        """A card of the seat's game into a zone (``fresh``: deployed this turn)."""
        game = CATALOG.game(self.state.seats[owner].game)
        uid = len(self.cards)
        self.cards.append(card_instance(CATALOG, game, CATALOG.cards(game.id)[card_id], uid, owner))
        seat = self.state.seats[owner]
        seat.zones[zone].append(uid)
        if rested:
            seat.rested.add(uid)
        if fresh:
            seat.entered[uid] = self.state.turn
        if face_down:
            seat.face_down.add(uid)
        return uid

    def walls(self, owner: int, n: int) -> list[int]:
        return [self.add(owner, "castle", "tatemochi-ashigaru") for _ in range(n)]


# --- castle walls ------------------------------------------------------------------------------------


def test_siege_damage_with_no_walls_left_loses() -> None:
    t = Table(phase="attack")
    a = t.add(0, "jijin", "hibashiri-shinobi")
    t.play(f"attack {a} player", "noblock")
    assert t.match.is_terminal() and t.match.outcome is not None and t.match.outcome.winner == 0


def test_siege_damage_2_discards_two_walls_at_once() -> None:
    t = Table(phase="attack")
    walls = t.walls(1, 3)
    a = t.add(0, "jijin", "uzumaru")  # 攻城力 2
    t.play(f"attack {a} player", "noblock")
    assert [t.zone(w) for w in walls] == ["castle", "discard", "discard"]
    sieges = [e for e in t.state.events if e["type"] == "siege"]
    assert len(sieges) == 1 and sieges[0]["walls"] == 2 and sieges[0]["castle"] == 1


def test_siege_damage_2_on_the_last_wall_does_not_lose() -> None:
    t = Table(phase="attack")
    (wall,) = t.walls(1, 1)
    a = t.add(0, "jijin", "uzumaru")
    t.play(f"attack {a} player", "noblock")
    assert t.zone(wall) == "discard" and not t.match.is_terminal()  # the walls were not 0 when it hit


# --- 国力 --------------------------------------------------------------------------------------------


def test_a_face_down_kokuryoku_draws_a_card_and_pays_only_white_circles() -> None:
    t = Table(phase="sengoku-taisen:kokuryoku")
    down = t.add(0, "hand", "hibashiri-shinobi")  # a 紅 card, put face down
    spearman = t.add(0, "hand", "yarifusuma-wakamusha")  # 紅1 + white 1
    hino = t.add(0, "hand", "hino-sougen")  # 散華〔紅1〕 from hand
    drawn = t.add(0, "deck", "kakei")
    t.add(0, "kokuryoku", "akebe-tesshin", face_down=True)
    t.play(f"kokuryoku {down} down")
    assert t.zone(down) == "kokuryoku" and down in t.state.seats[0].face_down and t.zone(drawn) == "hand"
    assert t.state.phase == "main"
    legal = t.legal()
    assert f"play {spearman}" not in legal and not any(a.startswith(f"activate {hino}") for a in legal)
    t.add(0, "kokuryoku", "takamori-jinkurou")  # one face-up 紅
    legal = t.legal()
    assert f"play {spearman}" in legal and any(a.startswith(f"activate {hino}") for a in legal)
    t.play(f"play {spearman}")
    assert t.zone(spearman) == "jijin"


def test_a_stratagem_goes_into_kokuryoku_only_face_down_and_at_most_ten() -> None:
    t = Table(phase="sengoku-taisen:kokuryoku")
    kakei = t.add(0, "hand", "kakei")
    assert t.legal() == {f"kokuryoku {kakei} down", "pass"}
    for _ in range(10):
        t.add(0, "kokuryoku", "kakei", face_down=True)
    assert t.legal() == {"pass"}


# --- attacks, interception, the 計略 step ------------------------------------------------------------


def test_a_bushou_deployed_this_turn_cannot_attack_but_one_with_kishuu_can() -> None:
    t = Table()
    for _ in range(3):
        t.add(0, "kokuryoku", "akebe-tesshin")  # face-up 紅
    plain = t.add(0, "hand", "yarifusuma-wakamusha")
    surprise = t.add(0, "hand", "hibashiri-shinobi")
    t.play(f"play {plain}", f"play {surprise}", "attack-phase")
    attacks = {a for a in t.legal() if a.startswith("attack ")}
    assert attacks == {f"attack {surprise} player"}


def test_an_intercept_redirects_the_attack_to_the_interceptor() -> None:
    t = Table(phase="attack")
    walls = t.walls(1, 2)
    a = t.add(0, "jijin", "uzumaru")  # 2500/2500
    guard = t.add(1, "jijin", "hibashiri-shinobi")  # 1000/1000
    t.play(f"attack {a} player", f"block {guard}")
    assert t.state.phase == "sengoku-taisen:strategy" and t.match.current_player() == 0  # the turn player first
    t.play("pass", "pass")
    assert t.zone(guard) == "discard" and t.state.seats[0].damage[a] == 1000
    assert [t.zone(w) for w in walls] == ["castle", "castle"]  # the walls are untouched
    assert t.state.phase == "main"  # back to the main phase after the battle


def test_the_strategy_step_alternates_until_both_pass_in_a_row() -> None:
    t = Table(phase="attack")
    t.walls(1, 1)
    a = t.add(0, "jijin", "uzumaru")  # 2500/2500
    guard = t.add(1, "jijin", "makihara-genzou")  # 2500/3000
    t.add(1, "kokuryoku", "hayama-douju")
    t.add(1, "kokuryoku", "hayama-douju")
    gotoshi = t.add(1, "hand", "yama-no-gotoshi")  # 兵力+1500 in battle
    t.play(f"attack {a} player", f"block {guard}", "pass")
    assert t.match.current_player() == 1 and f"react {gotoshi}" in t.legal()
    t.play(f"react {gotoshi}", f"target {guard}")
    assert t.state.phase == "sengoku-taisen:strategy" and t.match.current_player() == 0  # back to the host
    t.play("pass")
    assert t.match.current_player() == 1
    t.play("pass")
    assert t.zone(guard) == "jijin" and t.state.seats[1].damage[guard] == 2500  # 4500 兵力 now: it holds
    assert t.zone(a) == "discard"


def test_musou_rengeki_stands_the_bushou_and_removes_its_damage_once_a_turn() -> None:
    t = Table(phase="attack")
    t.walls(1, 3)
    a = t.add(0, "jijin", "uzumaru")  # 2500/2500, 無双連撃
    b = t.add(0, "jijin", "uzumaru", rested=True)
    copies = [t.add(0, "hand", "uzumaru") for _ in range(2)]
    other = t.add(0, "hand", "kakei")
    guard = t.add(1, "jijin", "hibashiri-shinobi")
    t.play(f"attack {a} player", f"block {guard}", "pass", "pass")
    assert t.state.seats[0].damage[a] == 1000 and a in t.state.seats[0].rested
    legal = t.legal()
    assert f"musou {a} {copies[0]}" in legal and f"musou {a} {other}" not in legal
    t.play(f"musou {a} {copies[0]}")
    assert a not in t.state.seats[0].rested and a not in t.state.seats[0].damage and t.zone(copies[0]) == "discard"
    assert not any(x.startswith("musou") for x in t.legal())  # once a turn (b has no 乱舞)
    t.play("attack-phase")
    assert f"attack {a} player" in t.legal() and f"attack {b} player" not in t.legal()  # a may attack again


def test_ranbu_may_use_musou_rengeki_again_in_the_same_turn() -> None:
    t = Table()
    kureha = t.add(0, "jijin", "kureha", rested=True)  # 無双連撃 and 乱舞
    copies = [t.add(0, "hand", "kureha") for _ in range(2)]
    t.play(f"musou {kureha} {copies[0]}")
    t.state.seats[0].rested.add(kureha)
    assert f"musou {kureha} {copies[1]}" in t.legal()


def test_nagayari_doubles_damage_against_a_kishuu_bushou() -> None:
    def fight(guard_id: str) -> tuple[Table, int]:
        t = Table(phase="attack")
        t.walls(1, 1)
        a = t.add(0, "jijin", "akebe-tesshin")  # 2000/1500, 奇襲
        t.state.seats[0].mods[a] = (0, 1000, 0)  # 兵力 2500 this turn
        guard = t.add(1, "jijin", guard_id)  # both 1500/2000
        t.play(f"attack {a} player", f"block {guard}", "pass", "pass")
        return t, a

    spear, a = fight("nagae-kumigashira")  # 長槍: 1500 × 2 = 3000 ≥ 2500
    assert spear.zone(a) == "discard"
    plain, a = fight("hino-sougen")  # no 長槍: 1500 < 2500
    assert plain.zone(a) == "jijin" and plain.state.seats[0].damage[a] == 1500


def test_sensei_strikes_first_in_its_own_turn_only() -> None:
    t = Table(phase="attack")
    t.walls(1, 1)
    t.walls(0, 1)
    spear = t.add(0, "jijin", "yarifusuma-wakamusha")  # 2000/1000, 先制
    t.state.seats[0].granted[spear] = frozenset({"先制攻撃"})  # what the start phase grants
    guard = t.add(1, "jijin", "akebe-tesshin")  # 2000/1500
    t.play(f"attack {spear} player", f"block {guard}", "pass", "pass")
    assert t.zone(guard) == "discard" and t.zone(spear) == "jijin"  # it dealt first and took nothing
    t.add(1, "deck", "kakei")
    t.add(0, "deck", "kakei")
    t.play("attack-phase", "end-attacks")  # seat 1's turn: no 先制 for seat 0's 武将
    assert "先制攻撃" not in t.state.seats[0].granted.get(spear, frozenset())


def test_a_protection_card_stops_one_battle_and_is_discarded() -> None:
    t = Table()
    for _ in range(5):
        t.add(0, "kokuryoku", "hayama-douju")
    t.add(0, "deck", "kakei")
    top = t.add(0, "deck", "kakei")  # the top of a pile is its last card
    bicchuu = t.add(0, "hand", "ishigaki-bicchuu")  # 防護
    t.play(f"play {bicchuu}")
    assert t.zone(top) == "under" and top in t.state.seats[0].face_down
    t.state.seats[0].rested.add(bicchuu)
    t.state.active, t.state.decider, t.state.phase = 1, 1, "attack"
    a = t.add(1, "jijin", "kurogane-danjou")  # 3500/3000
    t.play(f"attack {a} unit {bicchuu}", "noblock", "pass", "pass")
    assert t.zone(top) == "discard" and t.zone(bicchuu) == "jijin" and t.zone(a) == "jijin"
    assert t.state.seats[0].damage.get(bicchuu, 0) == 0 and t.state.seats[1].damage.get(a, 0) == 0


def test_shubi_while_exhausted_shields_the_other_bushou() -> None:
    t = Table(phase="attack")
    a = t.add(0, "jijin", "uzumaru")
    guard = t.add(1, "jijin", "sugiura-matabee", rested=True)  # 守備
    other = t.add(1, "jijin", "nagae-kumigashira", rested=True)
    attacks = {x for x in t.legal() if x.startswith("attack ")}
    assert attacks == {f"attack {a} player", f"attack {a} unit {guard}"}  # not {other}
    t.state.seats[1].rested.discard(guard)
    assert f"attack {a} unit {other}" in t.legal()


def test_fukuhei_deploys_from_hand_in_the_opponents_turn_to_intercept() -> None:
    t = Table(phase="attack")
    t.walls(1, 2)
    a = t.add(0, "jijin", "hibashiri-shinobi")
    for _ in range(4):
        t.add(1, "kokuryoku", "uzumaru")  # face-up 蒼: cost 蒼1 + 2 white, plus 蒼1 for 伏兵
    ambusher = t.add(1, "hand", "kirigakure-fuzei")
    t.play(f"attack {a} player")
    assert f"block {ambusher}" in t.legal()
    t.play(f"block {ambusher}")
    assert t.zone(ambusher) == "jijin" and len(t.state.seats[1].rested) == 5  # four 国力 and the interceptor


def test_shinka_retainers_pay_white_circles_of_their_lord() -> None:
    t = Table()
    for _ in range(3):
        t.add(0, "kokuryoku", "akebe-tesshin")  # three 紅: only the coloured circles
    yashichi = t.add(0, "jijin", "akasaka-yashichi")  # 臣下〔当主：鷹森烈堂〕
    lord = t.add(0, "hand", "takamori-retsudou")  # 紅3 + white 3
    assert f"play {lord}" not in t.legal() and f"play {lord} retainers" not in t.legal()
    t.add(0, "kokuryoku", "kakei", face_down=True)
    t.add(0, "kokuryoku", "kakei", face_down=True)
    assert f"play {lord} retainers" in t.legal()
    t.play(f"play {lord} retainers")
    assert t.zone(lord) == "jijin" and yashichi in t.state.seats[0].rested


def test_kantsuu_winning_its_own_battle_deals_one_siege_damage() -> None:
    t = Table(phase="attack")
    walls = t.walls(1, 2)
    a = t.add(0, "jijin", "onizuka-goemon")  # 3000/2500, 貫通
    guard = t.add(1, "jijin", "hibashiri-shinobi")
    t.play(f"attack {a} player", f"block {guard}", "pass", "pass")
    assert t.zone(guard) == "discard" and [t.zone(w) for w in walls] == ["castle", "discard"]


def test_counters_rebellion_forbids_attacking_and_costs_two_to_remove() -> None:
    t = Table()
    for _ in range(6):
        t.add(0, "kokuryoku", "hayama-douju")
    danjou = t.add(0, "hand", "kurogane-danjou")
    t.play(f"play {danjou}")
    seat = t.state.seats[0]
    assert seat.counters["謀反"] == 2 and "remove-counter 謀反" in t.legal()
    t.state.seats[0].entered[danjou] = 1  # as if deployed earlier
    t.play("remove-counter 謀反", "attack-phase")
    assert seat.counters["謀反"] == 1 and f"attack {danjou} player" not in t.legal()


def test_end_phase_clears_damage_and_cuts_the_hand_to_the_limit() -> None:
    t = Table(phase="attack")
    hurt = t.add(0, "jijin", "uzumaru")
    t.state.seats[0].damage[hurt] = 1500
    hand = [t.add(0, "hand", "kakei") for _ in range(9)]
    t.add(1, "deck", "kakei")
    t.play("end-attacks")
    assert t.state.phase == "discard" and t.match.current_player() == 0
    t.play(f"discard {hand[0]}", f"discard {hand[1]}")
    assert len(t.state.seats[0].zones["hand"]) == 7 and not t.state.seats[0].damage
    assert t.state.active == 1 and t.state.phase == "sengoku-taisen:kokuryoku"


def test_an_empty_deck_at_the_draw_phase_loses() -> None:
    t = Table(phase="attack")
    t.play("end-attacks")  # seat 1 has no deck
    assert t.match.is_terminal() and t.match.outcome is not None and t.match.outcome.winner == 0
    assert "empty deck" in t.match.outcome.reason


# --- the bridge -------------------------------------------------------------------------------------


def test_a_siege_2_bushou_unblocked_reveals_two_bd_life_cards() -> None:
    t = Table(SGK, BD, phase="attack")
    lives = [t.add(1, "life", "wandering-stone-golem") for _ in range(3)]
    a = t.add(0, "jijin", "uzumaru")  # 攻城力 2
    t.play(f"attack {a} player", "noblock")
    assert [t.zone(u) for u in lives] == ["drop", "drop", "life"]


def test_a_bd_attacker_hits_the_walls_and_sgk_intercepts_by_its_own_rules() -> None:
    t = Table(BD, SGK, phase="attack")
    walls = t.walls(1, 3)
    a = t.add(0, "field", "wandering-stone-golem")
    guard = t.add(1, "jijin", "hibashiri-shinobi")
    t.add(1, "jijin", "kobayase-hayato")
    t.state.seats[1].counters["謀反"] = 1  # 小早瀬隼人 cannot intercept while its player has 謀反
    t.play(f"attack {a} player")
    assert t.legal() == {"noblock", f"block {guard}"}
    t.play("noblock")
    assert [t.zone(w) for w in walls] == ["castle", "castle", "discard"]


def test_as_defender_sgk_plays_battle_stratagems_when_the_hosts_attacks_begin() -> None:
    from amalogs.referee.engine.effects import ap

    t = Table(BD, SGK)
    a = t.add(0, "field", "wandering-stone-golem")  # 3000
    for _ in range(4):
        t.add(1, "kokuryoku", "uzumaru")  # face-up 蒼
    fog = t.add(1, "hand", "kiri-no-tobari")  # (戦闘中にも使える) enemy 武力 -1000 this turn
    t.add(1, "hand", "suikei")  # a main-phase-only 計略
    t.play("attack-phase")
    assert t.state.phase == "reaction" and t.legal() == {f"react {fog}", "pass"}
    t.play(f"react {fog}")
    assert ap(t.state, a) == 2000 and t.state.phase == "attack" and t.match.current_player() == 0


def test_a_gh_defender_plays_its_reactions_in_the_sgk_strategy_step() -> None:
    t = Table(SGK, GH, phase="attack")
    a = t.add(0, "jijin", "uzumaru")  # 2500/2500
    spent = t.add(1, "defence-area", "rio-apprentice-swordsman", rested=True)
    for _ in range(2):
        t.add(1, "mana-area", "rio-apprentice-swordsman")  # fire mana
    flame = t.add(1, "hand", "wall-of-flame")  # reaction magic: 3 damage
    t.play(f"attack {a} unit {spent}")
    assert t.legal() == {"noblock"}  # ギルドヒーローズ blocks only attacks on the player
    t.play("noblock", "pass")
    assert t.match.current_player() == 1 and f"react {flame}" in t.legal()
    t.play(f"react {flame}", f"target {a}", "pass", "pass")
    assert t.zone(a) == "discard" and t.zone(spent) == "defence-area" and t.state.phase == "main"


PAIRINGS = [(SGK, SGK), (SGK, BD), (BD, SGK), (SGK, GH), (GH, SGK)]


def _conserved(m: Match) -> None:
    where = Counter(u for seat in m.state.seats for cards in seat.zones.values() for u in cards)
    assert set(where) == set(range(len(m.state.cards))) and set(where.values()) == {1}


@pytest.mark.parametrize("games", PAIRINGS, ids=lambda p: f"{p[0]}-vs-{p[1]}")
def test_random_and_greedy_matches_run_to_completion(catalog: Catalog, games: tuple[str, str]) -> None:
    a, b = catalog.game(games[0]), catalog.game(games[1])
    decks_a, decks_b = list(catalog.decks(a.id).values()), list(catalog.decks(b.id).values())
    for seed in range(70):
        da, db = decks_a[seed % len(decks_a)][0], decks_b[(seed // 3) % len(decks_b)][0]
        m = Match.new(catalog, [(a, da), (b, db)], seed, turn_cap=30, log_events=False)
        rng = random.Random(seed)
        players = [RandomPlayer(), GreedyPlayer() if seed % 5 == 0 else RandomPlayer()]
        while not m.is_terminal():
            legal = m.legal_actions()
            assert legal, f"no legal action in the {m.state.phase} step"
            me = m.current_player()
            assert me is not None
            m.apply_action(players[me].choose(m.observation(me) if seed % 5 == 0 else {}, legal, rng))
            _conserved(m)
            assert all(n >= 0 for seat in m.state.seats for n in seat.damage.values())
        assert m.outcome is not None and m.legal_actions() == [] and m.state.turn <= 30


def test_counting_kokuryoku_says_what_working_out_the_payment_says() -> None:
    module = MODULES[SGK]
    rng = random.Random(3)
    colours = ("kurenai", "ao", "midori")
    for _ in range(400):
        cards = [CardData(u, 0, f"k{u}", f"k{u}", "bushou", (rng.choice(colours),), 1, 0, 0, 0, frozenset())
                 for u in range(rng.randrange(8))]
        state = State([module.new_seat({}, rules(module)), module.new_seat({}, rules(module))], tuple(cards), random.Random(0), first=0)
        seat = state.seats[0]
        seat.zones["kokuryoku"] = [c.uid for c in cards]
        seat.face_down.update(c.uid for c in cards if rng.random() < 0.3)
        free = [c.uid for c in cards]
        counts = module.face_up_counts(state, seat, free)  # type: ignore[attr-defined]
        table = tuple((c, rng.randrange(1, 3)) for c in rng.sample((*colours, "colourless"), rng.randrange(1, 3)))
        assert module.can_pay(state, seat, table, free, counts) == (  # type: ignore[attr-defined]
            module.payment(state, seat, table, free) is not None)  # type: ignore[attr-defined]
