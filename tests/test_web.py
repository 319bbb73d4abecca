"""The exhibition table in a browser (`amalogs serve`, issue 17): HTTP-level tests with the ASGI test client, then a
real server driven by Playwright through Debian's chromium (skipped, with the reason, where either is missing)."""

from __future__ import annotations

import html
import json
import random
import re
import time
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason='the web extra is not installed (pip install "amalogs[web]")')
pytest.importorskip("httpx", reason="httpx (the ASGI test client's transport) is not installed")

with warnings.catch_warnings():  # starlette 1.x prefers the httpx2 fork; httpx still works, and is what CI has
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from amalogs.catalog import Catalog
from amalogs.web.app import create_app
from amalogs.web.tables import Table
from amalogs.web.views import public_observation, table_fragment

BD, GH = "BD:red-aggro", "GH:tidelight-guardians"
CHROMIUM = Path("/usr/bin/chromium")
ACTION = re.compile(r'name="action" value="([^"]*)"')
PRIVATE_EVENTS = {"peek", "searched"}  # a card only the acting seat knows (and a fort taken into the hand)
CARD_KEYS = ("card", "attacker", "target", "blocker", "defender", "base", "discarded")


@pytest.fixture
def client(tmp_path: Path, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "data", catalog)) as test_client:
        yield test_client


def _create(client: TestClient, seats: tuple[str, str] = ("person", "person"), seed: int = 3,
            decks: tuple[str, str] = (BD, GH)) -> dict[str, Any]:
    answer = client.post("/api/matches", json={"deck1": decks[0], "deck2": decks[1], "seat1": seats[0],
                                               "seat2": seats[1], "seed": seed})
    assert answer.status_code == 201, answer.text
    found: dict[str, Any] = answer.json()
    for key in ("seat1", "seat2", "watch"):
        if key in found:
            found[key] = found[key].removeprefix("http://testserver")
    return found


def _table(client: TestClient, match_id: str) -> Table:
    table = client.app.state.store.get(match_id)  # type: ignore[attr-defined]
    assert table is not None
    return table


def _wait(client: TestClient, match_id: str, until: Any, timeout: float = 60.0) -> dict[str, Any]:
    """Poll the match's public summary until ``until(summary)``."""
    deadline = time.monotonic() + timeout
    while True:
        summary: dict[str, Any] = client.get(f"/api/matches/{match_id}").json()
        if until(summary):
            return summary
        assert time.monotonic() < deadline, f"timed out waiting: {summary}"
        time.sleep(0.01)


def _choices(page: str) -> list[str]:
    return [html.unescape(v) for v in ACTION.findall(page)]


# --- the lobby and creating a match -------------------------------------------------------------------------------


def test_the_lobby_is_utf8_with_a_viewport_and_lists_every_game_by_name(client: TestClient, catalog: Catalog) -> None:
    answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    page = answer.content.decode("utf-8")
    assert '<meta charset="utf-8">' in page and 'name="viewport"' in page
    for game in catalog.games.values():
        assert html.escape(game.profile.name) in page
    assert 'value="build-divide:red-aggro"' in page and 'value="guild-heroes:tidelight-guardians"' in page
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert answer.headers["referrer-policy"] == "no-referrer"


def test_the_japanese_font_and_the_style_sheet_are_served(client: TestClient) -> None:
    font = client.get("/static/ipaexg.ttf")
    assert font.status_code == 200 and font.headers["content-type"] == "font/ttf" and len(font.content) > 1_000_000
    css = client.get("/static/table.css").text
    assert "@font-face" in css and "IPAexGothic" in css and "@media" in css
    assert client.get("/static/table.js").status_code == 200


def test_creating_a_match_gives_a_secret_link_per_person_and_a_watch_link(client: TestClient, tmp_path: Path) -> None:
    page = client.post("/matches", data={"deck1": BD, "deck2": GH, "seat1": "person", "seat2": "greedy", "seed": "5"})
    assert page.status_code == 200
    links = re.findall(r'href="(http://testserver/m/[^"]+)"', page.text)
    seat_links = [u for u in links if "/seat/" in u]
    assert len(seat_links) == 1 and any(u.endswith("/watch") for u in links)
    token = seat_links[0].rpartition("/")[2]
    assert len(token) >= 32  # secrets.token_urlsafe(24)
    match_id = seat_links[0].split("/")[4]
    assert client.get(seat_links[0].removeprefix("http://testserver")).status_code == 200
    watch = client.get(f"/m/{match_id}/watch").text
    assert token not in watch and token not in client.get("/").text
    assert token not in client.get(f"/api/matches/{match_id}").text
    stored = tmp_path / "data" / match_id
    assert json.loads((stored / "match.amalogs-save.json").read_text(encoding="utf-8"))["type"] == "amalogs-save"
    assert (stored / "table.json").stat().st_mode & 0o077 == 0  # the tokens: the owner's eyes only


def test_each_seat_link_and_the_watch_link_has_its_qr_code(client: TestClient) -> None:
    import segno

    page = client.post("/matches", data={"deck1": BD, "deck2": GH, "seat1": "person", "seat2": "person"}).text
    links = re.findall(r'<a class="(?:seat|watch)-link" href="([^"]+)"', page)
    codes = re.findall(r'<svg [^>]*class="qr".*?</svg>', page)
    assert len(links) == 3 and len(codes) == 3
    for url, code in zip(links, codes, strict=True):  # each code draws its own link (segno's matrix of that URL)
        drawn = segno.make(html.unescape(url), error="m").svg_inline(scale=4, border=4, dark="#111", light="#fff",
                                                                      svgclass="qr", lineclass=None, title="x")
        assert re.sub(r"<title>.*?</title>", "", code) == re.sub(r"<title>.*?</title>", "", drawn)
        assert "style=" not in code and "<script" not in code  # nothing the page's CSP would block


def test_links_given_out_on_the_network_use_the_lan_address(tmp_path: Path, catalog: Catalog) -> None:
    app = create_app(tmp_path / "data", catalog, public_url="http://192.168.1.23:8000/")
    with TestClient(app, base_url="http://localhost:8000") as local:
        made = local.post("/api/matches", json={"deck1": BD, "deck2": GH}).json()
    assert made["seat1"].startswith("http://192.168.1.23:8000/m/") and made["watch"].startswith("http://192.168.1.23")


