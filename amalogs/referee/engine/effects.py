"""Carrying out canonical card effects in a match, and the current values of characters.

Effects go on a stack and resolve last in, first out. An effect that chooses targets asks its controller
(``target X`` for each legal card, ``skip`` when the effect is optional); an effect whose targets are gone
fizzles (立ち消え). Values are canonical thousandths, so an effect written for one game works in any game.

Carried out now: effects when a card is played (``play``), life triggers (``life``, or the play effects of a
trigger card without one), a character's ``attack``, ``block``, ``boost``, ``hit``, ``destroyed``, ``leave``,
``start-of-turn`` and ``end-of-turn`` effects, a choice among effects (``choose``: its controller picks one), activated abilities with a structured cost (:mod:`amalogs.referee.engine.abilities`), and
static effects as auras (:func:`refresh_auras`) — draw, damage, destroy, modify, rest,
stand, return_to_hand, player_damage, gain_resource, grant_keyword, discard, boost_attack, heal (its game's way: life points up to
``hp-max``, damage cards back, deck cards into the life), add_counter, mill, put_into_play (where the game can),
look, and a
search (the player picks among the matching cards looked at) and scout (the player puts each card back on the
top or at the bottom). ``produce`` pays (the games' payments read it), and ``forbid``, ``ignore_keyword`` and
``hand_limit`` are read where the referee offers attacks, targets and blocks, deals effect damage and checks the
hand (:mod:`amalogs.referee.engine.values`). ``native`` effects are
logged as not carried out; a static effect that names one target without being on the card itself is not
applied as an aura, except equipment's, which acts on the character it is attached to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from amalogs.referee.engine import rulings
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.core import shuffle
from amalogs.referee.engine.costs import extra_payable, pay_extra
from amalogs.referee.engine.field import destroy, destroy_if_dead, lose
from amalogs.referee.engine.registry import characters_of, module_of, opponents
from amalogs.referee.engine.stack import push_ability, push_effects
from amalogs.referee.engine.state import Pending, State
from amalogs.referee.engine.values import (
    ap,
    change_of,
    dp,
    forbidden,
    has,
    in_play,
    refresh_auras,
    sp,
    thousandths,
)

__all__ = [
    "TARGETED",
    "ap",
    "choose_actions",
    "discard_from_hand",
    "dp",
    "has",
    "make_choice",
    "pick_searched",
    "place_scouted",
    "push_ability",
    "push_effects",
    "refresh_auras",
    "resolve",
    "scout_actions",
    "search_candidates",
    "sp",
    "target_actions",
]

TARGETED = frozenset({"damage", "destroy", "modify", "rest", "stand", "return_to_hand", "grant_keyword"})


def candidates(s: State, p: Pending) -> list[int]:
    """The cards on the field the pending effect may choose."""
    target = p.effect.target
    if target.self_only:
        owner = s.cards[p.source].owner  # (a card in play that is no character: a land entering tapped)
        return [p.source] if p.source in characters_of(s, owner) or p.source in module_of(s, owner).permanents(s, owner) \
            else []
    if target.other:
        return [u for u in in_play(s, p.controller, target) if u != p.source]
    return in_play(s, p.controller, target)


def choose_actions(s: State) -> list[Action]:
    """The options of the choice waiting on the stack (``choose K``), and ``skip`` when it is optional."""
    e = s.stack[-1].effect
    actions = [_new(Action, ("choose", (k,))) for k in range(len(e.options))]
    return [*actions, _SKIP] if e.optional else actions


def make_choice(s: State, me: int, k: int | None) -> None:
    """Carry out the choice waiting on the stack: option ``k`` goes on the stack in its place (its cost, if the
    choice prints one, paid now), or nothing (``None``: an optional choice skipped)."""
    p = s.stack.pop()
    e = p.effect
    if k is None:
        s.emit("chose", seat=me, card=p.source, option=None)
        return
    if e.pay is not None and e.when != "activated":
        _pay(s, p)
    option = e.options[k]
    s.emit("chose", seat=me, card=p.source, option=k, effect=option.do)
    s.stack.append(Pending(p.controller, p.source, option))


def target_actions(s: State) -> list[Action]:
    p = s.stack[-1]
    actions = [_new(Action, ("target", (u,))) for u in candidates(s, p)]
    return [*actions, _SKIP] if p.effect.optional or not actions else actions


_SKIP = Action("skip")
_new = tuple.__new__  # an Action made without the named tuple's argument handling (the hot path makes many)


def resolve(s: State, chosen: int | None = None) -> bool:
    """Resolve effects from the top of the stack; False when a target decision is needed first. A triggered
    effect that prints a cost (``pay``: counter blast, soul blast) fizzles when its controller cannot pay it, and
    is paid as it takes place."""
    while s.stack:
        p = s.stack[-1]
        e = p.effect
        costly = e.pay is not None and e.when != "activated"
        if costly and chosen is None and not extra_payable(s, module_of(s, p.controller), p.controller, e.pay):
            s.stack.pop()
            s.emit("cost-unpaid", seat=p.controller, card=p.source, effect=e.do)
            continue
        if e.do == "choose":  # its controller picks one of its options (the choose step), which then goes on
            s.phase, s.decider = "choose", p.controller
            return False
        if e.do in TARGETED:
            if e.target.count == 0:
                s.stack.pop()
                if costly:
                    _pay(s, p)
                for uid in candidates(s, p):
                    _apply_to(s, p, uid)
                continue
            if chosen is None:
                found = candidates(s, p)
                if not found:
                    s.stack.pop()
                    s.emit("fizzle", seat=p.controller, card=p.source, effect=e.do)
                    continue
                if e.target.self_only and not e.optional:  # "this card": nothing to choose
                    s.stack.pop()
                    if costly:
                        _pay(s, p)
                    _apply_to(s, p, found[0])
                    continue
                s.phase, s.decider = "target", p.controller
                return False
            s.stack.pop()
            if chosen >= 0:
                if costly:
                    _pay(s, p)
                _apply_to(s, p, chosen)
            chosen = None
            continue
        s.stack.pop()
        if costly:
            _pay(s, p)
        _apply_global(s, p)
        if s.trigger_by_effect or s.phase in ("effect-discard", "search-pick", "scout-place", "ruling"):
            return False  # a life trigger revealed by the effect's damage, a discard or a pick waits for a decision
    return True


def _pay(s: State, p: Pending) -> None:
    pay_extra(s, module_of(s, p.controller), p.controller, p.effect.pay)


def _apply_to(s: State, p: Pending, uid: int) -> None:
    e, owner = p.effect, s.cards[uid].owner
    seat = s.seats[owner]
    if s.log_events:
        s.emit("effect", seat=p.controller, card=p.source, effect=e.do, target=uid)
    if e.do == "damage":
        if s.cards[uid].forbids and forbidden(s, uid, "effect-damage"):
            s.emit("prevented", seat=owner, card=uid, effect="damage")
            return
        seat.damage[uid] = seat.damage.get(uid, 0) + thousandths(e)
        destroy_if_dead(s, uid)
    elif e.do == "destroy":
        destroy(s, uid)
    elif e.do == "modify":
        _modify(s, uid, e, p.controller)
        destroy_if_dead(s, uid)
    elif e.do == "rest":
        seat.rested.add(uid)
    elif e.do == "stand":
        seat.rested.discard(uid)
    elif e.do == "return_to_hand":
        destroy(s, uid, to="hand")
    elif e.do == "grant_keyword":
        if e.until == "next-turn":
            seat.until_next_turn(uid, p.controller, keywords=frozenset({e.keyword.value}))
        else:
            seat.granted[uid] = seat.granted.get(uid, frozenset()) | {e.keyword.value}


def _modify(s: State, uid: int, e: Any, controller: int) -> None:
    seat = s.seats[s.cards[uid].owner]
    indexes, amount = change_of(e)
    if e.until == "end-of-battle":
        _for_the_battle(s, uid, indexes, amount)
        return
    if e.until == "next-turn":  # kept with the lasting changes, and taken off at the start of its controller's turn
        seat.until_next_turn(uid, controller, (amount if 0 in indexes else 0, amount if 1 in indexes else 0,
                                               amount if 2 in indexes else 0))
        return
    table = seat.lasting if e.until == "permanent" else seat.mods
    values = list(table.get(uid, (0, 0, 0)))
    for index in indexes:
        values[index] += amount
    table[uid] = (values[0], values[1], values[2])


def _for_the_battle(s: State, uid: int, indexes: tuple[int, ...], amount: int) -> None:
    """A change "for that battle": the attacker's attack goes into the battle's power, the attacked card's defence
    (the blocker, the target, or the leader an attack on the player goes through) into its shield; both end with
    the battle. Any other change for the battle (no battle now, a card not in it, the side of a value the battle
    does not compare) changes nothing."""
    attack = s.attack
    if attack is None:
        return
    if uid == attack.attacker and 0 in indexes:
        attack.power += amount
        return
    attacked = attack.blocker if attack.blocker is not None else attack.target
    if attacked is None:
        attacked = s.games[attack.defender].leader_of(s, attack.defender)
    if uid == attacked and 1 in indexes:
        attack.shield += amount


def _players(s: State, p: Pending, who: str) -> list[int]:
    if who == "self":
        return [p.controller]
    return opponents(s, p.controller) if who == "opponent" else list(range(len(s.seats)))


def _apply_global(s: State, p: Pending) -> None:
    e = p.effect
    handlers: dict[str, Callable[[State, Pending], None]] = {
        "draw": _draw, "player_damage": _player_damage, "gain_resource": _gain_resource, "discard": _discard,
        "boost_attack": _boost, "search": _search, "scout": _scout, "heal": _heal, "add_counter": _add_counter,
        "mill": _mill, "put_into_play": _put_into_play, "look": _look,
    }
    handler = handlers.get(e.do)
    if e.do == "native":  # a game module may carry out its own cards' native effects
        if s.cards[p.source].owner == p.controller and module_of(s, p.controller).carry_out_native(s, p):
            return  # the module logs what it did
        if s.rulings:  # else the players rule it by hand
            rulings.ask(s, p)
            return
    if handler is None:
        s.emit("effect-not-carried-out", seat=p.controller, card=p.source, effect=e.do, when=e.when)
        return
    if s.log_events:
        s.emit("effect", seat=p.controller, card=p.source, effect=e.do)
    handler(s, p)


def _draw(s: State, p: Pending) -> None:
    """Each player named draws ``count`` cards. A draw its game says it cannot make loses the match when its game
    says so (the module's ``draw_out_loss``: ビルディバイド with neither deck nor life cards, ギルドヒーローズ with
    an empty deck); otherwise it does nothing. Both players draw one after the other (seat 0 first, as for
    player damage), and the first who cannot loses."""
    for i in _players(s, p, p.effect.who):
        game = module_of(s, i)
        for _ in range(p.effect.count):
            if not game.draw(s, i) and game.draw_out_loss is not None:
                lose(s, i, game.draw_out_loss)
                return


def _player_damage(s: State, p: Pending) -> None:
    """Damage to players one point at a time, each on its own life system: a burst adds one more, and a life
    trigger is offered — the rest of the damage waits on the stack until the trigger is decided."""
    e = p.effect
    players = _players(s, p, e.who)
    for n, i in enumerate(players):
        left = e.amount
        while left > 0:
            left -= 1
            result = module_of(s, i).take_hit(s, i)
            if result == "lost":
                lose(s, i, "damage with no life left")
                return
            if result == "burst":
                left += 1
            elif result == "trigger":
                rest: list[tuple[int, int]] = [(i, left), *((j, e.amount) for j in players[n + 1:])]
                for j, amount in rest[::-1]:
                    if amount > 0:
                        who = "self" if j == p.controller else "opponent"
                        s.stack.append(Pending(p.controller, p.source, e.model_copy(update={"amount": amount,
                                                                                            "who": who})))
                s.phase, s.decider = "trigger", i
                s.trigger_by_effect = True
                return


def _add_counter(s: State, p: Pending) -> None:
    """Each player named gets ``count`` counters of the effect's name (the seat's ``counters``)."""
    e = p.effect
    for i in _players(s, p, e.who):
        counters = s.seats[i].counters
        counters[e.counter] = counters.get(e.counter, 0) + e.count
        s.emit("counter", seat=i, counter=e.counter, change=e.count, total=counters[e.counter])


def _mill(s: State, p: Pending) -> None:
    """Each player named puts the top ``count`` cards of its deck into its discard pile (fewer when the deck
    holds fewer; an empty deck loses nothing here)."""
    for i in _players(s, p, p.effect.who):
        seat = s.seats[i]
        deck = seat.zones.get("deck", [])
        pile = seat.zones["drop" if "drop" in seat.zones else "discard"]
        n = min(p.effect.count, len(deck))
        for _ in range(n):
            pile.append(deck.pop())
        s.emit("milled", seat=i, cards=n)


def _look(s: State, p: Pending) -> None:
    """Its controller looks at each opponent's face-down cards in play (they stay face down; the log names them)."""
    seen = 0
    for j in opponents(s, p.controller):
        seat = s.seats[j]
        for uid in module_of(s, j).permanents(s, j):
            if uid in seat.face_down:
                s.emit("peek", seat=p.controller, card=uid)
                seen += 1
    if not seen:
        s.emit("fizzle", seat=p.controller, card=p.source, effect="look")


