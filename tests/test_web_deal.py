"""The secret, provable deal at the web table (issue 31): a match created without a seed keeps its seed and salt
off every public route while it is played, publishes the commitment from the start, and reveals the seed and the
salt at the end; ``amalogs replay`` of the downloaded log says the commitment holds, and refuses the log once its
seed is changed."""

from __future__ import annotations

import hashlib
import html
import json
import random
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason='the web extra is not installed (pip install "amalogs[web]")')
pytest.importorskip("httpx", reason="httpx (the ASGI test client's transport) is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from amalogs.catalog import Catalog
from amalogs.web.app import create_app

from .conftest import Cli

BD, GH = "BD:red-aggro", "GH:tidelight-guardians"
ACTION = re.compile(r'name="action" value="([^"]*)"')


@pytest.fixture
def client(tmp_path: Path, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "data", catalog)) as test_client:
        yield test_client


def _public_pages(client: TestClient, made: dict[str, Any]) -> dict[str, str]:
    """Every route anyone may open without a seat's or the organiser's token, and the seats' own pages."""
    match_id = made["id"]
    pages = {route: client.get(route).text for route in (
        "/", f"/api/matches/{match_id}", f"/m/{match_id}/watch", f"/m/{match_id}/watch/view", "/replay",
        f"/replay/match-{match_id}", f"/replay/match-{match_id}/view", f"/m/{match_id}/log")}
    with client.stream("GET", f"/m/{match_id}/watch/stream") as stream:  # its first message: the table now
        for line in stream.iter_lines():
            if line.startswith("data:"):
                pages["stream"] = line
                break
    for seat in ("seat1", "seat2"):
        pages[seat] = client.get(made[seat]).text + client.get(made[seat] + "/view").text
    return pages


def _play(client: TestClient, made: dict[str, Any], rng: random.Random, moves: int) -> bool:
    """Two people play ``moves`` random legal choices through their pages; True once the match is over."""
    for _ in range(moves):
        summary = client.get(f"/api/matches/{made['id']}").json()
        if summary["finished"]:
            return True
        seat = made[f"seat{summary['to_move'] + 1}"]
        choices = [html.unescape(v) for v in ACTION.findall(client.get(seat).text)]
        assert client.post(seat, json={"action": rng.choice(choices)}).status_code == 200
    return bool(client.get(f"/api/matches/{made['id']}").json()["finished"])


def test_a_secret_deal_stays_secret_until_the_end_and_then_proves_itself(client: TestClient, catalog: Catalog,
                                                                         tmp_path: Path, cli: Cli) -> None:
    made = client.post("/api/matches", json={"deck1": BD, "deck2": GH, "seat1": "person", "seat2": "person",
                                             "turn_cap": 6}).json()
    for key in ("seat1", "seat2", "watch", "organiser"):
        made[key] = made[key].removeprefix("http://testserver")
    deal = made["deal"]
    assert deal["chosen_by"] == "server" and deal["seed"] is None and deal["salt"] is None
    table = client.app.state.store.get(made["id"])  # type: ignore[attr-defined]
    seed, salt = str(table.session.seed), table.session.deal.salt
    assert hashlib.sha256(f"amalogs-deal:{seed}:{salt}".encode()).hexdigest() == deal["commitment"]
    rng = random.Random(5)
    checked = 0
    while True:
        pages = _public_pages(client, made)
        for route, text in pages.items():
            assert seed not in text and salt not in text, f"{route} shows the secret deal while the match is played"
        assert deal["commitment"] in pages[f"/m/{made['id']}/watch"]
        assert deal["commitment"] in pages[f"/api/matches/{made['id']}"]
        assert client.get(f"/m/{made['id']}/log").status_code == 409  # the log holds the seed: not yet
        checked += 1
        if _play(client, made, rng, 15):
            break
    assert checked >= 2
    summary = client.get(f"/api/matches/{made['id']}").json()
    assert summary["deal"] == {**deal, "seed": int(seed), "salt": salt}
    watch = client.get(f"/m/{made['id']}/watch").text
    assert seed in watch and salt in watch and f'href="/m/{made["id"]}/log"' in watch
    answer = client.get(f"/m/{made['id']}/log")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    log = tmp_path / "match.jsonl"
    log.write_bytes(answer.content)
    code, out, err = cli("replay", str(log))
    assert code == 0, err
    assert "events replayed identically" in out and "the deal's commitment holds" in out
    assert "secure random source" in out
    lines = log.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    assert head["seed"] == int(seed) and head["deal"]["salt"] == salt and head["players"] == ["human", "human"]
    replay_page = client.get(f"/replay/match-{made['id']}").text
    assert "the deal&#x27;s commitment holds" in replay_page or "the deal's commitment holds" in replay_page

    head["seed"] = int(seed) + 1  # a changed seed: refused (the seal, and the commitment behind it)
    (tmp_path / "changed.jsonl").write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    code, out, err = cli("replay", str(tmp_path / "changed.jsonl"))
    assert code == 1 and "header.seed: edited" in err and len(err.strip().splitlines()) == 1
    seal = json.loads(lines[-1])  # … and with the seal rewritten to match, the commitment still refuses it
    from amalogs.referee.sessions.runner import LogHeader
    from amalogs.referee.sessions.seal import seal_of

    seal["header"] = seal_of(LogHeader.model_validate_json(json.dumps(head)).model_dump(mode="json"))
    (tmp_path / "forged.jsonl").write_text("\n".join([json.dumps(head), *lines[1:-1], json.dumps(seal)]) + "\n",
                                           encoding="utf-8")
    code, out, err = cli("replay", str(tmp_path / "forged.jsonl"))
    assert code == 1 and "the deal's commitment does not hold" in err


def test_a_seed_given_by_the_creator_says_the_creator_knows_the_deal(client: TestClient) -> None:
    made = client.post("/api/matches", json={"deck1": BD, "deck2": GH, "seat1": "person", "seat2": "greedy",
                                             "seed": 12}).json()
    assert made["deal"]["chosen_by"] == "creator"
    watch = client.get(made["watch"].removeprefix("http://testserver")).text
    assert "given by the match&#x27;s creator" in watch or "given by the match's creator" in watch
    assert client.get(f"/api/matches/{made['id']}").json()["deal"]["seed"] is None  # still not published


def test_the_ai_seats_randomness_follows_the_secret_seed(client: TestClient) -> None:
    # two AI-only matches created without a seed deal differently (their seeds are drawn, not fixed)
    first = client.post("/api/matches", json={"deck1": BD, "deck2": GH, "seat1": "random", "seat2": "random"}).json()
    second = client.post("/api/matches", json={"deck1": BD, "deck2": GH, "seat1": "random", "seat2": "random"}).json()
    store = client.app.state.store  # type: ignore[attr-defined]
    seeds = {store.get(m["id"]).session.seed for m in (first, second)}
    assert len(seeds) == 2 and all(0 <= s < 2**64 for s in seeds)
    assert first["deal"]["commitment"] != second["deal"]["commitment"]
