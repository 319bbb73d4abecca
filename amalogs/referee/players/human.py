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
"""

from __future__ import annotations

import random
import sys
import unicodedata
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.engine.rulings import MENU

if TYPE_CHECKING:
    from amalogs.catalog import Catalog, Game
    from amalogs.models.cards import Card

__all__ = ["HumanPlayer", "LineAsk", "PromptAsk", "describe", "show", "terminal_ask"]

_HIDDEN_COUNT = "{n} (hidden)"
_PROMPT = "your choice (number or action, ? N for a card's text, ? to list): "
_HELP = "  (? N: the whole text of choice N's card · ? カード名: a card you can see, by name · board: the whole board)"
_SUITS = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}
_BJ = "break-joker"
_COST_STATS = ("コスト", "大コスト")  # canonical stats whose native stats are a card's costs
_BATTLE_STATS = ("AP", "DP", "BP", "SP")


def _clean(text: object) -> str:
    """Text as it may be printed: control characters (terminal escape sequences among them) left out."""
    return "".join(ch for ch in str(text) if ch == " " or not unicodedata.category(ch).startswith("C"))


def _card(cards: dict[Any, Any], uid: object) -> dict[str, Any] | None:
    """A card of the observation by id (ids may be keys as numbers, or as text after a JSON round trip)."""
    if not isinstance(uid, int) or uid < 0:
        return None
    found = cards.get(uid, cards.get(str(uid)))
    return found if isinstance(found, dict) else None


def _name(cards: dict[Any, Any], uid: object) -> str:
    card = _card(cards, uid)
    return f"{_clean(card.get('name', '?'))} [{uid}]" if card else str(uid)


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
    words = (_name(cards, a) if action.is_card(k) else str(a) for k, a in enumerate(action.args))
    return " ".join([action.verb, *words])


def _card_line(card: dict[str, Any], uid: object) -> str:
    values = ""
    if card.get("ap") or card.get("dp"):
        values = f" {card['ap'] / 1000:g}/{card['dp'] / 1000:g}" + (f" SP{card['sp']}" if card.get("sp") else "")
    keywords = f" ({', '.join(_clean(k) for k in card['unified'])})" if card.get("unified") else ""
    return f"{_clean(card.get('name', '?'))} [{uid}]{values}{keywords}"


# --- the screen: keyed lines, so a later decision can show only what changed ------------------------------

Entry = tuple[str, str, str]
"""One line of the screen: (key, the section it belongs to, the line)."""


def _screen(observation: dict[str, Any], title_of: Callable[[int], str | None] | None = None) -> list[Entry]:
    """The observation as keyed lines: the turn, both seats (the viewer's first), the attack, the effect
    resolving, and a ブレイクジョーカー round's rows (``title_of``: a card's work title, for ワールドボーナス)."""
    me = _int(observation.get("you", 0))
    cards = observation.get("cards", {})
    seats = observation.get("seats") or []
    turn = f"turn {observation.get('turn')} · step {_clean(observation.get('phase'))} · you are P{me + 1}"
    entries: list[Entry] = [("turn", "", turn)]
    for seat in dict.fromkeys((me, 1 - me, *range(len(seats)))):
        if not 0 <= seat < len(seats) or not isinstance(seats[seat], dict):
            continue
        view = seats[seat]
        who = "you" if seat == me else "opponent"
        section = f"P{seat + 1} ({who}, {_clean(view.get('game'))})"
        counters = view.get("counters") or {}
        entries.append((f"{seat} seat", section, section + "".join(
            f" · {_clean(k)} {_clean(v)}" for k, v in sorted(counters.items()) if not str(k).startswith("hp-"))))
        rested = set(view.get("rested") or [])
        damage = view.get("damage") or {}
        for zone, value in view.items():
            if zone in ("game", "rested", "damage", "hand_limit", "counters"):
                continue
            if isinstance(value, int):
                if value:
                    entries.append((f"{seat} {zone}", section, f"  {_clean(zone)}: {_HIDDEN_COUNT.format(n=value)}"))
                continue
            if not isinstance(value, list) or not value:
                continue
            shown = []
            for uid in value:
                card = _card(cards, uid)
                if card is None:
                    shown.append("(face down)")
                    continue
                hurt = damage.get(uid, damage.get(str(uid)))
                shown.append(_card_line(card, uid) + (" rested" if uid in rested else "")
                             + (f" damage {hurt / 1000:g}" if isinstance(hurt, int) and hurt else ""))
            entries.append((f"{seat} {zone}", section, f"  {_clean(zone)}: " + "; ".join(shown)))
    attack = observation.get("attack")
    if attack:
        target = "the player" if attack.get("target") is None else _name(cards, attack["target"])
        blocker = f" (blocked by {_name(cards, attack['blocker'])})" if attack.get("blocker") is not None else ""
        entries.append(("attack", "", f"attack: {_name(cards, attack.get('attacker'))} → {target}{blocker}"))
    pending = observation.get("pending")
    if pending:
        entries.append(("pending", "", f"resolving: {_clean(pending.get('effect'))} of "
                        f"{_name(cards, pending.get('source'))}"
                        + (f" (aimed at {_clean(pending['side'])}'s cards)" if pending.get("side") else "")))
        if pending.get("text"):  # a native effect ruled by hand: its words, and the ruling proposed
            entries.append(("pending text", "", f"  the card says: {_clean(pending['text'])}"))
            proposed = pending.get("ruling")
            entries.append(("pending ruling", "", "  rule it by hand: pick what it does, or skip" if proposed is None
                            else f"  proposed ruling: {_clean(proposed)} — confirm or reject"))
    entries += _bj_round(observation, title_of or (lambda uid: None))
    return entries


def show(observation: dict[str, Any]) -> list[str]:
    """The observation as lines of text: both seats, the viewer's first."""
    return _lines(_screen(observation))


