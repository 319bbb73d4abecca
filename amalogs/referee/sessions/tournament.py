"""Tournaments: every chosen deck against every other, seat-swapped with paired seeds, one row per match.

A tournament of decks ``E`` with ``N`` matches per ordered pairing plays, for each player setting, every
ordered pair ``(a, b)`` of different decks (``a`` in seat 1) with the seeds ``seed … seed+N−1``: the pair
``(b, a)`` gets the same seeds, so the two seatings of a pairing share their random numbers (shuffles and
players draw from the seed), and a seat's advantage cancels in the pairing's win rate.

Each match becomes one **row** (:class:`MatchRow`): seed, turn cap, each seat's game, deck and player, who
went first, the winner (``null`` for a draw), how it ended, turns and decisions. Seats are numbered from 1
(``game1``, ``game2`` …) so a DataFrame takes the rows as they are. Rows are written as they come, in the
order of the schedule whatever the number of processes, to a JSONL or CSV file; every row carries the format
``version``. A rows file that already holds the first rows of the same schedule is resumed: only the matches
it lacks are played and appended, so an interrupted tournament ends with the same file as an uninterrupted
one.

The matches run in this process, in forked worker processes (``jobs``), or on a Dask cluster
(``scheduler="dask"`` starts a ``LocalCluster``; ``tcp://HOST:PORT`` names a running scheduler): the rows
are the same in every case.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError, cut
from amalogs.referee.sessions.runner import Summary, cores, play_match
from amalogs.referee.sessions.saves import Name, TurnCap
from amalogs.referee.sessions.seal import Seed
from amalogs.referee.sessions.sides import Side, deck_ref, is_deck_file, resolve_side

__all__ = ["ROWS_VERSION", "Entry", "Scheduled", "MatchRow", "entries", "schedule", "play_rows", "run_tournament",
           "read_rows", "RowsFile", "summary_of_rows", "ROW_FIELDS", "Plan", "run_scheduled", "Progress", "batch_rows"]

ROWS_VERSION = 1
ROWS_LIMIT = 1024 * 1024 * 1024  # bytes: a rows file longer than this is refused before it is read
ROW_FIELDS = ("version", "seed", "turn_cap", "game1", "deck1", "player1", "game2", "deck2", "player2", "first",
              "winner", "reason", "turns", "decisions")
"""The columns of a rows file, in order (CSV header; JSON keys)."""

Seat = Literal[1, 2]
Ref = Annotated[str, Field(min_length=1, max_length=1000)]  # a deck as rows name it: GAME:DECK or a deck file


class MatchRow(BaseModel):
    """One played match, as a rows file keeps it (read back strictly: a damaged row is named, never guessed)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    version: Literal[1]
    seed: Seed
    turn_cap: TurnCap
    game1: Name
    deck1: Ref
    player1: Name
    game2: Name
    deck2: Ref
    player2: Name
    first: Seat
    winner: Seat | None
    reason: str = Field(max_length=200)
    turns: int = Field(ge=0, le=10_000_000)
    decisions: int = Field(ge=0, le=10**12)

    def key(self) -> tuple[Any, ...]:
        """What makes a match: the same key is the same match (and so the same row)."""
        return (self.seed, self.turn_cap, self.deck1, self.player1, self.deck2, self.player2)


# --- who plays ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A deck in a tournament: its side (game and deck) and how rows name it (``GAME:DECK`` or the file)."""

    side: Side
    ref: str


