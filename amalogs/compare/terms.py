"""Games compared term by term: one row per canonical concept or rule fact, each game's own words beside it.

A game's page maps its native ids onto the ontology (its discard zone ``drop-zone`` is the canonical 墓地, its
``hit`` stat is SP), so two games meet on the canonical term: the row ``zone 墓地`` shows ビルディバイド's
ドロップゾーン next to ギルドヒーローズ's 捨て札置き場. A row is one of four kinds:

- ``concept``: a canonical term (genus, zone, permanent type, stat, unified keyword, colour slot, phase, spell
  speed, resource); each game's value is the tuple of its native words mapped to it, empty where it has none.
- ``rule``: a keyword rule of the ontology (ブロック宣言, サーチアタック …); each game's value says whether its page
  follows it.
- ``fact``: a rule fact in canonical form (the stat, damage and life systems, the resource model, deck and hand
  rules); each game's value is typed (a number, a flag, a canonical term, a list).
- ``unmapped``: the native words of a section that the page maps to no canonical term (with a note saying
  why), so nothing a game has is left out.

Ids, notes, sources and free text are bookkeeping and stay out (``amalogs compare --all`` shows them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

from amalogs.catalog import Game
from amalogs.models.ontology import Ontology, entry
from amalogs.ontology.terms import (
    AttackRule,
    CanonicalPhase,
    CanonicalStat,
    CanonicalZone,
    ColourSlot,
    Genus,
    SpellSpeed,
    UnifiedKeyword,
)

__all__ = ["CONCEPTS", "FACTS", "FAMILIES", "GLANCE", "Kind", "Status", "TermRow", "glance_rows", "span", "term_rows"]

Kind = Literal["concept", "rule", "fact", "unmapped"]
Status = Literal["same", "different", "only"]

FAMILIES: dict[str, str] = {
    "systems": "Systems (キーワードルール)",
    "we": "WE and レンジ",
    "life": "Life (ライフ)",
    "resources": "Resources (資源)",
    "turn": "Turn (ターン)",
    "deck": "Deck (デッキ構築)",
    "hand": "Hand (手札)",
    "battle": "Battle (バトル)",
    "card type": "Card types (カードタイプ割り振り)",
    "permanent type": "Permanent types (パーマネントタイプ)",
    "zone": "Zones (領域)",
    "stat": "Stats (ステータス統合)",
    "keyword": "Unified keywords (統一キーワード能力)",
    "colour": "Colour slots (カラーゲージ)",
    "spell speed": "Spell speeds (スペルスピード)",
}
"""The families rows are grouped by, in the order they are shown, with their headings."""


@dataclass(frozen=True, slots=True)
class TermRow:
    """One canonical term or rule fact across games: its family, the term (as AMALOGS writes it, or the fact's
    label), its English name, and each game's value by game id (see the module docstring for the kinds)."""

    family: str
    term: str
    en: str
    kind: Kind
    values: dict[str, Any]

    @property
    def status(self) -> Status:
        """``only`` where some of the games have nothing (a concept, keyword rule or unmapped word they lack),
        else ``same`` (every game has the concept or rule, or the same fact) or ``different`` (the facts
        differ; every game has native words with no canonical term)."""
        if self.kind == "fact":
            first = next(iter(self.values.values()), None)
            return "same" if all(v == first for v in self.values.values()) else "different"
        if not all(self.values.values()):
            return "only"
        return "different" if self.kind == "unmapped" else "same"

    @property
    def label(self) -> str:
        """How the row is named on screen: ``Discard pile 墓地`` (English name and term; ``Slot 6``, not
        ``Slot 6 6``), or the fact's label."""
        return self.en if self.term in self.en else f"{self.en} {self.term}" if self.en else self.term


def span(low: int, high: int | None) -> str:
    """A count range as text: ``40``, ``40–50``, ``50+``."""
    return f"{low}" if low == high else f"{low}+" if high is None else f"{low}–{high}"


