"""What the CLI prints: names from data made safe for the terminal, and a closed or full stdout ended quietly.

Game, card and deck names come from data files anyone can write, so they may hold terminal control sequences
(``ESC [ 31 m``, a title-setting ``ESC ] … BEL``, a C1 ``CSI``). :func:`clean` strips them (and every other
C0/C1 control except newline and tab); :func:`echo` and the console of :func:`make_console` apply it to
everything they print. rich is imported on first use, so importing this module stays cheap.
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["OUTPUT_VERSION", "SEED_MAX", "DataFormat", "check_seeds", "clean", "seed_option", "echo", "force_option", "format_option", "guard_stdout", "make_console", "ready_streams",
           "print_records", "records_csv", "records_json"]

T = TypeVar("T")

_SEQUENCES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI … final byte (colours, cursor moves, erase)
    r"|(?:\x1b[]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x00-\x1f\x7f-\x9f]*(?:\x07|\x1b\\|\x9c)?"  # OSC, DCS, SOS, PM, APC … ST
    r"|\x1b[ -/]*[0-~]"  # any other escape sequence (charset switches, RIS …)
)
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # C0 but tab and newline, DEL, C1
_UNSAFE = re.compile(f"{_SEQUENCES.pattern}|{_CONTROLS.pattern}")  # a whole sequence, else one control


def clean(text: str) -> str:
    """``text`` without terminal control sequences or other control characters (newline and tab are kept)."""
    if not _CONTROLS.search(text):
        return text
    return _UNSAFE.sub("", text)


def echo(text: str, err: bool = False, nl: bool = True) -> None:
    """``typer.echo`` of :func:`clean` text: for lines that hold names or paths."""
    import typer

    typer.echo(clean(text), err=err, nl=nl)


def make_console(width: int | None) -> Console:
    """A rich console that strips control sequences from every piece of text it prints (rich's own styling,
    which it adds itself, is untouched)."""
    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.segment import Segment
    from rich.text import Text

    def clean_text(text: Text) -> Text:
        """The text without control sequences, its styles kept (cleaned before it is wrapped, so a sequence is
        never split across lines)."""
        plain = text.plain
        if not _CONTROLS.search(plain):
            return text
        result = text.blank_copy()
        start = 0
        for found in _UNSAFE.finditer(plain):
            result.append_text(text[start:found.start()])
            start = found.end()
        result.append_text(text[start:])
        return result

    class SafeConsole(Console):
        def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
            if isinstance(renderable, str):
                renderable = clean(renderable)
            elif isinstance(renderable, Text):
                renderable = clean_text(renderable)
            for segment in super().render(renderable, options):  # anything else: its pieces of text
                if segment.control is None and _CONTROLS.search(segment.text):
                    yield Segment(clean(segment.text), segment.style, segment.control)
                else:
                    yield segment

    return SafeConsole(width=width, soft_wrap=False, highlight=False, markup=False)


_CLOSED = {errno.EPIPE, errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}  # a closed pipe, a full disk


def guard_stdout(run: Callable[[], T]) -> T:
    """Run the CLI; a closed stdout (``amalogs games | head -1``) or a full one (``> /dev/full``) ends it
    quietly with exit code 1: no traceback, no "internal error". A full disk says so in one line on stderr."""
    try:
        try:
            return run()
        finally:
            sys.stdout.flush()  # buffered output fails here, not at exit (where Python would print a traceback)
    except OSError as exc:
        if exc.errno not in _CLOSED:
            raise
        _silence_stdout()
        if exc.errno != errno.EPIPE:
            try:
                print(f"amalogs: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
            except OSError:
                pass
        raise SystemExit(1) from None


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush finds nothing to complain about."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


SEED_MAX = 2**64 - 1  # (amalogs.referee.sessions.seal.SEED_MAX; not imported, so this module stays cheap)


def _seed_value(value: int | None) -> int | None:
    import typer

    if value is not None and not 0 <= value <= SEED_MAX:
        raise typer.BadParameter(f"{value if len(str(value)) <= 30 else str(value)[:27] + '...'} is not a seed: "
                                 f"give a whole number from 0 to {SEED_MAX:,} (2**64 - 1)".replace(",", ""))
    return value


def seed_option(help_text: str) -> Any:
    """A ``--seed`` option: a whole number 0 … 2⁶⁴ − 1, refused in one line otherwise (before any work starts)."""
    import typer

    return typer.Option("--seed", help=help_text, callback=_seed_value)


def check_seeds(seed: int, n: int) -> None:
    """Refuse a batch whose last seed (``seed + n − 1``) would pass 2⁶⁴ − 1."""
    from amalogs.errors import AmalogsError

    if seed + n - 1 > SEED_MAX:
        raise AmalogsError(f"--seed {seed} with -n {n}: the last seed, {seed + n - 1}, is over 2**64 - 1: give a "
                           f"smaller --seed")


SAMPLE = "異種戦アマログス"  # what the output must be able to show


def ready_streams() -> bool:
    """Ready stdout and stderr before a command runs; True when one was closed.

    A closed standard stream (``amalogs games >&-``) is opened on the null device, so the command still does its
    work (a match still saves) while the next file it opens does not take the stream's number; the command then
    ends with exit code 1. An output encoding that cannot show Japanese (``PYTHONIOENCODING=ascii``) falls back:
    what it cannot show is written as ``?``, with a note on stderr saying how to see it all."""
    lost = False
    for number, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is None or not _open(number):
            lost = True
            try:
                fd = os.open(os.devnull, os.O_WRONLY)
                if fd != number:
                    os.dup2(fd, number)
                    os.close(fd)
                setattr(sys, name, open(number, "w", encoding="utf-8", closefd=False))  # noqa: SIM115
            except OSError:
                pass
    out = sys.stdout
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        SAMPLE.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        try:
            out.reconfigure(errors="replace")  # type: ignore[union-attr]
            sys.stderr.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
            print(f"amalogs: the output encoding ({encoding}) cannot show Japanese: what it cannot show is written as "
                  "'?' (set PYTHONIOENCODING=utf-8, or a UTF-8 locale such as LANG=C.UTF-8, to see it all)",
                  file=sys.stderr)
        except (AttributeError, OSError, ValueError):
            pass
    return lost


def _open(number: int) -> bool:
    try:
        os.fstat(number)
        return True
    except OSError:
        return False


def force_option(help_text: str) -> Any:
    """A ``--force`` option: without it, a command refuses to overwrite an existing file."""
    import typer

    return typer.Option("--force", help=help_text)


# --- one output switch: --format text|json|csv --------------------------------------------------------------

OUTPUT_VERSION = 1
"""The version of the JSON and CSV that data-printing commands write (``--format json|csv``)."""


class DataFormat(StrEnum):
    """What a data-printing command prints: a table for people, typed JSON, or CSV (one row per record)."""

    text = "text"
    json = "json"
    csv = "csv"


def format_option(formats: Iterable[str] = ("text", "json", "csv")) -> Any:
    """The ``--format`` option of a data-printing command (``text`` by default)."""
    import typer

    allowed = "|".join(formats)
    return typer.Option("--format", metavar=allowed, case_sensitive=False,
                        help=f"{allowed}: a table (text), typed JSON, or CSV with one row per record "
                             "(UTF-8 with a BOM, for spreadsheets).")


def records_json(kind: str, records: list[dict[str, Any]], **about: Any) -> str:
    """Typed JSON of a command's records: ``{"format": kind, "version": …, **about, "records": [...]}`` —
    numbers stay numbers, lists stay lists."""
    import json

    return json.dumps({"format": f"amalogs-{kind}", "version": OUTPUT_VERSION, **about, "records": records},
                      ensure_ascii=False, indent=2)


def records_csv(records: list[dict[str, Any]], columns: list[str] | None = None) -> str:
    """CSV of a command's records: a UTF-8 byte-order mark (so spreadsheets read Japanese right), a header,
    one row per record; a list is joined with `` / ``, a mapping written as JSON; a cell that a spreadsheet
    would run as a formula is neutralised."""
    import csv
    import io
    import json

    from amalogs.compare.table import csv_cell

    names = columns or list(dict.fromkeys(k for r in records for k in r))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(names)

    def cell(value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list | tuple):
            return " / ".join(cell(v) for v in value)
        if isinstance(value, dict):
            return json.dumps(value, ensure_ascii=False)
        return csv_cell(str(value))

    for r in records:
        writer.writerow([cell(r.get(n)) for n in names])
    return "\ufeff" + out.getvalue()


def print_records(fmt: str, kind: str, records: list[dict[str, Any]], text: Callable[[], None],
                  columns: list[str] | None = None, **about: Any) -> None:
    """Print a command's records in the format asked for: ``text`` calls ``text()`` (the command's own table),
    ``json`` and ``csv`` print the records (:func:`records_json`, :func:`records_csv`)."""
    if fmt == "json":
        echo(records_json(kind, records, **about))
    elif fmt == "csv":
        sys.stdout.write(clean(records_csv(records, columns)))
    else:
        text()
