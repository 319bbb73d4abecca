"""Hypothesis strategies: random valid native cards of any loaded game, built from its profile."""

from __future__ import annotations

from hypothesis import strategies as st

from amalogs.cardcheck import type_stats
from amalogs.catalog import Game
from amalogs.models.cards import Card, StatValue

WORDS = st.text(alphabet="アイウエオカキクケコ竜騎士剣盾abc", min_size=1, max_size=6)


@st.composite
def cards_of(draw: st.DrawFn, game: Game) -> Card:
    profile = game.profile
    type_id = draw(st.sampled_from([t.id for t in profile.card_types]))
    colours = [c.id for c in profile.colours]
    stats: dict[str, StatValue] = {}
    by_id = {s.id: s for s in profile.stats}
    for stat_id in type_stats(profile, type_id):
        stat = by_id[stat_id]
        if stat.sum_of is not None:
            continue
        if stat.kind == "number":
            step = stat.step or 1
            low = stat.range.min if stat.range else 0
            high = stat.range.max if stat.range and stat.range.max is not None else 20 * step
            stats[stat_id] = draw(st.integers(-(-low // step), high // step)) * step
        elif stat.kind == "text":
            stats[stat_id] = draw(WORDS)
        elif stat.kind == "list":
            stats[stat_id] = tuple(draw(st.lists(WORDS, max_size=3, unique=True)))
        else:
            stats[stat_id] = draw(st.dictionaries(st.sampled_from(colours), st.integers(1, 4), min_size=1, max_size=3))
    return Card(
        id="generated",
        name=draw(WORDS),
        type=type_id,
        colours=tuple(draw(st.lists(st.sampled_from(colours), unique=True, max_size=2))) if colours else (),
        stats=stats,
        keywords=tuple(draw(st.lists(st.sampled_from([k.id for k in profile.keywords]), unique=True, max_size=3)))
        if profile.keywords else (),
    )
