"""The table in each game's own terms: a card as its game prints it (type, printed stats by their printed names,
keywords by their native names), clickable where a legal action names it; each side's life system drawn as that
game counts it (life cards, forts by tier, castle walls, HP); and the effects the referee could not carry out,
with the card's printed text.

Only cards the viewer's observation holds are looked up (their catalog card by the instance's ``card_id``), so
nothing here shows more than :mod:`amalogs.web.views` may.
"""

from __future__ import annotations

import json
from urllib.parse import quote
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from amalogs.referee.players.human import describe
from amalogs.report.cards import keyword_name, native_name, stat_label, stats_text
from amalogs.web.markup import esc

if TYPE_CHECKING:
    from amalogs.catalog import Game
    from amalogs.models.cards import Card
    from amalogs.web.tables import Table

__all__ = ["card_actions", "card_html", "life_html", "life_zone", "not_carried_out_html"]

NOT_CARRIED_OUT = "effect-not-carried-out"


def card_actions(legal: Sequence[Any], seen: dict[str, Any]) -> dict[int, list[tuple[str, str]]]:
    """Each card a legal action names → the (text, description) of those actions, for clicking the card."""
    found: dict[int, list[tuple[str, str]]] = {}
    for action in legal:
        named = {a for k, a in enumerate(action.args) if action.is_card(k) and isinstance(a, int) and a >= 0}
        for uid in named:
            found.setdefault(uid, []).append((action.text(), describe(action, seen)))
    return found


def catalog_card(table: Table, uid: int) -> tuple[Game, Card] | None:
    """The printed card of a card instance: the catalog card of its owner's game (None when the deck's card is
    not in the catalog)."""
    state = table.session.match.state
    if not 0 <= uid < len(state.cards):
        return None
    data = state.cards[uid]
    game = table.session.sides[data.owner].game
    card = table.session.catalog.cards(game.id).get(data.card_id)
    return (game, card) if card is not None else None


def _changes(table: Table, game: Game, uid: int, card: dict[str, Any]) -> list[str]:
    """How its battle values differ from the printed ones now (this turn's changes), in the game's units."""
    base = table.session.match.state.cards[uid]
    out = []
    for stat, now, printed in (("AP", card.get("ap"), base.ap), ("DP", card.get("dp"), base.dp)):
        if not isinstance(now, int) or now == printed:
            continue
        native = next((e.native for e in game.page.status if e.stat is not None and e.stat.value in (stat, "BP")), None)
        if native is None:
            continue
        delta = (now - printed) / 1000 / float(game.page.ratio_of(native))
        text = f"{stat_label(game, native)}{delta:+g}"
        if text not in out:
            out.append(text)
    return out


def _damage_text(game: Game, hurt: int) -> str:
    word = game.page.phrasebook.damage if game.page.phrasebook is not None else "damage"
    return f"{word}{hurt / 1000:g}"


