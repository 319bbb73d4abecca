"""The one loader: finds the data, validates every file once, resolves references, caches the result.

Data lives in *data roots*: folders holding ``games/<id>/game.toml`` (rule profiles) and
``mappings/<id>.toml`` (AMALOGS pages); JSON files (``game.json``, ``mappings/<id>.json``) work too.
The shipped root comes first; a user's own roots (``--data-root`` or ``AMALOGS_DATA_ROOT``, several
joined with ``os.pathsep``) are loaded exactly the same way after it. Loading only parses TOML and
JSON: nothing in a data file is ever executed.

Every input is untrusted. A game is loaded only through the checks ``amalogs validate`` runs: its profile,
its page, its cards and every sample deck (cards that exist, construction rules kept), each checked once
on loading. Files are read only when they are regular files of at most :data:`MAX_FILE_BYTES`; values
nested too deeply, numbers beyond :data:`MAX_INT`, NaN and infinities, and text that is not valid Unicode
are refused with one line naming the file and key. A lenient load (the command line's) leaves a game with
problems out and keeps the others (:attr:`Catalog.left_out`); a strict one (the default) refuses them all.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from amalogs.cardcheck import check_cards, deck_problems
from amalogs.checks import Problem, check_ontology, check_page, check_profile, known
from amalogs.errors import AmalogsError, DataError, UnknownCardError, UnknownGameError, cut, reading
from amalogs.models.cards import Card, CardSet, Deck
from amalogs.models.game import GameProfile
from amalogs.models.mapping import MappingPage
from amalogs.models.ontology import Ontology
from amalogs.validation_messages import describe

__all__ = [
    "Catalog",
    "DataErrors",
    "Game",
    "LeftOut",
    "ENV_VAR",
    "MAX_FILE_BYTES",
    "MAX_DEPTH",
    "MAX_INT",
    "data_roots",
    "load_catalog",
    "load_deck_file",
    "read_data",
    "shipped_root",
    "validate_paths",
    "is_data_root",
]

ENV_VAR = "AMALOGS_DATA_ROOT"
SUFFIXES = (".toml", ".json")
MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest data file amalogs reads (16 MB; the largest shipped file is under 100 kB)."""
MAX_DEPTH = 64
"""The deepest nesting of tables and lists a data file may have (shipped files nest 4 deep)."""
MAX_INT = 2**53
"""The largest number (in size) a data file may hold: every such integer is exact as a JSON number."""
MAX_ERRORS_PER_FILE = 50
"""More problems than this in one file are summed up in one line."""
M = TypeVar("M", bound=BaseModel)


class DataErrors(AmalogsError):
    """One or more data files are invalid; ``errors`` holds one :class:`DataError` per problem."""

    def __init__(self, errors: Sequence[DataError]) -> None:
        self.errors = list(errors)
        more = f" (and {len(self.errors) - 1} more)" if len(self.errors) > 1 else ""
        super().__init__(f"{self.errors[0]}{more}")


@dataclass(frozen=True, slots=True)
class Game:
    """A core game: its rule profile and its AMALOGS page, with the files they came from."""

    profile: GameProfile
    page: MappingPage
    profile_file: Path
    page_file: Path

    @property
    def id(self) -> str:
        return self.profile.id

    @property
    def id_prefix(self) -> str:
        """A prefix for ids made from this game's (converted cards): the 略称 as an id ('BD' → 'bd', 'Z/X' →
        'z-x'), or the game's id when the 略称 has no ASCII letter or digit (遊戯王)."""
        return _slug(self.page.abbreviation) or self.profile.id

    def names(self) -> list[str]:
        """Every name the game answers to: id, 略称, Japanese and English names, aliases."""
        p = self.profile
        return [p.id, self.page.abbreviation, p.name, p.en, *p.aliases]


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A game a lenient load left out: its id (or the name of the file that could not be read), the data
    root it is in, every problem found, and the names it would answer to."""

    game: str
    root: Path
    errors: tuple[DataError, ...]
    names: tuple[str, ...] = ()

    def __str__(self) -> str:
        more = len(self.errors) - 1
        tail = f" (and {more} more; `amalogs validate` lists them)" if more else ""
        return f"left out game {cut(self.game)}: {self.errors[0]}{tail}"


@dataclass(frozen=True)
class Catalog:
    """Everything loaded: the ontology and the games, in load order, with their cards and sample decks."""

    ontology: Ontology
    games: dict[str, Game] = field(default_factory=dict)
    roots: tuple[Path, ...] = ()
    left_out: tuple[LeftOut, ...] = ()
    _cards: dict[str, dict[str, Card]] = field(default_factory=dict, repr=False, compare=False)
    _decks: dict[str, dict[str, tuple[Deck, Path]]] = field(default_factory=dict, repr=False, compare=False)

    def cards(self, game_id: str) -> dict[str, Card]:
        """A game's cards by id (empty when it ships none); raise :class:`DataErrors` if its card file is invalid."""
        return _memo(self._cards, self.games[game_id], lambda loader, game: _load_cards(loader, game) or {})

    def card(self, game_name: str, card_id: str) -> tuple[Game, Card]:
        """One card by game name and card id (or card name); unknown cards get close suggestions."""
        game = self.game(game_name)
        cards = self.cards(game.id)
        if card_id in cards:
            return game, cards[card_id]
        by_name = [c for c in cards.values() if _normal(c.name) == _normal(card_id)]
        if by_name:
            return game, by_name[0]
        close = get_close_matches(card_id, list(cards), n=3, cutoff=0.6)
        raise UnknownCardError(game.id, card_id, close)

    def decks(self, game_id: str) -> dict[str, tuple[Deck, Path]]:
        """A game's sample decks by id (the file name), with their files; every one keeps its game's rules."""
        cards = self.cards(game_id)
        return _memo(self._decks, self.games[game_id], lambda loader, game: _load_decks(loader, game, cards))

    def game(self, name: str) -> Game:
        """Find a game by id, 略称, Japanese or English name or alias (case and width insensitive).

        A game a lenient load left out raises :class:`DataErrors` with its problems (the lines ``amalogs
        validate`` prints), so a command about it says why it cannot run."""
        exact = self.games.get(name)  # (a game's own id, as positions and duels name it: no names to compare)
        if exact is not None:
            return exact
        wanted = _normal(name)
        for game in self.games.values():
            if wanted in {_normal(n) for n in game.names()}:
                return game
        for out in self.left_out:
            if wanted in {_normal(n) for n in (out.game, *out.names)}:
                raise DataErrors(out.errors)
        index = {_normal(n): g.id for g in self.games.values() for n in g.names()}
        close = [k for k in index if wanted and wanted in k] + get_close_matches(wanted, list(index), n=3, cutoff=0.7)
        raise UnknownGameError(name, list(dict.fromkeys(index[c] for c in close))[:3])


