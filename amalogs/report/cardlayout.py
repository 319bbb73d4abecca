"""What a card prints and where: the layout table of each game, the fields of a card sorted into it, and line
breaking for Japanese text measured with the shipped font.

A :class:`CardLayout` says where a game prints its cost and battle stats; :data:`LAYOUTS` holds one per shipped
game, keyed by game id, and a game added as data gets :data:`DEFAULT_LAYOUT`, its cost and battle stats read from
its AMALOGS page (ステータス統合). :mod:`amalogs.report.cardpicture` draws what :func:`card_face` sorts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from amalogs.convert.canonical import derived_stats
from amalogs.ontology.terms import CanonicalStat, ColourSlot
from amalogs.report.cards import _stat_value, native_name, stat_label
from amalogs.report.figures import drawable, text_width

if TYPE_CHECKING:
    from amalogs.catalog import Game
    from amalogs.models.cards import Card

__all__ = ["CARD", "DEFAULT_LAYOUT", "LAYOUTS", "PROXY_MARK", "SLOT_RGB", "CardFace", "CardLayout", "card_face",
           "layout_of", "printed_value", "wrap"]

CARD = (63.0, 88.0)
"""A card's width and height in millimetres (the common TCG size)."""
PROXY_MARK = "PROXY・非公式"
SLOT_RGB = {
    ColourSlot.RED: "#d9463e", ColourSlot.BLUE: "#3474c8", ColourSlot.GREEN: "#3a9a55", ColourSlot.WHITE: "#f2ecd2",
    ColourSlot.BLACK: "#4b4650", ColourSlot.SLOT_6: "#c9a227", ColourSlot.SLOT_7: "#9a6a3b",
    ColourSlot.SLOT_8: "#4fb3a3", ColourSlot.SLOT_9: "#8d5cc6", ColourSlot.SLOT_10: "#d877ab",
    ColourSlot.COLOURLESS: "#a9a9a9",
}
"""The ink of each canonical colour slot (a game's colours are drawn in the slot its page puts them)."""



@dataclass(frozen=True)
class CardLayout:
    """Where a game prints what: the cost corner and how its cost is drawn, where the battle stats sit, where
    the name and the type line go. ``cost`` and ``battle`` name native stats; empty, they come from the game's
    page (the first コスト or else 大コスト stat; the BP, AP, DP, HP and SP stats)."""

    cost: tuple[str, ...] = ()
    cost_at: Literal["left", "right"] = "left"
    cost_style: Literal["amounts", "pips", "mana"] = "amounts"  # a cost table: a circle per colour, pips, generic+pips
    battle: tuple[str, ...] = ()
    battle_at: Literal["row", "box", "side"] = "row"  # along the bottom, an MTG-style P/T box, down the left edge
    name_at: Literal["top", "vertical"] = "top"  # vertical: down the right edge (戦国大戦)
    type_at: Literal["top", "middle"] = "top"  # under the name, or between the art window and the text
    corner_number: str | None = None  # a stat drawn big in two corners, as on a playing card
    number_names: Mapping[int, str] = field(default_factory=dict)  # printed forms of numbers (1 → A)
    radius: float = 3.0  # corner radius, mm


DEFAULT_LAYOUT = CardLayout()

LAYOUTS: dict[str, CardLayout] = {
    "build-divide": CardLayout(cost=("play-cost",), battle=("power", "hit")),
    "magic-the-gathering": CardLayout(cost=("mana-cost",), cost_at="right", cost_style="mana",
                                      battle=("power", "toughness", "loyalty"), battle_at="box", type_at="middle"),
    "sengoku-taisen": CardLayout(cost=("coloured-cost", "cost"), cost_style="pips",
                                 battle=("buryoku", "heiryoku", "koujouryoku"), name_at="vertical", radius=2.0),
    "guild-heroes": CardLayout(cost=("cost",), battle=("attack", "defence")),
    "cardfight-vanguard": CardLayout(cost=("grade",), battle=("power", "shield", "critical"), battle_at="side"),
    "break-joker": CardLayout(cost=("skill-cost",), cost_at="right", corner_number="bj-number",
                              number_names={1: "A"}, radius=4.0),
    "zx-zillions-of-enemy-x": CardLayout(cost=("cost",), battle=("power",)),
}


