"""Do converted decks play? Every shipped sample deck converted into every other shipped game, checked against
the target's deck rules, then played in seeded matches against the target's own sample decks: how many cards it
plays in each match and how often it wins (``reports/conversion/``).

The trials' rows are committed (``reports/conversion/rows.json``, versioned); the report (Markdown, HTML, CSV)
is rendered from them. ``amalogs report`` plays them again only when they are not current; ``--check`` renders the
report from the committed rows, checks that the rows are the trials of today's decks and that each deck converts
as it did (a digest of the written deck), and plays a fixed subset again (the first match of :data:`CHECKED` conversions spread over the list), so a rules or conversion change that
alters one of them makes the check fail.

A card counts as played when the referee reports it put into play from the hand: played, called, ridden,
evolved onto a character, or placed (ブレイクジョーカー); a card put down as a resource does not count.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from statistics import mean
from typing import Any

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.models.cards import Deck

__all__ = ["CHECKED", "MATCHES", "PLAYERS", "Trial", "check_trials", "play_trials", "trial_texts", "trials"]

FOLDER = "conversion"
ROWS = "rows.json"
VERSION = 1
MATCHES = 20
"""Seeded matches each converted deck plays against the target's sample decks (taken in turn)."""
PLAYERS = "greedy"
CHECKED = 8
"""Conversions whose first match ``report --check`` plays again."""
PLAYED = frozenset({"play", "ride", "evolve", "place"})
"""Event types that put a card from the hand into play (see the module docstring)."""


@dataclass(frozen=True)
class Trial:
    """One sample deck converted into one game: whether it meets the target's deck rules, and its matches."""

    source: str  # the source game's id
    deck: str  # the sample deck's id
    target: str  # the target game's id
    unmet: tuple[str, ...]  # the target's deck rules it breaks (none: legal)
    digest: str  # of the converted deck as written (its cards and counts): a changed conversion is stale
    written: Deck = field(compare=False, repr=False)  # the converted deck

    @property
    def key(self) -> str:
        return f"{self.source}:{self.deck}>{self.target}"


def trials(catalog: Catalog) -> list[Trial]:
    """Every sample deck of every game into every other game, in catalog order (the conversions, not yet played)."""
    from amalogs.convert.decks import convert_deck

    out = []
    for source in catalog.games:
        s = catalog.game(source)
        for deck_id in sorted(catalog.decks(source)):
            deck = catalog.decks(source)[deck_id][0]
            for target in catalog.games:
                if target == source:
                    continue
                t = catalog.game(target)
                own = [d for _, (d, _) in sorted(catalog.decks(target).items())]
                result = convert_deck(deck, s, catalog.cards(source), t, catalog.cards(target), target_decks=own)
                dumped = json.dumps(result.deck.model_dump(mode="json"), ensure_ascii=False, sort_keys=True)
                out.append(Trial(source, deck_id, target, tuple(str(v) for v in result.unmet),
                                 hashlib.sha256(dumped.encode()).hexdigest()[:16], result.deck))
    return out


def _play(catalog: Catalog, trial: Trial, matches: range) -> Iterator[dict[str, Any]]:
    """The rows of the trial's matches of index ``matches``: match k is seed k + 1 against the target's sample
    deck k (in id order, taken in turn); the converted deck is seat 0."""
    from amalogs.referee.sessions.runner import play_match
    from amalogs.referee.sessions.sides import Side

    t = catalog.game(trial.target)
    own = sorted(catalog.decks(trial.target))
    mine = Side(t, f"{trial.source}:{trial.deck}", trial.written)
    for k in matches:
        opponent = own[k % len(own)]
        other = Side(t, opponent, catalog.decks(trial.target)[opponent][0])
        r = play_match(catalog, (mine, other), k + 1, (PLAYERS, PLAYERS), log_events=True)
        played = sum(1 for e in r.events if e["type"] in PLAYED and e.get("seat") == 0)
        winner = r.outcome.winner
        yield {"source": trial.source, "deck": trial.deck, "target": trial.target, "legal": not trial.unmet,
               "match": k, "seed": k + 1, "opponent": opponent, "first": r.first,
               "result": "draw" if winner is None else "won" if winner == 0 else "lost", "played": played,
               "turns": r.outcome.turns}


def _rows_file(out: Path) -> Path:
    return out / FOLDER / ROWS


def _load(path: Path) -> dict[str, Any]:
    """The committed trials file, checked to be one (one line naming the file when it is not)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise AmalogsError(f"{path}: not a trials file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != "amalogs-conversion-trials" \
            or data.get("version") != VERSION or not isinstance(data.get("rows"), list):
        raise AmalogsError(f"{path}: not a trials file of version {VERSION}")
    return data


def _read(path: Path) -> list[dict[str, Any]]:
    """The committed trials' rows."""
    return list(_load(path)["rows"])


def _keys(found: list[Trial]) -> list[tuple[str, str, str, bool, int]]:
    return [(t.source, t.deck, t.target, not t.unmet, k) for t in found for k in range(MATCHES if not t.unmet else 0)]


def _row_key(row: dict[str, Any]) -> tuple[str, str, str, bool, int]:
    return row["source"], row["deck"], row["target"], row["legal"], row["match"]


