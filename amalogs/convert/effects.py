"""Each canonical effect of a converted card, judged in the target game: it works, it works differently (and
how), or it cannot work there (docs/rules.md §7, "Effects in the target game").

A canonical effect means the same thing in every game, but what it *does* depends on what the game has: a
life-trigger effect needs a game whose damage reveals cards with triggers, a heal needs a life that can go up,
a ``modify`` of SP needs characters that deal SP, an activated cost in a colour needs that colour among the
target's resources. The judgement reads those facts from the target's rule profile and AMALOGS page
(:class:`GameFacts`) and compares them with the source game's, so an effect that does in the target what it
did in its own game is ``exact``, one that does something else ``approximated`` (the reason says what), and
one that can do nothing ``dropped``.
"""

from __future__ import annotations

from dataclasses import dataclass

from amalogs.catalog import Game
from amalogs.ontology.terms import (
    CanonicalStat,
    CanonicalZone,
    CleanupTiming,
    ColourSlot,
    Genus,
    LifeSystem,
    StatSystem,
    UnifiedKeyword,
)

__all__ = ["GameFacts", "Verdict", "WORKS", "DIFFERENT", "CANNOT", "facts_of", "judge"]

WORKS, DIFFERENT, CANNOT = "works", "works differently", "cannot work"
PERSISTENT = CleanupTiming.PERSISTENT.value
"""ダメージクリンナップ 持続: damage stays on characters (HP制). With any other timing an effect's damage on a
character lasts until the end of the turn (battle damage may go sooner: 戦闘終了時, なし)."""


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the effect judgement reads of one game (its profile and page)."""

    game: str
    hand: bool
    """A 手札 zone (ブレイクジョーカー has none: its cards go from the deck into the row)."""
    resources: str | None
    """Where its standing resources (常駐資源) come from (the profile's ``resources.source``), or None when it
    has none (costs paid another way: deck-top cards, counter blast)."""
    colour_slots: frozenset[ColourSlot]
    life: LifeSystem
    life_triggers: bool
    """Damage reveals life cards whose triggers may fire (the profile's ``life.triggers``)."""
    stat_system: StatSystem | None
    """None: its characters have no battle values and never battle (ブレイクジョーカー)."""
    damage: str
    sp: bool
    """Its characters print SP (an SPS game with an SP stat)."""
    blocks: bool
    """A character can block or intercept (the profile's ``battle.blockers``)."""
    cleanup: str
    keywords: frozenset[UnifiedKeyword]
    genera: frozenset[Genus]
    checks: bool = False
    """Attacks reveal cards from the deck whose triggers may fire (an attack check: ヴァンガード's drive check)."""
    leader: bool = False
    """A player has a leader in play (a leader's place, 選抜リーダー制)."""
    boosts: bool = False
    """A card may boost an attack (the profile's ``play.boost``: ヴァンガード's ブースト)."""
    territories: bool = False
    """A player may open a territory (a permanent type whose opened state counts as フィールド: ビルディバイド)."""
    rides: bool = False
    """A card may be ridden onto the leader (the profile's ``play.ride``: ヴァンガード)."""
    stacks: bool = False
    """Cards may be stacked under a card in play (evolution, 超越)."""
    board: bool = False
    """The players share a board with home squares (the profile's ``play.board``: Z/X)."""
    resource_deck: bool = False
    """Resources come from a deck of their own (the profile's ``resources.deck``), where spent ones may return."""
    life_start: int = 0
    """How much life a player starts with (the profile's ``life.starting``: points, cards, shields, forts), by which
    player damage and life gain are rescaled between games."""
    loyalty: bool = False
    """A card may enter with loyalty counters that its abilities' costs add and remove (the profile's
    ``play.loyalty``: Magic's planeswalkers)."""
    equip_cost: str | None = None
    """The native number stat of its equipment's equip cost (the profile's ``play.equip.cost``: Magic's 装備{N}), paid
    to attach a piece of equipment after it is played; None where equipment is attached as it is played (ギルド
    ヒーローズ) or there is none."""
    free_level: bool = False
    """Its 大コスト is a level that limits what may be called, paid with nothing (the profile's ``play.level`` with
    ``play.free_calls``: ヴァンガード's grade)."""


def facts_of(game: Game) -> GameFacts:
    """The facts of one game (see :class:`GameFacts`)."""
    profile, page = game.profile, game.page
    standing = any(e.genus is Genus.STANDING_RESOURCE for e in page.resources)
    blockers = profile.battle.blockers
    if blockers is None:
        blockers = "any" if any(str(e.rule) == "ブロック宣言" for e in page.keyword_rules) else "none"
    return GameFacts(
        game=game.id,
        hand=any(e.zone is CanonicalZone.HAND for e in page.permanent_types),
        resources=profile.resources.source if standing else None,
        colour_slots=frozenset(e.slot for e in page.colours),
        life=page.life_system(),
        life_triggers=bool(profile.life.triggers),
        stat_system=page.stat_system(),
        damage=page.damage_system().value,
        sp=any(e.stat is CanonicalStat.SP for e in page.status),
        blocks=blockers != "none",
        cleanup=page.damage_cleanup.timing.value,
        keywords=frozenset(e.unified for e in page.unified_keywords if e.unified is not None),
        genera=frozenset(e.genus for e in page.card_types if e.genus is not None),
        checks=profile.battle.attack_check > 0,
        leader=any(place.leader for place in profile.play.places)
        or any(str(e.rule) == "選抜リーダー制" for e in page.keyword_rules),
        boosts=profile.play.boost is not None and bool(profile.play.places),
        territories=any(e.state is not None and "開放" in e.state for e in page.permanent_types),
        rides=profile.play.ride is not None,
        board=profile.play.board is not None,
        resource_deck=profile.resources.deck is not None,
        free_level=profile.play.level is not None and profile.play.free_calls,
        loyalty=profile.play.loyalty is not None,
        equip_cost=profile.play.equip.cost if profile.play.equip is not None else None,
        life_start=profile.life.starting,
        stacks=profile.play.evolve is not None or getattr(_referee_of(game.id), "stacks_cards", False),
    )


@dataclass(frozen=True, slots=True)
class Verdict:
    """How one effect fares in the target: ``works``, ``works differently`` or ``cannot work``, and why."""

    outcome: str
    reason: str


_HEAL_DOES = {
    LifeSystem.LIFE_POINTS: "life points go up",
    LifeSystem.DAMAGE_ACCUMULATION: "damage cards go from the damage zone to the discard pile",
    LifeSystem.LIFE_CARDS: "top cards of the deck go face down into the life",
}


def judge(effect: object, source: GameFacts | None, target: GameFacts) -> Verdict:
    """Judge one canonical effect (a model of :mod:`amalogs.models.effects`) of a card of the game ``source``
    (None: not known, judged against the target alone) played in ``target``."""
    e = effect
    when = getattr(e, "when", "play")
    t, s = target, source
    g = t.game
    timing = _timing(when, s, t) or _unattached(e, t) or _condition(getattr(e, "condition", None), t)
    if timing is not None:
        return timing
    cost = _payment(getattr(e, "pay", None), t)
    if cost is not None:
        return cost
    kind = getattr(e, "do", "")
    if kind == "choose":
        return _choice(getattr(e, "options"), s, t)
    if getattr(getattr(e, "target", None), "home", None) == "only" and not t.board:
        return Verdict(CANNOT, f"it names a card on its player's home square, and {g} has no board: there is none")
    if getattr(getattr(e, "target", None), "state", None) == "attacking" and t.stat_system is None:
        return Verdict(CANNOT, f"it names the attacking card, and {g}'s characters never battle: there is none")
    if kind in ("damage", "modify") and t.stat_system is None:
        return Verdict(CANNOT, f"{g}'s characters have no battle values (no stat system): a {kind} changes nothing")
    if kind == "damage":
        if s is not None and (s.cleanup == PERSISTENT) != (t.cleanup == PERSISTENT):
            how = ("stays on the character from turn to turn" if t.cleanup == PERSISTENT
                   else f"is gone at the end of the turn (in {s.game} it stays: {PERSISTENT})")
            return Verdict(DIFFERENT, f"damage on characters in {g} ({t.cleanup}) {how}")
        return _works(s, t)
    if kind == "modify":
        return _modify(e, s, t)
    if kind == "heal":
        return _heal(e, s, t)
    if kind in ("draw", "discard", "return_to_hand") and not t.hand:
        how = {"draw": "a drawn card goes from the deck into the row, and only during a round",
               "discard": "there is nothing to discard", "return_to_hand": "there is no hand to return it to"}[kind]
        outcome = DIFFERENT if kind == "draw" else CANNOT
        return Verdict(outcome, f"{g} has no hand: {how}")
    if kind == "search" and not t.hand:
        return Verdict(CANNOT, f"{g} has no hand to take the found cards into")
    if kind == "search":
        return _search(e, s, t)
    if kind == "gain_resource":
        if t.resources is None:
            return Verdict(CANNOT, f"{g} has no resource area (its costs are paid another way): no resource to gain")
        if s is not None and s.resources is not None and s.resources != t.resources:
            return Verdict(DIFFERENT, f"the deck's top card becomes a resource, but {g}'s resources come from "
                                      f"{t.resources} ({s.game}: {s.resources})")
        return _works(s, t)
    if kind == "grant_keyword":
        keyword = getattr(e, "keyword")
        if keyword not in t.keywords:
            return Verdict(DIFFERENT, f"no keyword of {g} unifies to {keyword}: the referee carries out its AMALOGS "
                                      f"meaning, but no card of {g} has it")
        return _works(s, t)
    if kind == "boost_attack":
        if t.damage == "DDS" and (s is None or s.damage != "DDS"):
            return Verdict(DIFFERENT, f"{g} is DDS: its attackers deal their attack value, and the boost is added to it "
                                      "as that many points")
        return _works(s, t)
    if kind == "produce":
        return _produce(e, s, t)
    if kind == "put_into_play":
        return _put_into_play(e, s, t)
    if kind == "player_damage" and s is not None and s.life != t.life:
        return Verdict(DIFFERENT, f"each SP point is one point of {g}'s life ({t.life}), not of {s.game}'s ({s.life})")
    return _works(s, t)


def _referee_of(game_id: str) -> object:
    """The referee's core game for a game id (a module of its own, or the one that plays games from data)."""
    import amalogs.referee.games  # noqa: F401  (registers the modules; imported only when a form needs it)
    from amalogs.referee.engine.registry import MODULES
    from amalogs.referee.games.profile import ProfileGame

    return MODULES.get(game_id, ProfileGame)


def _produce(e: object, s: GameFacts | None, t: GameFacts) -> Verdict:
    """A mana ability: it works where the target's referee pays with it (``produce_use``)."""
    g = t.game
    use = getattr(_referee_of(g), "produce_use", None)
    named = getattr(e, "for_card", None)
    if t.resources is None or use is None:
        return Verdict(CANNOT, f"{g} pays its costs another way: nothing pays with a card's mana ability")
    if named and use != "retainer":
        return Verdict(CANNOT, f"it pays only toward {named}, and {g} has no payment for one named card: it is never "
                               "used")
    if use == "retainer":
        return Verdict(CANNOT if not named else WORKS, f"in {g} only a 臣下 pays, one white circle of its 当主" + (
            "" if named else ": a card's mana ability is never used"))
    missing = [str(c) for c in getattr(e, "colours") if c != "any" and c is not ColourSlot.COLOURLESS
               and c not in t.colour_slots]
    if missing:
        return Verdict(DIFFERENT, f"it gives {', '.join(missing)}, a colour {g} does not have: it pays only the part "
                                  "of a cost of no colour")
    if use == "mana":
        return Verdict(DIFFERENT, f"in {g} only a mana card in the mana area pays: on any other card it is never used")
    if getattr(e, "amount", 1) > 1:
        return Verdict(DIFFERENT, f"{g}'s referee counts the card as one resource: it gives 1, not {e.amount}")  # type: ignore[attr-defined]
    return _works(s, t)


def _put_into_play(e: object, s: GameFacts | None, t: GameFacts) -> Verdict:
    """The card itself onto the field, free: where the target's referee can put a card there."""
    g = t.game
    module = _referee_of(g)
    from amalogs.referee.games.profile import ProfileGame

    if module is ProfileGame:
        return _works(s, t)
    if getattr(module, "produce_use", None) == "mana" and getattr(e, "when", "") == "life":
        return Verdict(DIFFERENT, f"in {g} only a quick character broken out of a fort goes into play this way")
    return Verdict(CANNOT, f"{g}'s referee puts no card into play this way: it never happens")


def _choice(options: list[object], s: GameFacts | None, t: GameFacts) -> Verdict:
    """A choice works as its options do: it cannot work when none can; an option that cannot work, or works
    otherwise, makes it work differently (the reason names the option)."""
    verdicts = [judge(option, s, t) for option in options]
    if all(v.outcome == CANNOT for v in verdicts):
        return Verdict(CANNOT, f"none of its options can work in {t.game}: {verdicts[0].reason}")
    odd = [(k, v) for k, v in enumerate(verdicts, 1) if v.outcome != WORKS]
    if odd:
        return Verdict(DIFFERENT, "; ".join(f"option {k} {'cannot work' if v.outcome == CANNOT else 'works differently'}"
                                            f": {v.reason}" for k, v in odd))
    return _works(s, t)


def _works(s: GameFacts | None, t: GameFacts) -> Verdict:
    return Verdict(WORKS, "the same in both games" if s is None or s.game != t.game else "same game")


def never_happens(effect: object, source: GameFacts | None, target: GameFacts) -> Verdict | None:
    """The verdict of an effect whose trigger or condition the card can never meet in ``target`` (a trigger on a
    ride in a game without rides, a life trigger where damage reveals none, an opened territory where there are
    none): 'cannot work', and the converted card leaves it out rather than print it as if it would fire; None
    otherwise."""
    found = (_timing(getattr(effect, "when", "play"), source, target) or _unattached(effect, target)
             or _condition(getattr(effect, "condition", None), target))
    return found if found is not None and found.outcome == CANNOT else None


def _unattached(effect: object, t: GameFacts) -> Verdict | None:
    """An effect on the character its card is attached to (equipment), in a game where nothing is attached."""
    if getattr(getattr(effect, "target", None), "attached", False) and Genus.EQUIPMENT not in t.genera:
        return Verdict(CANNOT, f"it changes the character the card is attached to (装備), and nothing is attached to a "
                               f"character in {t.game}: it never applies")
    return None


def _timing(when: str, s: GameFacts | None, t: GameFacts) -> Verdict | None:
    g = t.game
    if when == "life" and not t.life_triggers:
        return Verdict(CANNOT, f"a life trigger: {g}'s damage reveals no cards with triggers ({t.life}), so it never "
                               "happens")
    if when == "check" and not t.checks:
        if not t.life_triggers:
            return Verdict(CANNOT, f"a check trigger: {g} makes no checks and its damage reveals no cards with "
                                   f"triggers ({t.life}), so it never happens")
        if s is None or s.checks:
            return Verdict(DIFFERENT, f"a check trigger: {g} makes no attack checks, so it takes place only when "
                                      "damage reveals it from the life, as a life trigger")
    if when == "block" and not t.blocks:
        return Verdict(CANNOT, f"on a block: nothing blocks in {g}, so it never happens")
    if when == "ridden" and not t.rides:
        return Verdict(CANNOT, f"when it is ridden upon: nothing is ridden onto a card in {g}, so it never happens")
    if when == "boost" and not t.boosts:
        return Verdict(CANNOT, f"when it boosts: nothing boosts an attack in {g}, so it never happens")
    if when in ("attack", "block", "hit") and t.stat_system is None:
        what = {"attack": "on an attack", "block": "on a block", "hit": "when an attack hits"}[when]
        return Verdict(CANNOT, f"{what}: {g}'s characters never battle, so it never happens")
    return None


def _condition(c: object, t: GameFacts) -> Verdict | None:
    """A condition that the target cannot meet, or meets always: on the leader's place, in a game without one; an
    opened territory, in a game without territories."""
    if getattr(c, "under", None) is not None and not t.stacks:
        return Verdict(CANNOT, f"only while cards are stacked under it, and nothing is stacked under a card in {t.game}: "
                               "it never works")
    if getattr(c, "rule", None) == "territory-open" and not t.territories:
        return Verdict(CANNOT, f"only while its controller has a territory opened, and {t.game} has no territories: "
                               "it never works")
    place = getattr(c, "place", None)
    if place is None or t.leader:
        return None
    if place == "leader":
        return Verdict(CANNOT, f"only while the card is the leader, and {t.game} has no leader: it never works")
    return Verdict(DIFFERENT, f"only while the card is not the leader; {t.game} has no leader, so it always works")


def _payment(pay: object, t: GameFacts) -> Verdict | None:
    """A cost nobody in the target can pay: resources in a game without them, a colour the target lacks, a
    discard from a hand it does not have."""
    if pay is None:
        return None
    g = t.game
    resources = getattr(pay, "resources", {})
    if resources and t.resources is None:
        return Verdict(CANNOT, f"its cost rests resources, and {g} has none: nobody can pay it")
    missing = [str(slot) for slot in resources if slot != "any" and slot is not ColourSlot.COLOURLESS
               and slot not in t.colour_slots]
    if missing:
        return Verdict(CANNOT, f"its cost needs {', '.join(missing)} resources, a colour {g} does not have: nobody "
                               "can pay it")
    if (getattr(pay, "discard", 0) or getattr(pay, "discard_self", False) or getattr(pay, "zone", "") == "hand") \
            and not t.hand:
        return Verdict(CANNOT, f"its cost is paid from the hand, and {g} has no hand: nobody can pay it")
    if getattr(pay, "counter_blast", 0) and t.life is not LifeSystem.DAMAGE_ACCUMULATION:
        return Verdict(CANNOT, f"its cost turns face-up damage cards face down (counter blast), and {g} keeps no "
                               f"damage cards ({t.life}): nobody can pay it, so it never takes place")
    if getattr(pay, "soul_blast", 0) and not t.rides:
        return Verdict(CANNOT, f"its cost puts cards from under the leader into the discard pile (soul blast), and "
                               f"nothing goes under a leader in {g}: nobody can pay it, so it never takes place")
    if getattr(pay, "life", 0) and t.life is not LifeSystem.LIFE_POINTS:
        return Verdict(CANNOT, f"its cost pays life points, and {g}'s life is {t.life}: nobody can pay it")
    loyalty = getattr(pay, "loyalty", 0)
    if loyalty < 0 and not t.loyalty:
        return Verdict(CANNOT, f"its cost removes {-loyalty} of the card's own loyalty counters, and cards in {g} have "
                               "none: nobody can pay it")
    if loyalty > 0 and not t.loyalty:
        return Verdict(DIFFERENT, f"its cost adds {loyalty} loyalty counter(s) to the card, and cards in {g} have none: "
                                  "once a turn at no cost instead (the nearest cost of the same weight)")
    if getattr(pay, "return_resources", 0) and not t.resource_deck:
        return Verdict(CANNOT, f"its cost returns resource cards to a resource deck, and {g} has none: nobody can "
                               "pay it")
    return None


def _modify(e: object, s: GameFacts | None, t: GameFacts) -> Verdict:
    stat = getattr(e, "stat")
    g = t.game
    if stat is CanonicalStat.SP:
        if t.damage == "DDS":
            return Verdict(DIFFERENT, f"{g} is DDS: its characters print no SP; the SP bonus is added to the attack "
                                      "value dealt to a player, as that many points")
        if not t.sp:
            return Verdict(CANNOT, f"{g}'s characters have no SP")
        return _works(s, t)
    same = s is not None and s.stat_system == t.stat_system
    if stat is CanonicalStat.BP and t.stat_system is StatSystem.APDP and not same:
        return Verdict(DIFFERENT, f"{g} has AP and DP, no BP: the change applies to both")
    if stat in (CanonicalStat.AP, CanonicalStat.DP) and t.stat_system is not StatSystem.APDP and not same:
        side = "attack" if stat is CanonicalStat.AP else "defence"
        return Verdict(DIFFERENT, f"{g} has one battle value ({t.stat_system}): the change applies to it, only as the "
                                  f"{side} side")
    if t.stat_system is StatSystem.HP and not same:
        return Verdict(DIFFERENT, f"{g} counts battles in HP that stays damaged: the change is to HP")
    return _works(s, t)


def _heal(e: object, s: GameFacts | None, t: GameFacts) -> Verdict:
    g = t.game
    does = _HEAL_DOES.get(t.life)
    if does is None:
        return Verdict(CANNOT, f"{g}'s life is {t.life}: nothing comes back, so a heal does nothing")
    if s is not None and s.life != t.life:
        return Verdict(DIFFERENT, f"in {g} ({t.life}) {does}; in {s.game} ({s.life}) "
                                  f"{_HEAL_DOES.get(s.life, 'nothing came back')}")
    return _works(s, t)


def _search(e: object, s: GameFacts | None, t: GameFacts) -> Verdict:
    f = getattr(e, "filter")
    g = t.game
    genus = getattr(f, "genus", None)
    if genus is not None and genus not in t.genera:
        return Verdict(CANNOT, f"it looks for a {genus}, and {g} has no card of it: it finds nothing")
    keyword = getattr(f, "keyword", None)
    if keyword is not None and keyword not in t.keywords:
        return Verdict(CANNOT, f"it looks for {keyword}, and no keyword of {g} unifies to it: it finds nothing")
    if getattr(f, "trait", None) and s is not None and s.game != t.game:
        return Verdict(DIFFERENT, f"it looks for the 特徴 {f.trait}, which {g}'s own cards do not print: only "
                                  "converted cards can match")
    return _works(s, t)
