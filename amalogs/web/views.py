"""The pages as HTML: the lobby, the links of a new match, and the table as one seat, a spectator or the
organiser (both hands, marked so) sees it.

Every text that comes from data or from a person (game, deck and card names, the play-by-play, messages) goes
through :func:`esc`; the pages load no script or style but the app's own (the app sends a Content Security
Policy that forbids inline scripts), so a hostile card name is shown as text and never runs.
A seat's table is built from ``observation(seat)`` alone; a spectator's from the public part of each seat's
observation (:func:`public_observation`), so neither can show a card its viewer may not see.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from amalogs.referee.players.human import describe
from amalogs.web.markup import esc
from amalogs.web.tables import AI_PLAYERS
from amalogs.web.native import (
    card_actions,
    card_html,
    life_html,
    life_zone,
    not_carried_out_html,
)

if TYPE_CHECKING:
    from starlette.responses import HTMLResponse

    from amalogs.catalog import Catalog
    from amalogs.web.tables import Table, TableStore

__all__ = ["created_page", "deal_html", "esc", "judge_observation", "lobby_page", "message_page", "page", "public_observation",
           "qr_svg", "table_fragment", "table_page"]

PLAY_LINES = 400  # the most recent play-by-play lines a page shows
SEAT_WORDS = {"person": "person", **{name: f"AI: {name}" for name in AI_PLAYERS}}
SEAT_CHOICES = {**SEAT_WORDS, "person": "person (gets a secret seat link)"}
SKIP_KEYS = frozenset({"game", "rested", "damage", "hand_limit", "counters", "at", "leader_place", "life_taken",
                       "life_limit", "attached_to"})
ORGANISER_NOTE = "Organiser view — shows every hidden card; do not show to players"


def page(title: str, body: str, *, script: bool | str = False, data: dict[str, str] | None = None) -> str:
    """A whole page: UTF-8, a viewport for phones, the app's style sheet (with the Japanese web font), and the
    table's script (``script=True``) or another of the app's (its file name)."""
    attrs = "".join(f' data-{esc(k)}="{esc(v)}"' for k, v in (data or {}).items())
    name = "table.js" if script is True else script
    js = f'<script src="/static/{esc(name)}" defer></script>' if name else ""
    return (f'<!DOCTYPE html>\n<html lang="ja"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{esc(title)}</title><link rel="stylesheet" href="/static/table.css">{js}</head>'
            f'<body{attrs}><header class="top"><a href="/">AMALOGS アマログス</a></header>'
            f'<main>{body}</main></body></html>\n')


def html_response(text: str, status: int = 200) -> HTMLResponse:
    """A page as the app answers it: UTF-8, never cached (a page shows a match as it stands)."""
    from starlette.responses import HTMLResponse

    return HTMLResponse(text, status, headers={"cache-control": "no-store"}, media_type="text/html; charset=utf-8")


def message_page(title: str, message: str, back: str = "/") -> str:
    return page(title, f'<h1>{esc(title)}</h1><p class="message">{esc(message)}</p><p><a href="{esc(back)}">back</a></p>')


# --- the lobby ------------------------------------------------------------------------------------------------------


def lobby_page(catalog: Catalog, store: TableStore) -> str:
    from amalogs.web.decks import deck_choices

    games = []
    for game_id, game in catalog.games.items():
        decks = catalog.decks(game_id)
        names = [f"{getattr(d[0], 'name', deck_id)}" for deck_id, d in sorted(decks.items())]
        games.append(f'<li><a class="game" href="/games/{esc(quote(game_id))}">{esc(game.profile.name)}</a> '
                     f'<span class="dim">({esc(game.page.abbreviation)} · {esc(game_id)})</span>'
                     + (f'<br><span class="decks">{esc(" / ".join(names))}</span>' if names else "") + "</li>")
    choices = deck_choices(catalog)
    groups = [(label, [c for c in choices if c.mine == mine]) for label, mine in
              (("your decks (your data roots)", True), ("shipped sample decks", False))]
    seats = "".join(f'<option value="{esc(k)}">{esc(v)}</option>' for k, v in SEAT_CHOICES.items())
    form = ['<form class="create" method="post" action="/matches" enctype="multipart/form-data">']
    defaults = ("build-divide:red-aggro", "guild-heroes:tidelight-guardians")
    for i in (1, 2):
        deck_options = "".join(
            f'<optgroup label="{esc(label)}">' + "".join(
                f'<option value="{esc(c.ref)}"{" selected" if c.ref == defaults[i - 1] else ""}>{esc(c.label)}</option>'
                for c in group) + "</optgroup>" for label, group in groups if group)
        form.append(f'<fieldset><legend>P{i}</legend><label>deck <select name="deck{i}">{deck_options}</select></label>'
                    f'<details><summary>or paste a deck list, or upload a deck file</summary><label>deck list (as <code>amalogs deck '
                    f'import</code> reads it; a list that names no game is of the deck chosen above)'
                    f'<textarea name="decklist{i}" rows="8" maxlength="32768" spellcheck="false" placeholder="'
                    f'# game: ビルディバイド&#10;4 火花の小鬼&#10;…"></textarea></label>'
                    f'<label>or a deck file (<code>.toml</code>, <code>.json</code>, or a list as <code>.txt</code>) '
                    f'<input type="file" name="deckfile{i}" accept=".toml,.json,.txt"></label></details>'
                    f'<label>seat <select name="seat{i}">{seats}</select></label></fieldset>')
    form.append('<label>seed <input name="seed" inputmode="numeric" pattern="[0-9]*" placeholder="secret (drawn by the server)"></label>'
                '<label>turn cap <input name="turn_cap" inputmode="numeric" pattern="[0-9]*" value="60"></label>'
                '<label>effects the referee cannot carry out <select name="rulings">'
                '<option value="" selected>ruled by hand when a person plays</option>'
                '<option value="on">always ruled by hand</option>'
                '<option value="off">never: logged as not carried out</option></select></label>'
                '<button type="submit">create the match</button></form>')
    playing = [f'<li><a href="/m/{esc(t.id)}/watch">{esc(t.seat_title(0))} vs {esc(t.seat_title(1))}</a>'
               f' <span class="dim">{esc(t.result() or "in progress")}</span>'
               + (f' · <a href="/replay/match-{esc(t.id)}">replay</a>' if t.finished else "") + "</li>"
               for t in sorted(store, key=lambda t: t.created, reverse=True)]
    body = (f'<h1>AMALOGS 異種戦テーブル</h1><section><h2>games</h2><ul class="games">{"".join(games)}</ul>'
            f'<p><a href="/reports/">reports</a>: the comparison table, similarity, the atlas, the conversion maps; '
            f'each game\'s page lists its cards, each converted into any other game</p></section>'
            f'<section><h2>new match</h2>{"".join(form)}</section>'
            f'<section><h2>matches</h2><ul class="matches">{"".join(playing) or "<li>none yet</li>"}</ul>'
            f'<p><a href="/replay">replay a match log or a save</a></p></section>')
    return page("AMALOGS — lobby", body)


def qr_svg(url: str, title: str) -> str:
    """A link as a QR code in inline SVG (segno; no image file, no inline style, so the page's CSP holds), for a
    phone's camera: error correction M, the quiet zone of four modules the standard asks for."""
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=4, border=4, dark="#111", light="#fff", svgclass="qr",
                                                     lineclass=None, title=title))


