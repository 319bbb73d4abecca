"""The report pages and the organiser's view of `amalogs serve` (issue 17): the reports of `amalogs report`, a page
per game and per card with its conversion into any other game, and a view of a match with both hands that never
acts. HTTP tests with the ASGI test client, and one Playwright check of the organiser's page (skipped where
chromium or Playwright is missing)."""

from __future__ import annotations

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
from amalogs.web.tables import Table
from amalogs.web.views import ORGANISER_NOTE, SKIP_KEYS
from tests.test_web import BD, GH, Seen, _browser_or_skip, _choices, _create, _table

MESSAGE = re.compile(r'<p class="message">(.*?)</p>', re.DOTALL)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, catalog: Catalog) -> Iterator[TestClient]:
    """One app for the report tests: the reports are worked out once, on the first request."""
    with TestClient(create_app(tmp_path_factory.mktemp("reports") / "data", catalog)) as test_client:
        yield test_client


@pytest.fixture
def client(tmp_path: Path, catalog: Catalog) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "data", catalog)) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def report(catalog: Catalog) -> Any:
    from amalogs.report.generate import build_reports

    return build_reports(catalog)


def _body(document: str) -> str:
    return document.partition("<body>\n")[2].rpartition("</body>")[0]


def _no_inline_code(page: str) -> None:
    """Nothing the app's Content Security Policy would block: no inline style or script (a JSON data block is
    not run)."""
    assert "<style" not in page
    for tag in re.findall(r"<script[^>]*>", page):
        assert ' src="/' in tag or 'type="application/json"' in tag, tag


# --- the reports ---------------------------------------------------------------------------------------------------


def test_the_reports_are_amalogs_reports_own_inside_the_apps_pages(site: TestClient, report: Any,
                                                                   catalog: Catalog) -> None:
    moved = site.get("/reports", follow_redirects=False)
    assert moved.status_code == 307 and moved.headers["location"] == "/reports/"
    index = site.get("/reports/")
    assert index.status_code == 200 and index.headers["content-type"] == "text/html; charset=utf-8"
    assert "default-src 'none'" in index.headers["content-security-policy"]
    assert _body(report.texts["index.html"]) in index.text
    for name in ("comparison.html", "similarity.html", "atlas.html", "maps/README.html"):
        assert f'href="{name}"' in index.text
    for short, name in (("compare", "comparison.html"), ("similarity", "similarity.html"), ("atlas", "atlas.html")):
        answer = site.get(f"/reports/{short}", follow_redirects=False)
        assert answer.status_code == 307 and answer.headers["location"] == f"/reports/{name}"
    for name in ("comparison.html", "similarity.html", "maps/README.html", "maps/BD-GH.html",
                 "games/build-divide.html"):
        page = site.get(f"/reports/{name}")
        assert page.status_code == 200 and _body(report.texts[name]) in page.text, name
        assert '<link rel="stylesheet" href="/static/table.css">' in page.text
        _no_inline_code(page.text)
    for game in catalog.games.values():  # the comparison table names every game
        assert html.escape(game.profile.name) in site.get("/reports/comparison.html").text
    for name in ("comparison.csv", "comparison.json", "similarity.md", "atlas.graphml", "maps/BD-GH.json"):
        answer = site.get(f"/reports/{name}")
        assert answer.status_code == 200 and answer.content == report.texts[name].encode("utf-8"), name
    picture = site.get("/reports/similarity.png")  # drawn on demand, as `amalogs report` draws it
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/png"
    assert picture.content.startswith(b"\x89PNG")
    assert 'src="similarity.png"' in site.get("/reports/similarity.html").text  # its page shows it


