"""A converted card keeps its meaning (issue 33, in part): over every shipped card into every other shipped game,
no converted effect prints a fraction of the target's printed step, and no shipped effect aims at "a card" where
its own text names a character (a target with no family widens into lands, energy and territories once converted).
Each property is counted by reading the converted cards' canonical effects, and each fails on a planted
regression."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from amalogs.catalog import Catalog
from amalogs.convert import convert_card
from amalogs.convert import effect_numbers
from amalogs.convert.effect_numbers import _BATTLE, _step
from amalogs.convert.index import index_of
from amalogs.ontology.terms import CanonicalStat, ColourSlot, Family
from tests.conversions import each_conversion, effect_pairs

TARGETED = frozenset({"damage", "destroy", "modify", "rest", "stand", "return_to_hand", "grant_keyword"})


def _effects(effects: Any) -> list[Any]:
    return [x for e in effects for x in ([e] if e.do != "choose" else e.options)]


def _fractions(catalog: Catalog) -> tuple[int, int, list[str]]:
    """(converted effects with an amount, those whose amount is not a whole number of the target's printed step,
    the first few of those)."""
    seen, bad, examples = 0, 0, []
    for s, card, t, conversion in each_conversion(catalog):
        for e in _effects(conversion.card.effects):
            if e.do not in ("damage", "modify"):
                continue
            wanted = _BATTLE if e.do == "damage" else (
                (e.stat, *_BATTLE) if e.stat is not CanonicalStat.SP else (CanonicalStat.SP,))
            found = _step(index_of(t), wanted)
            if found is None:
                continue
            seen += 1
            if (Fraction(e.amount) / found[0]).denominator != 1:
                bad += 1
                examples.append(f"{s.id}:{card.id} → {t.id}: {e.do} {e.amount} (step {found[0]})")
    return seen, bad, examples[:5]


def test_no_converted_effect_prints_a_fraction(catalog: Catalog) -> None:
    seen, bad, examples = _fractions(catalog)
    print(f"\nconverted effects with an amount: {seen}; not a whole number of the target's printed step: {bad}")
    assert seen > 100 and bad == 0, examples


def test_a_planted_regression_of_the_rounding_is_counted(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(effect_numbers, "_fit", lambda amount, step: amount)
    assert _fractions(catalog)[1] > 0


def _unfamilied(catalog: Catalog) -> list[str]:
    """Shipped effects that choose cards in play with no family or genus: 'a card', though a character is meant."""
    out = []
    for game in catalog.games:
        for card in catalog.cards(game).values():
            for e in _effects(card.effects):
                target = getattr(e, "target", None)
                if e.do in TARGETED and target is not None and not target.self_only \
                        and target.family is None and target.genus is None:
                    out.append(f"{game}:{card.id} {e.do}")
    return out


def test_no_shipped_effect_aims_at_any_card_where_its_text_names_a_character(catalog: Catalog) -> None:
    found = _unfamilied(catalog)
    print(f"\nshipped effects aimed at cards in play with no family or genus: {len(found)}")
    assert found == []


def test_a_target_without_its_family_is_counted(catalog: Catalog) -> None:
    card = catalog.cards("sengoku-taisen")["kakei"]
    planted = card.model_copy(update={"effects": tuple(e.model_copy(update={"target": e.target.model_copy(
        update={"family": None})}) for e in card.effects)})

    class Planted:
        games = ["sengoku-taisen"]

        @staticmethod
        def cards(game: str) -> dict[str, Any]:
            return {"kakei": planted}

    assert _unfamilied(Planted()) == ["sengoku-taisen:kakei damage"]  # type: ignore[arg-type]


def _unproductive(catalog: Catalog) -> tuple[int, list[str]]:
    """(resource cards converted into another game, those that produce nothing there): a resource produces when
    it has a colour or a mana ability (produce); one whose source produced only colourless mana is no loss."""
    seen, bad = 0, []
    from amalogs.convert import to_canonical

    for s, card, t, conversion in each_conversion(catalog):
        cc = to_canonical(card, s)  # (the source card's own: what it gives in its game)
        if cc.family is not Family.RESOURCE:
            continue
        gave = set(cc.colours) | {c for e in cc.effects if e.do == "produce" for c in e.colours}
        if not gave - {ColourSlot.COLOURLESS}:
            continue  # (its source gives no colour either)
        seen += 1
        out = conversion.card
        if not out.colours and not any(e.do == "produce" for e in out.effects):
            bad.append(f"{s.id}:{card.id} → {t.id}")
    return seen, bad


def test_every_converted_resource_produces(catalog: Catalog) -> None:
    seen, bad = _unproductive(catalog)
    print(f"\nresource cards converted: {seen}; producing nothing in the target: {len(bad)}")
    assert seen > 10 and bad == [], bad[:5]


def test_a_planted_land_that_gives_nothing_is_counted(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """Convert as before the fix (a land's colours left out of the converted card): counted."""
    import amalogs.convert as convert

    real = convert.to_native

    def colourless(cc: Any, target: Any, **kw: Any) -> Any:
        return real(replace(cc, colours=()) if not cc.native_colours else cc, target, **kw)

    monkeypatch.setattr(convert, "to_native", colourless)
    assert _unproductive(catalog)[1]


def test_a_cost_nobody_in_the_target_can_pay_is_never_reported_as_working(catalog: Catalog) -> None:
    """Over every conversion: an effect whose counter blast, soul blast, life or returned resources the target's
    referee can never charge (no damage cards, no soul, no life points, no resource deck) is 'cannot work' — the
    referee would let it fizzle for its unpaid cost every time."""
    from amalogs.convert.effects import facts_of
    from amalogs.ontology.terms import LifeSystem

    checked = 0
    for s, card, t, conversion in each_conversion(catalog, card_if=lambda c: any(e.pay is not None
                                                                                   for e in c.effects)):
        facts = facts_of(t)
        unpayable = {"counter_blast": facts.life is not LifeSystem.DAMAGE_ACCUMULATION,
                     "soul_blast": not facts.rides, "life": facts.life is not LifeSystem.LIFE_POINTS,
                     "return_resources": not facts.resource_deck}
        for e, row, _after in effect_pairs(card, conversion):
            if e.pay is not None and any(getattr(e.pay, k) and cannot for k, cannot in unpayable.items()):
                checked += 1
                assert row.target == "cannot work", (s.id, card.id, t.id, row.reason)
    print(f"\nconverted effects with a cost the target cannot charge: {checked}")
    assert checked > 5


def _charged(pay: Any) -> bool:
    """Whether a payment charges anything (resources, the card rested or spent, cards, life, counters, a limit)."""
    from amalogs.models.effects import Payment

    return pay is not None and pay.model_copy(update={"zone": "field"}) != Payment()


def _free_costs(catalog: Catalog) -> tuple[int, list[str]]:
    """(converted effects whose own cost charges something, those that charge nothing in the target — or lose their
    once-a-turn limit — while their row does not say 'cannot work'), read from the converted cards' canonical
    effects."""
    seen, free = 0, []
    for s, card, t, conversion in each_conversion(catalog, card_if=lambda c: any(_charged(e.pay) for e in c.effects)):
        for e, row, after in effect_pairs(card, conversion):
            if not _charged(e.pay):
                continue
            seen += 1
            if row.target == "cannot work":
                continue
            pay = getattr(after, "pay", None)
            if not _charged(pay):
                free.append(f"{s.id}:{card.id} → {t.id}: {e.do} ({row.target})")
            elif e.pay is not None and e.pay.once_per_turn and not pay.once_per_turn:
                free.append(f"{s.id}:{card.id} → {t.id}: {e.do} loses its once-a-turn limit")
    return seen, free


def test_no_cost_becomes_free(catalog: Catalog) -> None:
    """Over every shipped card into every other game: an effect with a cost keeps a cost the target's referee
    charges (its own, or the nearest of the same weight: a loyalty ＋1 once a turn), or is 'cannot work'."""
    seen, free = _free_costs(catalog)
    print(f"\nconverted effects with a cost: {seen}; free in the target: {len(free)}")
    assert seen > 50 and free == [], free[:5]


def test_a_planted_dropped_cost_is_counted(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    real = effect_numbers._fit_one

    def costless(e: Any, ix: Any, source: Any = None) -> Any:
        fitted, change = real(e, ix, source)
        return (fitted.model_copy(update={"pay": None}) if getattr(fitted, "pay", None) else fitted), change

    monkeypatch.setattr(effect_numbers, "_fit_one", costless)
    seen, free = _free_costs(catalog)
    assert len(free) > seen // 2


def _unmet_triggers(catalog: Catalog) -> tuple[int, list[str]]:
    """(converted effects with a trigger or condition, those on the converted card that it can never meet in the
    target), read from the converted cards' canonical effects."""
    from amalogs.convert.effects import never_happens

    seen, printed = 0, []
    for s, card, t, conversion in each_conversion(catalog):
        for e in conversion.card.effects:
            if e.when in ("play", "static", "activated") and e.condition is None:
                continue
            seen += 1
            if never_happens(e, conversion.canonical.facts, index_of(t).facts) is not None:
                printed.append(f"{s.id}:{card.id} → {t.id}: {e.do} when {e.when}")
    return seen, printed


def test_no_converted_card_prints_a_trigger_it_cannot_meet(catalog: Catalog) -> None:
    seen, printed = _unmet_triggers(catalog)
    print(f"\nconverted effects with a trigger or condition: {seen}; that the card cannot meet: {len(printed)}")
    assert seen > 200 and printed == [], printed[:5]


def test_a_planted_unmet_trigger_is_counted(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    import amalogs.convert.native as native

    monkeypatch.setattr(native, "never_happens", lambda e, s, t: None)  # (printed as before the fix)
    assert _unmet_triggers(catalog)[1]


def _life_amounts(catalog: Catalog) -> tuple[int, list[str]]:
    """(converted player damage and life gain, those not rescaled by the two games' starting life: the amount ×
    the target's / the source's, rounded half up, at least 1)."""
    seen, wrong = 0, []
    lives = lambda c: any(e.do in ("player_damage", "heal") for e in c.effects)  # noqa: E731
    for s, card, t, conversion in each_conversion(catalog, card_if=lives):
        mine, theirs = s.profile.life.starting, t.profile.life.starting
        for e, _row, after in effect_pairs(card, conversion):
            if after is None or e.do not in ("player_damage", "heal"):
                continue
            seen += 1
            wanted = max(1, int(Fraction(e.amount * theirs, mine) + Fraction(1, 2)))
            if after.amount != wanted:
                wrong.append(f"{s.id}:{card.id} → {t.id}: {e.do} {e.amount} → {after.amount}, not {wanted}")
    return seen, wrong


def test_player_damage_and_life_gain_are_rescaled_by_the_starting_life(catalog: Catalog) -> None:
    """A 3-damage burn spell of a 20-life game takes one fort of four in ギルドヒーローズ, not three."""
    seen, wrong = _life_amounts(catalog)
    print(f"\nconverted player damage and life gain: {seen}; not rescaled: {len(wrong)}")
    assert seen > 20 and wrong == [], wrong[:5]
    game, card = catalog.card("MTG", "scorching-volley")
    assert convert_card(card, game, catalog.game("GH")).card.effects[0].amount == 1


def test_a_planted_unscaled_life_amount_is_counted(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(effect_numbers, "_rescale_life", lambda e, ix, source: (e, None))
    assert _life_amounts(catalog)[1]


def _leaders_named(catalog: Catalog) -> tuple[int, list[str]]:
    """(converted selectors of cards from a game without leaders into one with leaders, those that may now pick a
    leader: ヴァンガード's vanguard, ポケモンカード's battle Pokémon, where the source's cards were never one)."""
    seen, wider = 0, []
    for s, card, t, conversion in each_conversion(catalog, source_if=lambda g: not index_of(g).facts.leader,
                                                   target_if=lambda g: index_of(g).facts.leader):
        for e in _effects(conversion.card.effects):
            selector = getattr(e, "target", None)
            if selector is None or selector.self_only or selector.attached:
                continue
            seen += 1
            if selector.leader is None:
                wider.append(f"{s.id}:{card.id} → {t.id}: {e.do}")
    return seen, wider


def test_no_converted_selector_reaches_a_leader_its_source_never_had(catalog: Catalog) -> None:
    """「相手のユニット1体」 of ビルディバイド is 「相手のリアガード1枚」 in ヴァンガード, never its vanguard."""
    seen, wider = _leaders_named(catalog)
    print(f"\nselectors converted into a game with leaders: {seen}; that may pick a leader: {len(wider)}")
    assert seen > 50 and wider == [], wider[:5]


def test_a_planted_widened_selector_is_counted(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    real = effect_numbers._fit_one

    def widened(e: Any, ix: Any, source: Any = None) -> Any:
        fitted, change = real(e, ix, source)
        selector = getattr(fitted, "target", None)
        if selector is not None and selector.leader == "not":
            fitted = fitted.model_copy(update={"target": selector.model_copy(update={"leader": None})})
        return fitted, change

    monkeypatch.setattr(effect_numbers, "_fit_one", widened)
    assert _leaders_named(catalog)[1]


@pytest.mark.parametrize("target", ["magic-the-gathering", "pokemon-card-game"])
def test_a_deck_converted_into_a_game_of_resource_cards_gets_its_resource_base_and_plays(catalog: Catalog,
                                                                                       target: str) -> None:
    """Every other game's sample decks converted into a game whose resources are cards of the main deck (Magic's
    lands, ポケモンカード's energy): legal, with the target's basic resource cards at its own decks' share, and in a
    seeded match against the target's first sample deck the converted deck plays cards (before: none, with no
    land to pay)."""
    from amalogs.cardcheck import check_deck
    from amalogs.convert.decks import convert_deck, deck_cards
    from amalogs.referee.sessions.runner import play_match
    from amalogs.referee.sessions.sides import Side, resolve_side

    t = catalog.game(target)
    own = [d for d, _ in catalog.decks(target).values()]
    from amalogs.ontology.terms import Genus

    kinds = {k for k, g in index_of(t).genera.items() if g is Genus.STANDING_RESOURCE}
    played = []
    for source in catalog.games:
        if source == target:
            continue
        s = catalog.game(source)
        for deck, _path in list(catalog.decks(source).values())[:1]:
            result = convert_deck(deck, s, catalog.cards(source), t, catalog.cards(target), target_decks=own)
            written = result.deck
            pool = {**catalog.cards(target), **{c.id: c for c in written.cards}}
            assert check_deck(written, t.profile, deck_cards(written, pool)) == [], (source, deck.name)
            lands = sum(n for c, n in written.main.items() if pool[c].type in kinds)
            assert lands >= 0.25 * sum(written.main.values()), (source, deck.name, lands)
            side = Side(t, f"{source}-converted", written)
            r = play_match(catalog, (side, resolve_side(catalog, target)), 1, ("greedy", "greedy"), log_events=True)
            played.append(sum(e["type"] == "play" and e["seat"] == 0 for e in r.events))
    print(f"\ncards played by each converted deck in one match: {played}")
    assert all(n > 0 for n in played), played
