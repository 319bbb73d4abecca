"""How well the similarity measure agrees with people who know the games: a reference set of pair judgements
(``tests/data/similarity-judgements.toml``: each pair of games scored 1 to 5 for how alike they feel, with a
one-line reason) and Spearman's rank correlation between those scores and :func:`amalogs.compare.similarity.matrix`'s
similarity. The figure is what the measures and their weights are judged by.

The weights of :data:`amalogs.compare.similarity.MEASURE_WEIGHTS` come from :func:`fit_weights`: every weight
vector on a grid (each measure at least a floor, the rest shared out in steps of :data:`STEP` of it) is
scored by its Spearman's rho against the judgements. Only weightings that keep each game's least-alike partner
last are kept: where one pair of a game is judged lower than all its other pairs (ブレイクジョーカー against
every other game), that pair must be the game's least similar among its judged pairs. The weights are the mean
of the kept vectors within a tolerance of the best rho: a plateau of equally good weightings, averaged,
not one corner of it. The floor keeps every measure in the score (each reads a rule players feel) and, with the
averaging, keeps a handful of pairs from deciding the weights alone. The floor and the tolerance (a
:class:`FitSetting`) are chosen by the held-out figure: :func:`choose_setting` scores each setting of
:data:`SETTINGS` by its leave-one-game-out rho, and :data:`CHOSEN` is the best. :func:`leave_one_out` says
how far that fit carries to a pair it did not see: each pair in turn is held out, the weights are fitted on the others, and the held-out pair's
similarity is predicted with them; the figure is Spearman's rho between the judgements and those
predictions. :func:`leave_one_game_out` asks what a user's new game meets: each game in turn is held out with
every pair that touches it, the weights are fitted on the pairs left, and the held-out game's pairs are
predicted with them (each pair twice, once for each of its games); the figure is Spearman's rho over all those
predictions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from pydantic import Field, ValidationError

from amalogs.catalog import Catalog, read_data
from amalogs.compare.similarity import MEASURE_WEIGHTS, matrix
from amalogs.errors import AmalogsError
from amalogs.models.base import DataModel, Slug, Text

__all__ = [
    "CHOSEN",
    "FLOOR",
    "SETTINGS",
    "STEP",
    "TOLERANCE",
    "Agreement",
    "FitSetting",
    "Judgement",
    "Judgements",
    "LeaveOneGameOut",
    "LeaveOneOut",
    "agreement",
    "choose_setting",
    "fit_weights",
    "fitted_weights",
    "inter_judge",
    "last_partner_constraints",
    "leave_one_game_out",
    "leave_one_out",
    "load_judgements",
    "measured",
    "panel",
    "weight_grid",
]

FLOOR = 0.05
"""The least weight the fit gives a measure."""

STEP = 0.1
"""The grid step of the weight fit, as a share of what is left above the floors."""

TOLERANCE = 0.01
"""Weight vectors whose rho is within this of the best are averaged into the fitted weights."""


@dataclass(frozen=True)
class FitSetting:
    """How the fit is made: the least weight of a measure and the plateau of rho that is averaged."""

    floor: float
    tolerance: float


SETTINGS: tuple[FitSetting, ...] = tuple(FitSetting(f, t) for f in (0.02, 0.05, 0.08, 0.09)
                                         for t in (0.005, 0.01, 0.02, 0.04))
"""The fit settings :func:`choose_setting` tries: each is judged by its leave-one-game-out rho. A floor of 0.09
leaves 0.01 to share among the eleven measures: weights all but equal."""

CHOSEN = FitSetting(0.05, 0.005)
"""The setting with the best leave-one-game-out rho over the reference set (:func:`choose_setting`), which
:data:`amalogs.compare.similarity.MEASURE_WEIGHTS` is fitted with."""


class Judgement(DataModel):
    """How alike two games feel: 1 (nothing alike) to 5 (close cousins), and why. A judge's file holds whole
    scores; a panel's (:func:`panel`) is the mean of its judges' scores."""

    a: Slug
    b: Slug
    score: float = Field(ge=1, le=5)
    reason: Text


class Judgements(DataModel):
    """A reference set of judgements (format version 1): one judge's, or a panel's means."""

    version: int = Field(1, ge=1, le=1)
    judge: Text | None = Field(None, description="who judged (a name or a letter)")
    pair: tuple[Judgement, ...]


def load_judgements(*paths: Path) -> Judgements:
    """Read a reference set, or several judges' sets as one panel (:func:`panel`); a problem is one line naming
    the file."""
    sets = []
    for path in paths:
        try:
            found = Judgements.model_validate(read_data(path))
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"])
            raise AmalogsError(f"{path}: {where}: {first['msg']}") from None
        fractional = next((j for j in found.pair if j.score != int(j.score)), None)
        if fractional is not None:
            raise AmalogsError(f"{path}: the judgement {fractional.a} – {fractional.b} scores {fractional.score}: "
                               "a judge scores in whole numbers, 1 to 5")
        sets.append(found)
    if not sets:
        raise AmalogsError("no judgements to read")
    try:
        return sets[0] if len(sets) == 1 else panel(sets)
    except AmalogsError as exc:
        raise AmalogsError(f"{', '.join(str(p) for p in paths)}: {exc}") from None


def panel(sets: Sequence[Judgements]) -> Judgements:
    """Several judges' sets as one: each pair any of them judged, scored the mean of the scores of the judges who
    judged it, with the reason of the first of them; pairs in the order the sets first give them. A judge may not
    score a pair twice."""
    scores: dict[frozenset[str], list[float]] = {}
    first: dict[frozenset[str], Judgement] = {}
    for n, found in enumerate(sets):
        mine = [frozenset((j.a, j.b)) for j in found.pair]
        if len(set(mine)) != len(mine):
            twice = next(p for p in mine if mine.count(p) > 1)
            raise AmalogsError(f"judge {found.judge or n + 1} scores {' – '.join(sorted(twice))} twice")
        for key, j in zip(mine, found.pair, strict=True):
            scores.setdefault(key, []).append(j.score)
            first.setdefault(key, j)
    means = tuple(j.model_copy(update={"score": sum(scores[k]) / len(scores[k])}) for k, j in first.items())
    names = [s.judge or str(n + 1) for n, s in enumerate(sets)]
    return Judgements(judge=f"panel of {', '.join(names)}", pair=means)


def inter_judge(sets: Sequence[Judgements]) -> dict[str, float]:
    """How far the judges agree: Spearman's rho of each judge against the mean of the others, over the pairs it
    shares with at least one other judge (the most a measure can be expected to agree with one judge is about
    this)."""
    from scipy.stats import spearmanr

    out: dict[str, float] = {}
    for n, found in enumerate(sets):
        others = panel([s for m, s in enumerate(sets) if m != n])
        theirs = {frozenset((j.a, j.b)): j.score for j in others.pair}
        shared = [j for j in found.pair if frozenset((j.a, j.b)) in theirs]
        out[found.judge or str(n + 1)] = float(spearmanr([j.score for j in shared],
                                                         [theirs[frozenset((j.a, j.b))] for j in shared]).statistic)
    return out


@dataclass(frozen=True)
class Agreement:
    """Spearman's rank correlation between the judgements and the measured similarity, over ``pairs`` pairs."""

    rho: float
    p_value: float
    pairs: int
    rows: tuple[tuple[str, str, float, float], ...]  # (a, b, judged score, measured similarity)


