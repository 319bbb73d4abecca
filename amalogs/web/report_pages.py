"""The report pages (docs/web.md): what ``amalogs report`` writes — the comparison table, the similarity matrix,
the atlas, the conversion maps, a page per game — and a page per card with its conversion into any other game,
as ``amalogs convert`` shows it.

The reports are :func:`amalogs.report.generate.build_reports` of the catalog the app serves (the shipped games and
the user's data roots), worked out on the first request and kept; a picture is drawn when first asked for and
kept. They are served at the paths ``amalogs report`` writes them to, under ``/reports/``, so their own links
work. A report's HTML page is the body of the document ``amalogs report`` writes, inside the app's page (the
document's inline style would break the app's Content Security Policy); the interactive atlas is ``amalogs
report``'s ``atlas.html`` with its inline style and script served as files of the app. A game, card or report
that does not exist answers 404 with one line naming it.
"""

from __future__ import annotations

import functools
import html
import io
import re
import threading
from collections.abc import Callable
from importlib.resources import files
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from amalogs.errors import AmalogsError
from amalogs.web.markup import esc
from amalogs.web.views import html_response, message_page, page

if TYPE_CHECKING:
    from amalogs.catalog import Catalog, Game
    from amalogs.convert.native import Conversion
    from amalogs.models.cards import Card
    from amalogs.report.generate import Report

__all__ = ["Reports", "atlas_document", "card_page", "game_page", "games_page", "report_page", "report_routes"]

T = TypeVar("T")

SHORT = {"compare": "comparison.html", "comparison": "comparison.html", "similarity": "similarity.html",
         "atlas": "atlas.html", "maps": "maps/README.html"}
"""Short addresses of the reports the issue names (``/reports/compare`` …): redirects to their files."""
TYPES = {"md": "text/plain; charset=utf-8", "graphml": "text/plain; charset=utf-8", "csv": "text/csv; charset=utf-8",
         "json": "application/json", "png": "image/png"}
ATLAS_ASSETS = ("atlas_page.css", "atlas_page.js")
SWATCH_STYLE = re.compile(r'(?<=<span class="swatch") style="background:#[0-9A-Fa-f]{3,8}"')
WIDTH = 140  # the terminal width of the conversion as `amalogs convert` prints it (reason column included)


CARD_PICTURES = 128
"""Card pictures kept drawn (a picture is about 0.1 MB)."""


class NotFound(AmalogsError):
    """A game, card or report this server does not have (404)."""


class Reports:
    """The reports of one catalog: built once (on the first request, in a worker thread), pictures drawn on
    demand; one lock, so two requests never build or draw at once (matplotlib is not thread-safe)."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._lock = threading.Lock()
        self._report: Report | None = None
        self._drawn: dict[str, bytes] = {}
        self._cards: dict[str, bytes] = {}

    def report(self) -> Report:
        with self._lock:
            if self._report is None:
                from amalogs.report.generate import build_reports

                self._report = build_reports(self.catalog)
            return self._report

    def picture(self, rel: str) -> bytes | None:
        """A picture of the reports (``atlas.png``, ``games/ID.png`` …, and ``atlas.html``), drawn once."""
        found = self.report().pictures.get(rel)
        if found is None:
            return None
        with self._lock:
            if rel not in self._drawn:
                self._drawn[rel] = found[1]()
            return self._drawn[rel]

    def card_picture(self, game_name: str, card_name: str, to: str | None) -> bytes:
        """A card drawn as its game prints it (a proxy picture, PNG), or its conversion into ``to``; the last
        :data:`CARD_PICTURES` drawn are kept."""
        from amalogs.convert import convert_card
        from amalogs.report.cardpicture import card_picture

        game, card = _lookup(lambda: self.catalog.card(game_name, card_name))
        target = None if not to else _lookup(lambda: self.catalog.game(to))
        key = f"{game.id}/{card.id}>{target.id if target else ''}"
        with self._lock:
            found = self._cards.pop(key, None)
            if found is None:
                if target is None:
                    found = card_picture(game, card, "png")
                else:
                    conv = convert_card(card, game, target, source_cards=self.catalog.cards(game.id),
                                        target_cards=self.catalog.cards(target.id))
                    if conv.card is None:
                        raise NotFound(f"{card.name} has no card in {target.profile.name}: {conv.left_out}")
                    found = card_picture(target, conv.card, "png")
            self._cards[key] = found  # (the newest last)
            while len(self._cards) > CARD_PICTURES:
                self._cards.pop(next(iter(self._cards)))
            return found

    def html(self, rel: str) -> str | None:
        """The body of a report's HTML document (the part below ``<body>``), or None."""
        text = self.report().texts.get(rel)
        if text is None or not rel.endswith(".html"):
            return None
        start, end = text.find("<body>\n"), text.rfind("</body>")
        return text[start + len("<body>\n"):end] if 0 <= start < end else None


