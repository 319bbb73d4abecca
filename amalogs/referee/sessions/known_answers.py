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

from pathlib import Path
from typing import Any

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee.engine.positions import read_position, resolve_action

__all__ = ["KnownAnswer", "run_known_answer", "matches"]

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
    events = match.state.events
    problems: list[str] = []
    at = 0
    for want in case.expect.get("events", []):
        found = next((k for k in range(at, len(events)) if matches(want, _readable(match, events[k]))), None)
        if found is None:
            problems.append(f"no event {want} (after event {at})")
        else:
            at = found + 1
    for unwanted in case.expect.get("absent", []):
        hit = next((e for e in events if matches(unwanted, _readable(match, e))), None)
        if hit is not None:
            problems.append(f"event {hit} should not happen")
    legal = [a.text() for a in match.legal_actions()]
    named = [resolve_action(match, t).text() if not match.is_terminal() else t for t in case.expect.get("legal", [])]
    problems += [f"{t!r} is not legal (legal: {', '.join(legal)})" for t in named if t not in legal]
    for text in case.expect.get("not_legal", []):
        try:
            action = resolve_action(match, text).text()
        except AmalogsError:
            continue
        if action in legal:
            problems.append(f"{text!r} is legal")
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


def _readable(match: Any, event: dict[str, Any]) -> dict[str, Any]:
    """An event with its card numbers also as ``card-id#N`` (so expectations may name cards by id)."""
    cards = match.state.cards
    out = dict(event)
    for key in ("card", "attacker", "defender", "blocker", "target", "base", "under", "swapped"):
        value = event.get(key)
        if isinstance(value, int) and 0 <= value < len(cards):
            out[key] = f"{cards[value].card_id}#{value}"
    return out
