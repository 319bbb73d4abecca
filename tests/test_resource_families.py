"""Resource families of a game played from its data (``[resources]``): a separate resource deck
(``resources.deck``), points that are not cards (``resources.counter``), and ``resources.maximum`` — refused by
``validate`` where they do not fit together, and played as written (the known answers in
``tests/positions/gen-sr-*`` and ``gen-pa-*`` check each rule; here the whole match)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import RULE_GAMES, Cli, copy_rule_game



@pytest.mark.parametrize(("game", "old", "new", "where", "words"), [
    ("spark-rally", 'deck = "spark-deck"', 'deck = "spark-pile"', "resources.deck", "unknown side deck 'spark-pile'"),
    ("spark-rally", 'source = "dedicated-cards"', 'source = "any-card"', "resources.deck", "not 'any-card'"),
    ("spark-rally", "starting = 0\nmaximum = 6", "starting = 7\nmaximum = 6", "resources.starting", "more than"),
    ("pulse-arena", 'source = "automatic"', 'source = "any-card"', "resources.counter", "must be 'automatic'"),
    ("pulse-arena", "payment = ", 'colour_rule = "one-of-colour"\npayment = ', "resources.counter", "no colours"),
    ("pulse-arena", "[resources.counter]", "[resources.attach]\npower = 1000\n\n[resources.counter]", "resources.attach",
     "not a [resources.counter]"),
    ("spark-rally", "maximum = 6\n", 'maximum = 6\nspent = "returned"\n', "", ""),
    ("shield-duel", "[resources]\n", '[resources]\nspent = "returned"\n', "resources.spent", "name it in resources.deck"),
])
def test_resource_forms_that_do_not_fit_are_refused_in_one_line(cli: Cli, tmp_path: Path, game: str, old: str,
                                                                 new: str, where: str, words: str) -> None:
    profile, _ = copy_rule_game(tmp_path, game)
    text = profile.read_text(encoding="utf-8")
    assert old in text
    profile.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out, err = cli("validate", str(profile.parent.parent.parent))
    if not where:  # a form that fits: no problem
        assert code == 0, out + err
        return
    assert code == 1 and "Traceback" not in out + err
    line = next(line for line in out.splitlines() if where in line)
    assert str(profile) in line and words in line, out


def test_cards_that_arrive_by_themselves_need_a_zone(cli: Cli, tmp_path: Path) -> None:
    """Points written without [resources.counter] and without a resource zone would be the deck's top cards
    put on the field every turn, fighting as characters: validate refuses the page, naming what to write."""
    profile, page = copy_rule_game(tmp_path, "pulse-arena")
    text = profile.read_text(encoding="utf-8")
    profile.write_text(text.replace("[resources.counter]\ngrows = 1\nrefills = true\nsecond_player_extra = 1\n", ""),
                       encoding="utf-8")
    code, out, _ = cli("validate", str(profile.parent.parent.parent))
    assert code == 1
    line = next(line for line in out.splitlines() if "資源エリア" in line)
    assert str(page) in line and "permanent_types" in line and "[resources.counter]" in line, out


@pytest.mark.parametrize(("game", "resource"), [("SR", "energy"), ("PA", "points")])
def test_a_whole_match_takes_resources_where_the_page_says(cli: Cli, tmp_path: Path, game: str,
                                                           resource: str) -> None:
    """SR's sparks come from its spark deck (its main deck loses only the cards drawn) and never pass 6; PA's
    points are no cards at all, grow by one a turn and never pass 10."""
    log = tmp_path / "x.jsonl"
    code, _, err = cli("--data-root", str(RULE_GAMES), "match", game, "BD", "--seed", "1", "--p1", "greedy",
                       "--p2", "greedy", "--log", str(log), "--quiet")
    assert code == 0, err
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:-1]]
    mine = [e for e in events if e.get("seat") == 0]
    assert any(e["type"] == resource for e in mine)
    if game == "SR":
        gained = [e for e in mine if e["type"] == "energy"]
        assert [e["cost-area"] for e in gained] == list(range(1, len(gained) + 1))
        assert max(e["cost-area"] for e in gained) <= 6
        assert all(e["card"] >= 40 for e in gained)  # the spark deck's cards, after the main deck's 40
    else:
        points = [e for e in mine if e["type"] == "points"]
        assert [e["maximum"] for e in points] == [min(k, 10) for k in range(1, len(points) + 1)]
        assert not any(e["type"] == "energy" for e in mine)


@pytest.mark.parametrize(("leader", "shields"), [("leader-homura", 3), ("leader-shizuku", 4)])
def test_a_leaders_printed_life_is_how_many_life_cards_are_set(leader: str, shields: int) -> None:
    """life.from_card with a life made of cards (シールドライフ): the leader kept outside the deck prints its
    player's life, so that many cards from the deck top become shields — not the profile's 5 — after the
    opening hand of setup.starting_hand cards."""
    from amalogs.catalog import load_catalog
    from amalogs.models.cards import Deck
    from amalogs.referee import Match

    cat = load_catalog([RULE_GAMES])
    game, bd = cat.game("SR"), cat.game("BD")
    deck = cat.decks(game.id)["fire-water"][0]
    mine = Deck.model_validate(deck.model_dump() | {"extra": {"leader": {leader: 1}}})
    match = Match.new(cat, [(game, mine), (bd, next(iter(cat.decks(bd.id).values()))[0])], 1, log_events=True)
    while match.state.phase == "setup":  # the other seat keeps its hand: then the life is set
        legal = match.legal_actions()
        match.apply_action(next((a for a in legal if a.text() == "keep"), legal[0]))
    seat = match.state.seats[0]
    assert len(seat.zones["shield-zone"]) == shields
    assert len(seat.zones["deck"]) == 40 - 5 - shields  # the opening hand of 5 and the shields, nothing else
    assert {"type": "life-set", "seat": 0, "life": shields, "energy": 0}.items() <= next(
        e for e in match.state.events if e["type"] == "life-set" and e["seat"] == 0).items()


def test_runes_are_attached_and_come_back_all_match_long() -> None:
    """Whole matches of ルーンマーチ (random players, invariants after every action): creatures get runes attached
    (resources.attach), each attach rests a standing rune and adds 1000 to the creature's power, no creature
    keeps a rune past the end of the turn, and paid runes go back under the rune deck (resources.spent): the
    cost area never passes 6, and cost area and rune deck always hold the 10 runes."""
    from amalogs.catalog import load_catalog
    from amalogs.referee.sessions.runner import resolve_side
    from amalogs.referee.sessions.saves import Session

    cat = load_catalog([RULE_GAMES])
    side = resolve_side(cat, "rune-march")
    events = []
    for seed in range(1, 5):
        session = Session(cat, [side, side], seed, ("random", "random"), check=True)
        while not session.finished:
            before = session.match.state.turn
            session.step()
            state = session.match.state
            if state.turn != before:  # a new turn: nothing attached any more
                assert not any("attached" in c for seat in state.seats for c in seat.card_counters.values())
            for seat in state.seats:
                assert len(seat.zones["cost-area"]) <= 6
                assert len(seat.zones["cost-area"]) + len(seat.zones["rune-deck"]) == 10
        events += session.match.state.events
    attaches = [e for e in events if e["type"] == "attach"]
    assert attaches and all(e["power"] >= 1000 * (e["attached"] + 1) for e in attaches)
    assert any(e["type"] == "resources-returned" for e in events)


@pytest.mark.parametrize("ignore", [True, False])
def test_a_colourless_colour_is_the_pages_not_an_id(tmp_path: Path, ignore: bool) -> None:
    """One-of-colour payment: a card whose colour the page maps to 無色 takes any resource, whatever the colour's
    id — 砦攻めフォートシージ with its colourless colour renamed ``neutral``, listed in deck.colours.ignore or
    not (then the deck may have three colours), pays 流れの剣士 (neutral, cost 2) with two iron supply cards."""
    from amalogs.catalog import load_catalog
    from amalogs.referee import Match

    profile, page = copy_rule_game(tmp_path, "fort-siege")
    for path in (profile, page, profile.parent / "cards.toml", *sorted((profile.parent / "decks").glob("*.toml"))):
        text = path.read_text(encoding="utf-8").replace('"colourless"', '"neutral"')
        if not ignore and path == profile:
            rule = 'colours = { max = 2, ignore = ["neutral", "guild"] }'
            assert rule in text
            text = text.replace(rule, "colours = { max = 4 }")  # (iron, gold, guild and neutral cards)
        path.write_text(text, encoding="utf-8")
    cat = load_catalog([profile.parent.parent.parent])
    position = {"step": "main", "turn": 3, "seats": [
        {"game": "FS", "hand": ["wandering-sellsword", "gilded-lancer"], "supply": ["iron-pikeman", "wall-warden"]},
        {"game": "FS"}]}
    m = Match.from_position(cat, position)
    legal = {a.text() for a in m.legal_actions()}
    hand = m.state.seats[0].zones["hand"]
    sellsword, lancer = hand[0], hand[1]
    assert f"play {sellsword}" in legal  # neutral: any supply pays
    assert f"play {lancer}" not in legal  # gold: needs a gold supply card