# --- the atlas -------------------------------------------------------------------------------------------------


@functools.cache
def _atlas_script() -> str:
    return files("amalogs.report").joinpath("atlas_page.js").read_text(encoding="utf-8")


def atlas_document(reports: Reports) -> str:
    """``amalogs report``'s ``atlas.html``, its inline style and script replaced by the app's files of the same
    text (:func:`_atlas_asset`, which also colours the sections' swatches: their ``style`` attributes are left
    out), and a link back to the reports."""
    from amalogs.report.atlas_page import STYLE

    drawn = reports.picture("atlas.html")
    doc = (drawn or b"").decode("utf-8")
    style, script = f"<style>{STYLE}</style>", f"<script>\n{_atlas_script()}</script>"
    if style not in doc or script not in doc:
        raise AmalogsError("the atlas page is not as amalogs.report.atlas_page writes it")
    doc = doc.replace(style, '<link rel="stylesheet" href="/reports/atlas_page.css">', 1)
    doc = doc.replace(script, '<script src="/reports/atlas_page.js"></script>', 1)
    doc = SWATCH_STYLE.sub("", doc)
    return doc.replace("<header>\n", '<header>\n<a href="/reports/">← reports</a>\n', 1)


@functools.cache
def _atlas_asset(name: str) -> tuple[str, str]:
    """The atlas page's style sheet (its own; each section's swatch colour, which the page sets in a ``style``
    attribute the CSP does not allow; and the app's Japanese web font, which its layout was measured with) or
    its script."""
    if name == "atlas_page.js":
        return _atlas_script(), "text/javascript; charset=utf-8"
    from amalogs.report.atlas import SECTION_COLOURS
    from amalogs.report.atlas_page import STYLE

    swatches = "".join(f'#sections input[data-section="{s}"] + .swatch {{ background: {c}; }}\n'
                       for s, c in SECTION_COLOURS.items())
    font = '@font-face { font-family: "IPAexGothic"; src: url("/static/ipaexg.ttf") format("truetype"); }\n'
    return STYLE + swatches + font, "text/css; charset=utf-8"


# --- the pages ---------------------------------------------------------------------------------------------------


def report_page(reports: Reports, rel: str) -> str:
    """A report's HTML inside the app's page."""
    body = reports.html(rel)
    if body is None:
        raise NotFound(_missing(rel))
    title = html.unescape(reports.report().texts[rel].partition("<title>")[2].partition("</title>")[0])
    nav = '<p class="dim"><a href="/reports/">reports</a> · made by <code>amalogs report</code></p>'
    return page(f"AMALOGS — {title}", f'{nav}<article class="report">{body}</article>')


def _missing(rel: str) -> str:
    if rel.startswith("balance/"):
        return (f"no report {rel!r} here: the balance report is played by `amalogs report` (its tournaments take "
                "minutes) and is not served")
    return f"no report {rel!r}"


def _game_link(game: Game) -> str:
    return f"/games/{quote(game.id, safe='')}"


def _card_link(game: Game, card: Card, to: Game | None = None) -> str:
    link = f"{_game_link(game)}/cards/{quote(card.id, safe='')}"
    return link if to is None else f"{link}?to={quote(to.id, safe='')}"


