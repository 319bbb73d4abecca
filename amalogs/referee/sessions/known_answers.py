"""Known-answer positions (python-chess's EPD and perft files, for rulings): a position file that also says
where the ruling comes from, the actions to take and what must follow.

Besides the position's own keys, a known-answer file has:

- ``source`` — where the ruling comes from (a seed document's line, a rule of ``docs/rules.md``);
- ``data_root`` (optional) — a data folder, relative to the file, whose games the position uses besides the
  shipped ones (a game written as data);
- ``do`` — the actions to take in order (as ``amalogs position --do`` takes them: text with card ids or
  numbers);
- ``[expect]`` — what must hold afterwards: ``events`` (each a table of fields that some later event must
  have, in this order), ``absent`` (tables no event may match), ``legal`` / ``not_legal`` (action texts that
  must be / must not be legal at the end), ``outcome`` (``winner``, ``reason``; ``false`` for a match still
  going) and ``state`` (a part of the resulting position: tables compare the keys they list, lists compare
  element by element, and a card written ``card-id`` matches any instance of that card).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee.engine.positions import read_position, resolve_action

__all__ = ["KnownAnswer", "in_order", "legal_problems", "matches", "none_of", "readable", "run_known_answer"]

KEYS = ("source", "data_root", "do", "expect")


class KnownAnswer:
    """A known-answer file, read: its position, the actions and the expectations."""

    def __init__(self, path: Path) -> None:
        data = read_position(path)
        self.path = path
        self.source = str(data.pop("source", ""))
        self.actions = [str(a) for a in data.pop("do", [])]
        root = data.pop("data_root", None)
        self.data_root = (path.parent / str(root)).resolve() if root else None
        self.expect: dict[str, Any] = dict(data.pop("expect", {}))
        self.position = data
        if not self.source:
            raise AmalogsError(f"{path}: source: a known answer says where its ruling comes from")


def matches(want: Any, got: Any) -> bool:
    """Whether ``got`` has what ``want`` lists: a table compares the keys it lists (a key the dump leaves out
    has its default: false, 0, empty), a table keyed by numbers picks list elements (``{ 1 = … }``: the second
    seat), a list compares element by element, and a card id without ``#N`` matches any of its instances,
    bare or as a table's ``card``."""
    if isinstance(want, dict):
        if isinstance(got, list):
            return all(str(k).isdigit() and int(k) < len(got) and matches(v, got[int(k)]) for k, v in want.items())
        if isinstance(got, str) and "#" in got:  # a card written bare: nothing else is true of it
            got = {"card": got}
        if not isinstance(got, dict):
            return False
        return all(matches(v, got[k]) if k in got else _default(v) for k, v in want.items())
    if isinstance(want, list):
        return isinstance(got, list) and len(want) == len(got) and all(matches(w, g) for w, g in zip(want, got))
    if isinstance(want, str) and isinstance(got, dict) and "card" in got:
        return matches(want, got["card"])
    if isinstance(want, str) and isinstance(got, str) and "#" in got and "#" not in want:
        return got.partition("#")[0] == want
    return bool(want == got)


def _default(want: Any) -> bool:
    """Whether ``want`` holds of a key the dump leaves out (it has its default: false, 0, empty)."""
    if isinstance(want, dict):
        return matches(want, {})
    return want in (False, 0, None) or want == []


def run_known_answer(catalog: Catalog, case: KnownAnswer) -> list[str]:
    """Load the position, take the actions, and list every expectation that does not hold (empty: all hold)."""
    from amalogs.referee.engine.match import Match

    if case.data_root is not None:
        from amalogs.catalog import load_catalog

        catalog = load_catalog([case.data_root])
    match = Match.from_position(catalog, case.position, str(case.path))
    for text in case.actions:
        match.apply_action(resolve_action(match, text))
    events = [readable(match, e) for e in match.state.events]
    problems = in_order(case.expect.get("events", []), events, "event")
    problems += none_of(case.expect.get("absent", []), events, "event")
    problems += legal_problems(match, match.legal_actions(), case.expect, lambda t: t)
    if "outcome" in case.expect:
        want = case.expect["outcome"]
        got = match.outcome
        if want is False:
            if got is not None:
                problems.append(f"the match ended ({got.reason})")
        elif got is None or not matches(want, {"winner": got.winner, "reason": got.reason}):
            problems.append(f"outcome {got} is not {want}")
    if "state" in case.expect and not matches(case.expect["state"], match.position(catalog)):
        problems.append(f"the position does not have {case.expect['state']}: {match.position(catalog)}")
    return problems


def readable(match: Any, event: dict[str, Any]) -> dict[str, Any]:
    """An event with its card numbers also as ``card-id#N`` (so expectations may name cards by id)."""
    cards = match.state.cards
    out = dict(event)
    for key in ("card", "attacker", "defender", "blocker", "target", "base", "under", "swapped", "resource", "leader"):
        value = event.get(key)
        if isinstance(value, int) and 0 <= value < len(cards):
            out[key] = f"{cards[value].card_id}#{value}"
    return out


def in_order(wanted: Sequence[Any], events: Sequence[dict[str, Any]], what: str) -> list[str]:
    """The ``events`` expectation: each wanted table matches some event after the one the previous matched."""
    problems, at = [], 0
    for want in wanted:
        found = next((k for k in range(at, len(events)) if matches(want, events[k])), None)
        if found is None:
            problems.append(f"no {what} {want} (after {what} {at})")
        else:
            at = found + 1
    return problems


def none_of(unwanted: Sequence[Any], events: Sequence[dict[str, Any]], what: str) -> list[str]:
    """The ``absent`` expectation: no event matches any of the tables."""
    hits = [next((e for e in events if matches(u, e)), None) for u in unwanted]
    return [f"{what} {hit} should not happen" for hit in hits if hit is not None]


def legal_problems(match: Any, legal: Sequence[Any], expect: dict[str, Any], words: Callable[[str], str]) -> list[str]:
    """The ``legal`` and ``not_legal`` expectations against the actions ``legal`` (``words`` rewrites an
    expectation's text first, as the meta-game's ``avatar K`` for a seat): every action named in ``legal`` is
    among them, none named in ``not_legal`` is (an action that names nothing there cannot be legal)."""
    texts = [a.text() for a in legal]
    problems = []
    for text in expect.get("legal", []):
        if match.is_terminal():  # the match is over: nothing to resolve the text against, and nothing is legal
            problems.append(f"{text!r} is not legal (legal: {', '.join(texts)})")
            continue
        try:
            action = resolve_action(match, words(text)).text()
        except AmalogsError as exc:
            problems.append(f"legal {text!r}: {exc}")
            continue
        if action not in texts:
            shown = f"{text!r}" if action == text else f"{text!r} ({action})"
            problems.append(f"{shown} is not legal (legal: {', '.join(texts)})")
    for text in expect.get("not_legal", []):
        try:
            action = resolve_action(match, words(text)).text()
        except AmalogsError:
            continue
        if action in texts:
            shown = f"{text!r}" if action == text else f"{text!r} ({action})"
            problems.append(f"{shown} is legal")
    return problems