def test_a_bad_match_request_is_refused_in_one_line(client: TestClient) -> None:
    answer = client.post("/api/matches", json={"deck1": "BD:no-such-deck", "deck2": GH})
    assert answer.status_code == 400 and "no-such-deck" in answer.json()["message"]
    answer = client.post("/api/matches", json={"deck1": BD, "deck2": GH, "seat1": "cheater"})
    assert answer.status_code == 400 and "cheater" in answer.json()["message"]
    answer = client.post("/api/matches", json={"deck1": "/etc/passwd.toml", "deck2": GH})
    assert answer.status_code == 400


# --- hidden information ------------------------------------------------------------------------------------------


def _names(cards: dict[Any, Any]) -> set[str]:
    return {str(c["name"]) for c in cards.values() if isinstance(c, dict)}


class Seen:
    """The card names each viewer (seat 0, seat 1, None for spectators) has had a right to see so far: every
    card in its observations, and the cards public events named."""

    def __init__(self) -> None:
        self.names: dict[int | None, set[str]] = {0: set(), 1: set(), None: set()}
        self.events = 0

    def update(self, table: Table) -> None:
        match = table.session.match
        for viewer in (0, 1):
            self.names[viewer] |= _names(match.observation(viewer)["cards"])
        self.names[None] |= _names(public_observation(match)["cards"])
        cards = match.state.cards
        for event in match.state.events[self.events:]:
            private = event["type"] in PRIVATE_EVENTS or (event["type"] == "fort-broken" and event.get("to") == "hand")
            named = {cards[event[k]].name for k in CARD_KEYS if isinstance(event.get(k), int)
                     and 0 <= event[k] < len(cards)}
            for viewer in self.names:
                if not private or viewer == event.get("seat"):
                    self.names[viewer] |= named
        self.events = len(match.state.events)

    def check(self, client: TestClient, table: Table, pages: dict[int | None, str]) -> int:
        """No page shows a card its viewer has never had a right to see; returns how many names were checked."""
        checked = 0
        for viewer, path in pages.items():
            text = client.get(path).text + client.get(path + "/view").json()["html"]
            for name in sorted(self.names[viewer], key=len, reverse=True):  # (光のマナ is inside 潮光のマナ)
                text = text.replace(html.escape(name), "")
            secret = {c.name for c in table.session.match.state.cards if c.owner != viewer} - self.names[viewer]
            for name in secret:
                assert html.escape(name) not in text, f"{name!r} leaks to {'spectators' if viewer is None else viewer}"
            checked += len(secret)
        return checked


def test_no_page_shows_a_card_its_viewer_may_not_see_through_a_whole_match(client: TestClient) -> None:
    made = _create(client, seed=11)
    table = _table(client, made["id"])
    pages: dict[int | None, str] = {0: made["seat1"], 1: made["seat2"], None: made["watch"]}
    seen, rng = Seen(), random.Random(11)
    seen.update(table)
    assert seen.check(client, table, pages) > 20  # the opponent's hand, deck and life were all checked
    moves = 0
    while not table.finished:
        me = table.to_move()
        assert me is not None
        choices = _choices(client.get(pages[me]).text)
        assert choices and not _choices(client.get(pages[1 - me]).text)  # only the deciding seat gets buttons
        answer = client.post(pages[me], json={"action": rng.choice(choices)})
        assert answer.status_code == 200, answer.text
        seen.update(table)
        moves += 1
        if moves % 7 == 0:
            seen.check(client, table, pages)
    seen.check(client, table, pages)
    result = table.result()
    assert result is not None and html.escape(result) in client.get(pages[None]).text


def test_every_game_sits_at_the_table(client: TestClient, catalog: Catalog) -> None:
    """Each game's first sample deck against the next game's: 25 seeded decisions through the seat pages, every
    page answering, the spectators' page showing no hand."""
    ids = sorted(catalog.games)
    for k, game_id in enumerate(ids):
        other = ids[(k + 1) % len(ids)]
        made = _create(client, seed=k, decks=(f"{game_id}:{min(catalog.decks(game_id))}",
                                              f"{other}:{min(catalog.decks(other))}"))
        table, rng = _table(client, made["id"]), random.Random(k)
        for _ in range(25):
            me = table.to_move()
            if me is None:
                break
            page = client.get(made[f"seat{me + 1}"])
            assert page.status_code == 200
            assert client.post(made[f"seat{me + 1}"], json={"action": rng.choice(_choices(page.text))}).status_code == 200
        watch = client.get(made["watch"])
        assert watch.status_code == 200 and "button" not in watch.text.partition('id="table"')[2]
        for seat in (0, 1):
            hand = table.session.match.state.seats[seat].zones.get("hand", [])
            shown = _names(public_observation(table.session.match)["cards"])
            assert not [u for u in hand if table.session.match.state.cards[u].name not in shown
                        and f'<span class="name">{html.escape(table.session.match.state.cards[u].name)}</span>'
                        in watch.text]


def test_a_card_taken_unseen_into_a_hand_is_not_named_to_spectators(client: TestClient) -> None:
    made = _create(client, ("random", "random"), seed=3)  # seed 3: searches and forts broken into the hand
    _wait(client, made["id"], lambda s: s["finished"])
    table = _table(client, made["id"])
    private = [line for line in table.lines if line.private_to is not None]
    told = {line.public_text.partition(" ")[2].partition(" ")[2].partition(":")[0] for line in private}
    assert told == {"searches out a card into its hand", "loses a fort"}  # ビルディバイド's searches, ギルドヒーローズ's forts
    watch = client.get(made["watch"]).text
    for line in private:
        assert html.escape(line.text) not in watch and html.escape(line.public_text) in watch
        assert line.for_viewer(line.private_to) == line.text and line.for_viewer(None) == line.public_text


def test_a_hostile_card_name_is_shown_as_text(client: TestClient) -> None:
    made = _create(client)
    table = _table(client, made["id"])
    state = table.session.match.state
    uid = state.seats[0].zones["hand"][0]
    hostile = replace(state.cards[uid], name='<script>alert("x")</script><img src=x onerror=1>')
    state.cards = (*state.cards[:uid], hostile, *state.cards[uid + 1:])  # (a match's cards are a tuple it shares)
    table.version += 1
    page = client.get(made["seat1"]).text
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=1&gt;" in page
    assert "<script>alert" not in page and "<img" not in page


def test_an_attached_card_names_the_character_it_is_on(client: TestClient) -> None:
    made = _create(client)
    table = _table(client, made["id"])
    state = table.session.match.state
    seat = state.seats[1]  # ギルドヒーローズ: equipment magic lies in its equipment zone, on one character
    character, gear = seat.zones["hand"][:2]
    for uid, zone in ((character, "defence-area"), (gear, "equipment")):
        seat.zones["hand"].remove(uid)
        seat.zones[zone].append(uid)
    seat.attached[gear] = character
    table.version += 1
    seen = table.session.match.observation(0)
    assert seen["seats"][1]["attached_to"] == {gear: character}
    page = client.get(made["seat1"]).text
    assert f'<span class="place">on {html.escape(state.cards[character].name)}</span>' in page