def games_page(reports: Reports) -> str:
    cat = reports.catalog
    items = "".join(f'<li><a href="{esc(_game_link(g))}">{esc(g.profile.name)}</a> '
                    f'<span class="dim">({esc(g.page.abbreviation)} · {len(cat.cards(g.id))} cards)</span></li>'
                    for g in cat.games.values())
    body = (f'<h1>games</h1><ul class="games">{items}</ul><p><a href="/reports/">reports</a>: the comparison '
            f'table, similarity, the atlas, the conversion maps</p>')
    return page("AMALOGS — games", body)


def game_page(reports: Reports, name: str) -> str:
    """A game's report (its WE appraisal, card pool and AMALOGS page), its cards (each linking to its own page)
    and its conversion maps into every other game."""
    from amalogs.report.cards import card_row
    from amalogs.report.generate import _map_names

    cat = reports.catalog
    game = _lookup(lambda: cat.game(name))
    report = reports.html(f"games/{game.id}.html") or ""
    report = report.replace(f'src="{esc(game.id)}.png"', f'src="/reports/games/{esc(quote(game.id))}.png"')
    rows = "".join(f'<tr><td><a href="{esc(_card_link(game, c))}">{esc(c.name)}</a><br><span class="dim">'
                   f'{esc(c.id)}</span></td>' + "".join(f"<td>{esc(v)}</td>" for v in card_row(game, c)) + "</tr>"
                   for c in cat.cards(game.id).values())
    stems = _map_names(list(cat.games.values()))
    maps = "".join(f'<li><a href="/reports/maps/{esc(quote(stems[game.id]))}-{esc(quote(stems[b.id]))}.html">'
                   f'{esc(game.page.abbreviation)} → {esc(b.page.abbreviation)}</a> {esc(b.profile.name)}</li>'
                   for b in cat.games.values() if b is not game)
    body = (f'<p class="dim"><a href="/reports/">reports</a> · <a href="#cards">cards</a> · '
            f'<a href="#maps">conversion maps</a></p><article class="report">{report}</article>'
            f'<section id="cards"><h2>cards</h2><p class="dim">each card’s page converts it into any other game</p>'
            f'<div class="scroll"><table class="cardlist"><thead><tr><th>card</th><th>type</th><th>colours</th>'
            f'<th>stats</th><th>keywords</th></tr></thead><tbody>{rows}</tbody></table></div></section>'
            f'<section id="maps"><h2>conversion maps</h2><ul>{maps}</ul></section>')
    return page(f"AMALOGS — {game.profile.name}", body)


def card_page(reports: Reports, game_name: str, card_name: str, to: str | None) -> str:
    """A card in its own game's words and, with ``to``, converted into that game: the converted card, every
    field's row (the source, canonical and target values, fidelity and reason; an effect's row with its verdict
    in the target game) and the warning when the card cannot be played as intended there."""
    from amalogs.convert import convert_card

    cat = reports.catalog
    game, card = _lookup(lambda: cat.card(game_name, card_name))
    target = None if not to else _lookup(lambda: cat.game(to))
    choices = " ".join(f'<a href="{esc(_card_link(game, card, g))}"'
                       + (' aria-current="page"' if g is target else "")
                       + f'>{esc(g.page.abbreviation)}</a>' for g in cat.games.values() if g is not game)
    parts = [(f'<p class="dim"><a href="{esc(_game_link(game))}">{esc(game.profile.name)}</a> · '
              f'<a href="/reports/">reports</a></p>'),
             f'<h1>{esc(card.name)}{" / " + esc(card.en) if card.en else ""}</h1>',
             _card_html(game, card), _picture_html(game, card, None),
             f'<nav class="convert">convert into: {choices}</nav>']
    if target is not None:
        conv = convert_card(card, game, target, source_cards=cat.cards(game.id), target_cards=cat.cards(target.id))
        parts.append(_conversion_html(conv, game, target, card))
        if conv.card is not None:
            parts.append(_picture_html(game, card, target))
    return page(f"AMALOGS — {card.name} ({game.page.abbreviation})", "".join(parts))