def card_html(table: Table, card: dict[str, Any] | None, uid: int, rested: set[int], damage: dict[Any, Any],
              actions: dict[int, list[tuple[str, str]]]) -> str:
    """One card on the table, as its game prints it; a card a legal action names carries those actions (the
    page's script makes it clickable; the buttons above stay for keyboards and screen readers)."""
    if card is None:
        return '<li class="card down">face down</li>'
    found = catalog_card(table, uid)
    parts = [f'<span class="name">{esc(card.get("name", "?"))}</span>']
    if found is not None:
        game, printed = found
        parts.append(f' <span class="ctype">{esc(native_name(game, "card_types", printed.type))}</span>')
        stats = stats_text(game, printed.stats)
        if stats:
            parts.append(f' <span class="stats">{esc(stats)}</span>')
        changes = _changes(table, game, uid, card)
        if changes:
            parts.append(f' <span class="mod">{esc(" ".join(changes))}</span>')
        own = set(table.session.match.state.cards[uid].unified)
        words = [native_name(game, "keywords", k) for k in printed.keywords]
        words += [keyword_name(game, _unified(k)) for k in card.get("unified") or [] if k not in own]  # granted
        if words:
            parts.append(f' <span class="kw">{esc(" ".join(f"《{w}》" for w in words))}</span>')
        page = f"/games/{quote(game.id, safe='')}/cards/{quote(printed.id, safe='')}"  # its text and picture
        parts.append(f' <a class="see" href="{esc(page)}" target="_blank" rel="noopener" '
                     f'title="the card, its picture and its conversions (a new tab)">↗</a>')
    else:
        game = table.session.sides[table.session.match.state.cards[uid].owner].game
        if card.get("ap") or card.get("dp"):
            parts.append(f' <span class="stats">{card["ap"] / 1000:g}/{card["dp"] / 1000:g}</span>')
        if card.get("unified"):
            parts.append(f' <span class="kw">{esc(", ".join(str(k) for k in card["unified"]))}</span>')
    hurt = damage.get(uid, damage.get(str(uid)))
    if isinstance(hurt, int) and hurt:
        parts.append(f' <span class="hurt">{esc(_damage_text(game, hurt))}</span>')
    flags = " rested" if uid in rested else ""
    if uid in rested:
        parts.append(' <span class="flag">rested</span>')
    mine = actions.get(uid)
    attrs = ""
    if mine:
        flags += " pick"
        menu = json.dumps([{"action": t, "label": d} for t, d in mine], ensure_ascii=False)
        attrs = f' tabindex="0" role="button" data-uid="{uid}" data-actions="{esc(menu)}"'
    return f'<li class="card{flags}"{attrs}>{"".join(parts)}</li>'


def _unified(value: object) -> object:
    from amalogs.ontology.terms import UnifiedKeyword

    try:
        return UnifiedKeyword(str(value))
    except ValueError:
        return value


# --- life systems ---------------------------------------------------------------------------------------------------


def life_zone(table: Table, i: int) -> str | None:
    """The zone holding seat i's life (life cards, forts, castle walls), or None (HP, damage counted elsewhere)."""
    from amalogs.referee.engine.values import life_zone as zone_of

    return zone_of(table.session.match.state, i)


def _zone_label(game: Game, zone: str, word: str) -> str:
    """The zone's printed name, or the game's word for life when its profile names no such zone."""
    return next((z.name for z in game.profile.zones if z.id == zone), word)


def _pips(n: int, cls: str = "pip") -> str:
    pip = f'<span class="{cls}"></span>'
    return f'<span class="pips" aria-hidden="true">{pip * min(n, 20)}</span>'


def life_html(table: Table, i: int, status: str) -> str:
    """Seat i's life as its game counts it: HP, or the cards of its life zone by the zone's printed name, forts
    tier by tier with each tier's defence and the damage on the top fort; the one-line status under it."""
    state = table.session.match.state
    seat, game, rules = state.seats[i], table.session.sides[i].game, state.rules[i]
    word = game.page.phrasebook.life if game.page.phrasebook is not None else "life"
    rows = []
    if "hp" in seat.counters:
        hp, top = seat.counters["hp"], seat.counters.get("hp-max")
        rows.append(f'<div class="lifebox hp"><span class="lname">{esc(word)}</span> '
                    f'<span class="lcount">{hp}{f" / {top}" if top else ""}</span></div>')
    zone = life_zone(table, i)
    if zone is not None:
        forts = seat.zones[zone]
        label = _zone_label(game, zone, word)
        tiers = rules.life_tiers
        if tiers:
            rows.append(_tiers_html(label, word, forts, tiers, seat.damage))
        else:
            limit = getattr(state.games[i], "damage_limit", None)  # a damage zone fills up to its limit
            shown = f"{len(forts)} / {limit}" if isinstance(limit, int) and limit else str(len(forts))
            rows.append(f'<div class="lifebox"><span class="lname">{esc(label)}</span> '
                        f'<span class="lcount">{shown}</span>{_pips(len(forts))}</div>')
    return "".join(rows) + f'<p class="life">{esc(status)}</p>'