def _put_into_play(s: State, p: Pending) -> None:
    """The card itself onto its owner's field, its cost unpaid, where its game can put it there."""
    owner = s.cards[p.source].owner
    if p.source in module_of(s, owner).permanents(s, owner):
        return  # (already there: a trigger card played as it was revealed)
    if not module_of(s, owner).put_into_play(s, owner, p.source, p.effect.rested):
        s.emit("effect-not-carried-out", seat=p.controller, card=p.source, effect="put_into_play", when=p.effect.when)


def _gain_resource(s: State, p: Pending) -> None:
    for _ in range(p.effect.count):
        module_of(s, p.controller).gain_resource(s, p.controller, p.effect.rested)


def _discard(s: State, p: Pending) -> None:
    """Each player named discards ``count`` cards of its choice from hand (all of them when it holds no more):
    one decision per card, the rest of the effect waiting on the stack meanwhile."""
    e = p.effect
    players = _players(s, p, e.who)
    for n, i in enumerate(players):
        hand = s.seats[i].zones.get("hand", [])  # a game with no hand discards nothing
        if not hand:
            continue
        if len(hand) <= e.count:
            for uid in list(hand):
                discard_from_hand(s, i, uid)
            continue
        rest: list[tuple[int, int]] = [(i, e.count - 1), *((j, e.count) for j in players[n + 1:])]
        for j, count in rest[::-1]:
            if count > 0:
                who = "self" if j == p.controller else "opponent"
                s.stack.append(Pending(p.controller, p.source, e.model_copy(update={"count": count, "who": who})))
        s.phase, s.decider = "effect-discard", i
        return