# --- the table in each game's own terms -------------------------------------------------------------------------


def _play(client: TestClient, made: dict[str, Any], moves: int, seed: int) -> None:
    table, rng = _table(client, made["id"]), random.Random(seed)
    for _ in range(moves):
        me = table.to_move()
        if me is None:
            return
        page = client.get(made[f"seat{me + 1}"]).text
        assert client.post(made[f"seat{me + 1}"], json={"action": rng.choice(_choices(page))}).status_code == 200


def _card_items(page: str) -> list[str]:
    return re.findall(r'<li class="card[^"]*"[^>]*>.*?</li>', page)


def test_cards_and_life_are_shown_in_each_games_own_terms(client: TestClient) -> None:
    """A ビルディバイド unit by パワー and ヒット, a ギルドヒーローズ character by アタック and ディフェンス, 戦国大戦's 武将 by
    武力 and 兵力, keywords by their native names; forts by tier, castle walls, HP and life cards by the game's names."""
    made = _create(client, seed=3)
    _play(client, made, 30, 3)
    bd, gh = client.get(made["seat1"]).text, client.get(made["seat2"]).text
    units = [c for c in _card_items(bd) if "ユニット" in c]
    assert units and all("パワー" in c and "ヒット" in c for c in units)
    assert not re.search(r'class="stats">[0-9.]+/[0-9.]+', bd + gh)  # no canonical "3/3 SP1" left
    assert "《ブリッツ》" in bd or "《バーサーク》" in bd
    chars = [c for c in _card_items(gh) if "キャラクター" in c]
    assert chars and all("アタック" in c and "ディフェンス" in c for c in chars)
    forts = len(_table(client, made["id"]).session.match.state.seats[1].zones["fort-area"])
    assert forts and f'<span class="lname">フォート置き場</span> <span class="lcount">{forts} 砦</span>' in bd
    assert "上段 (defence 3)" in bd and "下段 (defence 5)" in bd  # forts by tier, on the other seat's page too
    assert '<span class="lname">ライフ</span> <span class="lcount">' in gh  # BD's life cards, counted
    other = _create(client, seed=5, decks=("sengoku-taisen:hayama-midori", "break-joker:kagaribi-world"))
    _play(client, other, 12, 5)
    sgk, bj = client.get(other["seat1"]).text, client.get(other["watch"]).text
    generals = [c for c in _card_items(sgk) if ">武将<" in c]
    assert generals and all("武力" in c and "兵力" in c for c in generals)
    assert '<span class="lname">城壁</span>' in bj and '<div class="lifebox hp"><span class="lname">HP</span>' in bj


def test_a_card_a_legal_action_names_carries_those_actions(client: TestClient) -> None:
    """Each card a legal action names is clickable (its actions on it, a menu when several), only on the deciding
    seat's page; the buttons stay; a card's action is sent like a button's."""
    made = _create(client, seed=3)
    table, rng, menus = _table(client, made["id"]), random.Random(4), 0
    for _ in range(40):
        me = table.to_move()
        assert me is not None
        page = client.get(made[f"seat{me + 1}"]).text
        picks = [json.loads(html.unescape(a)) for a in re.findall(r'data-actions="([^"]*)"', page)]
        named = {a["action"] for pick in picks for a in pick}
        assert named <= set(_choices(page))
        shown = {int(u) for u in re.findall(r'data-uid="(\d+)"', page)}
        cards = set(re.findall(r'<li class="card[^"]*"[^>]*>', page))
        assert len(shown) == len(picks) == len([c for c in cards if "data-actions" in c])
        for action in table.session.match.legal_actions():  # every action naming a card on the page is on it
            uids = {a for k, a in enumerate(action.args) if action.is_card(k)}
            if uids & shown:
                assert action.text() in named
        menus += sum(len(pick) > 1 for pick in picks)
        choice = rng.choice(sorted(named)) if named and rng.random() < 0.7 else rng.choice(_choices(page))
        assert client.post(made[f"seat{me + 1}"], json={"action": choice}).status_code == 200
    assert menus  # a card with several actions (a menu) was offered
    me = table.to_move()
    assert me is not None
    assert "data-actions" not in client.get(made[f"seat{2 - me}"]).text + client.get(made["watch"]).text


def test_an_effect_the_referee_cannot_carry_out_is_shown_to_everyone_with_its_text(client: TestClient,
                                                                                    catalog: Catalog) -> None:
    """A Magic card's native effect (seed 17: 織りの拒絶, a counterspell, cast on turn 10) is listed on every page,
    with its printed text and what the effect does, for the players to resolve by hand."""
    made = _create(client, ("greedy", "greedy"), seed=17, decks=("magic-the-gathering:white-blue-skies", BD))
    _wait(client, made["id"], lambda s: s["finished"])
    state = _table(client, made["id"]).session.match.state
    events = [e for e in state.events if e["type"] == "effect-not-carried-out"]
    assert events
    card = state.cards[events[0]["card"]]
    text = catalog.cards("magic-the-gathering")[card.card_id].text
    assert text
    for path in (made["watch"], f"/m/{made['id']}/watch/view"):
        page = client.get(path).text
        if path.endswith("view"):
            page = client.get(path).json()["html"]
        assert "to resolve by hand" in page and html.escape(text) in page and html.escape(card.name) in page
        assert "what it does: " in page
    for seat in (0, 1):  # AI seats have no link: the fragment their page would show
        assert html.escape(text) in table_fragment(_table(client, made["id"]), seat)


# --- moves ------------------------------------------------------------------------------------------------------