def test_the_atlas_is_amalogs_reports_page_with_its_style_and_script_served_by_the_app(site: TestClient,
                                                                                      report: Any) -> None:
    from importlib.resources import files

    from amalogs.report.atlas_page import STYLE

    page = site.get("/reports/atlas.html")
    assert page.status_code == 200
    _no_inline_code(page.text)
    script = files("amalogs.report").joinpath("atlas_page.js").read_text(encoding="utf-8")
    served = site.get("/reports/atlas_page.js")
    assert served.text == script and "javascript" in served.headers["content-type"]
    css = site.get("/reports/atlas_page.css")
    assert css.text.startswith(STYLE) and css.headers["content-type"].startswith("text/css")
    assert '<svg id="atlas"' in page.text and 'id="atlas-data"' in page.text
    restored = (page.text.replace('<link rel="stylesheet" href="/reports/atlas_page.css">', f"<style>{STYLE}</style>")
                .replace('<script src="/reports/atlas_page.js"></script>', f"<script>\n{script}</script>")
                .replace('<a href="/reports/">← reports</a>\n', ""))
    original = report.pictures["atlas.html"][1]().decode("utf-8")
    assert 'class="swatch" style=' in original and "style=" not in page.text  # the swatches are coloured by the CSS
    assert restored == re.sub(r'(?<=class="swatch") style="[^"]*"', "", original)  # otherwise the report's page


def test_a_game_page_has_its_report_its_cards_and_its_conversion_maps(site: TestClient, report: Any,
                                                                    catalog: Catalog) -> None:
    page = site.get("/games/BD")  # any name of the game
    assert page.status_code == 200
    assert _body(report.texts["games/build-divide.html"]).split("<img")[0] in page.text
    picture = re.search(r'<img src="([^"]+)"', page.text)
    assert picture is not None and picture.group(1) == "/reports/games/build-divide.png"
    assert site.get(picture.group(1)).content.startswith(b"\x89PNG")
    for card in catalog.cards("build-divide").values():
        assert f'<a href="/games/build-divide/cards/{card.id}">{html.escape(card.name)}</a>' in page.text
    maps = re.findall(r'href="(/reports/maps/[^"]+)"', page.text)
    assert len(maps) == len(catalog.games) - 1
    for link in maps:
        assert site.get(link).status_code == 200, link
    games = site.get("/games").text
    for game in catalog.games.values():
        assert f'href="/games/{game.id}"' in games
    lobby = site.get("/").text
    assert 'href="/reports/"' in lobby and 'href="/games/build-divide"' in lobby


def test_a_card_page_converts_the_card_into_every_other_game_as_amalogs_convert_does(site: TestClient, cli: Any,
                                                                                    catalog: Catalog) -> None:
    page = site.get("/games/build-divide/cards/spark-imp")
    assert page.status_code == 200 and "火花の小鬼" in page.text and "プレイコスト0 パワー1000" in page.text
    others = [g for g in catalog.games.values() if g.id != "build-divide"]
    for game in others:
        assert f'href="/games/build-divide/cards/spark-imp?to={game.id}"' in page.text
    for game in others:
        shown = site.get(f"/games/build-divide/cards/spark-imp?to={game.page.abbreviation}")
        assert shown.status_code == 200
        code, out, err = cli("convert", "BD:spark-imp", "--to", game.id, "--format", "json")
        assert code == 0, err
        record = json.loads(out)["records"][0]
        table = shown.text.partition('<table class="fields">')[2]
        fidelity = re.findall(r'<td class="fidelity [^"]+">([^<]+)</td>', table)
        assert fidelity == [f["fidelity"] for f in record["fields"]], game.id
        for row in record["fields"]:
            assert html.escape(row["reason"]) in table
        assert html.escape(record["target"]["name"]) in shown.text
        assert ' aria-current="page">' + html.escape(game.page.abbreviation) + "</a>" in shown.text


def test_a_card_that_cannot_work_in_the_target_game_carries_the_warning_and_its_effect_verdict(
        site: TestClient, cli: Any) -> None:
    code, out, _ = cli("convert", "BJ:rashin-north", "--to", "BD", "--format", "json")
    record = json.loads(out)["records"][0]
    assert code == 0 and record["warning"]
    page = site.get("/games/break-joker/cards/rashin-north?to=build-divide").text
    warning = re.search(r'<p class="warning" role="alert">(.*?)</p>', page)
    assert warning is not None and html.escape(record["warning"]) in warning.group(1)
    effects = re.findall(r'<tr class="effect">(.*?)</tr>', page)
    assert len(effects) == 1 and "<td>cannot work</td>" in effects[0]
    assert "effects: 0 works · 0 works differently · 1 cannot work" in page
    printed = re.search(r"<pre>(.*?)</pre>", page, re.DOTALL)  # and the text `amalogs convert` prints
    assert printed is not None and "⚠" in printed.group(1) and "cannot work" in printed.group(1)


