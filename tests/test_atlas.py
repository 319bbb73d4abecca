"""The readable atlas: a colour per game that never repeats, games placed by similarity with the terms between
them, a PNG of one screen at twenty games, and a self-contained HTML page that works in a browser."""

from __future__ import annotations

import io
import json
import math
import re
import shutil
import subprocess
import warnings
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from itertools import combinations
from pathlib import Path
from statistics import median

import networkx as nx
import pytest
from matplotlib.image import imread

from amalogs.catalog import Catalog, load_catalog
from amalogs.compare.graphs import SECTIONS, atlas, atlas_links, onto_node
from amalogs.compare.similarity import matrix
from amalogs.report.atlas import (
    AtlasLayout,
    atlas_layout,
    game_colours,
    game_positions,
    games_layout,
    oklab,
)
from amalogs.report.atlas_page import atlas_page, page_data
from amalogs.report.atlas_picture import draw_atlas
from amalogs.report.generate import build_reports

from .conftest import USER_ROOT, Cli

RULE_ROOT = USER_ROOT.parent / "rule-games"
SVG = "{http://www.w3.org/2000/svg}"
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def twenty() -> Catalog:
    """The nine shipped games, the example user game and the ten rule games."""
    cat = load_catalog([USER_ROOT, RULE_ROOT])
    assert len(cat.games) == 20
    return cat


@pytest.fixture(scope="module")
def world(twenty: Catalog) -> nx.DiGraph:
    return atlas(twenty.games.values(), twenty.ontology)


@pytest.fixture(scope="module")
def distances(twenty: Catalog) -> list[list[float]]:
    return [[b.distance for b in row] for row in matrix(list(twenty.games.values()), twenty.ontology)]


@pytest.fixture(scope="module")
def layout(twenty: Catalog, world: nx.DiGraph, distances: list[list[float]]) -> AtlasLayout:
    return atlas_layout(world, list(twenty.games), distances)


@pytest.fixture(scope="module")
def page(layout: AtlasLayout) -> str:
    return atlas_page(layout)


# --- colours -----------------------------------------------------------------------------------------


def _closest(colours: list[str]) -> float:
    return min(math.dist(oklab(a), oklab(b)) for a, b in combinations(colours, 2))


@pytest.mark.parametrize("n", range(1, 41))
def test_every_game_has_a_colour_of_its_own(n: int) -> None:
    colours = game_colours(n)
    assert len(colours) == n and len(set(colours)) == n
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in colours)
    if n > 1:  # OKLab distance: about 0.02 is the smallest difference people see
        assert _closest(colours) > 0.06


@pytest.mark.parametrize("n", [100, 250])
def test_colours_never_repeat_even_for_many_games(n: int) -> None:
    colours = game_colours(n)
    assert len(set(colours)) == n and _closest(colours) > 0.02


def test_the_twenty_games_are_drawn_in_twenty_colours(layout: AtlasLayout) -> None:
    colours = [layout.places[g].colour for g in layout.games]
    assert len(set(colours)) == 20 and _closest(colours) > 0.1


# --- layout ------------------------------------------------------------------------------------------


def _extremes(ids: list[str], distances: list[list[float]]) -> tuple[tuple[int, int], tuple[int, int]]:
    pairs = list(combinations(range(len(ids)), 2))
    return min(pairs, key=lambda p: distances[p[0]][p[1]]), max(pairs, key=lambda p: distances[p[0]][p[1]])


def test_the_most_similar_pair_is_closer_than_the_least_similar(layout: AtlasLayout,
                                                                distances: list[list[float]]) -> None:
    ids = list(layout.games)
    (a, b), (c, d) = _extremes(ids, distances)
    assert distances[a][b] < distances[c][d]

    def apart(x: int, y: int) -> float:
        p, q = layout.places[ids[x]], layout.places[ids[y]]
        return math.dist((p.x, p.y), (q.x, q.y))

    assert apart(a, b) < apart(c, d)
    unit = game_positions(distances)
    assert math.dist(unit[a], unit[b]) < math.dist(unit[c], unit[d])


def test_the_seven_shipped_games_too(catalog: Catalog) -> None:
    games = list(catalog.games.values())
    d = [[b.distance for b in row] for row in matrix(games, catalog.ontology)]
    (a, b), (c, e) = _extremes([g.id for g in games], d)
    unit = game_positions(d)
    assert math.dist(unit[a], unit[b]) < math.dist(unit[c], unit[e])