def created_page(table: Table, base: str) -> str:
    """The links of a new match: one secret link per person's seat, and the spectators' link, each with its QR
    code so a player at the table opens it with a phone's camera."""
    rows = []
    for i, seat in enumerate(table.seats):
        if seat.token is None:
            rows.append(f'<li>{esc(table.seat_title(i))}: {esc(SEAT_WORDS.get(seat.kind, seat.kind))}</li>')
        else:
            url = f"{base}/m/{table.id}/seat/{seat.token}"
            rows.append(f'<li class="link">{esc(table.seat_title(i))}: <a class="seat-link" href="{esc(url)}">'
                        f'{esc(url)}</a>{qr_svg(url, f"P{i + 1} seat link")}</li>')
    watch = f"{base}/m/{table.id}/watch"
    organiser = f"{base}/m/{table.id}/organiser/{table.organiser}"
    body = (f'<h1>match {esc(table.id)}</h1><p>Give each person their own seat link (or let them scan its code): '
            f'whoever holds it plays that seat. Spectators use the watch link.</p><ul class="links">{"".join(rows)}'
            f'<li class="link">spectators: <a class="watch-link" href="{esc(watch)}">{esc(watch)}</a>'
            f'{qr_svg(watch, "watch link")}</li></ul><section class="organiser"><h2>for you, the organiser</h2>'
            f'<p>This link shows both seats\' hands and face-down cards (it cannot play): keep it to yourself, never '
            f'on a screen the players see. <a class="organiser-link" href="{esc(organiser)}">{esc(organiser)}</a>'
            f'</p></section>{deal_html(table)}')
    return page(f"AMALOGS — match {table.id}", body)