T = TypeVar("T")


def _memo(cache: dict[str, T], game: Game, load: Callable[[_Loader, Game], T]) -> T:
    """Load something of a game once; a failed load raises and is not cached (a catalog built by
    :func:`load_catalog` has everything loaded already)."""
    if game.id not in cache:
        loader = _Loader()
        loaded = load(loader, game)
        if loader.errors:
            raise DataErrors(loader.errors)
        cache[game.id] = loaded
    return cache[game.id]


def _normal(name: str) -> str:
    """A game's name as it is looked up (:func:`amalogs.names.normalise`: width, kana, case and punctuation
    ignored, so ``ぎるどひーろーず`` and ``ﾋﾞﾙﾃﾞｨﾊﾞｲﾄﾞ`` find their games)."""
    from amalogs.names import normalise

    return normalise(name)


def _slug(text: str) -> str:
    """Text as an id (lower-case ASCII letters, digits and hyphens), or '' when nothing of it is ASCII."""
    folded = unicodedata.normalize("NFKC", text).lower()
    return re.sub(r"[^a-z0-9]+", "-", folded).strip("-")[:32].strip("-")


def shipped_root() -> Path:
    """The data shipped with amalogs: inside the wheel, or at the top of a source checkout."""
    package = Path(__file__).resolve().parent
    for root in (package / "_data", package.parent):
        if (root / "games").is_dir() and (root / "mappings").is_dir():
            return root
    raise AmalogsError(f"the shipped data is missing (looked in {package / '_data'}); reinstall amalogs")


def data_roots(extra: Iterable[Path | str] = ()) -> tuple[Path, ...]:
    """The shipped root, then the roots named in ``AMALOGS_DATA_ROOT``, then ``extra``."""
    env = [Path(p) for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p]
    roots = [shipped_root(), *env, *(Path(p) for p in extra)]
    return tuple(dict.fromkeys(r.resolve() for r in roots))


# --- reading one file -----------------------------------------------------------------------------

