"""Hypothesis drives random legal play in every supported pairing; the invariants hold after every action."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amalogs.catalog import load_catalog
from amalogs.referee import Match

PAIRINGS = [(a, b) for a in load_catalog().games for b in load_catalog().games]  # every game the referee plays


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairing=st.sampled_from(PAIRINGS), seed=st.integers(0, 10_000), data=st.data())
def test_random_legal_play_keeps_every_invariant(pairing: tuple[str, str], seed: int, data: st.DataObject) -> None:
    catalog = load_catalog()
    a, b = catalog.game(pairing[0]), catalog.game(pairing[1])
    da = data.draw(st.sampled_from(sorted(catalog.decks(a.id))))
    db = data.draw(st.sampled_from(sorted(catalog.decks(b.id))))
    m = Match.new(catalog, [(a, catalog.decks(a.id)[da][0]), (b, catalog.decks(b.id)[db][0])], seed, turn_cap=20)
    total = len(m.state.cards)
    while not m.is_terminal():
        legal = m.legal_actions()
        assert legal and m.current_player() in (0, 1)
        m.apply_action(legal[data.draw(st.integers(0, len(legal) - 1))])
        where = Counter(u for seat in m.state.seats for cards in seat.zones.values() for u in cards)
        assert sum(where.values()) == total and set(where.values()) == {1}
        assert all(v >= 0 for seat in m.state.seats for v in seat.damage.values())
    assert m.state.turn <= 20 and m.outcome is not None and m.legal_actions() == []
