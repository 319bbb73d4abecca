"""The one loader: finds the data, validates every file once, resolves references, caches the result.

Data lives in *data roots*: folders holding ``games/<id>/game.toml`` (rule profiles) and
``mappings/<id>.toml`` (AMALOGS pages); JSON files (``game.json``, ``mappings/<id>.json``) work too.
The shipped root comes first; a user's own roots (``--data-root`` or ``AMALOGS_DATA_ROOT``, several
joined with ``os.pathsep``) are loaded exactly the same way after it. Loading only parses TOML and
JSON: nothing in a data file is ever executed.
"""

from __future__ import annotations

import json
import os
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from amalogs.checks import Problem, check_ontology, check_page, check_profile
from amalogs.errors import AmalogsError, DataError, UnknownCardError, UnknownGameError
from amalogs.cardcheck import check_cards, check_deck
from amalogs.models.cards import Card, CardSet, Deck
from amalogs.models.game import GameProfile
from amalogs.models.mapping import MappingPage
from amalogs.models.ontology import Ontology
from amalogs.validation_messages import describe

__all__ = [
    "Catalog",
    "DataErrors",
    "Game",
    "ENV_VAR",
    "data_roots",
    "load_catalog",
    "read_data",
    "shipped_root",
    "validate_paths",
    "is_data_root",
]

ENV_VAR = "AMALOGS_DATA_ROOT"
SUFFIXES = (".toml", ".json")
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

    def names(self) -> list[str]:
        """Every name the game answers to: id, 略称, Japanese and English names, aliases."""
        p = self.profile
        return [p.id, self.page.abbreviation, p.name, p.en, *p.aliases]


@dataclass(frozen=True)
class Catalog:
    """Everything loaded: the ontology and the games, in load order. Cards and decks load on first use."""

    ontology: Ontology
    games: dict[str, Game] = field(default_factory=dict)
    roots: tuple[Path, ...] = ()
    _cards: dict[str, dict[str, Card]] = field(default_factory=dict, repr=False, compare=False)
    _decks: dict[str, dict[str, tuple[Deck, Path]]] = field(default_factory=dict, repr=False, compare=False)

    def cards(self, game_id: str) -> dict[str, Card]:
        """A game's cards by id (empty when it ships none); raise :class:`DataErrors` if its card file is invalid."""
        return _memo(self._cards, self.games[game_id], _load_cards)

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
        """A game's sample decks by id (the file name), with their files."""
        return _memo(self._decks, self.games[game_id], _load_decks)

    def game(self, name: str) -> Game:
        """Find a game by id, 略称, Japanese or English name or alias (case and width insensitive)."""
        wanted = _normal(name)
        for game in self.games.values():
            if wanted in {_normal(n) for n in game.names()}:
                return game
        index = {_normal(n): g.id for g in self.games.values() for n in g.names()}
        close = [k for k in index if wanted and wanted in k] + get_close_matches(wanted, list(index), n=3, cutoff=0.7)
        raise UnknownGameError(name, list(dict.fromkeys(index[c] for c in close))[:3])


T = TypeVar("T")


def _memo(cache: dict[str, T], game: Game, load: Callable[[_Loader, Game], T]) -> T:
    """Load something of a game once; a failed load raises and is not cached."""
    if game.id not in cache:
        loader = _Loader()
        loaded = load(loader, game)
        if loader.errors:
            raise DataErrors(loader.errors)
        cache[game.id] = loaded
    return cache[game.id]


def _normal(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in folded if ch not in " -_・･")


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


def read_data(path: Path) -> dict[str, Any]:
    """Read one TOML or JSON data file into plain data; raise :class:`DataError` on any problem."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(path, "", f"cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(
            path, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); save it as UTF-8"
        ) from None
    text = text.removeprefix("\ufeff")
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataError(path, "", f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
        if not isinstance(data, dict):
            raise DataError(path, "", f"expected a JSON object at the top, got {type(data).__name__}")
        return data
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, "", f"invalid TOML: {exc}") from None


class _Loader:
    """Collects every problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.errors: list[DataError] = []
        self.files = 0

    def model(self, cls: type[M], path: Path) -> M | None:
        self.files += 1
        try:
            data = read_data(path)
        except DataError as exc:
            self.errors.append(exc)
            return None
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            for err in exc.errors(include_url=False):
                key, message = describe(err, cls)
                self.errors.append(DataError(path, key, message))
            return None

    def problems(self, path: Path, problems: Iterable[Problem]) -> bool:
        found = [DataError(path, key, message) for key, message in problems]
        self.errors.extend(found)
        return not found


