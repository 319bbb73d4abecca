"""Games and the ontology as networkx graphs, and the atlas that joins every game through the ontology.

Node ids are readable strings: ``onto:genus:キャラ`` for an ontology term, ``build-divide`` for a game,
``build-divide:zone:energy-zone`` for a game's native concept. Every node has plain attributes:
``kind`` (what it is), ``label`` (the term as written), ``en`` (English name) and, for native concepts,
``game``. Edges have a ``relation``:

- ``in_family`` (genus → family), ``of_kind`` (canonical stat → stat kind), ``resolves`` (a row of the
  cross-system resolution table, attacker system → defender system, with its ``formula``);
- ``has`` (game → its native concept), ``next`` (phase → the following phase), ``subtype_of``;
- ``maps_to`` (native concept → the ontology term its page maps it to; ``via`` says which mapping:
  genus, zone, counts_as, stat, unified, slot, phase, life, rule);
- ``uses`` (game → a keyword rule on its page).

For the atlas picture and page, :func:`atlas_links` reads the atlas as one link per (game, ontology term)
pair, with the native concepts behind it and the term's :data:`SECTION_OF_KIND` (genus, zone, stat, ...).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

import networkx as nx

from amalogs.catalog import Game
from amalogs.models.ontology import Ontology
from amalogs.ontology.terms import AttackRule, DamageSystem, LifeSystem, StatSystem

__all__ = [
    "SECTIONS",
    "SECTION_OF_KIND",
    "AtlasLink",
    "atlas",
    "atlas_links",
    "game_graph",
    "native_node",
    "onto_node",
    "ontology_graph",
]

ONTOLOGY_SECTIONS = {
    "family": "families",
    "genus": "genera",
    "permanent_range": "permanent_ranges",
    "colour_slot": "colour_slots",
    "stat_kind": "stat_kinds",
    "stat": "stats",
    "spell_speed": "spell_speeds",
    "cleanup_timing": "cleanup_timings",
    "zone": "zones",
    "phase": "phases",
    "unified_keyword": "unified_keywords",
}
RULE_KIND: dict[type[Enum], str] = {
    StatSystem: "stat_system",
    DamageSystem: "damage_system",
    LifeSystem: "life_system",
    AttackRule: "attack_rule",
}
RULE_SECTIONS = {
    "stat_system": "stat_systems",
    "damage_system": "damage_systems",
    "life_system": "life_systems",
    "attack_rule": "attack_rules",
}
SECTIONS: dict[str, str] = {
    "genus": "card types",
    "zone": "zones",
    "stat": "stats",
    "keyword": "unified keywords",
    "rule": "keyword rules",
    "colour": "colour slots",
    "turn": "turn",
}
"""The parts of a game page an atlas link belongs to (id → name), in the order pictures list them."""
SECTION_OF_KIND: dict[str, str] = {
    "family": "genus", "genus": "genus", "zone": "zone", "permanent_range": "zone", "stat_kind": "stat",
    "stat": "stat", "unified_keyword": "keyword", "stat_system": "rule", "damage_system": "rule",
    "life_system": "rule", "attack_rule": "rule", "colour_slot": "colour", "phase": "turn",
    "spell_speed": "turn", "cleanup_timing": "turn",
}
"""The section of each kind of ontology term."""


def onto_node(kind: str, term: Enum | str | int) -> str:
    """The node id of an ontology term: ``onto:<kind>:<term>``."""
    value = term.value if isinstance(term, Enum) else term
    return f"onto:{kind}:{value}"


def native_node(game: str, section: str, native_id: str) -> str:
    """The node id of a game's native concept: ``<game>:<section>:<id>``."""
    return f"{game}:{section}:{native_id}"


def ontology_graph(onto: Ontology) -> nx.DiGraph:
    """The canonical vocabulary: one node per term, linked by family, stat kind and the resolution table."""
    g = nx.DiGraph(name="AMALOGS ontology")
    for kind, attr in ONTOLOGY_SECTIONS.items():
        for term in getattr(onto, attr):
            g.add_node(onto_node(kind, term.id), kind=kind, label=str(term.id.value), en=term.en, layer="ontology")
    for kind, attr in RULE_SECTIONS.items():
        for term in getattr(onto.keyword_rules, attr):
            g.add_node(onto_node(kind, term.id), kind=kind, label=str(term.id.value), en=term.en, layer="ontology")
    for genus in onto.genera:
        g.add_edge(onto_node("genus", genus.id), onto_node("family", genus.family), relation="in_family")
    for stat in onto.stats:
        g.add_edge(onto_node("stat", stat.id), onto_node("stat_kind", stat.kind), relation="of_kind")
    rule_kind = {str(t.id.value): k for k, attr in RULE_SECTIONS.items() for t in getattr(onto.keyword_rules, attr)}
    for row in onto.resolution:
        if str(row.attacker) in rule_kind and str(row.defender) in rule_kind:
            g.add_edge(onto_node(rule_kind[str(row.attacker)], str(row.attacker)),
                       onto_node(rule_kind[str(row.defender)], str(row.defender)),
                       relation="resolves", formula=row.formula, rule=row.id)
    return g


