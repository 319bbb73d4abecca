"""The meta-game's players and switches (docs/meta-game.md): the WE rules switched off one by one for the WE
balance study, the match-up-aware player in known situations, a person at the terminal (answers, bad input,
end of input saving the game, a save and a log read back without asking), and --format json|csv of a meta-game's
result, batch and resume."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from amalogs.catalog import Catalog
from amalogs.meta import MetaError, MetaGame, MetaSettings, parse_team
from amalogs.meta.human import HumanMetaPlayer, board_lines
from amalogs.meta.players import (
    MATCHUPS_FILE,
    GreedyMetaPlayer,
    MatchupMetaPlayer,
    MatchupTable,
    make_meta_player,
)
from amalogs.meta.runner import log_lines, play_batch, play_game
from amalogs.meta.saves import MetaHeader

from .conftest import Cli

TEAMS = (parse_team("team 1", "BD,GH,SGK"), parse_team("team 2", "BJ,GH,BD"))


# --- the WE switches -----------------------------------------------------------------------------------------

def test_the_we_switches_default_to_the_rules_and_are_left_out_of_a_dump_at_their_defaults() -> None:
    s = MetaSettings()
    assert (s.we_movement, s.we_range, s.we_defeat, s.flat_we) == (True, True, True, 3)
    assert not any(k.startswith("we_") or k == "flat_we" for k in s.model_dump())  # old headers stay the same
    off = MetaSettings(we_range=False, flat_we=2)
    assert off.model_dump()["we_range"] is False and off.model_dump()["flat_we"] == 2
    assert MetaSettings.model_validate(off.model_dump()) == off
    assert MetaSettings.model_validate(json.loads(off.model_dump_json())) == off
    with pytest.raises(ValueError):
        MetaSettings(we_movement=0)  # type: ignore[arg-type]  # strict: a bool, not a number
    header = MetaHeader.model_validate({"seed": 1, "settings": off, "teams": TEAMS, "players": ("greedy", "human"),
                                        "core_players": ("greedy", "greedy")})
    assert MetaHeader.model_validate_json(header.model_dump_json()) == header


def test_movement_without_we_goes_2d6_minus_flat_we(catalog: Catalog) -> None:
    on = MetaGame.new(catalog, TEAMS, 3)
    off = MetaGame.new(catalog, TEAMS, 3, MetaSettings(we_movement=False, flat_we=1))
    for g in (on, off):
        g.roll = (3, 3)
    me = on.avatars[on.acting]
    assert me.we == 3 and on.allowance(me) == 3 and off.allowance(off.avatars[off.acting]) == 5
    assert len(off.moves()) > len(on.moves())
    roll = next(e for e in off.events if e["type"] == "roll")
    assert roll["allowance"] == max(0, sum(roll["dice"]) - 1)


def test_range_without_we_is_five_minus_flat_we_for_every_avatar(catalog: Catalog) -> None:
    on = MetaGame.new(catalog, TEAMS, 3)
    off = MetaGame.new(catalog, TEAMS, 3, MetaSettings(we_range=False, flat_we=1))
    assert [a.reach for a in on.avatars] == [2, 2, 2, 1, 2, 2]  # BJ: WE 4, レンジ 1
    assert [a.reach for a in off.avatars] == [4] * 6
    assert [a["range"] for a in off.observation()["avatars"]] == [4] * 6
    # from (4, 1), range 4 reaches row 5: nobody of team 2 is there yet, but team 1's own avatars join
    assert off.participants(0).casts == (1, 2)


def test_defeat_without_we_costs_and_gives_flat_we(catalog: Catalog) -> None:
    g = MetaGame.new(catalog, TEAMS, 1, MetaSettings(we_defeat=False, flat_we=2), ("greedy", "greedy"))
    play_game(g, ("greedy", "greedy"), 1)
    defeats = [e for e in g.events if e["type"] == "defeat"]
    assert defeats and any(d["we"] != 2 for d in defeats)  # games of WE 3 and 4 lost …
    changes = [e for e in g.events if e["type"] == "base-life" and e["why"] in ("defeat", "defeated-enemy")]
    assert {e["change"] for e in changes if e["why"] == "defeat"} <= {-2, -1}  # … cost 2 (1 when life runs out)
    assert {e["change"] for e in changes if e["why"] == "defeated-enemy"} <= {2, 1}
    assert -2 in {e["change"] for e in changes}


def test_a_team_file_switches_we_rules_off(tmp_path: Path) -> None:
    from amalogs.meta.teamfile import load_team_file

    path = tmp_path / "t.toml"
    path.write_text(TEAM_FILE.replace("turn_cap = 2", "we_range = false\nflat_we = 2"), encoding="utf-8")
    _, settings = load_team_file(path)
    assert (settings.we_range, settings.flat_we, settings.we_movement) == (False, 2, True)
    path.write_text(TEAM_FILE.replace("turn_cap = 2", "flat_we = 5"), encoding="utf-8")
    with pytest.raises(MetaError, match="settings.flat_we"):
        load_team_file(path)


def test_the_default_settings_give_the_log_they_gave_before_the_switches(catalog: Catalog) -> None:
    g = MetaGame.new(catalog, TEAMS, 7, MetaSettings(turn_cap=6))
    play_game(g, ("greedy", "greedy"), 7)
    header = json.loads(log_lines(g, 7, ("greedy", "greedy"))[0])
    assert set(header["settings"]) == {"version", "width", "height", "base_life", "win_life", "action_points",
                                       "move_cost", "dice", "defeat_loss_per_we", "defeat_gain_per_we",
                                       "siege_damage", "turn_cap"}


# --- the match-up-aware player ---------------------------------------------------------------------------------

def _avatar(team: int, game: str, square: tuple[int, int] | None, we: int = 3, reach: int = 2) -> dict[str, Any]:
    return {"team": team, "game": game, "abbreviation": game[:2].upper(), "deck": f"{game}:main", "we": we,
            "range": reach, "square": list(square) if square else None, "points": 3, "core": {}}


def _position(me: tuple[int, int], bad: tuple[int, int], good: tuple[int, int]) -> dict[str, Any]:
    """Team 1's avatar (game "a") at ``me``; team 2's "bad" (which beats "a") and "good" (which "a" beats)."""
    return {"turn": 1, "team": 0, "acting": 0, "step": "move", "roll": [3, 3], "life": [18, 18],
            "bases": [[4, 0], [4, 8]], "size": [9, 9],
            "avatars": [_avatar(0, "a", me), _avatar(1, "bad", bad), _avatar(1, "good", good)], "legal": []}


TABLE = MatchupTable({("a", "bad"): 0.1, ("a", "good"): 0.9})


def test_the_matchup_player_goes_next_to_a_good_matchup_and_away_from_a_bad_one() -> None:
    obs = _position((4, 4), bad=(1, 7), good=(7, 7))
    legal = ["stay", "move 3 5", "move 5 5"]  # both 3 squares from the enemy base (4, 8)
    player = MatchupMetaPlayer(TABLE)
    assert player.choose(obs, legal, random.Random(1)) == "move 5 5"  # next to "good" (range 2), far from "bad"
    flipped = MatchupMetaPlayer(MatchupTable({("a", "bad"): 0.9, ("a", "good"): 0.1}))
    assert flipped.choose(obs, legal, random.Random(1)) == "move 3 5"
    # the plain greedy player cannot tell them apart: the first square as near the enemy
    assert GreedyMetaPlayer().choose(obs, legal, random.Random(1)) == "move 3 5"


def test_the_matchup_player_keeps_out_of_a_bad_matchups_reach_when_it_may() -> None:
    obs = _position((4, 2), bad=(4, 6), good=(0, 8))
    legal = ["stay", "move 4 3", "move 3 2"]
    # (4, 3) is 3 from "bad": within its range 2 + 1, so "bad" duels it next turn; stay and (3, 2) are 4 away
    assert MatchupMetaPlayer(TABLE).choose(obs, legal, random.Random(1)) == "stay"
    obs["avatars"][1]["square"] = None  # "bad" defeated: forward to the enemy base
    assert MatchupMetaPlayer(TABLE).choose(obs, legal, random.Random(1)) == "move 4 3"


def test_the_matchup_player_besieges_the_enemy_base_and_is_deterministic() -> None:
    obs = _position((4, 5), bad=(0, 0), good=(8, 0))
    legal = ["stay", "move 4 6", "move 2 6", "move 6 6"]
    player = MatchupMetaPlayer(TABLE)
    picks = {player.choose(obs, legal, random.Random(seed)) for seed in range(5)}
    assert picks == {"move 4 6"}  # the enemy base (4, 8) within range 2
    assert player.choose(obs, ["duel"], random.Random(1)) == "duel"


def test_the_matchup_table_falls_back_from_deck_to_game_to_we() -> None:
    table = MatchupTable({("x", "y"): 0.7}, {("x:d", "y:e"): 0.2}, we_slope=0.2)
    x = {"game": "x", "deck": "x:d", "we": 4}
    assert table.rate(x, {"game": "y", "deck": "y:e", "we": 2}) == 0.2  # the deck pairing
    assert table.rate(x, {"game": "y", "deck": "y:f", "we": 2}) == 0.7  # the game pairing
    assert table.rate(x, {"game": "z", "deck": "z:g", "we": 2}) == pytest.approx(0.9)  # 0.5 + 0.2 × 2
    assert table.rate(x, {"game": "z", "deck": "z:g", "we": 0}) == 0.95  # kept within 5 %–95 %
    shipped = MatchupTable.shipped()
    assert MATCHUPS_FILE.is_file()
    bd, sgk = {"game": "build-divide", "deck": "-", "we": 3}, {"game": "sengoku-taisen", "deck": "-", "we": 3}
    assert shipped.rate(bd, sgk) > 0.9 and shipped.rate(sgk, bd) < 0.1  # the balance report: BD beats SGK


def test_matchup_players_play_a_game_that_replays_identically(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    code, out, err = cli("meta", "--p1", "matchup", "--p2", "greedy", "--seed", "3", "--turn-cap", "8", "--quiet",
                         "--log", str(log))
    assert code == 0 and "Result" in out, err
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["players"] == ["matchup", "greedy"] and header["core_players"] == ["greedy", "greedy"]
    code, out, _ = cli("replay", str(log))
    assert code == 0 and "replayed identically" in out
    code, _, err = cli("meta", "--p1", "clever", "--quiet")
    assert code == 1 and "matchup" in err and "human" in err


# --- a person at the terminal ----------------------------------------------------------------------------------

def _asker(answers: list[str]) -> Any:
    queue = list(answers)

    def ask(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return ask


def test_a_person_answers_by_number_action_or_square_and_a_bad_answer_asks_again() -> None:
    obs = _position((4, 4), bad=(1, 7), good=(7, 7))
    legal = ["stay", "move 3 5", "move 5 5"]
    said: list[str] = []
    person = HumanMetaPlayer(_asker(["9", "fly", "２", "move 5 5", "5 5"]), said.append)
    assert person.choose(obs, legal, random.Random(1)) == "move 3 5"  # ２ typed full width is 2
    assert sum("is not understood" in line for line in said) == 2 and "1–3" in said[-2]
    assert any("+" in line for line in said) and any(line.startswith("  A1: team 1") for line in said)
    assert person.choose(obs, legal, random.Random(1)) == "move 5 5"
    assert person.choose(obs, legal, random.Random(1)) == "move 5 5"
    assert person.choose(obs, ["duel"], random.Random(1)) == "duel"  # one choice: taken for it, nothing asked
    with pytest.raises(KeyboardInterrupt):  # end of input stops the game (the command saves it)
        person.choose(obs, legal, random.Random(1))


def test_the_board_shows_avatars_bases_and_reachable_squares() -> None:
    obs = _position((4, 4), bad=(1, 7), good=(7, 7))
    lines = board_lines(obs, ["stay", "move 3 5"])
    assert "B18" in lines[2 + 0] and "A1" in lines[2 + 4] and "BA2" in lines[2 + 7]
    assert lines[2 + 5].split()[4] == "+"  # (3, 5): row 5, after the row number and three empty squares


TEAM_FILE = """
[settings]
turn_cap = 2

