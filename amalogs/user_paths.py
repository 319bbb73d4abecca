"""What a user points ``amalogs validate`` at: the folders walked, what a lone file is, each problem reported once.

:func:`amalogs.catalog.validate_paths` takes data roots, game folders and single files. These are its parts that
need no catalog of their own: finding the game folders and other data files under a folder (symbolic links to
folders not followed), telling what a lone file is (by its name and place, else by its top-level keys), the data
folder a lone file sits in (read for its games, its other files not reported), checking a lone card or deck file
against the game it names, keeping each problem once and counting the files checked. The parts that read a
profile or make a game stay in :mod:`amalogs.catalog`, beside the loader they share.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from amalogs.cardcheck import check_cards, deck_problems
from amalogs.datafiles import SUFFIXES, read_data
from amalogs.errors import DataError
from amalogs.loader import _exists, _Loader, _no_profile
from amalogs.models.cards import CardSet, Deck

if TYPE_CHECKING:
    from amalogs.catalog import Catalog

__all__: list[str] = []


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


def _listing_all(folder: Path) -> list[Path]:
    try:
        return [p for p in sorted(folder.iterdir()) if not p.name.startswith(".")]
    except OSError:
        return []


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


def _holding_root(path: Path) -> Path | None:
    """The data folder a lone page sits in (``<root>/mappings/<id>.toml``) when its game's folder is there too
    (``<root>/games/<id>``): that folder's games are what the page is checked against."""
    where = path.resolve()
    root = where.parent.parent
    return root if where.parent.name == "mappings" and (root / "games" / where.stem).is_dir() else None


def _only_context(file: Path, context: list[Path], asked: set[Path]) -> bool:
    """Whether an error is about a file of a data folder read only for context (not one asked for)."""
    where = file.resolve()
    return any(where.is_relative_to(root) for root in context) and not any(where.is_relative_to(root)
                                                                           for root in asked)


def _counted(read: list[Path], asked: Sequence[Path]) -> int:
    """How many data files validating ``asked`` checked: those inside what was asked (the shipped data and
    the configured roots it read to check them against are not counted), or every file read when nothing was
    asked (the shipped data itself)."""
    unique = {p.resolve() for p in read}
    if not asked:
        return len(unique)
    wanted = [a.resolve() for a in asked]
    return sum(1 for p in unique if any(p.is_relative_to(a) for a in wanted))