@dataclass(frozen=True)
class LeaveOneOut:
    """Spearman's rho between the judgements and each pair's similarity predicted by weights fitted without it."""

    rho: float
    pairs: int
    rows: tuple[tuple[str, str, float, float], ...]  # (a, b, judged score, predicted similarity)
    weights: tuple[dict[str, float], ...]  # the weights fitted without each pair, in the same order


@dataclass(frozen=True)
class LeaveOneGameOut:
    """Spearman's rho between the judgements and each pair's similarity predicted by weights fitted without any
    pair of one of its games (each pair twice: once with each of its games held out)."""

    rho: float
    games: int
    rows: tuple[tuple[str, str, float, float, str], ...]  # (a, b, judged score, predicted similarity, held-out game)
    weights: dict[str, dict[str, float]]  # the weights fitted without each game's pairs

    def by_game(self) -> dict[str, float]:
        """Spearman's rho over each held-out game's own pairs (nan where its scores are all one)."""
        from scipy.stats import spearmanr

        out: dict[str, float] = {}
        for game in self.weights:
            rows = [r for r in self.rows if r[4] == game]
            scores = [r[2] for r in rows]
            out[game] = (float(spearmanr(scores, [r[3] for r in rows]).statistic) if len(set(scores)) > 1
                         else float("nan"))
        return out