# --- the table ------------------------------------------------------------------------------------------------------


def table_page(table: Table, viewer: int | None, stream: str, move: str | None, *, judge: bool = False) -> str:
    """A seat's page (``viewer``: the seat), the spectators' (None) or the organiser's (``judge``: both hands,
    under a banner saying so): the table, refreshed live by the script."""
    who = "organiser" if judge else "spectator" if viewer is None else f"P{viewer + 1}"
    data = {"stream": stream, "version": str(table.version)}
    if move is not None:
        data["move"] = move
    banner = f'<p class="judge-note organiser-note" role="note">{esc(ORGANISER_NOTE)}</p>' if judge else ""
    body = (f'{banner}<p id="live" class="dim">{esc(who)} · connecting…</p><p id="notice" role="alert"></p>'
            f'<div id="table">{table_fragment(table, viewer, judge=judge)}</div>')
    title = f"{'organiser — ' if judge else ''}{table.seat_title(0)} vs {table.seat_title(1)}"
    return page(f"AMALOGS — {title}", body, script=True, data=data)


def public_observation(match: Any) -> dict[str, Any]:
    """What a spectator may see: each seat as the other seat sees it (public zones, face-down cards as -1,
    counts of hidden zones), and only the cards in those public zones."""
    n = len(match.state.seats)
    views = [match.observation(i) for i in range(n)]
    seats = [views[(i + 1) % n]["seats"][i] for i in range(n)]
    public: set[int] = set()
    for seat in seats:
        for key, value in seat.items():
            if key not in SKIP_KEYS and isinstance(value, list):
                public.update(u for u in value if isinstance(u, int) and u >= 0)
    cards: dict[int, Any] = {}
    for i in range(n):
        cards.update({u: c for u, c in views[(i + 1) % n]["cards"].items() if u in public})
    first = views[0]
    return {"turn": first["turn"], "active": first["active"], "phase": first["phase"], "you": None, "seats": seats,
            "counters": first["counters"], "attack": first["attack"], "pending": first["pending"], "cards": cards}


def judge_observation(match: Any) -> dict[str, Any]:
    """What a judge sees (the organiser's view of a replay): each seat as it sees itself, hand and face-down
    cards included; the decks stay counts."""
    n = len(match.state.seats)
    views = [match.observation(i) for i in range(n)]
    cards: dict[int, Any] = {}
    for view in views:
        cards.update(view["cards"])
    return {**views[0], "you": None, "seats": [views[i]["seats"][i] for i in range(n)], "cards": cards}


