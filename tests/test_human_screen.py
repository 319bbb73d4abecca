"""The human player's screen: costs in each game's terms, card text on request, the ブレイクジョーカー row's
running total, only what changed redrawn, and the two ways of reading answers (line by line from a pipe,
prompt_toolkit at a terminal)."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from amalogs.referee import Action
from amalogs.referee.players.human import HumanPlayer, LineAsk, PromptAsk

# a ビルディバイド hand against ギルドヒーローズ: ids as a match numbers its cards
CARDS: dict[int, dict[str, Any]] = {
    6: {"name": "紅蓮竜の仔", "type": "ace-unit", "cost": 3, "ap": 3000, "dp": 3000, "sp": 1, "colours": ["red"],
        "keywords": ["burst"], "unified": ["バースト"]},
    12: {"name": "剣士長リオ", "type": "evolution-character", "cost": 5, "ap": 5000, "dp": 4000, "sp": 0,
         "colours": ["fire"], "keywords": ["evolution"], "unified": ["進化"]},
    40: {"name": "見習い剣士リオ", "type": "character", "cost": 1, "ap": 2000, "dp": 2000, "sp": 0,
         "colours": ["fire"], "keywords": [], "unified": []},
    77: {"name": "誰も知らないカード", "type": "widget", "cost": 4, "ap": 0, "dp": 0, "sp": 0, "colours": ["teal"],
         "keywords": [], "unified": []},
}


def _observation(**changes: Any) -> dict[str, Any]:
    seats = [{"game": "guild-heroes", "hand": [12, 77], "defence-area": [40], "deck": 30, "counters": {},
              "rested": [], "damage": {}},
             {"game": "build-divide", "hand": 5, "field": [6], "deck": 25, "life": 10, "counters": {},
              "rested": [], "damage": {}}]
    observation = {"turn": 4, "phase": "main", "you": 0, "counters": {}, "cards": CARDS, "seats": seats,
                   "attack": None, "pending": None}
    observation.update(changes)
    return observation


LEGAL = [Action("play", (12,)), Action("evolve", (12, 40)), Action("play", (77,)), Action("attack-phase")]


def _player(answers: list[str]) -> tuple[HumanPlayer, list[str], list[str]]:
    """A player answering from a list (end of input after it), what it says, and the prompts it was asked."""
    said: list[str] = []
    asked: list[str] = []
    queue = list(answers)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    return HumanPlayer(ask, said.append), said, asked


def test_each_choice_shows_its_cards_type_cost_and_stats_in_the_games_own_terms() -> None:
    human, said, _ = _player(["1"])
    assert human.choose(_observation(), LEGAL, random.Random(0)) == LEGAL[0]
    choice = next(line for line in said if line.startswith("   1) play 剣士長リオ [12]"))
    # ギルドヒーローズ: the cost table by attribute name, its evolution cost, attack and defence as printed
    assert "キャラクター/進化 · 火 · コスト 火2 無属性3 · 進化コスト 火1 無属性1 · アタック 5 · ディフェンス 4" in choice
    # the same card is described once (choice 2 names it again); a card no data holds, from the observation
    assert "コスト" not in next(line for line in said if line.startswith("   2) evolve"))
    assert next(line for line in said if line.startswith("   3) play")).endswith("· widget · teal · cost 4")
    # a ビルディバイド card: its play cost and power / hit, when an attack it makes is answered
    attacked = _observation(attack={"attacker": 6, "target": None, "blocker": None, "hits_left": 1})
    human, said, _ = _player(["1"])
    human.choose(attacked, [Action("noblock"), Action("block", (40,))], random.Random(0))
    assert "attack: 紅蓮竜の仔 [6] → the player" in said
    assert "  attacker: 紅蓮竜の仔 [6] · ユニット/エース · 赤 · プレイコスト 3 · パワー 3000 · ヒット 1" in said


def test_the_card_data_come_from_the_catalog_the_session_gives() -> None:
    """A session sets ``catalog`` (the match's own data): a card it does not hold is described from the
    observation, and the shipped data is not read instead."""

    class NoGames:
        def __init__(self) -> None:
            self.games: dict[str, Any] = {}

    human, said, _ = _player(["1"])
    human.catalog = NoGames()  # type: ignore[assignment]
    human.choose(_observation(), LEGAL, random.Random(0))
    assert "   1) play 剣士長リオ [12]  · evolution-character · fire · cost 5 · 5/4" in said
    assert human.catalog.__class__ is NoGames


def test_question_mark_n_shows_the_cards_whole_text_and_asks_again() -> None:
    human, said, asked = _player(["? 1", "？　２", "? 剣士長リオ", "? 9", "? 4", "? 誰", "4"])
    assert human.choose(_observation(), LEGAL, random.Random(0)) == LEGAL[3]
    assert len(asked) == 7  # each ? was answered and the same decision asked again; none was taken for it
    text = "\n".join(said)
    assert text.count("── 剣士長リオ [12] ──") == 3  # choice 1, choice 2 (full-width) and by name
    assert "── 見習い剣士リオ [40] ──" in text  # choice 2 names two cards: both are shown
    assert "  text: このキャラクターがアタックした時、相手のスペント状態のキャラクター1体に1ダメージを与える。" in said
    assert "  effect: 1 damage to 1 opposing rested キャラ科 [attack]" in said
    assert any(line.startswith("  keyword 進化: ") for line in said)
    assert "there is no choice 9: the choices are 1–4" in said
    assert "choice 4 (attack-phase) names no card" in said
    assert "  widget · teal · cost 4" in said  # a card the data does not hold: what the observation says


def test_a_break_joker_round_shows_each_rows_running_total_and_suits() -> None:
    bj = {0: {"name": "火種怪人ヒダネ", "type": "game-card", "cost": 1, "colours": ["spade"]},
          2: {"name": "仮面ライダーカガリビ", "type": "game-card", "cost": 2, "colours": ["heart"]},
          5: {"name": "仮面ライダーヒウチ", "type": "game-card", "cost": 3, "colours": ["diamond"]},
          46: {"name": "骸の巨像", "type": "unit", "cost": 9, "colours": ["black"], "ap": 10500, "dp": 10500, "sp": 3}}
    seats = [{"game": "break-joker", "deck": 9, "field": [0, 2, 5], "discard": 0, "counters": {"hp": 7},
              "rested": [], "damage": {}},
             {"game": "build-divide", "deck": 23, "hand": 4, "bj-row": [-1, 46], "counters": {}, "rested": [],
              "damage": {}}]
    observation = {"turn": 3, "phase": "break-joker:round", "you": 0, "cards": bj, "seats": seats,
                   "counters": {"ties": 1, "bj-round": 1}}
    human, said, _ = _player(["3"])
    human.choose(observation, [Action("draw"), Action("skill", (5,)), Action("hold")], random.Random(0))
    assert "ブレイクジョーカー round · ties 1" in said
    # A♠ 2♥ 3♦: 16 with the A as 11, else 6; a run of three and one work title (仮面ライダーカガリビ)
    assert "  P1 (you) row: A♠ 2♥ 3♦ → total 16 or 6 · ストレート, ワールドボーナス · suits ♠♥♦" in said
    assert "  P2 (opponent) row: ? 骸の巨像 (9) → face-up total 9 + 1 face-down" in said
    bust = {**observation, "cards": {**bj, 7: {"name": "x", "type": "game-card", "cost": 10, "colours": ["club"]},
                                     8: {"name": "y", "type": "game-card", "cost": 13, "colours": ["club"]}},
            "seats": [{**seats[0], "field": [7, 8]}, seats[1]]}
    human, said, _ = _player(["2"])
    human.choose(bust, [Action("draw"), Action("hold")], random.Random(0))
    assert "  P1 (you) row: 10♣ 13♣ → total 0 (bust: 23) · suits ♣" in said
    human, said, _ = _player(["1"])  # outside a round: no row
    human.choose({**observation, "counters": {"ties": 1, "bj-round": 0}}, [Action("draw"), Action("hold")],
                 random.Random(0))
    assert not any(") row:" in line for line in said) and "  bj-row: (face down); 骸の巨像 [46] 10.5/10.5 SP3" in said


def test_a_later_decision_shows_only_what_changed_since_the_last() -> None:
    human, said, _ = _player(["1", "2", "board", "2", "1"])
    first = _observation()
    human.choose(first, LEGAL, random.Random(0))
    whole = len(said)
    said.clear()
    human.choose(first, LEGAL[2:], random.Random(0))  # the same board, fewer choices
    assert said[0] == "(nothing changed on the board: board shows it all)"
    assert not any("hand:" in line or "deck:" in line for line in said[:-2]) and len(said) < whole
    assert "  24) board" not in said and "   1) play 誰も知らないカード [77]  · widget · teal · cost 4" in said
    said.clear()
    human.choose(first, LEGAL[2:], random.Random(0))  # board: the whole screen again
    assert "  hand: 5 (hidden)" in said and "  deck: 30 (hidden)" in said
    said.clear()
    seats = [dict(first["seats"][0]), {**first["seats"][1], "field": [], "counters": {"x": 1}}]
    seats[0]["hand"] = [77]
    seats[0]["defence-area"] = [40, 12]
    human.choose(_observation(seats=seats, turn=5), LEGAL[2:], random.Random(0))
    changed = said[:said.index("   1) play 誰も知らないカード [77]  · widget · teal · cost 4")]
    assert changed == ["turn 5 · step main · you are P1",
                       "P1 (you, guild-heroes)",
                       "  hand: 誰も知らないカード [77]",
                       "  defence-area: 見習い剣士リオ [40] 2/2; 剣士長リオ [12] 5/4 (進化)",
                       "P2 (opponent, build-divide) · x 1",
                       "  field: now empty"]


def test_names_lose_terminal_control_sequences() -> None:
    cards = {**CARDS, 77: {**CARDS[77], "name": "悪い\x1b[2Jカード\x07"}}
    human, said, _ = _player(["? 3", "1"])
    human.choose(_observation(cards=cards), LEGAL, random.Random(0))
    assert not any("\x1b" in line or "\x07" in line for line in said)
    assert "── 悪い[2Jカード [77] ──" in said


def test_answers_are_read_line_by_line_from_a_stream_and_echoed_until_it_ends() -> None:
    out = io.StringIO()
    human = HumanPlayer(LineAsk(io.StringIO("? 1\n３\r\n"), out), lambda line: out.write(line + "\n"))
    assert human.choose(_observation(), LEGAL, random.Random(0)) == LEGAL[2]
    transcript = out.getvalue()
    assert "(number or action, ? N for a card's text, ? to list): ? 1\n── 剣士長リオ [12] ──" in transcript
    assert transcript.endswith("? to list): ３\n")
    with pytest.raises(KeyboardInterrupt):  # the end of input stops the match, which is saved
        human.choose(_observation(), LEGAL, random.Random(0))


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_at_a_terminal_answers_come_through_prompt_toolkit_with_completion_and_history(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    monkeypatch.setattr(sys, "stdin", _Terminal())
    monkeypatch.setattr(sys, "stdout", _Terminal())
    said: list[str] = []
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        human = HumanPlayer(say=said.append)
        keys.send_text("? 1\nevolve 12 40\n")
        assert human.choose(_observation(), LEGAL, random.Random(0)) == LEGAL[1]
        assert isinstance(human.ask, PromptAsk)
        assert "── 剣士長リオ [12] ──" in said
        assert human.ask.session.history.get_strings() == ["? 1", "evolve 12 40"]
        complete = human.ask.completer.get_completions
        typed = [c.text for c in complete(Document("ev"), CompleteEvent(completion_requested=True))]
        assert typed == ["evolve 12 40"]
        assert [c.text for c in complete(Document("？"), CompleteEvent())] == ["? 1", "? 2", "? 3"]
        keys.send_text("２\n")  # a full-width digit at the terminal too
        assert human.choose(_observation(), LEGAL[:2], random.Random(0)) == LEGAL[1]
        keys.close()  # Ctrl-D at the prompt: the match stops and is saved
        with pytest.raises(KeyboardInterrupt):
            human.choose(_observation(), LEGAL, random.Random(0))


def test_a_piped_script_plays_a_whole_match_and_prompt_toolkit_is_not_imported(tmp_path: Path) -> None:
    """``printf '1\\n…' | amalogs match BJ BD --p1 human``: every answer is read from the pipe, the match ends;
    without a terminal prompt_toolkit is never imported."""
    script = ("import atexit, sys, runpy; sys.argv = ['amalogs'] + sys.argv[1:]\n"
              "atexit.register(lambda: print('prompt_toolkit loaded:', 'prompt_toolkit' in sys.modules,\n"
              "                              file=sys.stderr))\n"
              "runpy.run_module('amalogs', run_name='__main__')\n")
    run = subprocess.run([sys.executable, "-c", script, "match", "BJ", "BD", "--seed", "2", "--p1", "human",
                          "--save", str(tmp_path / "whole.json")], input="1\n" * 300, capture_output=True,
                         text=True, timeout=120, cwd=tmp_path, check=False)
    assert run.returncode == 0 and "prompt_toolkit loaded: False" in run.stderr, run.stderr[-2000:]
    assert "P1 (you) row:" in run.stdout and "? to list): 1\n" in run.stdout
    saved = json.loads((tmp_path / "whole.json").read_text(encoding="utf-8"))
    asked = run.stdout.count("? to list): 1\n")
    assert asked >= 3 and len(saved["actions"]) > asked  # the match went on to its end
    cut = subprocess.run([sys.executable, "-m", "amalogs", "match", "BJ", "BD", "--seed", "2", "--p1", "human",
                          "--save", str(tmp_path / "part.json")], input="1\n" * 3, capture_output=True, text=True,
                         timeout=120, cwd=tmp_path, check=False)
    assert cut.returncode == 130 and "saved the match so far" in cut.stderr and "Traceback" not in cut.stderr
    part = json.loads((tmp_path / "part.json").read_text(encoding="utf-8"))["actions"]
    assert part == saved["actions"][:len(part)]  # the same answers, the same decisions


def test_an_answer_may_name_the_cards_instead_of_their_numbers(tmp_path: Path) -> None:
    """`play 炎走りの蜥蜴` (or the start of it, in any width or kana) answers as `play 25` does; a name two actions
    share is not taken for either."""
    from amalogs.referee.players.human import by_name

    observation = {"cards": {"25": {"name": "炎走りの蜥蜴"}, "19": {"name": "業火の吐息"}, "7": {"name": "業火の吐息"}}}
    legal = [Action("play", (25,)), Action("play", (19,)), Action("play", (7,)), Action("attack-phase")]
    assert by_name("play 炎走りの蜥蜴", observation, legal) == Action("play", (25,))
    assert by_name("ＰＬＡＹ　炎走り", observation, legal) == Action("play", (25,))
    assert by_name("play 業火の吐息", observation, legal) is None  # two copies: ask for the number
    assert by_name("attack", observation, legal) == Action("attack-phase")
    assert by_name("play 竜", observation, legal) is None
    script = "keep\nplay 炎走りの蜥蜴\n"
    done = subprocess.run([sys.executable, "-m", "amalogs", "--width", "100", "match", "BD:red-aggro", "GH",
                           "--seed", "4", "--p1", "human", "--save", str(tmp_path / "m.json")],
                          input=script, capture_output=True, text=True, timeout=120)
    assert "P1 BD plays 炎走りの蜥蜴" in done.stdout, done.stdout[-2000:]
    saved = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    assert "play 25" in saved["actions"]
