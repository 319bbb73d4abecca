"""The two scales of battle values: ``amalogs`` (the adjust ratios, the default) and ``curve`` (the target's printed
curve by 大コスト; docs/rules.md §7, "Scales: amalogs and curve")."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import amalogs
from amalogs.catalog import Catalog
from amalogs.convert import convert_card
from amalogs.convert.canonical import to_canonical
from amalogs.convert.curve import curves, place, quantile
from amalogs.convert.native import Conversion, Fidelity
from amalogs.errors import AmalogsError
from amalogs.models.cards import Card
from amalogs.ontology.terms import CanonicalStat, Family

from .conftest import Cli

BATTLE = {CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.HP}



def _characters(catalog: Catalog, game_id: str) -> list[str]:
    game = catalog.games[game_id]
    return [cid for cid, c in sorted(catalog.cards(game_id).items())
            if to_canonical(c, game).family is Family.CHARA]


def _sample(catalog: Catalog) -> list[str]:
    """A few characters of every game, and its first non-character card."""
    refs = []
    for game_id, game in catalog.games.items():
        abbr = game.page.abbreviation
        chars = _characters(catalog, game_id)
        refs += [f"{abbr}:{cid}" for cid in chars[:2]]
        others = [cid for cid in sorted(catalog.cards(game_id)) if cid not in chars]
        refs += [f"{abbr}:{cid}" for cid in others[:1]]
    return refs


def _stat(conv: Conversion, stat_id: str) -> object:
    return next(f for f in conv.fields if f.field == f"stats.{stat_id}")


def test_default_is_the_amalogs_scale(catalog: Catalog) -> None:
    for ref in _sample(catalog):
        for target in ("SGK", "BD", "GH"):
            default = amalogs.convert_card(ref, to=target, catalog=catalog)
            explicit = amalogs.convert_card(ref, to=target, catalog=catalog, scale="amalogs")
            assert default.scale == explicit.scale == "amalogs"
            assert default.fields == explicit.fields
            assert default.left_out == explicit.left_out
            if default.converted:
                assert default.card == explicit.card


def test_cli_default_output_equals_explicit_amalogs(cli: Cli) -> None:
    for ref in ("BD:ignart-crimson-dragon-emperor", "BD:spark-imp"):
        for fmt in ((), ("--format", "json")):
            plain = cli("convert", ref, "--to", "SGK", *fmt)
            explicit = cli("convert", ref, "--to", "SGK", "--scale", "amalogs", *fmt)
            assert plain == explicit and plain[0] == 0


def test_ignart_under_both_scales(catalog: Catalog) -> None:
    ref = "BD:ignart-crimson-dragon-emperor"
    today = amalogs.convert_card(ref, to="SGK", catalog=catalog)
    assert today.card.stats["buryoku"] == 10000 and today.card.stats["heiryoku"] == 10000
    conv = amalogs.convert_card(ref, to="SGK", catalog=catalog, scale="curve")
    assert conv.scale == "curve"
    cost = conv.canonical.total_cost
    assert cost == 9
    sgk = catalog.games["sengoku-taisen"]
    by_cost: dict[Fraction, list[Card]] = {}
    for c in catalog.cards(sgk.id).values():
        cc = to_canonical(c, sgk)
        if cc.family is Family.CHARA:
            by_cost.setdefault(cc.total_cost or Fraction(0), []).append(c)
    near = min(by_cost, key=lambda c: (abs(c - cost), c))  # SGK prints no 大コスト 9: its nearest
    for stat_id in ("buryoku", "heiryoku"):
        values = [c.stats[stat_id] for c in by_cost[near]]
        assert isinstance(conv.card.stats[stat_id], int)
        assert min(values) <= conv.card.stats[stat_id] <= max(values)  # type: ignore[operator]
        row = _stat(conv, stat_id)
        assert row.fidelity is Fidelity.SCALED  # type: ignore[attr-defined]
        assert row.reason.startswith("curve: 大コスト") and "in SGK" in row.reason  # type: ignore[attr-defined]
    assert conv.card.stats["buryoku"] < 10000


def test_every_character_lands_within_the_targets_printed_range(catalog: Catalog) -> None:
    ranges: dict[tuple[str, str], tuple[int, int]] = {}
    for game_id, game in catalog.games.items():
        for cid in _characters(catalog, game_id):
            for stat_id, value in catalog.cards(game_id)[cid].stats.items():
                if isinstance(value, int) and game.page and stat_id in {
                        e.native for e in game.page.status if e.stat in BATTLE}:
                    lo, hi = ranges.get((game_id, stat_id), (value, value))
                    ranges[(game_id, stat_id)] = (min(lo, value), max(hi, value))
    checked = 0
    for source_id, source in catalog.games.items():
        source_cards = catalog.cards(source_id)
        for cid in _characters(catalog, source_id):
            for target_id, target in catalog.games.items():
                if target_id == source_id:
                    continue
                conv = convert_card(source_cards[cid], source, target, scale="curve", source_cards=source_cards,
                                    target_cards=catalog.cards(target_id))
                if not conv.converted:
                    continue
                for f in conv.fields:
                    key = (target_id, f.field.removeprefix("stats."))
                    if key in ranges and f.fidelity is not Fidelity.DROPPED:
                        lo, hi = ranges[key]
                        assert lo <= f.target <= hi, (source_id, cid, target_id, f)  # type: ignore[operator]
                        assert f.reason.startswith("curve: "), f
                        checked += 1
    assert checked > 1000


def test_curve_is_deterministic(catalog: Catalog) -> None:
    first = [amalogs.convert_card(ref, to=t, catalog=catalog, scale="curve").fields
             for ref in _sample(catalog) for t in ("SGK", "MTG", "VG")]
    again = [amalogs.convert_card(ref, to=t, catalog=catalog, scale="curve").fields
             for ref in _sample(catalog) for t in ("SGK", "MTG", "VG")]
    assert first == again
    assert curves(catalog) == curves(catalog)


def test_place_and_quantile() -> None:
    values = (Fraction(1), Fraction(2), Fraction(2), Fraction(4))
    assert place(Fraction(4), values) == 1 and place(Fraction(9), values) == 1
    assert place(Fraction(1), values) == 0 and place(Fraction(0), values) == 0
    assert place(Fraction(2), values) == Fraction(1, 2)  # ties: the middle of their places
    assert place(Fraction(3), values) == Fraction(5, 6)
    assert quantile(Fraction(1), values) == 4 and quantile(Fraction(0), values) == 1
    assert quantile(Fraction(5, 6), values) == 3
    assert quantile(Fraction(1, 2), (Fraction(7),)) == 7


def test_cli_scale_option(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("convert", "BD:ignart-crimson-dragon-emperor", "--to", "SGK", "--scale", "curve", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["scale"] == "curve" and data["records"][0]["scale"] == "curve"
    assert data["records"][0]["target"]["stats"]["buryoku"] < 10000
    code, out, _ = cli("convert", "BD:ignart-crimson-dragon-emperor", "--to", "SGK", "--scale", "curve")
    assert code == 0 and "scale: curve" in out and "curve:" in out
    code, out, _ = cli("convert", "BD:ignart-crimson-dragon-emperor", "--to", "SGK", "--format", "json")
    assert json.loads(out)["scale"] == "amalogs"
    deck = tmp_path / "deck.toml"
    code, out, _ = cli("convert-deck", "BD:red-aggro", "--to", "SGK", "--out", str(deck), "--scale", "curve", "--format", "json")
    assert code == 0 and json.loads(out)["scale"] == "curve"


@pytest.mark.parametrize("command", [("convert", "BD:spark-imp"), ("convert-deck", "BD:red-aggro", "--out", "x.toml")])
def test_cli_bad_scale_is_one_line(cli: Cli, command: tuple[str, ...]) -> None:
    code, _, err = cli(*command, "--to", "SGK", "--scale", "steep")
    assert code != 0
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "unknown scale 'steep'" in lines[0] and "amalogs, curve" in lines[0]


def test_facade_keyword(catalog: Catalog) -> None:
    conv = amalogs.convert_card("BD:ignart-crimson-dragon-emperor", to="SGK", catalog=catalog, scale="curve")
    assert conv.scale == "curve" and conv.card.stats["buryoku"] < 10000
    deck = amalogs.convert_deck("BD:red-aggro", to="SGK", catalog=catalog, scale="curve")
    assert deck.scale == "curve"
    assert all(c.scale == "curve" for c in deck.conversions.values())
    assert amalogs.convert_deck("BD:red-aggro", to="SGK", catalog=catalog).scale == "amalogs"
    with pytest.raises(AmalogsError, match="unknown scale"):
        amalogs.convert_card("BD:spark-imp", to="SGK", catalog=catalog, scale="steep")
    with pytest.raises(AmalogsError, match="unknown scale"):
        amalogs.convert_deck("BD:red-aggro", to="SGK", catalog=catalog, scale="steep")


def test_the_rules_document_shows_the_shipped_curves(catalog: Catalog) -> None:
    from amalogs.convert.curve import curve_table

    rules = (Path(__file__).parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "### Scales: amalogs and curve" in rules
    assert curve_table(curves(catalog)).strip() in rules
