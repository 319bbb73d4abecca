"""Fit the search player's evaluation again: a logistic model of who wins, from greedy-against-greedy matches.

At the start of every turn of N seeded greedy mirror matches per shipped game (each game's first sample
deck on both sides), both seats' features (``amalogs.referee.players.search.features``: life left, life lost
squared, board, hand, resources, who is active — each one side's less the other's) are recorded with whether
that seat went on to win (drawn matches are left out). One logistic regression over all games (Newton's
method, a little L2) gives the weights; it prints them as ``WEIGHTS`` is written, then each game's log loss
and accuracy under the fitted and under the shipped weights.

    python benchmarks/search_evaluation.py            # 150 matches per game (seeds 1000 …), as shipped
    python benchmarks/search_evaluation.py -n 40 --games BD,GH
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import numpy as np

from amalogs.catalog import load_catalog
from amalogs.referee.engine.match import Match
from amalogs.referee.players.greedy import GreedyPlayer
from amalogs.referee.players.search import FEATURES, WEIGHTS, features
from amalogs.referee.sessions.sides import resolve_side

GAMES = ("BD", "GH", "SGK", "BJ", "MTG", "VG", "Z/X")

Rows = tuple[list[tuple[float, ...]], list[float]]


def positions(game: str, seeds: range) -> Rows:
    """Features at the start of each turn of greedy mirror matches, with 1 for the seat that won."""
    catalog = load_catalog()
    side = resolve_side(catalog, game)
    xs: list[tuple[float, ...]] = []
    ys: list[float] = []
    for seed in seeds:
        m = Match.new(catalog, [(side.game, side.deck)] * 2, seed, log_events=False)
        players, rng, turn = [GreedyPlayer(), GreedyPlayer()], random.Random(seed), -1
        seen: list[tuple[tuple[float, ...], int]] = []
        while not m.is_terminal():
            s = m.state
            if s.turn != turn and s.phase != "setup":
                turn = s.turn
                seen += [(features(s, me), me) for me in (0, 1)]
            me = m.current_player()
            assert me is not None
            m.apply_action(players[me].choose(m.observation(me), m.legal_actions(), rng))
        if m.state.winner is not None:
            xs += [x for x, _ in seen]
            ys += [float(me == m.state.winner) for _, me in seen]
    return xs, ys


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression without an intercept (the features are differences), by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
        if np.abs(grad).max() < 1e-10:
            break
    return w


def scores(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    """Log loss and accuracy of weights w."""
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), float(np.mean((p > 0.5) == (y > 0.5)))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("-n", type=int, default=150, help="matches per game")
    parser.add_argument("--seed", type=int, default=1000, help="the first seed")
    args = parser.parse_args(argv)
    data = {g: positions(g, range(args.seed, args.seed + args.n)) for g in args.games.split(",")}
    x = np.array([row for xs, _ in data.values() for row in xs])
    y = np.array([v for _, ys in data.values() for v in ys])
    w = fit(x, y)
    print("WEIGHTS = (" + ", ".join(f"{v:.2f}" for v in w) + ")  # " + ", ".join(FEATURES))
    shipped = np.array(WEIGHTS)
    for game, (xs, ys) in data.items():
        gx, gy = np.array(xs), np.array(ys)
        fitted, now = scores(gx, gy, w), scores(gx, gy, shipped)
        print(f"{game:<4} {len(ys):>5} positions  fitted: log loss {fitted[0]:.3f}, accuracy {fitted[1]:.1%}  "
              f"shipped: log loss {now[0]:.3f}, accuracy {now[1]:.1%}")


if __name__ == "__main__":
    main()
