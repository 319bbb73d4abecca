"""The balance report of a tournament: is each pairing fair, and what makes it unfair?

From the rows of one or more tournaments (:mod:`amalogs.referee.sessions.tournament`) it works out, for each
player setting (random, greedy, search … — every match's two players):

- **win rates** of every deck against every other and of every game against every other, both seatings
  together, with a 95 % Wilson interval (scipy). A win rate counts decided matches; draws are shown apart;
- **first-player advantage**: how often the side that took the first turn won, over all and per game;
- **length and endings**: average turns and decisions, turn-cap draws, how matches ended;
- **ratings**: a Bradley–Terry strength of every deck and every game (choix), shown on the Elo scale;
- **balance**: the game pairings and deck pairings whose win rate lies outside 40–60 %; whether the WE
  difference of two games predicts their win rate (a least-squares line through the game pairings, scipy),
  and what else drives it: how far decks of one game lie apart, how much the pairing moves from one player
  setting to another, the first-player advantage and the draws.

It renders as rich tables in the terminal, Markdown, HTML, CSV (one line per deck pairing and setting), JSON
and a heatmap of the game matrix (PNG or SVG). Every file carries the format version :data:`BALANCE_VERSION`.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from amalogs.catalog import Catalog

if TYPE_CHECKING:
    from rich.console import RenderableType

    from amalogs.referee.sessions.tournament import MatchRow

__all__ = ["BALANCE_VERSION", "FAIR", "Balance", "balance", "render", "FORMATS", "terminal", "heatmap"]

BALANCE_VERSION = 1
FAIR = (0.40, 0.60)
"""A pairing is called fair when its win rate lies in this range."""
ELO = 400 / math.log(10)  # a Bradley–Terry strength of 1 is this many Elo points
FORMATS = ("md", "html", "csv", "json", "png", "svg")


@dataclass(frozen=True)
class Rate:
    """Wins, losses and draws of one side against another, its win rate among decided matches and the 95 %
    Wilson interval of that rate (``None`` when no match was decided)."""

    wins: int
    losses: int
    draws: int

    @property
    def matches(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def rate(self) -> float | None:
        decided = self.wins + self.losses
        return self.wins / decided if decided else None

    @property
    def interval(self) -> tuple[float, float] | None:
        decided = self.wins + self.losses
        if not decided:
            return None
        from scipy.stats import binomtest

        ci = binomtest(self.wins, decided).proportion_ci(confidence_level=0.95, method="wilson")
        return float(ci.low), float(ci.high)

    def plain(self) -> dict[str, Any]:
        ci = self.interval
        return {"wins": self.wins, "losses": self.losses, "draws": self.draws, "win_rate": _r(self.rate),
                "ci_low": _r(ci[0]) if ci else None, "ci_high": _r(ci[1]) if ci else None}


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


@dataclass
class _Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def rate(self) -> Rate:
        return Rate(self.wins, self.losses, self.draws)


@dataclass
class Setting:
    """Everything the report says about one player setting (``random`` = random against random)."""

    players: str
    matches: int
    decks: list[str]
    games: list[str]
    deck_rates: dict[tuple[str, str], Rate]
    game_rates: dict[tuple[str, str], Rate]
    first_player: Rate
    first_by_game: dict[str, tuple[Rate, Rate]]  # game → (going first, going second)
    turns: float
    decisions: float
    cap_draws: int
    game_pair_length: dict[tuple[str, str], tuple[float, int]]  # unordered game pair → (mean turns, turn-cap draws)
    reasons: Counter[str]
    deck_rating: dict[str, float]
    game_rating: dict[str, float]


@dataclass
class Balance:
    """The balance report of the rows of one or more tournaments."""

    settings: list[Setting]
    labels: dict[str, str]  # deck or game id → how the report names it
    we: dict[str, int]  # game id → WE
    unfair_games: list[dict[str, Any]] = field(default_factory=list)
    unfair_decks: list[dict[str, Any]] = field(default_factory=list)
    we_fit: dict[str, Any] = field(default_factory=dict)
    drivers: dict[str, Any] = field(default_factory=dict)


# --- working it out -----------------------------------------------------------------------------------------


def _players(row: MatchRow) -> str:
    return row.player1 if row.player1 == row.player2 else f"{row.player1} vs {row.player2}"


def _ratings(items: list[str], results: list[tuple[str, str]]) -> dict[str, float]:
    """Bradley–Terry strengths (choix, a little regularised so a deck that never lost stays finite) on the Elo
    scale, centred on 1500."""
    if not results or len(items) < 2:
        return {i: 1500.0 for i in items}
    import choix

    index = {i: k for k, i in enumerate(items)}
    params = choix.ilsr_pairwise(len(items), [(index[w], index[lo]) for w, lo in results], alpha=0.01)
    mean = float(sum(params)) / len(params)
    return {i: round(1500 + ELO * (float(params[index[i]]) - mean), 1) for i in items}


def _setting(name: str, rows: list[MatchRow]) -> Setting:
    decks: dict[str, str] = {}  # deck → game, in order of appearance
    deck_t: dict[tuple[str, str], _Tally] = defaultdict(_Tally)
    game_t: dict[tuple[str, str], _Tally] = defaultdict(_Tally)
    first_t = _Tally()
    first_game: dict[str, tuple[_Tally, _Tally]] = {}
    pair_turns: dict[tuple[str, str], list[int]] = defaultdict(list)
    pair_caps: Counter[tuple[str, str]] = Counter()
    deck_results: list[tuple[str, str]] = []
    game_results: list[tuple[str, str]] = []
    reasons: Counter[str] = Counter()
    turns = decisions = caps = 0
    for r in rows:
        decks.setdefault(r.deck1, r.game1)
        decks.setdefault(r.deck2, r.game2)
        sides = ((r.deck1, r.game1), (r.deck2, r.game2))
        turns += r.turns
        decisions += r.decisions
        reasons[r.reason] += 1
        pair = tuple(sorted((r.game1, r.game2)))
        pair_turns[pair].append(r.turns)  # type: ignore[index]
        if r.winner is None:
            if r.reason.startswith("turn cap"):
                caps += 1
                pair_caps[pair] += 1  # type: ignore[index]
        for seat, (deck, game) in enumerate(sides, 1):
            (other_deck, other_game) = sides[2 - seat]
            went_first = r.first == seat
            ft = first_game.setdefault(game, (_Tally(), _Tally()))[0 if went_first else 1]
            for tally in (deck_t[deck, other_deck], game_t[game, other_game], ft):
                if r.winner is None:
                    tally.draws += 1
                elif r.winner == seat:
                    tally.wins += 1
                else:
                    tally.losses += 1
        if r.winner is None:
            first_t.draws += 1
        elif r.winner == r.first:
            first_t.wins += 1
        else:
            first_t.losses += 1
        if r.winner is not None:
            w, lo = sides[r.winner - 1], sides[2 - r.winner]
            deck_results.append((w[0], lo[0]))
            if w[1] != lo[1]:
                game_results.append((w[1], lo[1]))
    games = list(dict.fromkeys(g for r in rows for g in (r.game1, r.game2)))
    n = max(1, len(rows))
    return Setting(
        players=name, matches=len(rows), decks=list(decks), games=games,
        deck_rates={k: t.rate() for k, t in deck_t.items()}, game_rates={k: t.rate() for k, t in game_t.items()},
        first_player=first_t.rate(), first_by_game={g: (a.rate(), b.rate()) for g, (a, b) in first_game.items()},
        turns=turns / n, decisions=decisions / n, cap_draws=caps,
        game_pair_length={p: (sum(v) / len(v), pair_caps[p]) for p, v in pair_turns.items()},
        reasons=reasons, deck_rating=_ratings(list(decks), deck_results),
        game_rating=_ratings(games, game_results))


def balance(rows: Iterable[MatchRow | dict[str, Any]], catalog: Catalog) -> Balance:
    """The balance report of ``rows`` (of one or more tournaments: rows or their records), games named and
    weighed from ``catalog``."""
    from amalogs.ontology.we import appraise
    from amalogs.referee.sessions.tournament import MatchRow

    by_setting: dict[str, list[MatchRow]] = defaultdict(list)
    for record in rows:
        r = record if isinstance(record, MatchRow) else MatchRow.model_validate(record)
        by_setting[_players(r)].append(r)
    order = {"random": 0, "greedy": 1}
    settings = [_setting(name, rs) for name, rs in sorted(by_setting.items(), key=lambda kv: (order.get(kv[0], 2), kv[0]))]
    rank = {g: k for k, g in enumerate(catalog.games)}
    for s in settings:  # games in the catalog's order, decks by game, then by name
        s.games.sort(key=lambda g: (rank.get(g, len(rank)), g))
        s.decks.sort(key=lambda d: (rank.get(d.partition(":")[0], len(rank)), d))
    labels: dict[str, str] = {}
    we: dict[str, int] = {}
    for s in settings:
        for g in s.games:
            game = catalog.games.get(g)
            labels[g] = game.page.abbreviation if game else g
            if game is not None:
                we[g] = appraise(game.profile).we
        for d in s.decks:
            game_id, _, deck = d.partition(":")
            labels[d] = f"{labels.get(game_id, game_id)}:{deck}" if deck and game_id in labels else d
    b = Balance(settings, labels, we)
    _judge(b)
    return b


def _pairs(s: Setting, rates: dict[tuple[str, str], Rate], items: list[str]) -> list[tuple[str, str, Rate]]:
    """Each unordered pairing once (the first item of the pair as listed first), with its rate."""
    out = []
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if (a, b) in rates:
                out.append((a, b, rates[a, b]))
    return out


def _judge(b: Balance) -> None:
    """The balance section: unfair pairings, the WE line, and what else drives the win rates."""
    from scipy.stats import linregress

    for s in b.settings:
        for a, c, rate in _pairs(s, s.game_rates, s.games):
            if a == c or rate.rate is None:
                continue
            _flag(b.unfair_games, s.players, a, c, rate)
        for a, c, rate in _pairs(s, s.deck_rates, s.decks):
            if rate.rate is not None:
                _flag(b.unfair_decks, s.players, a, c, rate)
        xs, ys, ws = [], [], []
        for a, c, rate in _pairs(s, s.game_rates, s.games):
            if a != c and rate.rate is not None and a in b.we and c in b.we:
                xs.append(b.we[a] - b.we[c])
                ys.append(rate.rate)
                ws.append(rate.wins + rate.losses)
        fit: dict[str, Any] = {"pairings": len(xs)}
        if len(set(xs)) >= 2:
            # both orientations of each pairing, so the line goes through 50 % at a WE difference of 0
            line = linregress(xs + [-x for x in xs], ys + [1 - y for y in ys])
            fit.update(slope=_r(float(line.slope)), intercept=_r(float(line.intercept)),
                       r_squared=_r(float(line.rvalue) ** 2), p_value=_r(float(line.pvalue), 6))
            residuals = sorted(((a, c, rate.rate - (line.intercept + line.slope * (b.we[a] - b.we[c])))
                                for a, c, rate in _pairs(s, s.game_rates, s.games)
                                if a != c and rate.rate is not None and a in b.we and c in b.we),
                               key=lambda t: -abs(t[2]))
            fit["unexplained"] = [{"a": a, "b": c, "residual": _r(float(res))} for a, c, res in residuals[:5]]
        b.we_fit[s.players] = fit
        spread = {}
        for g in s.games:
            ratings = [v for d, v in s.deck_rating.items() if d.partition(":")[0] == g or d == g]
            if len(ratings) >= 2:
                spread[g] = round(max(ratings) - min(ratings), 1)
        first = s.first_player
        b.drivers[s.players] = {
            "deck_spread_elo": spread,
            "first_player_win_rate": _r(first.rate),
            "first_player_ci": [_r(x) for x in first.interval] if first.interval else None,
            "turn_cap_draws": s.cap_draws,
            "matches": s.matches,
        }
    if len(b.settings) >= 2:
        moves = []
        names = [s.players for s in b.settings]
        games = list(dict.fromkeys(g for s in b.settings for g in s.games))
        for i, a in enumerate(games):
            for c in games[i + 1:]:
                rates = {s.players: s.game_rates.get((a, c)) for s in b.settings}
                got = {k: r.rate for k, r in rates.items() if r is not None and r.rate is not None}
                if len(got) >= 2:
                    moves.append({"a": a, "b": c, "rates": {k: _r(v) for k, v in got.items()},
                                  "spread": round(max(got.values()) - min(got.values()), 4)})
        moves.sort(key=lambda m: -m["spread"])  # type: ignore[operator]
        b.drivers["players"] = {"settings": names, "largest_moves": moves[:8]}


def _flag(into: list[dict[str, Any]], players: str, a: str, c: str, rate: Rate) -> None:
    low, high = FAIR
    assert rate.rate is not None
    if low <= rate.rate <= high:
        return
    ci = rate.interval
    assert ci is not None
    favoured, against = (a, c) if rate.rate > 0.5 else (c, a)
    into.append({"players": players, "favoured": favoured, "against": against,
                 "win_rate": _r(max(rate.rate, 1 - rate.rate)),
                 "ci_low": _r(ci[0] if rate.rate > 0.5 else 1 - ci[1]),
                 "ci_high": _r(ci[1] if rate.rate > 0.5 else 1 - ci[0]),
                 "certain": ci[0] > high or ci[1] < low, "matches": rate.matches, "draws": rate.draws})
    into.sort(key=lambda f: (f["players"] != players, -f["win_rate"]))


# --- rendering ---------------------------------------------------------------------------------------------


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f}%"


def _cell(rate: Rate | None) -> str:
    if rate is None or rate.rate is None:
        return "–"
    ci = rate.interval
    assert ci is not None
    return f"{_pct(rate.rate)} ({_pct(ci[0])}–{_pct(ci[1])})"


def to_json(b: Balance) -> str:
    def rates(d: dict[tuple[str, str], Rate]) -> list[dict[str, Any]]:
        return [{"a": a, "b": c, **r.plain()} for (a, c), r in d.items()]

    data = {
        "format": "amalogs-balance", "version": BALANCE_VERSION, "fair": list(FAIR), "labels": b.labels, "we": b.we,
        "settings": [{
            "players": s.players, "matches": s.matches, "decks": s.decks, "games": s.games,
            "mean_turns": _r(s.turns, 2), "mean_decisions": _r(s.decisions, 2), "turn_cap_draws": s.cap_draws,
            "end_reasons": dict(s.reasons.most_common()), "first_player": s.first_player.plain(),
            "first_by_game": {g: {"first": f.plain(), "second": sec.plain()} for g, (f, sec) in s.first_by_game.items()},
            "game_rates": rates(s.game_rates), "deck_rates": rates(s.deck_rates),
            "deck_rating": s.deck_rating, "game_rating": s.game_rating,
        } for s in b.settings],
        "unfair_games": b.unfair_games, "unfair_decks": b.unfair_decks, "we_fit": b.we_fit, "drivers": b.drivers,
    }
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def to_csv(b: Balance) -> str:
    import csv
    import io

    from amalogs.compare.table import csv_cell

    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["version", "players", "level", "a", "b", "matches", "wins", "losses", "draws", "win_rate", "ci_low",
                "ci_high"])
    for s in b.settings:
        for level, rates in (("game", s.game_rates), ("deck", s.deck_rates)):
            for (a, c), r in rates.items():
                p = r.plain()
                w.writerow([BALANCE_VERSION, csv_cell(s.players), level, csv_cell(a), csv_cell(c), r.matches, r.wins,
                            r.losses, r.draws] + ["" if p[k] is None else p[k] for k in ("win_rate", "ci_low", "ci_high")])
    return out.getvalue()


def _md_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def to_markdown(b: Balance, picture: str | None = None) -> str:
    L = b.labels
    def name(x: str) -> str:
        return _md_escape(L.get(x, x))

    lines = ["# AMALOGS balance report", "",
             f"<!-- amalogs balance report, format version {BALANCE_VERSION} -->", "",
             "Win rates count decided matches (draws apart), both seatings of a pairing together, with 95 % "
             f"Wilson intervals. A pairing is fair between {_pct(FAIR[0])} and {_pct(FAIR[1])}. Ratings are "
             "Bradley–Terry strengths on the Elo scale (1500 = average).", ""]
    if picture:
        lines += [f"![game win rates]({picture})", ""]
    lines += ["## Balance", ""]
    for s in b.settings:
        flagged = [f for f in b.unfair_games if f["players"] == s.players]
        fit = b.we_fit.get(s.players, {})
        lines += [f"### {s.players} players", ""]
        if flagged:
            lines += ["| favoured | against | win rate | 95 % interval | clearly outside | matches | draws |",
                      "|---|---|---|---|---|---|---|"]
            lines += [f"| {name(f['favoured'])} | {name(f['against'])} | {_pct(f['win_rate'])} | "
                      f"{_pct(f['ci_low'])}–{_pct(f['ci_high'])} | {'yes' if f['certain'] else 'no'} | "
                      f"{f['matches']} | {f['draws']} |" for f in flagged]
        else:
            lines.append("Every game pairing lies within the fair range.")
        lines.append("")
        if "slope" in fit:
            lines.append(f"- **WE**: each point of WE difference moves the heavier game's win rate by "
                         f"{100 * fit['slope']:+.1f} points (least squares over {fit['pairings']} game pairings; "
                         f"r² = {fit['r_squared']:.2f}, p = {fit['p_value']:.3g}).")
            if fit.get("unexplained"):
                lines.append("- **Not explained by WE** (observed − predicted): " + "; ".join(
                    f"{name(u['a'])} vs {name(u['b'])} {100 * u['residual']:+.0f}" for u in fit["unexplained"]) + ".")
        else:
            lines.append("- **WE**: too few game pairings of different WE to fit a line.")
        d = b.drivers.get(s.players, {})
        if d.get("deck_spread_elo"):
            lines.append("- **Decks**: strongest − weakest deck of each game, in Elo: " + ", ".join(
                f"{name(g)} {v:.0f}" for g, v in d["deck_spread_elo"].items()) + ".")
        lines.append(f"- **First player** won {_pct(d.get('first_player_win_rate'))} of decided matches"
                     + (f" ({_pct(d['first_player_ci'][0])}–{_pct(d['first_player_ci'][1])})" if d.get("first_player_ci") else "")
                     + f"; **turn-cap draws**: {d.get('turn_cap_draws', 0)} of {d.get('matches', 0)} matches.")
        lines.append("")
    if b.unfair_decks:
        lines += ["### Deck pairings", ""]
        for s in b.settings:
            flagged = [f for f in b.unfair_decks if f["players"] == s.players]
            clear = [f for f in flagged if f["certain"]]
            pairs = len(s.decks) * (len(s.decks) - 1) // 2
            lines.append(f"- **{s.players}**: {len(flagged)} of {pairs} deck pairings lie outside the fair range "
                         f"({len(clear)} clearly); the most one-sided: " + "; ".join(
                             f"{name(f['favoured'])} over {name(f['against'])} {_pct(f['win_rate'])}"
                             for f in flagged[:5]) + ".")
        lines.append("")
    if "players" in b.drivers:
        moves = b.drivers["players"]["largest_moves"]
        names = b.drivers["players"]["settings"]
        lines += ["### Players", "", "Game pairings whose win rate (the first game's) moves most from one player "
                  "setting to another:", "", "| pairing | " + " | ".join(names) + " | spread |",
                  "|---|" + "---|" * (len(names) + 1)]
        lines += [f"| {name(m['a'])} vs {name(m['b'])} | " + " | ".join(_pct(m["rates"].get(k)) for k in names)
                  + f" | {100 * m['spread']:.0f} |" for m in moves]
        lines.append("")
    for s in b.settings:
        lines += [f"## {s.players} players: {s.matches} matches", "",
                  f"Mean length {s.turns:.1f} turns, {s.decisions:.0f} decisions; turn-cap draws {s.cap_draws}.", "",
                  "### Games (row's win rate against column)", ""]
        lines += _md_matrix(s.games, s.game_rates, name)
        lines += ["", "### Game ratings", "", "| game | WE | rating | going first | going second |", "|---|---|---|---|---|"]
        for g, v in sorted(s.game_rating.items(), key=lambda kv: -kv[1]):
            went = s.first_by_game.get(g)
            lines.append(f"| {name(g)} | {b.we.get(g, '–')} | {v:.0f} | {_cell(went[0] if went else None)} | "
                         f"{_cell(went[1] if went else None)} |")
        lines += ["", "### Deck ratings", "", "| deck | rating |", "|---|---|"]
        lines += [f"| {name(d)} | {v:.0f} |" for d, v in sorted(s.deck_rating.items(), key=lambda kv: -kv[1])]
        lines += ["", "### Decks (row's win rate against column)", ""]
        lines += _md_matrix(s.decks, s.deck_rates, name, interval=False)
        lines += ["", "### Length of each game pairing", "", "| pairing | mean turns | turn-cap draws |", "|---|---|---|"]
        lines += [f"| {name(a)} vs {name(c)} | {t:.1f} | {caps} |" for (a, c), (t, caps) in sorted(s.game_pair_length.items())]
        lines += ["", "### How matches ended", "", "| reason | matches |", "|---|---|"]
        lines += [f"| {_md_escape(k)} | {v} |" for k, v in s.reasons.most_common()]
        lines.append("")
    return "\n".join(lines)


def _md_matrix(items: list[str], rates: dict[tuple[str, str], Rate], name: Callable[[str], str],
               interval: bool = True) -> list[str]:
    out = ["| | " + " | ".join(name(i) for i in items) + " |", "|---|" + "---|" * len(items)]
    for a in items:
        cells = [("–" if a == c else _cell(rates.get((a, c))) if interval else _pct(rates[a, c].rate) if (a, c) in rates else "–")
                 for c in items]
        out.append(f"| **{name(a)}** | " + " | ".join(cells) + " |")
    return out


def to_html(b: Balance, picture: str | None = None) -> str:
    """The Markdown report as an HTML page (markdown-it, raw HTML in names escaped)."""
    from html import escape

    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(to_markdown(b, picture))
    return ("<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<meta name=\"generator\" content=\"amalogs balance report, format version {BALANCE_VERSION}\">\n"
            f"<title>{escape('AMALOGS balance report')}</title>\n<style>body{{font-family:sans-serif;max-width:72em;"
            "margin:auto}}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}</style>\n"
            f"</head>\n<body>\n{body}</body>\n</html>\n")


def heatmap_values(b: Balance, setting: Setting | None = None) -> tuple[list[list[float | None]], list[str]]:
    s = setting or b.settings[0]
    values = [[None if a == c or (a, c) not in s.game_rates else s.game_rates[a, c].rate for c in s.games]
              for a in s.games]
    return values, [b.labels.get(g, g) for g in s.games]


def heatmap(b: Balance, fmt: str) -> bytes:
    """The game win-rate matrix of every player setting side by side (red: the row loses, blue: it wins)."""
    from importlib import import_module

    from amalogs.report.figures import DPI, check_format, drawable, save, style

    check_format(fmt)
    Figure: Any = import_module("matplotlib.figure").Figure
    colormaps: Any = import_module("matplotlib").colormaps
    panels = [heatmap_values(b, s) for s in b.settings]
    n = max(len(labels) for _, labels in panels)
    with style():
        fig = Figure(figsize=(len(panels) * (0.6 * n + 2.2) + 1, 0.6 * n + 2.2), dpi=DPI, layout="constrained")
        axes = fig.subplots(1, len(panels), squeeze=False)[0]
        image = None
        for ax, s, (values, labels) in zip(axes, b.settings, panels, strict=True):
            grid = [[math.nan if v is None else v for v in row] for row in values]
            cmap = colormaps["RdBu"].with_extremes(bad="#d9d9d9")  # a game against itself: grey
            image = ax.imshow(grid, cmap=cmap, vmin=0.0, vmax=1.0)
            labels = [drawable(label) for label in labels]  # names from data may hold control characters
            ax.set_xticks(range(len(labels)), labels, rotation=45, ha="right", rotation_mode="anchor")
            ax.set_yticks(range(len(labels)), labels)
            for i, row in enumerate(values):
                for j, v in enumerate(row):
                    if v is not None:
                        ax.text(j, i, f"{100 * v:.0f}", ha="center", va="center",
                                color="white" if abs(v - 0.5) > 0.3 else "black")
            ax.set_title(drawable(f"{s.players}: row's win rate (%)"), fontsize=10)
        if image is not None:
            bar = fig.colorbar(image, ax=list(axes), shrink=0.8)
            bar.set_ticks([0, 0.25, 0.5, 0.75, 1], labels=["0%", "25%", "50%", "75%", "100%"])
        return save(fig, fmt)


def render(b: Balance, fmt: str, picture: str | None = None) -> str | bytes:
    """The report as ``fmt`` (one of :data:`FORMATS`): text, or bytes for a picture."""
    from amalogs.errors import FormatError

    if fmt == "md":
        return to_markdown(b, picture)
    if fmt == "html":
        return to_html(b, picture)
    if fmt == "csv":
        return to_csv(b)
    if fmt == "json":
        return to_json(b)
    if fmt in ("png", "svg"):
        return heatmap(b, fmt)
    raise FormatError(fmt, FORMATS)


def terminal(b: Balance) -> list[RenderableType]:
    """The report's core for the terminal: per setting the game matrix, the ratings and the unfair pairings."""
    from rich.table import Table

    L = b.labels
    out: list[RenderableType] = []
    for s in b.settings:
        m = Table(title=f"{s.players} players: {s.matches} matches — row's win rate against column",
                  title_justify="left")
        m.add_column("")
        for g in s.games:
            m.add_column(L.get(g, g), justify="right")
        for a in s.games:
            m.add_row(L.get(a, a), *["–" if a == c or (a, c) not in s.game_rates else _pct(s.game_rates[a, c].rate)
                                     for c in s.games])
        out.append(m)
        r = Table(title="ratings (Elo scale) and first-player win rate", title_justify="left")
        for col in ("game", "WE", "rating", "first", "second"):
            r.add_column(col, justify="left" if col == "game" else "right")
        for g, v in sorted(s.game_rating.items(), key=lambda kv: -kv[1]):
            went = s.first_by_game.get(g)
            r.add_row(L.get(g, g), str(b.we.get(g, "–")), f"{v:.0f}", _pct(went[0].rate if went else None),
                      _pct(went[1].rate if went else None))
        out.append(r)
        flagged = [x for x in b.unfair_games if x["players"] == s.players]
        u = Table(title=f"game pairings outside {_pct(FAIR[0])}–{_pct(FAIR[1])}", title_justify="left")
        for col in ("favoured", "against", "win rate", "95 %", "clearly"):
            u.add_column(col)
        for x in flagged:
            u.add_row(L.get(x["favoured"], x["favoured"]), L.get(x["against"], x["against"]), _pct(x["win_rate"]),
                      f"{_pct(x['ci_low'])}–{_pct(x['ci_high'])}", "yes" if x["certain"] else "no")
        out.append(u if flagged else "[green]every game pairing is within the fair range[/]")
        fit = b.we_fit.get(s.players, {})
        if "slope" in fit:
            out.append(f"WE: {100 * fit['slope']:+.1f} points of win rate per WE of difference "
                       f"(r² {fit['r_squared']:.2f}); first player won {_pct(s.first_player.rate)}; "
                       f"turn-cap draws {s.cap_draws}; mean {s.turns:.1f} turns")
    return out


def plain(b: Balance) -> dict[str, Any]:
    """The report as plain data (what the JSON holds)."""
    return dict(json.loads(to_json(b)))