def test_game_positions_of_few_or_identical_games() -> None:
    assert game_positions([]) == []
    assert game_positions([[0.0]]) == [(0.0, 0.0)]
    two = game_positions([[0.0, 0.5], [0.5, 0.0]])
    assert math.dist(*two) > 1.5  # opposite sides of the middle
    same = game_positions([[0.0] * 3] * 3)
    assert min(math.dist(p, q) for p, q in combinations(same, 2)) > 1.0
    assert game_positions([[0.0, 0.3, 0.9], [0.3, 0.0, 0.8], [0.9, 0.8, 0.0]]) == \
        game_positions([[0.0, 0.3, 0.9], [0.3, 0.0, 0.8], [0.9, 0.8, 0.0]])


def test_no_two_boxes_overlap_and_all_fit(layout: AtlasLayout) -> None:
    width, height = layout.size
    boxes = list(layout.places.values())
    for p in boxes:
        assert 0 <= p.x - p.w / 2 and p.x + p.w / 2 <= width and 0 <= p.y - p.h / 2 and p.y + p.h / 2 <= height
    for p, q in combinations(boxes, 2):
        assert abs(p.x - q.x) >= (p.w + q.w) / 2 - 1e-3 or abs(p.y - q.y) >= (p.h + q.h) / 2 - 1e-3, (p.node, q.node)


def test_terms_sit_between_the_games_that_map_them(layout: AtlasLayout, world: nx.DiGraph) -> None:
    """Each term is nearer the mean place of its own games than of the others (typically, not always: the
    boxes had to make room for one another)."""
    games: dict[str, list[str]] = {}
    for link in atlas_links(world):
        games.setdefault(link.term, []).append(link.game)

    def mean(ids: list[str]) -> tuple[float, float]:
        return (sum(layout.places[g].x for g in ids) / len(ids), sum(layout.places[g].y for g in ids) / len(ids))

    own, other = [], []
    for term, ids in games.items():
        rest = [g for g in layout.games if g not in ids]
        if rest and len(ids) <= 6:
            p = layout.places[term]
            own.append(math.dist((p.x, p.y), mean(ids)))
            other.append(math.dist((p.x, p.y), mean(rest)))
    assert len(own) > 20 and median(own) < 0.7 * median(other)
    assert sum(o < r for o, r in zip(own, other)) > 0.8 * len(own)


def _made_up(n: int, own: int) -> tuple[nx.DiGraph, list[str], list[list[float]]]:
    """``n`` games in a row (similar to their neighbours), each mapping ``own`` terms of its own and one shared."""
    g = nx.DiGraph()
    ids = [f"game-{i:02d}" for i in range(n)]
    for i, gid in enumerate(ids):
        g.add_node(gid, kind="game", label=f"ゲーム{i}", en=f"Game {i}", abbreviation=f"G{i}", layer="game", game=gid)
        for j in [*range(i * own, (i + 1) * own), -1]:
            term = onto_node("genus", f"用語{j}")
            g.add_node(term, kind="genus", label=f"用語{j}", en=f"Term {j}", layer="ontology")
            native = f"{gid}:card_type:c{j}"
            g.add_node(native, kind="card_type", label=f"札{j}", en="", game=gid, layer="game")
            g.add_edge(gid, native, relation="has")
            g.add_edge(native, term, relation="maps_to", via="genus")
    return g, ids, [[abs(i - j) / n for j in range(n)] for i in range(n)]


def test_thirty_games_in_a_row_do_not_pile_up() -> None:
    g, ids, d = _made_up(30, 5)
    layout = atlas_layout(g, ids, d)
    boxes = list(layout.places.values())
    assert len(boxes) == 30 + 151
    overlapping = [(p.node, q.node) for p, q in combinations(boxes, 2)
                   if abs(p.x - q.x) < (p.w + q.w) / 2 - 1e-3 and abs(p.y - q.y) < (p.h + q.h) / 2 - 1e-3]
    assert overlapping == []
    (a, b), (c, e) = _extremes(ids, d)
    assert math.dist(layout.places[ids[a]].xy, layout.places[ids[b]].xy) < \
        math.dist(layout.places[ids[c]].xy, layout.places[ids[e]].xy)
    assert len({layout.places[i].colour for i in ids}) == 30


def test_an_empty_or_lonely_atlas_still_draws() -> None:
    empty = atlas_layout(nx.DiGraph(), [], [])
    assert empty.places == {} and draw_atlas(empty).startswith(b"\x89PNG")
    assert 'class="game"' not in atlas_page(empty)
    g, ids, d = _made_up(1, 2)
    lonely = atlas_layout(g, ids, d)
    assert set(lonely.places) == {"game-00", onto_node("genus", "用語0"), onto_node("genus", "用語1"),
                                  onto_node("genus", "用語-1")}
    assert 'data-game="game-00"' in atlas_page(lonely)