def test_a_wrong_seat_a_wrong_link_and_an_illegal_move_are_refused_and_never_applied(client: TestClient,
                                                                                    tmp_path: Path) -> None:
    made = _create(client)
    table = _table(client, made["id"])
    me = table.to_move()
    assert me is not None
    mine, theirs = made[f"seat{me + 1}"], made[f"seat{2 - me}"]
    save = tmp_path / "data" / made["id"] / "match.amalogs-save.json"
    before = (table.version, len(table.session.taken), save.read_text(encoding="utf-8"))
    legal = _choices(client.get(mine).text)

    wrong_seat = client.post(theirs, json={"action": legal[0]})
    assert wrong_seat.status_code == 409 and "not your decision" in wrong_seat.json()["message"]
    forged = client.post(f"/m/{made['id']}/seat/not-a-real-token-at-all", json={"action": legal[0]})
    assert forged.status_code == 403 and "does not belong" in forged.json()["message"]
    other_match = _create(client, seed=9)
    stolen = client.post(f"/m/{made['id']}/seat/{other_match['seat1'].rpartition('/')[2]}", json={"action": legal[0]})
    assert stolen.status_code == 403
    illegal = client.post(mine, json={"action": "attack 999 player"})
    assert illegal.status_code == 409 and "illegal action" in illegal.json()["message"]
    assert legal[0] in illegal.json()["message"]  # the refusal names what is allowed
    garbled = client.post(mine, json={"action": ""})
    assert garbled.status_code == 409
    as_form = client.post(mine, data={"action": "nonsense"}, follow_redirects=False)  # a page without the script
    assert as_form.status_code == 409 and "<html" in as_form.text
    assert client.get(f"/m/{made['id']}/watch/view").status_code == 200
    assert client.post(f"/m/{made['id']}/watch", json={"action": legal[0]}).status_code == 405
    assert (table.version, len(table.session.taken), save.read_text(encoding="utf-8")) == before

    done = client.post(mine, data={"action": legal[0]}, follow_redirects=False)  # the no-script form: back to the page
    assert done.status_code == 303 and done.headers["location"] == mine
    assert len(table.session.taken) == 1
    assert json.loads(save.read_text(encoding="utf-8"))["actions"] == [legal[0]]


# --- nothing lost -------------------------------------------------------------------------------------------------


def _play_person_moves(client: TestClient, made: dict[str, Any], moves: int, seed: int) -> None:
    """The person (seat 1) plays ``moves`` seeded choices; the AI answers on the server in between."""
    rng = random.Random(seed)
    for _ in range(moves):
        summary = _wait(client, made["id"], lambda s: s["finished"] or s["to_move"] == 0)
        if summary["finished"]:
            return
        choices = _choices(client.get(made["seat1"]).text)
        assert client.post(made["seat1"], json={"action": rng.choice(choices)}).status_code == 200


def test_a_restarted_server_resumes_every_match_exactly(tmp_path: Path, catalog: Catalog) -> None:
    data = tmp_path / "data"
    with TestClient(create_app(data, catalog)) as client:
        made = _create(client, ("person", "greedy"), seed=21)
        ai_only = _create(client, ("random", "greedy"), seed=22)
        _play_person_moves(client, made, 6, seed=1)
        before = _wait(client, made["id"], lambda s: s["finished"] or s["to_move"] == 0)
        lines = [line.text for line in _table(client, made["id"]).lines]
    with TestClient(create_app(data, catalog)) as client:  # a new app over the same folder: a restart
        again = client.get(f"/api/matches/{made['id']}").json()
        assert {k: again[k] for k in ("decisions", "to_move", "deal", "decks")} == \
               {k: before[k] for k in ("decisions", "to_move", "deal", "decks")}
        assert [line.text for line in _table(client, made["id"]).lines] == lines  # the same play-by-play
        assert client.get(made["seat1"]).status_code == 200  # the same seat link still opens the seat
        _play_person_moves(client, made, 400, seed=2)
        resumed = _wait(client, made["id"], lambda s: s["finished"])
        assert _wait(client, ai_only["id"], lambda s: s["finished"])["winner"] in (0, 1, None)
    with TestClient(create_app(tmp_path / "other", catalog)) as client:  # the same decisions with no restart
        twin = _create(client, ("person", "greedy"), seed=21)
        _play_person_moves(client, twin, 6, seed=1)
        _play_person_moves(client, twin, 400, seed=2)
        straight = _wait(client, twin["id"], lambda s: s["finished"])
    keys = ("winner", "reason", "turns", "decisions")
    assert {k: resumed[k] for k in keys} == {k: straight[k] for k in keys}


def test_a_damaged_match_folder_is_left_out_and_the_others_resume(tmp_path: Path, catalog: Catalog) -> None:
    data = tmp_path / "data"
    with TestClient(create_app(data, catalog)) as client:
        kept, damaged = _create(client, seed=1), _create(client, seed=2)
    save = data / damaged["id"] / "match.amalogs-save.json"
    save.write_text(save.read_text(encoding="utf-8")[:40], encoding="utf-8")  # cut short
    app = create_app(data, catalog)
    store = app.state.store
    assert [t.id for t in store] == [kept["id"]]
    assert len(store.broken) == 1 and store.broken[0].startswith(damaged["id"]) and "truncated" in store.broken[0]
    with TestClient(app) as client:
        assert client.get(kept["seat1"]).status_code == 200
        assert client.get(damaged["seat1"]).status_code == 404


