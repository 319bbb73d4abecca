"""The Python facade (``import amalogs``): lazy to import, names as users type them, one-line errors, and the
same answers as the code the command line runs; its documented example runs."""

from __future__ import annotations

import doctest
import json
import pkgutil
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import amalogs
import amalogs.api
from amalogs.catalog import Catalog, DataErrors
from amalogs.errors import AmalogsError, UnknownCardError, UnknownGameError

from .conftest import USER_ROOT

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "api_example.py"
FACADE = [n for n in amalogs.__all__ if n != "__version__"]


# --- the package: lazy, listed, typed ---------------------------------------------------------------------------


def _modules_after(code: str) -> dict[str, Any]:
    probe = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], check=False, cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return {"modules": json.loads(done.stdout.splitlines()[-1]), "out": done.stdout}


def test_import_amalogs_loads_neither_the_facade_nor_the_models() -> None:
    loaded = _modules_after("import amalogs\nprint(amalogs.__version__)")
    modules = loaded["modules"]
    assert "amalogs" in modules
    assert "amalogs.models" not in modules and "amalogs.api" not in modules and "amalogs.catalog" not in modules
    assert not any(m == "pydantic" or m.startswith("pydantic.") for m in modules)
    assert loaded["out"].splitlines()[0] == amalogs.__version__


def test_the_first_facade_name_used_imports_the_facade() -> None:
    modules = _modules_after("import amalogs\namalogs.game")["modules"]
    assert "amalogs.api" in modules


def test_dir_and_all_list_the_facade_before_it_is_imported() -> None:
    probe = "import amalogs, sys; print(sorted(dir(amalogs))); print('amalogs.api' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], check=False, cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    listed, imported = out.stdout.splitlines()
    for name in FACADE:
        assert repr(name) in listed
    assert imported == "False"
    assert amalogs.__all__[0] == "__version__" and len(FACADE) >= 10


def test_every_facade_name_is_the_api_s_and_exists() -> None:
    assert sorted(FACADE) == sorted(amalogs.api.__all__)
    for name in FACADE:
        assert getattr(amalogs, name) is getattr(amalogs.api, name)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        amalogs.nothing_here  # noqa: B018


def test_no_facade_name_is_a_submodule_s() -> None:
    """``import amalogs.compare`` sets ``amalogs.compare`` to the package: a facade name equal to a submodule's
    would be replaced by it."""
    submodules = {m.name for m in pkgutil.iter_modules(amalogs.__path__)}
    assert "compare" in submodules and not submodules & set(FACADE)


