"""Converted decks a player would build: every sample deck into every other shipped game passes that game's deck
check; special counts (bursts, triggers, ignition icons), the main deck's minimum, side decks and extra cards
are filled from the target's own cards in the deck's colour identity and curve, each marked as padding; a
title-bound card (a territory) is chosen so that a card of the deck can use it; the report gives the totals."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from amalogs.cardcheck import check_deck, copy_exempt, copy_key, is_a
from amalogs.catalog import Catalog, load_catalog
from amalogs.convert.deck_totals import deck_totals
from amalogs.convert.decks import _fit_of, _matches, convert_deck, deck_cards

from .conftest import Cli

CATALOG = load_catalog()
PAIRS = [(s, d, t) for s in CATALOG.games for d in CATALOG.decks(s) for t in CATALOG.games if t != s]


@pytest.mark.parametrize(("source", "deck_id", "target"), PAIRS, ids=[f"{s}:{d}->{t}" for s, d, t in PAIRS])
def test_every_sample_deck_converts_into_a_legal_deck(catalog: Catalog, source: str, deck_id: str, target: str) -> None:
    s, t = catalog.game(source), catalog.game(target)
    deck = catalog.decks(source)[deck_id][0]
    result = convert_deck(deck, s, catalog.cards(source), t, catalog.cards(target))
    cards = deck_cards(result.deck, catalog.cards(target))
    assert check_deck(result.deck, t.profile, cards) == result.unmet == []
    _padding_keeps_the_colour_identity(result, t, catalog)
    totals = deck_totals(result, s, catalog.cards(source), t, catalog.cards(target))
    source_copies = sum(deck.main.values()) + sum(sum(p.values()) for p in (*deck.side.values(), *deck.extra.values()))
    assert sum(c[2] for c in totals.copies) == source_copies
    written = sum(result.deck.main.values()) + sum(sum(p.values()) for p in
                                                   (*result.deck.side.values(), *result.deck.extra.values()))
    assert sum(c[4] for c in totals.copies) + totals.padding == written
    assert sum(totals.curve_after.values()) == sum(result.deck.main.values())


def _padding_keeps_the_colour_identity(result, target, catalog) -> None:
    """A padding card outside the deck's colour identity only when every card inside it that could fill the same
    place is already at its copy limit (or would break a special count's maximum)."""
    rules = target.profile.deck
    pool = result.cards
    fit = _fit_of(target, Counter({c: n for c, n in result.deck.main.items()
                                   if c not in result.padding.get("main", {})}), pool)
    written = {"main": Counter(result.deck.main), **{k: Counter(v) for k, v in result.deck.side.items()},
               **{k: Counter(v) for k, v in result.deck.extra.items()}}
    for part_id, padded in result.padding.items():
        part = written.get(part_id, Counter())
        types = rules.main_types if part_id == "main" else next(
            (x.types for x in (*rules.side_decks, *rules.extra_cards) if x.id == part_id), ())
        for cid in padded:
            card = pool[cid]
            if fit.inside(card):
                continue
            specials = {sp.id for sp in rules.special_counts if _matches(card, sp.keyword, sp.card_type)}
            for other in catalog.cards(target.id).values():
                if not fit.inside(other) or (types and not is_a(target.profile, other.type, types)):
                    continue
                if {sp.id for sp in rules.special_counts if _matches(other, sp.keyword, sp.card_type)} != specials:
                    continue
                if copy_exempt(target.profile, other) or rules.copy_limit is None:
                    pytest.fail(f"{cid} pads {part_id} outside the colour identity while {other.id} fits")
                key = copy_key(other, rules.copy_by)
                used = sum(n for c, n in part.items() if copy_key(pool[c], rules.copy_by) == key)
                capped = any(sp.count.max is not None and sp.deck == part_id and _matches(other, sp.keyword, sp.card_type)
                             and sum(n for c, n in part.items() if _matches(pool[c], sp.keyword, sp.card_type))
                             >= sp.count.max for sp in rules.special_counts)
                assert used >= rules.copy_limit or capped, (cid, other.id, part_id)


def test_the_territory_is_one_a_card_of_the_deck_can_open(catalog: Catalog) -> None:
    bd = catalog.game("BD")
    for source in ("GH", "SGK", "VG", "Z/X", "MTG"):
        s = catalog.game(source)
        for deck, _ in catalog.decks(s.id).values():
            result = convert_deck(deck, s, catalog.cards(s.id), bd, catalog.cards(bd.id))
            (territory,) = result.deck.extra["territory"]
            title = result.cards[territory].stats["title"]
            aces = {result.cards[c].stats.get("title") for c in result.deck.main}
            opens = title in aces
            note = next(a for a in result.actions if "Territory" in a)
            assert opens or "can never be used" in note, (s.id, deck.name, note)
            if opens:
                assert "can never be used" not in note


def test_convert_deck_reports_totals_and_padding(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "vg.toml"
    code, text, err = cli("convert-deck", "BJ:spade-flush", "--to", "VG", "--out", str(out), "--format", "json")
    assert code == 0, err
    data = json.loads(text)
    totals = data["totals"]
    assert set(totals) >= {"colour_identity", "cost_curve", "keywords_lost", "effects", "copies", "padding"}
    assert totals["padding"] == sum(sum(p.values()) for p in data["padding"].values()) > 0
    assert set(totals["colour_identity"]["before"]) <= {"スペード", "ハート", "ダイヤ", "クラブ"}
    code, text, _ = cli("convert-deck", "BJ:spade-flush", "--to", "VG", "--out", str(out), "--force")
    flat = " ".join(text.split())
    assert "padding" in flat and "colour identity" in flat and "cost curve" in flat and "effects" in flat
    code, text, _ = cli("convert-deck", "BD:red-aggro", "--to", "SGK", "--out", str(out), "--force")
    assert "keywords lost" in text and "《" not in text.split("keywords lost", 1)[1].splitlines()[0]


def test_convert_deck_json_has_every_field_and_effect(cli: Cli, tmp_path: Path) -> None:
    code, text, err = cli("convert-deck", "GH:crimson-gale-adventurers", "--to", "BJ", "--out",
                          str(tmp_path / "bj.toml"), "--format", "json")
    assert code == 0, err
    records = json.loads(text)["records"]
    assert records and all(r["fields"] for r in records)
    effects = [f for r in records for f in r["fields"] if f["field"] == "effects"]
    assert effects and {f["target"] for f in effects} <= {"works", "works differently", "cannot work"}
    assert any(r["warning"] for r in records)
    code, text, _ = cli("convert-deck", "GH:crimson-gale-adventurers", "--to", "BJ", "--out",
                        str(tmp_path / "bj.toml"), "--force", "--format", "csv")
    assert code == 0 and "fields" not in text.splitlines()[0]


def test_a_deck_converted_into_a_game_of_levels_gets_the_targets_level_curve(catalog: Catalog) -> None:
    """ヴァンガード calls only up to its vanguard's grade and rides one grade a turn: a deck converted into it gets
    its own decks' grade shares by cost rank — before, ビルディバイド's blue-white deck became 30 grade-3 and 4
    grade-2 units with no grade 1 to ride, and played no card in 3 of its 20 seeded matches."""
    s, t = catalog.game("BD"), catalog.game("VG")
    own = [d for _, (d, _) in sorted(catalog.decks(t.id).items())]
    deck = catalog.decks(s.id)["blue-white-control"][0]
    result = convert_deck(deck, s, catalog.cards(s.id), t, catalog.cards(t.id), target_decks=own)
    pool = {**catalog.cards(t.id), **{c.id: c for c in result.deck.cards}}
    assert check_deck(result.deck, t.profile, deck_cards(result.deck, pool)) == []
    grades: Counter[int] = Counter()
    for cid, n in result.deck.main.items():
        if pool[cid].type != "trigger-unit":
            grades[int(pool[cid].stats["grade"])] += n
    assert set(grades) == {0, 1, 2, 3} and grades[1] > grades[3]  # a first vanguard, and grades to ride up
    assert any("グレード curve" in a for a in result.actions)
    converted = {c.id for c in result.deck.cards}
    order = sorted((float(result.conversions[sid].canonical.total_cost or 0), int(pool[conv.card.id].stats["grade"]))
                   for sid, conv in result.conversions.items() if conv.card.id in converted
                   and pool[conv.card.id].type != "trigger-unit")
    assert [g for _, g in order] == sorted(g for _, g in order)  # a cheaper card never takes a higher grade