def _ontology_file() -> Path:
    return Path(__file__).resolve().parent / "ontology" / "ontology.toml"


def _first(folder: Path, stem: str) -> Path | None:
    return next((folder / f"{stem}{suffix}" for suffix in SUFFIXES if (folder / f"{stem}{suffix}").is_file()), None)


def _load_cards(loader: _Loader, game: Game) -> dict[str, Card]:
    path = _first(game.profile_file.parent, "cards")
    if path is None:
        return {}
    card_set = loader.model(CardSet, path)
    if card_set is None or not loader.problems(path, check_cards(card_set, game.profile)):
        return {}
    return {c.id: c for c in card_set.cards}


def _load_decks(loader: _Loader, game: Game) -> dict[str, tuple[Deck, Path]]:
    folder = game.profile_file.parent / "decks"
    decks: dict[str, tuple[Deck, Path]] = {}
    for path in sorted(folder.glob("*")) if folder.is_dir() else []:
        if path.suffix in SUFFIXES and (deck := loader.model(Deck, path)) is not None:
            if deck.game != game.id:
                loader.errors.append(DataError(path, "game", f"a deck of {deck.game!r} in the folder of {game.id!r}"))
            else:
                decks[path.stem] = (deck, path)
    return decks


def _data_files(root: Path) -> tuple[list[Path], list[Path]]:
    profiles = sorted(
        f for d in sorted((root / "games").glob("*")) if d.is_dir() for f in d.glob("game.*") if f.suffix in SUFFIXES
    )
    pages = sorted(f for f in (root / "mappings").glob("*") if f.is_file() and f.suffix in SUFFIXES)
    return profiles, pages


def is_data_root(path: Path) -> bool:
    return path.is_dir() and ((path / "games").is_dir() or (path / "mappings").is_dir())


def _collect(roots: Sequence[Path], loader: _Loader | None = None) -> tuple[Catalog | None, list[DataError]]:
    loader = loader or _Loader()
    onto_file = _ontology_file()
    ontology = loader.model(Ontology, onto_file)
    if ontology is not None:
        loader.problems(onto_file, check_ontology(ontology))
    profiles: dict[str, tuple[GameProfile, Path]] = {}
    pages: dict[str, tuple[MappingPage, Path]] = {}
    for root in roots:
        if not is_data_root(root):
            loader.errors.append(DataError(root, "", "not a data folder: expected games/ or mappings/ inside it"))
            continue
        profile_files, page_files = _data_files(root)
        for path in profile_files:
            _add_profile(loader, path, profiles)
        for path in page_files:
            _add_page(loader, path, pages)
    games = _join(loader, profiles, pages)
    if ontology is None or loader.errors:
        return None, loader.errors
    return Catalog(ontology, games, tuple(roots)), []


def _profile_problems(profile: GameProfile, path: Path) -> Iterator[Problem]:
    if path.stem == "game" and profile.id != path.parent.name:
        yield "id", f"{profile.id!r} does not match its folder name {path.parent.name!r}"
    yield from check_profile(profile)


def _add_profile(loader: _Loader, path: Path, into: dict[str, tuple[GameProfile, Path]]) -> None:
    profile = loader.model(GameProfile, path)
    if profile is None or not loader.problems(path, _profile_problems(profile, path)):
        return
    if profile.id in into:
        loader.errors.append(DataError(path, "id", f"game {profile.id!r} is already defined in {into[profile.id][1]}"))
    else:
        into[profile.id] = (profile, path)


def _add_page(loader: _Loader, path: Path, into: dict[str, tuple[MappingPage, Path]]) -> None:
    page = loader.model(MappingPage, path)
    if page is None:
        return
    if page.game in into:
        loader.errors.append(DataError(path, "game", f"game {page.game!r} already has a page: {into[page.game][1]}"))
    else:
        into[page.game] = (page, path)


