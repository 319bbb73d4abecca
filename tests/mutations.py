"""What the fuzz suites share: choosing a place inside parsed data to damage."""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def paths(data: Any, prefix: tuple[Any, ...] = (), depth: int = 20, width: int = 50) -> list[tuple[Any, ...]]:
    """Every key path inside ``data`` (tables and lists), at most ``depth`` deep and ``width`` items a list."""
    out = [prefix]
    if len(prefix) > depth:
        return out
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*prefix, k), depth, width)
    elif isinstance(data, list):
        for i, v in enumerate(data[:width]):
            out += paths(v, (*prefix, i), depth, width)
    return out


def pick(data: Any, rng: random.Random) -> tuple[Any, Any] | None:
    """A random place inside ``data``: (the table or list holding it, its key or index); None when it has none."""
    found = [p for p in paths(data) if p]
    if not found:
        return None
    path = rng.choice(found)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    return parent, path[-1]


class CaseTimeout(Exception):
    """A fuzz case that ran longer than its limit (a hang)."""


@contextmanager
def time_limit(seconds: float = 10, what: str = "") -> Iterator[None]:
    """Fail a case that runs longer than ``seconds`` instead of waiting for ever (SIGALRM; the main thread)."""

    def expire(signum: int, frame: Any) -> None:
        raise CaseTimeout(f"the case ran longer than {seconds} s" + (f": {what}" if what else ""))

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
