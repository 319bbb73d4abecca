"""Card pictures and proxy sheets: real card size (63 × 88 mm), the PROXY mark on every card, Japanese text wrapped
inside the card, every game drawn (a game added as data too), and printable A4 PDF pages with cut marks."""

from __future__ import annotations

import io
import math
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from amalogs.catalog import Catalog, load_catalog
from amalogs.convert.decks import convert_deck
from amalogs.errors import AmalogsError, FormatError, PictureError
from amalogs.report.cardlayout import (
    CARD,
    DEFAULT_LAYOUT,
    LAYOUTS,
    PROXY_MARK,
    layout_of,
    wrap,
)
from amalogs.report.cardpicture import card_picture, write_card_picture
from amalogs.report.figures import text_width
from amalogs.report.proxysheet import A4, PER_PAGE, proxy_sheet, sheet_slots

from .conftest import Cli
from .datagames import HP_GAME, build_hp_game

SVG = "{http://www.w3.org/2000/svg}"
MM_PER_PT = 25.4 / 72
needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                    reason="pdftoppm is missing (Debian's poppler-utils; .ci/run installs it)")


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="module")
def spark_imp_svg(catalog: Catalog) -> ET.Element:
    game = catalog.game("build-divide")
    return ET.fromstring(card_picture(game, catalog.cards(game.id)["spark-imp"], "svg"))


# --- one card ----------------------------------------------------------------------------------------------

def test_the_svg_is_well_formed_and_carries_the_card_as_text(spark_imp_svg: ET.Element) -> None:
    assert spark_imp_svg.findtext(f"{SVG}title") == "火花の小鬼"
    desc = spark_imp_svg.findtext(f"{SVG}desc") or ""
    for shown in (PROXY_MARK, "プレイコスト0", "ユニット", "赤", "属性「鬼」", "パワー1000", "ヒット1", "バースト",
                  "1000ダメージ"):
        assert shown in desc, shown


def test_the_svg_draws_its_glyphs_as_paths_at_real_size(spark_imp_svg: ET.Element) -> None:
    """Glyphs are paths (the card renders the same without the font), the card 63 × 88 mm, the mark drawn."""
    assert not list(spark_imp_svg.iter(f"{SVG}text"))
    assert list(spark_imp_svg.iter(f"{SVG}path"))
    width, height = (float(spark_imp_svg.attrib[k].removesuffix("pt")) * MM_PER_PT for k in ("width", "height"))
    assert (width, height) == pytest.approx(CARD, abs=0.01)
    drawn = ET.tostring(spark_imp_svg, encoding="unicode")
    assert "火花の小鬼" in drawn  # matplotlib names each text it drew as paths (in a comment)


def test_the_svg_shows_the_proxy_mark(catalog: Catalog) -> None:
    game = catalog.game("magic-the-gathering")
    svg = card_picture(game, catalog.cards(game.id)["sera-ember-sage"], "svg").decode("utf-8")
    assert svg.count(f"<!-- {PROXY_MARK} -->") == 2  # in the art window and in the footer
    assert "<!-- 3 -->" in svg and "忠誠度" in svg  # the loyalty box, by its printed name


def test_the_png_has_the_proportion_of_a_card(catalog: Catalog) -> None:
    game = catalog.game("sengoku-taisen")
    png = card_picture(game, catalog.cards(game.id)["takamori-retsudou"], "png")
    width, height = _png_size(png)
    assert width / height == pytest.approx(63 / 88, abs=0.002)
    assert width == round(63 / 25.4 * 300)  # 300 dpi: print resolution


def test_a_picture_is_svg_or_png(catalog: Catalog) -> None:
    game = catalog.game("build-divide")
    with pytest.raises(FormatError):
        card_picture(game, catalog.cards(game.id)["spark-imp"], "jpg")


@pytest.mark.parametrize("game_id", sorted(LAYOUTS))
def test_every_shipped_game_has_a_layout_and_draws_its_cards(catalog: Catalog, game_id: str) -> None:
    game = catalog.game(game_id)
    assert layout_of(game) is LAYOUTS[game_id]
    card = max(catalog.cards(game_id).values(), key=lambda c: (len(c.stats), len(c.text or "")))
    root = ET.fromstring(card_picture(game, card, "svg"))
    assert root.findtext(f"{SVG}title") == card.name
    assert PROXY_MARK in (root.findtext(f"{SVG}desc") or "")


def test_the_cost_sits_in_the_corner_the_game_prints_it_in(catalog: Catalog) -> None:
    """ビルディバイド prints the cost top left, Magic top right: the red of the cost is where the game puts it."""
    def red_in(game_id: str, card_id: str, left: bool) -> int:
        game = catalog.game(game_id)
        image = Image.open(io.BytesIO(card_picture(game, catalog.cards(game_id)[card_id], "png"))).convert("RGB")
        w, _ = image.size
        box = (40, 35, 140, 115) if left else (w - 140, 35, w - 40, 115)
        pixels = np.asarray(image.crop(box), dtype=int)
        return int(((pixels[..., 0] > 180) & (pixels[..., 1] < 110) & (pixels[..., 2] < 110)).sum())

    assert red_in("build-divide", "spark-imp", left=True) > 500
    assert red_in("build-divide", "spark-imp", left=False) == 0
    assert red_in("magic-the-gathering", "ember-scout", left=False) > 500
    assert red_in("magic-the-gathering", "ember-scout", left=True) == 0


