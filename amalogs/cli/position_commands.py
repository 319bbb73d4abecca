"""The position command: a match in progress from a position file, a log or a save; actions carried out;
the result printed as a judge (or one seat) sees it, or as JSON, or written as a position file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from amalogs.cli import app, catalog, console
from amalogs.cli.output import echo, force_option
from amalogs.errors import AmalogsError

if TYPE_CHECKING:
    from amalogs.catalog import Catalog
    from amalogs.referee.engine.match import Match

__all__ = ["catalog_for", "data_folder", "load_match", "position"]


def catalog_for(file: Path, data: dict[str, Any]) -> Catalog:
    """The data a position file is played with: the loaded data, and the data root the file names (a
    position of a game written as data names the folder it lives in)."""
    from amalogs.catalog import load_catalog

    cat = catalog()
    root = data.get("data_root")
    return load_catalog([*cat.roots[1:], data_folder(file, root)]) if isinstance(root, str) else cat


def data_folder(file: Path, root: str) -> Path:
    """The folder a position file's ``data_root`` names (relative to the file); one line naming the file and
    the key when it cannot be a data folder."""
    from amalogs.catalog import is_data_root
    from amalogs.referee.engine.positions import PositionError, cut

    if "\x00" in root:
        raise PositionError(f"{file}: data_root: {cut(root)} cannot name a folder (it holds a NUL character)")
    folder = (file.parent / root).resolve()
    if not is_data_root(folder):
        raise PositionError(f"{file}: data_root: {cut(root)} is not a data folder (expected games/ or mappings/ "
                            f"inside {cut(str(folder))})")
    return folder


def load_match(file: Path | None, from_log: Path | None, at: int | None,
               from_save: Path | None) -> tuple[Match, Catalog]:
    """The match a position command starts from — a position file, a logged match at an event, or a save —
    and the data it is played with."""
    sources = [x for x in (file, from_log, from_save) if x is not None]
    if len(sources) != 1:
        raise AmalogsError("give one position: a FILE, --from-log LOG --at SEQ, or --from-save FILE")
    if (from_log is None) != (at is None):
        raise AmalogsError("--from-log LOG and --at SEQ go together")
    cat = catalog()
    if file is not None:
        from amalogs.referee.engine.match import Match
        from amalogs.referee.engine.positions import read_position

        data = read_position(file)
        cat = catalog_for(file, data)
        return Match.from_position(cat, data, str(file)), cat
    if from_log is not None and at is not None:
        from amalogs.referee.sessions.runner import position_of_log

        return position_of_log(cat, from_log, at).match, cat
    from amalogs.referee.sessions.saves import load_session

    assert from_save is not None
    return load_session(cat, from_save).match, cat


@app.command()
def position(
    file: Annotated[Optional[Path], typer.Argument(metavar="[FILE]", help="A position file (TOML or JSON; "  # noqa: UP045
                                                   "docs/positions.md).")] = None,
    do: Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
        "--do", metavar="ACTION", help="Carry out an action (repeatable, in order): its text ('attack 12 player'), "
        "with card ids allowed for numbers ('attack spark-imp player'), or a listed action's number.")] = None,
    as_seat: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--as", metavar="SEAT", min=0, help="Show only what this seat (0, 1 …) may see.")] = None,
    fmt: Annotated[str, typer.Option("--format", metavar="text|json",
                                     help="text (the default) or json: {legal, events, position, outcome}.")] = "text",
    from_log: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--from-log", metavar="LOG", help="Start from a logged match (amalogs match --log) …")] = None,
    at: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--at", metavar="SEQ", min=0, help="… after its event SEQ, at the next decision.")] = None,
    from_save: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--from-save", metavar="FILE", help="Start from where a saved match stopped.")] = None,
    out: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--out", metavar="FILE", help="Write the resulting position here (.toml, or .json).")] = None,
    force: Annotated[bool, force_option("Overwrite the --out file if it exists (without --force an existing "
                                        "file is refused).")] = False,
) -> None:
    """Show a match in progress — both sides as a judge sees them and the numbered legal actions — and carry
    out actions from it: `amalogs position ruling.toml --do "attack spark-imp player" --do noblock`."""
    from amalogs.referee.engine.actions import IllegalActionError
    from amalogs.referee.engine.position_dump import position_text
    from amalogs.referee.engine.positions import resolve_action

    if fmt not in ("text", "json"):
        from amalogs.errors import FormatError

        raise FormatError(fmt, ("text", "json"))
    if out is not None:
        from amalogs.writer import check_target

        check_target(out, force)
    match, cat = load_match(file, from_log, at, from_save)
    if as_seat is not None and as_seat >= len(match.state.seats):
        raise AmalogsError(f"--as {as_seat}: the match has seats 0–{len(match.state.seats) - 1}")
    start = len(match.state.events)
    for text in do or []:
        if match.is_terminal():
            raise AmalogsError(f"--do {text!r}: the match is over")
        try:
            match.apply_action(resolve_action(match, text))
        except IllegalActionError as exc:
            raise AmalogsError(f"--do {text!r}: {exc.why}") from None
    events = match.state.events[start:]
    if out is not None:
        from amalogs.writer import write_atomic

        write_atomic(out, position_text(match.position(cat), "json" if out.suffix == ".json" else "toml"), force)
    if fmt == "json":
        echo(json.dumps(_as_json(match, cat, events, as_seat), ensure_ascii=False, indent=1))
    else:
        from amalogs.report.position import position_view

        names = [f"seat {i} {cat.games[s.game].page.abbreviation}" for i, s in enumerate(match.state.seats)]
        console().print(position_view(match, cat, as_seat, events, names))
    if out is not None:
        echo(f"wrote {out}", err=fmt == "json")


def _as_json(match: Match, cat: Any, events: list[dict[str, Any]], as_seat: int | None) -> dict[str, Any]:
    """``legal``, ``events``, ``position`` (a valid position file) and ``outcome``; with ``--as``, the seat's
    ``observation`` instead of the position (which would show every hidden card)."""
    outcome = match.outcome
    data: dict[str, Any] = {"legal": [a.text() for a in match.legal_actions()], "events": events}
    if as_seat is None:
        data["position"] = match.position(cat)
    else:
        data["observation"] = match.observation(as_seat)
        if match.state.decider != as_seat:
            data["legal"] = []
    data["outcome"] = None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason,
                                                    "turns": outcome.turns}
    return data
