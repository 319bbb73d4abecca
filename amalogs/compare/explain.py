"""Why two games are near or far: each measure's share of their distance, with what it read of each game written
in the game's own words (its phases, zones, resources and stats by their native names), for ``amalogs
similarity --explain A B``."""

from __future__ import annotations

from dataclasses import dataclass

from amalogs.catalog import Game
from amalogs.compare.similarity import (
    MEASURE_WEIGHTS,
    Breakdown,
    Resolver,
    Signature,
    compare,
    signature,
)
from amalogs.models.ontology import Ontology
from amalogs.ontology.terms import CanonicalStat
from amalogs.report.cards import native_name, stat_label

__all__ = ["Explained", "explain", "words"]

_ARRIVALS = {
    "none": "no resources: nothing is paid",
    "any-card": "any card from the hand",
    "dedicated-cards": "resource cards drawn from the main deck",
    "resource-deck": "from a deck of their own",
    "counter": "a count of points that grows by itself",
    "automatic": "arrive by themselves",
    "deck-top": "paid from the deck top",
}
_COLOURS = {"none": "no colour needed", "colour-cost": "each colour paid by its own colour",
            "one-of-colour": "one of them of the card's colour"}
_TARGETS = {"player": "the player", "rested-characters": "rested characters", "characters": "characters"}
_GOALS = {"race": "won by a race to a score of one's own", "counted-up": "lost when damage counts up to a limit",
          "prizes": "won by taking prize cards", "cards": "lost when the life cards are gone and a last hit lands",
          "points": "lost when a life total reaches 0"}
_ANSWERS = {frozenset(): "nothing answers an attack", frozenset({"block"}): "a character blocks",
            frozenset({"hand"}): "cards from the hand defend", frozenset({"block", "hand"}):
            "a character blocks or cards from the hand defend"}
_FIGHTERS = {"characters": "the characters in play fight", "active": "one active character fights, a bench waits",
             "hero": "a hero fights with cards from the hand",
             "sum": "the characters add up on each side of a contest", "none": "nothing attacks"}
_LAYOUTS = {"open": "one shared field, where a card stands does not matter",
            "rows": "set places on each side, in rows or columns", "lanes": "separate fronts both players share",
            "places": "places the players contest, won by holding them",
            "grid": "a board of squares on which cards move"}
_BLOCKERS = {"any": "any character blocks", "keyword": "only a character with a keyword blocks",
             "none": "no blocks"}


@dataclass(frozen=True)
class Explained:
    """One measure of a pair: its weight, distance, part of the combined distance and share of it (0–1), and what
    it read of each game."""

    measure: str
    weight: float
    distance: float
    part: float
    share: float
    a: str
    b: str


def _stats(game: Game) -> str:
    """The native stats that carry the canonical battle values, e.g. ``パワー = BP``."""
    shown = [f"{stat_label(game, e.native)} = {e.stat.value}" for e in game.page.status
             if e.stat in (CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.HP, CanonicalStat.SP)]
    return ", ".join(shown) or "no battle stat"


def _resources(game: Game, sig: Signature) -> str:
    r, m = game.profile.resources, sig.resources
    names = "/".join(x.name for x in r.resources) or "resources"
    if m.arrival == "none":
        return _ARRIVALS["none"]
    growth = ("do not grow" if m.growth == "none" else f"{m.growth.split(':')[1]} a turn" if m.growth != "unfixed"
              else "grow by the rules")
    parts = [f"{names}: {_ARRIVALS[m.arrival]}", growth, f"up to {m.ceiling}" if m.ceiling else "no ceiling",
             "kept" if m.kept else "gone at the end of the turn", "spent for good" if m.spent else "rested to pay",
             _COLOURS.get(m.colour, m.colour)]
    if m.attach:
        parts.append("attached to characters")
    return ", ".join(parts)