def test_a_game_added_as_data_gets_a_card_picture(tmp_path: Path) -> None:
    """No layout is written for it: its cost and battle stats come from its page (大コスト, AP and HP)."""
    cat = load_catalog([build_hp_game(tmp_path)])
    game = cat.game(HP_GAME)
    assert layout_of(game) is DEFAULT_LAYOUT
    root = ET.fromstring(card_picture(game, cat.cards(HP_GAME)["ember-pup"], "svg"))
    desc = root.findtext(f"{SVG}desc") or ""
    assert root.findtext(f"{SVG}title") == "ほのおの子犬"
    assert "コスト3" in desc and "ワザ30" in desc and "HP120" in desc


# --- text inside the card ----------------------------------------------------------------------------------

def test_long_japanese_text_wraps_inside_the_width() -> None:
    text = "【自動】このユニットがアタックした時、このターン、自分のユニットすべてのパワーを+2000する。" * 3
    lines = wrap(text, 150.0, 6.5)
    assert len(lines) > 3
    assert "".join(lines) == text
    assert all(text_width(line, 6.5) <= 150.0 for line in lines)
    assert not [line for line in lines[1:] if line[0] in "、。」】ー"]  # 禁則: no line starts so
    assert not [line for line in lines[:-1] if line[-1] in "「【"]
    assert all("+2000" in line or "+" not in line for line in lines)  # a number is never split


def test_text_too_long_for_the_card_is_cut_not_spilled(catalog: Catalog) -> None:
    game = catalog.game("build-divide")
    card = catalog.cards(game.id)["spark-imp"]
    long_card = card.model_copy(update={"text": "相手のユニット1体に1000ダメージを与える。" * 40})
    svg = card_picture(game, long_card, "svg").decode("utf-8")
    drawn = re.findall(r"<!-- (.*?) -->", svg)
    assert any(line.endswith("…") for line in drawn)
    assert sum(len(line) for line in drawn if "ダメージ" in line) < len(long_card.text or "")


# --- files -------------------------------------------------------------------------------------------------

def test_write_card_picture_chooses_the_format_by_suffix(catalog: Catalog, tmp_path: Path) -> None:
    game = catalog.game("guild-heroes")
    card = catalog.cards(game.id)["rio-sword-captain"]
    write_card_picture(game, card, tmp_path / "rio.SVG")
    write_card_picture(game, card, tmp_path / "rio.png")
    assert ET.parse(tmp_path / "rio.SVG").getroot().tag == f"{SVG}svg"
    assert _png_size((tmp_path / "rio.png").read_bytes())[0] == 744
    with pytest.raises(AmalogsError, match="exists"):
        write_card_picture(game, card, tmp_path / "rio.png")
    write_card_picture(game, card, tmp_path / "rio.png", force=True)
    with pytest.raises(PictureError, match=r"\.svg or \.png, not \.jpg") as refused:
        write_card_picture(game, card, tmp_path / "rio.jpg")
    assert "\n" not in str(refused.value)
    assert not (tmp_path / "rio.jpg").exists()


# --- proxy sheets ------------------------------------------------------------------------------------------

def test_the_sheet_grid_holds_cards_at_real_size_centred_on_a4() -> None:
    pages = sheet_slots(20)
    assert [len(p) for p in pages] == [9, 9, 2]
    slots = pages[0]
    xs, ys = sorted({x for x, _ in slots}), sorted({y for _, y in slots})
    assert [b - a for a, b in pairwise(xs)] == pytest.approx([63.0, 63.0])
    assert [b - a for a, b in pairwise(ys)] == pytest.approx([88.0, 88.0])
    assert xs[0] == pytest.approx(A4[0] - (xs[-1] + 63.0))  # centred
    assert ys[0] == pytest.approx(A4[1] - (ys[-1] + 88.0))
    assert xs[0] > 7.5 and ys[0] > 7.5  # room for the cut marks


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """BD:red-aggro converted to ギルドヒーローズ and printed once; with the number of cards it holds."""
    cat = load_catalog()
    source, target = cat.game("build-divide"), cat.game("guild-heroes")
    result = convert_deck(cat.decks(source.id)["red-aggro"][0], source, cat.cards(source.id), target,
                          cat.cards(target.id))
    deck = result.deck
    cards = sum(sum(part.values()) for part in (deck.main, *deck.side.values(), *deck.extra.values()))
    out = tmp_path_factory.mktemp("proxies") / "sheet.pdf"
    code, stdout, stderr = Cli()("proxies", "BD:red-aggro", "--to", "GH", "--out", str(out))
    assert code == 0, stderr
    assert f"{cards} GH proxies on {math.ceil(cards / PER_PAGE)} A4 page(s)" in stdout
    return out, cards