def _breakdowns(catalog: Catalog, judgements: Judgements) -> list[tuple[str, str, float, dict[str, float]]]:
    """Each judged pair with its score and its measures' distances (games the catalog lacks are refused by name)."""
    games = list(catalog.games.values())
    index = {g.id: k for k, g in enumerate(games)}
    for j in judgements.pair:
        for name in (j.a, j.b):
            if name not in index:
                raise AmalogsError(f"the judgement {j.a} – {j.b} names {name!r}, which is not a loaded game")
    if len(judgements.pair) < 3:
        raise AmalogsError(f"a rank correlation needs at least 3 judged pairs (got {len(judgements.pair)})")
    table = matrix(games, catalog.ontology)
    return [(j.a, j.b, j.score, table[index[j.a]][index[j.b]].distances) for j in judgements.pair]


def agreement(catalog: Catalog, judgements: Judgements) -> Agreement:
    """How well the similarity ranks the judged pairs (games the catalog lacks are refused by name)."""
    from scipy.stats import spearmanr

    rows = tuple((a, b, score, 1.0 - sum(MEASURE_WEIGHTS[m] * d[m] for m in MEASURE_WEIGHTS))
                 for a, b, score, d in _breakdowns(catalog, judgements))
    result = spearmanr([r[2] for r in rows], [r[3] for r in rows])
    return Agreement(float(result.statistic), float(result.pvalue), len(rows), rows)


