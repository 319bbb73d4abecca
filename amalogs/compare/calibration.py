"""How well the similarity measure agrees with people who know the games: a reference set of pair judgements
(``tests/data/similarity-judgements.toml``: each pair of games scored 1 to 5 for how alike they feel, with a
one-line reason) and Spearman's rank correlation between those scores and :func:`amalogs.compare.similarity.matrix`'s
similarity. The figure is what the measures and their weights are judged by."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import Field, ValidationError

from amalogs.catalog import Catalog, read_data
from amalogs.compare.similarity import matrix
from amalogs.errors import AmalogsError
from amalogs.models.base import DataModel, Slug, Text

__all__ = ["Agreement", "Judgement", "Judgements", "agreement", "load_judgements"]


class Judgement(DataModel):
    """How alike two games feel: 1 (nothing alike) to 5 (close cousins), and why."""

    a: Slug
    b: Slug
    score: int = Field(ge=1, le=5)
    reason: Text


class Judgements(DataModel):
    """A reference set of judgements (format version 1)."""

    version: int = Field(1, ge=1, le=1)
    pair: tuple[Judgement, ...]


def load_judgements(path: Path) -> Judgements:
    """Read a reference set; a problem is one line naming the file."""
    try:
        return Judgements.model_validate(read_data(path))
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise AmalogsError(f"{path}: {where}: {first['msg']}") from None


@dataclass(frozen=True)
class Agreement:
    """Spearman's rank correlation between the judgements and the measured similarity, over ``pairs`` pairs."""

    rho: float
    p_value: float
    pairs: int
    rows: tuple[tuple[str, str, int, float], ...]  # (a, b, judged score, measured similarity)


def agreement(catalog: Catalog, judgements: Judgements) -> Agreement:
    """How well the similarity ranks the judged pairs (games the catalog lacks are refused by name)."""
    from scipy.stats import spearmanr

    games = list(catalog.games.values())
    index = {g.id: k for k, g in enumerate(games)}
    for j in judgements.pair:
        for name in (j.a, j.b):
            if name not in index:
                raise AmalogsError(f"the judgement {j.a} – {j.b} names {name!r}, which is not a loaded game")
    table = matrix(games, catalog.ontology)
    rows = tuple((j.a, j.b, j.score, table[index[j.a]][index[j.b]].similarity) for j in judgements.pair)
    if len(rows) < 3:
        raise AmalogsError(f"a rank correlation needs at least 3 judged pairs (got {len(rows)})")
    result = spearmanr([r[2] for r in rows], [r[3] for r in rows])
    return Agreement(float(result.statistic), float(result.pvalue), len(rows), rows)
