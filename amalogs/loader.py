"""The loader's problem collector, and the readers below the catalog: a game's cards and sample decks, a root's pages.

:class:`_Loader` is what every check adds its problems to instead of stopping at the first, each blamed on the
game it is about (so a lenient load leaves just that game out); it reads a file into its model once per content.
Around it are the rules every folder of data keeps (one ``.toml`` or ``.json`` per name, never both; hidden files
left aside) and the readers that need no catalog: a game's cards and sample decks, each checked as ``amalogs
validate`` checks it, a root's pages and game folders. :mod:`amalogs.catalog` puts them together (the profiles,
the joining of pages to them, the catalog itself) and is the way in; it is needed here only for its types.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from amalogs.cardcheck import check_cards, deck_problems
from amalogs.checks import Problem, known
from amalogs.datafiles import SUFFIXES, _data_of, _read_bytes
from amalogs.errors import DataError, cut, reading
from amalogs.models.cards import Card, CardSet, Deck
from amalogs.models.game import GameProfile
from amalogs.models.mapping import MappingPage
from amalogs.validation_messages import describe

if TYPE_CHECKING:
    from amalogs.catalog import Catalog, Game

__all__ = ["MAX_ERRORS_PER_FILE", "Owner"]

Owner = tuple[int, str]
"""Whose a problem is: (the index of its data root, the id of its game, or the name of a file no id was read from)."""
MAX_ERRORS_PER_FILE = 50
"""More problems than this in one file are summed up in one line."""
M = TypeVar("M", bound=BaseModel)


class _Loader:
    """Collects every problem instead of stopping at the first, each blamed on the game it is about."""

    def __init__(self) -> None:
        self.errors: list[DataError] = []
        self.fatal: list[DataError] = []
        self.blamed: dict[Owner, list[DataError]] = {}
        self.owner: Owner | None = None
        self.paths: list[Path] = []  # every data file read, in order (``amalogs validate`` counts them)
        self.apart: list[DataError] | None = None  # while set, problems of one file that is left out on its own
        self.left_decks: list[tuple[str, Path, list[DataError]]] = []  # (game id, deck file, its problems)

    def add(self, error: DataError) -> None:
        self.errors.append(error)
        if self.apart is not None:  # a sample deck's: that deck is left out, not its game (and nothing is fatal)
            self.apart.append(error)
        elif self.owner is None:
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
        self.paths.append(path)
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
        apart: list[DataError] = []
        loader.apart = apart
        try:
            deck = _sample_deck(loader, game, cards, path)
        finally:
            loader.apart = None
        if deck is not None:
            decks[path.stem] = (deck, path)
        elif apart:  # left out on its own: its game and the game's other decks stay
            loader.left_decks.append((game.id, path, apart))
    return decks


def _sample_deck(loader: _Loader, game: Game, cards: dict[str, Card], path: Path) -> Deck | None:
    """One sample deck, its cards named by id or as printed (:func:`amalogs.deck_names.card_names_to_ids`),
    checked as ``amalogs validate`` checks it; None with its problems added."""
    from amalogs.deck_names import card_names_to_ids

    if _BAD_DECK_ID.search(path.stem):
        loader.add(DataError(path, "", f"{cut(path.stem)} cannot be a deck id (commands name a deck GAME:DECK "
                                       "by its file name): leave colons, control characters and bytes that are not UTF-8 out"))
        return None

    def names(data: dict[str, Any]) -> None:
        if data.get("game") == game.id:
            card_names_to_ids(data, game.page.abbreviation, cards, path)

    deck = loader.model(Deck, path, names)
    if deck is None:
        return None
    if deck.game != game.id:
        loader.add(DataError(path, "game", f"a deck of {deck.game!r} in the folder of {game.id!r}"))
        return None
    return deck if loader.problems(path, deck_problems(deck, game.profile, cards)) else None


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
    read: dict[Owner, Any] = field(default_factory=dict)
    """Games whose profile and page were read but whose page's checks failed, by the owners of both (a
    :class:`amalogs.catalog.Game`): ``amalogs we`` still shows such a game's appraisal."""


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


def _game_folders(loader: _Loader, games: Path) -> list[Path]:
    try:
        entries = sorted(games.iterdir())
    except OSError as exc:
        loader.add(DataError(games, "", f"cannot list the folder: {exc.strerror or exc}"))
        return []
    return [d for d in entries if not d.name.startswith(".") and d.is_dir()]


def _no_profile(path: Path, game_id: str, base: Catalog | None) -> DataError:
    ids = known(base.games, limit=20) if base else "none"
    return DataError(path, "game", f"no game profile with id {game_id!r} (known: {ids})")
