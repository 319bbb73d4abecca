"""Equipment between a game that attaches it as it is played (ギルドヒーローズ) and one that attaches it by an
equip ability of its own (Magic's 装備{N}): the equip cost is never lost nor made free (docs/rules.md §7,
"Equipment"), and the converted card is attached in the target's referee."""

from __future__ import annotations

from amalogs.catalog import Catalog
from amalogs.convert import convert_card
from amalogs.convert.reading import read_text
from amalogs.convert.text import is_event, words_of


def _convert(catalog: Catalog, source: str, card: str, target: str):  # type: ignore[no-untyped-def]
    a, b = catalog.game(source), catalog.game(target)
    return convert_card(catalog.cards(a.id)[card], a, b, source_cards=catalog.cards(a.id),
                        target_cards=catalog.cards(b.id))


def test_the_equip_cost_is_paid_as_the_card_is_played_where_equipment_attaches_as_it_is_played(
        catalog: Catalog) -> None:
    conv = _convert(catalog, "MTG", "travellers-blade", "GH")  # 無色1 and 装備{1}
    assert conv.card.stats["cost"] == {"no-attribute": 2}
    rows = {r.field: r for r in conv.fields}
    assert rows["stats.equip-cost"].fidelity.value == "approximated"
    assert "includes the equip cost" in rows["stats.equip-cost"].reason


def test_equipment_attached_as_it_is_played_pays_one_of_its_cost_as_its_equip_cost(catalog: Catalog) -> None:
    conv = _convert(catalog, "GH", "flame-wreathed-sword", "MTG")  # 火1/無属性1, attached as it is played
    mtg = catalog.game("MTG")
    assert conv.card.stats["equip-cost"] == 1  # (1 of its colourless cost: using it once costs what it did)
    assert conv.card.stats["mana-cost"] == {"red": 1}
    assert conv.card.text is not None and conv.card.text.endswith("装備{1}")
    _keywords, effects, _kept = read_text(conv.card.text, words_of(mtg), event=is_event(mtg, conv.card.type))
    assert len(effects) == len(conv.card.effects)  # (the equip line is read as the stat, not as an effect)


def test_a_round_trip_keeps_the_equip_cost(catalog: Catalog) -> None:
    there = _convert(catalog, "MTG", "travellers-blade", "GH").card
    gh, mtg = catalog.game("GH"), catalog.game("MTG")
    back = convert_card(there, gh, mtg, source_cards=catalog.cards(gh.id), target_cards=catalog.cards(mtg.id)).card
    assert back.stats["equip-cost"] == 1 and back.stats["mana-cost"] == {"colourless": 1}  # (as printed)
