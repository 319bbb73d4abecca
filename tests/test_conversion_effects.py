"""Each canonical effect of a converted card is judged in the target game: works (exact), works differently
(approximated, the reason says how) or cannot work (dropped), and the card warns when it cannot be played as
intended (docs/rules.md §7, "Effects in the target game")."""

from __future__ import annotations

import json

from amalogs.convert import to_canonical
from amalogs.convert.effects import CANNOT, DIFFERENT, WORKS, facts_of, judge
from amalogs.convert.native import Fidelity, to_native
from amalogs.models.effects import Native

from .conftest import Cli

OUTCOME = {WORKS: Fidelity.EXACT, DIFFERENT: Fidelity.APPROXIMATED, CANNOT: Fidelity.DROPPED}


def _convert(catalog, spec: str, to: str):
    abbr, card_id = spec.split(":")
    source = catalog.game(abbr)
    cc = to_canonical(catalog.cards(source.id)[card_id], source)
    return to_native(cc, catalog.game(to))


def _verdicts(conv) -> list[tuple[str, str, Fidelity]]:
    return [(f.canonical, f.target, f.fidelity) for f in conv.effects]


def test_a_life_trigger_works_only_where_damage_reveals_triggers(catalog) -> None:
    # BD:flare-sentry's damage fires as a life trigger: Z/X's ignition reveals life cards, 戦国大戦TCG's walls never
    # (its first effect, on play, works in both)
    assert _verdicts(_convert(catalog, "BD:flare-sentry", "Z/X")) == [("damage", WORKS, Fidelity.EXACT)] * 2
    on_play, life = _convert(catalog, "BD:flare-sentry", "SGK").effects
    assert on_play.target == WORKS
    assert (life.target, life.fidelity) == (CANNOT, Fidelity.DROPPED)
    assert "life trigger" in life.reason and "never happens" in life.reason


def test_a_heal_follows_the_target_life_system(catalog) -> None:
    # ライフポイント → ライフポイント: life points back in both, as a share of the starting life (10 in BJ, 20 in
    # MTG: twice the points); → シールドライフ / フォートライフ: nothing comes back
    conv = _convert(catalog, "BJ:shizuku", "MTG")
    (row,) = conv.effects
    assert (row.target, row.fidelity) == (DIFFERENT, Fidelity.APPROXIMATED) and "(10 in break-joker, 20 in" in row.reason
    assert conv.card.effects[0].amount == 2 * row.source.amount
    for target in ("BD", "GH", "SGK"):
        (row,) = _convert(catalog, "BJ:shizuku", target).effects
        assert row.target == CANNOT and "does nothing" in row.reason, target
    (row,) = _convert(catalog, "BJ:shizuku", "VG").effects
    assert row.target == DIFFERENT and "damage zone" in row.reason


def test_a_cost_in_a_colour_the_target_lacks_cannot_be_paid(catalog) -> None:
    # 戦国大戦TCG's 薬師若草 rests a green 国力; ビルディバイド has no green, ギルドヒーローズ has
    (row,) = _convert(catalog, "SGK:yakushi-wakakusa", "BD").effects
    assert row.target == CANNOT and "緑" in row.reason and "nobody can pay it" in row.reason
    assert _convert(catalog, "SGK:yakushi-wakakusa", "GH").effects[0].target != CANNOT


def test_a_game_without_a_hand(catalog) -> None:
    conv = _convert(catalog, "GH:gale-courier", "BJ")
    assert [(v[0], v[1]) for v in _verdicts(conv)] == [("draw", DIFFERENT), ("discard", CANNOT)]
    assert conv.warning == ("cannot be played as intended in break-joker: 1 of its 2 effects cannot work and 1 "
                            "works differently")


def test_judged_against_the_source_game() -> None:
    from amalogs.catalog import load_catalog
    from amalogs.models.effects import Modify

    cat = load_catalog()
    gh, sgk, bd = (facts_of(cat.game(a)) for a in ("GH", "SGK", "BD"))
    sp_up = Modify(do="modify", stat="SP", amount=1)
    assert judge(sp_up, sgk, bd).outcome == WORKS  # SPS → SPS: SP is SP
    assert judge(sp_up, sgk, gh).outcome == DIFFERENT  # DDS: added to the attack value as points
    bp_up = Modify(do="modify", stat="BP", amount=2)
    assert judge(bp_up, bd, gh).outcome == DIFFERENT  # APDP: both AP and DP
    assert judge(bp_up, gh, gh).outcome == WORKS
    assert judge(bp_up, bd, facts_of(cat.game("BJ"))).outcome == CANNOT  # no battle values


def test_every_effect_of_every_card_in_every_game_has_one_verdict(catalog) -> None:
    games = list(catalog.games.values())
    counts = {WORKS: 0, DIFFERENT: 0, CANNOT: 0}
    for source in games:
        for card in catalog.cards(source.id).values():
            cc = to_canonical(card, source)
            for target in games:
                conv = to_native(cc, target)
                if not conv.converted:
                    continue
                rows = conv.effects
                kept = [r for r in rows[len(card.effects):] if r.source.do == "grant_keyword"]  # (a keyword kept
                assert len(rows) == len(card.effects) + len(kept), (card.id, target.id)  # as a rule of the card)
                for effect, row in zip(card.effects, rows[:len(card.effects)], strict=True):
                    assert row.source is effect
                    assert OUTCOME[row.target] is row.fidelity
                    assert row.reason
                    if isinstance(effect, Native) and source.id != target.id:
                        assert row.target == CANNOT
                    if source.id == target.id:
                        assert row.target == WORKS
                    counts[row.target] += 1
                assert (conv.warning is None) == all(r.target == WORKS for r in rows)
                written = conv.card.effects if rows else ()
                unmet = sum("left out of the converted card" in r.reason for r in rows)  # (triggers it cannot meet)
                assert all(r.target == CANNOT for r in rows if "left out of the converted card" in r.reason)
                assert len(written) == sum(not isinstance(e, Native) for e in card.effects) + len(kept) - unmet \
                    or source.id == target.id
    assert all(counts.values()), counts  # every outcome occurs among the shipped cards


def test_convert_reports_each_effect_and_the_warning(cli: Cli) -> None:
    code, out, err = cli("convert", "GH:gale-courier", "--to", "BJ", "--format", "json")
    assert code == 0, err
    record = json.loads(out)["records"][0]
    effects = [f for f in record["fields"] if f["field"] == "effects"]
    assert [(f["source"]["do"], f["target"], f["fidelity"]) for f in effects] == [
        ("draw", DIFFERENT, "approximated"), ("discard", CANNOT, "dropped")]
    assert record["effects"] == {WORKS: 0, DIFFERENT: 1, CANNOT: 1}
    assert record["warning"].startswith("cannot be played as intended")


def test_the_card_summary_warns(cli: Cli) -> None:
    text = " ".join(cli("convert", "GH:gale-courier", "--to", "BJ")[1].split())
    assert "⚠" in text and "cannot be played as intended in break-joker" in text
    assert "⚠" not in cli("convert", "GH:gale-courier", "--to", "MTG")[1]
