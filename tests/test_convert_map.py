"""`amalogs convert-map A B`: every native term of A with where it lands in B, read from the conversion itself."""

from __future__ import annotations

import json
from itertools import permutations
from pathlib import Path

import pytest

from amalogs.catalog import Catalog
from amalogs.cli.output import OUTPUT_VERSION, records_json
from amalogs.convert import convert_card
from amalogs.convert.gamemap import SECTIONS, GameMap, game_map
from amalogs.convert.native import Fidelity
from amalogs.report.gamemap import draw_map, map_about, map_json, map_records

from .conftest import Cli

FIDELITIES = {f.value for f in Fidelity}


def _map(catalog: Catalog, a: str, b: str) -> GameMap:
    source, target = catalog.game(a), catalog.game(b)
    return game_map(source, target, catalog.ontology, catalog.cards(source.id))


def _json(cli: Cli, *args: str) -> dict[str, object]:
    code, out, err = cli("convert-map", *args, "--format", "json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def test_every_native_term_of_bd_has_a_destination_or_an_explicit_none_and_a_fidelity(cli: Cli, catalog: Catalog) -> None:
    data = _json(cli, "BD", "GH")
    records = data["records"]
    assert isinstance(records, list)
    seen = {(r["section"], r["source_id"]) for r in records}
    profile = catalog.game("BD").profile
    wanted = {"card type": profile.card_types, "stat": profile.stats, "keyword": profile.keywords,
              "zone": profile.zones, "colour": profile.colours, "resource": profile.resources.resources}
    for section, terms in wanted.items():
        for term in terms:
            assert (section, term.id) in seen, (section, term.id)
    for r in records:
        assert r["section"] in SECTIONS and r["fidelity"] in FIDELITIES and r["why"], r
        assert len(r["target_ids"]) == len(r["target_names"])
        if not r["target_ids"]:
            assert r["fidelity"] == "dropped", r  # nowhere to land: an explicit none, and dropped
    systems = {r["source_id"] for r in records if r["section"] == "system"}
    assert {"BP制", "SPS", "life", "ブロック宣言", "エンドフェイズ"} <= systems
    assert {r["section"] for r in records} == set(SECTIONS)


def test_the_text_table_names_every_term_at_80_and_160_columns(cli: Cli, catalog: Catalog) -> None:
    profile = catalog.game("BD").profile
    for width in ("80", "160"):
        code, out, err = cli("--width", width, "convert-map", "BD", "GH")
        assert code == 0, err
        assert max(len(line) for line in out.splitlines()) <= int(width)
        flat = "".join(out.split())
        for term in (*profile.card_types, *profile.stats, *profile.keywords, *profile.colours):
            assert term.id in flat, term.id
        assert "dropped" in out and "exact" in out
    assert "what is lost / why" in out  # the wide table has the reason column


def test_known_landings_follow_the_conversion_rules(catalog: Catalog) -> None:
    rows = {(r.section, r.source.id): r for r in _map(catalog, "BD", "GH").rows}
    power = rows["stat", "power"]
    assert {t.id for t in power.targets} == {"attack", "defence"} and power.fidelity is Fidelity.SCALED
    assert rows["stat", "hit"].targets == () and rows["stat", "hit"].fidelity is Fidelity.DROPPED  # DDS: no SP
    assert [t.id for t in rows["keyword", "decoy"].targets] == ["lure"]
    assert rows["keyword", "berserk"].fidelity is Fidelity.DROPPED
    assert [t.id for t in rows["colour", "red"].targets] == ["fire"]
    assert rows["card type", "ace-unit"].fidelity is Fidelity.APPROXIMATED
    back = {(r.section, r.source.id): r for r in _map(catalog, "GH", "BD").rows}
    assert back["card type", "basic-mana"].targets == ()  # BD has no resource family: left out
    assert back["stat", "attack"].fidelity is Fidelity.APPROXIMATED  # an attack/defence pair made one power


@pytest.mark.parametrize(("a", "b"), list(permutations(["BJ", "BD", "VG", "GH", "MTG", "SGK", "Z/X"], 2)))
def test_the_map_agrees_with_converting_every_shipped_card(catalog: Catalog, a: str, b: str) -> None:
    """Card types, keywords and colours land where converting each shipped card puts them."""
    m = _map(catalog, a, b)
    rows = {(r.section, r.source.id): r for r in m.rows}
    for card in catalog.cards(m.source.id).values():
        conv = convert_card(card, m.source, m.target)
        kind = next(f for f in conv.fields if f.field == "type")
        row = rows["card type", card.type]
        if kind.target is None and "attached to" in kind.reason:  # (equipment with nothing to attach to: the row
            assert "attached to" in row.why, (card.id, row.why)  # says such a card is left out)
            continue
        if kind.target is None and "never does anything" in kind.reason:  # (only effects, none of which works:
            assert "none of whose effects can work" in row.why, (card.id, row.why)  # the row says so)
            continue
        assert ([t.id for t in row.targets] or [None]) == [kind.target] and row.fidelity is kind.fidelity, card.id
        landed = [f for f in conv.fields if f.field == "keywords" and f.target is not None]
        for f in landed:
            assert any(t.id == f.target for k in card.keywords for t in rows["keyword", k].targets), (card.id, f)
        if len(card.colours) == 1 and conv.converted:
            colour = next(f for f in conv.fields if f.field == "colours")
            assert [t.id for t in rows["colour", card.colours[0]].targets] == ([colour.target] if colour.target else [])


def test_json_carries_format_version_games_and_counts(cli: Cli, catalog: Catalog) -> None:
    data = _json(cli, "GH", "BD")
    assert data["format"] == "amalogs-convert-map" and data["version"] == OUTPUT_VERSION
    assert data["source"] == "guild-heroes" and data["target"] == "build-divide"
    summary = data["summary"]
    assert isinstance(summary, dict) and sum(summary.values()) == len(data["records"])  # type: ignore[arg-type]
    m = _map(catalog, "GH", "BD")
    assert map_json(m, OUTPUT_VERSION) == records_json("convert-map", map_records(m), **map_about(m)) + "\n"


def test_csv_markdown_and_html_render(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("convert-map", "BD", "GH", "--format", "csv")
    assert code == 0 and out.startswith("\ufeffsection,source_id,") and "power,パワー" in out
    code, out, _ = cli("convert-map", "BD", "GH", "--format", "md")
    assert code == 0 and out.startswith("# Conversion map: ") and "| BD | AMALOGS | GH | fidelity |" in out
    assert "## Stats (ステータス統合)" in out and "| パワー (power) | BP ×1/1000 |" in out
    code, out, _ = cli("convert-map", "BD", "GH", "--format", "html")
    assert code == 0 and out.startswith("<!DOCTYPE html>") and "<table>" in out and "パワー (power)" in out
    page = tmp_path / "map.html"
    code, _, err = cli("convert-map", "BD", "GH", "--out", str(page))  # the format from the suffix
    assert code == 0 and f"wrote {page}" in err and page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    code, _, err = cli("convert-map", "BD", "GH", "--out", str(page))
    assert code == 1 and "--force" in err


def test_the_picture_is_written(cli: Cli, catalog: Catalog, tmp_path: Path) -> None:
    png, svg = tmp_path / "map.png", tmp_path / "map.svg"
    code, _, err = cli("convert-map", "BD", "GH", "--picture", str(png), "--format", "json")
    assert code == 0 and f"wrote {png}" in err and png.read_bytes().startswith(b"\x89PNG")
    assert draw_map(_map(catalog, "BD", "GH"), "svg").lstrip().startswith(b"<?xml")
    code, _, _ = cli("convert-map", "MTG", "BJ", "--picture", str(svg))
    assert code == 0 and b"<svg" in svg.read_bytes() and "マジック".encode() in svg.read_bytes()


@pytest.mark.parametrize(("args", "message"), [
    (("BD", "XYZ"), "unknown game 'XYZ'"),
    (("BD", "bd"), "two different games"),
    (("BD", "GH", "--picture", "map.gif"), "name a .png or .svg file"),
    (("BD", "GH", "--out", "map.txt"), "give --format"),
])
def test_bad_input_gives_one_line(cli: Cli, args: tuple[str, ...], message: str) -> None:
    code, out, err = cli("convert-map", *args)
    assert code == 1 and out == ""
    assert err.startswith("amalogs: ") and message in err and err.count("\n") == 1, err


def test_the_reports_hold_a_map_for_every_ordered_pair(catalog: Catalog, tmp_path: Path) -> None:
    from amalogs.report.generate import MAP_JSON_VERSION, build_reports

    assert MAP_JSON_VERSION == OUTPUT_VERSION
    texts = {rel: text for rel, text in build_reports(catalog).texts.items() if rel.startswith("maps/")}
    n = len(catalog.games)
    for ext in ("md", "html", "json"):
        assert len([rel for rel in texts if rel.endswith(f".{ext}") and "README" not in rel]) == n * (n - 1)
    for rel, text in texts.items():  # written into a scratch folder, never the committed reports
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    index = texts["maps/README.md"]
    assert "| **BD** |" in index and "(BD-GH.md)" in index and "(ZX-GH.md)" in index
    import re

    for link in re.findall(r"\]\(([^)]+\.md)\)", index):
        assert (tmp_path / "maps" / link).is_file(), link
    data = json.loads(texts["maps/BD-GH.json"])
    assert data["format"] == "amalogs-convert-map" and data["source"] == "build-divide"
    assert "(maps/README.md)" in build_reports(catalog).texts["README.md"]