def discard_from_hand(s: State, i: int, uid: int) -> None:
    seat = s.seats[i]
    seat.zones["hand"].remove(uid)
    seat.zones["drop" if "drop" in seat.zones else "discard"].append(uid)
    s.emit("discard", seat=i, card=uid)


def _heal(s: State, p: Pending) -> None:
    """Each player named recovers life its game's way (the module's ``heal``: life points up to the maximum,
    damage cards back to the discard pile, deck cards into the life; shields and forts: nothing)."""
    for i in _players(s, p, p.effect.who):
        module_of(s, i).heal(s, i, p.effect.amount)


def _boost(s: State, p: Pending) -> None:
    s.boost[p.controller] += p.effect.amount


def _search(s: State, p: Pending) -> None:
    """Look at the deck (its top ``look`` cards, or all of it) and take ``take`` cards that match into the hand:
    the player picks when more match than it may take (``search-pick`` step, one card a decision); a deck
    looked through whole is shuffled after."""
    e = p.effect
    matching = search_candidates(s, p)
    if len(matching) > e.take:
        s.stack.append(p)  # the search waits on the stack for the pick
        s.phase, s.decider = "search-pick", p.controller
        return
    for uid in matching:
        _take(s, p.controller, uid)
    if e.look == 0:
        shuffle(s.rng, s.seats[p.controller].zones["deck"])


