"""amalogs: the AMALOGS (アマログス) cross-game ontology, comparisons and referee for trading card games.

From Python, the facade (:mod:`amalogs.api`, walked through in ``docs/api.md``) is here::

    import amalogs

    amalogs.game("BD")                                   # a game by id, 略称 or name
    amalogs.appraise_we("BD")                            # its WE appraisal
    amalogs.convert_card("BD:spark-imp", to="SGK")       # a converted card with each field's fidelity
    amalogs.similarity("BD", "SGK")                      # the similarity breakdown of two games
    amalogs.play("BD:red-aggro", "GH", seed=4)           # one refereed match
    amalogs.play_many("BD", "GH", n=200)                 # records, one per match (pandas.DataFrame takes them)

The facade is imported on first use (a module ``__getattr__``), so ``import amalogs`` alone, and the
``amalogs`` command's start-up, load none of the data models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what type checkers and editors see; at run time these come from __getattr__
    from amalogs.api import (  # `as` marks each a re-export for strict type checkers
        AmalogsError as AmalogsError,
        PlayedMatch as PlayedMatch,
        appraise_we as appraise_we,
        card as card,
        convert_card as convert_card,
        convert_deck as convert_deck,
        decks as decks,
        game as game,
        load as load,
        play as play,
        play_many as play_many,
        similarity as similarity,
        similarity_matrix as similarity_matrix,
        tournament as tournament,
    )

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "load",
    "game",
    "card",
    "decks",
    "appraise_we",
    "convert_card",
    "convert_deck",
    "similarity",
    "similarity_matrix",
    "play",
    "play_many",
    "tournament",
    "PlayedMatch",
    "AmalogsError",
]
"""The version, then the names :mod:`amalogs.api` lends the package (none is also the name of a submodule, which
would hide it once imported)."""

_FACADE = frozenset(__all__[1:])


def __getattr__(name: str) -> object:
    """A facade name: import :mod:`amalogs.api` on first use, and keep the name here from then on."""
    if name in _FACADE:
        from amalogs import api

        value: object = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The package's names with the facade's, before it is imported too (for ``dir()`` and tab completion)."""
    return sorted({*(n for n in globals() if n not in {"TYPE_CHECKING", "annotations"}), *__all__})