def test_an_unknown_game_card_or_report_is_a_404_page_naming_it(site: TestClient) -> None:
    cases = {"/games/nope": "unknown game 'nope'", "/games/BD/cards/nope": "has no card 'nope'",
             "/games/nope/cards/spark-imp": "unknown game 'nope'",
             "/games/BD/cards/spark-imp?to=nowhere": "unknown game 'nowhere'",
             "/reports/nope.html": "no report 'nope.html'", "/reports/nope.png": "no report 'nope.png'",
             "/reports/games/nope.png": "no report 'games/nope.png'",
             "/reports/balance/balance.html": "the balance report is played by `amalogs report`",
             "/games/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E": "unknown game '<img src=x onerror=alert(1)>'",
             "/games/BD/cards/%3Cscript%3Ealert(1)": "no card '<script>alert(1)'"}
    for path, words in cases.items():
        answer = site.get(path)
        assert answer.status_code == 404 and answer.headers["content-type"] == "text/html; charset=utf-8", path
        found = MESSAGE.findall(answer.text)
        assert len(found) == 1 and "\n" not in found[0] and html.unescape(words) in html.unescape(found[0]), path
        assert "Traceback" not in answer.text and "<script>" not in answer.text and "<img" not in answer.text


def test_a_card_page_shows_the_card_and_its_conversion_as_pictures(site: TestClient) -> None:
    """The card drawn as its game prints it, and converted (a proxy picture, as `amalogs card --picture` draws),
    both linked from the card page; an unknown card's picture is a 404 naming it."""
    from amalogs.catalog import load_catalog
    from amalogs.convert import convert_card
    from amalogs.report.cardpicture import card_picture

    page = site.get("/games/BD/cards/spark-imp?to=GH").text
    sources = re.findall(r'<img src="([^"]+)"', page)
    assert sources == ["/games/build-divide/cards/spark-imp/picture.png",
                       "/games/build-divide/cards/spark-imp/picture.png?to=guild-heroes"]
    cat = load_catalog()
    game, card = cat.card("BD", "spark-imp")
    converted = convert_card(card, game, cat.game("GH")).card
    assert converted is not None
    for src, expected in zip(sources, (card_picture(game, card, "png"),
                                       card_picture(cat.game("GH"), converted, "png")), strict=True):
        answer = site.get(html.unescape(src))
        assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
        assert answer.content == expected  # the same picture the command line draws
    missing = site.get("/games/BD/cards/nope/picture.png")
    assert missing.status_code == 404 and "has no card 'nope'" in html.unescape(missing.text)


def test_each_card_a_seat_sees_links_to_its_page_and_picture(client: TestClient) -> None:
    made = _create(client, seed=5)
    table = _table(client, made["id"])
    state = table.session.match.state
    page = client.get(made["seat1"]).text
    links = set(re.findall(r'<a class="see" href="/games/build-divide/cards/([^"]+)"', page))
    seen = {state.cards[int(u)].card_id for u in table.session.match.observation(0)["cards"]
            if state.cards[int(u)].owner == 0}
    assert {state.cards[u].card_id for u in state.seats[0].zones["hand"]} <= links
    assert links == seen  # every card of its own the seat may see (hand, field, territory), nothing else
    assert client.get(f"/games/build-divide/cards/{sorted(links)[0]}").status_code == 200


# --- the organiser's view ------------------------------------------------------------------------------------------


def _hands(table: Table) -> dict[int, list[str]]:
    """Each seat's cards as it knows them itself: its hand, its face-down cards, every card of its zones that are
    not counts (the decks and life cards stay counts)."""
    match, found = table.session.match, {}
    for seat in (0, 1):
        view = match.observation(seat)
        zones = [v for k, v in view["seats"][seat].items() if k not in SKIP_KEYS and isinstance(v, list)]
        found[seat] = [view["cards"][u]["name"] for zone in zones for u in zone if isinstance(u, int) and u >= 0]
    return found