def _join(
    loader: _Loader, profiles: dict[str, tuple[GameProfile, Path]], pages: dict[str, tuple[MappingPage, Path]]
) -> dict[str, Game]:
    games: dict[str, Game] = {}
    for game_id, (page, page_file) in pages.items():
        if game_id not in profiles:
            known = ", ".join(sorted(profiles)) or "none"
            loader.errors.append(DataError(page_file, "game", f"no game profile with id {game_id!r} (known: {known})"))
            continue
        profile, profile_file = profiles[game_id]
        if loader.problems(page_file, check_page(page, profile)):
            games[game_id] = Game(profile, page, profile_file, page_file)
    for game_id, (_, profile_file) in profiles.items():
        if game_id not in pages:
            loader.errors.append(DataError(profile_file, "", f"game {game_id!r} has no AMALOGS page: add mappings/{game_id}.toml"))
    return games


@cache
def _cached(roots: tuple[Path, ...]) -> Catalog:
    catalog, errors = _collect(roots)
    if catalog is None:
        raise DataErrors(errors)
    return catalog


def load_catalog(extra_roots: Iterable[Path | str] = ()) -> Catalog:
    """Load and validate the shipped data and any user roots; raise :class:`DataErrors` if anything is wrong."""
    return _cached(data_roots(extra_roots))


# --- validating what a user points at ---------------------------------------------------------


def validate_paths(paths: Sequence[Path], extra_roots: Iterable[Path | str] = ()) -> tuple[int, list[DataError]]:
    """Validate data roots, game folders or single files; return (files checked, errors).

    With no paths, the shipped data and the configured roots are validated. A single page file is
    checked against the profile of the game it names; a single profile file on its own.
    """
    roots = list(data_roots(extra_roots))
    files: list[Path] = []
    missing: list[DataError] = []
    for path in paths:
        if not path.exists():
            missing.append(DataError(path, "", "no such file or folder"))
        elif is_data_root(path):
            roots.append(path.resolve())
        elif path.is_dir():
            files.extend(f for f in sorted(path.rglob("*")) if f.is_file() and f.suffix in SUFFIXES)
        else:
            files.append(path)
    loader = _Loader()
    base, errors = _collect(list(dict.fromkeys(roots)), loader)
    if base is not None:
        errors.extend(_check_cards_and_decks(base, loader))
    for file in files:
        errors.extend(_validate_file(file, base, loader))
    return loader.files, missing + errors


def _check_cards_and_decks(catalog: Catalog, counter: _Loader) -> list[DataError]:
    """Every game's cards, and every sample deck against its game's construction rules."""
    loader = _Loader()
    for game in catalog.games.values():
        cards = _load_cards(loader, game)
        for deck, path in _load_decks(loader, game).values():
            for violation in check_deck(deck, game.profile, cards):
                loader.errors.append(DataError(path, "", f"breaks a construction rule: {violation}"))
    counter.files += loader.files
    return loader.errors


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
                known = ", ".join(sorted(base.games)) if base else "none"
                loader.errors.append(DataError(path, "game", f"no game profile with id {page.game!r} (known: {known})"))
            else:
                loader.problems(path, check_page(page, base.games[page.game].profile))
    elif kind in ("cards", "deck"):
        loader.errors.extend(_validate_card_file(path, kind, base, loader))
    elif kind == "ontology":
        onto = loader.model(Ontology, path)
        if onto is not None:
            loader.problems(path, check_ontology(onto))
    else:
        loader.errors.append(
            DataError(path, "", "cannot tell what kind of data file this is: expected games/<id>/game.toml, "
                      "mappings/<id>.toml or a file with a top-level 'game' key")
        )
    return loader.errors


def _validate_card_file(path: Path, kind: str, base: Catalog | None, loader: _Loader) -> list[DataError]:
    model: CardSet | Deck | None = loader.model(CardSet, path) if kind == "cards" else loader.model(Deck, path)
    if model is None:
        return []
    game = base.games.get(model.game) if base else None
    if base is None or game is None:
        known = ", ".join(sorted(base.games)) if base else "none"
        return [DataError(path, "game", f"no game profile with id {model.game!r} (known: {known})")]
    if isinstance(model, CardSet):
        return [DataError(path, key, message) for key, message in check_cards(model, game.profile)]
    return [
        DataError(path, "", f"breaks a construction rule: {violation}")
        for violation in check_deck(model, game.profile, base.cards(game.id))
    ]


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
    if "game" in data and "cards" in data:
        return "cards"
    if "game" in data and "main" in data:
        return "deck"
    if "overview" in data or "deck" in data:
        return "profile"
    return "unknown"

