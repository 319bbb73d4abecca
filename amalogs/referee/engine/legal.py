"""The legal actions of the match's own decision steps (setup, main, attack, block, trigger, target, reaction,
the discards, scouting, searching, rulings), as a mixin of :class:`amalogs.referee.engine.match.Match`, with the
table that names the menu of each step (``_LEGAL``). ``Match.legal_actions`` looks a step up there; a core game's
own steps (``GAME-ID:STEP``) ask the game. Kept apart from the match's contract so that the menus are read in one
place; the methods are the match's own (no extra call on the hot path)."""

from __future__ import annotations

from collections.abc import Callable

from amalogs.referee.engine.abilities import activations, cost_discard_actions
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.effects import choose_actions, scout_actions, search_candidates, target_actions
from amalogs.referee.engine.registry import opponents
from amalogs.referee.engine import rulings
from amalogs.referee.engine.state import State

__all__ = ["LegalActions"]


class LegalActions:
    """The match's menus of legal actions, one method per decision step (mixed into ``Match``)."""

    state: State

    def _setup_actions(self, s: State, me: int) -> list[Action]:
        return s.games[me].setup_actions(s, me)  # type: ignore[no-any-return]

    def _main_actions(self, s: State, me: int) -> list[Action]:
        module = s.games[me]
        actions: list[Action] = module.main_actions(s, me)
        return activations(s, module, me) + actions if module.can_activate(s, me) else actions

    def _block_actions(self, s: State, me: int) -> list[Action]:
        assert s.attack is not None
        attacker = s.attack.attacker
        options = s.games[me].block_options(s, me, s.attack.target)
        evasion = s.games[s.cards[attacker].owner].evasion  # the attacker's game's rule (Magic's flying)
        if evasion and options:
            cards = s.cards
            for keyword in cards[attacker].keywords & evasion.keys():
                options = [u for u in options if cards[u].keywords & evasion[keyword]]
        return [_NOBLOCK, *[_new(Action, ("block", (u,))) for u in options]]

    def _trigger_actions(self, s: State, me: int) -> list[Action]:
        return [_USE, _DECLINE]

    def _target_actions(self, s: State, me: int) -> list[Action]:
        return target_actions(s)

    def _choose_actions(self, s: State, me: int) -> list[Action]:
        return choose_actions(s)

    def _reaction_actions(self, s: State, me: int) -> list[Action]:
        return [*s.games[me].reactions(s, me), _PASS]

    def _support_actions(self, s: State, me: int) -> list[Action]:
        return [*s.games[me].supports(s), _NOBOOST]

    def _guard_actions(self, s: State, me: int) -> list[Action]:
        return s.games[me].guards(s, me)  # type: ignore[no-any-return]

    def _scout_actions(self, s: State, me: int) -> list[Action]:
        return scout_actions(s)

    def _cost_discard_actions(self, s: State, me: int) -> list[Action]:
        return cost_discard_actions(s, me)

    def _search_actions(self, s: State, me: int) -> list[Action]:
        return [Action("take", (u,)) for u in search_candidates(s, s.stack[-1])]

    def _discard_actions(self, s: State, me: int) -> list[Action]:
        return [_new(Action, ("discard", (u,))) for u in s.seats[me].zones["hand"]]

    def _attack_actions(self, me: int) -> list[Action]:
        s = self.state
        module = s.games[me]
        out: list[Action] = []
        others = opponents(s, me)
        one = len(others) == 1
        same: dict[int, list[int | None]] | None = None if module.targets_per_attacker else {}
        for u in module.attackers(s, me):
            for j in others:  # a player is named by its seat when more than one may be attacked
                guard = s.games[j]
                if guard.leader_only:  # (選抜リーダー制: its leader, whatever the host's game would offer)
                    offered = guard.attackable(s, j, u, [])
                elif same is None:
                    offered = module.targets(s, me, u, j)
                else:  # the same targets for every attacker: asked once
                    offered = same.get(j)
                    if offered is None:
                        offered = same[j] = module.targets(s, me, u, j)
                if guard.filters_attacks and not guard.leader_only:  # the defender's game may narrow them
                    offered = guard.attackable(s, j, u, offered)
                for t in offered:
                    out.append(_new(Action, ("attack", (u, "unit", t) if t is not None else (u, "player")
                                             if one else (u, "player", j))))
        if out:
            forced = module.must_attack(s, me)  # e.g. ビルディバイド バーサーク
            if forced:
                must = set(forced)
                if any(a[1][0] in must for a in out):
                    return out  # a character that must attack still can: the attacks cannot end yet
        out.append(_END_ATTACKS)
        return out


_NOBLOCK, _END_ATTACKS, _USE, _DECLINE, _PASS, _NOBOOST = (Action("noblock"), Action("end-attacks"), Action("use"),
                                                           Action("decline"), Action("pass"), Action("noboost"))
_new = tuple.__new__  # an Action made without the named tuple's argument handling (the hot path makes many)

_LEGAL: dict[str, Callable[[LegalActions, State, int], list[Action]]] = {
    "setup": LegalActions._setup_actions, "main": LegalActions._main_actions,
    "attack": lambda m, s, me: m._attack_actions(me), "block": LegalActions._block_actions,
    "trigger": LegalActions._trigger_actions, "target": LegalActions._target_actions,
    "choose": LegalActions._choose_actions,
    "reaction": LegalActions._reaction_actions, "scout-place": LegalActions._scout_actions,
    "cost-discard": LegalActions._cost_discard_actions, "search-pick": LegalActions._search_actions,
    "discard": LegalActions._discard_actions, "effect-discard": LegalActions._discard_actions,
    "support": LegalActions._support_actions, "guard": LegalActions._guard_actions,
    "ruling": lambda m, s, me: rulings.menu_actions(s), "ruling-confirm": lambda m, s, me: rulings.confirm_actions(s),
}
"""The legal actions of each of the match's decision steps (a game's own steps ask the game)."""