def _organiser(made: dict[str, Any]) -> str:
    return str(made["organiser"]).removeprefix("http://testserver")


def test_the_organiser_link_goes_to_the_creator_only(client: TestClient, tmp_path: Path) -> None:
    page = client.post("/matches", data={"deck1": BD, "deck2": GH, "seat1": "person", "seat2": "greedy", "seed": "5"})
    found = re.search(r'<a class="organiser-link" href="http://testserver(/m/([^/]+)/organiser/([^"]+))"', page.text)
    assert found is not None
    link, match_id, token = found.groups()
    assert len(token) >= 32 and "keep it to yourself" in page.text
    seat = re.search(r'href="http://testserver(/m/[^"]+/seat/[^"]+)"', page.text)
    assert seat is not None
    for other in ("/", f"/m/{match_id}/watch", f"/m/{match_id}/watch/view", seat.group(1), f"{seat.group(1)}/view",
                  f"/api/matches/{match_id}", "/replay"):
        assert token not in client.get(other).text, other
    stored = json.loads((tmp_path / "data" / match_id / "table.json").read_text(encoding="utf-8"))
    assert stored["organiser"] == token and token not in {s["token"] for s in stored["seats"]}
    assert client.get(link).status_code == 200
    made = _create(client)
    assert _organiser(made).startswith(f"/m/{made['id']}/organiser/")  # the JSON answer has it too


@pytest.mark.parametrize("decks", [(BD, GH), ("SGK:hayama-midori", GH)], ids=["BD-GH", "SGK-GH (face-down cards)"])
def test_the_organiser_sees_both_hands_while_seats_and_spectators_still_see_only_their_own(
        client: TestClient, decks: tuple[str, str]) -> None:
    made = _create(client, seed=11, decks=decks)
    table = _table(client, made["id"])
    organiser = _organiser(made)
    pages: dict[int | None, str] = {0: made["seat1"], 1: made["seat2"], None: made["watch"]}
    seen, rng, face_down = Seen(), random.Random(11), 0
    seen.update(table)
    for moves in range(60):
        if table.finished:
            break
        if moves % 6 == 0:
            page, view = client.get(organiser), client.get(f"{organiser}/view").json()
            assert page.status_code == 200 and html.escape(ORGANISER_NOTE) in page.text
            assert 'data-stream="' + organiser + '/stream"' in page.text
            assert any(_hands(table).values())
            for text in (page.text, view["html"]):
                assert not _choices(text) and '"card down"' not in text  # no button, no card left face down
                for seat, names in _hands(table).items():
                    for name in names:
                        assert html.escape(name) in text, f"P{seat + 1}'s {name} missing from the organiser view"
            assert ORGANISER_NOTE not in client.get(made["watch"]).text
            seen.check(client, table, pages)  # the seats and spectators: still nothing they may not see
            face_down += sum(client.get(pages[seat]).text.count('"card down"') for seat in (0, 1))
        me = table.to_move()
        assert me is not None
        assert client.post(pages[me], json={"action": rng.choice(_choices(client.get(pages[me]).text))}).status_code \
            == 200
        seen.update(table)
    seen.check(client, table, pages)
    assert face_down > 0 or decks[0] == BD  # 戦国大戦's face-down cards: hidden from the other seat, shown here


