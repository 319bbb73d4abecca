"""Ruling native effects by hand at the web table: the effect's controller sees the card's words and a menu, the
other seat confirms or rejects, every page tells how it stands, and the save keeps it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason='the web extra is not installed (pip install "amalogs[web]")')
pytest.importorskip("httpx", reason="httpx (the ASGI test client's transport) is not installed")

from amalogs.catalog import Catalog  # noqa: E402
from amalogs.web.app import create_app  # noqa: E402
from amalogs.web.tables import SAVE_FILE  # noqa: E402

from .test_web import TestClient, _choices, _create, _table  # noqa: E402  (imported there without the warning)

VG, ZX = "VG:kagero-blaze", "ZX:blue-machine-control"


@pytest.fixture
def client(tmp_path: Path, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "data", catalog)) as test_client:
        yield test_client


def _to_a_ruling(client: TestClient) -> dict[str, Any]:
    """A match of two people played at random through the pages until a native effect is to be ruled."""
    for seed in range(1, 12):
        made = _create(client, seed=seed, decks=(VG, ZX))
        table, rng = _table(client, made["id"]), random.Random(seed)
        for _ in range(400):
            me = table.to_move()
            if me is None:
                break
            if table.session.match.state.phase == "ruling":
                return made
            page = client.get(made[f"seat{me + 1}"]).text
            assert client.post(made[f"seat{me + 1}"], json={"action": rng.choice(_choices(page))}).status_code == 200
    raise AssertionError("no seed met a native effect")


def test_a_native_effect_is_ruled_at_the_table_and_confirmed_by_the_other_seat(client: TestClient) -> None:
    made = _to_a_ruling(client)
    table = _table(client, made["id"])
    state = table.session.match.state
    me = state.decider
    assert me is not None and table.session.rulings  # on by default: people play
    other = f"seat{2 - me}"
    text = state.stack[-1].effect.text
    page = client.get(made[f"seat{me + 1}"]).text
    assert "rule draw" in _choices(page) and "rule skip" in _choices(page)
    assert "the card says:" in page and json.dumps(text)[1:20] in json.dumps(page)
    assert client.post(made[other], json={"action": "confirm"}).status_code == 409  # not its decision yet
    assert client.post(made[f"seat{me + 1}"], json={"action": "rule draw"}).status_code == 200
    seen = client.get(made[other]).text
    assert _choices(seen) == ["confirm", "reject"] and "proposed ruling: draw" in seen
    assert client.post(made[other], json={"action": "confirm"}).status_code == 200
    watch = client.get(made["watch"]).text
    assert "ruled: draw, confirmed by P" in watch
    saved = json.loads((table.folder / SAVE_FILE).read_text(encoding="utf-8"))
    assert saved["rulings"] is True and "rule draw" in saved["actions"] and "confirm" in saved["actions"]


def test_matches_of_ai_seats_do_not_rule_by_hand_unless_asked(client: TestClient) -> None:
    ai = _create(client, seats=("random", "random"), decks=(VG, ZX))
    assert not _table(client, ai["id"]).session.rulings
    answer = client.post("/api/matches", json={"deck1": VG, "deck2": ZX, "seat1": "person", "seat2": "person",
                                               "rulings": "off"})
    assert answer.status_code == 201 and not _table(client, answer.json()["id"]).session.rulings
    lobby = client.get("/").text
    assert 'name="rulings"' in lobby


def test_a_long_pasted_japanese_list_gets_the_list_limit_not_a_refused_request(client: TestClient) -> None:
    """The request limit leaves room for two pasted lists at their own limit in Japanese (3 bytes a character in
    UTF-8, 6 in a JSON escape): a list over its limit is refused by that limit, naming it."""
    from amalogs.web.decks import PASTED_LIMIT

    long = "# game: ビルディバイド\n" + "4 火花の小鬼\n" * (PASTED_LIMIT // 6)  # over the limit in characters
    answer = client.post("/api/matches", json={"deck1": "BD:red-aggro", "deck2": "GH:tidelight-guardians",
                                               "decklist1": long, "decklist2": long[:20000]})
    assert answer.status_code == 400, answer.text
    assert f"characters, at most {PASTED_LIMIT:,}" in answer.json()["message"]