def _picture_html(game: Game, card: Card, to: Game | None) -> str:
    """The card's proxy picture (drawn when the browser asks for it), with the card as its text."""
    src = f"{_card_link(game, card)}/picture.png" + (f"?to={quote(to.id, safe='')}" if to else "")
    what = f"{card.name} as a {to.profile.name} card" if to else f"{card.name} as {game.profile.name} prints it"
    return (f'<figure class="card-picture"><img src="{esc(src)}" alt="{esc(what)}" loading="lazy" width="252" '
            f'height="352"><figcaption class="dim">{esc(what)} (a proxy: no artwork)</figcaption></figure>')


def _lookup(find: Callable[[], T]) -> T:
    """What ``find`` finds, or :class:`NotFound` with its one line (an unknown game or card)."""
    try:
        return find()
    except (AmalogsError, KeyError) as exc:
        raise NotFound(str(exc).strip("'\"")) from None


def _card_html(game: Game, card: Card, original: str | None = None) -> str:
    """A card by its game's printed names (:func:`amalogs.report.cards.card_row`), its text and its effects."""
    from amalogs.report.cards import card_row, describe_effect

    kind, colours, stats, keywords = card_row(game, card)
    rows = [("game", game.profile.name), ("type", kind), ("colours", colours), ("stats", stats or "—"),
            ("keywords", keywords)]
    if card.text:
        rows.append(("text", card.text))
    if original is not None and original != card.text:
        rows.append(("original text", original))
    rows += [("effect", describe_effect(e)) for e in card.effects]
    items = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in rows)
    return f'<dl class="card-view">{items}</dl>'


def _conversion_html(conv: Conversion, source: Game, target: Game, card: Card) -> str:
    from amalogs.convert.native import show
    from amalogs.report.cards import (
        conversion_record,
        conversion_view,
        field_label,
        field_value,
    )

    record = conversion_record(conv, source, target, card)
    numbers = iter(range(1, len(conv.effects) + 1))
    rows = []
    for f in conv.fields:
        label = f"effect {next(numbers)}" if f.field == "effects" and len(conv.effects) > 1 else field_label(
            f, source, target)
        cells = (label, field_value(source, f.field, f.source, conv.canonical.native_keywords), show(f.canonical),
                 field_value(target, f.field, f.target))
        rows.append("<tr" + (' class="effect"' if f.field == "effects" else "") + ">"
                    + "".join(f"<td>{esc(c)}</td>" for c in cells)
                    + f'<td class="fidelity {esc(f.fidelity.value)}">{esc(f.fidelity.value)}</td>'
                      f"<td>{esc(f.reason)}</td></tr>")
    head = "".join(f"<th>{esc(h)}</th>" for h in ("field", source.page.abbreviation, "AMALOGS",
                                                   target.page.abbreviation, "fidelity", "reason"))
    summary = " · ".join(f"{n} {k}" for k, n in record["summary"].items())
    effects = " · ".join(f"{n} {k}" for k, n in record["effects"].items()) if conv.effects else ""
    warning = (f'<p class="warning" role="alert">⚠ {esc(conv.canonical.name)} {esc(conv.warning)} '
               f"(see the effect rows)</p>" if conv.warning else "")
    screen = _printed(conversion_view(conv, source, target, WIDTH), source, target, conv)
    return (f'<section class="conversion"><h2>{esc(source.page.abbreviation)} → {esc(target.page.abbreviation)}: '
            f'{esc(conv.card.name)} <span class="dim">({esc(target.profile.name)})</span></h2>{warning}'
            f"{_card_html(target, conv.card, conv.original_text)}"
            f'<p class="summary">{esc(summary)}</p>'
            + (f'<p class="summary">effects: {esc(effects)}</p>' if effects else "")
            + f'<div class="scroll"><table class="fields"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
              f"</tbody></table></div><details><summary>as <code>amalogs convert</code> prints it</summary>"
              f"<pre>{esc(screen)}</pre></details></section>")


