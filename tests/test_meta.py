"""The meta-game (docs/meta-game.md): who joins a duel by range and chain, where a roll lets an avatar go, base
damage, defeat and revival, a duel of four seats on two sides, seeded games that repeat, and random games that
keep the referee's invariants after every core action."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from amalogs.catalog import Catalog
from amalogs.meta import (
    IllegalMetaActionError,
    Joined,
    MetaError,
    MetaGame,
    MetaSettings,
    distance,
    joined,
    parse_team,
    reachable,
    targets,
)
from amalogs.meta.board import base_squares, start_squares
from amalogs.meta.core import DUEL_OVER, card_total, core_seats, duel_match, play_duel
from amalogs.meta.runner import log_lines, play_game
from amalogs.meta.soak import board_problems, soak
from amalogs.referee import Match
from amalogs.referee.engine.actions import IllegalActionError
from amalogs.referee.engine.invariants import invariant_problems
from amalogs.referee.players import RandomPlayer

from .conftest import Cli, examples, full, sample_seed

BASES = base_squares(9, 9)  # (4, 0) and (4, 8)
TEAMS = (parse_team("team 1", "BD,GH,SGK"), parse_team("team 2", "BJ,GH,BD"))


def _invariants(m: Match) -> None:
    problems = invariant_problems(m)
    assert not problems, problems


# --- the board ---------------------------------------------------------------------------------------------

def test_distance_counts_diagonals_as_one_square() -> None:
    assert distance((0, 0), (3, 3)) == 3
    assert distance((2, 5), (6, 4)) == 4
    assert distance((4, 4), (4, 4)) == 0


def test_two_guests_and_a_cast_join_by_range_and_chain() -> None:
    squares = {0: (4, 4), 1: (3, 3), 2: (0, 8), 3: (6, 4), 4: (7, 5), 5: (8, 0)}
    teams = {0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 1}
    # range 2: the キャスト at (3, 3) and the ゲスト at (6, 4) are within it; the ゲスト at (7, 5) is 3 away but
    # next to (6, 4), so the chain pulls it in; (0, 8) and (8, 0) stay out; both bases are 4 away
    assert joined(0, squares, teams, 2, BASES) == Joined(0, casts=(1,), guests=(3, 4), bases=())
    # range 1: only the キャスト (and nobody next to it) joins
    assert joined(0, squares, teams, 1, BASES) == Joined(0, casts=(1,), guests=(), bases=())


def test_the_chain_runs_through_allies_and_enemies_alike() -> None:
    squares = {0: (0, 4), 1: (1, 4), 2: (2, 5), 3: (3, 6), 4: (8, 8), 5: (8, 7)}
    teams = {0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 1}
    # 1 is in range 1; 2 is next to 1; the enemy 3 is next to 2; 4 and 5 are far
    assert joined(0, squares, teams, 1, BASES) == Joined(0, casts=(1, 2), guests=(3,), bases=())


def test_bases_join_by_the_hosts_range_only_and_may_be_attacked_when_they_are_the_enemys() -> None:
    squares = {0: (4, 6), 3: (2, 7)}
    teams = {0: 0, 3: 1}
    duel = joined(0, squares, teams, 2, BASES)
    assert duel == Joined(0, casts=(), guests=(3,), bases=(1,))
    assert targets(duel, teams) == ["avatar 3", "base 1"]
    mine = joined(3, {0: (4, 2), 3: (4, 1)}, teams, 1, BASES)  # team 2's avatar next to team 1's base
    assert mine.bases == (0,) and targets(mine, teams) == ["avatar 0", "base 0"]
    own = joined(0, {0: (4, 1)}, teams, 1, BASES)  # its own base in range: not a target
    assert own.bases == (0,) and targets(own, teams) == []


def test_a_move_reaches_free_squares_on_the_board_within_the_allowance() -> None:
    assert reachable((0, 0), 1, 9, 9, [(1, 0)]) == [(0, 1), (1, 1)]
    assert reachable((4, 4), 0, 9, 9, []) == []
    assert len(reachable((4, 4), 2, 9, 9, [])) == 24
    assert len(reachable((4, 4), 20, 9, 9, [(4, 0), (4, 8)])) == 81 - 3


def test_avatars_start_next_to_their_base() -> None:
    for team in (0, 1):
        assert all(distance(sq, BASES[team]) == 1 for sq in start_squares(9, 9, team))


# --- settings and teams ------------------------------------------------------------------------------------

def test_settings_are_strict_and_versioned() -> None:
    s = MetaSettings()
    assert (s.version, s.width, s.height, s.base_life, s.win_life, s.move_cost) == (1, 9, 9, 18, 36, 3)
    with pytest.raises(ValidationError):
        MetaSettings(board=5)  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        MetaSettings(base_life=20, win_life=20)
    assert MetaSettings.model_validate(s.model_dump()) == s


def test_a_team_is_three_decks() -> None:
    assert parse_team("t", "BD, GH,BD:black-eclipse").avatars == ("BD", "GH", "BD:black-eclipse")
    with pytest.raises(MetaError, match="expected 3 decks"):
        parse_team("t", "BD,GH")


# --- the game ----------------------------------------------------------------------------------------------

def test_every_core_game_is_carried_between_duels(catalog: Catalog) -> None:
    # Z/X's player card and ヴァンガード's removed cards are written and read back by their zones' own names
    g = MetaGame.new(catalog, (parse_team("a", "Z/X,VG,MTG"), TEAMS[1]), 1)
    for _ in range(60):
        if g.is_terminal():
            break
        g.apply_action(g.legal_actions()[0])
    assert sum(1 for e in g.events if e["type"] == "duel") >= 3


@pytest.fixture(scope="module")
def game(catalog: Catalog) -> MetaGame:
    return MetaGame.new(catalog, TEAMS, 3)


def test_legal_moves_lie_within_2d6_minus_we(game: MetaGame) -> None:
    g = game.clone()
    me = g.avatars[g.acting]
    assert g.step == "move" and len(g.roll) == 2 and me.we == 3  # ビルディバイド: WE 3
    allowance = max(0, sum(g.roll) - me.we)
    moves = g.moves()
    assert me.square is not None
    assert all(distance(me.square, sq) <= allowance for sq in moves)
    assert moves == reachable(me.square, allowance, 9, 9, g.occupied())
    assert g.legal_actions() == ["stay", *(f"move {x} {y}" for x, y in moves)]
    g.roll = (1, 2)  # 3 − WE 3: no square
    assert g.legal_actions() == ["stay"]


def test_a_move_costs_three_action_points_and_then_the_duel_must_be_declared(game: MetaGame) -> None:
    g = game.clone()
    k = g.acting
    target = g.legal_actions()[-1]
    g.apply_action(target)
    assert g.avatars[k].points == 0 and g.legal_actions() == ["duel"]
    with pytest.raises(IllegalMetaActionError, match="allowed: duel"):
        g.apply_action("stay")
    assert game.avatars[k].square != g.avatars[k].square  # the clone played apart


def test_a_lone_host_may_attack_the_enemy_base_and_each_hit_takes_one(catalog: Catalog) -> None:
    red = core_seats(catalog, Match.from_position(catalog, {"step": "main", "seats": [
        {"deck": "BD:red-aggro", "field": ["crimson-dragon-whelp"]}, {"deck": "GH:tidelight-guardians"}]}))[0]
    m = duel_match(catalog, [red], [0], 1, seed=5, base=True)
    assert m.empty == 1  # nobody on the other side: an empty seat stands there
    m.start()
    m.apply_action("attack-phase")
    whelp = next(c.uid for c in m.state.cards if c.card_id == "crimson-dragon-whelp")
    assert [a.text() for a in m.legal_actions()] == [f"attack {whelp} base", "end-attacks"]  # not the empty seat
    m.apply_action(f"attack {whelp} base")
    assert m.base_hits == 1 and whelp in m.state.seats[0].rested
    assert [a.text() for a in m.legal_actions()] == ["end-attacks"]
    with pytest.raises(IllegalActionError):
        m.apply_action(f"attack {whelp} base")
    m.apply_action("end-attacks")
    while not m.is_terminal():
        m.apply_action(m.legal_actions()[0])
    _invariants(m)
    assert m.state.reason == DUEL_OVER


def test_a_break_joker_host_with_no_guest_besieges_the_base_for_one(game: MetaGame) -> None:
    g = game.clone()
    while g.acting != 3:  # team 1 stays and duels; then team 2's first avatar, ブレイクジョーカー (WE 4, レンジ 1)
        g.apply_action(g.legal_actions()[0])
    assert g.avatars[3].abbreviation == "BJ" and g.avatars[3].reach == 1
    for k, square in zip(range(6), [(0, 6), (1, 6), (2, 6), (3, 1), (8, 4), (8, 5)], strict=True):
        g.avatars[k].square = square  # team 1 far away; the BJ avatar next to team 1's base (4, 0)
    before = list(g.life)
    g.apply_action("stay")
    g.apply_action("duel")
    duel = next(e for e in reversed(g.events) if e["type"] == "duel")
    assert duel["guests"] == [] and 0 in duel["bases"] and not duel["played"]
    assert g.life == [before[0] - 1, before[1]]
    change = next(e for e in reversed(g.events) if e["type"] == "base-life")
    assert (change["team"], change["change"], change["why"]) == (0, -1, "siege")


def test_defeat_costs_we_gives_as_much_and_the_avatar_comes_back(catalog: Catalog) -> None:
    g = MetaGame.new(catalog, TEAMS, 1, core_players=("greedy", "greedy"))
    play_game(g, ("greedy", "greedy"), 1)
    defeat = next(e for e in g.events if e["type"] == "defeat")
    k = defeat["avatar"]
    team = 0 if k < 3 else 1
    changes = [e for e in g.events if e["type"] == "base-life" and e["seq"] > defeat["seq"]][:2]
    assert [(e["team"], e["change"]) for e in changes] == [(team, -defeat["we"]), (1 - team, defeat["we"])]
    back = [e for e in g.events if e["type"] == "revive" and e["avatar"] == k and e["seq"] > defeat["seq"]]
    if g.outcome is not None and g.outcome.turns > defeat["turn"] + 1:
        assert back, "a defeated avatar comes back on its team's next turn"
        turn = next(e for e in g.events if e["type"] == "turn" and e["seq"] > defeat["seq"] and e["team"] == team)
        assert back[0]["seq"] == turn["seq"] + 1
        assert distance(tuple(back[0]["square"]), BASES[team]) == 1


def test_a_duel_of_four_seats_host_and_cast_against_two_guests(catalog: Catalog) -> None:
    three = Match.from_position(catalog, {"step": "attack", "turn": 1, "seats": [
        {"deck": "BD:red-aggro", "field": ["crimson-dragon-whelp"]},
        {"deck": "BD:black-eclipse", "field": ["wraith-hound"]},
        {"deck": "GH:tidelight-guardians", "defence-area": ["silver-paladin"],
         "fort-area": ["harbour-deckhand", "frost-mage", "cathedral-acolyte", "sera-the-healer"]},
        {"deck": "BD:blue-white-control"},
    ]})
    cores = core_seats(catalog, three)
    assert [card_total(c) for c in cores] == [len([c for c in three.state.cards if c.owner == i]) for i in range(4)]
    m = duel_match(catalog, cores, [0, 0, 1, 1], 1, seed=5, base=True)  # the ゲスト's base in range too
    m.start()
    assert m.state.turn == 2 and m.state.active == 0
    m.apply_action("attack-phase")
    while m.state.phase != "attack":
        m.apply_action(m.legal_actions()[0])
    whelp = next(c.uid for c in m.state.cards if c.card_id == "crimson-dragon-whelp")
    legal = [a.text() for a in m.legal_actions()]
    assert f"attack {whelp} player 2" in legal and f"attack {whelp} player 3" in legal  # both ゲスト
    assert f"attack {whelp} base" in legal  # … and their base
    assert f"attack {whelp} player 1" not in legal  # never the キャスト
    result = play_duel(catalog, cores, [0, 0, 1, 1], 1, 5, [RandomPlayer()] * 4, _invariants)
    assert [card_total(c) for c in result.seats] == [card_total(c) for c in cores]  # every card kept


def test_a_seeded_game_ends_and_repeats_exactly(catalog: Catalog) -> None:
    runs: list[list[str]] = []
    for _ in range(2):
        g = MetaGame.new(catalog, TEAMS, 7, MetaSettings(turn_cap=30))
        out = play_game(g, ("random", "random"), 7)
        assert out.winner is not None or "turn cap" in out.reason
        assert g.events[-1]["type"] == "end" and g.is_terminal() and g.legal_actions() == []
        runs.append(log_lines(g, 7, ("random", "random")))
    assert runs[0] == runs[1]


def test_random_meta_games_keep_the_invariants(catalog: Catalog) -> None:
    # a sample of the soak in benchmarks/meta_soak.py: the referee's invariants after every core action, the
    # board's and card conservation after every meta decision
    games = examples(8, 20)  # the sampled run plays 8 (conftest.examples; --full plays 20)
    result = soak(catalog, games, seed=sample_seed() % 1000 if not full() else 0, turn_cap=24)
    assert result.problems == [] and result.games == games
    if full():  # most of these games end at the cap: 20 of seed 0 also end otherwise
        assert len(result.endings) > 1


def test_the_soak_finds_a_broken_board(game: MetaGame) -> None:
    g = game.clone()
    sizes = [card_total(a.core) for a in g.avatars]
    assert board_problems(g, sizes) == []
    g.avatars[1].square = g.avatars[0].square
    g.avatars[2].square = (9, 0)
    assert [p.split(":")[0] for p in board_problems(g, sizes[:-1] + [0])] == [
        "two pieces on one square", "off the board", "a core game lost or gained cards"]


def test_the_command_draws_the_board_and_writes_a_log_that_repeats(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    code, out, err = cli("meta", "--team1", "BD,GH,SGK", "--team2", "BJ,GH,BD", "--seed", "2", "--turn-cap", "4",
                         "--log", str(log))
    assert code == 0, err
    assert "B18" in out and "declares a duel" in out and "Result: " in out
    first = log.read_text(encoding="utf-8")
    assert first.splitlines()[0].startswith('{"core_players"') and '"type": "meta-header"' in first
    code, _, err = cli("meta", "--seed", "2", "--turn-cap", "4", "--quiet", "--log", str(log))
    assert code == 1 and "--force" in err
    code, out, _ = cli("meta", "--seed", "2", "--turn-cap", "4", "--quiet", "--log", str(log), "--force")
    assert code == 0 and out.count("\n") == 1 and log.read_text(encoding="utf-8") == first
    code, _, err = cli("meta", "--team1", "BD,GH", "--quiet")
    assert code == 1 and "expected 3 decks" in err


def test_plays_tells_each_duel_move_by_move_and_leaves_the_log_as_it_was(cli: Cli, tmp_path: Path) -> None:
    plain, told = tmp_path / "plain.jsonl", tmp_path / "told.jsonl"
    code, out, err = cli("meta", "--seed", "1", "--turn-cap", "2", "--log", str(plain))
    assert code == 0, err
    assert "Turn 1 — BD1" not in out and "declares a duel" in out
    code, out, err = cli("meta", "--seed", "1", "--turn-cap", "2", "--plays", "--log", str(told))
    assert code == 0, err
    # each duel's core turn as `amalogs match` tells it, its seats named by their avatars, before the summary line
    assert out.index("BD1 declares a duel") < out.index("Turn 1 — BD1") < out.index("its turn: ")
    assert "BD1 plays " in out and "Turn 4 — BJ4" in out and "GH2 reveals " in out
    assert told.read_text(encoding="utf-8") == plain.read_text(encoding="utf-8")


# --- logs, saves and team files ----------------------------------------------------------------------------

def test_a_log_replays_identically_and_a_changed_event_is_found(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert cli("meta", "--seed", "2", "--turn-cap", "6", "--quiet", "--log", str(log))[0] == 0
    code, out, err = cli("replay", str(log))
    assert code == 0 and "replayed identically" in out, err
    lines = log.read_text(encoding="utf-8").splitlines()
    roll = next(i for i, line in enumerate(lines) if '"type": "roll"' in line)
    lines[roll] = lines[roll].replace('"dice": [', '"dice": [9, ')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = cli("replay", str(log))
    assert code == 1 and f"event {roll - 1} differs" in out


def test_a_save_at_the_cap_resumes_to_the_end_of_an_uninterrupted_run(cli: Cli, tmp_path: Path) -> None:
    whole, resumed, save = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl", tmp_path / "g.json"
    code, out, err = cli("meta", "--seed", "2", "--quiet", "--log", str(whole))
    assert code == 0, err
    result = out.splitlines()[-1]
    code, out, err = cli("meta", "--seed", "2", "--quiet", "--save", str(save), "--turn-cap", "3")
    assert code == 0 and "stopped after meta turn 3" in out + err and "Result" not in out
    code, out, err = cli("resume", str(save), "--stop-after", "4")  # a stop on the way: saved again
    assert code == 0, err
    code, out, err = cli("resume", str(save), "--quiet", "--log", str(resumed))
    assert code == 0, err
    assert out.splitlines()[-1] == result
    assert resumed.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


def test_ctrl_c_saves_the_game_and_resume_goes_on_to_the_same_end(cli: Cli, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from amalogs.meta.saves import MetaSession

    whole, resumed, save = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl", tmp_path / "g.json"
    assert cli("meta", "--seed", "4", "--quiet", "--log", str(whole))[0] == 0
    step = MetaSession.step

    def interrupted(self: MetaSession) -> str:
        if len(self.actions) == 25:
            raise KeyboardInterrupt
        return step(self)

    monkeypatch.setattr(MetaSession, "step", interrupted)
    code, _, err = cli("meta", "--seed", "4", "--quiet", "--save", str(save))
    assert code == 130 and "interrupted" in err and save.exists()
    monkeypatch.setattr(MetaSession, "step", step)
    code, _, err = cli("resume", str(save), "--quiet", "--log", str(resumed))
    assert code == 0, err
    assert resumed.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


HEADER = ('{"type": "meta-header", "version": 1, "seed": 1, "settings": {}, "players": ["random", "random"], '
          '"core_players": ["random", "random"], "teams": [{"name": "a", "avatars": ["BD", "GH", "SGK"]}, '
          '{"name": "b", "avatars": ["BJ", "GH", "BD"]}]}')


@pytest.mark.parametrize(("name", "text", "where"), [
    ("bad.jsonl", HEADER.replace('"seed": 1', '"seed": "one"'), "line 1: seed"),
    ("bad.jsonl", HEADER.replace('"version": 1, "seed"', '"version": 3, "seed"'), "line 1: version"),
    ("bad.jsonl", HEADER.replace('"version": 1, "seed"', '"version": 2, "seed"'), "the last line must be the log's seal"),
    ("bad.jsonl", HEADER + '\n{"type": "seal", "header": {}}', "line 2: a seal line in the middle"),
    ("bad.jsonl", HEADER.replace('"SGK"]', '"SGK", "BD"]'), "line 1: teams.0.avatars"),
    ("bad.jsonl", HEADER.replace('"BJ"', '"NOPE"'), "teams: "),
    ("bad.jsonl", HEADER + "\n{not json", "line 2: not JSON"),
    ("bad.jsonl", HEADER + "\n[1, 2]", "line 2: an event must be a JSON object"),
    ("bad.json", '{"type": "meta-save", "version": 1, "actions": []}', "header: Field required"),
    ("bad.json", '{"type": "meta-save", "version": 1, "header": {"type": "meta-hea', "(top level): not JSON"),
    ("bad.json", HEADER, "a meta-game log, not a save"),
    ("bad.jsonl", '{"type": "meta-save", "version": 1, "actions": []}', "a meta-game save, not a log"),
    ("bad.json", '{"type": "meta-save", "version": 1, "header": ' + HEADER + ', "actions": ["move 99 99"]}',
     "actions.0: saved"),
    ("bad.json", '{"type": "meta-save", "version": 1, "header": ' + HEADER + ', "actions": "stay"}', "actions"),
    ("bad.json", '{"type": "meta-save", "version": 1, "header": ' + HEADER + ', "extra": 1, "actions": []}',
     "extra: Extra inputs are not permitted"),
])
def test_a_malformed_log_or_save_is_refused_in_one_line(cli: Cli, tmp_path: Path, name: str, text: str,
                                                         where: str) -> None:
    path = tmp_path / name
    path.write_text(text + "\n", encoding="utf-8")
    code, out, err = cli("replay" if name.endswith(".jsonl") else "resume", str(path))
    assert code == 1 and "Traceback" not in out + err
    assert err.count("\n") == 1 and str(path) in err and where in err, err


TEAM_FILE = """
[settings]
turn_cap = 8
defeat_loss_per_we = 2

