"""The web app (Starlette): the lobby, the table pages, moves, and the live stream of each page.

Routes (the table in docs/web.md): ``GET /`` the lobby, ``POST /matches`` and ``POST /api/matches`` create a
match; ``/m/{id}/seat/{token}`` a seat's page (``POST``: its decision), ``/m/{id}/watch`` the spectators',
``/m/{id}/organiser/{token}`` the organiser's (both hands; it never acts), each with ``…/view`` (JSON) and
``…/stream`` (server-sent events); ``GET /api/matches/{id}`` a match for programs (no tokens); ``/replay…`` the
replays (:mod:`amalogs.web.replay_app`); ``/reports/…`` and ``/games/…`` the reports and a page per game and card
(:mod:`amalogs.web.report_pages`); ``/static/…`` the style sheet, the scripts and the Japanese font.

AI seats decide on the server, in a worker thread, one decision at a time; each change wakes every stream of
that match. Every response carries a Content Security Policy that allows only the app's own script, style and
font, and ``Referrer-Policy: no-referrer`` so a seat link never leaks to another site.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Iterable
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.web.replay_app import replay_routes
from amalogs.web.bodies import read_body, read_form
from amalogs.web.replays import REPLAY_LIMIT, ReplayStore
from amalogs.web.report_pages import report_routes
from amalogs.web.tables import MoveRefused, Table, TableStore
from amalogs.web.decks import PASTED_LIMIT
from amalogs.web.views import (
    html_response,
    created_page,
    lobby_page,
    message_page,
    table_fragment,
    table_page,
)

__all__ = ["BODY_CAP", "Hub", "create_app", "link_base"]

log = logging.getLogger("amalogs.web")
STATIC = Path(__file__).parent / "static"
KEEP_ALIVE = 15.0  # seconds between comments on an idle stream (proxies and phones drop silent connections)
# two pasted lists at their limit however they are encoded (a JSON \u escape is 6 bytes a character), and the rest
BODY_LIMIT = 2 * 6 * PASTED_LIMIT + 64 * 1024
SECURITY_HEADERS = [
    (b"content-security-policy", (b"default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; "
                                  b"img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; "
                                  b"frame-ancestors 'none'")),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]


class Hub:
    """The matches of the app and who waits on them: each change to a match wakes its streams; AI seats are
    played by one task per match."""

    def __init__(self, store: TableStore, ai_delay: float = 0.0) -> None:
        self.store, self.ai_delay = store, ai_delay
        self.closing = False
        self._changed: dict[str, asyncio.Event] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def changed(self, match_id: str) -> asyncio.Event:
        """The event the next change of a match sets (take it before reading the match, then wait on it)."""
        event = self._changed.get(match_id)
        if event is None:
            event = self._changed[match_id] = asyncio.Event()
        return event

    def notify(self, match_id: str) -> None:
        event = self._changed.pop(match_id, None)
        if event is not None:
            event.set()

    def close(self) -> None:
        """End every stream (the server is stopping); safe to call from another thread."""
        self.closing = True
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(self._wake_all)

    def _wake_all(self) -> None:
        for match_id in list(self._changed):
            self.notify(match_id)

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        for table in self.store:
            self.kick(table)

    def kick(self, table: Table) -> None:
        """Let the AI seats of a match decide until a person must (one task per match)."""
        running = self._tasks.get(table.id)
        if (running is None or running.done()) and table.ai_to_move():
            self._tasks[table.id] = asyncio.create_task(self._advance(table))

    async def _advance(self, table: Table) -> None:
        while not self.closing:
            if self.ai_delay:
                await asyncio.sleep(self.ai_delay)
            moved = await run_in_threadpool(table.step_ai)
            self.notify(table.id)
            if not moved:
                return

    async def stop(self) -> None:
        self.close()
        for task in self._tasks.values():
            task.cancel()
        for task in self._tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for table in self.store:  # what the AI seats played since the last save
            await run_in_threadpool(table.save_if_due)


LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
BODY_CAP = REPLAY_LIMIT + 64 * 1024  # the largest body any route reads (an uploaded log or save, with its form)


class _BodyTooLarge(Exception):
    """A request body passed :data:`BODY_CAP` while it was being read."""


def _host_name(value: str) -> str:
    """The name or address of a ``Host`` header, without its port (``[::1]:8000`` → ``::1``)."""
    value = value.strip().lower()
    if value.startswith("["):  # an IPv6 address, then nothing or a port
        inside, _, rest = value[1:].partition("]")
        return inside if rest == "" or (rest.startswith(":") and rest[1:].isdigit()) else ""
    name, colon, port = value.partition(":")
    return name if not colon or port.isdigit() else ""


class _Guard:
    """ASGI middleware in front of every route: a ``Host`` that is not one of the server's own is refused (400),
    a body is counted as it streams and refused at :data:`BODY_CAP` (413, with no more of it read, so memory stays
    flat whatever is sent), and every response carries the security headers.

    The server's own hosts are the loopback names, the host of ``public_url``, any ``allowed`` names, and the
    address the request arrived at (the socket's, not a header's), so a page opened by the LAN address works,
    while a name pointed at this machine by someone else's DNS (rebinding) gets nothing."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        server = scope.get("server") or ("", None)
        host = _host_name(headers.get(b"host", b"").decode("latin-1"))
        if not host or (host not in self.hosts and host != str(server[0]).lower()):
            await _plain(send, 400, "this server does not answer to that Host: open it by its own address")
            return
        declared = headers.get(b"content-length", b"")
        if declared and (not declared.isdigit() or int(declared) > BODY_CAP):
            await _plain(send, 413 if declared.isdigit() else 400,
                         f"the request is over the limit of {BODY_CAP:,} bytes" if declared.isdigit()
                         else "unreadable request: a bad Content-Length")
            return
        received = 0
        started = False

        async def counting() -> Any:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > BODY_CAP:
                    raise _BodyTooLarge
            return message

        async def sending(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        try:
            await self.app(scope, counting, sending)
        except _BodyTooLarge:
            if not started:
                await _plain(send, 413, f"the request is over the limit of {BODY_CAP:,} bytes")


async def _plain(send: Send, status: int, message: str) -> None:
    """A refusal before any route ran: one line of JSON, with the security headers (the connection is closed, so
    the rest of a body too large is never read)."""
    body = json.dumps({"ok": False, "message": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


def create_app(data_dir: Path, catalog: Catalog | None = None, *, ai_delay: float = 0.0,
               public_url: str | None = None, allowed_hosts: Iterable[str] = ()) -> Starlette:
    """The app over a data directory: every match there is resumed when the app starts. ``public_url`` (the
    address the server was started with: its LAN address when serving the network, or ``--public-url`` behind a
    proxy) is the base of every link given out; without it, the address the request arrived at (the socket's,
    never a ``Host`` header). ``allowed_hosts``: more names the server answers to (besides the loopback names,
    ``public_url``'s host and the address a request arrived at)."""
    if catalog is None:
        from amalogs.catalog import load_catalog

        catalog = load_catalog(lenient=True)
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    store = TableStore(catalog, data_dir)
    store.load_all()
    hub = Hub(store, ai_delay)
    replays = ReplayStore(catalog, data_dir)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start()
        yield
        await hub.stop()

    routes = [
        Route("/", functools.partial(_lobby, store=store), methods=["GET"]),
        Route("/matches", functools.partial(_create, hub=hub, form=True), methods=["POST"]),
        Route("/api/matches", functools.partial(_create, hub=hub, form=False), methods=["POST"]),
        Route("/api/matches/{match}", functools.partial(_summary, store=store), methods=["GET"]),
        Route("/m/{match}/log", functools.partial(_log, store=store), methods=["GET"]),
        Route("/m/{match}/seat/{token}", functools.partial(_seat, hub=hub), methods=["GET", "POST"]),
        Route("/m/{match}/seat/{token}/view", functools.partial(_view, hub=hub), methods=["GET"]),
        Route("/m/{match}/seat/{token}/stream", functools.partial(_stream, hub=hub), methods=["GET"]),
        Route("/m/{match}/watch", functools.partial(_watch, hub=hub), methods=["GET"]),
        Route("/m/{match}/watch/view", functools.partial(_view, hub=hub), methods=["GET"]),
        Route("/m/{match}/watch/stream", functools.partial(_stream, hub=hub), methods=["GET"]),
        Route("/m/{match}/organiser/{organiser}", functools.partial(_watch, hub=hub), methods=["GET"]),
        Route("/m/{match}/organiser/{organiser}/view", functools.partial(_view, hub=hub), methods=["GET"]),
        Route("/m/{match}/organiser/{organiser}/stream", functools.partial(_stream, hub=hub), methods=["GET"]),
        *replay_routes(replays, store),
        *report_routes(catalog),
        Route("/static/ipaexg.ttf", _font, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    app.state.store = store
    app.state.replays = replays
    app.state.public_url = public_url
    hosts = set(LOOPBACK) | {_host_name(h) for h in allowed_hosts}
    if public_url:
        hosts.add((urlsplit(public_url).hostname or "").lower())
    app.add_middleware(_Guard, hosts=frozenset(h for h in hosts if h))
    return app


def link_base(request: Request) -> str:
    """The base of the links a response gives out: the configured public address, else the address the request
    arrived at (its socket's), never the request's ``Host`` header."""
    public = request.app.state.public_url
    if public:
        return str(public).rstrip("/")
    host, port = request.scope.get("server") or ("localhost", None)
    shown = f"[{host}]" if ":" in str(host) else str(host)
    scheme = request.url.scheme if request.url.scheme in ("http", "https") else "http"
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{shown}" + ("" if port in (None, default) else f":{port}")


# --- handlers -------------------------------------------------------------------------------------------------------


async def _lobby(request: Request, store: TableStore) -> Response:
    return html_response(await run_in_threadpool(lobby_page, store.catalog, store))


async def _font(request: Request) -> Response:
    from amalogs.report.figures import font_path

    return FileResponse(font_path(), media_type="font/ttf", headers={"cache-control": "public, max-age=86400"})


FIELDS = frozenset({"deck1", "deck2", "decklist1", "decklist2", "deckfile1", "deckfile2", "seat1", "seat2", "seed",
                    "turn_cap", "rulings", "action"})
"""Every field a form or JSON body of the app may carry (another is refused, naming the allowed ones)."""
MAX_FIELDS = 20


def _flat(data: object) -> dict[str, str]:
    """A JSON body's fields: an object of at most :data:`MAX_FIELDS` known keys whose values are text, numbers,
    true/false or null (nothing nested)."""
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object of fields")
    if len(data) > MAX_FIELDS:
        raise ValueError(f"{len(data)} fields: at most {MAX_FIELDS}")
    fields = {}
    for key, value in data.items():
        if isinstance(value, dict | list):
            raise ValueError(f"{str(key)[:40]!r}: expected text or a number, not {type(value).__name__}")
        fields[str(key)] = "" if value is None else ("true" if value is True else "false" if value is False
                                                     else str(value))
    return fields


async def _fields(request: Request, files: dict[str, tuple[str, bytes]] | None = None) -> dict[str, str]:
    """A request's fields: a form (urlencoded, or multipart when ``files`` takes its files: name and bytes) or a
    JSON object of flat fields; a body over the limit (413), nested, unreadable or with unknown fields (400) is
    refused in one line."""
    body = await read_body(request, BODY_LIMIT)
    kind = request.headers.get("content-type", "")
    if files is not None and kind.startswith("multipart/form-data"):
        fields, found = await read_form(request, body, max_files=2, max_fields=MAX_FIELDS, max_part=BODY_LIMIT)
        files.update(found)
    else:
        try:
            if "json" in kind:
                fields = _flat(json.loads(body or b"{}"))
            else:
                fields = {k: v[-1] for k, v in parse_qs(body.decode("utf-8"), keep_blank_values=True,
                                                        max_num_fields=MAX_FIELDS).items()}
        except RecursionError:
            raise MoveRefused("unreadable request: JSON nested too deeply", 400) from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise MoveRefused(f"unreadable request: {str(exc)[:200]}", 400) from None
    unknown = sorted((set(fields) | set(files or ())) - FIELDS)
    if unknown:
        raise MoveRefused(f"unknown field {unknown[0][:40]!r} (the fields are: {', '.join(sorted(FIELDS))})", 400)
    return fields


def _number(fields: dict[str, str], key: str, default: int | None) -> int | None:
    text = fields.get(key, "").strip()
    if not text:
        return default
    if len(text) > 40 or not text.lstrip("-").isdigit():
        raise MoveRefused(f"{key}: expected a whole number, got {text[:40]!r}", 400)
    return int(text)


RULINGS = {"": None, "on": True, "true": True, "off": False, "false": False}


async def _create(request: Request, hub: Hub, form: bool) -> Response:
    try:
        files: dict[str, tuple[str, bytes]] = {}
        fields = await _fields(request, files)
        decks = (fields.get("deck1", ""), fields.get("deck2", ""))
        kinds = (fields.get("seat1", "person"), fields.get("seat2", "person"))
        seed, cap = _number(fields, "seed", None), _number(fields, "turn_cap", 60)
        lists = (fields.get("decklist1", ""), fields.get("decklist2", ""))
        uploads = (files.get("deckfile1"), files.get("deckfile2"))
        ruled = fields.get("rulings", "").strip().lower()
        if ruled not in RULINGS:
            raise MoveRefused(f"rulings: {ruled[:40]!r} is not one of on, off (or empty: when a person plays)", 400)
        table = await run_in_threadpool(lambda: hub.store.create(decks, kinds, seed, cap if cap is not None else 60,
                                                                 lists, uploads, RULINGS[ruled]))
    except AmalogsError as exc:
        status = exc.status if isinstance(exc, MoveRefused) else 400
        if form:
            return html_response(message_page("match not created", str(exc)), status)
        return JSONResponse({"ok": False, "message": str(exc)}, status)
    hub.kick(table)
    base = link_base(request)
    if form:
        return html_response(created_page(table, base))
    seats = {f"seat{i + 1}": f"{base}/m/{table.id}/seat/{s.token}" for i, s in enumerate(table.seats) if s.token}
    return JSONResponse({"ok": True, "id": table.id, "watch": f"{base}/m/{table.id}/watch", **seats,
                         "organiser": f"{base}/m/{table.id}/organiser/{table.organiser}", "deal": table.deal()}, 201)


def _table(request: Request, hub: Hub) -> tuple[Table, int | None, bool]:
    """The match of a request, its viewer (a seat, or None for a spectator or the organiser) and whether it is
    the organiser (both hands); a wrong token is refused."""
    table = hub.store.get(request.path_params["match"])
    if table is None:
        raise MoveRefused("no such match", 404)
    organiser = request.path_params.get("organiser")
    if organiser is not None and not table.is_organiser(organiser):
        raise MoveRefused("this organiser link does not belong to this match", 403)
    token = request.path_params.get("token")
    if token is None:
        return table, None, organiser is not None
    seat = table.seat_of(token)
    if seat is None:
        raise MoveRefused("this seat link does not belong to this match", 403)
    return table, seat, False


def _refused(exc: MoveRefused, request: Request) -> Response:
    if _wants_json(request):
        return JSONResponse({"ok": False, "message": str(exc)}, exc.status)
    return html_response(message_page("refused", str(exc), back=str(request.url.path)), exc.status)


def _wants_json(request: Request) -> bool:
    return "json" in request.headers.get("accept", "") or "json" in request.headers.get("content-type", "")


class _Handler(Protocol):
    def __call__(self, request: Request, hub: Hub) -> Awaitable[Response]: ...


def _guarded(handler: _Handler) -> _Handler:
    """A handler whose refusals (a wrong seat link, an illegal move …) become a message, in JSON or HTML."""

    async def run(request: Request, hub: Hub) -> Response:
        try:
            return await handler(request, hub)
        except MoveRefused as exc:
            return _refused(exc, request)

    return run


@_guarded
async def _seat(request: Request, hub: Hub) -> Response:
    table, seat, _ = _table(request, hub)
    assert seat is not None
    path = f"/m/{table.id}/seat/{request.path_params['token']}"
    if request.method == "POST":
        fields = await _fields(request)
        action = fields.get("action", "")
        await run_in_threadpool(table.move, seat, action)
        hub.notify(table.id)
        hub.kick(table)
        if _wants_json(request):
            return JSONResponse({"ok": True, "action": action, "version": table.version})
        return RedirectResponse(path, 303)
    text = await run_in_threadpool(table_page, table, seat, f"{path}/stream", path)
    return html_response(text)


@_guarded
async def _watch(request: Request, hub: Hub) -> Response:
    """The spectators' page, or the organiser's (both hands): neither ever acts."""
    table, _, judge = _table(request, hub)
    path = f"/m/{table.id}/organiser/{request.path_params['organiser']}" if judge else f"/m/{table.id}/watch"
    return html_response(await run_in_threadpool(functools.partial(table_page, table, None, f"{path}/stream", None,
                                                           judge=judge)))


def _payload(table: Table, viewer: int | None, judge: bool = False) -> dict[str, Any]:
    with table.lock:
        return {"version": table.version, "finished": table.finished, "result": table.result(),
                "to_move": table.to_move(), "you": viewer, "html": table_fragment(table, viewer, judge=judge)}


@_guarded
async def _view(request: Request, hub: Hub) -> Response:
    table, viewer, judge = _table(request, hub)
    return JSONResponse(await run_in_threadpool(_payload, table, viewer, judge), headers={"cache-control": "no-store"})


@_guarded
async def _stream(request: Request, hub: Hub) -> Response:
    table, viewer, judge = _table(request, hub)

    async def events() -> AsyncIterator[str]:
        sent = -1
        yield "retry: 1000\n\n"
        while not hub.closing:
            changed = hub.changed(table.id)
            if table.version != sent:
                payload = await run_in_threadpool(_payload, table, viewer, judge)
                sent = payload["version"]
                yield f"data: {json.dumps(payload, ensure_ascii=False)}\n\n"
            try:
                await asyncio.wait_for(changed.wait(), KEEP_ALIVE)
            except TimeoutError:
                yield ": keep-alive\n\n"

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"cache-control": "no-store", "x-accel-buffering": "no"})


async def _log(request: Request, store: TableStore) -> Response:
    """A finished match's JSONL log, with its seed and deal (refused while the match is played: it holds the seed)."""
    table = store.get(request.path_params["match"])
    if table is None:
        return JSONResponse({"ok": False, "message": "no such match"}, 404)
    try:
        with table.lock:
            text = await run_in_threadpool(table.log_text)
    except MoveRefused as exc:
        return JSONResponse({"ok": False, "message": str(exc)}, exc.status)
    return Response(text, media_type="application/x-ndjson; charset=utf-8",
                    headers={"cache-control": "no-store",
                             "content-disposition": f'attachment; filename="match-{table.id}.jsonl"'})


async def _summary(request: Request, store: TableStore) -> Response:
    table = store.get(request.path_params["match"])
    if table is None:
        return JSONResponse({"ok": False, "message": "no such match"}, 404)
    with table.lock:
        return JSONResponse(table.summary(), headers={"cache-control": "no-store"})