def _add_native(g: nx.DiGraph, game: Game, section: str, native_id: str, label: str, en: str, **extra: object) -> str:
    node = native_node(game.id, section, native_id)
    g.add_node(node, kind=section, label=label, en=en, game=game.id, layer="game", **extra)
    g.add_edge(game.id, node, relation="has")
    return node


def _maps(g: nx.DiGraph, source: str, kind: str, term: Enum | None, via: str) -> None:
    if term is not None:
        g.add_edge(source, onto_node(kind, term), relation="maps_to", via=via)


def game_graph(game: Game, onto: Ontology | None = None) -> nx.DiGraph:
    """One game's native concepts as typed nodes, linked to the ontology terms its page maps them to.

    With ``onto``, the ontology terms it links to carry their attributes too (a graph that stands alone).
    """
    p, page = game.profile, game.page
    g = nx.DiGraph(name=p.name)
    g.add_node(game.id, kind="game", label=p.name, en=p.en, abbreviation=page.abbreviation, we=page.we.we,
               range=page.we.range, layer="game", game=game.id)
    _concepts(g, game)
    previous = None
    for phase in p.turn.phases:
        node = _add_native(g, game, "phase", phase.id, phase.name, phase.en)
        _maps(g, node, "phase", phase.kind, "phase")
        if previous is not None:
            g.add_edge(previous, node, relation="next")
        previous = node
    life = _add_native(g, game, "life", p.life.id, p.life.name, p.life.en, starting=p.life.starting)
    _maps(g, life, "life_system", page.life_system(), "life")
    for i, cond in enumerate(p.win_conditions):
        _add_native(g, game, "win", str(i + 1), cond.text, cond.en)
    for i, cond in enumerate(p.lose_conditions):
        _add_native(g, game, "lose", str(i + 1), cond.text, cond.en)
    for entry in page.keyword_rules:
        g.add_edge(game.id, onto_node(RULE_KIND[type(entry.rule)], entry.rule), relation="uses")
    if onto is not None:
        terms = ontology_graph(onto).nodes
        for node, attrs in g.nodes(data=True):
            if not attrs and node in terms:
                attrs.update(terms[node])
    return g


def _concepts(g: nx.DiGraph, game: Game) -> None:
    p, page = game.profile, game.page
    for ct in p.card_types:
        node = _add_native(g, game, "card_type", ct.id, ct.name, ct.en)
        if ct.subtype_of:
            g.add_edge(node, native_node(game.id, "card_type", ct.subtype_of), relation="subtype_of")
    for e in page.card_types:
        _maps(g, native_node(game.id, "card_type", e.native), "genus", e.genus, "genus")
    for z in p.zones:
        _add_native(g, game, "zone", z.id, z.name, z.en)
    for pe in page.permanent_types:
        node = native_node(game.id, "zone", pe.native)
        _maps(g, node, "zone", pe.zone, "zone")
        _maps(g, node, "genus", pe.counts_as, "counts_as")
    for s in p.stats:
        _add_native(g, game, "stat", s.id, s.name, s.en)
    for se in page.status:
        _maps(g, native_node(game.id, "stat", se.native), "stat", se.stat, "stat")
    for k in p.keywords:
        _add_native(g, game, "keyword", k.id, k.name, k.en)
    for ue in page.unified_keywords:
        _maps(g, native_node(game.id, "keyword", ue.native), "unified_keyword", ue.unified, "unified")
    for c in p.colours:
        _add_native(g, game, "colour", c.id, c.name, c.en)
    for ce in page.colours:
        _maps(g, native_node(game.id, "colour", ce.native), "colour_slot", ce.slot, "slot")
    for r in p.resources.resources:
        _add_native(g, game, "resource", r.id, r.name, r.en)
    for re in page.resources:
        _maps(g, native_node(game.id, "resource", re.native), "genus", re.genus, "genus")


def atlas(games: Iterable[Game], onto: Ontology) -> nx.DiGraph:
    """Every game joined through the ontology: the ontology graph plus each game's graph."""
    joined = ontology_graph(onto)
    for game in games:
        joined = nx.compose(joined, game_graph(game))
    joined.graph["name"] = "AMALOGS atlas"
    return joined


@dataclass(frozen=True, slots=True)
class AtlasLink:
    """One game reaching one ontology term: the native concepts its page maps there (node ids; none when the
    page names the term itself, as a keyword rule), and the term's section."""

    game: str
    term: str
    section: str
    natives: tuple[str, ...]


def atlas_links(g: nx.DiGraph) -> list[AtlasLink]:
    """Every (game, ontology term) pair of an atlas that a ``maps_to`` or ``uses`` edge joins, sorted."""
    natives: dict[tuple[str, str], set[str]] = {}
    for u, v, relation in g.edges(data="relation"):
        if relation == "uses":
            natives.setdefault((str(u), str(v)), set())
        elif relation == "maps_to" and g.nodes[u].get("game") is not None:
            natives.setdefault((str(g.nodes[u]["game"]), str(v)), set()).add(str(u))
    return [AtlasLink(game, term, SECTION_OF_KIND.get(term.split(":")[1], "other"), tuple(sorted(natives[game, term])))
            for game, term in sorted(natives)]