def test_a_failing_ai_decision_stops_the_match_with_a_message_and_keeps_what_was_played(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    made = _create(client, ("person", "greedy"), seed=21)
    table = _table(client, made["id"])
    _play_person_moves(client, made, 3, seed=1)
    _wait(client, made["id"], lambda s: s["to_move"] == 0)

    real = table.session.step

    def broken(action: Any = None) -> None:  # a person's decisions go through; the AI's next one fails
        if action is None:
            raise RuntimeError("a referee bug")
        real(action)

    monkeypatch.setattr(table.session, "step", broken)
    rng = random.Random(5)
    while table.error is None:
        assert not table.finished
        summary = _wait(client, made["id"], lambda s: s["to_move"] == 0 or s["error"] is not None)
        if summary["error"] is None:
            choice = rng.choice(_choices(client.get(made["seat1"]).text))
            assert client.post(made["seat1"], json={"action": choice}).status_code == 200
    taken = len(table.session.taken)
    summary = _wait(client, made["id"], lambda s: s["error"] is not None)
    assert "a referee bug" in summary["error"] and not summary["finished"]
    assert "the referee stopped: RuntimeError: a referee bug" in client.get(made["watch"]).text
    saved = json.loads((tmp_path / "data" / made["id"] / "match.amalogs-save.json").read_text(encoding="utf-8"))
    assert len(saved["actions"]) == taken
    refused = client.post(made["seat1"], json={"action": "keep"})
    assert refused.status_code == 409 and "referee error" in refused.json()["message"]


def test_twenty_ai_matches_at_once_through_a_real_server_end_as_amalogs_play_does(tmp_path: Path,
                                                                                 catalog: Catalog) -> None:
    """The issue's load test: 20 matches of AI seats created at once through the HTTP interface of a real server
    on localhost (uvicorn, one HTTP client) and followed to the end there, each finishing with the winner,
    reason, turns and number of decisions that the same seed gives with amalogs.play (`amalogs match`)."""
    import httpx

    import amalogs
    from amalogs.web.server import running

    kinds = ("random", "greedy")
    games = [(BD, GH), (GH, BD)]
    plan = [(games[k % 2], (kinds[k // 2 % 2], kinds[k // 4 % 2]), 200 + k) for k in range(20)]
    started = time.monotonic()
    with running(create_app(tmp_path / "data", catalog)) as base, httpx.Client(base_url=base, timeout=30) as http:
        made = []
        for decks, pair, seed in plan:  # every match is created before any is followed: they play at once
            answer = http.post("/api/matches", json={"deck1": decks[0], "deck2": decks[1], "seat1": pair[0],
                                                     "seat2": pair[1], "seed": seed})
            assert answer.status_code == 201, answer.text
            made.append(answer.json()["id"])
        running_at_once = sum(not http.get(f"/api/matches/{m}").json()["finished"] for m in made)
        done: dict[str, dict[str, Any]] = {}
        deadline = time.monotonic() + 300
        while len(done) < len(made):
            for match_id in made:
                summary = http.get(f"/api/matches/{match_id}").json() if match_id not in done else None
                if summary is not None and summary["finished"]:
                    assert summary["error"] is None, summary
                    done[match_id] = summary
            assert time.monotonic() < deadline, f"{len(made) - len(done)} matches not finished"
            time.sleep(0.05)
    served = time.monotonic() - started
    for match_id, (decks, pair, seed) in zip(made, plan, strict=True):
        summary = done[match_id]
        played = amalogs.play(decks[0], decks[1], seed=seed, players=pair, catalog=catalog)
        assert (summary["winner"], summary["reason"], summary["turns"], summary["decisions"]) == (
            None if played.winner is None else played.winner - 1, played.reason, played.turns, played.decisions), seed
    print(f"\n20 AI matches through the server: {served:.1f} s ({running_at_once} still running after all were "
          f"created; {sum(s['decisions'] for s in done.values())} decisions); amalogs.play of the same seeds: "
          f"{time.monotonic() - started - served:.1f} s")


# --- the command ---------------------------------------------------------------------------------------------------


def test_serve_without_the_web_extra_says_how_to_install_it(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a))
    code, out, err = cli("serve")
    assert code == 1 and out == ""
    assert err.strip().count("\n") == 0 and 'pip install "amalogs[web]"' in err


def test_serve_on_every_interface_warns_and_prints_the_lan_address(cli: Any, monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    from amalogs.web import server

    served: list[tuple[str, int]] = []
    monkeypatch.setattr(server, "serve", lambda app, host, port: served.append((host, port)))
    monkeypatch.setattr(server, "check_port", lambda host, port: None)
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.23")
    code, out, err = cli("serve", "--host", "0.0.0.0", "--port", "8123", "--data", str(tmp_path / "m"))
    assert code == 0, err
    assert served == [("0.0.0.0", 8123)]
    assert "http://192.168.1.23:8123/" in out and "warning" in err
    assert "█" in out and "▀" in out  # the lobby's QR code, for a phone's camera
    code, out, _ = cli("serve", "--data", str(tmp_path / "m"))
    assert code == 0 and "http://localhost:8000/" in out


def test_serve_on_a_port_in_use_fails_in_one_line(cli: Any, tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out, err = cli("serve", "--port", str(port), "--data", str(tmp_path / "m"))
    assert code == 1 and out == ""
    assert err.strip().count("\n") == 0 and f"cannot listen on 127.0.0.1:{port}" in err


# --- in a real browser ---------------------------------------------------------------------------------------------


def _browser_or_skip() -> Any:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if not CHROMIUM.exists():
        pytest.skip(f"no browser at {CHROMIUM} (Debian's chromium package)")
    return sync_api


def _version(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.version)"))


def test_two_people_play_a_whole_match_in_browsers_while_a_third_watches(tmp_path: Path, catalog: Catalog) -> None:
    """BD:red-aggro against GH:tidelight-guardians through the pages: the lobby form, two seats clicking seeded
    choices among their buttons, a spectator following live, a server restart in the middle (the pages reconnect
    and play on), screenshots at desktop and phone sizes."""
    sync_api = _browser_or_skip()
    from amalogs.web.server import free_port, running

    started = time.monotonic()
    data, port = tmp_path / "data", free_port()
    shots = tmp_path / "screenshots"
    shots.mkdir()
    rng = random.Random(17)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        desk = browser.new_context(viewport={"width": 1280, "height": 900})
        phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                    has_touch=True)
        crowd = browser.new_context(viewport={"width": 1024, "height": 768})
        app = create_app(data, catalog)
        server = running(app, port=port)
        base = server.__enter__()
        try:
            lobby = desk.new_page()
            lobby.goto(base + "/")
            assert "ビルディバイド" in lobby.inner_text("ul.games")
            lobby.fill("input[name=seed]", "17")
            lobby.click("form.create button[type=submit]")
            seat_links = [a.get_attribute("href") for a in lobby.query_selector_all("a.seat-link")]
            watch_link = lobby.get_attribute("a.watch-link", "href")
            assert len(seat_links) == 2 and watch_link
            pages = [desk.new_page(), phone.new_page()]
            for page, link in zip(pages, seat_links, strict=True):
                page.goto(link)
            watcher = crowd.new_page()
            watcher.goto(watch_link)
            for page in (*pages, watcher):
                page.wait_for_function("() => document.getElementById('live').textContent.includes('live')")
            match_id = watch_link.rstrip("/").split("/")[-2]
            table = app.state.store.get(match_id)
            hand = [table.session.match.state.cards[u].name for u in table.session.match.state.seats[1].zones["hand"]]
            mine = _names(table.session.match.observation(0)["cards"])
            assert not [n for n in hand if n not in mine and n in pages[0].content()]  # P2's hand is not on P1's page
            decisions, restarted, clicked, menus = 0, False, 0, 0
            while True:
                if watcher.query_selector("#result") and all(p.query_selector("#result") for p in pages):
                    break
                if decisions == 12 and not restarted:  # stop the server, start a new one on the same port and data
                    server.__exit__(None, None, None)
                    app = create_app(data, catalog)
                    server = running(app, port=port)
                    server.__enter__()
                    restarted = True
                    for page in pages:
                        page.wait_for_function("() => document.getElementById('live').textContent.includes('live')",
                                               timeout=15000)
                    table = app.state.store.get(match_id)
                deciding = table.to_move()
                if deciding is None:
                    pages[0].wait_for_selector("#result", timeout=10000)
                    continue
                page = pages[deciding]
                page.wait_for_function(f"() => Number(document.body.dataset.version) >= {table.version}", timeout=10000)
                # locators, not element handles: a page may draw the same version again (after the restart's
                # reconnect), and a locator finds its element afresh where a handle would be detached
                buttons = page.locator("button.act:not([disabled])")
                assert buttons.count(), "the deciding seat has no buttons"
                old = _version(page)
                cards = page.locator(".card.pick")
                if cards.count() and decisions % 3 == 1:  # click a card an action names: sent at once, or from its menu
                    card = cards.nth(rng.randrange(cards.count()))
                    named = json.loads(card.get_attribute("data-actions") or "[]")
                    card.click()
                    if len(named) > 1:
                        page.wait_for_selector(".pickmenu button.act")
                        items = page.locator(".pickmenu button.act")
                        assert [items.nth(i).get_attribute("value") for i in range(items.count())] == \
                            [a["action"] for a in named]
                        menus += 1
                        items.nth(rng.randrange(items.count())).click()
                    clicked += 1
                else:
                    buttons.nth(rng.randrange(buttons.count())).click()
                try:
                    page.wait_for_function(f"() => Number(document.body.dataset.version) > {old}", timeout=10000)
                except sync_api.TimeoutError:
                    raise AssertionError(f"decision {decisions + 1} did not arrive: notice "
                                         f"{page.inner_text('#notice')!r}, {page.inner_text('#live')!r}") from None
                decisions += 1
                if decisions == 8:
                    pages[0].screenshot(path=str(shots / "table-desktop.png"), full_page=True)
                    pages[1].screenshot(path=str(shots / "table-phone.png"), full_page=True)
            result = table.result()
            assert result and watcher.inner_text("#result") == result
            for page in pages:
                assert page.inner_text("#result") == result
            pages[0].screenshot(path=str(shots / "end-desktop.png"), full_page=True)
            pages[1].screenshot(path=str(shots / "end-phone.png"), full_page=True)
            watcher.screenshot(path=str(shots / "end-watch.png"), full_page=True)
            assert restarted and decisions > 12 and clicked >= 3
            font = pages[1].evaluate("""async () => { await document.fonts.load('16px IPAexGothic', '紅蓮竜');
                return [...document.fonts].some(f => f.family.replaceAll('"', '') === 'IPAexGothic'
                                                    && f.status === 'loaded'); }""")
            assert font, "the Japanese web font did not load"
        finally:
            server.__exit__(None, None, None)
            browser.close()
    for name in ("table-desktop", "table-phone", "end-desktop", "end-phone", "end-watch"):
        assert (shots / f"{name}.png").stat().st_size > 5_000
    print(f"\nbrowser match: {decisions} decisions ({clicked} by clicking a card, {menus} from its menu) in "
          f"{time.monotonic() - started:.1f} s; screenshots in {shots}")


def test_a_card_with_several_actions_opens_a_menu_in_a_browser(tmp_path: Path, catalog: Catalog) -> None:
    """A seat's page in chromium: the card that several legal actions name opens a menu of exactly those actions
    (Escape closes it); the chosen one is the seat's decision."""
    sync_api = _browser_or_skip()
    from amalogs.web.native import card_actions
    from amalogs.web.server import running

    app = create_app(tmp_path / "data", catalog)
    with running(app) as base, sync_api.sync_playwright() as pw:
        table = app.state.store.create(("build-divide:red-aggro", "guild-heroes:tidelight-guardians"),
                                       ("person", "person"), seed=3)
        rng = random.Random(4)
        while True:
            me = table.to_move()
            assert me is not None, "no card with several actions before the end"
            picks = card_actions(table.session.match.legal_actions(), table.session.match.observation(me))
            several = sorted(uid for uid, found in picks.items() if len(found) > 1)
            if several:
                break
            table.move(me, rng.choice(table.session.match.legal_actions()).text())
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 800})
            page.goto(f"{base}/m/{table.id}/seat/{table.seats[me].token}")
            page.wait_for_function("() => document.getElementById('live').textContent.includes('live')")
            card = page.locator(f'.card.pick[data-uid="{several[0]}"]')
            card.click()
            items = page.locator(".pickmenu button.act")
            assert items.evaluate_all("bs => bs.map(b => b.value)") == [t for t, _ in picks[several[0]]]
            page.keyboard.press("Escape")
            assert page.locator(".pickmenu").count() == 0
            card.focus()
            page.keyboard.press("Enter")  # a card opens from the keyboard too
            old, count = _version(page), len(table.session.taken)
            items.nth(len(picks[several[0]]) - 1).click()
            page.wait_for_function(f"() => Number(document.body.dataset.version) > {old}", timeout=10000)
            assert table.session.taken[count].text() == picks[several[0]][-1][0]
        finally:
            browser.close()


# --- replays -------------------------------------------------------------------------------------------------------


def _upload(client: TestClient, name: str, data: bytes) -> Any:
    return client.post("/replay", files={"file": (name, data)}, headers={"accept": "application/json"})


def _cli_json(cli: Any, *args: str) -> dict[str, Any]:
    code, out, err = cli(*args)
    assert code == 0, err
    found: dict[str, Any] = json.loads(out)
    return found


def test_a_logged_match_steps_to_any_event_and_back_exactly_as_amalogs_position_shows_it(
        client: TestClient, cli: Any, catalog: Catalog, tmp_path: Path) -> None:
    from amalogs.referee.sessions.runner import position_of_log

    log = tmp_path / "m.jsonl"
    code, _, err = cli("match", BD, GH, "--seed", "3", "--log", str(log), "--quiet")
    assert code == 0, err
    opened = _upload(client, "m.jsonl", log.read_bytes())
    assert opened.status_code == 201, opened.text
    url, events = opened.json()["url"], opened.json()["events"]
    code, out, _ = cli("replay", str(log))
    assert code == 0 and opened.json()["check"] == out.strip().replace(str(log), "m.jsonl")
    page = client.get(url)
    assert page.status_code == 200 and "all 109 events replayed identically" in page.text
    assert f'max="{events - 1}"' in page.text and "/static/replay.js" in page.text
    for k in (60, 0, 11, 12, 35, events - 1, 12, 1):  # forwards, back to the start, to the end and back again
        seen = client.get(f"{url}/view", params={"at": k, "as": "judge"}).json()
        judge = _cli_json(cli, "position", "--from-log", str(log), "--at", str(k), "--format", "json")
        assert seen["at"] == k and seen["position"] == judge["position"] and seen["legal"] == judge["legal"]
        assert seen["outcome"] == judge["outcome"]
        for seat in (0, 1):
            mine = client.get(f"{url}/view", params={"at": k, "as": seat}).json()
            theirs = _cli_json(cli, "position", "--from-log", str(log), "--at", str(k), "--as", str(seat),
                               "--format", "json")
            assert mine["observation"] == theirs["observation"] and mine["legal"] == theirs["legal"]
        public = json.loads(json.dumps(public_observation(position_of_log(catalog, log, k).match)))
        assert client.get(f"{url}/view", params={"at": k}).json()["observation"] == public
    first = client.get(f"{url}/view", params={"at": 0}).json()
    assert first["prev"] == 0 and first["next"] > 0
    back = client.get(f"{url}/view", params={"at": first["next"]}).json()
    assert back["prev"] == first["at"] or back["decision"] == 1


def test_a_replay_shows_no_card_its_viewer_may_not_see(client: TestClient, cli: Any, tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    assert cli("match", BD, GH, "--seed", "5", "--log", str(log), "--quiet")[0] == 0
    url = _upload(client, "m.jsonl", log.read_bytes()).json()["url"]
    for k in (15, 40):
        judge = client.get(f"{url}/view", params={"at": k, "as": "judge"}).json()
        assert "judge's view" in html.unescape(judge["html"])
        for viewer in ("spectator", "0", "1"):
            seen = client.get(f"{url}/view", params={"at": k, "as": viewer}).json()
            allowed = _names(seen["observation"]["cards"])
            hidden = _names(judge["observation"]["cards"]) - allowed
            text = html.unescape(seen["html"])
            assert not [n for n in hidden if n in text], (viewer, k)


def test_hostile_uploads_are_refused_in_one_line(client: TestClient, cli: Any, tmp_path: Path) -> None:
    from amalogs.web.replays import REPLAY_LIMIT

    log = tmp_path / "m.jsonl"
    assert cli("match", BD, GH, "--seed", "3", "--log", str(log), "--quiet")[0] == 0
    good = log.read_bytes()
    hostile = {
        "empty": b"", "garbage": b"\x00\xff not json\n", "header only": b'{"type": "header", "version": 1}\n',
        "edited": good.replace(b'"card": 37', b'"card": 38', 1), "nested": b"[" * 100_000,
        "truncated": good[:-300], "other version": good.replace(b'"version": 2', b'"version": 99', 1),
        "unknown game": good.replace(b"build-divide", b"no-such-game", 1),
        "a list": b"[1, 2, 3]\n", "an event that is not an object": good + b"[1]\n",
    }
    for what, data in hostile.items():
        answer = _upload(client, "evil<script>.jsonl", data)
        assert answer.status_code == 400, (what, answer.text)
        message = answer.json()["message"]
        assert "\n" not in message and "Traceback" not in message and str(tmp_path) not in message, (what, message)
        assert message.startswith("evil<script>.jsonl"), (what, message)
        page = client.post("/replay", files={"file": ("evil<script>.jsonl", data)})
        assert page.status_code == 400 and "<script>" not in page.text and "evil&lt;script&gt;" in page.text
    too_big = _upload(client, "big.jsonl", b" " * (REPLAY_LIMIT + 100_000))
    assert too_big.status_code == 413 and "limit" in too_big.json()["message"]
    assert client.post("/replay", data={"x": "1"}, headers={"accept": "application/json"}).status_code == 400
    assert sorted(p.suffix for p in (client.app.state.replays.folder).glob("*")) == []  # type: ignore[attr-defined]
    url = _upload(client, "m.jsonl", good).json()["url"]
    assert client.get(url, params={"as": "2"}).status_code == 400
    assert client.get(url, params={"at": "x"}).status_code == 400
    assert client.get(url, params={"at": "99999"}).status_code == 200  # the end
    assert client.get("/replay/nothing-here").status_code == 404
    assert client.get("/replay/..%2F..%2Fetc").status_code == 404


def test_a_save_and_a_finished_match_of_the_server_replay_too(client: TestClient, cli: Any, tmp_path: Path,
                                                              catalog: Catalog) -> None:
    save = tmp_path / "s.amalogs-save.json"
    assert cli("match", BD, GH, "--seed", "4", "--save", str(save), "--stop-after", "20", "--quiet")[0] == 0
    opened = _upload(client, "s.amalogs-save.json", save.read_bytes())
    assert opened.status_code == 201 and "all 20 decisions replayed identically" in opened.json()["check"]
    end = client.get(opened.json()["url"] + "/view", params={"at": 10**6}).json()
    assert end["decision"] == 20 and end["decisions"] == 20
    playing = _create(client, ("person", "person"))
    assert client.get(f"/replay/match-{playing['id']}").status_code == 400  # a match in progress: no replay
    done = _create(client, ("random", "greedy"), seed=8)
    _wait(client, done["id"], lambda s: s["finished"])
    assert f"/replay/match-{done['id']}" in client.get("/replay").text
    seen = client.get(f"/replay/match-{done['id']}/view", params={"at": 10**6, "as": "judge"}).json()
    assert seen["outcome"]["winner"] == client.get(f"/api/matches/{done['id']}").json()["winner"]


def test_the_replay_page_steps_with_the_keyboard_the_buttons_and_the_slider_in_a_browser(
        tmp_path: Path, catalog: Catalog, cli: Any) -> None:
    sync_api = _browser_or_skip()
    from amalogs.web.server import running

    log = tmp_path / "m.jsonl"
    assert cli("match", BD, GH, "--seed", "3", "--log", str(log), "--quiet")[0] == 0
    app = create_app(tmp_path / "data", catalog)
    with running(app) as base, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(base + "/replay")
            page.set_input_files("input[name=file]", str(log))
            page.click("form.upload button[type=submit]")
            page.wait_for_selector("#where")
            url = page.url.split("?")[0]

            def at() -> int:
                return int(page.evaluate("Number(document.getElementById('at').value)"))

            def moved(old: int) -> None:
                page.wait_for_function(f"() => Number(document.getElementById('at').value) !== {old}")

            start = at()
            for _ in range(5):
                old = at()
                page.keyboard.press("ArrowRight")
                moved(old)
            fifth = at()
            assert fifth > start and f"at={fifth}" in page.url
            expected = app.state.replays.get(url.rsplit("/", 1)[-1])
            assert expected is not None and expected.index(fifth) == 5
            html_now = page.inner_html("#table")
            page.keyboard.press("ArrowLeft")
            moved(fifth)
            page.click("#next")
            page.wait_for_function(f"() => Number(document.getElementById('at').value) === {fifth}")
            assert page.inner_html("#table") == html_now  # back and forward again: the same table
            page.fill("#at", "60")
            page.wait_for_function("() => document.getElementById('where').textContent.startsWith('event 60 ')")
            page.click("#last")
            page.wait_for_selector("#result")
            page.click(".viewers >> text=P2")
            page.wait_for_selector("#where")
            assert "as=1" in page.url and "(you)" in page.inner_text("#table") and page.query_selector("#result")
        finally:
            browser.close()


# --- decks: the user's data roots and pasted deck lists ----------------------------------------------------------


def _user_root(root: Path) -> Path:
    """The shipped ビルディバイド copied into a user data root as game ``user-bd`` (略称 UBD), with its decks."""
    import shutil

    from amalogs.catalog import shipped_root

    shutil.copytree(shipped_root() / "games" / "build-divide", root / "games" / "user-bd")
    (root / "mappings").mkdir(parents=True)
    shutil.copy(shipped_root() / "mappings" / "build-divide.toml", root / "mappings" / "user-bd.toml")
    for path in [*(root / "games" / "user-bd").rglob("*.toml"), root / "mappings" / "user-bd.toml"]:
        text = path.read_text(encoding="utf-8").replace("build-divide", "user-bd")
        path.write_text(re.sub(r'(?m)^abbreviation = "[^"]*"', 'abbreviation = "UBD"', text), encoding="utf-8")
    return root


def test_the_lobby_offers_the_decks_of_the_users_data_root(tmp_path: Path) -> None:
    from amalogs.catalog import load_catalog

    catalog = load_catalog([_user_root(tmp_path / "root")])
    with TestClient(create_app(tmp_path / "data", catalog)) as local:
        lobby = local.get("/").text
        assert 'label="your decks (your data roots)"' in lobby and 'value="user-bd:red-aggro"' in lobby
        made = local.post("/api/matches", json={"deck1": "user-bd:red-aggro", "deck2": GH, "seat1": "random",
                                                "seat2": "random", "seed": 2})
        assert made.status_code == 201, made.text
        assert _wait(local, made.json()["id"], lambda s: s["finished"])["decks"][0] == "user-bd:red-aggro"


def test_a_pasted_deck_list_is_played_kept_and_resumed(tmp_path: Path, catalog: Catalog) -> None:
    from amalogs.decklist import format_decklist

    game = catalog.games["build-divide"]
    deck = catalog.decks("build-divide")["red-aggro"][0]
    text = format_decklist(deck, game, catalog.cards("build-divide")).replace("紅蓮竜アグロ", "貼り付けたデッキ", 1)
    bare = "\n".join(line for line in text.splitlines() if not line.startswith("# game"))  # the game: deck1's
    data = tmp_path / "data"
    with TestClient(create_app(data, catalog)) as local:
        made = []
        for listed in (text, bare):
            page = local.post("/matches", data={"deck1": "BD:red-aggro", "deck2": GH, "decklist1": listed,
                                                "seat1": "person", "seat2": "greedy", "seed": "7"})
            assert page.status_code == 200 and "貼り付けたデッキ" in page.text, page.text
            made.append(re.findall(r'href="http://testserver(/m/[^"]+/seat/[^"]+)"', page.text)[0])
        match_id = made[0].split("/")[2]
        assert (data / match_id / "deck1.txt").read_text(encoding="utf-8").startswith("# game: ")
        _play_person_moves(local, {"seat1": made[0], "id": match_id}, 3, seed=1)
        before = _table(local, match_id).summary()
    with TestClient(create_app(data, catalog)) as again:
        resumed = _table(again, match_id)
        assert resumed.summary()["decisions"] == before["decisions"] and "貼り付けたデッキ" in resumed.seat_title(0)
        assert again.get(made[0]).status_code == 200


def test_a_bad_pasted_deck_list_is_refused_in_one_line_on_the_page(client: TestClient) -> None:
    bad = {
        "# game: ビルディバイド\n4 存在しないカード\n": "no card",
        "# game: ビルディバイド\n4 熾火の従騎士\n": "",  # too few cards for the game's rules
        "# game: no-such-game\n4 x\n": "",
        "4 熾火の従騎士\n\x00\n": "",
    }
    before = len(list(client.app.state.store))  # type: ignore[attr-defined]
    for listed, words in bad.items():
        page = client.post("/matches", data={"deck1": BD, "deck2": GH, "decklist1": listed})
        assert page.status_code == 400, (listed, page.text)
        message = html.unescape(page.text.split('class="message">')[1].split("</p>")[0])
        assert "\n" not in message and words in message, message
        assert "Traceback" not in page.text
    assert len(list(client.app.state.store)) == before  # type: ignore[attr-defined]
    assert [p.name for p in client.app.state.store.folder.iterdir()] == []  # type: ignore[attr-defined]


def test_an_uploaded_deck_file_is_played_and_resumed_and_a_bad_one_refused_in_one_line(
        tmp_path: Path, catalog: Catalog) -> None:
    from amalogs.catalog import shipped_root

    toml = (shipped_root() / "games" / "guild-heroes" / "decks" / "tidelight-guardians.toml").read_bytes()
    toml = toml.replace("潮と光の守護者".encode(), "持ち込みデッキ".encode(), 1)
    data = tmp_path / "data"
    with TestClient(create_app(data, catalog)) as local:
        page = local.post("/matches", data={"deck1": BD, "deck2": GH, "seat1": "person", "seat2": "random"},
                          files={"deckfile2": ("mine.toml", toml)})
        assert page.status_code == 200 and "持ち込みデッキ" in page.text, page.text
        seat = re.findall(r'href="http://testserver(/m/[^"]+/seat/[^"]+)"', page.text)[0]
        match_id = seat.split("/")[2]
        assert (data / match_id / "deck2.toml").read_bytes() == toml
        for name, body in {"mine.toml": b"game = 'guild-heroes'\nmain = 3\n", "mine.exe": b"MZ",
                           "mine.txt": b"\xff\xfe# game: GH\n", "../../mine.json": b"{}"}.items():
            refused = local.post("/matches", data={"deck1": BD, "deck2": GH}, files={"deckfile1": (name, body)})
            assert refused.status_code == 400, (name, refused.text)
            message = html.unescape(refused.text.split('class="message">')[1].split("</p>")[0])
            assert message.startswith("P1's deck file") and str(data) not in message and "\n" not in message, message
        assert sorted(p.name for p in data.iterdir()) == [match_id]
    with TestClient(create_app(data, catalog)) as again:
        assert "持ち込みデッキ" in _table(again, match_id).seat_title(1) and again.get(seat).status_code == 200