def _read_bytes(path: Path) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_FILE_BYTES` (:func:`amalogs.inputs.read_regular`: anything
    else is looked at with ``stat`` and never opened; opening a named pipe would wait for a writer for ever)."""
    from amalogs.inputs import read_regular

    return read_regular(path, "data file", MAX_FILE_BYTES, lambda problem: DataError(path, "", problem))


def _decode(path: Path, raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        hint = ""
        if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            hint = " (it starts with a UTF-16 byte-order mark: it is UTF-16 text)"
        raise DataError(
            path, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); save it as UTF-8{hint}"
        ) from None
    return text.removeprefix("\ufeff")  # a UTF-8 byte-order mark, as some editors write one


class _Odd:
    """A JSON value the reader keeps aside to refuse with its key: a NaN or infinity constant, or a number
    with too many digits."""

    def __init__(self, text: str, what: str) -> None:
        self.text = text
        self.what = what


class _Duplicated(dict[str, Any]):
    """A JSON object that gave a key twice (JSON takes the last silently; amalogs refuses it)."""

    duplicate: str = ""


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            twice = _Duplicated(pairs)
            twice.duplicate = key
            return twice
        out[key] = value
    return out


def _json_int(text: str) -> int | _Odd:
    return int(text) if len(text) <= 20 else _Odd(text, "too large")


def _json_constant(text: str) -> _Odd:
    return _Odd(text, "not a number")


def _parse_json(path: Path, text: str) -> dict[str, Any]:
    try:
        data = json.loads(text, object_pairs_hook=_json_object, parse_int=_json_int, parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        raise DataError(path, "", f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise DataError(path, "", f"nested too deeply (at most {MAX_DEPTH} levels of objects and lists)") from None
    except ValueError as exc:
        raise DataError(path, "", f"invalid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise DataError(path, "", f"expected a JSON object at the top, got {_json_kind(data)}")
    return data


def _json_kind(data: object) -> str:
    if isinstance(data, _Odd):
        return "a number" if data.what == "too large" else data.text
    return {list: "list", str: "str", int: "int", float: "float", bool: "bool", type(None): "null"}.get(
        type(data), type(data).__name__)


_DOTTED = re.compile(
    r"(?<![A-Za-z0-9_\-\"'.])"  # starts only where a key starts: not inside a key part, not after a dot
    r"(?:(?:[A-Za-z0-9_-]++|\"(?:[^\"\\\n]|\\.)*+\"|'[^'\n]*+')[ \t]*+\.[ \t]*+)" + "{%d}" % MAX_DEPTH
    + r"(?:[A-Za-z0-9_-]|\"|')"
)
"""A dotted key of more than MAX_DEPTH parts (tomllib takes time that grows with the square of the parts:
100,000 of them would not finish). Possessive and anchored at key starts, so the search itself stays linear."""


def _parse_toml(path: Path, text: str) -> dict[str, Any]:
    if text.count(".") >= MAX_DEPTH and _DOTTED.search(text):
        raise DataError(path, "", f"a dotted key of more than {MAX_DEPTH} parts: nested too deeply")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, "", f"invalid TOML: {exc}") from None
    except RecursionError:
        raise DataError(path, "", f"nested too deeply (at most {MAX_DEPTH} levels of tables and lists)") from None
    except ValueError as exc:  # an integer of thousands of digits: Python refuses to read it
        what = "a number with too many digits" if "digits" in str(exc) else str(exc)
        raise DataError(path, "", f"invalid TOML: {what}") from None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _data_path(loc: Sequence[str | int]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[\w-]{1,40}", part):
            out += f".{part}" if out else part
        else:
            out += f"[{cut(part)}]"
    return out


def _odd_value(data: Any) -> Problem | None:
    """The first value no data file may hold, with its key: nesting deeper than :data:`MAX_DEPTH`, a number
    beyond :data:`MAX_INT`, NaN or an infinity, a key given twice, text that is not valid Unicode."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        node, loc = stack.pop()
        if len(loc) > MAX_DEPTH:
            return _data_path(loc[:6]) + "…", f"nested more than {MAX_DEPTH} levels deep"
        if isinstance(node, dict):
            if isinstance(node, _Duplicated):
                return _data_path(loc), f"the key {cut(node.duplicate)} is given twice"
            for key, value in node.items():
                if _SURROGATE.search(key):
                    return _data_path(loc), f"a key that is not valid Unicode text: {cut(key)}"
                stack.append((value, (*loc, key)))
        elif isinstance(node, list):
            stack.extend((value, (*loc, i)) for i, value in enumerate(node))
        elif isinstance(node, _Odd):
            if node.what == "too large":
                return _data_path(loc), f"{cut(node.text)} is too large (numbers go up to 2**53)"
            return _data_path(loc), f"{node.text} is not a number a data file may hold"
        elif isinstance(node, bool):
            continue
        elif isinstance(node, int):
            if abs(node) > MAX_INT:
                return _data_path(loc), f"{cut(node)} is too large (numbers go up to 2**53)"
        elif isinstance(node, float):
            if not math.isfinite(node):
                return _data_path(loc), f"{node} is not a number a data file may hold"
            if abs(node) > MAX_INT:
                return _data_path(loc), f"{node} is too large (numbers go up to 2**53)"
        elif isinstance(node, str) and _SURROGATE.search(node):
            return _data_path(loc), f"text that is not valid Unicode (a lone surrogate): {cut(node)}"
    return None


def read_data(path: Path) -> dict[str, Any]:
    """Read one TOML or JSON data file into plain data; raise :class:`DataError` on any problem."""
    with reading(path):
        return _data_of(path, _read_bytes(path))


def _data_of(path: Path, raw: bytes) -> dict[str, Any]:
    text = _decode(path, raw)
    data = _parse_json(path, text) if path.suffix == ".json" else _parse_toml(path, text)
    odd = _odd_value(data)
    if odd is not None:
        raise DataError(path, *odd)
    return data


# --- loading, problem by problem ------------------------------------------------------------------

Owner = tuple[int, str]
"""Whose a problem is: (the index of its data root, the id of its game, or the name of a file no id was read from)."""


class _Loader:
    """Collects every problem instead of stopping at the first, each blamed on the game it is about."""

    def __init__(self) -> None:
        self.errors: list[DataError] = []
        self.fatal: list[DataError] = []
        self.blamed: dict[Owner, list[DataError]] = {}
        self.owner: Owner | None = None
        self.files = 0

    def add(self, error: DataError) -> None:
        self.errors.append(error)
        if self.owner is None:
            self.fatal.append(error)
        else:
            self.blamed.setdefault(self.owner, []).append(error)

    @contextmanager
    def about(self, owner: Owner | None) -> Iterator[None]:
        before, self.owner = self.owner, owner
        try:
            yield
        finally:
            self.owner = before

    def model(self, cls: type[M], path: Path, prepare: Callable[[dict[str, Any]], None] | None = None) -> M | None:
        """The file's model, or None with its problems added. ``prepare`` may rewrite the raw data before it is
        validated (a deck file's card names become card ids); such a model is not cached."""
        self.files += 1
        with reading(path):
            try:
                raw = _read_bytes(path)
                cache_key = (cls, path.suffix, hashlib.sha256(raw).digest())
                if cache_key in _MODELS and prepare is None:
                    return _MODELS[cache_key]  # type: ignore[return-value]
                data = _data_of(path, raw)
                if prepare is not None:
                    prepare(data)
            except DataError as exc:
                self.add(exc)
                return None
            try:
                model = cls.model_validate(data)
                if prepare is None:
                    if len(_MODELS) >= _MODELS_KEPT:
                        _MODELS.pop(next(iter(_MODELS)))
                    _MODELS[cache_key] = model
                return model
            except ValidationError as exc:
                found = exc.errors(include_url=False)
                for err in found[:MAX_ERRORS_PER_FILE]:
                    key, message = describe(err, cls)
                    self.add(DataError(path, key, message))
                if len(found) > MAX_ERRORS_PER_FILE:
                    self.add(DataError(path, "", f"… and {len(found) - MAX_ERRORS_PER_FILE} more problems"))
                return None

    def problems(self, path: Path, problems: Iterable[Problem]) -> bool:
        with reading(path):
            found = [DataError(path, key, message) for key, message in problems]
        for error in found[:MAX_ERRORS_PER_FILE]:
            self.add(error)
        if len(found) > MAX_ERRORS_PER_FILE:
            self.add(DataError(path, "", f"… and {len(found) - MAX_ERRORS_PER_FILE} more problems"))
        return not found


_MODELS: dict[tuple[object, ...], BaseModel] = {}
"""Valid files already read, by model and content (a SHA-256 of the bytes): the models are frozen, so reading
the same bytes again (the shipped data under another set of data roots) shares them instead of parsing again."""
_MODELS_KEPT = 1024


def _ontology_file() -> Path:
    return Path(__file__).resolve().parent / "ontology" / "ontology.toml"


def _exists(path: Path) -> bool:
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def _one(loader: _Loader, folder: Path, stem: str) -> Path | None:
    """The data file ``folder/stem.toml`` or ``folder/stem.json``; both at once is an error, not a choice."""
    found = [folder / f"{stem}{suffix}" for suffix in SUFFIXES if _exists(folder / f"{stem}{suffix}")]
    if len(found) > 1:
        loader.add(DataError(found[1], "", f"{found[0].name} is here too: keep one of the two "
                                            "(amalogs does not choose between them)"))
        return None
    return found[0] if found else None


def _listing(loader: _Loader, folder: Path) -> list[Path]:
    """A folder's data files (.toml, .json; hidden ones left aside), sorted; a folder that cannot be listed is
    an error."""
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        loader.add(DataError(folder, "", f"cannot list the folder: {exc.strerror or exc}"))
        return []
    return [p for p in entries if p.suffix in SUFFIXES and not p.name.startswith(".")]


def _by_stem(loader: _Loader, files: Iterable[Path]) -> list[Path]:
    """One file per name: a ``.toml`` and a ``.json`` of the same name is an error (named on the ``.json``, as
    :func:`_one` does), and neither is loaded."""
    groups: dict[str, list[Path]] = {}
    for path in files:
        groups.setdefault(path.stem, []).append(path)
    chosen = []
    for paths in groups.values():
        if len(paths) == 1:
            chosen.append(paths[0])
            continue
        paths.sort(key=lambda p: SUFFIXES.index(p.suffix))
        loader.add(DataError(paths[1], "", f"{paths[0].name} is here too: keep one of the two "
                                           "(amalogs does not choose between them)"))
    return chosen


def _load_cards(loader: _Loader, game: Game) -> dict[str, Card] | None:
    """A game's cards, checked against its profile; None when its card file has problems."""
    with reading(game.profile_file.parent / "cards"):
        before = len(loader.errors)
        path = _one(loader, game.profile_file.parent, "cards")
        if path is None:
            return {} if len(loader.errors) == before else None
        card_set = loader.model(CardSet, path)
        if card_set is None or not loader.problems(path, check_cards(card_set, game.profile)):
            return None
        return {c.id: c for c in card_set.cards}


_BAD_DECK_ID = re.compile(r"[:\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _load_decks(loader: _Loader, game: Game, cards: dict[str, Card]) -> dict[str, tuple[Deck, Path]]:
    """A game's sample decks, each checked as ``amalogs validate`` checks it (its cards exist, it keeps the
    construction rules); the ones with problems are reported and left out."""
    folder = game.profile_file.parent / "decks"
    if not _exists(folder):
        return {}
    if not folder.is_dir():
        loader.add(DataError(folder, "", "expected a folder of deck files"))
        return {}
    decks: dict[str, tuple[Deck, Path]] = {}
    for path in _by_stem(loader, _listing(loader, folder)):
        if _BAD_DECK_ID.search(path.stem):
            loader.add(DataError(path, "", f"{cut(path.stem)} cannot be a deck id (commands name a deck GAME:DECK "
                                           "by its file name): leave colons, control characters and bytes that are not UTF-8 out"))
            continue
        deck = loader.model(Deck, path)
        if deck is None:
            continue
        if deck.game != game.id:
            loader.add(DataError(path, "game", f"a deck of {deck.game!r} in the folder of {game.id!r}"))
        elif loader.problems(path, deck_problems(deck, game.profile, cards)):
            decks[path.stem] = (deck, path)
    return decks


def is_data_root(path: Path) -> bool:
    try:
        return path.is_dir() and ((path / "games").is_dir() or (path / "mappings").is_dir())
    except OSError:  # a name the system refuses (too long …): no data folder
        return False


def _profile_problems(profile: GameProfile, path: Path) -> Iterator[Problem]:
    if path.stem == "game" and profile.id != path.parent.name:
        yield "id", f"{profile.id!r} does not match its folder name {cut(path.parent.name)}"
    yield from check_profile(profile)


@dataclass
class _Found:
    """What the files of every root hold, as they are read: profiles and pages by game id, with their owners."""

    profiles: dict[str, tuple[GameProfile, Path, Owner]] = field(default_factory=dict)
    pages: dict[str, tuple[MappingPage, Path, Owner]] = field(default_factory=dict)
    names: dict[Owner, list[str]] = field(default_factory=dict)
    failed_profiles: set[str] = field(default_factory=set)
    """Games (folder names and ids) whose profile has problems: a page for one is not reported as well."""
    unread_pages: set[str] = field(default_factory=set)
    """Page files (by name) that could not be read: their game is not reported as having no page."""


@dataclass
class _Collected:
    catalog: Catalog | None
    errors: list[DataError]
    fatal: list[DataError]


def _read_profile(loader: _Loader, folder: Path, r: int, found: _Found) -> None:
    owner = (r, folder.name)
    with loader.about(owner):
        before = len(loader.errors)
        path = _one(loader, folder, "game")
        if path is None:
            if len(loader.errors) > before:  # a game.toml and a game.json: reported
                pass
            elif any(_exists(folder / f"cards{s}") for s in SUFFIXES) or _exists(folder / "decks"):
                loader.add(DataError(folder, "", f"a game folder with no profile: add {folder.name}/game.toml"))
            found.failed_profiles.add(folder.name)
            return
        profile = loader.model(GameProfile, path)
        if profile is None:
            found.failed_profiles.add(folder.name)
            return
        found.names.setdefault(owner, []).extend([profile.id, profile.name, profile.en, *profile.aliases])
        if not loader.problems(path, _profile_problems(profile, path)):
            found.failed_profiles.update({folder.name, profile.id})
            return
        if profile.id in found.profiles:
            loader.add(DataError(path, "id", f"game {profile.id!r} is already defined in {found.profiles[profile.id][1]}"))
            return
        found.profiles[profile.id] = (profile, path, owner)


def _read_page(loader: _Loader, path: Path, r: int, found: _Found) -> None:
    with loader.about((r, path.stem)):
        page = loader.model(MappingPage, path)
    if page is None:
        found.unread_pages.add(path.stem)
        return
    owner = (r, page.game)
    found.names.setdefault(owner, []).append(page.abbreviation)
    with loader.about(owner):
        if page.game in found.pages:
            loader.add(DataError(path, "game", f"game {page.game!r} already has a page: {found.pages[page.game][1]}"))
        else:
            found.pages[page.game] = (page, path, owner)


def _collect(roots: Sequence[Path], loader: _Loader | None = None) -> tuple[Catalog | None, list[DataError]]:
    """Read every root strictly: the catalog, or None and every problem."""
    collected = _gather(roots, loader or _Loader())
    return (collected.catalog if not collected.errors else None), collected.errors


def _gather(roots: Sequence[Path], loader: _Loader, everything: bool = False) -> _Collected:
    """Read every root; each problem is blamed on its game (or is fatal: the ontology, a root that is not one).

    The cards and sample decks of every game a user root holds are read and checked now, so a game with a bad
    one is left out before any command uses it. The shipped games' (checked by the test suite before every
    release) are read on first use, with the same checks, unless ``everything`` (``amalogs validate``)."""
    onto_file = _ontology_file()
    ontology = loader.model(Ontology, onto_file)
    if ontology is not None:
        loader.problems(onto_file, check_ontology(ontology))
    found = _Found()
    for r, root in enumerate(roots):
        if not is_data_root(root):
            loader.add(DataError(root, "", "not a data folder: expected games/ or mappings/ inside it"))
            continue
        if (root / "games").is_dir():
            for folder in _game_folders(loader, root / "games"):
                _read_profile(loader, folder, r, found)
        if (root / "mappings").is_dir():
            for path in _by_stem(loader, _listing(loader, root / "mappings")):
                _read_page(loader, path, r, found)
    joined = _join(loader, found)
    cards: dict[str, dict[str, Card]] = {}
    decks: dict[str, dict[str, tuple[Deck, Path]]] = {}
    shipped = shipped_root().resolve()
    for game_id, (game, profile_owner, _) in joined.items():
        if not everything and roots[profile_owner[0]] == shipped:
            continue
        with loader.about(profile_owner):
            game_cards = _load_cards(loader, game)
            if game_cards is not None:
                cards[game_id] = game_cards
                decks[game_id] = _load_decks(loader, game, game_cards)
    if ontology is None or loader.fatal:
        return _Collected(None, loader.errors, loader.fatal)
    games = {gid: g for gid, (g, po, pa) in joined.items() if po not in loader.blamed and pa not in loader.blamed}
    left_out = tuple(
        LeftOut(owner[1], roots[owner[0]], tuple(errors), tuple(dict.fromkeys(found.names.get(owner, ()))))
        for owner, errors in loader.blamed.items()
    )
    catalog = Catalog(ontology, games, tuple(roots), left_out,
                      {g: cards[g] for g in games if g in cards}, {g: decks[g] for g in games if g in decks})
    return _Collected(catalog, loader.errors, loader.fatal)


def _game_folders(loader: _Loader, games: Path) -> list[Path]:
    try:
        entries = sorted(games.iterdir())
    except OSError as exc:
        loader.add(DataError(games, "", f"cannot list the folder: {exc.strerror or exc}"))
        return []
    return [d for d in entries if not d.name.startswith(".") and d.is_dir()]


def _join(loader: _Loader, found: _Found) -> dict[str, tuple[Game, Owner, Owner]]:
    """Each page with its profile: the games that may load (if their cards and decks are valid too)."""
    games: dict[str, tuple[Game, Owner, Owner]] = {}
    for game_id, (page, page_file, page_owner) in found.pages.items():
        with loader.about(page_owner):
            if game_id not in found.profiles:
                if game_id not in found.failed_profiles:  # a profile that could not be read is reported already
                    known_ids = known(found.profiles, limit=20)
                    loader.add(DataError(page_file, "game", f"no game profile with id {game_id!r} (known: {known_ids})"))
                continue
            profile, profile_file, profile_owner = found.profiles[game_id]
            if loader.problems(page_file, check_page(page, profile)):
                games[game_id] = (Game(profile, page, profile_file, page_file), profile_owner, page_owner)
    _name_clashes(loader, games)
    for game_id, (_, profile_file, owner) in found.profiles.items():
        if game_id not in found.pages and game_id not in found.unread_pages:
            with loader.about(owner):
                loader.add(DataError(profile_file, "", f"game {game_id!r} has no AMALOGS page: add mappings/{game_id}.toml"))
    return games


def _name_clashes(loader: _Loader, games: dict[str, tuple[Game, Owner, Owner]]) -> None:
    """An id or 略称 two games share (compared as commands compare names: case and width aside) is an error on the
    later one (a user root's, after the shipped data), naming both files: a game may not shadow
    another silently."""
    taken: dict[str, tuple[Game, str]] = {}
    for game_id, (game, profile_owner, page_owner) in sorted(games.items(), key=lambda kv: (kv[1][1][0], kv[0])):
        p = game.profile
        named = [("id", p.id, game.profile_file, profile_owner), ("abbreviation", game.page.abbreviation,
                                                                   game.page_file, page_owner)]
        for key, name, path, owner in named:
            other = taken.get(_normal(name))
            if other is not None and other[0].id != game_id:
                first, what = other
                with loader.about(owner):
                    loader.add(DataError(path, key, f"{cut(name)} is already the {what} of {first.profile.name} "
                                         f"({first.profile_file if what != '略称' else first.page_file}): a game may "
                                         f"not shadow another; give this one a {what} of its own (to play your own "
                                         f"version of {first.profile.name}, give it its own id and 略称)"))
                break
        else:
            for key, name, _, _ in named:
                taken.setdefault(_normal(name), (game, "略称" if key == "abbreviation" else "id"))


@cache
def _cached(roots: tuple[Path, ...], lenient: bool) -> Catalog:
    collected = _gather(roots, _Loader())
    if collected.catalog is None:
        raise DataErrors(collected.fatal or collected.errors)
    if collected.errors and not lenient:
        raise DataErrors(collected.errors)
    return collected.catalog


def load_catalog(extra_roots: Iterable[Path | str] = (), *, lenient: bool = False) -> Catalog:
    """Load and validate the shipped data and any user roots.

    Strict (the default): raise :class:`DataErrors` if anything is wrong. Lenient: leave each game with
    problems out (listed in :attr:`Catalog.left_out`, with every problem) and keep the others; only
    problems that are no game's (the ontology, a root that is not a data folder) still raise."""
    return _cached(data_roots(extra_roots), lenient)


def load_deck_file(catalog: Catalog, path: Path, *, construction: bool = True) -> tuple[Game, Deck]:
    """A deck file of one's own, checked as ``amalogs validate`` checks it; raise :class:`DataErrors` with the
    lines validate prints. ``construction=False`` leaves the construction rules to the caller (``amalogs
    deck check`` explains each broken one); the deck's own cards are still checked."""
    loader = _Loader()
    deck = loader.model(Deck, path, lambda data: _card_names_to_ids(data, catalog, path))
    if deck is None:
        raise DataErrors(loader.errors)
    if deck.game not in catalog.games:
        try:
            game = catalog.game(deck.game)
        except UnknownGameError:
            raise DataErrors([_no_profile(path, deck.game, catalog)]) from None
    else:
        game = catalog.games[deck.game]
    problems = deck_problems(deck, game.profile, catalog.cards(game.id))
    loader.problems(path, (p for p in problems if construction or p[0] != ""))
    if loader.errors:
        raise DataErrors(loader.errors)
    return game, deck


def _card_names_to_ids(data: dict[str, Any], catalog: Catalog, path: Path) -> None:
    """A deck file of one's own may name its game by 略称 or name, and its cards as they are printed
    (``"熾火の従騎士" = 4``, width and kana ignored) as well as by id: each name that is no card id but names exactly one card of the deck's game (or of
    the deck's own cards) becomes that card's id. A name that is not an id and names no card is a
    :class:`DataError` with the closest names; anything else is left for validation to report."""
    from difflib import get_close_matches

    from amalogs.names import normalise as fold

    name = data.get("game")
    if not isinstance(name, str):
        return
    try:
        game = catalog.game(name)
    except AmalogsError:
        return
    data["game"] = game.id  # (the game, too, as users name it: 略称 or name)
    own = [c for c in data.get("cards", ()) if isinstance(c, dict)] if isinstance(data.get("cards"), list) else []
    ids = set(catalog.cards(game.id)) | {c["id"] for c in own if isinstance(c.get("id"), str)}
    by_name: dict[str, set[str]] = {}
    for printed in catalog.cards(game.id).values():
        by_name.setdefault(fold(printed.name), set()).add(printed.id)
    for defined in own:
        if isinstance(defined.get("name"), str) and isinstance(defined.get("id"), str):
            by_name.setdefault(fold(defined["name"]), set()).add(defined["id"])

    names = {fold(c.name): c.name for c in catalog.cards(game.id).values()}

    def resolve(counts: Any, where: str) -> Any:
        if not isinstance(counts, dict):
            return counts
        out: dict[str, Any] = {}
        for key, count in counts.items():
            found = by_name.get(fold(key), set()) if key not in ids else set()
            if key not in ids and not found and not key.isascii():
                close = get_close_matches(fold(key), list(names), n=3, cutoff=0.4)
                hint = f"; did you mean {', '.join(repr(names[c]) for c in close)}?" if close else ""
                shown = key if len(key) <= 40 else key[:40] + "…"
                raise DataError(path, f"{where}.{shown}", f"{game.page.abbreviation} has no card named {shown!r}{hint}")
            new = next(iter(found)) if len(found) == 1 else key
            out[new] = out[new] + count if new in out and isinstance(out[new], int) and isinstance(count, int) \
                else count
        return out

    data["main"] = resolve(data.get("main"), "main")
    for part in ("side", "extra"):
        if isinstance(data.get(part), dict):
            data[part] = {k: resolve(v, f"{part}.{k}") for k, v in data[part].items()}
    if data.get("main") is None:
        data.pop("main")


def _no_profile(path: Path, game_id: str, base: Catalog | None) -> DataError:
    ids = known(base.games, limit=20) if base else "none"
    return DataError(path, "game", f"no game profile with id {game_id!r} (known: {ids})")


# --- validating what a user points at ---------------------------------------------------------


def validate_paths(paths: Sequence[Path], extra_roots: Iterable[Path | str] = ()) -> tuple[int, list[DataError]]:
    """Validate data roots, game folders or single files; return (files checked, errors).

    With no paths, the shipped data and the configured roots are validated. A game folder
    (``games/<id>``) is checked whole: its profile, its page (``../../mappings/<id>.toml``), its cards and
    decks. A single page file is checked against the profile of the game it names; a single profile file on
    its own; a card or deck file against its game.
    """
    roots = list(data_roots(extra_roots))
    files: list[Path] = []
    folders: list[Path] = []
    missing: list[DataError] = []
    for path in paths:
        if not _exists(path):
            missing.append(DataError(path, "", "no such file or folder"))
        elif is_data_root(path):
            roots.append(path.resolve())
        elif path.is_dir() and path.suffix not in SUFFIXES:  # a folder named like a data file is refused as one
            _walk(path, folders, files)
        else:
            files.append(path)
    loader = _Loader()
    collected = _gather(list(dict.fromkeys(roots)), loader, everything=True)
    errors = list(collected.errors)
    base = collected.catalog
    for folder in folders:
        errors.extend(_validate_game_folder(folder, base, loader))
    for file in files:
        errors.extend(_validate_file(file, base, loader))
    return loader.files, _unique(missing + errors)


def _unique(errors: list[DataError]) -> list[DataError]:
    """Each problem once (a game folder inside a root that is validated too would report its problems twice)."""
    seen: set[str] = set()
    out = []
    for error in errors:
        if str(error) not in seen:
            seen.add(str(error))
            out.append(error)
    return out


def _is_game_folder(path: Path) -> bool:
    return any(_exists(path / f"game{s}") for s in SUFFIXES)


def _walk(folder: Path, folders: list[Path], files: list[Path]) -> None:
    """The game folders and the other data files under a folder (symbolic links to folders not followed)."""
    if _is_game_folder(folder):
        folders.append(folder)
        return
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        files.append(folder)  # reading it says why it cannot be read
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_dir() and not entry.is_symlink():
            _walk(entry, folders, files)
        elif entry.suffix in SUFFIXES:
            files.append(entry)


def _validate_game_folder(folder: Path, base: Catalog | None, counter: _Loader) -> list[DataError]:
    """A game folder as the loader reads it: profile, page, cards, sample decks; other data files one by one."""
    loader = _Loader()
    handled: set[Path] = set()
    path = _one(loader, folder, "game")
    handled.update(folder / f"game{s}" for s in SUFFIXES)
    profile = loader.model(GameProfile, path) if path is not None else None
    game: Game | None = None
    if path is not None and profile is not None and loader.problems(path, _profile_problems(profile, path)):
        game = _page_of(loader, folder, profile, path)
    handled.update(folder / f"cards{s}" for s in SUFFIXES)
    handled.add(folder / "decks")
    if game is not None:
        cards = _load_cards(loader, game)
        if cards is not None:
            _load_decks(loader, game, cards)
    counter.files += loader.files
    errors = list(loader.errors)
    others: list[Path] = []
    for entry in _listing_all(folder):
        if entry in handled:
            continue
        if entry.is_dir() and not entry.is_symlink():
            _walk(entry, [], others)
        elif entry.suffix in SUFFIXES:
            others.append(entry)
    for other in others:
        errors.extend(_validate_file(other, base, counter))
    return errors


def _listing_all(folder: Path) -> list[Path]:
    try:
        return [p for p in sorted(folder.iterdir()) if not p.name.startswith(".")]
    except OSError:
        return []


def _page_of(loader: _Loader, folder: Path, profile: GameProfile, profile_file: Path) -> Game | None:
    """The page of a game folder's profile (``../../mappings/<id>``), checked against it."""
    mappings = folder.parent.parent / "mappings"
    before = len(loader.errors)
    page_file = _one(loader, mappings, profile.id) if folder.parent.name == "games" and mappings.is_dir() else None
    if page_file is None:
        if len(loader.errors) == before:  # no page at all (two pages at once are reported already)
            loader.add(DataError(profile_file, "", f"game {profile.id!r} has no AMALOGS page: add mappings/{profile.id}.toml"))
        return None
    page = loader.model(MappingPage, page_file)
    if page is None:
        return None
    if page.game != profile.id:
        loader.add(DataError(page_file, "game", f"the page maps {page.game!r}, but it is named for {profile.id!r}"))
        return None
    if not loader.problems(page_file, check_page(page, profile)):
        return None
    return Game(profile, page, profile_file, page_file)


def _validate_file(path: Path, base: Catalog | None, counter: _Loader) -> list[DataError]:
    loader = _Loader()
    counter.files += 1
    kind = _kind_of(path)
    if kind == "profile":
        profile = loader.model(GameProfile, path)
        if profile is not None:
            loader.problems(path, _profile_problems(profile, path))
    elif kind == "page":
        page = loader.model(MappingPage, path)
        if page is not None:
            if base is None or page.game not in base.games:
                loader.add(_no_profile(path, page.game, base))
            else:
                loader.problems(path, check_page(page, base.games[page.game].profile))
    elif kind in ("cards", "deck"):
        _validate_card_file(path, kind, base, loader)
    elif kind == "ontology":
        onto = loader.model(Ontology, path)
        if onto is not None:
            loader.problems(path, check_ontology(onto))
    else:
        loader.add(
            DataError(path, "", "cannot tell what kind of data file this is: expected games/<id>/game.toml, "
                      "mappings/<id>.toml or a file with a top-level 'game' key")
        )
    return loader.errors


def _validate_card_file(path: Path, kind: str, base: Catalog | None, loader: _Loader) -> None:
    model: CardSet | Deck | None = loader.model(CardSet, path) if kind == "cards" else loader.model(Deck, path)
    if model is None:
        return
    game = base.games.get(model.game) if base else None
    if base is None or game is None:
        loader.add(_no_profile(path, model.game, base))
    elif isinstance(model, CardSet):
        loader.problems(path, check_cards(model, game.profile))
    else:
        loader.problems(path, deck_problems(model, game.profile, base.cards(game.id)))


def _kind_of(path: Path) -> str:
    if path.stem == "game":
        return "profile"
    if path.stem == "cards":
        return "cards"
    if path.parent.name == "decks":
        return "deck"
    if path.parent.name == "mappings":
        return "page"
    if path.stem == "ontology":
        return "ontology"
    try:
        data = read_data(path)
    except DataError:
        return "page" if path.suffix in SUFFIXES else "unknown"
    if "game" in data and "abbreviation" in data:
        return "page"
    if "game" in data and "main" in data:  # before cards: a converted deck defines cards of its own
        return "deck"
    if "game" in data and "cards" in data:
        return "cards"
    if "overview" in data or "deck" in data:
        return "profile"
    return "unknown"
