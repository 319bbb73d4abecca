"""The replay pages: the upload form, and a replay at one event with its controls (first, back, a slider over
every event, forward, last; the keyboard's ← and → with the page script), shown as a spectator, one seat or a
judge. The table itself is :func:`~amalogs.web.views.table_fragment` of the match at that event."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from amalogs.errors import AmalogsError
from amalogs.web.replays import REPLAY_LIMIT, VIEWERS
from amalogs.web.views import (
    esc,
    judge_observation,
    page,
    public_observation,
    table_fragment,
)

if TYPE_CHECKING:
    from amalogs.web.replays import Replay
    from amalogs.web.tables import TableStore

__all__ = ["replay_index_page", "replay_page", "replay_payload", "viewer_of"]

VIEWER_WORDS = {"spectator": "spectator", "0": "P1", "1": "P2", "judge": "judge (both hands)"}


def viewer_of(text: str | None) -> str:
    """The ``as`` of a replay address: ``spectator`` (the default), ``0``, ``1`` or ``judge``."""
    key = (text or "spectator").strip().lower()
    if key not in VIEWERS:
        raise AmalogsError(f"as={key[:20]!r}: show the replay as one of spectator, 0, 1, judge")
    return key


def at_of(replay: Replay, text: str | None) -> int:
    """The event of a replay address (``at``), clamped to the match's events; the start when not given."""
    if text is None or not text.strip():
        return replay.event_of(0)
    try:
        k = int(text)
    except ValueError:
        raise AmalogsError(f"at={text[:20]!r}: expected an event number") from None
    return max(0, min(k, replay.events - 1))


def replay_index_page(store: TableStore) -> str:
    """The upload form and the finished matches of the server."""
    done = [f'<li><a href="/replay/match-{esc(t.id)}">{esc(t.seat_title(0))} vs {esc(t.seat_title(1))}</a> '
            f'<span class="dim">{esc(t.result() or "")}</span></li>'
            for t in sorted(store, key=lambda t: t.created, reverse=True) if t.finished]
    body = (f'<h1>replay a match</h1><section><h2>open a file</h2>'
            f'<form class="upload" method="post" action="/replay" enctype="multipart/form-data">'
            f'<label>a match log (<code>amalogs match … --log m.jsonl</code>) or a save '
            f'(<code>--save</code>) <input type="file" name="file" accept=".jsonl,.json" required></label>'
            f'<button type="submit">open</button></form>'
            f'<p class="dim">at most {REPLAY_LIMIT // 1024:,} KiB; the match is played again from its seed and every '
            f'event checked, as <code>amalogs replay</code> does.</p></section>'
            f'<section><h2>finished matches here</h2><ul class="matches">{"".join(done) or "<li>none yet</li>"}</ul>'
            f'</section>')
    return page("AMALOGS — replay", body)


def _href(replay: Replay, k: int, viewer: str) -> str:
    query = {"at": str(k)} if viewer == "spectator" else {"as": viewer, "at": str(k)}
    return f"/replay/{replay.id}?{urlencode(query)}"


def _steps(replay: Replay, k: int) -> dict[str, int]:
    i = replay.index(k)
    return {"first": 0, "prev": replay.event_of(i - 1) if i > 0 else 0, "next": replay.event_of(i + 1),
            "last": replay.events - 1}


def _where(replay: Replay, k: int) -> str:
    return f"event {k} of {replay.events - 1} · decision {replay.index(k)} of {replay.decisions}"


def _fragment(replay: Replay, k: int, viewer: str) -> str:
    table = replay.table_at(k)
    seat = int(viewer) if viewer in ("0", "1") else None
    note = ('<p class="judge-note">judge\'s view: both seats\' hands and face-down cards are shown</p>'
            if viewer == "judge" else "")
    return note + table_fragment(table, seat, live=False, judge=viewer == "judge")


def replay_page(replay: Replay, k: int, viewer: str) -> str:
    with replay.lock:
        fragment = _fragment(replay, k, viewer)
        title = f"{replay.table_at(k).seat_title(0)} vs {replay.table_at(k).seat_title(1)}"
    steps = _steps(replay, k)
    views = " · ".join(f'<b>{esc(word)}</b>' if key == viewer else f'<a href="{esc(_href(replay, k, key))}">{esc(word)}</a>'
                       for key, word in VIEWER_WORDS.items())
    links = {name: f'<a class="step" id="{name}" data-at="{at}" href="{esc(_href(replay, at, viewer))}">{label}</a>'
             for (name, at), label in zip(steps.items(), ("« start", "← back", "forward →", "end »"), strict=True)}
    hidden = "" if viewer == "spectator" else f'<input type="hidden" name="as" value="{esc(viewer)}">'
    bar = (f'<section class="replay-bar"><h1>replay: {esc(title)}</h1><p class="dim check">{esc(replay.check)}</p>'
           f'<p class="viewers">as: {views}</p>'
           f'<form class="steps" method="get" action="/replay/{esc(replay.id)}">{hidden}'
           f'{links["first"]}{links["prev"]}'
           f'<input type="range" id="at" name="at" min="0" max="{replay.events - 1}" value="{k}" '
           f'aria-label="event">{links["next"]}{links["last"]}<button type="submit">go</button></form>'
           f'<p id="where">{esc(_where(replay, k))}</p></section>')
    data = {"replay": f"/replay/{replay.id}", "as": viewer}
    return page(f"AMALOGS — replay {title}", f'{bar}<div id="table">{fragment}</div>', data=data, script="replay.js")


def replay_payload(replay: Replay, k: int, viewer: str) -> dict[str, Any]:
    """The replay at event ``k`` for the page script and for programs: the table's HTML, the steps, and what
    the viewer sees — ``observation`` (a seat's, as ``amalogs position --as SEAT --format json``; a
    spectator's public one) or, for a judge, ``position`` (as ``amalogs position --format json``)."""
    with replay.lock:
        table = replay.table_at(k)
        match = table.session.match
        data: dict[str, Any] = {"ok": True, "at": k, "decision": replay.index(k), "events": replay.events,
                                "decisions": replay.decisions, "where": _where(replay, k), **_steps(replay, k),
                                "legal": [a.text() for a in match.legal_actions()], "html": _fragment(replay, k, viewer)}
        if viewer == "judge":
            data["position"] = match.position(replay.catalog)
            data["observation"] = judge_observation(match)
        elif viewer == "spectator":
            data["observation"] = public_observation(match)
            data["legal"] = []
        else:
            data["observation"] = match.observation(int(viewer))
            if match.state.decider != int(viewer):
                data["legal"] = []
        data["outcome"] = None if match.outcome is None else {
            "winner": match.outcome.winner, "reason": match.outcome.reason, "turns": match.outcome.turns}
    return data