[[team]]
name = "dragons"
avatars = ["BD:red-aggro", "GH", "SGK"]
reserve = ["BD:black-eclipse", "GH:tidelight-guardians"]

[[team]]
name = "jokers"
avatars = ["BJ", "GH", "BD"]
"""


def test_a_team_file_names_the_teams_reserves_and_settings(cli: Cli, tmp_path: Path) -> None:
    from amalogs.meta.teamfile import load_team_file

    path = tmp_path / "teams.toml"
    path.write_text(TEAM_FILE, encoding="utf-8")
    teams, settings = load_team_file(path)
    assert teams[0].avatars == ("BD:red-aggro", "GH", "SGK") and teams[0].reserve[0] == "BD:black-eclipse"
    assert (settings.turn_cap, settings.defeat_loss_per_we, settings.base_life) == (8, 2, 18)
    log = tmp_path / "g.jsonl"
    code, out, err = cli("meta", str(path), "--seed", "3", "--quiet", "--log", str(log))
    assert code == 0 and "Result: " in out, err
    header = log.read_text(encoding="utf-8").splitlines()[0]
    assert '"turn_cap": 8' in header and '"reserve": ["BD:black-eclipse", "GH:tidelight-guardians"]' in header
    assert cli("replay", str(log))[0] == 0
    code, _, err = cli("meta", str(path), "--team1", "BD,GH,SGK")
    assert code == 1 and "not both" in err


@pytest.mark.parametrize(("change", "where"), [
    (('name = "jokers"\n', ''), "team.1.name: Field required"),
    (('"BJ", "GH", "BD"', '"BJ", "GH"'), "team.1.avatars: Tuple should have at least 3 items"),
    (("turn_cap = 8", "turn_cap = 0"), "settings.turn_cap"),
    (("turn_cap = 8", "turns = 8"), "settings.turns: Extra inputs"),
    (("reserve = [", "reserve = 3 #"), "team.0.reserve"),
    (("[[team]]", "[[team"), "invalid TOML"),
    (('"BJ", "GH", "BD"', '"BJ", "GH", "NOPE"'), "team.1.avatars.2: "),
    (('"BD:black-eclipse"', '"BD:no-such-deck"'), "team.0.reserve.0: "),
])
def test_a_bad_team_file_is_refused_in_one_line(cli: Cli, tmp_path: Path, change: tuple[str, str],
                                               where: str) -> None:
    path = tmp_path / "teams.toml"
    path.write_text(TEAM_FILE.replace(*change, 1), encoding="utf-8")
    code, _, err = cli("meta", str(path), "--quiet")
    assert code == 1 and err.count("\n") == 1 and str(path) in err and where in err, err


def test_a_defeated_avatar_comes_back_with_its_teams_next_reserve_deck(catalog: Catalog) -> None:
    from amalogs.meta import TeamSpec

    spare = TeamSpec(name="b", avatars=TEAMS[1].avatars, reserve=("BD:black-eclipse",))
    g = MetaGame.new(catalog, (TEAMS[0], spare), 1, core_players=("greedy", "greedy"))
    play_game(g, ("greedy", "greedy"), 1)
    mine = [e for e in g.events if e["type"] == "revive" and e["avatar"] >= 3]
    assert mine, "team 2 lost an avatar in this seeded game"
    assert mine[0]["deck"] == "build-divide:black-eclipse"  # the reserve deck first, used once
    assert g.reserves == ([], [])  # used up: later revivals keep the deck the avatar had


def test_the_board_shades_each_teams_range(catalog: Catalog) -> None:
    """An empty square within レンジ of an avatar is shaded in its team's shade, of both teams in a third."""
    from amalogs.cli.meta_commands import RANGE_SHADES, _board
    from amalogs.meta.board import distance

    game = MetaGame.new(catalog, (parse_team("team 1", "BD,GH,SGK"), parse_team("team 2", "BJ,GH,MTG")), 1)
    game.avatars[0].square = (4, 4)
    game.avatars[3].square = (4, 6)  # BJ: レンジ 1; BD: レンジ 2 — (4, 5) is within both
    cells = list(_board(game).columns)
    for (x, y), want in {(4, 5): RANGE_SHADES[2], (4, 2): RANGE_SHADES[0], (3, 7): RANGE_SHADES[1]}.items():
        cell = cells[x]._cells[y]
        assert want in str(cell.style), ((x, y), cell.style)
    far = next((x, y) for y in range(9) for x in range(9) if all(
        a.square is None or distance(a.square, (x, y)) > a.reach for a in game.avatars))
    assert "on " not in str(cells[far[0]]._cells[far[1]].style)


