"""The effect vocabulary's timings ``hit`` and ``check``, conditions and the duration "for that battle": written
and read back in every shipped game's words, judged for a target game that cannot meet them, refused where they
cannot mean anything, and the ヴァンガード cards that use them (the known-answer positions ``gen-vg-hit-*``,
``gen-vg-for-that-battle-*``, ``gen-vg-static-condition-*`` and ``gen-vg-heal-*`` show them in play)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from amalogs.catalog import load_catalog
from amalogs.convert.effects import CANNOT, DIFFERENT, WORKS, facts_of, judge
from amalogs.convert.reading import read, same_form
from amalogs.convert.text import say, words_of
from amalogs.models.effects import Effect

from .conftest import Cli

ROOT = Path(__file__).resolve().parents[1]

EFFECTS = TypeAdapter(Effect)

FORMS: dict[str, dict[str, Any]] = {
    "for that battle, under a count": {
        "do": "modify", "stat": "BP", "amount": 3, "target": {"self_only": True}, "until": "end-of-battle",
        "when": "attack", "condition": {"place": "not-leader", "count": {"side": "opponent", "family": "キャラ科",
                                                                        "leader": "not", "at_most": 2}}},
    "static in the opponent's turn": {
        "do": "modify", "stat": "BP", "amount": 1, "target": {"self_only": True}, "until": "permanent",
        "when": "static", "condition": {"turn": "opponent", "place": "not-leader"}},
    "a check trigger while behind": {"do": "heal", "amount": 1, "when": "check", "condition": {"behind": True}},
    "on a hit, with a cost": {"do": "draw", "count": 1, "when": "hit", "pay": {"counter_blast": 1}},
    "an ability paid with life": {"do": "draw", "count": 1, "when": "activated",
                                  "pay": {"life": 2, "once_per_turn": True}},
    "an ability paid by returning resources": {"do": "draw", "count": 1, "when": "activated",
                                               "pay": {"return_resources": 1}},
    "a choice, one option for that battle": {
        "do": "choose", "when": "attack", "options": [
            {"do": "draw", "count": 1},
            {"do": "modify", "stat": "BP", "amount": 2, "target": {"self_only": True}, "until": "end-of-battle"},
            {"do": "damage", "amount": 3, "target": {"side": "opponent", "count": 1, "family": "キャラ科"}}]},
    "a choice that may be declined, with a cost": {
        "do": "choose", "when": "activated", "optional": True, "pay": {"rest_self": True},
        "options": [{"do": "draw", "count": 1}, {"do": "discard", "count": 1, "who": "opponent"}]},
    "until the next turn": {"do": "modify", "stat": "BP", "amount": -3, "until": "next-turn",
                            "target": {"side": "opponent", "count": 1, "family": "キャラ科"}},
    "a keyword until the next turn, on leaving": {"do": "grant_keyword", "keyword": "デコイ", "when": "leave",
                                                 "until": "next-turn", "target": {"side": "self", "count": 1,
                                                                                  "family": "キャラ科"}},
    "when it boosts, the attacking unit": {
        "do": "modify", "stat": "BP", "amount": 2, "when": "boost", "until": "end-of-battle",
        "target": {"side": "self", "count": 0, "family": "キャラ科", "state": "attacking"}},
    "a count with both bounds": {
        "do": "draw", "count": 1, "when": "start-of-turn",
        "condition": {"turn": "own", "count": {"side": "self", "family": "キャラ科", "state": "rested",
                                               "at_least": 1, "at_most": 3}}},
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_each_form_is_written_and_read_back_in_every_games_words(form: str) -> None:
    effect = EFFECTS.validate_python(FORMS[form])
    for game in load_catalog().games.values():
        words = words_of(game)
        sentence = say(effect, words)
        assert sentence is not None
        back = read(sentence, words)
        assert back is not None and same_form(back) == same_form(effect), (game.id, sentence, back)


def test_the_vanguard_words_say_the_forms_as_its_cards_do() -> None:
    words = words_of(load_catalog().games["cardfight-vanguard"])
    said = {name: say(EFFECTS.validate_python(data), words) for name, data in FORMS.items()}
    assert said["for that battle, under a count"] == (
        "【自】：このユニットがアタックした時、このユニットがリアガードで、相手のリアガードが2枚以下なら、そのバトル中、"
        "このユニットのパワー+3000。")
    assert said["static in the opponent's turn"] == "【永】：相手のターン中、このユニットがリアガードなら、このユニットのパワー+1000。"
    assert said["on a hit, with a cost"].startswith("【自】：このユニットのアタックがヴァンガードにヒットした時、")  # type: ignore[union-attr]
    assert said["a check trigger while behind"].startswith(  # type: ignore[union-attr]
        "（このカードがトリガーゾーンに置かれた時、）あなたのダメージが相手のダメージ以上なら、")


def _facts(game: str) -> Any:
    return facts_of(load_catalog().games[game])


def test_a_check_trigger_elsewhere_is_a_life_trigger_or_nothing() -> None:
    trigger = EFFECTS.validate_python({"do": "draw", "when": "check"})
    vg = _facts("cardfight-vanguard")
    assert judge(trigger, vg, vg).outcome == WORKS
    into_bd = judge(trigger, vg, _facts("build-divide"))  # life cards with triggers, no attack checks
    assert into_bd.outcome == DIFFERENT and "life trigger" in into_bd.reason
    into_mtg = judge(trigger, vg, _facts("magic-the-gathering"))  # life points: nothing is revealed
    assert into_mtg.outcome == CANNOT


def test_a_leader_condition_in_a_game_without_a_leader() -> None:
    vg = _facts("cardfight-vanguard")
    only = EFFECTS.validate_python({"do": "draw", "when": "attack", "condition": {"place": "leader"}})
    but = EFFECTS.validate_python({"do": "draw", "when": "attack", "condition": {"place": "not-leader"}})
    assert judge(only, vg, vg).outcome == WORKS
    assert judge(only, vg, _facts("build-divide")).outcome == CANNOT
    assert judge(but, vg, _facts("build-divide")).outcome == DIFFERENT


def test_a_hit_needs_battles() -> None:
    hit = EFFECTS.validate_python({"do": "draw", "when": "hit"})
    assert judge(hit, None, _facts("break-joker")).outcome == CANNOT
    assert judge(hit, None, _facts("guild-heroes")).outcome == WORKS


def test_a_boost_timing_needs_a_game_that_boosts() -> None:
    boost = EFFECTS.validate_python(FORMS["when it boosts, the attacking unit"])
    vg = _facts("cardfight-vanguard")
    assert judge(boost, vg, vg).outcome == WORKS
    into_bd = judge(boost, vg, _facts("build-divide"))
    assert into_bd.outcome == CANNOT and "boost" in into_bd.reason


def test_the_attacking_card_needs_battles() -> None:
    weaken = EFFECTS.validate_python({"do": "modify", "stat": "AP", "amount": -2, "when": "block",
                                      "until": "end-of-battle", "target": {"state": "attacking"}})
    assert judge(weaken, None, _facts("guild-heroes")).outcome == WORKS
    assert judge(EFFECTS.validate_python({"do": "destroy", "target": {"state": "attacking"}}), None,
                 _facts("break-joker")).outcome == CANNOT


def test_a_choice_works_as_its_options_do() -> None:
    bj = _facts("break-joker")  # no hand to discard from, no battle values
    both = EFFECTS.validate_python({"do": "choose", "options": [
        {"do": "player_damage", "amount": 1}, {"do": "damage", "amount": 1, "target": {"count": 1}}]})
    judged = judge(both, None, bj)
    assert judged.outcome == DIFFERENT and "option 2 cannot work" in judged.reason and "option 1" not in judged.reason
    none = EFFECTS.validate_python({"do": "choose", "options": [
        {"do": "discard", "count": 1}, {"do": "damage", "amount": 1, "target": {"count": 1}}]})
    assert judge(none, None, bj).outcome == CANNOT
    assert judge(both, None, _facts("guild-heroes")).outcome == WORKS
    attack = EFFECTS.validate_python(FORMS["a choice, one option for that battle"])
    assert judge(attack, None, bj).outcome == CANNOT  # (its own timing: BJ's cards never attack)


def test_an_option_takes_its_choices_timing() -> None:
    effect = EFFECTS.validate_python(FORMS["a choice, one option for that battle"])
    assert {option.when for option in effect.options} == {"attack"}  # type: ignore[union-attr]
    with pytest.raises(ValidationError, match="options.0.: when is the choice's own"):
        EFFECTS.validate_python({"do": "choose", "options": [{"do": "draw", "when": "attack"}, {"do": "draw"}]})
    with pytest.raises(ValidationError, match="pay is the choice's own"):
        EFFECTS.validate_python({"do": "choose", "options": [{"do": "draw", "pay": {"rest_self": True}},
                                                            {"do": "draw"}]})
    with pytest.raises(ValidationError, match="options"):
        EFFECTS.validate_python({"do": "choose", "options": [{"do": "draw"}]})


@pytest.mark.parametrize(("data", "words"), [
    ({"do": "modify", "stat": "SP", "amount": 1, "until": "end-of-battle", "when": "attack"}, "not SP"),
    ({"do": "modify", "stat": "BP", "amount": 1, "until": "end-of-battle", "when": "play"}, "needs a battle"),
    ({"do": "grant_keyword", "keyword": "デコイ", "until": "end-of-battle"}, "until"),
    ({"do": "draw", "condition": {"turn": "mine"}}, "turn"),
    ({"do": "draw", "condition": {"count": {"at_least": -1}}}, "at_least"),
])
def test_forms_that_cannot_mean_anything_are_refused(data: dict[str, Any], words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        EFFECTS.validate_python(data)


def test_validate_names_the_card_and_field_in_one_line(cli: Cli, tmp_path: Path) -> None:
    text = (ROOT / "games" / "cardfight-vanguard" / "cards.toml").read_text(encoding="utf-8")
    wrong = text.replace('do = "modify"\nwhen = "attack"\nstat = "BP"\namount = 3\ntarget = { self_only = true }\n'
                         'until = "end-of-battle"', 'do = "modify"\nwhen = "play"\nstat = "BP"\namount = 3\n'
                         'target = { self_only = true }\nuntil = "end-of-battle"')
    assert wrong != text
    path = tmp_path / "games" / "cardfight-vanguard" / "cards.toml"
    path.parent.mkdir(parents=True)
    path.write_text(wrong, encoding="utf-8")
    code, out, err = cli("validate", str(path))
    assert code == 1
    lines = [line for line in out.splitlines() if line.startswith(str(path))]
    assert len(lines) == 1 and "modify: until = 'end-of-battle' needs a battle" in lines[0], out
    assert "Traceback" not in out + err


def test_the_shipped_data_has_no_schema_gap_left_in_vanguard() -> None:
    text = (ROOT / "games" / "cardfight-vanguard" / "cards.toml").read_text(encoding="utf-8")
    assert "schema gap" not in text
    assert 'when = "life"' not in text  # its triggers are check triggers