def table_fragment(table: Table, viewer: int | None, *, live: bool = True, judge: bool = False) -> str:
    """The table's current state as the viewer may see it (the part of the page the script replaces).
    ``live=False`` is a replay's position: no buttons, no waiting; ``judge`` shows both hands (viewer None)."""
    from amalogs.report.match import side_status

    with table.lock:
        match = table.session.match
        if judge:
            seen = judge_observation(match)
        else:
            seen = match.observation(viewer) if viewer is not None else public_observation(match)
        state = match.state
        statuses = [side_status(state, i, side.game) for i, side in enumerate(table.session.sides)]
        legal = match.legal_actions() if live and viewer is not None and table.to_move() == viewer \
            and table.error is None else []
        parts = [_head(table, seen, viewer, live), _in_progress(seen), not_carried_out_html(table)]
        if legal:  # near the top, where a phone shows it without scrolling
            parts.append(_actions(legal, seen))
        picks = card_actions(legal, seen)
        order = [viewer, 1 - viewer] if viewer is not None else [0, 1]
        parts.append('<div class="seats">' + "".join(_seat(table, seen, i, viewer, statuses[i], picks)
                                                     for i in order) + "</div>")
        parts.append(_play_by_play(table, viewer, judge))
        if live:
            parts.append(deal_html(table))
        return "".join(parts)


def _head(table: Table, seen: dict[str, Any], viewer: int | None, live: bool = True) -> str:
    result = table.result()
    if result is not None:
        banner = f'<p class="result" id="result">{esc(result)}</p>'
    elif table.error is not None:
        banner = f'<p class="result error">the referee stopped: {esc(table.error)}</p>'
    elif not live:
        banner = f'<p class="turn-note">P{(table.to_move() or 0) + 1} decides next</p>'
    else:
        me = table.to_move()
        if me is not None and me == viewer:
            banner = '<p class="turn-note yours">your decision</p>'
        else:
            kind = table.seats[me].kind if me is not None else ""
            waiting = "a person" if kind == "person" else f"AI ({kind})"
            banner = f'<p class="turn-note">waiting for P{(me or 0) + 1} ({esc(waiting)})</p>'
    host = seen.get("active")
    line = (f'turn {esc(seen.get("turn"))} · host P{esc((host or 0) + 1)} · step {esc(seen.get("phase"))}'
            + ("" if viewer is None else f" · you are P{viewer + 1}"))
    return f'<section class="head">{banner}<p class="dim">{line}</p></section>'


def deal_html(table: Table) -> str:
    """How the match's seed was chosen and its commitment; once the match is over, the seed, the salt and the log
    that ``amalogs replay`` checks against the commitment."""
    deal = table.deal()
    if deal is None:
        return ""
    if deal["chosen_by"] == "creator":
        who = "the seed was given by the match's creator, who therefore knows the deal"
    else:
        who = "the seed was drawn by the server from a secure random source and is kept secret until the end"
    lines = [f'deal commitment <code class="commitment">{esc(deal["commitment"])}</code> — {esc(who)}']
    if deal["seed"] is not None:
        lines.append(f'seed <code class="seed">{esc(deal["seed"])}</code> · salt <code class="salt">{esc(deal["salt"])}'
                     f'</code> · <a class="log-link" href="/m/{esc(table.id)}/log">the match log</a> '
                     f'(<code>amalogs replay</code> checks it against the commitment; by hand: sha256 of '
                     f'<code>amalogs-deal:SEED:SALT</code>)')
    return '<section class="deal">' + "".join(f'<p class="dim">{line}</p>' for line in lines) + "</section>"


def _place_names(table: Table, seat: int, at: object) -> dict[str, str]:
    """Card id (as text) → the name of the place it stands on (a game whose field has places)."""
    if not isinstance(at, dict):
        return {}
    names = {p.id: p.name for p in table.session.sides[seat].game.profile.play.places}
    return {str(u): names.get(str(p), str(p)) for u, p in at.items()}


def _placed(item: str, place: str | None) -> str:
    return item if place is None else item.replace("</li>", f' <span class="place">@ {esc(place)}</span></li>', 1)


def _on(item: str, cards: dict[Any, Any], character: object) -> str:
    """A card attached to a character in play, with the character's name (旅人の刃 → on 暁の従騎士)."""
    if character is None:
        return item
    return item.replace("</li>", f' <span class="place">on {esc(_named(cards, character))}</span></li>', 1)


def _zone_name(table: Table, seat: int, zone: str) -> str:
    game = table.session.sides[seat].game
    for z in game.profile.zones:
        if z.id == zone:
            return f"{z.name}"
    return zone.replace("-", " ")