def layout_of(game: Game) -> CardLayout:
    """The layout a game's cards are drawn with: its entry in :data:`LAYOUTS`, else the default."""
    return LAYOUTS.get(game.id, DEFAULT_LAYOUT)


# --- text ---------------------------------------------------------------------------------------------------

_NO_START = frozenset("、。，．,.・：；？！ー）〕］｝〉》」』】〙〗〟’”)]}!?%ぁぃぅぇぉっゃゅょァィゥェォッャュョ")
_NO_END = frozenset("（〔［｛〈《「『【〘〖〝‘“([{")
_TOKENS = re.compile(r"[A-Za-z0-9+\-−＋－.,%/×]+|.")


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` points in the font at ``size``: between characters
    (Japanese), never inside a run of Latin letters and digits (``+2000``), no line starting with a closing
    mark or ending with an opening one (禁則); its own line breaks are kept."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line: list[str] = []
        used = 0.0
        for token in _split_long(_TOKENS.findall(paragraph), width, size):
            w = text_width(token, size)
            if line and used + w > width:
                carry = []
                if token[0] in _NO_START and len(line) > 1:
                    carry.append(line.pop())
                while len(line) > 1 and line[-1][-1] in _NO_END:
                    carry.insert(0, line.pop())
                lines.append("".join(line))
                line, used = carry, sum(text_width(t, size) for t in carry)
            line.append(token)
            used += w
        lines.append("".join(line))
    return lines


def _split_long(tokens: list[str], width: float, size: float) -> Iterator[str]:
    for token in tokens:
        if len(token) > 1 and text_width(token, size) > width:
            yield from token
        else:
            yield token


# --- what a card prints --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CardFace:
    """A card's printed fields sorted into where its layout puts them, each in the game's words."""

    cost: tuple[str, object] | None
    battle: Sequence[tuple[str, object]]
    corner: str | None
    info: str  # type, colours and the other printed stats, in the game's words
    keywords: list[str]


def card_face(game: Game, card: Card, layout: CardLayout) -> CardFace:
    """What ``card`` prints where: the cost (the layout's cost stats, else the first stat the game's page
    integrates into コスト or else 大コスト), the battle stats (the layout's, else those integrated into BP, AP, DP,
    HP and SP), the corner number, the type line and the keywords."""
    stats = derived_stats(game.profile, card)
    printed = {s.id for s in game.profile.stats if s.sum_of is None}
    canon = {e.native: e.stat for e in game.page.status}
    costs = layout.cost or tuple(k for want in (CanonicalStat.COST, CanonicalStat.TOTAL_COST)
                                 for k in stats if canon.get(k) == want and k in printed)
    cost_id = next((k for k in costs if k in stats), None)
    fights = {CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.HP, CanonicalStat.SP}
    battle_ids = layout.battle or tuple(s.id for s in game.profile.stats if canon.get(s.id) in fights)
    battle = [(k, stats[k]) for k in battle_ids if k in stats]
    shown = {cost_id, layout.corner_number, *battle_ids}
    others = [f"{stat_label(game, k)}{printed_value(game, v, layout)}" if isinstance(v, int) else
              f"{stat_label(game, k)}「{printed_value(game, v, layout)}」"
              for k, v in stats.items() if k not in shown and k in printed]
    colours = "・".join(native_name(game, "colours", c) for c in card.colours)
    info = "　".join(p for p in (native_name(game, "card_types", card.type), colours, " ".join(others)) if p)
    corner = (printed_value(game, stats[layout.corner_number], layout)
              if layout.corner_number and layout.corner_number in stats else None)
    return CardFace((cost_id, stats[cost_id]) if cost_id else None, battle, corner, drawable(info),
                  [drawable(native_name(game, "keywords", k)) for k in card.keywords])


def printed_value(game: Game, value: object, layout: CardLayout) -> str:
    """A stat value as the card prints it (a cost table by colour names, 1 as A where the layout says so)."""
    if isinstance(value, int) and not isinstance(value, bool) and value in layout.number_names:
        return layout.number_names[value]
    return drawable(_stat_value(game, value))
