"""Ruling by hand the native effects the referee cannot carry out: the controller proposes canonical effects or
skip, the other seat confirms or rejects, the log records it; positions, saves and logs keep it; a person at the
terminal sees the card's words and the menu. (The known answers are tests/positions/x-native-ruling-*.toml.)"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee import Match
from amalogs.referee.engine.invariants import invariant_problems
from amalogs.referee.engine.rulings import MENU
from amalogs.referee.players.human import HumanPlayer, describe, show
from amalogs.referee.sessions.runner import header, replay, result_of, write_log
from amalogs.referee.sessions.saves import Session, load_session
from amalogs.referee.sessions.sides import resolve_side

from .conftest import Cli

ELDER = {"rulings": True, "step": "main", "turn": 3, "seats": [  # (a counterspell: a native effect of Magic's stack)
    {"game": "MTG", "battlefield": ["island", "island"], "hand": ["deny-the-weave"],
     "library": ["mossbark-elder", "mossbark-elder"]},
    {"game": "BD", "field": ["mercenary-captain"]},
]}
ACTIVATE = "play 2"


def _rulings_seen(match: Match) -> int:
    return sum(e["type"] == "manual-ruling" for e in match.state.events)


@pytest.mark.parametrize("steps", [[ACTIVATE], [ACTIVATE, "rule destroy"], [ACTIVATE, "rule draw", "reject"]])
def test_a_position_written_during_a_ruling_loads_again_at_the_same_decision(catalog: Catalog,
                                                                              steps: list[str]) -> None:
    m = Match.from_position(catalog, ELDER)
    for step in steps:
        m.apply_action(step)
    dumped = m.position(catalog)
    assert dumped["rulings"] is True and dumped["step"] in ("ruling", "ruling-confirm")
    again = Match.from_position(catalog, json.loads(json.dumps(dumped)))
    assert again.position(catalog) == dumped
    assert [a.text() for a in again.legal_actions()] == [a.text() for a in m.legal_actions()]
    assert again.current_player() == m.current_player()


def test_a_confirmed_targeted_ruling_asks_its_controller_for_the_target(catalog: Catalog) -> None:
    m = Match.from_position(catalog, ELDER)
    for step in (ACTIVATE, "rule destroy", "confirm"):
        m.apply_action(step)
    assert m.state.phase == "target" and m.state.decider == 0
    captain = next(c.uid for c in m.state.cards if c.card_id == "mercenary-captain")
    m.apply_action(f"target {captain}")
    assert captain not in m.state.seats[1].zones["field"]


def test_a_ruling_position_needs_a_native_effect_and_a_proposal_to_confirm(catalog: Catalog) -> None:
    confirm = {**ELDER, "step": "ruling-confirm", "stack": [{"controller": 0, "card": "deny-the-weave", "effect": 0}]}
    with pytest.raises(AmalogsError, match=r"counters.*ruling"):
        Match.from_position(catalog, confirm)
    loaded = Match.from_position(catalog, {**confirm, "counters": {"ruling": 0}})
    assert loaded.current_player() == 1 and [a.text() for a in loaded.legal_actions()] == ["confirm", "reject"]


@pytest.mark.parametrize("pair", [("MTG:white-blue-skies", "BD"), ("VG", "ZX")])
def test_random_matches_with_rulings_keep_the_invariants_and_rule_every_native_effect(catalog: Catalog,
                                                                                     pair: tuple[str, str]) -> None:
    ruled = 0
    for seed in range(8):  # (white-blue-skies' counterspell against BD meets a native effect at seeds 0 and 2)
        sides = [resolve_side(catalog, g) for g in pair]
        m = Match.new(catalog, [(s.game, s.deck) for s in sides], seed, rulings=True)
        rng = random.Random(seed)
        while not m.is_terminal():
            m.apply_action(rng.choice(m.legal_actions()))
            assert not invariant_problems(m), invariant_problems(m)
        events = m.state.events
        assert not any(e["type"] == "effect-not-carried-out" and e.get("effect") == "native" for e in events)
        asked = sum(e["type"] == "ruling-asked" for e in events)
        assert asked == _rulings_seen(m) or (m.is_terminal() and asked == _rulings_seen(m) + 1)
        ruled += _rulings_seen(m)
    assert ruled > 0  # the seeds meet native effects


def test_a_save_keeps_rulings_by_hand_and_resumes_to_the_same_match(catalog: Catalog, tmp_path: Path) -> None:
    sides = (resolve_side(catalog, "MTG:white-blue-skies"), resolve_side(catalog, "BD"))  # (seed 6 meets one)
    session = Session(catalog, sides, 6, ("random", "random"), rulings=True)
    while not _rulings_seen(session.match):
        session.step()
    session.save(tmp_path / "s.json")
    assert json.loads((tmp_path / "s.json").read_text())["rulings"] is True
    resumed = load_session(catalog, tmp_path / "s.json")
    assert resumed.match.state.rulings and resumed.match.position(catalog) == session.match.position(catalog)
    plain = Session(catalog, sides, 6, ("random", "random"))
    plain.step()
    assert "rulings" not in json.loads(plain.to_json())  # a match without them writes the same file as before


def test_a_logged_match_with_rulings_replays(catalog: Catalog, tmp_path: Path) -> None:
    sides = (resolve_side(catalog, "MTG:white-blue-skies"), resolve_side(catalog, "BD"))
    session = Session(catalog, sides, 6, ("random", "random"), rulings=True)
    session.run()
    result = result_of(session)
    assert any(e["type"] == "manual-ruling" for e in result.events)
    log = tmp_path / "m.jsonl"
    write_log(log, header(sides, 6, ("random", "random"), session.turn_cap, rulings=True), result.events)
    assert json.loads(log.read_text().splitlines()[0])["rulings"] is True
    checked, difference = replay(catalog, log)
    assert difference is None and checked == len(result.events)
    assert "rulings" not in header(sides, 0, ("random", "random"), 60)  # logs without rulings are unchanged


def test_a_person_sees_the_cards_words_and_what_each_ruling_does(catalog: Catalog) -> None:
    m = Match.from_position(catalog, ELDER)
    m.apply_action(ACTIVATE)
    seen = m.observation(0)
    screen = "\n".join(show(seen))
    assert "the card says: Counters a spell" in screen and "rule it by hand" in screen
    assert describe(m.legal_actions()[0], seen) == f"rule draw — {MENU['draw'][0]}"
    m.apply_action("rule heal")
    other = "\n".join(show(m.observation(1)))
    assert "proposed ruling: heal — confirm or reject" in other  # the other seat sees the proposal and the words
    said: list[str] = []
    answers = iter(["confirm"])
    person = HumanPlayer(lambda prompt: next(answers), said.append)
    assert person.choose(m.observation(1), m.legal_actions(), random.Random(0)).text() == "confirm"


def test_match_rulings_at_the_terminal_and_one_match_at_a_time(cli: Cli, tmp_path: Path) -> None:
    code, out, err = cli("match", "MTG", "BD", "--rulings", "-n", "2")
    assert code != 0 and "--rulings" in err and len(err.strip().splitlines()) == 1
    log = tmp_path / "m.jsonl"
    code, out, err = cli("match", "MTG:white-blue-skies", "BD", "--seed", "6", "--rulings", "--log", str(log))
    assert code == 0, err
    assert "ruled by hand: destroy (confirmed by" in out and "proposes a ruling for" in out  # the play-by-play
    assert any(json.loads(line).get("type") == "manual-ruling" for line in log.read_text().splitlines()[1:])
    code, out, err = cli("replay", str(log))
    assert code == 0, err