# --- concepts: native words mapped to one canonical term --------------------------------------------------

Mapped = Callable[[Game], Iterable[tuple[Enum | None, str]]]
"""A game's (canonical term, native word) pairs of one section; ``None`` for a native word with no term."""


def _words(pairs: Iterable[tuple[Enum | None, str]]) -> dict[Enum | None, tuple[str, ...]]:
    found: dict[Enum | None, list[str]] = {}
    for term, word in pairs:
        words = found.setdefault(term, [])
        if word not in words:
            words.append(word)
    return {term: tuple(words) for term, words in found.items()}


def _concepts(family: str, games: Sequence[Game], onto: Ontology, order: Iterable[Enum], mapped: Mapped) -> list[TermRow]:
    """One row per canonical term any game maps a native word to (in ontology order), then the unmapped words."""
    per_game = {g.id: _words(mapped(g)) for g in games}
    rows = [TermRow(family, str(term.value), entry(onto, term).en, "concept",
                    {g.id: per_game[g.id].get(term, ()) for g in games})
            for term in order if any(term in words for words in per_game.values())]
    if any(None in words for words in per_game.values()):
        rows.append(TermRow(family, "no canonical term", "", "unmapped",
                            {g.id: per_game[g.id].get(None, ()) for g in games}))
    return rows


def _name(game: Game, section: str, native: str) -> str:
    try:
        return game.profile.term(section, native).name
    except KeyError:  # a page naming an id its profile lacks is refused at load; keep the id if it ever is not
        return native


def _card_types(g: Game) -> Iterable[tuple[Enum | None, str]]:
    return ((e.genus, _name(g, "card_types", e.native)) for e in g.page.card_types)


def _permanent_types(g: Game) -> Iterable[tuple[Enum | None, str]]:
    for e in g.page.permanent_types:
        if e.counts_as is not None:
            word = _name(g, "zones", e.native)
            yield e.counts_as, f"{word} {e.state}" if e.state else word


def _zones(g: Game) -> Iterable[tuple[Enum | None, str]]:
    return ((e.zone, _name(g, "zones", e.native)) for e in g.page.permanent_types)


def _stats(g: Game) -> Iterable[tuple[Enum | None, str]]:
    for e in g.page.status:
        ratio = g.page.ratio_of(e.native)
        word = _name(g, "stats", e.native)
        yield e.stat, word if ratio == 1 else f"{word} ×{ratio}"


def _keywords(g: Game) -> Iterable[tuple[Enum | None, str]]:
    return ((e.unified, _name(g, "keywords", e.native)) for e in g.page.unified_keywords)


def _colours(g: Game) -> Iterable[tuple[Enum | None, str]]:
    return ((e.slot, _name(g, "colours", e.native)) for e in g.page.colours)


def _phases(g: Game) -> Iterable[tuple[Enum | None, str]]:
    return ((ph.kind, ph.name) for ph in g.profile.turn.phases)


def _resources(g: Game) -> Iterable[tuple[Enum | None, str]]:
    return ((e.genus, _name(g, "resources", e.native)) for e in g.page.resources)


def _spell_speeds(g: Game) -> Iterable[tuple[Enum | None, str]]:
    return ((e.speed, action) for e in g.page.spell_speeds for action in e.actions)


# --- facts: rule facts in canonical form ------------------------------------------------------------------

Fact = tuple[str, Callable[[Game], Any]]


def _opt(value: Any) -> Any:
    return getattr(value, "value", value)


def _attack_rules(games: Sequence[Game], onto: Ontology) -> list[TermRow]:
    used = {g.id: set(g.page.rules_of(AttackRule)) for g in games}
    return [TermRow("systems", str(rule.value), entry(onto, rule).en, "rule", {g.id: rule in used[g.id] for g in games})
            for rule in AttackRule if any(rule in rules for rules in used.values())]


