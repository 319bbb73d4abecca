"""Deck lists as plain text: what players paste from deck builders, read into a :class:`Deck` and written back.

A deck list names its game in a header line, then lists cards by count and name under section headings::

    # game: ビルディバイド
    # name: 紅蓮竜アグロ

    [メインデッキ]
    4 火花の小鬼
    4x 熾火の騎士
    紅蓮の竜騎士 ×2

    [テリトリー]
    1 紅蓮の城塞

* Header lines (before the first card): ``# game: G`` (the game's id, 略称 or name; ``ゲーム``), ``# name: N``
  (``デッキ名``, ``名前``), ``# en: E``; with or without the ``#`` (or ``//``).
* Section headings: ``メイン``/``メインデッキ``/``main`` for the main deck, and each side deck or extra-card kind of
  the game's profile by its native name, English name or id (``Dデッキ``, ``テリトリー``, ``mana-deck``), written
  bare, in brackets (``[…]``, ``【…】``, ``(…)``), between ``==``/``--`` rules or with a trailing colon; a count after
  the name (``メインデッキ (40)``, ``メイン 40枚``) is ignored. Cards before any heading are the main deck.
* Card lines: ``4 名前``, ``4x 名前``, ``4枚 名前``, ``名前 x4``, ``名前 ×4``, ``名前 4枚``; a card is named by its
  name or its id, width-, case- and kana-insensitively (NFKC, katakana = hiragana, spaces and ``・-_`` ignored).
  A card listed twice in one section has its counts added.
* Blank lines and comments (``#`` or ``//``, also after a card line) are ignored.

Everything is untrusted input: a list of more than :data:`MAX_BYTES` bytes or :data:`MAX_LINES` lines, a line
longer than :data:`MAX_LINE_CHARS`, NUL bytes, control characters, text that is not UTF-8 and counts above
:data:`MAX_COPIES` are refused with :class:`DecklistError`, one line naming the source and the line numbers.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher, get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING

from amalogs.errors import AmalogsError, cut, shown_path

if TYPE_CHECKING:
    from amalogs.catalog import Catalog, Game
    from amalogs.models.cards import Card, Deck
    from amalogs.models.game import GameProfile

__all__ = [
    "MAX_BYTES",
    "MAX_COPIES",
    "MAX_LINES",
    "MAX_LINE_CHARS",
    "DecklistError",
    "Section",
    "decode_decklist",
    "fold",
    "format_decklist",
    "parse_decklist",
    "read_decklist",
    "sections",
]

MAX_BYTES = 1_000_000
"""The largest deck list read (a 60-card list is about 2 KB)."""
MAX_LINES = 5_000
"""The most lines a deck list may have."""
MAX_LINE_CHARS = 500
"""The longest line a deck list may have."""
MAX_COPIES = 999
"""The most copies of one card in one section (per line, and added up)."""
MAX_PROBLEMS = 20
"""The most problems collected before reading stops."""

STDIN = "standard input"

MAIN_NAME = "メインデッキ"
_MAIN_ALIASES = ("main", "main deck", "mainboard", "main board", "メイン", "メインデッキ", "メインボード", "デッキ", "deck",
                 "本体")
_SIDE_ALIASES = ("side", "side deck", "sideboard", "サイド", "サイドデッキ", "サイドボード")
_GENERIC = {"でっき", "deck", "side", "さいど"}
"""Aliases too general to be looked for inside a longer heading."""
_HEADER_KEYS = {
    "game": "game", "ゲーム": "game", "タイトル": "game",
    "name": "name", "deck": "name", "deckname": "name", "デッキ名": "name", "名前": "name", "デッキ": "name",
    "en": "en", "english": "en", "英語名": "en",
}


def _header_key(text: str) -> str | None:
    wanted = fold(text)
    return next((v for k, v in _HEADER_KEYS.items() if fold(k) == wanted), None)


class DecklistError(AmalogsError):
    """A deck list that cannot be read: ``problems`` holds ``(line, message)`` (line 0: the whole list);
    ``str(error)`` is one line naming the source, the first problem's line and how many more there are."""

    def __init__(self, source: str, problems: Sequence[tuple[int, str]]) -> None:
        self.source = source
        self.problems = list(problems)
        line, message = self.problems[0]
        where = f"{source}: line {line}: " if line else f"{source}: "
        more = ""
        if len(self.problems) > 1:
            others = sorted({n for n, _ in self.problems[1:] if n})
            shown = ", ".join(str(n) for n in others[:10]) + (", …" if len(others) > 10 else "")
            more = f" (and {len(self.problems) - 1} more" + (f": line {shown}" if shown else "") + ")"
        super().__init__(" ".join((where + message + more).splitlines()))