def test_a_crowded_picture_grows() -> None:
    g, ids, d = _made_up(12, 4)
    assert atlas_layout(g, ids, d).size == (12.8, 7.2)
    width, height = atlas_layout(g, ids, d, size=(4.0, 2.25)).size
    assert width > 4.0 and width / height == pytest.approx(4.0 / 2.25, rel=0.01)


def test_every_mapped_term_and_every_link_is_laid_out(layout: AtlasLayout, world: nx.DiGraph) -> None:
    links = atlas_links(world)
    assert {c.link for c in layout.curves} == set(links)
    terms = {link.term for link in links}
    ontology = {n for n, d in world.nodes(data=True) if d.get("layer") == "ontology"}
    assert set(layout.places) == terms | set(layout.games)
    assert set(layout.unmapped) == ontology - terms
    assert {link.section for link in links} <= set(SECTIONS)


# --- the picture -------------------------------------------------------------------------------------


def test_the_png_of_twenty_games_fits_one_screen(layout: AtlasLayout) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        png = draw_atlas(layout, "png", title="AMALOGS atlas")
    assert not [w for w in caught if "missing from font" in str(w.message)]
    height, width = imread(io.BytesIO(png)).shape[:2]
    assert width <= 1920 and height <= 1080


def test_the_svg_keeps_labels_as_text(layout: AtlasLayout) -> None:
    root = ET.fromstring(draw_atlas(layout, "svg"))
    text = "".join(root.itertext())
    assert "キャラ" in text and "ヒーローデュエル" in text


# --- the page ----------------------------------------------------------------------------------------


