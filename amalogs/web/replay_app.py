"""The replay routes (docs/web.md): ``GET /replay`` the form and the finished matches; ``POST /replay`` opens an
uploaded log or save (the ``file`` field of a form, or the whole body with ``?name=``) and answers with its
address; ``GET /replay/{id}?at=K&as=V`` the replay at event K as V (``spectator``, ``0``, ``1``, ``judge``) and
``…/view`` the same as JSON; ``/replay/match-{id}`` a finished match of the server. Every refusal is one line:
a page, or ``{"ok": false, "message"}`` for a program."""

from __future__ import annotations

import functools

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from amalogs.errors import AmalogsError
from amalogs.web.replay_views import (
    at_of,
    replay_index_page,
    replay_page,
    replay_payload,
    viewer_of,
)
from amalogs.web.bodies import read_body, read_form
from amalogs.web.replays import REPLAY_LIMIT, Replay, ReplayStore
from amalogs.web.tables import MoveRefused, TableStore
from amalogs.web.views import html_response, message_page

__all__ = ["replay_routes"]


def replay_routes(replays: ReplayStore, store: TableStore) -> list[Route]:
    return [
        Route("/replay", functools.partial(_replays, store=store), methods=["GET"]),
        Route("/replay", functools.partial(_upload, replays=replays), methods=["POST"]),
        Route("/replay/{replay}", functools.partial(_replay, replays=replays, store=store, json=False),
              methods=["GET"]),
        Route("/replay/{replay}/view", functools.partial(_replay, replays=replays, store=store, json=True),
              methods=["GET"]),
    ]


def _wants_json(request: Request) -> bool:
    return "json" in request.headers.get("accept", "")


async def _replays(request: Request, store: TableStore) -> Response:
    return html_response(await run_in_threadpool(replay_index_page, store))


async def _uploaded(request: Request) -> tuple[str, bytes]:
    """The uploaded file of a request: the ``file`` field of a form (multipart), or the whole body (``?name=``)."""
    body = await read_body(request, REPLAY_LIMIT + 64 * 1024, "the file")
    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        return request.query_params.get("name", "upload"), body
    _, files = await read_form(request, body, max_files=1, max_fields=4, max_part=REPLAY_LIMIT)
    if "file" not in files:
        raise MoveRefused("no file: choose a match log or a save", 400)
    return files["file"]


async def _upload(request: Request, replays: ReplayStore) -> Response:
    try:
        name, data = await _uploaded(request)
        replay = await run_in_threadpool(replays.upload, name, data)
    except AmalogsError as exc:
        status = exc.status if isinstance(exc, MoveRefused) else 400
        if _wants_json(request):
            return JSONResponse({"ok": False, "message": str(exc)}, status)
        return html_response(message_page("not opened", str(exc), back="/replay"), status)
    if _wants_json(request):
        return JSONResponse({"ok": True, "id": replay.id, "url": f"/replay/{replay.id}", "events": replay.events,
                             "check": replay.check}, 201)
    return RedirectResponse(f"/replay/{replay.id}", 303)


def _open_replay(replay_id: str, replays: ReplayStore, store: TableStore) -> Replay:
    if replay_id.startswith("match-"):
        table = store.get(replay_id.removeprefix("match-"))
        if table is None:
            raise MoveRefused("no such match", 404)
        return replays.of_match(table)
    found = replays.get(replay_id)
    if found is None:
        raise MoveRefused("no such replay", 404)
    return found


async def _replay(request: Request, replays: ReplayStore, store: TableStore, json: bool) -> Response:
    try:
        replay = await run_in_threadpool(_open_replay, request.path_params["replay"], replays, store)
        viewer = viewer_of(request.query_params.get("as"))
        k = at_of(replay, request.query_params.get("at"))
        if json:
            return JSONResponse(await run_in_threadpool(replay_payload, replay, k, viewer),
                                headers={"cache-control": "no-store"})
        return html_response(await run_in_threadpool(replay_page, replay, k, viewer))
    except AmalogsError as exc:
        status = exc.status if isinstance(exc, MoveRefused) else 400
        if json:
            return JSONResponse({"ok": False, "message": str(exc)}, status)
        return html_response(message_page("no replay", str(exc), back="/replay"), status)