def _tiers_html(label: str, word: str, forts: list[int], tiers: tuple[tuple[int, int], ...],
                damage: dict[int, int]) -> str:
    """Forts by tier, top tier first: (cards in it, its defence); the bottom tiers fill first."""
    left, counts = len(forts), []
    for k, (count, _) in enumerate(reversed(tiers)):
        here = left if k == len(tiers) - 1 else min(left, count)
        counts.append(here)
        left -= here
    counts.reverse()
    hurt = damage.get(forts[-1], 0) if forts else 0
    names = ("上段", "下段") if len(tiers) == 2 else tuple(f"{k + 1}段" for k in range(len(tiers)))
    lines = []
    top_done = False
    for (count, defence), here, name in zip(tiers, counts, names):
        note = ""
        if here and not top_done:
            top_done = True
            note = f' <span class="hurt">ダメージ{hurt / 1000:g}</span>' if hurt else ""
        lines.append(f'<div class="tier"><span class="tname">{esc(name)} (defence {defence / 1000:g})</span> '
                     f'<span class="lcount">{here}</span>{_pips(here, "pip fort")}{note}</div>')
    return (f'<div class="lifebox forts"><span class="lname">{esc(label)}</span> '
            f'<span class="lcount">{len(forts)} {esc(word)}</span>{"".join(lines)}</div>')


# --- effects the referee cannot carry out ---------------------------------------------------------------------------


def not_carried_out_html(table: Table, limit: int = 6) -> str:
    """The latest effects the referee could not carry out (``native``), each with its card's printed text, for
    the players to resolve by hand. The event is public (the play-by-play names the card to everyone)."""
    state = table.session.match.state
    hits = [k for k, event in enumerate(state.events) if event.get("type") in (NOT_CARRIED_OUT, "ruling-asked")]
    items = []
    for k in hits[-limit:]:  # (only the shown ones are worked out: this runs for every viewer at every move)
        event = state.events[k]
        uid = event.get("card")
        seat = event.get("seat")
        found = catalog_card(table, uid) if isinstance(uid, int) else None
        name = state.cards[uid].name if isinstance(uid, int) and 0 <= uid < len(state.cards) else "a card"
        text = found[1].text if found is not None and found[1].text else "(no printed text in the card data)"
        who = f"P{seat + 1} " if isinstance(seat, int) else ""
        notes = [str(getattr(e, "text", "")) for e in (found[1].effects if found is not None else ())
                 if e.do == event.get("effect") and e.when == event.get("when") and getattr(e, "text", None)]
        note = f'<p class="dim">what it does: {esc(" / ".join(notes))}</p>' if notes else ""
        if event.get("type") == "ruling-asked":
            note = f'<p class="dim">what it does: {esc(event.get("text"))}</p>' if event.get("text") else ""
            note += _ruling_status(state.events, k, uid)
            what = "ruled by hand"
        else:
            what = f'{event.get("effect")}, {event.get("when")}'
        items.append(f'<li><span class="name">{esc(who)}{esc(name)}</span> <span class="dim">'
                     f'({esc(what)})</span>'
                     f'<blockquote class="ctext">{esc(text)}</blockquote>{note}</li>')
    if not items:
        return ""
    how = ("its controller picks what it does, the other side confirms" if state.rulings
           else "the referee cannot carry these out")
    return (f'<section class="native"><h2>to resolve by hand <span class="dim">({how}; '
            f'{len(hits)} so far, newest first)</span></h2><ul>{"".join(items[::-1])}</ul></section>')


def _ruling_status(events: Sequence[dict[str, Any]], asked: int, uid: object) -> str:
    """How the ruling asked at event ``asked`` stands: proposed, rejected, or ruled (and by whom)."""
    status = "waiting for its controller's ruling"
    for event in events[asked + 1:]:
        if event.get("card") != uid:
            continue
        kind = event.get("type")
        if kind == "ruling-proposed":
            status = f"proposed: {event.get('ruling')} — waiting for the other side to confirm"
        elif kind == "ruling-rejected":
            status = f"rejected: {event.get('ruling')}"
        elif kind == "manual-ruling":
            by = event.get("confirmed_by")
            status = (f"ruled: {event.get('ruling')}, confirmed by P{by + 1}" if isinstance(by, int)
                      else f"ruled: {event.get('ruling')} (no agreement)")
            break
    return f'<p class="ruling">{esc(status)}</p>'