[[team]]
name = "you"
avatars = ["BD", "GH", "SGK"]

[[team]]
name = "them"
avatars = ["BJ", "GH", "BD"]
"""


def test_a_person_plays_moves_and_core_games_stops_at_end_of_input_and_resume_reads_it_back(
        cli: Cli, tmp_path: Path) -> None:
    teams = tmp_path / "teams.toml"
    teams.write_text(TEAM_FILE, encoding="utf-8")
    whole, resumed, save = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl", tmp_path / "g.json"
    # the person answers 1 to everything: keeps each hand, stays, takes each core game's first choice
    code, out, err = cli("meta", str(teams), "--p1", "human", "--seed", "5", "--log", str(whole), input="1\n" * 400)
    assert code == 0 and "Result: a draw" in out, err
    assert "your choice (number, action or square" in out and "your choice (number or action" in out
    assert "BD1's core game, meta turn 1" in out  # the person plays its avatars' core games too
    events = [json.loads(line) for line in whole.read_text(encoding="utf-8").splitlines()[1:]]
    assert [e["action"] for e in events if e["type"] == "action" and e["team"] == 0] == ["stay", "duel"] * 3
    core = [e for e in events if e["type"] == "core-action"]
    assert core and {e["team"] for e in core} == {0}
    code, out, _ = cli("replay", str(whole))  # the person's decisions are read back from the log
    assert code == 0 and "replayed identically" in out
    code, _, err = cli("meta", str(teams), "--p1", "human", "--seed", "5", "--quiet", "--save", str(save),
                       input="1\n" * 8)
    assert code == 130 and "interrupted" in err  # end of input: saved
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert len(saved["core_actions"]) >= 8
    code, out, err = cli("resume", str(save), "--quiet", "--log", str(resumed), input="1\n" * 400)
    assert code == 0, err
    assert resumed.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")
    code, _, err = cli("meta", "--p1", "human", "-n", "3")
    assert code == 1 and "one meta-game at a time" in err
    code, _, err = cli("meta", "--p1", "human", "--format", "json")
    assert code == 1 and "--format text" in err


def test_a_save_without_a_person_is_written_as_before(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert cli("meta", "--seed", "4", "--quiet", "--save", str(save), "--turn-cap", "1")[0] == 0
    assert set(json.loads(save.read_text(encoding="utf-8"))) == {"type", "version", "header", "actions", "seal"}


# --- --format json|csv ---------------------------------------------------------------------------------------

def test_a_meta_game_and_a_resumed_save_print_their_result_as_json_or_csv(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out, err = cli("meta", "--seed", "2", "--turn-cap", "3", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["format"] == "amalogs-meta" and data["records"][0]["turns"] == 3
    assert data["records"][0]["winner"] is None and data["records"][0]["team1"] == ["BD", "GH", "SGK"]
    assert cli("meta", "--seed", "2", "--quiet", "--save", str(save), "--turn-cap", "2")[0] == 0
    code, out, err = cli("resume", str(save), "--format", "csv", "--stop-after", "3")
    assert code == 0, err
    rows = out.lstrip("\ufeff").splitlines()
    assert rows[0].startswith("version,seed,turn_cap,team1") and ",false," in rows[1]  # stopped, not finished
    assert "stopped" in err
    code, out, err = cli("resume", str(save), "--format", "json")
    assert code == 0, err
    record = json.loads(out)["records"][0]
    assert record["finished"] is True and record["reason"] and record["seed"] == 2
    code, out, err = cli("meta", "--seed", "2", "--turn-cap", "2", "-n", "3", "--format", "csv", "--jobs", "1")
    assert code == 0, err
    lines = out.lstrip("\ufeff").splitlines()
    assert lines[0].startswith("games,seeds,turn_cap") and lines[1].startswith("3,2 / 4,2,")


def test_a_batch_in_two_processes_sums_to_the_batch_in_one(catalog: Catalog) -> None:
    settings = MetaSettings(turn_cap=3)
    one = play_batch(catalog, TEAMS, 1, 4, settings, ("random", "greedy"), ("random", "greedy"), jobs=1)
    two = play_batch(catalog, TEAMS, 1, 4, settings, ("random", "greedy"), ("random", "greedy"), jobs=2)
    assert one == two and one.games == 4


def test_make_meta_player_names_every_player() -> None:
    assert isinstance(make_meta_player("matchup"), MatchupMetaPlayer)
    assert isinstance(make_meta_player("human"), HumanMetaPlayer)


def test_the_shipped_matchups_are_the_balance_reports_win_rates() -> None:
    """The match-up player's table (shipped in the package) is worked out from the committed balance report: when
    `amalogs report` replays the balance rows with other results, this fails until the table is written again."""
    import json
    from importlib.resources import files
    from pathlib import Path

    from amalogs.meta.players import matchups_from_balance

    balance = json.loads((Path(__file__).parent.parent / "reports" / "balance" / "balance.json").read_text("utf-8"))
    shipped = json.loads(files("amalogs.meta").joinpath("matchups.json").read_text("utf-8"))
    assert shipped == matchups_from_balance(balance)


def test_the_meta_players_names_are_one_list() -> None:
    """The names a save, `amalogs meta --p1` and make_meta_player accept are the same list."""
    from amalogs.meta.players import META_PLAYERS, make_meta_player
    from amalogs.meta.settings import META_PLAYER_NAMES, MetaError

    assert set(META_PLAYER_NAMES) == {*META_PLAYERS, "human"}
    for name in META_PLAYERS:
        make_meta_player(name)
    with pytest.raises(MetaError, match="random, greedy, matchup, human"):
        make_meta_player("nobody")
