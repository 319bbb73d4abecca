"""The attack, as a mixin of :class:`amalogs.referee.engine.match.Match`: declaring it, blocks, the battle or the
player damage (the bridge rules between the two core games), life triggers, and the continuations that go on
from each of them once the stack is empty.

The active player is the host: its game runs the turn (:class:`amalogs.referee.engine.core.CoreGame`). The
defender's game decides blocks and takes the damage on its own life. Battles compare canonical values
(thousandths; a BP character counts as BP/BP), 先制攻撃 deals first, damage accumulates until the end of the
turn. Player damage: an SPS attacker deals its SP one point at a time; a DDS attacker deals its AP as one
hit to a DDS player and SP 1 to an SPS player (the AMALOGS resolution table), each plus its SP bonus.
"""

from __future__ import annotations

from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.bridge import battle
from amalogs.referee.engine.effects import ap, dp, push_effects, sp
from amalogs.referee.engine.field import lose
from amalogs.referee.engine.legal import LegalActions
from amalogs.referee.engine.registry import opponents
from amalogs.referee.engine.state import Attack

__all__ = ["AttackSteps"]


class AttackSteps(LegalActions):
    """The match's attack steps (``Match`` builds on them through
    :class:`~amalogs.referee.engine.turn_steps.TurnSteps`; they build on the menus, :class:`LegalActions`: one line of
    classes, not mixins, so the referee compiles with mypyc, which takes one base class)."""

    def _run_stack(self, resume: str) -> None:
        raise NotImplementedError  # (the turn's steps: TurnSteps, which builds on this class)

    def _end_turn(self, me: int) -> None:
        raise NotImplementedError  # (TurnSteps)

    def _then_damage(self) -> None:
        s = self.state
        if s.attack is not None and s.attack.hits_left > 0:
            s.phase = "damage"
            self._deal_hits(s.attack.defender)
        else:
            self._after_attack()

    def _then_block(self) -> None:
        s = self.state
        if s.attack is None or not s.games[s.active].has_character(s, s.active, s.attack.attacker):
            self._after_attack()  # the attacker is gone before blocks
        else:
            s.phase, s.decider = "block", s.attack.defender

    def _then_resolve_attack(self) -> None:
        attack = self.state.attack
        assert attack is not None
        self._resolve_attack(attack.defender)

    def _then_attack_over(self) -> None:
        self._after_attack()

    def _do_attack(self, me: int, act: Action) -> None:
        s = self.state
        if act.verb == "end-attacks":
            self._end_turn(me)
            return
        attacker = int(act.args[0])
        target = int(act.args[2]) if act.args[1] == "unit" else None
        if target is not None:
            defender = s.cards[target].owner
        else:
            defender = int(act.args[2]) if len(act.args) > 2 else opponents(s, me)[0]
        s.games[me].on_attack(s, me, attacker)
        s.attack = Attack(attacker, target, defender=defender)
        if s.log_events:
            s.emit("attack", seat=me, attacker=attacker, target="player" if target is None else target)
        push_effects(s, me, attacker, "attack")
        self._run_stack("support" if s.games[me].supports_attacks else "block")

    def _then_support(self) -> None:
        """The host's support for the attack just declared (a boost), where its game has any to offer."""
        s = self.state
        if s.attack is not None and s.games[s.active].supports(s):
            s.phase, s.decider = "support", s.active
        else:
            self._then_block()

    def _do_support(self, me: int, act: Action) -> None:
        s = self.state
        if act.verb == "boost":
            s.games[me].apply_support(s, int(act.args[0]))
            if s.stack:  # the booster's "when it boosts" effects, then the blocks
                self._run_stack("block")
                return
        self._then_block()

    def _do_block(self, me: int, act: Action) -> None:
        s = self.state
        attack = s.attack
        assert attack is not None
        if act.verb == "block":
            attack.blocker = int(act.args[0])
            s.games[me].on_block(s, me, attack.blocker)
            named = s.games[me].block_name  # e.g. 迎撃 (戦国大戦TCG's word for it)
            if s.log_events:
                s.emit("block", seat=me, blocker=attack.blocker, **({"as": named} if named else {}))
            push_effects(s, me, attack.blocker, "block")
        self._run_stack("blocks-done")

    def _then_blocks_done(self) -> None:
        """After blocks the host's game may run a step of its own before the damage (``after_blocks`` names it;
        a game without one goes straight on to resolve the attack)."""
        s = self.state
        attack = s.attack
        if attack is not None and s.games[attack.defender].guards_attacks and s.games[attack.defender].guards(
                s, attack.defender):
            s.phase, s.decider = "guard", attack.defender
            return
        self._run_stack(s.games[s.active].after_blocks(s))

    def _do_guard(self, me: int, act: Action) -> None:
        """The defender's guard step: a guardian at a time, until it is done or has none left to offer."""
        s = self.state
        if act.verb == "guard":
            s.games[me].apply_guard(s, me, int(act.args[0]))
            if s.games[me].guards(s, me):
                return
        self._run_stack(s.games[s.active].after_blocks(s))

    def _resolve_attack(self, defender: int) -> None:
        """Battle the blocker or the target character, or damage the player."""
        s = self.state
        attack = s.attack
        assert attack is not None
        if not s.games[s.active].has_character(s, s.active, attack.attacker):
            self._after_attack()
            return
        opponent = attack.blocker if attack.blocker is not None else attack.target
        if opponent is None:
            if s.games[defender].through_leader and not s.games[defender].player_hit(s, defender):
                self._after_attack()
                return
            attack.hit = "hit" in s.cards[attack.attacker].timed
            self._player_damage(defender)
        elif opponent not in s.games[defender].characters(s, defender):
            s.emit("fizzle", seat=defender, card=opponent, effect="battle")
            self._after_attack()
        else:
            taken = s.seats[s.cards[opponent].owner].damage.get(opponent, 0)
            room = max(dp(s, opponent) - taken, 0)  # what destroys it
            dealt = battle(s, attack.attacker, opponent)
            trample = s.games[s.active].trample
            if (trample is not None and attack.blocker is not None and dealt > room and not s.finished
                    and trample in s.cards[attack.attacker].keywords and s.rules[s.active].damage_system == "DDS"):
                s.emit("trample", seat=s.active, card=attack.attacker, amount=dealt - room)
                self._player_damage(defender, dealt - room)  # the rest of its damage goes to the player
                return
            self._run_stack("attack-over")

    def _player_damage(self, defender: int, attack_value: int | None = None) -> None:
        """Bridge rule: the attacker's damage system against the defender's life system. A DDS attacker's SP
        bonus (its SP this turn — printed 0 — plus its controller's boost_attack; 0 or less is ignored) adds to
        its AP against a DDS player, and to the SP 1 it deals an SPS player (docs/rules.md §3). ``attack_value``:
        the attack a DDS attacker deals instead of its AP (the rest of a trampling attacker's damage)."""
        s = self.state
        attack = s.attack
        assert attack is not None
        guard = s.games[defender]
        host = s.active
        boost, s.boost[host] = s.boost[host], 0  # used by this player damage
        if guard.layered:  # a layer of life in front of it (a base, shields) takes the attack first
            result = guard.strike(s, defender, attack.attacker)
            if result is not None:
                self._hit_result(defender, result)
                if not s.finished and s.phase != "trigger":
                    self._run_stack("damage")
                return
        if s.rules[host].damage_system == "SPS":
            attack.hits_left = sp(s, attack.attacker) + boost
            self._deal_hits(defender)
            return
        bonus = max(sp(s, attack.attacker) + boost, 0)
        takes_ap = guard.dds_takes_ap
        if s.rules[defender].dds_hits_with_ap if takes_ap is None else takes_ap:  # the resolution table: AP …
            value = ap(s, attack.attacker) if attack_value is None else attack_value
            result = guard.take_attack(s, defender, value + bonus * 1000)
            self._hit_result(defender, result)
            if not s.finished and s.phase != "trigger":
                self._run_stack("damage")
            return
        attack.hits_left = 1 + bonus  # a DDS attacker hitting an SPS player deals SP 1, plus its SP bonus
        self._deal_hits(defender)

    def _deal_hits(self, defender: int) -> None:
        """Deal the remaining hits one by one; stop for a trigger decision, a loss, or a lost attacker."""
        s = self.state
        attack = s.attack
        assert attack is not None
        host = s.active
        while attack.hits_left > 0:
            if attack.attacker not in s.games[host].characters(s, host):
                s.emit("hits-cancelled", seat=defender, hits=attack.hits_left)
                break
            attack.hits_left -= 1
            self._hit_result(defender, s.games[defender].take_hit(s, defender))
            if s.finished or s.phase == "trigger":
                return
            if s.stack:  # a fort's quick effect (a mandatory life trigger)
                self._run_stack("damage")
                return
        self._after_attack()

    def _hit_result(self, defender: int, result: str) -> None:
        s = self.state
        if result == "lost":
            lose(s, defender, "damage with no life left")
        elif result == "burst" and s.attack is not None:
            s.attack.hits_left += 1
        elif result == "trigger":
            s.phase, s.decider = "trigger", defender

    def _do_trigger(self, me: int, act: Action) -> None:
        s = self.state
        assert s.trigger_card is not None
        s.games[me].trigger(s, me, s.trigger_card, act.verb == "use")
        s.trigger_card = None
        if s.trigger_by_effect:  # back to the effects on the stack (the rest of the damage), then on
            s.trigger_by_effect = False
            s.phase = "resolving"
            self._run_stack(s.resume)
            return
        s.phase = "damage"  # back to dealing the attack's damage (a step with no decision)
        self._run_stack("damage")

    def _after_attack(self) -> None:
        s = self.state
        attack = s.attack
        if attack is not None and attack.hit and not s.finished:  # its "when it hits" effects, the damage dealt
            attack.hit = False
            push_effects(s, s.active, attack.attacker, "hit")
            if s.stack:
                self._run_stack("attack-over")
                return
        if s.attack is not None and s.games[s.attack.defender].closes_battles:
            s.games[s.attack.defender].close_battle(s, s.attack.defender)
        s.attack = None  # back to the host's attack step, or where its game returns after a battle
        s.phase, s.decider = s.games[s.active].attack_returns_to, s.active