def test_the_pdf_has_a_page_per_nine_cards_all_a4(sheet: tuple[Path, int]) -> None:
    path, cards = sheet
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    boxes = re.findall(rb"/MediaBox \[ *0 0 ([\d.]+) ([\d.]+) *\]", data)
    assert len(boxes) == len(re.findall(rb"/Type /Page\b", data)) == math.ceil(cards / PER_PAGE)
    for width, height in boxes:
        assert (float(width) * MM_PER_PT, float(height) * MM_PER_PT) == pytest.approx(A4, abs=0.01)
    assert b"/FontFile2" in data  # the font is embedded (TrueType), not referenced


def test_a_sheet_is_the_same_bytes_every_time(catalog: Catalog) -> None:
    game = catalog.game("zx-zillions-of-enemy-x")
    cards = list(catalog.cards(game.id).values())[:2]
    first = proxy_sheet(game, cards, "two cards")
    assert first == proxy_sheet(game, cards, "two cards")
    assert b"CreationDate" not in first


@needs_pdftoppm
def test_a_page_as_png_is_a4_with_cut_marks_a_card_apart(sheet: tuple[Path, int], tmp_path: Path) -> None:
    """pdftoppm turns page 1 into a PNG: A4 at the DPI asked for, and the cut marks in the top and left
    margins stand 63 mm and 88 mm apart (real card size on paper)."""
    dpi = 100
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", str(sheet[0]), str(tmp_path / "p")],
                   check=True, timeout=60)
    image = Image.open(next(tmp_path.glob("p*.png"))).convert("L")
    width, height = image.size
    assert abs(width - A4[0] / 25.4 * dpi) <= 1 and abs(height - A4[1] / 25.4 * dpi) <= 1
    px = dpi / 25.4  # pixels per mm
    slots = sheet_slots(9)[0]
    top = max(y for _, y in slots) + CARD[1]
    band = image.crop((0, round((A4[1] - top - 6.5) * px), width, round((A4[1] - top - 2.5) * px)))
    marks_x = _dark_runs([min(band.getpixel((x, y)) for y in range(band.height)) for x in range(width)])
    band = image.crop((round(3.0 * px), 0, round(8.0 * px), height))
    marks_y = _dark_runs([min(band.getpixel((x, y)) for x in range(band.width)) for y in range(height)])
    assert len(marks_x) == 4 and len(marks_y) == 4, (marks_x, marks_y)
    assert marks_x[0] / px == pytest.approx(slots[0][0], abs=0.6)
    assert [(b - a) / px for a, b in pairwise(marks_x)] == pytest.approx([63.0] * 3, abs=0.6)
    assert [(b - a) / px for a, b in pairwise(marks_y)] == pytest.approx([88.0] * 3, abs=0.6)


def _dark_runs(values: list[int]) -> list[float]:
    """The centres of the runs of dark pixels along a line."""
    runs: list[list[int]] = []
    for i, v in enumerate(values):
        if v < 160:
            if runs and runs[-1][-1] == i - 1:
                runs[-1].append(i)
            else:
                runs.append([i])
    return [sum(r) / len(r) for r in runs]


def test_proxies_refuses_in_one_line(cli: Cli, tmp_path: Path) -> None:
    png = tmp_path / "sheet.png"
    code, _, err = cli("proxies", "BD:red-aggro", "--out", str(png))
    assert code == 1 and err.count("\n") == 1 and ".pdf" in err
    existing = tmp_path / "sheet.pdf"
    existing.write_bytes(b"mine")
    code, _, err = cli("proxies", "BD:red-aggro", "--out", str(existing))
    assert code == 1 and "--force" in err and existing.read_bytes() == b"mine"
    code, _, err = cli("proxies", "BD:no-such-deck", "--out", str(tmp_path / "x.pdf"))
    assert code == 1 and err.count("\n") == 1 and "no sample deck" in err


def test_card_and_convert_draw_a_picture(cli: Cli, tmp_path: Path) -> None:
    """`amalogs card … --picture` and `amalogs convert … --picture` write the proxy picture of the (converted) card;
    another suffix is refused in one line before any work."""
    png = tmp_path / "imp.png"
    code, out, err = cli("card", "BD:spark-imp", "--picture", str(png))
    assert code == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = tmp_path / "paladin.svg"
    code, out, err = cli("convert", "GH:silver-paladin", "--to", "BD", "--picture", str(svg))
    assert code == 0, err
    text = svg.read_text(encoding="utf-8")
    assert "白銀の聖騎士" in text and "PROXY" in text and "ユニット" in text
    code, _, err = cli("card", "BD:spark-imp", "--picture", str(tmp_path / "imp.gif"))
    assert code == 1 and ".svg or .png" in err and len(err.strip().splitlines()) == 1
    code, _, err = cli("card", "BD:spark-imp", "--picture", str(png))
    assert code == 1 and "--force" in err