def test_the_api_docstring_examples_hold() -> None:
    result = doctest.testmod(amalogs.api, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 12 and result.failed == 0


def test_the_api_document_describes_every_facade_name() -> None:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for name in FACADE:
        assert f"`{name}" in text or f"amalogs.{name}" in text, name
    for name in FACADE:
        if callable(getattr(amalogs.api, name)) and name[0].islower():
            assert f"### `{name}(" in text, name


# --- the data ---------------------------------------------------------------------------------------------------


def test_load_gives_the_shipped_games_and_adds_a_user_root(catalog: Catalog) -> None:
    shipped = amalogs.load()
    assert list(shipped.games) == list(catalog.games)
    assert "build-divide" in shipped.games and "battle-spirits" not in shipped.games
    mine = amalogs.load(USER_ROOT)
    assert "battle-spirits" in mine.games and set(shipped.games) < set(mine.games)
    assert amalogs.game("BS", catalog=mine).id == "battle-spirits"
    assert list(amalogs.load([str(USER_ROOT)]).games) == list(mine.games)


def test_game_takes_id_abbreviation_and_name() -> None:
    ids = {amalogs.game(name).id for name in ("BD", "build-divide", "ビルディバイド", "ｂｄ", "Build Divide")}
    assert ids == {"build-divide"}
    gh = amalogs.game("GH")
    assert amalogs.game(gh) is gh


def test_card_and_decks() -> None:
    imp = amalogs.card("BD:spark-imp")
    assert imp.id == "spark-imp" and imp.type == "unit"
    assert amalogs.card(f"build-divide:{imp.name}").id == "spark-imp"  # by the printed name too
    bd = amalogs.decks("BD")
    assert bd == sorted(bd) and "build-divide:red-aggro" in bd and all(d.startswith("build-divide:") for d in bd)
    everything = amalogs.decks()
    cat = amalogs.load()
    assert len(everything) == sum(len(cat.decks(g)) for g in cat.games) and set(bd) < set(everything)


# --- appraisal, conversion, comparison ----------------------------------------------------------------------


def test_appraise_we_agrees_with_every_published_page() -> None:
    for g in amalogs.load().games.values():
        appraisal = amalogs.appraise_we(g.id)
        assert appraisal.game == g.id and appraisal.we == g.page.we.we and appraisal.range == 5 - appraisal.we
        assert appraisal.reasons
    assert amalogs.appraise_we("MTG").we == 2


def test_convert_card_gives_the_target_card_with_its_fidelity_rows() -> None:
    from amalogs.convert import Fidelity

    conv = amalogs.convert_card("BD:spark-imp", to="SGK")
    assert conv.target_game == "sengoku-taisen"
    assert conv.card.type in {t.id for t in amalogs.game("SGK").profile.card_types} and conv.card.type == "bushou"
    fields = [f.field for f in conv.fields]
    assert fields[:2] == ["name", "type"] and len(fields) == len(set(fields))
    assert all(isinstance(f.fidelity, Fidelity) and f.reason for f in conv.fields)
    assert [f.field for f in conv.lost] == [f.field for f in conv.fields if f.fidelity is Fidelity.DROPPED]
    again = amalogs.convert_card(amalogs.card("BD:spark-imp"), to="sengoku-taisen", source="ビルディバイド")
    assert again.card == conv.card and again.fields == conv.fields


def test_convert_card_checks_a_hand_made_card_against_its_game() -> None:
    imp = amalogs.card("BD:spark-imp")
    with pytest.raises(AmalogsError) as caught:
        amalogs.convert_card(imp.model_copy(update={"type": "nonsense"}), to="GH", source="BD")
    assert str(caught.value).startswith("card 'spark-imp' of build-divide: cards[0].type: unknown card type")
    with pytest.raises(AmalogsError, match="needs source="):
        amalogs.convert_card(imp, to="GH")
    with pytest.raises(AmalogsError, match="source= is for a Card object"):
        amalogs.convert_card("BD:spark-imp", to="GH", source="BD")


def test_convert_deck_by_name_and_from_its_written_file(tmp_path: Path) -> None:
    from amalogs.writer import write_model

    result = amalogs.convert_deck("BD:red-aggro", to="BJ")
    assert result.deck.game == "break-joker" and not result.unmet
    source = amalogs.load().decks("build-divide")["red-aggro"][0]
    parts = [source.main, *source.side.values(), *source.extra.values()]
    every = {card_id for part in parts for card_id in part}
    assert set(result.conversions) <= every
    cards = amalogs.load().cards("build-divide")
    for card_id in every - set(result.conversions):  # a family BJ lacks (commands, a territory): left out, said so
        assert any(a.startswith("left out") and cards[card_id].name in a for a in result.actions), card_id
    path = tmp_path / "red-aggro-bj.toml"
    write_model(path, result.deck, overwrite=False)
    back = amalogs.convert_deck(path, to="BJ")  # a deck file, into its own game
    assert back.deck.game == "break-joker" and sum(back.deck.main.values()) == sum(result.deck.main.values())


def test_similarity_is_symmetric_and_its_parts_add_up() -> None:
    ab, ba = amalogs.similarity("BD", "SGK"), amalogs.similarity("SGK", "BD")
    assert (ab.a, ab.b) == ("build-divide", "sengoku-taisen")
    assert ab.distances == ba.distances and 0 < ab.similarity < 1
    assert sum(ab.parts.values()) == pytest.approx(ab.distance) == pytest.approx(1 - ab.similarity)
    assert amalogs.similarity("GH", "guild-heroes").similarity == pytest.approx(1.0)


def test_similarity_matrix_records_every_ordered_pair() -> None:
    records = amalogs.similarity_matrix(["BD", "GH", "SGK"])
    assert len(records) == 9
    from amalogs.compare.similarity import MEASURE_WEIGHTS

    assert set(records[0]) == {"a", "b", "similarity", "distance", *MEASURE_WEIGHTS}
    assert {"concepts", "turn", "hand", "resources", "life", "attacks", "systems", "we"} <= set(records[0])
    pairs = {(r["a"], r["b"]): r for r in records}
    assert pairs["build-divide", "build-divide"]["similarity"] == pytest.approx(1.0)
    expected = amalogs.similarity("BD", "SGK").similarity
    assert pairs["build-divide", "sengoku-taisen"]["similarity"] == pytest.approx(expected)
    assert len(amalogs.similarity_matrix()) == len(amalogs.load().games) ** 2


# --- the referee ----------------------------------------------------------------------------------------------


def test_play_is_seeded_and_its_record_is_play_many_s() -> None:
    m = amalogs.play("BD:red-aggro", "GH:tidelight-guardians", seed=4)
    assert m.decks == ("build-divide:red-aggro", "guild-heroes:tidelight-guardians")
    assert m.games == ("build-divide", "guild-heroes") and m.players == ("random", "random")
    assert m.winner in (1, 2) and m.winner_deck == m.decks[m.winner - 1] and m.first in (1, 2)
    assert m.turns > 0 and m.decisions > 0 and m.reason and m.events[0]["type"] == "start"
    again = amalogs.play("BD:red-aggro", "GH:tidelight-guardians", seed=4)
    assert again == m
    assert m.record() == amalogs.play_many("BD:red-aggro", "GH:tidelight-guardians", n=1, seed=4)[0]
    others = {amalogs.play("BD", "GH", seed=s).events[-1]["seq"] for s in range(1, 6)}
    assert len(others) > 1  # the seed matters


def test_play_takes_players_per_seat_and_a_turn_cap() -> None:
    m = amalogs.play("BD", "BD:red-aggro", seed=2, players="greedy,random", turn_cap=1)
    assert m.players == ("greedy", "random") and m.decks[0] == "build-divide:black-eclipse"
    assert m.winner is None and m.winner_deck is None and m.turns <= 1 and m.record()["winner"] is None


def test_play_many_gives_row_records_in_seed_order(tmp_path: Path) -> None:
    from amalogs.referee import ROW_FIELDS

    records = amalogs.play_many("BD:red-aggro", "GH", n=12, seed=5, players=("greedy", "random"))
    assert len(records) == 12 and all(list(r) == list(ROW_FIELDS) for r in records)
    assert [r["seed"] for r in records] == list(range(5, 17))
    assert {(r["player1"], r["player2"]) for r in records} == {("greedy", "random")}
    assert {r["deck2"] for r in records} == {"guild-heroes:crimson-gale-adventurers"}
    assert all(r["winner"] in (1, 2, None) for r in records)
    assert amalogs.play_many("BD:red-aggro", "GH", n=12, seed=5, players=("greedy", "random"), jobs=2) == records
    rows = tmp_path / "rows.jsonl"
    assert amalogs.play_many("BD:red-aggro", "GH", n=3, rows=rows) == amalogs.play_many("BD:red-aggro", "GH", n=3)
    assert [json.loads(line) for line in rows.read_text(encoding="utf-8").splitlines()] == \
        amalogs.play_many("BD:red-aggro", "GH", n=3)


def test_tournament_plays_both_seatings_of_every_pairing() -> None:
    decks = ["BD:red-aggro", "GH:tidelight-guardians", "SGK:takamori-kurenai"]
    records = amalogs.tournament(decks, n=2)
    assert len(records) == 3 * 2 * 2
    assert {(r["deck1"], r["deck2"]) for r in records} == {
        ("build-divide:red-aggro", "guild-heroes:tidelight-guardians"),
        ("guild-heroes:tidelight-guardians", "build-divide:red-aggro"),
        ("build-divide:red-aggro", "sengoku-taisen:takamori-kurenai"),
        ("sengoku-taisen:takamori-kurenai", "build-divide:red-aggro"),
        ("guild-heroes:tidelight-guardians", "sengoku-taisen:takamori-kurenai"),
        ("sengoku-taisen:takamori-kurenai", "guild-heroes:tidelight-guardians"),
    }
    two = amalogs.tournament(decks[:2], n=1, players=["random", ("greedy", "random")])
    assert [(r["player1"], r["player2"]) for r in two] == [("random", "random")] * 2 + [("greedy", "random")] * 2


# --- bad input: one line naming what is wrong -----------------------------------------------------------------

BAD: list[tuple[str, Callable[[], object], type[AmalogsError], str]] = [
    ("unknown game", lambda: amalogs.game("guild"), UnknownGameError, "did you mean 'guild-heroes'"),
    ("a game that is not text", lambda: amalogs.game(3),  # type: ignore[arg-type]
     AmalogsError, "game: expected a name (text), got int"),
    ("unknown card", lambda: amalogs.card("BD:spark-imq"), UnknownCardError, "did you mean 'spark-imp'"),
    ("a card without its game", lambda: amalogs.card("spark-imp"), AmalogsError, "expected GAME:CARD"),
    ("unknown deck", lambda: amalogs.play("BD:nope", "GH"), AmalogsError, "no sample deck 'nope'"),
    ("a missing deck file", lambda: amalogs.convert_deck("no-such-deck.toml", to="GH"), DataErrors, "cannot read"),
    ("unknown target", lambda: amalogs.convert_card("BD:spark-imp", to="XX"), UnknownGameError, "unknown game 'XX'"),
    ("unknown player", lambda: amalogs.play("BD", "GH", players="smart"), AmalogsError, "unknown player 'smart'"),
    ("a human player", lambda: amalogs.play_many("BD", "GH", n=2, players=("human", "random")), AmalogsError,
     "a human plays at the terminal"),
    ("three players", lambda: amalogs.play("BD", "GH", players=("random",) * 3), AmalogsError,  # type: ignore[arg-type]
     "players: expected one player"),
    ("no matches", lambda: amalogs.play_many("BD", "GH", n=0), AmalogsError, "n must be at least 1, got 0"),
    ("no processes", lambda: amalogs.play_many("BD", "GH", n=2, jobs=0), AmalogsError, "jobs must be at least 1"),
    ("a seed that is not a number", lambda: amalogs.play("BD", "GH", seed="4"), AmalogsError,  # type: ignore[arg-type]
     "seed: expected a whole number"),
    ("one deck", lambda: amalogs.tournament(["BD:red-aggro"]), AmalogsError, "at least two decks"),
    ("decks as one text", lambda: amalogs.tournament("BD"), AmalogsError, "expected a list of decks"),
    ("a setting twice", lambda: amalogs.tournament(["BD", "GH"], players=["random", "random"]), AmalogsError,
     "give each setting once"),
    ("games as one text", lambda: amalogs.similarity_matrix("BD"), AmalogsError, "expected a list of games"),
    ("a folder that is no data", lambda: amalogs.load(ROOT / "docs"), DataErrors, "not a data folder"),
    ("a root that is no folder", lambda: amalogs.load(3),  # type: ignore[arg-type]
     AmalogsError, "data_root: expected a folder"),
    ("not a catalog", lambda: amalogs.game("BD", catalog={}),  # type: ignore[arg-type]
     AmalogsError, "catalog: expected"),
]


@pytest.mark.parametrize(("call", "error", "says"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input_raises_one_line(call: Callable[[], object], error: type[AmalogsError], says: str) -> None:
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert says in message and "\n" not in message and len(message) < 400


# --- the example ------------------------------------------------------------------------------------------------


def test_the_example_uses_only_the_facade_and_no_pandas() -> None:
    code = [line for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#")]
    imports = [line.strip() for line in code if re.match(r"\s*(import|from)\s", line)]
    assert imports == ["import amalogs"]
    assert not re.search(r"amalogs\.(api|catalog|convert|compare|referee|models|ontology)\b", "\n".join(code))
    assert sum(line.startswith("# %%") for line in EXAMPLE.read_text(encoding="utf-8").splitlines()) >= 8


def test_the_example_runs_and_prints_what_it_promises() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE)], check=False, cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "game: build-divide" in out and "card: spark-imp" in out
    assert "WE appraisal of sengoku-taisen: WE3, レンジ 2" in out
    assert "converted into sengoku-taisen: spark-imp" in out and re.search(r"keywords\s+dropped", out)
    assert "converted deck:" in out and "(break-joker)" in out
    assert re.search(r"similarity BD-SGK: 0\.\d{3}", out) and "nearest game to BD:" in out
    assert re.search(r"match: winner seat [12] ", out)
    assert "records: 200; the first: {'version': 1, 'seed': 1," in out
    wins = re.search(r"seat 1 won (\d+), seat 2 won (\d+), draws (\d+)", out)
    assert wins is not None and sum(map(int, wins.groups())) == 200
    assert "tournament: 30 matches" in out