def _stale(catalog: Catalog, path: Path, found: list[Trial]) -> str | None:
    """Why the committed rows are not current (None when they are)."""
    try:
        data = _load(path)
    except AmalogsError as exc:
        return str(exc)
    rows, decks = data["rows"], data.get("decks", {})
    if [_row_key(r) for r in rows] != _keys(found):
        return "its matches are not those of today's decks and games"
    changed = [t.key for t in found if decks.get(t.key) != t.digest]
    if changed:
        return f"{len(changed)} decks convert differently now ({', '.join(changed[:3])}{' …' if len(changed) > 3 else ''})"
    legal = [t for t in found if not t.unmet]
    for trial in legal[::max(1, len(legal) // CHECKED)][:CHECKED]:
        again = next(_play(catalog, trial, range(1)))
        committed = next(r for r in rows if _row_key(r) == (trial.source, trial.deck, trial.target, True, 0))
        if again != committed:
            return f"the first match of {trial.source}:{trial.deck} into {trial.target} now plays differently"
    return None


def play_trials(catalog: Catalog, out: Path) -> Path:
    """Make the committed rows current: kept when the checked subset plays again identically, else played anew."""
    from amalogs.writer import write_bytes

    path = _rows_file(out)
    found = trials(catalog)
    if path.is_file() and _stale(catalog, path, found) is None:
        return path
    rows = [row for t in found if not t.unmet for row in _play(catalog, t, range(MATCHES))]
    unmet = {t.key: list(t.unmet) for t in found if t.unmet}
    data = {"format": "amalogs-conversion-trials", "version": VERSION, "matches": MATCHES, "players": PLAYERS,
            "unmet": unmet, "decks": {t.key: t.digest for t in found}, "rows": rows}
    text = "{\n" + ",\n".join(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()
                              if k != "rows")
    text += ',\n "rows": [\n' + ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in rows) + "\n ]\n}\n"
    write_bytes(path, text.encode("utf-8"))
    return path


def check_trials(catalog: Catalog, out: Path) -> list[str]:
    """One line when the rows are missing, not today's trials, or play differently now."""
    path = _rows_file(out)
    if not path.is_file():
        return [f"{path}: missing"]
    why = _stale(catalog, path, trials(catalog))
    return [f"{path}: out of date: {why}"] if why else []


def _pct(won: int, n: int) -> str:
    return f"{100 * won / n:.0f} %" if n else "—"


def trial_texts(catalog: Catalog, out: Path) -> dict[str, str]:
    """The report's files (Markdown, HTML, CSV) rendered from the committed rows; nothing when they are missing."""
    try:
        data = _load(_rows_file(out))
    except AmalogsError:
        return {}
    rows = data["rows"]
    names = {g.id: g.page.abbreviation for g in catalog.games.values()}
    by: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for r in rows:
        by.setdefault((r["source"], r["deck"], r["target"]), []).append(r)
    games = list(catalog.games)
    about = (f"Every shipped sample deck converted into every other game (`amalogs convert-deck`), then played in "
             f"{MATCHES} seeded matches ({PLAYERS} players) against the target's own sample decks, taken in turn "
             f"(`amalogs report` plays them; rows: [{ROWS}]({ROWS})). A card counts as played when it is put into "
             "play from the hand (played, called, ridden, evolved onto a character, placed); resources do not "
             "count.")
    cells_are = ("Rows: the game the decks come from; columns: the game they are converted into. Each cell: the "
                 "converted decks' wins over their matches against the target's sample decks.")
    lines = ["# Converted decks in play", "", about, "",
             "## Win rate of the converted decks, by game", "", cells_are, "",
             "| from \\ into | " + " | ".join(names[g] for g in games) + " |",
             "|---|" + "---|" * len(games)]
    for s in games:
        cells = []
        for t in games:
            mine = [r for (a, _, b), rs in by.items() if a == s and b == t for r in rs]
            cells.append("—" if s == t else _pct(sum(r["result"] == "won" for r in mine), len(mine)))
        lines.append(f"| {names[s]} | " + " | ".join(cells) + " |")
    lines += ["", "## Each deck", "",
              "| deck | into | legal | matches | won | drawn | cards played a match (fewest / mean) |",
              "|---|---|---|---|---|---|---|"]
    warnings = []
    csv_rows = [["source", "deck", "target", "legal", "matches", "won", "drawn", "fewest played", "mean played"]]
    for (s, d, t), rs in by.items():
        won, drawn = sum(r["result"] == "won" for r in rs), sum(r["result"] == "draw" for r in rs)
        played = [r["played"] for r in rs]
        lines.append(f"| {names[s]}:{d} | {names[t]} | yes | {len(rs)} | {_pct(won, len(rs))} | {drawn} | "
                     f"{min(played)} / {mean(played):.1f} |")
        csv_rows.append([s, d, t, "yes", str(len(rs)), str(won), str(drawn), str(min(played)), f"{mean(played):.2f}"])
        if min(played) == 0:
            warnings.append(f"- {names[s]}:{d} into {names[t]} played no card in {played.count(0)} of its "
                            f"{len(rs)} matches.")
    for key, unmet in data.get("unmet", {}).items():
        source, target = key.split(">")
        lines.append(f"| {source} | {names.get(target, target)} | **no**: {'; '.join(unmet)} | 0 | — | — | — |")
        csv_rows.append([*source.split(":"), target, "no", "0", "0", "0", "", ""])
    lines += ["", "## Warnings", "", *(warnings or ["None: every converted deck played a card in every match."]), ""]
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(csv_rows)
    from amalogs.compare.table import html_document

    md = "\n".join(lines)
    return {f"{FOLDER}/decks.md": md, f"{FOLDER}/decks.html": html_document("Converted decks in play", md),
            f"{FOLDER}/decks.csv": buffer.getvalue()}