def _mulligan(g: Game) -> str:
    m = g.profile.setup.mulligan
    return m.kind if m.kind == "none" or not m.times else f"{m.kind} ×{m.times}"


FACTS: dict[str, list[Fact]] = {
    "systems": [
        ("stat system", lambda g: _opt(g.page.stat_system())),
        ("damage system", lambda g: g.page.damage_system().value),
        ("life system", lambda g: g.page.life_system().value),
    ],
    "we": [("WE", lambda g: g.page.we.we), ("レンジ", lambda g: g.page.we.range)],
    "life": [
        ("starting life", lambda g: f"{g.profile.life.starting} {g.profile.life.name}"),
        ("life tiers", lambda g: [f"{t.name} {t.count}×{t.defence}" if t.defence is not None else f"{t.name} {t.count}"
                                  for t in g.profile.life.tiers]),
        ("life maximum", lambda g: g.profile.life.maximum),
        ("loses by", lambda g: list(dict.fromkeys(c.form or "other" for c in g.profile.lose_conditions))),
    ],
    "resources": [
        ("costs", lambda g: g.profile.resources.costs),
        ("resource source", lambda g: g.profile.resources.source),
        ("resources per turn", lambda g: g.profile.resources.per_turn),
        ("starting resources", lambda g: g.profile.resources.starting),
        ("resource maximum", lambda g: g.profile.resources.maximum),
        ("resources grow", lambda g: g.profile.resources.grows),
        ("kept between turns", lambda g: g.profile.resources.kept_between_turns),
        ("used up when paid", lambda g: g.profile.resources.consumed_on_use),
        ("off-card accumulation", lambda g: g.profile.resources.off_card_accumulation),
        ("colour rule", lambda g: g.profile.resources.colour_rule),
        ("plays per turn", lambda g: g.profile.resources.plays_per_turn),
    ],
    "turn": [
        ("turn unit", lambda g: g.profile.turn.unit),
        ("phases", lambda g: [str(p.kind.value) for p in g.profile.turn.phases]),
        ("draw per turn", lambda g: g.profile.turn.draw_per_turn),
        ("first player skips draw", lambda g: g.profile.turn.first_player_skips_draw),
    ],
    "deck": [
        ("deck size", lambda g: span(g.profile.deck.main.min, g.profile.deck.main.max)),
        ("copy limit", lambda g: g.profile.deck.copy_limit),
        ("copies counted by", lambda g: g.profile.deck.copy_by),
        ("side decks", lambda g: [f"{s.name} {span(s.size.min, s.size.max)}" for s in g.profile.deck.side_decks]),
        ("extra cards", lambda g: [f"{e.name} {span(e.count.min, e.count.max)}" for e in g.profile.deck.extra_cards]),
        ("special counts", lambda g: [f"{s.name} {span(s.count.min, s.count.max)}" for s in g.profile.deck.special_counts]),
    ],
    "hand": [
        ("starting hand", lambda g: g.profile.setup.starting_hand),
        ("mulligan", _mulligan),
        ("hand limit", lambda g: g.profile.turn.hand_limit),
        ("discards from hand", lambda g: g.profile.misc.discard),
        ("drawing from an empty deck", lambda g: g.profile.misc.library_out),
    ],
    "battle": [
        ("attack targets", lambda g: list(g.profile.battle.targets) if g.profile.battle.targets else None),
        ("blockers", lambda g: g.profile.battle.blockers),
        ("summoning sickness", lambda g: g.profile.battle.summoning_sickness),
        ("damage carries over", lambda g: g.profile.battle.damage_carries_over),
        ("damage cleanup", lambda g: g.page.damage_cleanup.timing.value),
        ("permanent range", lambda g: g.page.permanent_range.range.value),
        ("cards checked per attack", lambda g: g.profile.battle.attack_check),
    ],
}
"""The rule facts of each family: a label and a typed getter."""

