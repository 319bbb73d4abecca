"""A person as a player: numbered choices with card names, answers by number or text, Ctrl-D saves."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from amalogs.referee import Action
from amalogs.referee.players.human import HumanPlayer, describe

from .conftest import Cli

OBSERVATION = {"turn": 3, "phase": "main", "you": 0, "cards": {12: {"name": "紅蓮竜の仔", "ap": 3000, "dp": 3000,
                                                                    "sp": 1, "unified": ["バースト"]}},
               "seats": [{"game": "build-divide", "hand": [12], "deck": 20, "counters": {}, "rested": []},
                         {"game": "guild-heroes", "hand": 4, "fort-area": 4, "counters": {}, "rested": []}]}
LEGAL = [Action("play", (12,)), Action("attack-phase")]


def _player(answers: list[str]) -> tuple[HumanPlayer, list[str]]:
    said: list[str] = []
    queue = list(answers)

    def ask(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return HumanPlayer(ask, said.append), said


def test_the_player_sees_its_hand_and_numbered_choices_with_card_names() -> None:
    human, said = _player(["1"])
    assert human.choose(OBSERVATION, LEGAL, random.Random(0)) == LEGAL[0]
    text = "\n".join(said)
    assert "hand: 紅蓮竜の仔 [12] 3/3 SP1 (バースト)" in text and "hand: 4 (hidden)" in text
    assert "   1) play 紅蓮竜の仔 [12]" in text and "   2) attack-phase" in text
    assert describe(Action("attack", (12, "player")), OBSERVATION) == "attack 紅蓮竜の仔 [12] player"


def test_the_player_sees_the_attack_it_answers_and_the_effect_that_asks() -> None:
    human, said = _player(["1"])
    seen = {**OBSERVATION, "attack": {"attacker": 12, "target": None, "blocker": None, "hits_left": 0},
            "pending": {"controller": 0, "source": 12, "effect": "damage", "side": "opponent"}}
    human.choose(seen, LEGAL, random.Random(0))
    assert "attack: 紅蓮竜の仔 [12] → the player" in said
    assert "resolving: damage of 紅蓮竜の仔 [12] (aimed at opponent's cards)" in said


def test_a_wrong_answer_is_explained_and_asked_again_and_text_answers_work() -> None:
    human, said = _player(["7", "dance", "?", "attack-phase"])
    assert human.choose(OBSERVATION, LEGAL, random.Random(0)) == LEGAL[1]
    assert sum("is not understood: answer with a number 1–2" in line for line in said) == 2


def test_answers_that_are_not_numbers_are_not_understood_and_full_width_ones_are() -> None:
    """① and ² are digits to Python but no answer here; 5,000 digits are no card; a Japanese input method's
    full-width ２ is 2."""
    human, said = _player(["①", "²", "9" * 5000, "play ①", "２"])
    assert human.choose(OBSERVATION, LEGAL, random.Random(0)) == LEGAL[1]
    assert sum("is not understood" in line for line in said) == 4
    assert all(len(line) < 200 for line in said)


def test_end_of_input_stops_the_match_like_ctrl_c_and_one_choice_is_not_asked() -> None:
    human, _ = _player([])
    with pytest.raises(KeyboardInterrupt):
        human.choose(OBSERVATION, LEGAL, random.Random(0))
    assert human.choose(OBSERVATION, [LEGAL[1]], random.Random(0)) == LEGAL[1]


def test_a_human_match_saves_on_end_of_input_and_resumes_without_asking_again(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "h.json"
    code, out, err = cli("match", "BD:red-aggro", "GH", "--seed", "4", "--p1", "human", "--save", str(save),
                         input="1\n2\n")
    assert code == 130 and "saved the match so far" in err
    first = json.loads(save.read_text(encoding="utf-8"))["actions"]
    code, out, err = cli("resume", str(save), input="1\n")  # one new answer, then end of input again
    assert code == 130
    again = json.loads(save.read_text(encoding="utf-8"))["actions"]
    assert again[:len(first)] == first and len(again) > len(first)


def test_a_logged_human_match_replays_from_its_logged_decisions(cli: Cli, tmp_path: Path) -> None:
    log = tmp_path / "h.jsonl"
    code, out, _ = cli("match", "BJ", "BJ", "--seed", "2", "--p2", "human", "--quiet", "--log", str(log),
                       input="1\n" * 400)
    assert code == 0 and "Result" in out
    assert cli("replay", str(log))[0] == 0


def test_a_human_plays_one_match_at_a_time(cli: Cli) -> None:
    code, _, err = cli("match", "BD", "BD", "-n", "3", "--p1", "human")
    assert code == 1 and "one match at a time" in err