def _life(game: Game, sig: Signature) -> str:
    life, m = game.profile.life, sig.life
    where = native_name(game, "zones", life.zone) if life.zone else "points"
    parts = [_GOALS[m.goal], f"{m.system}: {m.amount} {where}"]
    if m.triggers:
        parts.append("cards that trigger")
    if m.walls:
        parts.append("tiers with defence values")
    parts += [f"{layer.name} in front" for layer in life.layers]
    return ", ".join(parts)


def _attacks(game: Game, sig: Signature) -> str:
    m = sig.attacks
    blockers = _BLOCKERS.get(m.blockers, m.blockers)
    keyword = game.profile.battle.blocker_keyword
    if m.blockers == "keyword" and keyword:
        blockers = f"only a character with {native_name(game, 'keywords', keyword)} blocks"
    parts = ["attacks " + " or ".join(_TARGETS.get(t, t) for t in sorted(m.targets)), _ANSWERS[m.answer], blockers]
    parts += [text for flag, text in ((m.leader, "a leader"), (m.one_sided, "one side attacks"),
                                      (m.check, "a check at each attack"), (m.sickness, "summoning sickness")) if flag]
    return ", ".join(parts)


_KINDS = {"colour": "colour slot ", "speed": "spell speed ", "cleanup": "damage cleanup ", "range": "permanent range ",
          "family": "", "counts_as": "counts as "}
"""How a concept of a kind other than a term of its own (a genus, zone, stat or keyword) is named: its kind first,
so a colour slot reads 「colour slot 6」, not 「6」."""


def _concept(key: str) -> str:
    kind, _, value = key.partition(":")
    return f"{_KINDS.get(kind, '')}{value}"


def _mechanisms(sig: Signature, other: Signature) -> str:
    if not sig.mechanisms:
        return "none listed"
    parts = []
    if shared := sorted(sig.mechanisms & other.mechanisms):
        parts.append(f"shared: {', '.join(shared)}")
    if own := sorted(sig.mechanisms - other.mechanisms):
        parts.append(f"only here: {', '.join(own)}")
    return "; ".join(parts)


def words(game: Game, sig: Signature, measure: str, other: Signature) -> str:
    """What ``measure`` reads of ``game``, in the game's own words (``other``: the game it is compared with, for
    the concepts the two share)."""
    if measure == "systems":
        return f"{_stats(game)} ({sig.stat or 'no stat system'}, {sig.damage})"
    if measure == "resources":
        return _resources(game, sig)
    if measure == "life":
        return _life(game, sig)
    if measure == "attacks":
        return _attacks(game, sig)
    if measure == "hand":
        h = sig.hand
        if not h.hand:
            return "no hand"
        return (f"{h.starting} cards to start, {h.draw} drawn a turn, "
                + (f"a limit of {h.limit}" if h.limit is not None else "no limit"))
    if measure == "turn":
        unit = "a round both play" if sig.unit == "round" else "a turn"
        return f"{unit}: " + " → ".join(ph.name for ph in game.profile.turn.phases)
    if measure == "fighters":
        return _FIGHTERS[sig.fighters]
    if measure == "layout":
        return _LAYOUTS[sig.layout]
    if measure == "mechanisms":
        return _mechanisms(sig, other)
    if measure == "we":
        return f"WE {sig.we}"
    shared = sig.concepts.keys() & other.concepts.keys()
    own = sorted(dict.fromkeys(_concept(k) for k in sig.concepts.keys() - shared))
    more = f"; only here: {', '.join(own[:4])}{' …' if len(own) > 4 else ''}" if own else ""
    return f"{len(sig.concepts)} concepts, {len(shared)} shared{more}"


def explain(a: Game, b: Game, onto: Ontology) -> tuple[Breakdown, list[Explained]]:
    """The pair's breakdown and one row per measure, largest share of the distance first."""
    sa, sb = signature(a), signature(b)
    found = compare(sa, sb, Resolver(onto))
    total = found.distance
    rows = [Explained(m, MEASURE_WEIGHTS[m], found.distances[m], part, part / total if total > 0 else 0.0,
                      words(a, sa, m, sb), words(b, sb, m, sa))
            for m, part in found.parts.items()]
    rows.sort(key=lambda r: (-r.part, r.measure))
    return found, rows