CONCEPTS: dict[str, tuple[list[Enum], Mapped]] = {
    "card type": (list(Genus), _card_types),
    "permanent type": (list(Genus), _permanent_types),
    "zone": (list(CanonicalZone), _zones),
    "stat": (list(CanonicalStat), _stats),
    "keyword": (list(UnifiedKeyword), _keywords),
    "colour": (list(ColourSlot), _colours),
    "spell speed": (list(SpellSpeed), _spell_speeds),
}
"""The concept families: the canonical terms in ontology order, and how a game's page maps its words to them."""


def _facts(family: str, games: Sequence[Game]) -> list[TermRow]:
    return [TermRow(family, label, label, "fact", {g.id: get(g) for g in games}) for label, get in FACTS[family]]


def term_rows(games: Sequence[Game], onto: Ontology) -> list[TermRow]:
    """Every canonical term and rule fact of several games, grouped by :data:`FAMILIES` in order."""
    rows: list[TermRow] = []
    for family in FAMILIES:
        if family in CONCEPTS:
            rows += _concepts(family, games, onto, *CONCEPTS[family])
            continue
        rows += _facts(family, games)
        if family == "systems":
            rows += _attack_rules(games, onto)
        elif family == "resources":
            rows += _concepts("resources", games, onto, list(Genus), _resources)
        elif family == "turn":
            rows += _concepts("turn", games, onto, list(CanonicalPhase), _phases)
    return rows


def _life_glance(g: Game) -> str:
    life = g.profile.life
    tiers = "/".join(str(t.defence) for t in life.tiers for _ in range(t.count) if t.defence is not None)
    return f"{life.starting} {life.name}" + (f" (defence {tiers})" if tiers else "")


def _resource_glance(g: Game) -> str:
    r = g.profile.resources
    if not r.costs:
        return "no costs"
    per_turn = f" +{r.per_turn}/turn" if r.per_turn is not None else ""
    return f"{r.source}{per_turn}, " + (f"{r.starting} to {r.maximum}" if r.maximum is not None else f"from {r.starting}")


def _deck_glance(g: Game) -> str:
    d = g.profile.deck
    copies = f" ×{d.copy_limit}" if d.copy_limit is not None else ""
    side = "".join(f" + {s.name} {span(s.size.min, s.size.max)}" for s in d.side_decks)
    return f"{span(d.main.min, d.main.max)}{copies}{side}"


def _hand_glance(g: Game) -> str:
    t = g.profile.turn
    limit = f"limit {t.hand_limit}" if t.hand_limit is not None else "no limit"
    skip = " (skip 1st)" if t.first_player_skips_draw else ""
    return f"{g.profile.setup.starting_hand}, {limit}; draw {t.draw_per_turn}{skip}"


GLANCE: list[Fact] = [
    ("systems", lambda g: " · ".join([_opt(g.page.stat_system()) or "—", g.page.damage_system().value,
                                      g.page.life_system().value])),
    ("life", _life_glance),
    ("resources", _resource_glance),
    ("turn", lambda g: "→".join(str(p.kind.value) for p in g.profile.turn.phases)),
    ("deck", _deck_glance),
    ("hand", _hand_glance),
    ("attacks", lambda g: "·".join(str(r.value) for r in g.page.rules_of(AttackRule)) or "—"),
    ("WE/レンジ", lambda g: f"{g.page.we.we} / {g.page.we.range}"),
]
"""What `amalogs compare` leads with, most telling first (so the first rows that differ are what differs most):
the stat, damage and life systems, life, the resource model, the turn (canonical phases), deck and hand rules
(with the draw, and whether the first player skips it), the attack rules, WE and レンジ."""


def glance_rows(games: Sequence[Game]) -> list[TermRow]:
    """The :data:`GLANCE` facts of several games, each one line of text per game."""
    return [TermRow("summary", label, label, "fact", {g.id: get(g) for g in games}) for label, get in GLANCE]