# --- names --------------------------------------------------------------------------------------------------

def fold(text: str) -> str:
    """A name as deck lists are matched (:func:`amalogs.names.normalise`: NFKC, case-folded, katakana as
    hiragana, spaces and punctuation dropped)."""
    from amalogs.names import normalise

    return normalise(text)


@dataclass(frozen=True, slots=True)
class Section:
    """A part of a deck: ``kind`` is ``main``, ``side`` or ``extra``; ``id`` the side deck's or extra kind's id."""

    kind: str
    id: str
    name: str
    aliases: tuple[str, ...]

    @property
    def folded(self) -> frozenset[str]:
        return frozenset(fold(a) for a in self.aliases) - {""}

    @property
    def key(self) -> tuple[str, str]:
        return self.kind, self.id


def sections(profile: GameProfile) -> list[Section]:
    """A game's deck parts in its order: the main deck, its side decks, its extra-card kinds."""
    out = [Section("main", "main", MAIN_NAME, _MAIN_ALIASES)]
    sides = profile.deck.side_decks
    for s in sides:
        generic = _SIDE_ALIASES if len(sides) == 1 else ()
        out.append(Section("side", s.id, s.name, (s.id, s.name, s.en, *generic)))
    for e in profile.deck.extra_cards:
        out.append(Section("extra", e.id, e.name, (e.id, e.name, e.en)))
    return out


class _Index:
    """A game's cards by folded name and id."""

    def __init__(self, cards: Mapping[str, Card]) -> None:
        self.cards = cards
        self.keys: dict[str, set[str]] = {}
        self.shown: dict[str, str] = {}  # folded key → the name to suggest
        for card in cards.values():
            for key in (fold(card.name), fold(card.id)):
                if key:
                    self.keys.setdefault(key, set()).add(card.id)
            self.shown.setdefault(fold(card.name), card.name)

    def find(self, name: str) -> set[str]:
        return self.keys.get(fold(name), set())

    def suggest(self, name: str) -> list[str]:
        close = get_close_matches(fold(name), list(self.shown), n=3, cutoff=0.5)
        return [self.shown[c] for c in close]

    def closeness(self, name: str) -> float:
        key = fold(name)
        return max((SequenceMatcher(None, key, k).ratio() for k in self.shown), default=0.0)


# --- reading ------------------------------------------------------------------------------------------------