def test_a_meta_log_is_sealed_and_an_edited_header_is_named(cli: Cli, tmp_path: Path) -> None:
    """A meta-game log ends in the seal of its header's fields: the header edited (a seed, a player) is refused
    naming the field; the log cut short or given a second seal is refused too; the log as written replays."""
    log = tmp_path / "game.jsonl"
    code, _, err = cli("meta", "--seed", "3", "--p1", "random", "--p2", "random", "--quiet", "--log", str(log))
    assert code == 0, err
    lines = log.read_text(encoding="utf-8").splitlines()
    head, last = json.loads(lines[0]), json.loads(lines[-1])
    assert head["version"] == 2 and last["type"] == "seal" and set(last["header"]) >= {"seed", "teams", "players"}
    assert cli("replay", str(log))[0] == 0
    for edit, where in (({"seed": 4}, "line 1: seed: edited"), ({"players": ["greedy", "random"]}, "line 1: players")):
        bad = tmp_path / "edited.jsonl"
        bad.write_text("\n".join([json.dumps(head | edit), *lines[1:]]) + "\n", encoding="utf-8")
        code, out, err = cli("replay", str(bad))
        assert code == 1 and err.count("\n") == 1 and where in err and "Traceback" not in out + err, err
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    code, _, err = cli("replay", str(cut))
    assert code == 1 and "the last line must be the log's seal" in err, err