def entries(catalog: Catalog, names: Sequence[str] = ()) -> list[Entry]:
    """The decks named: ``GAME:DECK`` (a sample deck), ``GAME`` (every sample deck of the game) or a deck file
    (``.toml``/``.json``, checked as ``validate`` checks it). None named: every sample deck of every game."""
    chosen: list[Entry] = []
    for name in names or [g.id for g in catalog.games.values()]:
        if is_deck_file(name):
            side = resolve_side(catalog, name)
            chosen.append(Entry(side, name))
        elif ":" in name:
            side = resolve_side(catalog, name)
            chosen.append(Entry(side, deck_ref(side)))
        else:
            game = catalog.game(name)
            decks = catalog.decks(game.id)
            if not decks and names:
                raise AmalogsError(f"{game.id} has no sample decks to play")
            chosen.extend(Entry(Side(game, d, decks[d][0]), f"{game.id}:{d}") for d in sorted(decks))
    seen: set[str] = set()
    for e in chosen:
        if e.ref in seen:
            raise AmalogsError(f"the deck {e.ref} is named twice")
        seen.add(e.ref)
    if len(chosen) < 2:
        raise AmalogsError(f"a tournament needs at least two decks (got {len(chosen)})")
    return chosen


@dataclass(frozen=True)
class Scheduled:
    """One match of the schedule: seat 1's and seat 2's entries (indices), the seed and the players."""

    first: int
    second: int
    seed: int
    players: tuple[str, str]


def schedule(count: int, n: int, seed: int, players: Sequence[tuple[str, str]]) -> list[Scheduled]:
    """Every ordered pairing of ``count`` entries, ``n`` seeds each, for every player setting: setting by
    setting, seed by seed, pairing by pairing (so a cut-short tournament has played every pairing alike)."""
    pairs = [(a, b) for a in range(count) for b in range(count) if a != b]
    return [Scheduled(a, b, seed + k, p) for p in players for k in range(n) for a, b in pairs]


# --- playing ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """What every worker needs to play any match of a tournament (sent to each worker once)."""

    catalog: Catalog
    entries: tuple[Entry, ...]
    turn_cap: int


def play_one(plan: Plan, job: Scheduled) -> dict[str, Any]:
    """Play one scheduled match; its row."""
    a, b = plan.entries[job.first], plan.entries[job.second]
    result = play_match(plan.catalog, (a.side, b.side), job.seed, job.players, plan.turn_cap, log_events=False)
    winner = result.outcome.winner
    return {"version": ROWS_VERSION, "seed": job.seed, "turn_cap": plan.turn_cap,
            "game1": a.side.game.id, "deck1": a.ref, "player1": job.players[0],
            "game2": b.side.game.id, "deck2": b.ref, "player2": job.players[1],
            "first": result.first + 1, "winner": None if winner is None else winner + 1,
            "reason": result.outcome.reason, "turns": result.outcome.turns, "decisions": result.decisions}


def play_chunk(plan: Plan, jobs: Sequence[Scheduled]) -> list[dict[str, Any]]:
    return [play_one(plan, job) for job in jobs]


_PLAN: dict[str, Plan] = {}  # the plan a forked worker plays from (set before the workers start)


def _play_forked(jobs: Sequence[Scheduled]) -> list[dict[str, Any]]:
    return play_chunk(_PLAN["plan"], jobs)