def search_looked(s: State, p: Pending) -> list[int]:
    """The cards a search looks at, top first: the deck's top ``look`` cards, or the whole deck (``look`` 0). The
    searching player sees them all, whether they match or not."""
    deck = s.seats[p.controller].zones["deck"]
    return deck[::-1] if p.effect.look == 0 else deck[::-1][: p.effect.look]


def search_candidates(s: State, p: Pending) -> list[int]:
    """The cards a search may take: those that match among the cards it looks at (from the top)."""
    matching = _matching(s, p.effect.filter)
    return [u for u in search_looked(s, p) if u in matching]


_MATCHING: dict[int, tuple[Any, tuple[Any, ...], int, frozenset[int]]] = {}
"""A search filter's id → (the filter, the match's cards and their number, the cards of it that match): what a
filter matches is printed on the cards, so it is worked out once per match (the entry keeps the filter, so its
id stays its own)."""


def _matching(s: State, f: Any) -> frozenset[int]:
    hit = _MATCHING.get(id(f))
    cards = s.cards
    if hit is None or hit[0] is not f or hit[1] is not cards or hit[2] != len(cards):
        hit = _MATCHING[id(f)] = (f, cards, len(cards),
                                  frozenset(u for u in range(len(cards)) if _card_matches(s, u, f)))
    return hit[3]