class _Balance(HTMLParser):
    """Every element opened is closed, in order (void elements excepted)."""

    VOID = frozenset({"meta", "input", "br", "img", "link", "hr", "path", "rect"})  # path, rect: self-closed in the SVG

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.seen: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.add(tag)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.add(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()


def test_the_page_is_well_formed(page: str) -> None:
    checker = _Balance()
    checker.feed(page)
    checker.close()
    assert checker.stack == [] and {"html", "head", "body", "svg", "script", "style"} <= checker.seen
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    svg = ET.fromstring(page[page.index("<svg"):page.index("</svg>") + 6])  # the drawing is well-formed XML
    assert svg.tag == f"{SVG}svg"


def test_the_page_works_offline(page: str) -> None:
    assert not re.search(r'(src|href)\s*=\s*"(?!data:)|https?://(?!www\.w3\.org/2000/svg)|@import|url\(', page)


def _svg(page: str) -> ET.Element:
    return ET.fromstring(page[page.index("<svg"):page.index("</svg>") + 6])


def test_the_page_holds_every_game_and_term_with_hover_and_filter_data(page: str, layout: AtlasLayout,
                                                                      world: nx.DiGraph) -> None:
    svg = _svg(page)
    groups = list(svg.iter(f"{SVG}g"))
    games = {g.get("data-game") for g in groups if g.get("class") == "game"}
    terms = {g.get("data-term"): g for g in groups if g.get("class") == "term"}
    assert games == set(layout.games)
    links = atlas_links(world)
    assert set(terms) == {link.term for link in links}
    for link in links:
        assert link.game in terms[link.term].get("data-games", "").split()
        assert terms[link.term].get("data-section") == link.section
    paths = [(p.get("data-game"), p.get("data-term"), p.get("data-section")) for p in svg.iter(f"{SVG}path")]
    assert sorted(paths) == sorted((lk.game, lk.term, lk.section) for lk in links)
    for term in layout.unmapped:  # the terms no game maps are listed beside the drawing
        assert f'data-term="{term}"' in page
    filters = set(re.findall(r'<input type="checkbox" data-section="(\w+)" checked>', page))
    assert filters == {link.section for link in links}
    data = json.loads(re.search(r'<script type="application/json" id="atlas-data">(.*?)</script>', page, re.DOTALL)[1])
    assert data == json.loads(json.dumps(page_data(layout)))
    hd = data["terms"][onto_node("stat", "HP")]["maps"]
    assert set(hd) >= {"hero-duel", "pocket-clash"} and all(isinstance(n, list) for n in hd.values())


def test_names_from_data_cannot_break_the_page() -> None:
    g = nx.DiGraph()
    g.add_node("evil", kind="game", label="</script><b>悪</b>", en="A & B", abbreviation="<E>", layer="game",
               game="evil")
    g.add_node("onto:genus:キャラ", kind="genus", label="キャラ", en='"Character"', layer="ontology")
    g.add_node("evil:card_type:x", kind="card_type", label="]]></title>", en="", game="evil", layer="game")
    g.add_edge("evil", "evil:card_type:x", relation="has")
    g.add_edge("evil:card_type:x", "onto:genus:キャラ", relation="maps_to", via="genus")
    page = atlas_page(atlas_layout(g, ["evil"], [[0.0]]))
    assert page.count("</script>") == 2 and "<b>" not in page
    svg = _svg(page)
    assert "</script><b>悪</b>" in "".join(svg.itertext())
    data = json.loads(re.search(r'id="atlas-data">(.*?)</script>', page, re.DOTALL)[1])
    assert data["terms"]["onto:genus:キャラ"]["maps"] == {"evil": ["]]></title>"]}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: the script's syntax is not checked")
def test_the_script_parses(page: str, tmp_path: Path) -> None:
    script = page[page.rindex("<script>") + 8:page.rindex("</script>")]
    (tmp_path / "atlas.js").write_text(script, encoding="utf-8")
    done = subprocess.run(["node", "--check", str(tmp_path / "atlas.js")], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


# --- where it is made --------------------------------------------------------------------------------


def test_the_reports_have_the_atlas_page(catalog: Catalog) -> None:
    report = build_reports(catalog)
    assert {"atlas.png", "atlas.html"} <= set(report.pictures)
    assert report.pictures["atlas.png"][0] == report.pictures["atlas.html"][0]  # one layout, one digest
    assert "(atlas.html)" in report.texts["README.md"] and 'href="atlas.html"' in report.texts["index.html"]
    page = report.pictures["atlas.html"][1]().decode("utf-8")
    assert all(f'data-game="{g}"' in page for g in catalog.games)


def test_graph_command_writes_the_html_atlas(cli: Cli, tmp_path: Path, catalog: Catalog) -> None:
    out = tmp_path / "atlas.html"
    code, _, err = cli("graph", "--format", "html", "--out", str(out))
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert all(f'data-game="{g}"' in page for g in catalog.games)
    code, _, err = cli("graph", "BD", "--format", "html", "--out", str(tmp_path / "bd.html"))
    assert code == 0 and 'class="game" data-game="build-divide"' in (tmp_path / "bd.html").read_text(encoding="utf-8")
    assert 'data-game="sengoku-taisen"' not in (tmp_path / "bd.html").read_text(encoding="utf-8")
    code, _, err = cli("graph", "--ontology", "--format", "html", "--out", str(tmp_path / "o.html"))
    assert code == 1 and "--ontology" in err and not (tmp_path / "o.html").exists()


def test_graph_command_draws_the_readable_atlas(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "atlas.png"
    code, _, err = cli("graph", "--format", "png", "--out", str(out))
    assert code == 0, err
    height, width = imread(str(out)).shape[:2]
    assert (width, height) == (1920, 1080)


def test_games_layout_is_the_same_layout(catalog: Catalog) -> None:
    games = list(catalog.games.values())
    world = atlas(games, catalog.ontology)
    d = [[b.distance for b in row] for row in matrix(games, catalog.ontology)]
    assert games_layout(games, catalog.ontology) == atlas_layout(world, [g.id for g in games], d)


# --- in a browser ------------------------------------------------------------------------------------


def test_the_page_works_in_a_browser(page: str, layout: AtlasLayout, tmp_path: Path) -> None:
    """Loads in Chromium (Debian's, driven by Playwright) without a console error; hovering a term lights its
    links and games and shows each game's own word for it (by its box and in the side panel); a section can be
    hidden; the wheel zooms."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if not CHROMIUM.is_file():
        pytest.skip(f"no browser at {CHROMIUM} (Debian's chromium package)")
    path = tmp_path / "atlas.html"
    path.write_text(page, encoding="utf-8")
    term = onto_node("genus", "キャラ")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            tab = browser.new_page(viewport={"width": 1600, "height": 900})
            errors: list[str] = []
            tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            tab.on("pageerror", lambda e: errors.append(str(e)))
            tab.goto(path.as_uri())
            tab.wait_for_load_state("load")
            assert tab.locator("svg .term").count() == sum(p.kind != "game" for p in layout.places.values())
            tab.locator(f'.term[data-term="{term}"]').hover()
            lit = tab.locator(f'.link.hl[data-term="{term}"]').count()
            assert lit == sum(c.link.term == term for c in layout.curves) > 0
            assert tab.locator(".game.hl").count() == lit
            assert "クリーチャー" in tab.locator("#detail").inner_text()
            assert tab.locator("#natives text").count() == lit  # each game's own word, by its box
            tab.mouse.move(5, 5)
            tab.locator('#sections input[data-section="zone"]').uncheck()
            assert tab.locator('.link[data-section="zone"]').first.is_hidden()
            before = tab.locator("#atlas").get_attribute("viewBox")
            box = tab.locator("#atlas").bounding_box()
            assert box is not None
            tab.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            tab.mouse.wheel(0, -400)
            tab.wait_for_function(f'document.getElementById("atlas").getAttribute("viewBox") !== "{before}"')
            assert errors == []
        finally:
            browser.close()