def _lines(entries: list[Entry]) -> list[str]:
    return [text for _, _, text in entries]


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _changes(before: list[Entry], now: list[Entry]) -> list[str]:
    """What changed between two screens, in the screen's order: the new or changed lines under their seat's
    heading, and the zones that emptied (an attack or an effect that ended is simply no longer shown)."""
    old = {key: text for key, _, text in before}
    keys = {key for key, _, _ in now}
    emptied: dict[str, list[str]] = {}
    for key, section, text in before:
        if key not in keys and section and not key.endswith(" seat") and not key.startswith("bj"):
            emptied.setdefault(section, []).append(f"  {text.strip().split(':')[0]}: now empty")
    last = {section: k for k, (_, section, _) in enumerate(now)}
    lines: list[str] = []
    heading = ""

    def put(section: str, line: str) -> None:
        nonlocal heading
        if section and section != heading and not line.startswith(section):
            lines.append(section)  # the seat a changed zone belongs to (unless its own line changed)
        heading = section
        lines.append(line)

    for k, (key, section, text) in enumerate(now):
        if old.get(key) != text:
            put(section, text)
        if section and last[section] == k:
            for line in emptied.pop(section, []):
                put(section, line)
    for section, gone in emptied.items():
        for line in gone:
            put(section, line)
    return lines


# --- ブレイクジョーカー rounds ----------------------------------------------------------------------------------