def _printed(view: object, source: Game, target: Game, conv: Conversion) -> str:
    """The conversion and the converted card as ``amalogs convert`` prints them, as plain text."""
    from rich.console import Console

    from amalogs.report.cards import card_view

    console = Console(file=io.StringIO(), width=WIDTH, record=True, color_system=None)
    console.print(view)
    console.print(card_view(target, conv.card, original=conv.original_text))
    return console.export_text()


# --- the routes --------------------------------------------------------------------------------------------------


async def _guard(request: Request, make: functools.partial[str]) -> Response:
    """A page, or one line: 404 for what does not exist, 500 for a report that could not be made."""
    try:
        return html_response(await run_in_threadpool(make))
    except NotFound as exc:
        return html_response(message_page("not found", str(exc), back="/reports/"), 404)
    except AmalogsError as exc:
        return html_response(message_page("report not made", str(exc).splitlines()[0], back="/"), 500)


async def _index(request: Request, reports: Reports) -> Response:
    return await _guard(request, functools.partial(report_page, reports, "index.html"))


async def _games(request: Request, reports: Reports) -> Response:
    return await _guard(request, functools.partial(games_page, reports))


async def _game(request: Request, reports: Reports) -> Response:
    return await _guard(request, functools.partial(game_page, reports, request.path_params["game"]))


async def _card(request: Request, reports: Reports) -> Response:
    params = request.path_params
    return await _guard(request, functools.partial(card_page, reports, params["game"], params["card"],
                                                   request.query_params.get("to")))


async def _card_picture(request: Request, reports: Reports) -> Response:
    params = request.path_params
    try:
        data = await run_in_threadpool(reports.card_picture, params["game"], params["card"],
                                       request.query_params.get("to"))
    except NotFound as exc:
        return html_response(message_page("not found", str(exc), back="/games"), 404)
    except AmalogsError as exc:
        return html_response(message_page("picture not drawn", str(exc).splitlines()[0], back="/games"), 500)
    return Response(data, media_type="image/png", headers={"cache-control": "public, max-age=3600"})


async def _file(request: Request, reports: Reports) -> Response:
    """A file of the reports at the path ``amalogs report`` writes it to: an HTML report as a page, the atlas,
    a picture, or a text (Markdown, CSV, JSON, GraphML)."""
    rel: str = request.path_params["path"]
    if rel in SHORT:
        return RedirectResponse(f"/reports/{SHORT[rel]}", 307)
    if rel in ATLAS_ASSETS:
        text, kind = _atlas_asset(rel)
        return Response(text, media_type=kind, headers={"cache-control": "public, max-age=3600"})
    if rel == "atlas.html":
        return await _guard(request, functools.partial(atlas_document, reports))
    if rel.endswith(".html"):
        return await _guard(request, functools.partial(report_page, reports, rel))
    media = TYPES.get(rel.rpartition(".")[2])
    try:
        report = await run_in_threadpool(reports.report)
        data = (await run_in_threadpool(reports.picture, rel) if media == "image/png"
                else report.texts[rel].encode("utf-8") if rel in report.texts else None)
    except AmalogsError as exc:
        return html_response(message_page("report not made", str(exc).splitlines()[0], back="/"), 500)
    if data is None or media is None:
        return html_response(message_page("not found", _missing(rel), back="/reports/"), 404)
    return Response(data, media_type=media, headers={"cache-control": "public, max-age=3600"})


def report_routes(catalog: Catalog) -> list[Route]:
    """The routes of the reports, the games and the cards, over the app's catalog."""
    reports = Reports(catalog)
    return [
        Route("/reports", lambda request: RedirectResponse("/reports/", 307), methods=["GET"]),
        Route("/reports/", functools.partial(_index, reports=reports), methods=["GET"]),
        Route("/reports/{path:path}", functools.partial(_file, reports=reports), methods=["GET"]),
        Route("/games", functools.partial(_games, reports=reports), methods=["GET"]),
        Route("/games/{game}", functools.partial(_game, reports=reports), methods=["GET"]),
        Route("/games/{game}/cards/{card}", functools.partial(_card, reports=reports), methods=["GET"]),
        Route("/games/{game}/cards/{card}/picture.png", functools.partial(_card_picture, reports=reports),
              methods=["GET"]),
    ]
