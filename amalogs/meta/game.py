"""The meta-game (メタゲーム): two teams of three avatars on a board, each carrying a core game; the OpenSpiel-like
contract (``current_player``, ``legal_actions``, ``apply_action``, ``observation``, ``clone``, ``is_terminal``,
``outcome``) with actions as text — ``move 3 4``, ``stay``, ``duel`` — and every change an event (plain data).

A team's turn: its defeated avatars come back at its base with a fresh core game; then each avatar in team order
rolls the dice, may move (``move X Y`` costs 行動値; ``stay`` costs none) and must declare its one duel
(``duel``), which plays the host's turn of its core game against everyone the board puts in it
(:mod:`amalogs.meta.board`, :mod:`amalogs.meta.core`). ``docs/meta-game.md`` gives every rule and its source.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from amalogs.catalog import Catalog
from amalogs.meta.board import (
    Joined,
    Square,
    base_squares,
    distance,
    joined,
    reachable,
    start_squares,
)
from amalogs.meta.core import (
    TWO_SEAT_HOSTS,
    BaseFirst,
    CoreSeat,
    DuelResult,
    duel_match,
    fresh_core,
    play_duel,
)
from amalogs.meta.settings import (
    IllegalMetaActionError,
    MetaError,
    MetaSettings,
    TeamSpec,
)
from amalogs.referee import Match
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.positions import PositionError
from amalogs.referee.players import Player, make_player
from amalogs.referee.sessions.sides import Side, deck_ref, resolve_side

__all__ = ["Avatar", "MetaGame", "MetaOutcome"]


@dataclass(slots=True)
class Avatar:
    """One piece on the board: its team, its core game (game, deck, WE, レンジ — 5 − WE, or 5 − ``flat_we`` with
    the settings' ``we_range`` off — the game's state), where it stands
    (None: defeated, back at its base on its team's next turn) and its 行動値 left this turn."""

    team: int
    side: Side
    abbreviation: str
    we: int
    reach: int
    square: Square | None
    core: CoreSeat
    points: int = 0


@dataclass(frozen=True, slots=True)
class MetaOutcome:
    """How a meta-game ended: the winning team (None: a draw), why (in words, and as the kind of ending a summary
    counts: ``base life 0``, ``base life doubled`` or ``turn cap``), and after how many meta turns."""

    winner: int | None
    reason: str
    turns: int
    ending: str = "turn cap"


def _carried(catalog: Catalog, side: Side, core: CoreSeat) -> None:
    """Refuse, in one line, a game whose core game does not load back from its position (so it cannot be carried
    from duel to duel)."""
    try:
        duel_match(catalog, [core], [0], 0, 0, log_events=False)
    except PositionError as exc:
        raise MetaError(f"the meta-game cannot carry {side.game.page.abbreviation}'s core game from duel to duel "
                        f"yet: its position does not load back ({exc})") from None


def _core_player(name: str) -> Player:
    """The player of an avatar's core game; greedy also attacks the enemy base whenever it may."""
    player = make_player(name)
    return BaseFirst(player) if name == "greedy" else player


class CorePerson:
    """A person deciding a human team's core games (setups, its hosts' turns, its answers in others' duels):
    the referee's human player asks; each decision is kept (:attr:`MetaGame.core_decisions`) and logged as a
    ``core-action`` event, so a save or a log reads it back (:attr:`MetaGame.core_script`) instead of asking."""

    reads_observation = True

    def __init__(self, game: MetaGame, team: int, make: Callable[[], Player]) -> None:
        self.game, self.team, self.make = game, team, make
        self.person: Player | None = None
        self.key: tuple[int, int, int] | None = None

    def _asker(self, observation: dict[str, Any]) -> Player:
        """The person, with a fresh screen (the whole board first) for each avatar's core game in each duel."""
        g = self.game
        you = observation.get("you", 0)
        k = g.seat_avatars[you] if isinstance(you, int) and 0 <= you < len(g.seat_avatars) else -1
        key = (k, g.turn, g.acting)
        if self.person is None or key != self.key:
            self.person, self.key = self.make(), key
            if 0 <= k < len(g.avatars):
                a = g.avatars[k]
                print(f"— {a.abbreviation}{k + 1}'s core game, meta turn {g.turn}")
            else:
                print(f"— avatar {k + 1}'s new core game")
        return self.person

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        g = self.game
        if g.core_script:
            text = g.core_script.popleft()
            action = next((a for a in legal if a.text() == text), None)
            if action is None:
                raise MetaError(f"the recorded core decision {text!r} (core decision {len(g.core_decisions)}) is "
                                f"not legal now")
        elif not g.core_ask:
            raise MetaError(f"the recorded core decisions ran out before the game ended (after "
                            f"{len(g.core_decisions)})")
        else:
            action = self._asker(observation).choose(observation, legal, rng)
        g.core_decisions.append(action.text())
        g._emit("core-action", team=self.team, action=action.text())
        return action


class MetaGame:
    """A meta-game in progress; build one with :meth:`new`."""

    def __init__(self, catalog: Catalog, settings: MetaSettings, teams: tuple[TeamSpec, TeamSpec],
                 avatars: list[Avatar], rng: random.Random, core_players: tuple[str, str],
                 core_script: Sequence[str] = (), core_ask: bool = True) -> None:
        self.catalog, self.settings, self.teams = catalog, settings, teams
        self.avatars, self.rng, self.core_players = avatars, rng, core_players
        self.life = [settings.base_life, settings.base_life]
        self.turn, self.team, self.acting, self.step = 0, 1, -1, "move"
        self.roll: tuple[int, ...] = ()
        self.core_turn = 0
        self.events: list[dict[str, Any]] = []
        self.result: MetaOutcome | None = None
        self.check: Callable[[Match], None] | None = None  # runs after every core action (tests: the invariants)
        self.core_script = deque(core_script)  # a person's core decisions read back (a save's, a log's)
        self.core_ask = core_ask  # whether the person is asked once they run out (not in a replay)
        self.core_decisions: list[str] = []  # a person's core decisions so far, in order
        self.seat_avatars: list[int] = []  # the avatar behind each seat of the core match deciding now
        self._players = tuple(self._core(t, name) for t, name in enumerate(core_players))
        self.reserves: tuple[list[Side], list[Side]] = ([], [])  # reserve decks not yet used, in order
        # with keep_duels: the duels of the last decision, by their duel-over event's index → (seats as avatars,
        # the result with its match), so a play-by-play can tell each duel move by move
        self.keep_duels = False
        self.duels: dict[int, tuple[list[int], DuelResult]] = {}

    def play_core_with(self, players: tuple[Player, Player]) -> None:
        """Each team's core decisions from now on made by these players (known-answer boards script them)."""
        self._players = players

    # --- construction -------------------------------------------------------------------------------

    def _core(self, team: int, name: str) -> Player:
        if name != "human":
            return _core_player(name)

        def person() -> Player:
            made = make_player("human")
            made.catalog = self.catalog  # type: ignore[attr-defined]  # (its screen reads the cards' printed data)
            return made

        return CorePerson(self, team, person)

    @classmethod
    def new(cls, catalog: Catalog, teams: tuple[TeamSpec, TeamSpec], seed: int,
            settings: MetaSettings | None = None, core_players: tuple[str, str] = ("random", "random"),
            check: Callable[[Match], None] | None = None, core_script: Sequence[str] = (),
            core_ask: bool = True) -> MetaGame:
        """Resolve the teams' decks, deal every core game, place the avatars next to their bases; team 0 (the
        first team) takes the first turn. ``core_script``: a person's core decisions read back (``core_ask``:
        whether the person is asked once they run out)."""
        settings = settings or MetaSettings()
        sides = [[resolve_side(catalog, spec) for spec in team.avatars] for team in teams]
        game = cls(catalog, settings, teams, [], random.Random(seed), core_players, core_script, core_ask)
        game.check = check
        for t, team_sides in enumerate(sides):
            for side, square in zip(team_sides, start_squares(settings.width, settings.height, t), strict=True):
                page = side.game.page
                game.seat_avatars = [len(game.avatars)]
                core = fresh_core(catalog, side, game.rng.getrandbits(31), game._players[t])
                _carried(catalog, side, core)
                game.avatars.append(Avatar(t, side, page.abbreviation, page.we.we,
                                           settings.reach(page.we.range), square, core))
            for spec in teams[t].reserve:
                spare = resolve_side(catalog, spec)
                checker = game._players[t] if core_players[t] != "human" else _core_player("random")  # (no one asked)
                _carried(catalog, spare, fresh_core(catalog, spare, 0, checker))
                game.reserves[t].append(spare)
        game._emit("start", seed=seed, teams=[[deck_ref(a.side) for a in game.avatars if a.team == t] for t in (0, 1)],
                   squares=[list(a.square or ()) for a in game.avatars], bases=[list(b) for b in game.bases],
                   life=list(game.life))
        game._begin_team_turn(0)
        return game

    @property
    def bases(self) -> tuple[Square, Square]:
        return base_squares(self.settings.width, self.settings.height)

    def clone(self) -> MetaGame:
        """A copy that can be played on apart (core games are never changed in place, so they are shared)."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        twin = MetaGame(self.catalog, self.settings, self.teams, [replace(a) for a in self.avatars], rng,
                        self.core_players, self.core_script, self.core_ask)
        twin.core_decisions = list(self.core_decisions)
        twin.life, twin.turn, twin.team, twin.acting, twin.step = list(self.life), self.turn, self.team, \
            self.acting, self.step
        twin.roll, twin.core_turn, twin.events, twin.result = self.roll, self.core_turn, list(self.events), self.result
        twin.check = self.check
        twin.reserves = (list(self.reserves[0]), list(self.reserves[1]))
        return twin

    # --- the contract -------------------------------------------------------------------------------

    def current_player(self) -> int | None:
        """The team that decides now (0 or 1), or None when the game is over."""
        return None if self.result else self.team

    def is_terminal(self) -> bool:
        return self.result is not None

    @property
    def outcome(self) -> MetaOutcome | None:
        return self.result

    def legal_actions(self) -> list[str]:
        """``stay`` and ``move X Y`` for each square the roll reaches (while the avatar has the 行動値), then
        ``duel``: every avatar declares exactly one."""
        if self.result:
            return []
        if self.step == "duel":
            return ["duel"]
        return ["stay", *(f"move {x} {y}" for x, y in self.moves())]

    def moves(self) -> list[Square]:
        """The squares the acting avatar may move to now."""
        me = self.avatars[self.acting]
        if self.step != "move" or me.square is None or me.points < self.settings.move_cost:
            return []
        allowance = self.allowance(me)
        return reachable(me.square, allowance, self.settings.width, self.settings.height, self.occupied())

    def allowance(self, avatar: Avatar) -> int:
        """How far the roll lets an avatar move: 2D6 − its WE, at least 0 (with ``we_movement`` off, 2D6 −
        ``flat_we``)."""
        return max(0, sum(self.roll) - self.settings.movement_we(avatar.we))

    def occupied(self) -> list[Square]:
        return [*self.bases, *(a.square for a in self.avatars if a.square is not None)]

    def apply_action(self, action: str) -> None:
        """Carry out the acting avatar's decision, then everything automatic up to the next decision."""
        legal = self.legal_actions()
        if action not in legal:
            verbs = sorted({a.split()[0] for a in legal}) or ["nothing: the game is over"]
            raise IllegalMetaActionError(f"{action!r} is not legal now; allowed: {', '.join(verbs)}")
        me = self.avatars[self.acting]
        self.duels.clear()
        self._emit("action", team=self.team, avatar=self.acting, action=action)
        if action == "duel":
            self._duel(self.acting)
            if not self.result:
                self._next_avatar()
            return
        if action.startswith("move"):
            _, x, y = action.split()
            before, me.square = me.square, (int(x), int(y))
            me.points -= self.settings.move_cost
            self._emit("move", avatar=self.acting, to=[int(x), int(y)], **{"from": list(before or ())})
        self.step = "duel"

    def observation(self) -> dict[str, Any]:
        """What both teams see (the board is public): squares, base life, whose turn, the roll, each avatar's game,
        WE, レンジ and its core game's public counts (hidden cards only as counts)."""
        return {"turn": self.turn, "team": self.team, "acting": self.acting, "step": self.step,
                "roll": list(self.roll), "life": list(self.life), "bases": [list(b) for b in self.bases],
                "size": [self.settings.width, self.settings.height],
                "avatars": [{"team": a.team, "game": a.side.game.id, "abbreviation": a.abbreviation,
                             "deck": deck_ref(a.side), "we": a.we, "range": a.reach,
                             "square": list(a.square) if a.square else None, "points": a.points,
                             "core": {zone: len(cards) for zone, cards in a.core["zones"].items()}}
                            for a in self.avatars],
                "legal": self.legal_actions()}

    # --- turns --------------------------------------------------------------------------------------

    def _begin_team_turn(self, team: int) -> None:
        if self.turn >= self.settings.turn_cap:
            self._finish(None, f"turn cap ({self.settings.turn_cap}) reached: a draw", "turn cap")
            return
        self.turn += 1
        self.team = team
        self._emit("turn", team=team)
        for k, a in enumerate(self.avatars):
            if a.team == team:
                if a.square is None:
                    self._revive(k)
                a.points = self.settings.action_points
        self.acting = -1
        self._next_avatar()

    def _next_avatar(self) -> None:
        mine = [k for k, a in enumerate(self.avatars) if a.team == self.team and a.square is not None]
        later = [k for k in mine if k > self.acting]
        if not later:
            self._begin_team_turn(1 - self.team)
            return
        self.acting, self.step = later[0], "move"
        me = self.avatars[self.acting]
        if me.points >= self.settings.move_cost:
            self.roll = tuple(self.rng.randint(1, 6) for _ in range(self.settings.dice))
            self._emit("roll", avatar=self.acting, dice=list(self.roll), allowance=self.allowance(me))
        else:
            self.roll = ()

    def _revive(self, k: int) -> None:
        """A defeated avatar comes back next to its base (the free square nearest it) with a fresh core game: of its
        team's next reserve deck while one is left, else of the deck it had."""
        a = self.avatars[k]
        base = self.bases[a.team]
        taken = set(self.occupied())
        free = [sq for sq in start_squares(self.settings.width, self.settings.height, a.team) if sq not in taken]
        if not free:
            free = sorted(reachable(base, max(self.settings.width, self.settings.height), self.settings.width,
                                    self.settings.height, taken), key=lambda sq: (distance(sq, base), sq[1], sq[0]))
        a.square = free[0]
        if self.reserves[a.team]:  # the team's next reserve deck; when none is left, the deck it had
            a.side = self.reserves[a.team].pop(0)
            page = a.side.game.page
            a.abbreviation, a.we, a.reach = page.abbreviation, page.we.we, self.settings.reach(page.we.range)
        self.seat_avatars = [k]
        a.core = fresh_core(self.catalog, a.side, self.rng.getrandbits(31), self._players[a.team])
        self._emit("revive", avatar=k, square=list(a.square), deck=deck_ref(a.side))

    # --- duels --------------------------------------------------------------------------------------

    def participants(self, host: int) -> Joined:
        """Who joins a duel the avatar ``host`` declares now (:func:`amalogs.meta.board.joined`)."""
        squares = {k: a.square for k, a in enumerate(self.avatars) if a.square is not None}
        teams = {k: a.team for k, a in enumerate(self.avatars)}
        return joined(host, squares, teams, self.avatars[host].reach, self.bases)

    def _duel(self, host: int) -> None:
        j = self.participants(host)
        me = self.avatars[host]
        if me.side.game.id not in TWO_SEAT_HOSTS:
            self._emit("duel", host=host, casts=list(j.casts), guests=list(j.guests), bases=list(j.bases),
                       played=True)
            self._play(host, j.casts, j.guests, j.bases)
            return
        if not j.guests:  # a ブレイクジョーカー round needs an opponent: with none, its attack goes to the base
            self._emit("duel", host=host, casts=[], guests=[], bases=list(j.bases), played=False)
            if 1 - me.team in j.bases:
                self._base_change(1 - me.team, -self.settings.siege_damage, "siege", host)
            self._check_win()
            return
        here = me.square or (0, 0)  # its round is a two-player contest: one round against each ゲスト, nearest first
        for guest in sorted(j.guests, key=lambda g: (distance(here, self.avatars[g].square or here), g)):
            self._emit("duel", host=host, casts=[], guests=[guest], bases=list(j.bases), played=True)
            self._play(host, (), (guest,), j.bases)
            if self.result is not None or me.square is None:  # the game is over, or the host was defeated
                return

    def _play(self, host: int, casts: Sequence[int], guests: Sequence[int], bases: Sequence[int]) -> None:
        """One turn of the host's core game against these participants (its キャスト and ゲスト)."""
        me = self.avatars[host]
        enemy = 1 - me.team
        seats = [host, *casts, *guests]
        sides = [0] * (1 + len(casts)) + [1] * len(guests)
        players: Sequence[Player] = [self._players[self.avatars[k].team] for k in seats]
        self.seat_avatars = seats
        result = play_duel(self.catalog, [self.avatars[k].core for k in seats], sides, self.core_turn,
                           self.rng.getrandbits(31), players, self.check, base=enemy in bases,
                           host_game=me.side.game.id)
        self.core_turn = result.turn
        for k, core in zip(seats, result.seats, strict=True):
            self.avatars[k].core = core
        kinds = [e["type"] for e in result.events]
        self._emit("duel-over", host=host, reason=result.reason, actions=kinds.count("action"),
                   plays=kinds.count("play"), attacks=kinds.count("attack"), destroyed=kinds.count("destroyed"),
                   base_hits=result.base_hits, lost=[seats[i] for i in result.lost])
        if self.keep_duels:
            self.duels[len(self.events) - 1] = (seats, result)
        self._base_change(enemy, -self.settings.siege_damage * result.base_hits, "base-attack", host)
        for i in result.lost:
            self._defeat(seats[i])
        self._check_win()

    def _defeat(self, k: int) -> None:
        """A core game lost: its team's base loses base life by the game's WE, the other team gains as much (with
        ``we_defeat`` off, by ``flat_we``)."""
        a = self.avatars[k]
        self._emit("defeat", avatar=k, we=a.we)
        a.square = None
        we = self.settings.defeat_we(a.we)
        self._base_change(a.team, -we * self.settings.defeat_loss_per_we, "defeat", k)
        self._base_change(1 - a.team, we * self.settings.defeat_gain_per_we, "defeated-enemy", k)

    def _base_change(self, team: int, by: int, why: str, avatar: int) -> None:
        """Base life changes by ``by``, never below 0 (a base at 0 has lost: nothing is left to take)."""
        change = max(0, self.life[team] + by) - self.life[team]
        if change:
            self.life[team] += change
            self._emit("base-life", team=team, change=change, life=self.life[team], why=why, avatar=avatar)

    def _check_win(self) -> None:
        for t in (0, 1):
            if self.life[t] <= 0:
                self._finish(1 - t, f"team {t + 1}'s base life reached 0", "base life 0")
                return
        for t in (0, 1):
            if self.life[t] >= self.settings.win_life:
                self._finish(t, f"team {t + 1}'s base life reached {self.settings.win_life}", "base life doubled")
                return

    def _finish(self, winner: int | None, reason: str, ending: str) -> None:
        if self.result is None:
            self.result = MetaOutcome(winner, reason, self.turn, ending)
            self.step = "over"
            self._emit("end", winner=winner, reason=reason)

    def _emit(self, kind: str, **data: Any) -> None:
        self.events.append({"seq": len(self.events), "turn": self.turn, "type": kind, **data})
