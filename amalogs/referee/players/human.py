"""A person at the terminal as a player: the same ``choose(observation, legal, rng)`` protocol as the AI players.

At each decision it shows what the player may see (the observation: its own hand, both sides' public zones,
counts of hidden ones, life and counters) — the whole board the first time, after that only what changed
since the player's last decision (``board`` shows it all again) — and the legal actions, numbered and with
card names, each card's type, cost and stats in its game's own terms (ギルドヒーローズ ``コスト 火2 無属性3``,
ビルディバイド ``プレイコスト 3``). The attack or the effect being answered is shown, and in a ブレイクジョーカー
round each row's running total and suits. ``? 3`` (or ``? カード名``) shows the whole text of the card behind
choice 3 — its printed text, effects and keywords — and asks again. The player answers with a number or the
action's text form (``play 12``); full-width digits and spaces typed with a Japanese input method are
understood; a decision with one choice is taken for it. A wrong answer gets one line saying what is allowed,
and the question again. End of input (Ctrl-D) stops the match like Ctrl-C does: the match so far is saved and
``amalogs resume`` goes on with it. Replaying a save never asks: the saved decisions are used.

Input: when standard input and output are both terminals, answers are read with prompt_toolkit (line editing,
history, Tab completion of the choices' numbers and texts; imported only then, so other commands stay fast);
otherwise they are read line by line from standard input, so a match can be scripted
(``printf '1\\n2\\n' | amalogs match BD GH --p1 human``).

The player is here; what it shows of the board and the cards is drawn by
:mod:`amalogs.referee.players.human_screen`, and answers are read by :mod:`amalogs.referee.players.human_input`
(both re-exported here: ``show``, ``LineAsk``, ``PromptAsk``, ``terminal_ask``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.engine.rulings import MENU
from amalogs.referee.players.human_input import (
    _FULLWIDTH,
    LineAsk,
    PromptAsk,
    numbered,
    read_answer,
    terminal_ask,
)
from amalogs.referee.players.human_screen import (
    Entry,
    _card,
    _changes,
    _clean,
    _int,
    _lines,
    _name,
    _observed_summary,
    _screen,
    _stat_value,
    _summary,
    show,
)

if TYPE_CHECKING:
    from amalogs.catalog import Catalog, Game
    from amalogs.models.cards import Card

__all__ = ["HumanPlayer", "LineAsk", "PromptAsk", "describe", "show", "terminal_ask"]

_PROMPT = "your choice (number or action, ? N for a card's text, ? to list): "
_HELP = "  (? N: the whole text of choice N's card · ? カード名: a card you can see, by name · board: the whole board)"


def by_name(answer: str, observation: dict[str, Any], legal: list[Action]) -> Action | None:
    """The one legal action an answer names with card names instead of ids (``play 紅蓮竜の仔``, also in
    hiragana or half width: ``play こうれんりゅうのこ``), or that a unique start of such a text names; None when
    no action or more than one fits."""
    from amalogs.names import normalise

    cards = observation.get("cards", {})
    wanted = normalise(answer)
    if not wanted:
        return None

    def said(action: Action) -> str:
        words = (str((_card(cards, a) or {}).get("name", a)) if action.is_card(k) else str(a)
                 for k, a in enumerate(action.args))
        return normalise(" ".join([action.verb, *words]))

    texts = [(said(a), a) for a in legal]
    for prefix in (False, True):
        found = {a for t, a in texts if (t.startswith(wanted) if prefix else t == wanted)}
        if len(found) == 1:
            return found.pop()
        if found:
            return None  # (two copies of one card: the same answer, two actions — ask for the number)
    return None


def describe(action: Action, observation: dict[str, Any]) -> str:
    """An action with card names for its card ids: ``play 鷹森烈堂 [12]``."""
    cards = observation.get("cards", {})
    if action.verb == "rule" and action.args and str(action.args[0]) in MENU:  # a ruling by hand: say what it does
        return f"rule {action.args[0]} — {MENU[str(action.args[0])][0]}"
    options = (observation.get("pending") or {}).get("options")
    if action.verb == "choose" and options and isinstance(action.args[0], int) and action.args[0] < len(options):
        return f"choose {action.args[0]} — {str(options[action.args[0]]).replace('_', ' ')}"  # a choice: what it does
    words = (_name(cards, a) if action.is_card(k) else str(a) for k, a in enumerate(action.args))
    return " ".join([action.verb, *words])


# --- the player --------------------------------------------------------------------------------------------

class HumanPlayer:
    """Asks a person for each decision (see the module docstring). ``ask`` and ``say`` default to the
    terminal (:func:`terminal_ask`, chosen at the first question; ``print``); tests pass their own.
    ``catalog`` gives the cards' printed data (costs, text); without it the shipped data is read the first
    time a card is described (a game or card it does not hold is described from the observation)."""

    interactive = True  # a saved match replays this player's decisions instead of asking again

    def __init__(self, ask: Callable[[str], str] | None = None, say: Callable[[str], None] = print, *,
                 catalog: Catalog | None = None) -> None:
        self._ask, self.say = ask, say
        self.catalog = catalog  # (the session may set it: the match's own data, --data-root included)
        self._catalog_read = False
        self._by_name: dict[str, dict[str, Card]] = {}
        self._last: list[Entry] | None = None  # the screen the player last saw
        self._choices: list[tuple[str, str]] = []  # what the prompt completes (text, description)

    @property
    def ask(self) -> Callable[[str], str]:
        """How the player is asked (the terminal's way, worked out at the first question)."""
        if self._ask is None:
            self._ask = terminal_ask(lambda: self._choices)
        return self._ask

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:  # nothing to decide
            self.say(f"(P{_int(observation.get('you', 0)) + 1}: {describe(legal[0], observation)} — the only choice)")
            return legal[0]
        self._draw(observation)
        self._menu(observation, legal)
        self._choices = self._completions(observation, legal)
        while True:
            answer = read_answer(self.ask, _PROMPT)  # (end of input stops the match; the caller saves it)
            if answer in ("?", "help", ""):
                self._menu(observation, legal)
                self.say(_HELP)
                continue
            if answer == "board":
                self._draw(observation, whole=True)
                continue
            if answer.startswith("?"):
                for line in self._card_text(answer[1:].strip(), observation, legal):
                    self.say(line)
                continue
            chosen = self._parse(answer, legal) or by_name(answer, observation, legal)
            if chosen is not None:
                return chosen
            shown = answer if len(answer) <= 40 else answer[:40] + "…"
            self.say(f"{shown!r} is not understood: answer with a number 1–{len(legal)} or an action such as "
                     f"{legal[0].text()!r} or {describe(legal[0], observation).split(' [')[0]!r} "
                     "(? 1 shows choice 1's card)")

    # --- what is shown ------------------------------------------------------------------------------------

    def _draw(self, observation: dict[str, Any], whole: bool = False) -> None:
        """The screen: whole the first time (or when asked), else what changed since the last decision."""
        now = _screen(observation, lambda uid: self._title(observation, uid))
        if whole or self._last is None:
            lines = _lines(now)
        else:
            lines = _changes(self._last, now) or ["(nothing changed on the board: board shows it all)"]
        self._last = now
        for line in lines:
            self.say(line)
        for line in self._answering(observation):
            self.say(line)

    def _answering(self, observation: dict[str, Any]) -> list[str]:
        """The cards of the attack being answered and what the effect resolving does."""
        cards = observation.get("cards", {})
        lines = []
        attack = observation.get("attack")
        if attack:
            for role, uid in (("attacker", attack.get("attacker")), ("target", attack.get("target")),
                              ("blocker", attack.get("blocker"))):
                if _card(cards, uid) is not None:
                    lines.append(f"  {role}: {_name(cards, uid)} · {self._summary(observation, uid)}")
        pending = observation.get("pending")
        if pending:
            found = self._lookup(observation, pending.get("source"))
            if found is not None:
                from amalogs.report.cards import describe_effect

                effects = [e for e in found[1].effects if e.do == pending.get("effect")] or list(found[1].effects)
                lines += [f"  effect: {_clean(describe_effect(e))}" for e in effects[:1]]
                if found[1].text:
                    lines.append(f"  text: {_clean(found[1].text)}")
        return lines

    def _menu(self, observation: dict[str, Any], legal: list[Action]) -> None:
        """The choices, numbered; a card's type, cost and stats with the first choice that names it."""
        told: set[object] = set()
        for k, action in enumerate(legal, 1):
            line = f"  {k:>2}) {describe(action, observation)}"
            uid = next((a for i, a in enumerate(action.args) if action.is_card(i)), None)
            if uid is not None and uid not in told and _card(observation.get("cards", {}), uid) is not None:
                told.add(uid)
                line += f"  · {self._summary(observation, uid)}"
            self.say(line)

    def _completions(self, observation: dict[str, Any], legal: list[Action]) -> list[tuple[str, str]]:
        described = [describe(a, observation) for a in legal]
        numbered = list(enumerate(described, 1))
        return [*((str(k), d) for k, d in numbered), *((a.text(), d) for a, d in zip(legal, described, strict=True)),
                *((f"? {k}", f"the text of {d}") for k, d in numbered if "[" in d), ("board", "the whole board")]

    def _title(self, observation: dict[str, Any], uid: int) -> str | None:
        """A ブレイクジョーカー card's work title (作品名), from the catalog."""
        found = self._lookup(observation, uid)
        title = found[1].stats.get("work-title") if found else None
        return title if isinstance(title, str) else None

    def _summary(self, observation: dict[str, Any], uid: object) -> str:
        found = self._lookup(observation, uid)
        if found is not None:
            return _summary(*found)
        card = _card(observation.get("cards", {}), uid)
        return _observed_summary(card) if card else ""

    def _card_text(self, what: str, observation: dict[str, Any], legal: list[Action]) -> list[str]:
        """``? 3``: the whole text of the card(s) behind choice 3; ``? 名前``: of the visible card so named."""
        cards = observation.get("cards", {})
        if not what:
            return []
        if what.isascii() and what.isdigit():
            k = int(what) if len(what) <= 6 else 0
            if not 1 <= k <= len(legal):
                return [f"there is no choice {what[:12]}: the choices are 1–{len(legal)}"]
            action = legal[k - 1]
            uids = [int(a) for i, a in enumerate(action.args) if action.is_card(i) and _card(cards, a) is not None]
            if not uids:
                return [f"choice {k} ({describe(action, observation)}) names no card"]
        else:
            wanted = _clean(what)
            visible = [(int(u), _clean(c.get("name", ""))) for u, c in cards.items()
                       if isinstance(c, dict) and str(u).isascii() and str(u).isdigit()]
            named = [u for u, name in visible if name == wanted] or [u for u, name in visible if wanted in name]
            by_name = {_clean(cards.get(u, cards.get(str(u)))["name"]): u for u in reversed(named)}
            uids = list(by_name.values())  # one card of each name (copies have the same text)
            if not uids:
                shown = wanted if len(wanted) <= 40 else wanted[:40] + "…"
                return [f"no card you can see is called {shown!r}"]
        lines: list[str] = []
        for uid in uids[:4]:
            lines += self._full_text(observation, uid)
        return lines

    def _full_text(self, observation: dict[str, Any], uid: int) -> list[str]:
        """A card's whole text: game, type, colours, every printed stat, keywords with their meaning, the
        printed text and each effect; its values now (with this turn's changes)."""
        seen = _card(observation.get("cards", {}), uid) or {}
        lines = [f"── {_name(observation.get('cards', {}), uid)} ──"]
        found = self._lookup(observation, uid)
        if found is None:
            lines.append(f"  {_observed_summary(seen)}")
            if seen.get("keywords"):
                lines.append(f"  keywords: {', '.join(_clean(k) for k in seen['keywords'])}")
            for k, (do, side) in sorted((seen.get("abilities") or {}).items()):
                lines.append(f"  ability {_clean(k)}: {_clean(do)}" + (f" (aimed at {_clean(side)})" if side else ""))
        else:
            from amalogs.report.cards import describe_effect

            game, card = found
            names = {s.id: s.name for s in game.profile.stats}
            keywords = {k.id: k for k in game.profile.keywords}
            summary = _summary(game, card)
            lines.append(f"  {_clean(game.profile.name)} · {summary}")
            others = [f"{_clean(names.get(s, s))} {_stat_value(game, v)}" for s, v in card.stats.items()]
            others = [o for o in others if o not in summary]  # (its costs and battle stats are on the line above)
            if others:
                lines.append("  printed: " + " · ".join(others))
            for k in card.keywords:
                word = keywords.get(k)
                lines.append(f"  keyword {_clean(word.name)}: {_clean(word.meaning)}" if word
                             else f"  keyword {_clean(k)}")
            if card.text:
                lines.append(f"  text: {_clean(card.text)}")
            lines += [f"  effect: {_clean(describe_effect(e))}" for e in card.effects]
        now = []  # its values now, this turn's changes included (canonical points)
        if seen.get("ap") or seen.get("dp"):
            now.append(f"{_int(seen.get('ap')) / 1000:g}/{_int(seen.get('dp')) / 1000:g}")
        if seen.get("sp"):
            now.append(f"SP{seen['sp']}")
        if seen.get("unified"):
            now.append(", ".join(_clean(k) for k in seen["unified"]))
        if now:
            lines.append("  now: " + " ".join(now))
        return lines

    # --- the cards' data ---------------------------------------------------------------------------------

    def _lookup(self, observation: dict[str, Any], uid: object) -> tuple[Game, Card] | None:
        """The catalog's game and card behind a card of the observation (found by its seat's game and its
        name), or None (no catalog, or a card of a game or deck the catalog does not hold)."""
        seen = _card(observation.get("cards", {}), uid)
        catalog = self._catalog()
        if seen is None or catalog is None:
            return None
        seats = [s for s in observation.get("seats") or [] if isinstance(s, dict)]
        owner = [str(s.get("game")) for s in seats if any(isinstance(v, list) and uid in v for v in s.values())]
        for game_id in dict.fromkeys([*owner, *(str(s.get("game")) for s in seats)]):
            game = catalog.games.get(game_id)
            if game is None:
                continue
            card = self._cards_of(catalog, game_id).get(str(seen.get("name")))
            if card is not None and card.type == seen.get("type", card.type):
                return game, card
        return None

    def _cards_of(self, catalog: Catalog, game_id: str) -> dict[str, Card]:
        if game_id not in self._by_name:
            try:
                cards = catalog.cards(game_id)
            except Exception:  # noqa: BLE001 - a card file with problems: its cards are described from the observation
                cards = {}
            self._by_name[game_id] = {c.name: c for c in reversed(list(cards.values()))}
        return self._by_name[game_id]

    def _catalog(self) -> Catalog | None:
        if self.catalog is None and not self._catalog_read:
            self._catalog_read = True
            try:
                from amalogs.catalog import load_catalog

                self.catalog = load_catalog(lenient=True)
            except Exception:  # noqa: BLE001 - no data to read: cards are described from the observation
                self.catalog = None
        return self.catalog

    @staticmethod
    def _parse(answer: str, legal: list[Action]) -> Action | None:
        answer = answer.translate(_FULLWIDTH)  # ３ and ｐｌａｙ typed with a Japanese input method
        if answer.isascii() and answer.isdigit():
            return numbered(answer, legal)
        try:
            action = Action.parse(answer)
        except IllegalActionError:
            return None
        return action if action in legal else None