def measured(catalog: Catalog, judgements: Judgements) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The judged pairs as a (pairs × measures) array of distances, measures in :data:`MEASURE_WEIGHTS` order,
    and the judged scores."""
    found = _breakdowns(catalog, judgements)
    distances = np.array([[d[m] for m in MEASURE_WEIGHTS] for *_, d in found], dtype=np.float64)
    return distances, np.array([score for _, _, score, _ in found], dtype=np.float64)


def weight_grid(measures: int, step: float = STEP, floor: float = FLOOR) -> NDArray[np.float64]:
    """Every weight vector of ``measures`` weights adding up to 1, one per row: each weight is ``floor`` plus a
    multiple of ``step`` × (1 − ``measures`` × ``floor``)."""
    if not 0 <= floor * measures < 1:
        raise AmalogsError(f"a floor of {floor} leaves nothing to share among {measures} measures")
    units = round(1 / step)
    rows = []
    for bars in combinations(range(units + measures - 1), measures - 1):  # stars and bars
        edges = (-1, *bars, units + measures - 1)
        rows.append([edges[k + 1] - edges[k] - 1 for k in range(measures)])
    return floor + (1 - measures * floor) * np.array(rows, dtype=np.float64) / units


def last_partner_constraints(pairs: Sequence[tuple[str, str]], distances: NDArray[np.float64],
                             scores: NDArray[np.float64]) -> NDArray[np.float64]:
    """One row per (game, other judged pair of it) where the game has a single lowest-judged pair: that pair's
    distances minus the other's. A weighting ``w`` keeps the lowest-judged partner least similar when every
    row ``r`` has ``r · w > 0``."""
    rows = []
    for game in sorted({g for pair in pairs for g in pair}):
        mine = [k for k, pair in enumerate(pairs) if game in pair]
        lowest = [k for k in mine if scores[k] == min(scores[m] for m in mine)]
        if len(lowest) == 1:
            rows += [distances[lowest[0]] - distances[k] for k in mine if k != lowest[0]]
    return np.array(rows, dtype=np.float64).reshape(len(rows), distances.shape[1])


_BLOCK = 1024
"""Weight vectors ranked at once: a block's sorted pairs stay in the processor's cache."""

_HELD_AT_ONCE = 256
"""Held-out pairs whose fits :func:`leave_one_out` makes from one sort of the grid (their rhos take 256 × the
grid's length × 8 bytes: about 380 MB with eleven measures)."""


def _centred(ranks: NDArray[np.float64]) -> tuple[NDArray[np.float64], float]:
    """Ranks less their mean, and the sum of their squares."""
    ranks = ranks - ranks.mean()
    return ranks, float((ranks**2).sum())


@dataclass(frozen=True)
class _Sorted:
    """Each weighting's pairs sorted by similarity (ascending): ``order`` holds each row's pairs in sorted order,
    and the places in runs of equal similarity are listed apart (their row, place, and the run's first place and
    the place after its last), as ties are few. A place's average rank, as :func:`scipy.stats.rankdata` gives
    it, is ``place + 1``, or ``(lo + hi + 1) / 2`` in a run."""

    order: NDArray[np.intp]
    rows: NDArray[np.intp]
    places: NDArray[np.intp]
    lo: NDArray[np.intp]
    hi: NDArray[np.intp]

    @classmethod
    def of(cls, similar: NDArray[np.float64]) -> _Sorted:
        order = np.argsort(similar, axis=1, kind="stable")
        ordered = np.take_along_axis(similar, order, axis=1)
        rows, places = np.nonzero(ordered[:, 1:] == ordered[:, :-1])  # place equal to the next
        first = np.ones(len(rows), dtype=bool)
        first[1:] = (rows[1:] != rows[:-1]) | (places[1:] != places[:-1] + 1)
        last = np.ones(len(rows), dtype=bool)
        last[:-1] = first[1:]
        lo, hi = places[first], places[last] + 2
        size = hi - lo
        within = np.arange(size.sum()) - np.repeat(np.cumsum(size) - size, size)
        return cls(order, np.repeat(rows[first], size), np.repeat(lo, size) + within, np.repeat(lo, size),
                   np.repeat(hi, size))

    def bounds(self) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        """For every sorted place, the first place of its run and the place after its last."""
        lo = np.broadcast_to(np.arange(self.order.shape[1]), self.order.shape).copy()
        hi = lo + 1
        lo[self.rows, self.places] = self.lo
        hi[self.rows, self.places] = self.hi
        return lo, hi


def _prefix(values: NDArray[np.float64] | NDArray[np.bool_]) -> NDArray[np.float64]:
    """The sums of each row's first 0, 1, … n values (n + 1 columns)."""
    out = np.zeros((values.shape[0], values.shape[1] + 1), dtype=np.float64)
    np.cumsum(values, axis=1, out=out[:, 1:])
    return out


def _rhos_each_kept(distances: NDArray[np.float64], scores: NDArray[np.float64], grid: NDArray[np.float64],
                    keeps: Sequence[NDArray[np.bool_]]) -> NDArray[np.float64]:
    """Spearman's rho between the scores and the similarity under each weight vector of the grid, over the pairs
    each mask of ``keeps`` keeps: one row per mask. Each weighting's pairs are sorted once for all the masks; a
    kept pair's rank among the kept is the count of kept pairs up to it (in a run of ties, the mean over the
    run). Ranks are whole or half numbers and the sums exact, so each figure is, to the last bit, ranking the
    kept pairs afresh."""
    from scipy.stats import rankdata

    judged = []
    for keep in keeps:
        centred, judged_spread = _centred(rankdata(scores[keep]))
        full = np.zeros(len(scores), dtype=np.float64)
        full[keep] = centred
        size = int(keep.sum())
        judged.append((full, judged_spread, (size**3 - size) / 12, (size + 1) / 2))
    found: NDArray[np.float64] = np.empty((len(keeps), len(grid)), dtype=np.float64)
    for start in range(0, len(grid), _BLOCK):
        ranked = _Sorted.of(1.0 - grid[start:start + _BLOCK] @ distances.T)
        order, rows, places = ranked.order, ranked.rows, ranked.places
        for row, (keep, (centred, judged_spread, untied, middle)) in enumerate(zip(keeps, judged, strict=True)):
            kept = keep[order]
            upto = _prefix(kept)  # kept pairs before each sorted place
            ranks = upto[:, 1:]  # the ranks 1 … kept, without ties
            spread: NDArray[np.float64] = np.full(len(order), untied, dtype=np.float64)
            if len(rows):
                ranks = ranks.copy()
                untied_ranks = ranks[rows, places]
                ranks[rows, places] = (upto[rows, ranked.lo] + upto[rows, ranked.hi] + 1) / 2
                np.add.at(spread, rows, kept[rows, places] * ((ranks[rows, places] - middle) ** 2
                                                              - (untied_ranks - middle) ** 2))
            together = np.einsum("ij,ij->i", ranks, centred[order])
            found[row, start:start + _BLOCK] = _rho(together, spread, judged_spread)
    return found


def _rho(together: NDArray[np.float64], spread: NDArray[np.float64],
         judged_spread: float | NDArray[np.float64]) -> NDArray[np.float64]:
    """Spearman's rho from the sum of the centred ranks' products and the sums of their squares (-1 where a side
    is all one rank)."""
    both = np.sqrt(spread * judged_spread)
    rho: NDArray[np.float64] = np.where(both > 0, together / np.where(both > 0, both, 1.0), -1.0)
    return rho


def _rhos(distances: NDArray[np.float64], scores: NDArray[np.float64],
          grid: NDArray[np.float64]) -> NDArray[np.float64]:
    """Spearman's rho between the scores and the similarity under each weight vector of the grid."""
    found: NDArray[np.float64] = _rhos_each_kept(distances, scores, grid, [np.ones(len(scores), dtype=bool)])[0]
    return found


def _above_and_tied(prefix: NDArray[np.float64], low: NDArray[np.intp], high: NDArray[np.intp],
                    own: NDArray[np.float64] | float) -> NDArray[np.float64]:
    """From running sums of a value along each weighting's sorted pairs: for each held-out pair (its run of ties
    from ``low`` to ``high``, its own value ``own``), the sum over the pairs above it plus half the sum over the
    others tied with it."""
    at_high = np.take_along_axis(prefix, high, axis=1)
    return prefix[:, -1:] - at_high + (at_high - np.take_along_axis(prefix, low, axis=1) - own) / 2


def _rhos_each_held_out(distances: NDArray[np.float64], scores: NDArray[np.float64], grid: NDArray[np.float64],
                        held: Sequence[int]) -> NDArray[np.float64]:
    """:func:`_rhos` over the pairs left when each pair of ``held`` is held out, one row per held-out pair, from
    one sort of each weighting's pairs and sums over it, without ranking the pairs left: a pair above the held-out
    one in similarity (or in score) loses one from its rank, a pair tied with it a half. With ``r``, ``j`` the
    ranks of all n pairs, ``e``, ``f`` those losses and every sum over the pairs left, rho's numerator is
    Σ (r − e)(j − n/2 − f) and its rank spread Σ (r − e)² − (n − 1)(n/2)²; each sum is read off running sums along
    the sorted pairs, by score level where the judged side enters. The sums are exact (whole or half numbers), so
    each row equals :func:`_rhos` over the pairs left, to the last bit, in time that does not grow with
    ``len(held)`` times the grid."""
    from scipy.stats import rankdata

    n = len(scores)
    held = list(held)
    mine = rankdata(scores) - n / 2  # each pair's judged rank less the mean rank of n - 1 pairs
    judged_spread = np.array([_centred(rankdata(np.delete(scores, k)))[1] for k in held])
    levels = np.unique(scores, return_inverse=True)[1]
    level = levels[held]
    by_level = np.eye(int(levels.max()) + 1)[levels]  # (pairs × score levels)
    found: NDArray[np.float64] = np.empty((len(held), len(grid)), dtype=np.float64)
    for start in range(0, len(grid), _BLOCK):
        ranked = _Sorted.of(1.0 - grid[start:start + _BLOCK] @ distances.T)
        order = ranked.order
        lo, hi = ranked.bounds()
        rank = (lo + hi + 1) / 2
        ranks = np.empty_like(rank)
        np.put_along_axis(ranks, order, rank, axis=1)
        place = np.empty_like(order)
        np.put_along_axis(place, order, np.broadcast_to(np.arange(n), order.shape), axis=1)
        place = place[:, held]
        low, high = np.take_along_axis(lo, place, axis=1), np.take_along_axis(hi, place, axis=1)
        r = ranks[:, held]

        # Σ e·(j − n/2) and Σ e·r, e being 1 above the held-out pair and ½ tied with it
        e_judged = _above_and_tied(_prefix(mine[order]), low, high, mine[held])
        e_ranks = _above_and_tied(_prefix(rank), low, high, r)
        e_squared = (n - high) + (high - low - 1) / 4
        # Σ r·f: f being 1 for a pair judged higher than the held-out one and ½ for one judged the same
        per_level = ranks @ by_level
        higher = np.cumsum(per_level[:, ::-1], axis=1)[:, ::-1] - per_level
        f_ranks = higher[:, level] + (per_level[:, level] - r) / 2
        # Σ e·f, for the held-out pairs of each score level in turn
        e_f = np.empty_like(r)
        sorted_levels = levels[order]
        for lv in np.unique(level):
            cols = np.flatnonzero(level == lv)
            f = (sorted_levels > lv) + (sorted_levels == lv) / 2
            e_f[:, cols] = _above_and_tied(_prefix(f), low[:, cols], high[:, cols], 0.5)
        together = (ranks @ mine)[:, None] - r * mine[held] - f_ranks - e_judged + e_f
        spread = (ranks**2).sum(axis=1, keepdims=True) - r**2 - 2 * e_ranks + e_squared - (n - 1) * (n / 2) ** 2
        found[:, start:start + _BLOCK] = _rho(together, spread, judged_spread).T
    return found


def _plateau(grid: NDArray[np.float64], rho: NDArray[np.float64], distances: NDArray[np.float64],
             scores: NDArray[np.float64], pairs: Sequence[tuple[str, str]], tolerance: float) -> NDArray[np.float64]:
    """The mean of the grid's weight vectors whose rho is within ``tolerance`` of the best, among those that keep
    each game's lowest-judged partner least similar when the pairs' game ids are given."""
    if pairs:
        keep = (grid @ last_partner_constraints(pairs, distances, scores).T > 0).all(axis=1)
        if keep.any():
            grid, rho = grid[keep], rho[keep]
    weights: NDArray[np.float64] = grid[rho >= rho.max() - tolerance].mean(axis=0)
    return weights


def fit_weights(distances: NDArray[np.float64], scores: NDArray[np.float64],
                pairs: Sequence[tuple[str, str]] = (), grid: NDArray[np.float64] | None = None,
                tolerance: float = TOLERANCE) -> NDArray[np.float64]:
    """The weights (adding up to 1) that best rank the pairs as judged: the mean of the grid's weight vectors
    whose rho is within ``tolerance`` of the best one, among those that keep each game's lowest-judged partner
    least similar when the pairs' game ids are given. ``distances`` has one row per pair, one column per
    measure."""
    grid = weight_grid(distances.shape[1]) if grid is None else grid
    return _plateau(grid, _rhos(distances, scores, grid), distances, scores, pairs, tolerance)


def fitted_weights(catalog: Catalog, judgements: Judgements, digits: int = 2,
                   setting: FitSetting | None = None) -> dict[str, float]:
    """:func:`fit_weights` over a reference set with ``setting`` (by default :data:`CHOSEN`), by measure name,
    rounded to ``digits`` decimals (the largest weight takes the rounding remainder, so that they still add up
    to 1): what :data:`amalogs.compare.similarity.MEASURE_WEIGHTS` is set to."""
    setting = setting or CHOSEN
    distances, scores = measured(catalog, judgements)
    fitted = fit_weights(distances, scores, [(j.a, j.b) for j in judgements.pair],
                         weight_grid(distances.shape[1], floor=setting.floor), setting.tolerance)
    rounded = [round(float(w), digits) for w in fitted]
    top = rounded.index(max(rounded))
    rounded[top] = round(rounded[top] + 1 - sum(rounded), digits)
    return dict(zip(MEASURE_WEIGHTS, rounded, strict=True))


def leave_one_out(catalog: Catalog, judgements: Judgements, setting: FitSetting | None = None,
                  held: Sequence[int] | None = None) -> LeaveOneOut:
    """Hold out each judged pair in turn (or only the pairs of index ``held``), fit the weights on the others
    (with ``setting``, by default :data:`CHOSEN`), and predict its similarity; the figure is Spearman's rho
    between the judgements and the predictions (see the module docstring)."""
    from scipy.stats import spearmanr

    setting = setting or CHOSEN
    tolerance = setting.tolerance
    distances, scores = measured(catalog, judgements)
    pairs = [(j.a, j.b) for j in judgements.pair]
    grid = weight_grid(distances.shape[1], floor=setting.floor)
    order = [k for k in range(len(pairs)) if held is None or k in held]
    rows, fitted = [], []
    for start in range(0, len(order), _HELD_AT_ONCE):
        chunk = order[start:start + _HELD_AT_ONCE]
        for k, rho_left in zip(chunk, _rhos_each_held_out(distances, scores, grid, chunk), strict=True):
            keep = np.arange(len(scores)) != k
            w = _plateau(grid, rho_left, distances[keep], scores[keep], [p for m, p in enumerate(pairs) if m != k],
                         tolerance)
            j = judgements.pair[k]
            rows.append((j.a, j.b, j.score, float(1.0 - distances[k] @ w)))
            fitted.append({m: float(x) for m, x in zip(MEASURE_WEIGHTS, w, strict=True)})
    rho = float(spearmanr([r[2] for r in rows], [r[3] for r in rows]).statistic)
    return LeaveOneOut(rho, len(rows), tuple(rows), tuple(fitted))


def leave_one_game_out(catalog: Catalog, judgements: Judgements, setting: FitSetting | None = None,
                       found: tuple[NDArray[np.float64], NDArray[np.float64]] | None = None) -> LeaveOneGameOut:
    """Hold out each game in turn with every pair that touches it, fit the weights on the pairs left (with
    ``setting``, by default :data:`CHOSEN`), and predict the held-out game's pairs; the figure is Spearman's rho
    over all the predictions (see the module docstring). ``found``: :func:`measured`'s result, when the caller
    has it."""
    setting = setting or CHOSEN
    found = found if found is not None else measured(catalog, judgements)
    return _games_held_out(judgements, found, setting.floor, (setting.tolerance,))[setting.tolerance]


def _games_held_out(judgements: Judgements, found: tuple[NDArray[np.float64], NDArray[np.float64]], floor: float,
                    tolerances: Sequence[float]) -> dict[float, LeaveOneGameOut]:
    """:func:`leave_one_game_out` for the settings of one floor and each of ``tolerances``: the tolerance only
    chooses the plateau, so each held-out game's weightings are ranked once for all of them (and each weighting's
pairs are sorted once for all the games, :func:`_rhos_each_kept`)."""
    from scipy.stats import spearmanr

    tolerances = list(dict.fromkeys(tolerances))
    distances, scores = found
    pairs = [(j.a, j.b) for j in judgements.pair]
    games = sorted({g for pair in pairs for g in pair})
    grid = weight_grid(distances.shape[1], floor=floor)
    rows: dict[float, list[tuple[str, str, float, float, str]]] = {t: [] for t in tolerances}
    fitted: dict[float, dict[str, dict[str, float]]] = {t: {} for t in tolerances}
    keeps = [np.array([game not in pair for pair in pairs]) for game in games]
    for game, keep, rho in zip(games, keeps, _rhos_each_kept(distances, scores, grid, keeps), strict=True):
        left = [p for p, k in zip(pairs, keep, strict=True) if k]
        held = [(k, judgements.pair[k]) for k in np.flatnonzero(~keep)]
        kept_distances, kept_scores = distances[keep], scores[keep]
        for tolerance in tolerances:
            w = _plateau(grid, rho, kept_distances, kept_scores, left, tolerance)
            fitted[tolerance][game] = {m: float(x) for m, x in zip(MEASURE_WEIGHTS, w, strict=True)}
            rows[tolerance] += [(j.a, j.b, j.score, float(1.0 - distances[k] @ w), game) for k, j in held]
    return {t: LeaveOneGameOut(float(spearmanr([r[2] for r in rows[t]], [r[3] for r in rows[t]]).statistic),
                               len(games), tuple(rows[t]), fitted[t]) for t in tolerances}


def choose_setting(catalog: Catalog, judgements: Judgements,
                   settings: Sequence[FitSetting] = SETTINGS) -> list[tuple[FitSetting, float]]:
    """Each fit setting with its leave-one-game-out rho, best first: the weights are chosen by how well they
    carry to a game the fit has not seen, not by how well they fit the pairs they were fitted on. The settings
    of one floor share their ranking (:func:`_games_held_out`)."""
    found = measured(catalog, judgements)
    floors = dict.fromkeys(s.floor for s in settings)
    held = {floor: _games_held_out(judgements, found, floor, [s.tolerance for s in settings if s.floor == floor])
            for floor in floors}
    scored = [(setting, held[setting.floor][setting.tolerance].rho) for setting in settings]
    return sorted(scored, key=lambda sr: -sr[1])