def _bj_round(observation: dict[str, Any], title_of: Callable[[int], str | None]) -> list[Entry]:
    """During a ブレイクジョーカー round, each row's running total (an A counts 1 or 11; a card of another game
    its 大コスト), its suits and the combos it makes so far; another player's face-down card is ``?``. The
    printed numbers are counted (a skill's change to a card is not in the observation: the card is marked
    ``skill used``); a card whose work title is unknown makes no ワールドボーナス."""
    counters = observation.get("counters") or {}
    if not counters.get("bj-round"):
        return []
    from amalogs.referee.engine.registry import MODULES

    reader = getattr(MODULES.get(_BJ), "read_row", None)  # the game's own reading of a row (amalogs.referee.games)
    if reader is None:
        return []
    me = _int(observation.get("you", 0))
    cards = observation.get("cards", {})
    seats = observation.get("seats") or []
    heading = f"ブレイクジョーカー round · ties {_int(counters.get('ties'))}"
    entries: list[Entry] = [("bj", heading, heading)]
    for seat in dict.fromkeys((me, 1 - me)):
        if not 0 <= seat < len(seats) or not isinstance(seats[seat], dict):
            continue
        view = seats[seat]
        bj = view.get("game") == _BJ
        row = view.get("field" if bj else "bj-row")
        if not isinstance(row, list):
            continue
        rested = set(view.get("rested") or [])
        shown, slots, hidden = [], [], 0
        for uid in row:
            card = _card(cards, uid)
            if card is None:
                shown.append("?")
                hidden += 1
                continue
            number = _int(card.get("cost"))
            colours = [str(c) for c in card.get("colours") or []]
            suit = _SUITS.get(colours[0], "") if bj and colours else ""
            shown.append((f"{'A' if number == 1 else number}{suit}" if bj else f"{_clean(card.get('name'))} ({number})")
                         + (" (skill used)" if uid in rested else ""))
            options = ((1, 1), (11, 1)) if bj and number == 1 else ((number, number),)
            slots.append((options, colours[0] if bj and colours else None, title_of(uid) or f"#{uid}"))
        who = "you" if seat == me else "opponent"
        if not slots:
            score = "no card face up"
        else:
            totals = reader(slots, bj)
            lowest = sum(min(v for v, _ in options) for options, _, _ in slots)
            score = "total " + " or ".join(str(total) if total else f"0 (bust: {lowest})" for total, _ in totals)
            combos = totals[0][1]
            if hidden:
                score = f"face-up total {score.removeprefix('total ')} + {hidden} face-down"
            elif combos:
                score += " · " + ", ".join(combos)
        suits = "".join(dict.fromkeys(s for s in (_SUITS.get(c, "") for c in _row_colours(row, cards)) if s))
        entries.append((f"bj {seat}", heading, f"  P{seat + 1} ({who}) row: {' '.join(shown) or '—'} → {score}"
                        + (f" · suits {suits}" if bj and suits else "")))
    return entries


def _row_colours(row: list[Any], cards: dict[Any, Any]) -> Iterator[str]:
    for uid in row:
        card = _card(cards, uid)
        if card is not None and card.get("colours"):
            yield str(card["colours"][0])


# --- the cards: their native data, when the catalog has them --------------------------------------------------