def decode_decklist(raw: bytes, source: str = STDIN) -> str:
    """The text of a deck list's bytes: at most :data:`MAX_BYTES`, UTF-8 (a byte-order mark is dropped), no NUL."""
    if len(raw) > MAX_BYTES:
        raise DecklistError(source, [(0, f"too large: more than {MAX_BYTES:,} bytes (a deck list is a few KB)")])
    nul = raw.find(b"\0")
    if nul >= 0:
        line = raw.count(b"\n", 0, nul) + 1
        raise DecklistError(source, [(line, "a NUL byte: this is not a text file")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        hint = " (it starts with a UTF-16 byte-order mark: it is UTF-16 text)" if raw.startswith((b"\xff\xfe", b"\xfe\xff")) else ""
        message = f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); save it as UTF-8{hint}"
        raise DecklistError(source, [(line, message)]) from None
    return text.removeprefix("\ufeff")


def _read_bytes(path: Path) -> bytes:
    from amalogs.inputs import read_regular

    source = shown_path(path)
    return read_regular(path, "deck list", MAX_BYTES, lambda problem: DecklistError(source, [(0, problem)]))


def read_decklist(path: Path | None, catalog: Catalog, *, game: str | None = None) -> tuple[Game, Deck]:
    """Read a deck list from a file (``None`` or ``-``: standard input) and parse it (:func:`parse_decklist`)."""
    if path is None or str(path) == "-":
        source = STDIN
        stream = getattr(sys.stdin, "buffer", None)
        raw = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read(MAX_BYTES + 1).encode("utf-8", "surrogateescape")
        default_name = None
    else:
        source = shown_path(path)
        raw = _read_bytes(path)
        default_name = path.stem or None
    return parse_decklist(decode_decklist(raw, source), catalog, game=game, source=source, default_name=default_name)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
_COMMENT = re.compile(r"^(?:#|//)")
_TRAILING_COMMENT = re.compile(r"\s+(?:#|//).*$")
_HEADER = re.compile(r"^(?:(?:#|//)\s*)?([^:#/]{1,20}?)\s*:\s*(\S.*?)\s*$")
_COUNT_SUFFIX = re.compile(r"\s*\(?\s*[0-9]{1,6}\s*(?:枚|cards?)?\s*\)?\s*$")
_DECORATED = (
    re.compile(r"^[\[【〔《〈「『<(]\s*(.+?)\s*[\]】〕》〉」』>)]\s*(?:\(?\s*[0-9]{1,6}\s*(?:枚|cards?)?\s*\)?)?\s*:?$"),
    re.compile(r"^(.+?)\s*:$"),
)


def _decorated(text: str) -> str | None:
    """The text of a heading written in brackets, between rules (``== … ==``, ``-- … --``) or with a trailing
    colon; None for any other line."""
    for rule in ("==", "--"):
        if len(text) > 4 and text.startswith(rule) and text.endswith(rule):
            inner = text.strip(rule[0]).strip()
            if inner:
                return inner
    for pattern in _DECORATED:
        m = pattern.match(text)
        if m:
            return m.group(1)
    return None


_BULLET = re.compile(r"^(?:[-*•+]\s+|[・■□◆◇●○▼▽★☆►▶]\s*)+")
_N = r"([0-9]+)"
_CARD_FORMS = (  # (pattern, group of the count, group of the name)
    (re.compile(rf"^{_N}\s+(\S.*)$"), 1, 2),
    (re.compile(rf"^{_N}\s*[x×*]\s*(\S.*)$", re.IGNORECASE), 1, 2),
    (re.compile(rf"^{_N}\s*枚\s*(\S.*)$"), 1, 2),
    (re.compile(rf"^(\S.*?)\s*[x×*]\s*{_N}$", re.IGNORECASE), 2, 1),
    (re.compile(rf"^(\S.*?)\s*{_N}\s*枚$"), 2, 1),
    (re.compile(rf"^(\S.*?)\s+{_N}$"), 2, 1),
    (re.compile(rf"^{_N}([^0-9\s.,].*)$"), 1, 2),
)
_LOOKS_COUNTED = re.compile(r"^[-+−]?[0-9]|^[x×*]\s*[-+−]?[0-9]|[x×*]\s*[-+−]?[0-9][0-9.,]*$", re.IGNORECASE)


class _Parser:
    def __init__(self, catalog: Catalog, source: str, game: Game | None, game_from: str | None) -> None:
        self.catalog = catalog
        self.source = source
        self.game = game
        self.game_from = game_from  # where the game was named ('--game', or 'line N')
        self.index: _Index | None = None
        self.sections: list[Section] = []
        self.folded: list[tuple[Section, frozenset[str]]] = []
        self.current: Section | None = None
        self.parts: dict[tuple[str, str], dict[str, int]] = {}
        self.started = False
        self.name: str | None = None
        self.en: str | None = None
        self.problems: list[tuple[int, str]] = []

    def problem(self, line: int, message: str) -> None:
        self.problems.append((line, message))
        if len(self.problems) >= MAX_PROBLEMS:
            raise DecklistError(self.source, self.problems)

    # the game, the sections and the cards --------------------------------------------------------------------

    def start(self, n: int) -> None:
        if self.started:
            return
        if self.game is None:
            missing = ("the list does not say which game it is for: start it with a line such as '# game: BD' "
                       "(id, 略称 or name), or give --game")
            raise DecklistError(self.source, self.problems or [(n, missing)])
        self.started = True
        self.sections = sections(self.game.profile)
        self.folded = [(s, s.folded) for s in self.sections]
        self.index = _Index(self.catalog.cards(self.game.id))
        self.current = self.sections[0]

    def set_game(self, n: int, value: str) -> None:
        from amalogs.errors import UnknownGameError

        try:
            found = self.catalog.game(value)
        except UnknownGameError as exc:
            self.problem(n, str(exc))
            return
        if self.game is not None and found.id != self.game.id:
            self.problem(n, f"the list is for {found.profile.name} ({found.id}), but {self.game_from} says "
                            f"{self.game.profile.name} ({self.game.id})")
            return
        self.game, self.game_from = found, f"line {n}"

    def section(self, text: str, loose: bool = False) -> Section | None:
        """The section a heading's text names, or None; ``loose``: also a heading that contains one section's
        name (the longest found), as in '特殊マナデッキ'."""
        key = fold(_COUNT_SUFFIX.sub("", text).rstrip(": ") or text)
        if not key:
            return None
        for s, folded in self.folded:
            if key in folded:
                return s
        if not loose:
            return None
        best: list[tuple[int, Section]] = []
        for s, folded in self.folded:
            lengths = [len(a) for a in folded if len(a) >= 2 and a not in _GENERIC and a in key]
            if lengths:
                best.append((max(lengths), s))
        if best:
            best.sort(key=lambda b: -b[0])
            if len(best) == 1 or best[0][0] > best[1][0]:
                return best[0][1]
        return None

    def unknown_section(self, n: int, text: str) -> None:
        names = [s.name for s in self.sections]
        folded = {fold(a): s.name for s in self.sections for a in s.aliases}
        close = get_close_matches(fold(text), list(folded), n=1, cutoff=0.5)
        hint = f"; did you mean {folded[close[0]]!r}?" if close else ""
        assert self.game is not None
        self.problem(n, f"unknown section {cut(text)}{hint} ({self.game.profile.name} has: {', '.join(names)})")

    def card_line(self, n: int, text: str) -> list[tuple[str, str]] | None:
        """Read a card line whose name is found (and return None); else return the ways the line reads as one
        (count, name), none when it is not written as a card line."""
        assert self.index is not None
        candidates: list[tuple[str, str]] = []
        for pattern, count_group, name_group in _CARD_FORMS:
            m = pattern.match(text)
            if m:
                candidates.append((m.group(count_group), m.group(name_group).strip()))
        for digits, name in candidates:
            ids = self.index.find(name)
            if len(ids) == 1:
                self.add(n, digits, next(iter(ids)))
                return None
            if len(ids) > 1:
                self.problem(n, f"{cut(name)} names more than one card ({', '.join(sorted(ids))}): give its id")
                return None
        return candidates

    def add(self, n: int, digits: str, card_id: str) -> None:
        assert self.current is not None
        count = int(digits) if len(digits) <= 6 else MAX_COPIES + 1
        if count < 1:
            self.problem(n, f"bad count {digits}: a card line needs at least 1 copy (leave the card out instead)")
            return
        part = self.parts.setdefault(self.current.key, {})
        total = part.get(card_id, 0) + count
        if total > MAX_COPIES:
            self.problem(n, f"bad count: {cut(digits, 12) if len(digits) > 6 else total} copies of {card_id} in "
                            f"{self.current.name}; at most {MAX_COPIES} are read")
            return
        part[card_id] = total

    def unknown_card(self, n: int, name: str) -> None:
        assert self.game is not None and self.index is not None
        elsewhere = self.other_game(name)
        if elsewhere:
            self.problem(n, f"{cut(name)} is a card of {elsewhere}, not of {self.game.profile.name}: is the "
                            "game right?")
            return
        close = self.index.suggest(name)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        self.problem(n, f"{self.game.profile.name} has no card {cut(name)}{hint} (see `amalogs cards {self.game.id}`)")

    def other_game(self, name: str) -> str | None:
        key = fold(name)
        assert self.game is not None
        for game in self.catalog.games.values():
            if game.id == self.game.id:
                continue
            try:
                pool = self.catalog.cards(game.id)
            except AmalogsError:
                continue
            if any(fold(c.name) == key for c in pool.values()):
                return game.profile.name
        return None

    # one line ------------------------------------------------------------------------------------------------

    def line(self, n: int, raw: str) -> None:
        if len(raw) > MAX_LINE_CHARS:
            self.problem(n, f"line too long: {len(raw):,} characters, at most {MAX_LINE_CHARS}")
            return
        bad = _CONTROL.search(raw)
        if bad:
            self.problem(n, f"a control character (U+{ord(bad.group()):04X}): this is not a deck list")
            return
        # Runs of spaces become one (names ignore them anyway), so no pattern below backtracks over a long run.
        text = " ".join(unicodedata.normalize("NFKC", raw).split())
        if len(text) > 2 * MAX_LINE_CHARS:  # NFKC spells some characters out (㍿ → 株式会社)
            self.problem(n, f"line too long: {len(text):,} characters once normalised, at most {2 * MAX_LINE_CHARS}")
            return
        if not text:
            return
        header = _HEADER.match(text)
        key = _header_key(header.group(1)) if header else None
        if header and key:
            self.header(n, key, header.group(2))
            return
        if _COMMENT.match(text):
            return
        text = _TRAILING_COMMENT.sub("", text).strip()
        if not text:
            return
        self.start(n)
        assert self.index is not None
        heading = _decorated(text)
        if heading is not None:
            found = self.section(heading, loose=True)
            if found is None:
                self.unknown_section(n, heading)
            else:
                self.current = found
            return
        text = _BULLET.sub("", text).strip() or text
        candidates = self.card_line(n, text)
        if candidates is None:
            return
        found = self.section(text)
        if found is not None:
            self.current = found
            return
        if candidates:
            digits, name = max(candidates, key=lambda c: self.index.closeness(c[1]) if self.index else 0.0)
            if len(digits) > 6 or int(digits) < 1:
                self.add(n, digits, name)
            else:
                self.unknown_card(n, name)
            return
        self.not_a_line(n, text)

    def header(self, n: int, key: str, value: str) -> None:
        """A header line: the game, the deck's name or its English name."""
        value = _TRAILING_COMMENT.sub("", value).strip() if key == "game" else value.strip()
        if key == "game":
            if not self.started:
                self.set_game(n, value)
            elif not (self._known(value) and self.game is not None and self.catalog.game(value).id == self.game.id):
                self.problem(n, "the game must be named before the first card or section")
            return
        if key == "name":
            self.name = value
        else:
            self.en = value

    def _known(self, value: str) -> bool:
        try:
            self.catalog.game(value)
        except AmalogsError:
            return False
        return True

    def not_a_line(self, n: int, text: str) -> None:
        assert self.index is not None
        if _LOOKS_COUNTED.search(text):
            self.problem(n, f"bad count in {cut(text)}: write a whole number of copies from 1 to {MAX_COPIES}, "
                            "as in '4 火花の小鬼' or '火花の小鬼 x4'")
            return
        ids = self.index.find(text)
        if ids:
            self.problem(n, f"no count for {cut(text)}: write it as '1 {text}' (or how many copies)")
            return
        self.problem(n, f"neither a card line ('4 名前', '名前 x4') nor a section heading: {cut(text)}")


def parse_decklist(text: str, catalog: Catalog, *, game: str | None = None, source: str = STDIN,
                   default_name: str | None = None) -> tuple[Game, Deck]:
    """A deck from deck-list text (see the module's documentation); ``game`` (id, 略称 or name) names the game
    when the list does not, and must agree with it when it does. Raise :class:`DecklistError` (one line: the
    source, the line, what is wrong) for anything it cannot read."""
    from pydantic import ValidationError

    from amalogs.models.cards import Deck

    given = None
    if game is not None:
        given = catalog.game(game)
    if len(text) > MAX_BYTES:
        raise DecklistError(source, [(0, f"too large: {len(text):,} characters, at most {MAX_BYTES:,}")])
    lines = text.removeprefix("\ufeff").splitlines()
    if len(lines) > MAX_LINES:
        raise DecklistError(source, [(0, f"too many lines: {len(lines):,}, at most {MAX_LINES:,}")])
    parser = _Parser(catalog, source, given, "--game" if given else None)
    for n, raw in enumerate(lines, 1):
        parser.line(n, raw)
    if parser.problems:
        raise DecklistError(source, parser.problems)
    if not parser.started or not any(parser.parts.values()):
        raise DecklistError(source, [(0, "no cards: the list has no card lines ('4 名前')")])
    assert parser.game is not None
    g = parser.game
    parts = parser.parts
    name = parser.name or default_name or "インポートしたデッキ"
    data = {
        "game": g.id,
        "name": name,
        "en": parser.en,
        "main": parts.get(("main", "main"), {}),
        "side": {s.id: parts[s.key] for s in parser.sections if s.kind == "side" and parts.get(s.key)},
        "extra": {s.id: parts[s.key] for s in parser.sections if s.kind == "extra" and parts.get(s.key)},
    }
    if data["en"] is None:
        del data["en"]
    try:
        return g, Deck.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DecklistError(source, [(0, f"cannot make a deck of it: {where}: {first['msg']}")]) from None


# --- writing ------------------------------------------------------------------------------------------------


def format_decklist(deck: Deck, game: Game, cards: Mapping[str, Card]) -> str:
    """The deck as deck-list text: the header (game, name), then each part of the deck in the game's order with
    ``N 名前`` lines. Every card is written by a name :func:`parse_decklist` finds again (its id where its name
    is shared); a card the deck file defines itself is written with a note, since a list cannot carry it."""
    index = _Index(cards)
    own = {c.id for c in deck.cards}
    game_name = game.profile.name if _plain(game.profile.name) else game.id
    out = [f"# game: {game_name}", f"# name: {_one_line(deck.name)}"]
    if deck.en:
        out.append(f"# en: {_one_line(deck.en)}")
    known = sections(game.profile)
    parts: list[tuple[str, Mapping[str, int]]] = []
    for s in known:
        part = deck.main if s.kind == "main" else (deck.side if s.kind == "side" else deck.extra).get(s.id, {})
        if part:
            parts.append((s.name, part))
    for kind, table in (("side", deck.side), ("extra", deck.extra)):
        for part_id, other in table.items():
            if other and not any(s.kind == kind and s.id == part_id for s in known):
                parts.append((part_id, other))
    for title, listed in parts:
        out += ["", f"[{title}]  # {sum(listed.values())}枚"]
        for card_id, count in listed.items():
            card = cards.get(card_id)
            written = card_id
            if card is not None and card_id not in own and index.find(card.name) == {card_id} \
                    and not _TRAILING_COMMENT.search(card.name) and len(card.name) < MAX_LINE_CHARS - 10:
                written = card.name
            note = ""
            if card_id in own:
                shown = f"{_one_line(card.name)}: " if card is not None and card.name else ""
                note = f"  # {shown}the deck file's own card; a deck list cannot carry it"
            out.append(f"{count} {_one_line(written)}{note}")
    return "\n".join(out) + "\n"


def _plain(name: str) -> bool:
    """Whether a game's name can stand in a header line (else its id is written)."""
    return bool(name.strip()) and name == _one_line(name) and not _TRAILING_COMMENT.search(name) and len(name) < 200


def _one_line(text: str) -> str:
    return " ".join(text.split())