def test_the_organiser_can_never_act(client: TestClient, tmp_path: Path) -> None:
    made = _create(client)
    table = _table(client, made["id"])
    organiser, token = _organiser(made), _organiser(made).rpartition("/")[2]
    save = tmp_path / "data" / made["id"] / "match.amalogs-save.json"
    before = (table.version, len(table.session.taken), save.read_text(encoding="utf-8"))
    legal = _choices(client.get(made[f"seat{(table.to_move() or 0) + 1}"]).text)
    assert client.post(organiser, json={"action": legal[0]}).status_code == 405
    assert client.post(organiser, data={"action": legal[0]}).status_code == 405
    as_seat = client.post(f"/m/{made['id']}/seat/{token}", json={"action": legal[0]})
    assert as_seat.status_code == 403 and "does not belong" in as_seat.json()["message"]
    assert client.get(f"/m/{made['id']}/seat/{token}").status_code == 403
    other = _create(client, seed=9)
    assert client.get(f"/m/{made['id']}/organiser/{_organiser(other).rpartition('/')[2]}").status_code == 403
    assert client.get(f"/m/{made['id']}/organiser/{made['seat1'].rpartition('/')[2]}").status_code == 403
    assert client.get(f"/m/{made['id']}/organiser/not-a-real-token/view").status_code == 403
    assert client.get(f"/m/nope/organiser/{token}").status_code == 404
    assert (table.version, len(table.session.taken), save.read_text(encoding="utf-8")) == before


def test_the_organiser_link_survives_a_restart_and_an_older_match_without_one_still_loads(
        tmp_path: Path, catalog: Catalog) -> None:
    data = tmp_path / "data"
    with TestClient(create_app(data, catalog)) as client:
        made, older = _create(client, seed=1), _create(client, seed=2)
    stored = data / older["id"] / "table.json"
    old = json.loads(stored.read_text(encoding="utf-8"))
    del old["organiser"]  # as a match saved before the organiser's view was written
    stored.write_text(json.dumps(old), encoding="utf-8")
    with TestClient(create_app(data, catalog)) as client:  # a restart
        assert client.app.state.store.broken == []  # type: ignore[attr-defined]
        page = client.get(_organiser(made))
        assert page.status_code == 200 and html.escape(ORGANISER_NOTE) in page.text
        assert client.get(older["seat1"]).status_code == 200 and client.get(f"/api/matches/{older['id']}").is_success
        assert client.get(f"/m/{older['id']}/organiser/{_organiser(made).rpartition('/')[2]}").status_code == 403


def test_the_organiser_page_follows_the_match_live_and_the_atlas_runs_under_the_csp_in_a_browser(tmp_path: Path, catalog: Catalog) -> None:
    sync_api = _browser_or_skip()
    import httpx

    from amalogs.web.server import running
    from tests.test_web import CHROMIUM, _version

    app = create_app(tmp_path / "data", catalog)
    with running(app) as base, sync_api.sync_playwright() as pw:
        table = app.state.store.create((f"build-divide:{BD.partition(':')[2]}", f"guild-heroes:{GH.partition(':')[2]}"),
                                       ("person", "person"), seed=3)
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 800})
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "404" not in m.text else None)
            page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400
                    and not r.url.endswith("/favicon.ico") else None)  # the browser asks for an icon the app has not
            page.goto(f"{base}/m/{table.id}/organiser/{table.organiser}")
            page.wait_for_function("() => document.getElementById('live').textContent.includes('live')")
            assert page.locator(".organiser-note").inner_text() == ORGANISER_NOTE
            rng = random.Random(3)
            for _ in range(3):
                old, me = _version(page), table.to_move()
                assert me is not None
                seat = f"{base}/m/{table.id}/seat/{table.seats[me].token}"
                action = rng.choice(table.session.match.legal_actions()).text()
                assert httpx.post(seat, json={"action": action}).status_code == 200
                page.wait_for_function(f"() => Number(document.body.dataset.version) > {old}", timeout=10000)
            text = page.locator("#table").inner_text()
            for names in _hands(table).values():
                assert all(name in text for name in names)
            assert page.locator("button.act").count() == 0 and not errors, errors
            page.screenshot(path=str(tmp_path / "organiser.png"), full_page=True)
            page.goto(f"{base}/reports/atlas.html", timeout=60000)  # its script and style are the app's own files
            page.locator(".game").first.hover()
            page.wait_for_function("() => !document.querySelector('#detail h2').textContent.startsWith('Hover')")
            swatch = page.locator(".swatch").first.evaluate("s => getComputedStyle(s).backgroundColor")
            assert swatch not in ("", "rgba(0, 0, 0, 0)") and not errors, errors
        finally:
            browser.close()
