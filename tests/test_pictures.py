"""Graph exports round-trip, and pictures are real Japanese text, never piled up, the same bytes every time."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET
from enum import Enum
from itertools import combinations
from pathlib import Path

import matplotlib
import networkx as nx
import numpy as np
import pydot
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.ft2font import FT2Font

from amalogs.catalog import Catalog
from amalogs.compare.graphs import atlas, game_graph
from amalogs.errors import AmalogsError
from amalogs.errors import FormatError, PictureError
from amalogs.report.exports import FORMATS, export_graph
from amalogs.report.pictures import (
    FONT_SIZE, draw_graph, font_family, font_path, graph_figure, heatmap, layout,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def world(catalog: Catalog) -> nx.DiGraph:
    return atlas(catalog.games.values(), catalog.ontology)


@pytest.fixture(scope="module")
def games(catalog: Catalog) -> dict[str, nx.DiGraph]:
    return {gid: game_graph(game, catalog.ontology) for gid, game in catalog.games.items()}


@pytest.fixture(scope="module")
def drawn(world: nx.DiGraph) -> dict[str, bytes]:
    """The atlas drawn once per format; any 'missing glyph' warning would mean boxes instead of text."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pictures = {fmt: draw_graph(world, fmt, title="AMALOGS atlas") for fmt in ("png", "svg")}
    assert not [w for w in caught if "missing from font" in str(w.message)]
    return pictures


# --- exports -----------------------------------------------------------------------------------------


def _same_graph(back: nx.DiGraph, g: nx.DiGraph) -> None:
    assert set(back.nodes) == set(g.nodes)
    assert set(back.edges) == set(g.edges)
    assert dict(back.nodes(data=True)) == dict(g.nodes(data=True))
    assert {(u, v): d for u, v, d in back.edges(data=True)} == {(u, v): d for u, v, d in g.edges(data=True)}


def test_graphml_round_trip(world: nx.DiGraph) -> None:
    _same_graph(nx.read_graphml(io.BytesIO(export_graph(world, "graphml"))), world)


def test_gexf_round_trip(world: nx.DiGraph) -> None:
    back = nx.read_gexf(io.BytesIO(export_graph(world, "gexf")))
    for _, _, attrs in back.edges(data=True):
        del attrs["id"]  # GEXF numbers its edges; the reader hands the number back
    _same_graph(back, world)


def test_node_link_json_round_trip(world: nx.DiGraph) -> None:
    text = export_graph(world, "json").decode("utf-8")
    assert "キャラ科" in text  # ensure_ascii=False: Japanese stays readable
    _same_graph(nx.node_link_graph(json.loads(text), edges="edges"), world)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # pydot's parser uses old pyparsing names
def test_dot_parses_back_with_pydot(games: dict[str, nx.DiGraph]) -> None:
    """One game with the ontology terms it links to (the atlas parses the same, but pydot needs seconds)."""
    g = games["break-joker"]
    parsed = pydot.graph_from_dot_data(export_graph(g, "dot").decode("utf-8"))
    assert parsed is not None and len(parsed) == 1
    names = [node.get_name().strip('"') for node in parsed[0].get_nodes()]
    assert sorted(names) == sorted(g.nodes)
    assert len(parsed[0].get_edges()) == g.number_of_edges()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_dot_quotes_awkward_ids_and_values() -> None:
    g = nx.DiGraph(name='a "quoted" name')
    g.add_edge("node", 'x:"y"\\z', relation="次 -> 前", weight=1.5)
    parsed = pydot.graph_from_dot_data(export_graph(g, "dot").decode("utf-8"))
    assert parsed is not None
    assert len(parsed[0].get_nodes()) == 2 and len(parsed[0].get_edges()) == 1


@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json", "dot"])
def test_exports_are_deterministic_and_ignore_insertion_order(world: nx.DiGraph, fmt: str) -> None:
    shuffled = nx.DiGraph()
    shuffled.graph.update(world.graph)
    shuffled.add_nodes_from(reversed(list(world.nodes(data=True))))
    shuffled.add_edges_from(reversed(list(world.edges(data=True))))
    assert export_graph(world, fmt) == export_graph(world, fmt) == export_graph(shuffled, fmt)


class Colour(Enum):
    RED = "赤"


def test_exports_make_attribute_values_plain() -> None:
    g = nx.DiGraph()
    g.add_node("a", colour=Colour.RED, missing=None, tags=["x", "y"], mixed=1)
    g.add_node("b", mixed="one")
    back = nx.read_graphml(io.BytesIO(export_graph(g, "graphml")))
    assert back.nodes["a"] == {"colour": "赤", "tags": "['x', 'y']", "mixed": "1"}
    assert back.nodes["b"] == {"mixed": "one"}


def test_unknown_format_names_the_allowed_ones(world: nx.DiGraph) -> None:
    with pytest.raises(AmalogsError, match="graphml, gexf, json, dot, svg, png"):
        export_graph(world, "pdf")
    assert FORMATS == ("graphml", "gexf", "json", "dot", "svg", "png")


# --- the font ----------------------------------------------------------------------------------------


def test_the_font_has_a_glyph_for_every_label(world: nx.DiGraph) -> None:
    font = FT2Font(str(font_path()))
    text = "".join(str(d.get("label", "")) + str(d.get("en", "")) for _, d in world.nodes(data=True))
    missing = sorted({ch for ch in text if ord(ch) > 127 and font.get_char_index(ord(ch)) == 0})
    assert not missing
    assert font_family() == "IPAexGothic"