def _seat(table: Table, seen: dict[str, Any], i: int, viewer: int | None, status: str,
          picks: dict[int, list[tuple[str, str]]]) -> str:
    view = seen["seats"][i]
    cards = seen.get("cards", {})
    who = table.seats[i]
    label = "you" if viewer == i else SEAT_WORDS.get(who.kind, who.kind)
    rows = []
    rested = set(view.get("rested") or [])
    damage = view.get("damage") or {}
    life = life_zone(table, i)
    places = _place_names(table, i, view.get("at"))
    on = view.get("attached_to") or {}  # equipment and energy → the character it is attached to
    for zone, value in view.items():
        if zone in SKIP_KEYS or zone == life and isinstance(value, int):
            continue
        name = _zone_name(table, i, zone)
        if isinstance(value, int):
            if value:
                rows.append(f'<div class="zone"><span class="zname">{esc(name)}</span> '
                            f'<span class="count">{value} (hidden)</span></div>')
            continue
        if not value or not isinstance(value, list):  # a seat's other facts (places, the leader's place) go below
            continue
        items = "".join(_on(_placed(card_html(table, cards.get(u, cards.get(str(u))) if u >= 0 else None, u, rested,
                                              damage, picks), places.get(str(u))), cards, on.get(u, on.get(str(u))))
                        for u in value)
        rows.append(f'<div class="zone"><span class="zname">{esc(name)}</span> '
                    f'<span class="count">{len(value)}</span><ul class="cards">{items}</ul></div>')
    counters = [f"{k} {v}" for k, v in sorted((view.get("counters") or {}).items())]
    return (f'<section class="seat seat{i}{" mine" if viewer == i else ""}"><h2>{esc(table.seat_title(i))} '
            f'<span class="dim">({esc(label)})</span></h2>{life_html(table, i, status)}'
            + (f'<p class="dim">{esc(" · ".join(counters))}</p>' if counters else "") + "".join(rows) + "</section>")


def _named(cards: dict[Any, Any], uid: object) -> str:
    if not isinstance(uid, int) or uid < 0:
        return "a card"
    card = cards.get(uid, cards.get(str(uid)))
    return str(card.get("name", "a card")) if isinstance(card, dict) else "a card"


def _in_progress(seen: dict[str, Any]) -> str:
    cards = seen.get("cards", {})
    lines = []
    attack = seen.get("attack")
    if attack:
        target = "the player" if attack.get("target") is None else _named(cards, attack["target"])
        blocked = f" (blocked by {_named(cards, attack['blocker'])})" if attack.get("blocker") is not None else ""
        lines.append(f"attack: {_named(cards, attack.get('attacker'))} → {target}{blocked}")
    pending = seen.get("pending")
    if pending:
        lines.append(f"resolving: {pending.get('effect')} of {_named(cards, pending.get('source'))}")
        if pending.get("text"):  # a native effect ruled by hand: its words, and the ruling proposed
            lines.append(f"the card says: {pending['text']}")
            proposed = pending.get("ruling")
            lines.append(f"P{int(pending.get('controller', 0)) + 1} rules it by hand: pick what it does, or skip"
                         if proposed is None else f"proposed ruling: {proposed} — the other side confirms or rejects")
    return "".join(f'<p class="pending">{esc(line)}</p>' for line in lines)


def _actions(legal: Sequence[Any], seen: dict[str, Any]) -> str:
    buttons = "".join(f'<button type="submit" name="action" value="{esc(a.text())}" class="act">'
                      f'{esc(describe(a, seen))}</button>' for a in legal)
    return f'<section class="actions"><h2>your choices</h2><form class="move" method="post">{buttons}</form></section>'


def _play_by_play(table: Table, viewer: int | None, judge: bool = False) -> str:
    lines: Iterable[Any] = reversed(table.lines[-PLAY_LINES:])
    items = "".join(f'<li class="{"h" if line.heading else "l"}">{esc(line.text if judge else line.for_viewer(viewer))}'
                    f'</li>' for line in lines)
    return f'<section class="log"><h2>play-by-play <span class="dim">(newest first)</span></h2><ol>{items}</ol></section>'
