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

The loader is split by what each part needs; every name of it is still importable from here. This module
holds the catalog objects and lookups, the data roots, the reading of profiles and the joining of pages to
them, the cache and the entry points, and with them everything that calls :func:`shipped_root` or
:func:`~amalogs.checks.check_profile` (looked up here: replacing one on this module replaces it for the whole
loader). Below it, importing it only for its types: :mod:`amalogs.datafiles` (reading one file),
:mod:`amalogs.loader` (the problem collector; a game's cards and sample decks, a root's pages),
:mod:`amalogs.deck_names` (the card names of a deck file of one's own, as ids) and :mod:`amalogs.user_paths`
(what ``amalogs validate`` is pointed at: folders walked, files told apart).
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import cache
from pathlib import Path
from typing import TypeVar

from amalogs.cardcheck import deck_problems
from amalogs.checks import Problem, check_ontology, check_page, check_profile, known
from amalogs.datafiles import MAX_DEPTH, MAX_FILE_BYTES, MAX_INT, SUFFIXES, read_data
from amalogs.deck_names import _card_names_to_ids
from amalogs.errors import AmalogsError, DataError, UnknownCardError, UnknownGameError, cut
from amalogs.loader import (
    Owner,
    _by_stem,
    _exists,
    _Found,
    _game_folders,
    _listing,
    _load_cards,
    _load_decks,
    _Loader,
    _no_profile,
    _one,
    _read_page,
)
from amalogs.models.cards import Card, Deck
from amalogs.models.game import GameProfile
from amalogs.models.mapping import MappingPage
from amalogs.models.ontology import Ontology
from amalogs.user_paths import (
    _counted,
    _holding_root,
    _kind_of,
    _listing_all,
    _only_context,
    _unique,
    _validate_card_file,
    _walk,
)

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
    root it is in, every problem found, and the names it would answer to; or one sample deck of a game that
    stays (``kind = "deck"``)."""

    game: str
    root: Path
    errors: tuple[DataError, ...]
    names: tuple[str, ...] = ()
    read: Game | None = None  # its profile and page, when both were read and only the page's checks failed
    kind: str = "game"  # or "deck": one sample deck (``game`` is then GAME:DECK), its game kept

    def __str__(self) -> str:
        more = len(self.errors) - 1
        tail = f" (and {more} more; `amalogs validate` lists them)" if more else ""
        return f"left out {self.kind} {cut(self.game)}: {self.errors[0]}{tail}"


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

    def deck_left_out(self, game_id: str, deck_id: str) -> None:
        """Raise :class:`DataErrors` with its problems when a lenient load left out that sample deck (a command
        that names it says why, not that there is no such deck)."""
        for out in self.left_out:
            if out.kind == "deck" and out.game == f"{game_id}:{deck_id}":
                raise DataErrors(out.errors)

    def read_game(self, name: str) -> Game | None:
        """A game a lenient load left out although its profile and page were read (only the page's checks
        failed: a declared WE the appraisal disagrees with …), found by name as :meth:`game` finds one; None
        when no such game answers to the name."""
        wanted = _normal(name)
        return next((out.read for out in self.left_out if out.read is not None
                     and wanted in {_normal(n) for n in (out.game, *out.read.names())}), None)

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


# --- loading, problem by problem ------------------------------------------------------------------

def _ontology_file() -> Path:
    return Path(__file__).resolve().parent / "ontology" / "ontology.toml"


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
        LeftOut(owner[1], roots[owner[0]], tuple(errors), tuple(dict.fromkeys(found.names.get(owner, ()))),
                found.read.get(owner))
        for owner, errors in loader.blamed.items()
    ) + tuple(LeftOut(f"{gid}:{path.stem}", roots[joined[gid][1][0]], tuple(errors), kind="deck")
              for gid, path, errors in loader.left_decks if gid in games)
    catalog = Catalog(ontology, games, tuple(roots), left_out,
                      {g: cards[g] for g in games if g in cards}, {g: decks[g] for g in games if g in decks})
    return _Collected(catalog, loader.errors, loader.fatal)


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
            game = Game(profile, page, profile_file, page_file)
            if loader.problems(page_file, check_page(page, profile)):
                games[game_id] = (game, profile_owner, page_owner)
            else:
                found.read[page_owner] = found.read[profile_owner] = game
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
    from amalogs.catalog_cache import catalog_key, read_cached

    try:
        key: str | None = catalog_key(roots, _ontology_file(), MAX_FILE_BYTES)
    except OSError:
        key = None
    if key is not None:
        kept = read_cached(roots, key)
        if isinstance(kept, Catalog):
            return kept
    collected = _gather(roots, _Loader())
    if key is not None and collected.catalog is not None and not collected.errors:
        _keep(roots, key, collected.catalog)
    if collected.catalog is None:
        raise DataErrors(collected.fatal or collected.errors)
    if collected.errors and not lenient:
        raise DataErrors(collected.errors)
    return collected.catalog


def _keep(roots: tuple[Path, ...], key: str, catalog: Catalog) -> None:
    """Keep a catalog that loaded without a problem for the next command (amalogs.catalog_cache), with every
    game's cards and sample decks loaded; one whose cards or decks have a problem is not kept."""
    from amalogs.catalog_cache import write_cached

    try:
        for game_id in catalog.games:
            catalog.cards(game_id)
            catalog.decks(game_id)
    except DataErrors:
        return
    write_cached(roots, key, catalog)


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
    context: list[Path] = []  # the data folders that hold a file asked alone: read for its game, not checked
    needed: set[Path] = set()
    for path in paths:
        if not _exists(path):
            missing.append(DataError(path, "", "no such file or folder"))
        elif is_data_root(path):
            roots.append(path.resolve())
        elif path.is_dir() and path.suffix not in SUFFIXES:  # a folder named like a data file is refused as one
            _walk(path, folders, files)
        else:
            files.append(path)
            root = _holding_root(path)
            if root is not None:
                context.append(root)
                needed.add(root / "games" / path.resolve().stem)  # the page's own game: its errors are the page's
    loader = _Loader()
    asked_roots = set(roots)
    collected = _gather(list(dict.fromkeys(roots + context)), loader, everything=True)
    errors = [e for e in collected.errors
              if not _only_context(e.file, context, asked_roots) or e.file.resolve().parent in needed]
    base = collected.catalog
    for folder in folders:
        errors.extend(_validate_game_folder(folder, base, loader))
    for file in files:
        errors.extend(_validate_file(file, base, loader))
    return _counted(loader.paths, paths), _unique(missing + errors)


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
    counter.paths += loader.paths
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
    counter.paths.append(path)
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