def pick_searched(s: State, uid: int) -> None:
    """The player's pick for the search waiting on the stack; the rest of it (if any) goes back on the stack."""
    p = s.stack.pop()
    e = p.effect
    _take(s, p.controller, uid)
    if e.take > 1:  # one card fewer to take, among one card fewer looked at (the rest stay on top)
        rest = e.model_copy(update={"take": e.take - 1, "look": max(e.look - 1, 0) if e.look else 0})
        s.stack.append(Pending(p.controller, p.source, rest))
    elif e.look == 0:
        shuffle(s.rng, s.seats[p.controller].zones["deck"])


def _take(s: State, controller: int, uid: int) -> None:
    seat = s.seats[controller]
    seat.zones["deck"].remove(uid)
    seat.zones["hand"].append(uid)
    s.emit("searched", seat=controller, card=uid)


def _card_matches(s: State, uid: int, f: Any) -> bool:
    """Whether a card a search looks at (in the deck: no changes apply to it) passes the search's filter: its
    genus and family by its game's card types, keyword, 特徴, cost, and printed battle value."""
    card = s.cards[uid]
    if f.genus is not None or f.family is not None:
        kinds = s.rules[card.owner].genera.get(card.type)
        if kinds is None or f.genus is not None and kinds[0] != f.genus.value \
                or f.family is not None and kinds[1] != f.family.value:
            return False
    side = f.battle  # (attack, defence, or either: the lower for a maximum, the higher for a minimum)
    if f.max_bp is not None and (card.ap if side == "attack" else card.dp if side == "defence"
                                 else min(card.ap, card.dp)) > f.max_bp * 1000:
        return False
    if f.min_bp is not None and (card.ap if side == "attack" else card.dp if side == "defence"
                                 else max(card.ap, card.dp)) < f.min_bp * 1000:
        return False
    return (f.max_cost is None or card.cost <= f.max_cost) and (f.min_cost is None or card.cost >= f.min_cost) and (
        f.keyword is None or f.keyword.value in card.unified) and (f.trait is None or f.trait in card.traits)


def _scout(s: State, p: Pending) -> None:
    """Look at the deck's top ``look`` cards and put each back on the top or at the bottom, in the order the
    player likes: one ``place`` decision a card (``scout-place`` step)."""
    deck = s.seats[p.controller].zones["deck"]
    n = min(p.effect.look, len(deck))
    s.emit("scouted", seat=p.controller, look=n)
    if n == 0:
        return
    s.scout = (deck[-n:][::-1], [], [])  # top first; they stay in the deck until all are placed
    s.phase, s.decider = "scout-place", p.controller


def scout_actions(s: State) -> list[Action]:
    assert s.scout is not None
    return [Action("place", (u, where)) for u in s.scout[0] for where in ("top", "bottom")]


def place_scouted(s: State, i: int, uid: int, where: str) -> bool:
    """Put one looked-at card back: ``top`` cards end in the order placed (the first placed on top),
    ``bottom`` cards each go under the ones before. True when every card is back."""
    assert s.scout is not None
    left, top, bottom = s.scout
    left.remove(uid)
    (top if where == "top" else bottom).append(uid)
    if left:
        return False
    deck = s.seats[i].zones["deck"]
    del deck[-(len(top) + len(bottom)):]  # the looked-at cards were the deck's top
    deck[:0] = bottom[::-1]
    deck += top[::-1]
    s.scout = None
    s.emit("scout-placed", seat=i, top=len(top), bottom=len(bottom))
    return True
