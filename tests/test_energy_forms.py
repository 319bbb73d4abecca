"""Energy attached from the hand, attack costs, weakness, retreat and the limits that go with them
(``[resources.attach] from_hand``, ``battle.attack_cost``, ``battle.weakness``, ``play.retreat``,
``play.field_limit``, ``play.limits``), as ポケモンカードゲーム ships them: refused by ``validate`` in one line where
they do not fit together, and kept all match long (the known answers in ``tests/positions/pk-*`` check each rule
on its own; here whole matches, with the referee's invariants after every action)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from amalogs.catalog import Catalog, shipped_root

from .conftest import Cli

GAME = "pokemon-card-game"


def _copy(tmp_path: Path) -> tuple[Path, Path]:
    """A data root holding a copy of the shipped game under an id of its own (so it does not shadow the shipped one)."""
    root, ship = tmp_path / "root", shipped_root()
    shutil.copytree(ship / "games" / GAME, root / "games" / "pocket-copy")
    (root / "mappings").mkdir()
    shutil.copy(ship / "mappings" / f"{GAME}.toml", root / "mappings" / "pocket-copy.toml")
    for path in [*root.rglob("*.toml")]:
        text = path.read_text(encoding="utf-8").replace(f'"{GAME}"', '"pocket-copy"')
        text = text.replace('abbreviation = "PK"', 'abbreviation = "PKC"')
        text = text.replace('aliases = ["PK", "ポケカ", "ポケモンカード", "Pokémon TCG", "PTCG"]', 'aliases = []')
        path.write_text(text.replace('name = "ポケモンカードゲーム"', 'name = "ポケモンカード写し"'), encoding="utf-8")
    return root / "games" / "pocket-copy" / "game.toml", root / "mappings" / "pocket-copy.toml"


def test_the_copy_validates(cli: Cli, tmp_path: Path) -> None:
    profile, _ = _copy(tmp_path)
    code, out, err = cli("validate", str(profile.parent.parent.parent))
    assert code == 0, out + err


@pytest.mark.parametrize(("old", "new", "where", "words"), [
    ("[resources.attach]\nfrom_hand = true\n", "", "battle.attack_cost", "needs resources.attach.from_hand"),
    ("[resources.attach]\nfrom_hand = true\n", "", "play.retreat", "needs resources.attach.from_hand"),
    ("from_hand = true\n", "from_hand = true\npower = 1000\n", "resources.attach.power", "leave it out"),
    ('source = "dedicated-cards"', 'source = "any-card"', "resources.attach.from_hand", "dedicated-cards"),
    ('attack_cost = "energy-cost"', 'attack_cost = "weakness"', "battle.attack_cost", "must be a number stat"),
    ('weakness = { stat = "weakness"', 'weakness = { stat = "hp"', "battle.weakness.stat", "text or list stat"),
    ('retreat = { stat = "retreat"', 'retreat = { stat = "retreats"', "play.retreat.stat", "unknown stat"),
    ('type = "supporter"', 'type = "supporters"', "play.limits[0].type", "unknown card type 'supporters'"),
])
def test_energy_forms_that_do_not_fit_are_refused_in_one_line(cli: Cli, tmp_path: Path, old: str, new: str,
                                                              where: str, words: str) -> None:
    profile, _ = _copy(tmp_path)
    text = profile.read_text(encoding="utf-8")
    assert old in text
    profile.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out, err = cli("validate", str(profile.parent.parent.parent))
    assert code == 1 and "Traceback" not in out + err
    line = next(line for line in out.splitlines() if where in line)
    assert str(profile) in line and words in line, out


@pytest.mark.parametrize("players", [("random", "random"), ("greedy", "greedy")])
def test_whole_matches_keep_the_energy_rules(catalog: Catalog, players: tuple[str, str]) -> None:
    """Mirror and cross matches of the two sample decks, the invariants checked after every action: at most one
    energy attached and one retreat and one supporter a turn (none in the first player's first turn), no more
    than six Pokémon in play, no evolution card played as a Pokémon of its own, no Pokémon evolving twice in a
    turn, an attack only with its energy attached — and attacks, retreats, evolutions and knock-outs do happen."""
    from amalogs.referee.sessions.runner import resolve_side
    from amalogs.referee.sessions.saves import Session

    decks = [f"{GAME}:fire-lightning-rush", f"{GAME}:water-grass-evolution"]
    cards = catalog.cards(GAME)
    seen: Counter[str] = Counter()
    for seed in range(1, 11):  # (greedy players retreat in a few seeds only: seed 10 among these)
        sides = [resolve_side(catalog, decks[seed % 2]), resolve_side(catalog, decks[(seed // 2) % 2])]
        session = Session(catalog, sides, seed, players, check=True)
        game = session.match.state.games[0]
        while not session.finished:
            state = session.match.state
            if state.phase == "attack" and state.decider == state.active:  # an attack now must be paid for
                for action in session.match.legal_actions():
                    if action.verb == "attack":
                        uid = int(action.args[0])
                        assert game.can_attack_with(state, state.seats[state.active], uid)
            session.step()
            for seat in session.match.state.seats:
                assert len(game.characters(session.match.state, session.match.state.seats.index(seat))) <= 6
        events = session.match.state.events
        per_turn: Counter[tuple[int, int, str]] = Counter()
        evolved: Counter[tuple[int, int]] = Counter()
        for e in events:
            kind = e["type"]
            seen[kind] += 1
            if kind in ("attach", "retreat"):
                per_turn[(e["turn"], e["seat"], kind)] += 1
            if kind == "play" and not e["free"]:
                card = cards[session.match.state.cards[e["card"]].card_id]
                assert not card.stats.get("evolves-from"), e  # an evolution card only evolves
                if card.type == "supporter":
                    per_turn[(e["turn"], e["seat"], "supporter")] += 1
                    assert e["turn"] != 1, e  # the first player's first turn
            if kind == "evolve":
                evolved[(e["turn"], e["card"])] += 1
                assert (e["turn"], e["base"]) not in evolved, e  # the base did not evolve this turn
        assert max(per_turn.values(), default=0) <= 1, per_turn.most_common(3)
    for kind in ("attach", "attack", "evolve", "prize-taken", "leader"):
        assert seen[kind], (kind, seen)
    if players == ("greedy", "greedy"):
        assert seen["retreat"], seen