def _stat_value(game: Game, value: object) -> str:
    """A printed stat in its game's words: a colour-cost table as ``火2 無属性3``."""
    if isinstance(value, dict):
        names = {c.id: c.name for c in game.profile.colours}
        return " ".join(f"{_clean(names.get(k, k))}{v}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "/".join(_clean(v) for v in value)
    return _clean(value)


def _summary(game: Game, card: Card) -> str:
    """A card's type, colours, costs and battle stats in its game's own terms (one line)."""
    from amalogs.convert.canonical import derived_stats

    profile = game.profile
    types = {t.id: t.name for t in profile.card_types}
    colours = {c.id: c.name for c in profile.colours}
    names = {s.id: s.name for s in profile.stats}
    mapped = {e.native: str(getattr(e.stat, "value", e.stat)) for e in game.page.status if e.stat is not None}
    stats = derived_stats(profile, card)
    sums = {s.id: s.sum_of for s in profile.stats if s.sum_of}
    parts = [_clean(types.get(card.type, card.type))]
    if card.colours:
        parts.append(" ".join(_clean(colours.get(c, c)) for c in card.colours))
    for wanted in (_COST_STATS, _BATTLE_STATS):
        for stat, value in stats.items():
            if mapped.get(stat) not in wanted or (sums.get(stat) in stats and wanted is _COST_STATS):
                continue  # (a total of a cost table already shown is not shown again)
            parts.append(f"{_clean(names.get(stat, stat))} {_stat_value(game, value)}")
    return " · ".join(parts)


def _observed_summary(card: dict[str, Any]) -> str:
    """What the observation alone says of a card (a card the catalog does not know: its type, colours and
    total cost by id, its canonical values)."""
    parts = [_clean(card.get("type", "?"))]
    if card.get("colours"):
        parts.append(" ".join(_clean(c) for c in card["colours"]))
    parts.append(f"cost {_int(card.get('cost'))}")
    if card.get("ap") or card.get("dp"):
        parts.append(f"{_int(card.get('ap')) / 1000:g}/{_int(card.get('dp')) / 1000:g}"
                     + (f" SP{card['sp']}" if card.get("sp") else ""))
    return " · ".join(parts)


# --- reading answers ---------------------------------------------------------------------------------------

class LineAsk:
    """Answers read line by line from a stream (standard input by default, looked up at each question, so
    a redirected ``sys.stdin`` is read): the prompt is written, then the answer read is echoed after it (unless
    the stream is a terminal, which echoes it itself), so a scripted match's transcript reads like a played
    one. End of input raises :class:`EOFError`."""

    def __init__(self, stream: TextIO | None = None, out: TextIO | None = None) -> None:
        self.stream, self.out = stream, out

    def __call__(self, prompt: str) -> str:
        out = self.out or sys.stdout
        out.write(prompt)
        out.flush()
        try:
            line = (self.stream or sys.stdin).readline()
        except UnicodeDecodeError:
            line = "\ufffd\n"  # bytes that are no text: an answer that is not understood
        if not line:
            out.write("\n")
            raise EOFError
        answer = line.rstrip("\r\n")
        if not _is_terminal(self.stream or sys.stdin):  # (a terminal has shown the answer as it was typed)
            shown = _clean(answer)
            out.write((shown if len(shown) <= 80 else shown[:80] + "…") + "\n")
        return answer


class PromptAsk:
    """Answers read with prompt_toolkit: line editing, history of this match's answers, and Tab completion of
    the choices (their numbers, action texts and ``? N``) from ``choices`` (called at each keystroke).
    ``session_options`` go to :class:`prompt_toolkit.PromptSession` (tests give ``input`` and ``output``)."""

    def __init__(self, choices: Callable[[], list[tuple[str, str]]], **session_options: Any) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import CompleteEvent, Completer, Completion
        from prompt_toolkit.document import Document
        from prompt_toolkit.history import InMemoryHistory

        class ChoiceCompleter(Completer):
            """The current decision's choices whose text starts with what was typed."""

            def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
                typed = document.text_before_cursor
                wanted = typed.translate(_FULLWIDTH).lstrip()
                for text, meta in choices():
                    if text.startswith(wanted) and text != wanted:
                        yield Completion(text, start_position=-len(typed), display_meta=meta)

        self.completer = ChoiceCompleter()
        self.session: Any = PromptSession(history=InMemoryHistory(), completer=self.completer,
                                          complete_while_typing=False, **session_options)

    def __call__(self, prompt: str) -> str:
        return str(self.session.prompt(prompt))  # Ctrl-D raises EOFError, Ctrl-C KeyboardInterrupt


def _is_terminal(stream: object) -> bool:
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except (OSError, ValueError):  # a closed or detached stream
        return False


def terminal_ask(choices: Callable[[], list[tuple[str, str]]]) -> Callable[[str], str]:
    """How to ask a person: with prompt_toolkit when standard input and output are terminals, else line by
    line from standard input."""
    if _is_terminal(sys.stdin) and _is_terminal(sys.stdout):
        return PromptAsk(choices)
    return LineAsk()


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
            try:
                answer = self.ask(_PROMPT).translate(_FULLWIDTH).strip()
            except EOFError:
                raise KeyboardInterrupt from None  # stops the match; the caller saves it
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
            k = int(answer) if len(answer) <= 6 else 0
            return legal[k - 1] if 1 <= k <= len(legal) else None
        try:
            action = Action.parse(answer)
        except IllegalActionError:
            return None
        return action if action in legal else None


_FULLWIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
"""Full-width ASCII (and the ideographic space) as typed with a Japanese input method → ASCII (only these:
``①`` or ``²`` stay what they are, so they are not understood)."""