def _render(text: str, prop: FontProperties) -> np.ndarray:
    fig = Figure(figsize=(1.6, 0.5), dpi=100)
    fig.text(0.05, 0.25, text, fontproperties=prop)
    canvas = FigureCanvasAgg(fig)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # DejaVu Sans warns about the glyphs it lacks
        canvas.draw()
    return np.asarray(canvas.buffer_rgba()).copy()


def test_japanese_renders_as_glyphs_not_boxes() -> None:
    ipa = FontProperties(family=font_family(), size=16)
    dejavu = FontProperties(fname=Path(matplotlib.get_data_path()) / "fonts/ttf/DejaVuSans.ttf", size=16)
    kyara = _render("キャラ", ipa)
    assert (kyara[..., :3] < 128).any()
    assert not np.array_equal(kyara, _render("キャラ", dejavu))
    assert not np.array_equal(kyara, _render("デッキ", ipa))
    # a font without Japanese draws one and the same box for every katakana: what the checks above rule out
    assert np.array_equal(_render("キャラ", dejavu), _render("デッキ", dejavu))


# --- graph pictures ----------------------------------------------------------------------------------


def test_png_is_a_png(drawn: dict[str, bytes]) -> None:
    assert drawn["png"].startswith(PNG_SIGNATURE)


def test_svg_keeps_japanese_labels_as_text(drawn: dict[str, bytes], world: nx.DiGraph) -> None:
    root = ET.fromstring(drawn["svg"])
    texts = {t.text for t in root.iter(f"{SVG}text")}
    assert {"キャラ科", "ギルドヒーローズ", "戦国大戦TCG"} <= texts
    assert "IPAexGothic" in drawn["svg"].decode("utf-8")
    assert {g.get("id") for g in root.iter(f"{SVG}g")} >= set(world.nodes)


def _assert_no_pile_up(g: nx.DiGraph) -> None:
    pos = layout(g)
    assert set(pos) == set(g.nodes)
    closest = min(((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 for (x1, y1), (x2, y2) in combinations(pos.values(), 2))
    assert closest * 72 >= FONT_SIZE


def test_atlas_nodes_do_not_pile_up(world: nx.DiGraph) -> None:
    _assert_no_pile_up(world)


def test_game_nodes_do_not_pile_up(games: dict[str, nx.DiGraph]) -> None:
    for g in games.values():
        _assert_no_pile_up(g)


def test_atlas_label_boxes_do_not_overlap_and_fit(world: nx.DiGraph) -> None:
    fig = graph_figure(world, title="AMALOGS atlas")
    renderer = FigureCanvasAgg(fig).get_renderer()
    boxes = []
    for text in fig.axes[0].texts:
        if text.get_gid():
            text.update_bbox_position_size(renderer)
            patch = text.get_bbox_patch()
            assert patch is not None
            boxes.append(patch.get_window_extent(renderer).extents)
    assert len(boxes) == world.number_of_nodes()
    x0, y0, x1, y1 = np.array(boxes).T
    assert x0.min() >= 0 and y0.min() >= 0 and x1.max() <= fig.bbox.width and y1.max() <= fig.bbox.height
    overlap = (x0[:, None] < x1[None, :]) & (x0[None, :] < x1[:, None]) \
        & (y0[:, None] < y1[None, :]) & (y0[None, :] < y1[:, None])
    np.fill_diagonal(overlap, False)
    assert not overlap.any()


def test_pictures_are_the_same_bytes_every_time(games: dict[str, nx.DiGraph]) -> None:
    g = games["break-joker"]
    for fmt in ("png", "svg"):
        assert draw_graph(g, fmt, title=g.name) == export_graph(g, fmt)


def test_drawing_leaves_global_settings_alone(drawn: dict[str, bytes]) -> None:
    assert matplotlib.rcParams["svg.hashsalt"] is None
    assert "IPAexGothic" not in matplotlib.rcParams["font.family"]


def test_an_empty_graph_still_draws() -> None:
    assert draw_graph(nx.DiGraph(), "png").startswith(PNG_SIGNATURE)


# --- heatmap -----------------------------------------------------------------------------------------


MATRIX = [[1.0, 0.25, 0.5], [0.25, 1.0, 0.125], [0.5, 0.125, 1.0]]
LABELS = ["ビルディバイド", "ギルドヒーローズ", "戦国大戦TCG"]


def test_heatmap_writes_values_and_labels() -> None:
    svg = heatmap(MATRIX, LABELS, "svg", title="類似度")
    texts = {t.text for t in ET.fromstring(svg).iter(f"{SVG}text")}
    assert {"0.25", "0.50", "0.12", "1.00", "類似度", *LABELS} <= texts
    assert svg == heatmap(MATRIX, LABELS, "svg", title="類似度")
    assert heatmap(MATRIX, LABELS, "png").startswith(PNG_SIGNATURE)


def test_heatmap_rejects_bad_input() -> None:
    with pytest.raises(PictureError, match="expected 3×3"):
        heatmap(MATRIX[:2], LABELS, "png")
    with pytest.raises(FormatError, match="png, svg"):
        heatmap(MATRIX, LABELS, "jpg")


def test_importing_the_modules_loads_no_plotting_or_graph_library() -> None:
    code = ("import sys, amalogs.report.pictures, amalogs.report.exports; "
            "print(sorted(m for m in ('matplotlib', 'networkx', 'pydot') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