def _chunks(jobs: Sequence[Scheduled], workers: int) -> list[list[Scheduled]]:
    size = max(1, min(50, len(jobs) // (workers * 8) or 1))
    return [list(jobs[k:k + size]) for k in range(0, len(jobs), size)]


def _local(plan: Plan, jobs: Sequence[Scheduled], workers: int) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """(chunk number, its rows) as chunks finish, in this process or in forked workers."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    chunks = _chunks(jobs, workers)
    if workers == 1 or len(chunks) == 1 or "fork" not in multiprocessing.get_all_start_methods():
        for k, chunk in enumerate(chunks):
            yield k, play_chunk(plan, chunk)
        return
    _PLAN["plan"] = plan
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            futures = {pool.submit(_play_forked, chunk): k for k, chunk in enumerate(chunks)}
            try:
                for done in as_completed(futures):
                    yield futures[done], done.result()
            except BaseException:
                for f in futures:
                    f.cancel()
                raise
    finally:
        _PLAN.clear()


def _dask(plan: Plan, jobs: Sequence[Scheduled], workers: int,
          address: str | None) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """(chunk number, its rows) as chunks finish on a Dask cluster: a new ``LocalCluster`` of ``workers``
    single-threaded processes, or the running scheduler at ``address``."""
    import logging
    import os
    from importlib import import_module

    # A cluster of our own is ours to quiet: its start-up chatter, and the tracebacks its workers log when a
    # heartbeat meets the scheduler already closing, are not the user's business (a chunk that fails raises
    # through its future). The workers are new processes: they read Dask's logging setting from the
    # environment. A user's own setting wins.
    quiet = "critical" if address is None else "error"
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", quiet)
    try:
        dd: Any = import_module("distributed")  # (untyped: used through Any)
    except ImportError:
        raise AmalogsError("--scheduler dask needs Dask distributed: pip install 'amalogs[dask]'") from None
    Client, LocalCluster, as_completed = dd.Client, dd.LocalCluster, dd.as_completed
    logging.getLogger("distributed").setLevel(logging.CRITICAL if address is None else logging.ERROR)
    chunks = _chunks(jobs, workers)
    cluster = None
    try:
        if address is None:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
        else:
            client = Client(address, timeout="5s")
    except OSError as exc:
        raise AmalogsError(f"cannot reach the Dask scheduler {address or '(local cluster)'}: {exc}") from None
    try:
        shared = client.scatter(plan, broadcast=True)
        futures = [client.submit(play_chunk, shared, chunk, pure=False) for chunk in chunks]
        number = {f.key: k for k, f in enumerate(futures)}
        for done in as_completed(futures):
            yield number[done.key], done.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def play_rows(plan: Plan, jobs: Sequence[Scheduled], workers: int = 1, scheduler: str = "local",
              ) -> Iterator[dict[str, Any]]:
    """The rows of ``jobs``, yielded in the order of ``jobs`` however they are played (chunks that finish early
    wait for the ones before them)."""
    if not jobs:
        return
    if scheduler == "local":
        finished = _local(plan, jobs, max(1, workers))
    elif scheduler == "dask" or scheduler.startswith(("tcp://", "tls://", "ws://", "wss://", "inproc://")):
        finished = _dask(plan, jobs, max(1, workers), None if scheduler == "dask" else scheduler)
    else:
        raise AmalogsError(f"--scheduler {cut(scheduler)}: expected local, dask or a scheduler address tcp://HOST:PORT")
    waiting: dict[int, list[dict[str, Any]]] = {}
    following = 0
    for k, rows in finished:
        waiting[k] = rows
        while following in waiting:
            yield from waiting.pop(following)
            following += 1


# --- rows files ---------------------------------------------------------------------------------------------


def _row(record: Any, where: str) -> MatchRow:
    if not isinstance(record, dict):
        raise AmalogsError(f"{where}: a row is a JSON object")
    try:
        return MatchRow.model_validate(record)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(p) for p in error["loc"]) or "(row)"
        if field == "version" and "version" in record:
            raise AmalogsError(f"{where}: rows format version {cut(record.get('version'))} is not supported: this "
                               f"amalogs reads version {ROWS_VERSION}") from None
        raise AmalogsError(f"{where}: {field}: {error['msg']}") from None


def _csv_value(name: str, text: str) -> Any:
    """A CSV cell back as the row's value: numbers as numbers, an empty winner as a draw, a neutralised cell
    (``'=…``) as the text it was."""
    if name in ("version", "seed", "turn_cap", "first", "turns", "decisions") or (name == "winner" and text):
        try:
            return int(text)
        except ValueError:
            return text
    if name == "winner":
        return None
    if text.startswith("'") and text[1:2] in ("=", "+", "-", "@", "\t", "\r"):
        return text[1:]
    return text


def read_rows(path: Path) -> list[MatchRow]:
    """The rows of a JSONL or CSV rows file (by its suffix), each checked; a damaged row is named by its line.
    A last line cut short (the run was killed while writing it) is not a row and is left out."""
    return RowsFile(path).read()


class RowsFile:
    """A rows file: ``.jsonl`` (one JSON object per line) or ``.csv`` (with the header :data:`ROW_FIELDS`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        suffix = path.suffix.lower()
        if suffix not in (".jsonl", ".csv"):
            raise AmalogsError(f"{path}: a rows file ends in .jsonl or .csv")
        self.csv = suffix == ".csv"

    def _text(self) -> str:
        from amalogs.inputs import read_text

        path = self.path
        return read_text(path, "rows file", ROWS_LIMIT, lambda problem: AmalogsError(f"{path}: {problem}"))

    def read(self) -> list[MatchRow]:
        text = self._text()
        complete = text if text.endswith("\n") or not text else text[: text.rfind("\n") + 1]
        return self._parse(complete)

    def _parse(self, text: str) -> list[MatchRow]:
        path = self.path
        rows: list[MatchRow] = []
        if self.csv:
            reader = csv.reader(io.StringIO(text, newline=""))
            try:
                head = next(reader, None)
                if head is None:
                    return rows
                if tuple(head) != ROW_FIELDS:
                    raise AmalogsError(f"{path}: line 1: the header must be {','.join(ROW_FIELDS)}")
                for record in reader:
                    where = f"{path}: line {reader.line_num}"
                    if len(record) != len(ROW_FIELDS):
                        raise AmalogsError(f"{where}: {len(record)} cells, expected {len(ROW_FIELDS)}")
                    rows.append(_row({k: _csv_value(k, v) for k, v in zip(ROW_FIELDS, record, strict=True)}, where))
            except csv.Error as exc:
                raise AmalogsError(f"{path}: line {reader.line_num}: {cut(exc)}") from None
            return rows
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except (ValueError, RecursionError) as exc:
                raise AmalogsError(f"{path}: line {number}: not JSON ({cut(exc)})") from None
            rows.append(_row(record, f"{path}: line {number}"))
        return rows

    def start(self, keep: int | None) -> None:
        """Ready the file for appending: a new file (with the CSV header), or the existing one cut after its
        last complete line (``keep``: the number of rows it holds, checked by the caller)."""
        from amalogs.writer import check_target

        check_target(self.path, overwrite=True)  # before any match: a file that cannot be written is refused now
        try:
            if keep is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with self.path.open("w", encoding="utf-8", newline="") as handle:
                    if self.csv:
                        csv.writer(handle, lineterminator="\n").writerow(ROW_FIELDS)
                return
            text = self._text()
            if text and not text.endswith("\n"):
                with self.path.open("r+b") as handle:  # drop the cut-short last line
                    handle.truncate(len(text[: text.rfind("\n") + 1].encode("utf-8")))
        except OSError as exc:
            raise AmalogsError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def append(self, rows: Iterable[dict[str, Any]]) -> None:
        try:
            with self.path.open("a", encoding="utf-8", newline="") as handle:
                handle.write("".join(self.line(r) for r in rows))
                handle.flush()
        except OSError as exc:
            raise AmalogsError(f"cannot write {self.path}: {exc.strerror or exc} (the rows written before are kept; "
                               "run the same command again to go on)") from None

    def line(self, row: dict[str, Any]) -> str:
        if not self.csv:
            return json.dumps(row, ensure_ascii=False) + "\n"
        from amalogs.compare.table import csv_cell

        out = io.StringIO()
        cells = ["" if row[k] is None else csv_cell(str(row[k])) if isinstance(row[k], str) else str(row[k])
                 for k in ROW_FIELDS]
        csv.writer(out, lineterminator="\n").writerow(cells)
        return out.getvalue()


# --- a whole tournament -------------------------------------------------------------------------------------


@dataclass
class Progress:
    """How far a tournament is: matches in all, already in the rows file, and played now."""

    total: int
    resumed: int = 0
    played: int = 0


def run_tournament(catalog: Catalog, chosen: Sequence[Entry], n: int, seed: int = 1,
                   players: Sequence[tuple[str, str]] = (("random", "random"),), turn_cap: int = 60,
                   jobs: int | None = None, scheduler: str = "local", rows: Path | None = None,
                   force: bool = False, progress: Callable[[Progress], None] | None = None) -> list[dict[str, Any]]:
    """Play a tournament (see the module) and return all its rows, in schedule order, as records (plain dicts
    with the keys :data:`ROW_FIELDS`: ``pandas.DataFrame(rows)`` takes them as they are).

    ``rows``: the file the rows are written to as they come. If it exists and holds the first rows of this
    schedule, the tournament resumes after them; if it holds anything else it is refused unless ``force``
    (which starts it over)."""
    if n < 1:
        raise AmalogsError(f"-n {n}: a tournament plays at least one match per pairing")
    return run_scheduled(Plan(catalog, tuple(chosen), turn_cap), schedule(len(chosen), n, seed, players), jobs,
                         scheduler, rows, force, progress)


def run_scheduled(plan: Plan, jobs_list: Sequence[Scheduled], jobs: int | None = None, scheduler: str = "local",
                  rows: Path | None = None, force: bool = False,
                  progress: Callable[[Progress], None] | None = None) -> list[dict[str, Any]]:
    """Play the scheduled matches of a plan, writing their rows to ``rows`` as they come (resuming a file that
    holds the first of them; see :func:`run_tournament`), and return all the rows in schedule order."""
    done: list[MatchRow] = []
    target = RowsFile(rows) if rows is not None else None
    if target is not None:
        if target.path.exists() and not force:
            done = target.read()
            expected = [_key(plan, j) for j in jobs_list[: len(done)]]
            if len(done) > len(jobs_list) or [r.key() for r in done] != expected:
                raise AmalogsError(f"{target.path} holds rows of another tournament or match batch (other decks, "
                                   "seeds, players or turn cap); name another --rows file, or --force to start it over")
            target.start(len(done))
        else:
            target.start(None)
    state = Progress(len(jobs_list), resumed=len(done))
    if progress is not None:
        progress(state)
    out = [r.model_dump() for r in done]
    written = len(out)  # out[written:] is played but not yet in the file

    def write() -> None:
        nonlocal written
        pending, written = out[written:], len(out)  # (counted first: a Ctrl-C inside the write must not write twice)
        if target is not None and pending:
            target.append(pending)

    try:
        for row in play_rows(plan, jobs_list[len(done):], jobs or cores(), scheduler):
            out.append(row)
            state.played += 1
            if len(out) - written >= 20:
                write()
            if progress is not None:
                progress(state)
    finally:
        write()  # what was played is kept, also when interrupted
    return out


def batch_rows(catalog: Catalog, sides: tuple[Side, Side], seed: int = 1, n: int = 1,
               players: tuple[str, str] = ("random", "random"), turn_cap: int = 60, jobs: int | None = 1,
               scheduler: str = "local", rows: Path | None = None, force: bool = False,
               progress: Callable[[Progress], None] | None = None) -> list[dict[str, Any]]:
    """``amalogs match A B -n N --rows FILE`` from Python: the rows (records) of N seeded matches of two sides
    (seeds seed … seed+N−1), also written to ``rows`` when given."""
    plan = Plan(catalog, tuple(Entry(s, deck_ref(s))
                               for s in sides), turn_cap)
    return run_scheduled(plan, [Scheduled(0, 1, seed + k, players) for k in range(n)], jobs, scheduler, rows, force,
                         progress)


def _key(plan: Plan, job: Scheduled) -> tuple[Any, ...]:
    return (job.seed, plan.turn_cap, plan.entries[job.first].ref, job.players[0], plan.entries[job.second].ref,
            job.players[1])


def summary_of_rows(rows: Iterable[MatchRow | dict[str, Any]]) -> Summary:
    """The summary ``amalogs match -n N`` prints, counted from rows (seats from 0, as the summary counts them)."""
    summary = Summary()
    for r in rows:
        row = r if isinstance(r, MatchRow) else MatchRow.model_validate(r)
        summary.matches += 1
        summary.turns += row.turns
        summary.decisions += row.decisions
        summary.reasons[row.reason] += 1
        if row.winner is None:
            summary.draws += 1
        else:
            summary.wins[row.winner - 1] += 1
    return summary
