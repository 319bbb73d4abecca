"""The data fuzz suite: every input is untrusted.

Two shipped games are copied into a fresh data root under new ids (``fuzz-bd`` from ビルディバイド, ``fuzz-mtg``
from Magic, whose 略称 becomes 遊戯王), one of their files is mutated — a key deleted, a value of the wrong
type, huge and negative numbers, NaN and infinities, empty and very long strings, invalid UTF-8 bytes, a
byte-order mark, truncation at a random byte, deep nesting, a ``subtype_of`` cycle, a dangling reference, a deck
card that does not exist, a ``.json`` twin, a folder or a named pipe where a file belongs, a file past the size
limit — and then:

- the loader (``validate_paths``, ``load_catalog`` strict and lenient) raises nothing but the project's own
  errors, each one line;
- the commands that read data, run in-process (``validate``, ``games``, ``show``, ``we``, ``table``, ``deck
  check``, ``convert-deck``, ``match --quiet --turn-cap 3``, ``cards``, ``card``, ``convert``, ``compare``,
  ``similarity``, ``graph``, and ``position`` on a position file whose ``data_root`` is the mutated root),
  exit 0, 1 or 2, never with ``internal error`` or a traceback, and a failure names a file of the mutated
  root (or the position file);
- ``report --out DIR`` as typed, into a fresh folder, pictures and balance tournament included, on a smaller
  whole: the shipped data cut to one game (ギルドヒーローズ) besides the two mutated ones, and the balance
  report's tournaments cut to one match per ordered pairing of one deck per game (the shipped report plays
  thousands). It still draws every picture and plays every pairing; one random case a run (about 5 s),
  and its output XML (the atlas GraphML) must parse;
- what the soak found stays found: each ``picture-*`` regression file of tests/data/fuzz (one that must load)
  is drawn (PNG, SVG, GraphML) and played from a position in its game, and a position's ``data_root`` that
  cannot be a data folder is refused in one line.

Every case runs under a 10 s alarm (a report case under 30 s). The default run is short (under a minute); set
``AMALOGS_FUZZ_EXAMPLES=2000`` (or any number) for a long soak of every random test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
import tomli_w
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import amalogs.catalog as catalog_module
from amalogs.catalog import load_catalog, shipped_root, validate_paths
from amalogs.errors import AmalogsError, DataError
from amalogs.report import balance_reports
from amalogs.report.balance_reports import Tournament

from .conftest import DATA, Cli, examples
from .mutations import paths, time_limit

SOAK = int(os.environ.get("AMALOGS_FUZZ_EXAMPLES", "0"))  # (the sampled run draws fewer: conftest.examples)
CASE_SECONDS = 10
REPORT_SECONDS = 30  # a report draws each game, the atlas and two heatmaps and plays a tournament: about 4 s
REPORT_TOURNAMENTS = (Tournament("rows-random.csv", "random", 1, all_decks=False),)
PHASES = [Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink]  # no "explain": it traces every line (slow)
SOURCES = {"build-divide": ("fuzz-bd", "FZB"), "magic-the-gathering": ("fuzz-mtg", "遊戯王")}
DECKS = {"fuzz-bd": "red-aggro", "fuzz-mtg": "red-green-stampede"}


# --- the data root every case starts from ------------------------------------------------------------


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_template(tmp_path_factory.mktemp("fuzz-template"))


@pytest.fixture(scope="module")
def one_shipped_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped data cut to ギルドヒーローズ: what the report case loads besides the mutated root."""
    root = tmp_path_factory.mktemp("shipped-gh")
    shutil.copytree(shipped_root() / "games" / "guild-heroes", root / "games" / "guild-heroes")
    (root / "mappings").mkdir()
    shutil.copy(shipped_root() / "mappings" / "guild-heroes.toml", root / "mappings")
    return root


def build_template(root: Path) -> Path:
    """Two shipped games under new ids (so they load next to the shipped ones), with their pages."""
    for source, (game_id, abbreviation) in SOURCES.items():
        shutil.copytree(shipped_root() / "games" / source, root / "games" / game_id)
        (root / "mappings").mkdir(exist_ok=True)
        shutil.copy(shipped_root() / "mappings" / f"{source}.toml", root / "mappings" / f"{game_id}.toml")
        for path in [*(root / "games" / game_id).rglob("*.toml"), root / "mappings" / f"{game_id}.toml"]:
            text = path.read_text(encoding="utf-8").replace(source, game_id)
            text = re.sub(r'(?m)^abbreviation = "[^"]*"', f'abbreviation = "{abbreviation}"', text)
            path.write_text(text, encoding="utf-8")
    checked, errors = validate_paths([root])
    assert errors == [] and checked > 10, errors
    return root


def _targets(template: Path) -> list[str]:
    files = []
    for game_id, deck in DECKS.items():
        files += [f"games/{game_id}/game.toml", f"games/{game_id}/cards.toml", f"games/{game_id}/decks/{deck}.toml",
                  f"mappings/{game_id}.toml"]
    return files


# --- mutations ----------------------------------------------------------------------------------------

Draw = Callable[[st.SearchStrategy[Any]], Any]

NUMBERS: list[Any] = [10**30, -(10**30), 2**63, 2**53 + 1, -1, 0, 10**4 + 1, 10**9, float("nan"), float("inf"),
                      -float("inf"), 1e308, 0.5]
STRINGS = ["", " ", "x" * 100_000, "長" * 20_000, "遊戯王", "a:b", "\x1b[2J", "\x00\x0c\uffff", "$\\frac{$ $x^$",
           "no-such-thing", "1e999999999", "1/0", "Z/X"]  # 20,000: the longest text allowed; $…$: mathtext
ODD: list[Any] = [True, "text", 1, -1, [], {}, 1.5, [1, "a"], {"x": 1}, [[[]]]]
REFERENCE_KEYS = {"zone", "subtype_of", "type", "native", "game", "stat", "copy_by", "card_type", "deck", "keyword",
                  "within", "from_card", "colour_source", "blocker_keyword", "types", "main_types", "stats",
                  "colours", "keywords", "ignore", "sum_of"}


def _paths(node: Any) -> list[tuple[Any, ...]]:
    return [p for p in paths(node, depth=1000, width=10**9) if p]


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


def _write(path: Path, doc: dict[str, Any], as_json: bool) -> Path:
    """Write a document back: as TOML in place, or as JSON (the .toml removed, a .json written)."""
    if as_json:
        path.unlink()
        path = path.with_suffix(".json")
        text = json.dumps(doc, ensure_ascii=False)
        if re.search("[\ud800-\udfff]", text):  # a lone surrogate: written as a JSON escape
            text = json.dumps(doc)
        path.write_text(text, encoding="utf-8")
    else:
        path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    return path


def _set(draw: Draw, path: Path, values: list[Any], keys: set[str] | None = None) -> str:
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    paths = [p for p in _paths(doc) if keys is None or any(str(k) in keys for k in p if isinstance(k, str))]
    where = draw(st.sampled_from(paths or _paths(doc)))
    value = draw(st.sampled_from(values))
    _parent(doc, where)[where[-1]] = value
    as_json = draw(st.booleans()) or value == "\ud800"  # TOML cannot hold a lone surrogate; JSON can (escaped)
    _write(path, doc, as_json)
    return f"{where} = {str(value)[:30]!r}{' (json)' if as_json else ''}"


def m_delete(draw: Draw, path: Path) -> str:
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    where = draw(st.sampled_from(_paths(doc)))
    del _parent(doc, where)[where[-1]]
    _write(path, doc, draw(st.booleans()))
    return f"delete {where}"


def m_retype(draw: Draw, path: Path) -> str:
    return _set(draw, path, ODD)


def m_number(draw: Draw, path: Path) -> str:
    return _set(draw, path, NUMBERS)


def m_string(draw: Draw, path: Path) -> str:
    return _set(draw, path, [*STRINGS, "\ud800"] if draw(st.booleans()) else STRINGS)


def m_dangling(draw: Draw, path: Path) -> str:
    return _set(draw, path, ["no-such-thing", ["no-such-thing"]], REFERENCE_KEYS)


def m_nest(draw: Draw, path: Path) -> str:
    depth = draw(st.sampled_from([65, 300, 5_000, 100_000]))
    kind = draw(st.sampled_from(["list", "table", "dotted"]))
    if path.suffix == ".json" or draw(st.booleans()):
        doc = json.loads(json.dumps(tomllib.loads(path.read_text(encoding="utf-8"))))
        inner = "[" * depth + "1" + "]" * depth if kind == "list" else '{"a":' * depth + "1" + "}" * depth
        text = json.dumps(doc, ensure_ascii=False)[:-1] + f', "fuzz": {inner}}}'
        path.unlink()
        path.with_suffix(".json").write_text(text, encoding="utf-8")
        return f"json {kind} nesting {depth}"
    if kind == "list":
        line = "fuzz = " + "[" * depth + "1" + "]" * depth
    elif kind == "table":
        line = "fuzz = " + "{a = " * depth + "1" + "}" * depth
    else:
        line = ".".join(["a"] * depth) + " = 1"
    path.write_text(line + "\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    return f"toml {kind} nesting {depth}"


def m_bytes(draw: Draw, path: Path) -> str:
    raw = path.read_bytes()
    kind = draw(st.sampled_from(["invalid", "bom8", "bom16", "truncate", "empty", "nul"]))
    at = draw(st.integers(0, len(raw)))
    if kind == "invalid":
        bad = draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80", b"\xf4\x90\x80\x80"]))
        raw = raw[:at] + bad + raw[at:]
    elif kind == "bom8":
        raw = b"\xef\xbb\xbf" + raw
    elif kind == "bom16":
        raw = b"\xff\xfe" + raw.decode("utf-8").encode("utf-16-le")
    elif kind == "truncate":
        raw = raw[:at]
    elif kind == "empty":
        raw = b""
    else:
        raw = raw[:at] + b"\x00" + raw[at:]
    path.write_bytes(raw)
    return f"bytes {kind} at {at}"


def m_kind(draw: Draw, path: Path) -> str:
    kind = draw(st.sampled_from(["folder", "fifo", "device", "huge", "dangling-link"]))
    path.unlink()
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "dangling-link":
        path.symlink_to(path.parent / "no-such-file.toml")
    else:
        with path.open("wb") as handle:
            handle.truncate(17 * 1024 * 1024)  # sparse: past the size limit without writing 17 MB
    return f"{kind} instead of a file"


def m_twin(draw: Draw, path: Path) -> str:
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    path.with_suffix(".json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return "a .json twin"


def m_top(draw: Draw, path: Path) -> str:
    path.unlink()
    path.with_suffix(".json").write_text(draw(st.sampled_from(["[1, 2]", "42", '"text"', "null", "NaN", "1" * 5000])),
                                         encoding="utf-8")
    return "JSON that is not an object"


def _game_folder(path: Path) -> Path:
    """The game folder a target file belongs to (a page's: ``../games/<id>``)."""
    if path.parent.name == "mappings":
        return path.parents[1] / "games" / path.stem
    return next(p for p in path.parents if p.parent.name == "games")


def m_cycle(draw: Draw, path: Path) -> str:
    target = _game_folder(path) / "game.toml"
    doc = tomllib.loads(target.read_text(encoding="utf-8"))
    types = doc["card_types"]
    i = draw(st.integers(0, len(types) - 1))
    j = draw(st.integers(0, len(types) - 1))
    types[i]["subtype_of"] = types[j]["id"]
    types[j]["subtype_of"] = types[i]["id"]
    _write(target, doc, False)
    return f"subtype_of cycle {types[i]['id']} <-> {types[j]['id']}"


def m_unknown_card(draw: Draw, path: Path) -> str:
    deck = path if path.parent.name == "decks" else min((_game_folder(path) / "decks").glob("*.toml"))
    doc = tomllib.loads(deck.read_text(encoding="utf-8"))
    card = draw(st.sampled_from(["no-such-card", next(iter(doc["main"]))]))
    doc["main"][card] = draw(st.sampled_from([1, 4, 10_000, 60]))
    _write(deck, doc, draw(st.booleans()))
    return f"{card} in {deck.name}"


MUTATIONS: dict[str, Callable[[Draw, Path], str]] = {
    "delete": m_delete, "retype": m_retype, "number": m_number, "string": m_string, "dangling": m_dangling,
    "nest": m_nest, "bytes": m_bytes, "kind": m_kind, "twin": m_twin, "top": m_top, "cycle": m_cycle,
    "unknown-card": m_unknown_card,
}


# --- running a case -----------------------------------------------------------------------------------


@contextmanager
def mutated_root(template: Path, draw: Draw, mutation: str | None = None) -> Iterator[tuple[Path, str]]:
    """A fresh copy of the template with one file mutated; removed (and the catalog cache cleared) after."""
    base = Path(tempfile.mkdtemp(prefix="amalogs-fuzz-"))
    root = base / "root"
    shutil.copytree(template, root, symlinks=True)
    rel = draw(st.sampled_from(_targets(template)))
    name = mutation or draw(st.sampled_from(sorted(MUTATIONS)))
    what = MUTATIONS[name](draw, root / rel)
    cwd = Path.cwd()
    os.chdir(base)  # a match that fails saves itself into the current folder
    try:
        yield root, f"{name} of {rel}: {what}"
    finally:
        os.chdir(cwd)
        catalog_module._cached.cache_clear()
        shutil.rmtree(base, ignore_errors=True)


def check_loader(root: Path) -> int:
    """The loader raises only amalogs errors, each one line naming a file; returns how many games loaded."""
    _, errors = validate_paths([root])
    for err in errors:
        assert isinstance(err, DataError)
        assert "\n" not in str(err) and str(err).startswith(str(err.file))
    loaded = 0
    for lenient in (False, True):
        try:
            cat = load_catalog([root], lenient=lenient)
        except AmalogsError as exc:
            assert "\n" not in str(exc)
            continue
        for game_id in cat.games:
            cat.cards(game_id)
            cat.decks(game_id)
        loaded = len(cat.games)
        assert not lenient or all(str(out).startswith(f"left out {out.kind} ") and out.kind in ("game", "deck")
                                  for out in cat.left_out)
    if not errors:
        assert load_catalog([root]).games.keys() >= set(DECKS)
    return loaded


POSITION = f"""# a position played with the mutated data: its data_root is the mutated root
data_root = "@ROOT@"
seed = 3
turn = 3

[[seats]]
deck = "fuzz-bd:{DECKS['fuzz-bd']}"
hand = ["ember-squire"]
field = [{{ card = "flame-runner-lizard", entered = 1 }}]

[[seats]]
deck = "遊戯王:{DECKS['fuzz-mtg']}"
"""


def position_file(root: Path) -> Path:
    """The position file next to ``root`` (written once; the mutations never touch it)."""
    path = root.parent / "position.toml"
    if not path.exists():
        path.write_text(POSITION.replace("@ROOT@", root.name), encoding="utf-8")
    return path


def commands(root: Path) -> list[list[str]]:
    """The command lines each case runs; ``position`` finds the data through the file's ``data_root`` alone."""
    out = root.parent / "converted.toml"
    game = "fuzz-mtg" if "fuzz-mtg" in str(root) else "fuzz-bd"
    position = str(position_file(root))
    data = ["--data-root", str(root)]
    return [[*data, *args] for args in _data_commands(root, out, game)] + [
        ["position", position, "--do", "1", "--out", str(out.with_name("next.toml")), "--force"],
    ]


def report_command(root: Path) -> list[str]:
    return ["--data-root", str(root), "report", "--out", str(root.parent / "reports")]


def _data_commands(root: Path, out: Path, game: str) -> list[list[str]]:
    return [
        ["validate", str(root)],
        ["games"],
        ["show", "fuzz-bd"],
        ["we", "fuzz-mtg"],
        ["table", "--format", "csv"],
        ["deck", "check", f"fuzz-bd:{DECKS['fuzz-bd']}"],
        ["convert-deck", f"遊戯王:{DECKS['fuzz-mtg']}", "--to", "BD", "--out", str(out), "--force"],
        ["convert-deck", str(root / "games" / "fuzz-bd" / "decks" / f"{DECKS['fuzz-bd']}.toml"), "--to", "GH",
         "--out", str(out), "--force"],
        ["match", f"{game}:{DECKS[game]}", "GH", "--quiet", "--turn-cap", "3"],
        ["match", f"fuzz-bd:{DECKS['fuzz-bd']}", f"遊戯王:{DECKS['fuzz-mtg']}", "--quiet", "--turn-cap", "3"],
        ["cards", "fuzz-bd"],
        ["card", "fuzz-bd:spark-imp"],
        ["convert", "fuzz-mtg:crag-wyvern", "--to", "BD"],
        ["compare", "fuzz-bd", "遊戯王"],
        ["similarity"],
        ["graph", "fuzz-bd", "--format", "json"],
    ]


def check_cli(cli: Cli, root: Path, what: str, lines: list[list[str]] | None = None) -> None:
    for args in commands(root) if lines is None else lines:
        check_command(cli, root, what, args)


def check_command(cli: Cli, root: Path, what: str, args: list[str]) -> None:
    """One command line: exit 0, 1 or 2; no internal error; each left-out game once; a failure names a file."""
    code, out, err = cli(*args)
    said = out + err
    command = args[2] if args[0] == "--data-root" else args[0]
    assert code in (0, 1, 2), (what, args, code, said[-2000:])
    assert "internal error" not in said and "Traceback" not in said, (what, args, said[-2000:])
    left_out = [line for line in err.splitlines() if line.startswith("amalogs: left out game ")]
    assert len(set(left_out)) == len(left_out), (what, args, err)  # each bad game once
    for line in left_out:
        assert str(root) in line, (what, args, line)
    if code == 1:
        failure = err if command != "validate" else out
        named = str(root) in failure  # a data error names the file; else the name on the command line is gone
        if command == "position":  # the position file's own line, or an action that no longer applies
            named = named or str(position_file(root)) in failure or "amalogs: --do '1'" in failure
        assert named or "unknown game" in failure or "has no sample deck" in failure, (what, args, said[-2000:])


# --- the tests --------------------------------------------------------------------------------------------


def test_the_template_loads_and_plays(template: Path, cli: Cli) -> None:
    """The starting point is valid: every command runs on it, and the 遊戯王 game converts (ids from a 略称
    with no ASCII letters)."""
    with time_limit(30, "the template"):
        assert check_loader(template) >= 2
        for args in commands(template):
            code, out, err = cli(*args)
            assert code in (0, 1), (args, out, err)
            command = args[2:4] if args[0] == "--data-root" else args[:1]
            if command[0] in ("games", "show", "we", "table", "match", "position") or command == ["deck", "check"]:
                assert code == 0, (args, out, err)
    catalog_module._cached.cache_clear()


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
@settings(max_examples=max(1, SOAK // 20) if SOAK else 1, deadline=None, database=None, phases=PHASES,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_each_mutation_through_loader_and_commands(template: Path, cli: Cli, mutation: str, data: st.DataObject) -> None:
    """Every kind of mutation at least once, through the loader and every command that reads data."""
    with mutated_root(template, data.draw, mutation) as (root, what), time_limit(CASE_SECONDS, what):
        check_loader(root)
        check_cli(cli, root, what)


@settings(max_examples=SOAK or examples(30, 120), deadline=None, database=None, phases=PHASES,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_mutations_through_the_loader(template: Path, data: st.DataObject) -> None:
    with mutated_root(template, data.draw) as (root, what), time_limit(CASE_SECONDS, what):
        check_loader(root)


@settings(max_examples=max(1, SOAK // 4) if SOAK else examples(4, 25), deadline=None, database=None, phases=PHASES,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_mutations_through_the_commands(template: Path, cli: Cli, data: st.DataObject) -> None:
    with mutated_root(template, data.draw) as (root, what), time_limit(CASE_SECONDS, what):
        check_cli(cli, root, what)


@settings(max_examples=max(1, SOAK // 5) if SOAK else 1, deadline=None, database=None, phases=PHASES,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_mutations_through_the_report(template: Path, one_shipped_game: Path, cli: Cli,
                                             monkeypatch: pytest.MonkeyPatch, data: st.DataObject) -> None:
    """``amalogs report --out DIR`` as typed, pictures and balance tournament included, with the shipped data
    cut to one game and the tournament to one match a pairing (see the module docstring)."""
    monkeypatch.setattr(catalog_module, "shipped_root", lambda: one_shipped_game)
    monkeypatch.setattr(balance_reports, "TOURNAMENTS", REPORT_TOURNAMENTS)
    with mutated_root(template, data.draw) as (root, what), time_limit(REPORT_SECONDS, what):
        check_cli(cli, root, what, [report_command(root)])
        for path in (root.parent / "reports").rglob("*.graphml"):
            ElementTree.parse(path)  # well-formed XML, whatever the names in the data


# --- regressions found by the soak ------------------------------------------------------------------------

PICTURE_CASES = sorted(p for p in (DATA / "fuzz").glob("picture-*") if p.suffix in (".toml", ".json"))


def _place(case: Path, root: Path) -> Path:
    """A regression file of ビルディバイド put where its kind belongs in the fuzz-bd game of ``root``."""
    text = case.read_text(encoding="utf-8").replace("build-divide", "fuzz-bd")
    text = re.sub(r'(?m)^abbreviation = "[^"]*"', 'abbreviation = "FZB"', text)
    data = tomllib.loads(text.lstrip("\ufeff")) if case.suffix == ".toml" else json.loads(text)
    game = root / "games" / "fuzz-bd"
    kind = ("page" if "abbreviation" in data else "deck" if "main" in data else "cards" if "cards" in data
            else "profile")
    target = {"page": root / "mappings" / "fuzz-bd", "deck": game / "decks" / DECKS["fuzz-bd"], "cards": game / "cards",
              "profile": game / "game"}[kind]
    target.with_suffix(".toml").unlink()
    target = target.with_suffix(case.suffix)
    target.write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("case", PICTURE_CASES, ids=[p.name for p in PICTURE_CASES])
def test_a_picture_regression_file_draws_and_plays(template: Path, cli: Cli, case: Path) -> None:
    """A ``picture-*`` regression file (one that must load) is drawn (PNG and SVG, the atlas as GraphML: both
    well-formed XML) and played from a position, in its game, quickly: picture-name.toml once crashed the
    pictures (mathtext), made SVG and GraphML files that do not parse (control characters, U+FFFF, NUL) and
    took 20 s a picture (a name of 20,000 characters)."""
    base = Path(tempfile.mkdtemp(prefix="amalogs-fuzz-"))
    try:
        root = base / "root"
        shutil.copytree(template, root, symlinks=True)
        _place(case, root)
        with time_limit(CASE_SECONDS, case.name):
            for fmt in ("png", "svg"):
                out = base / f"fuzz-bd.{fmt}"
                code, _, err = cli("--data-root", str(root), "graph", "fuzz-bd", "--format", fmt, "--out", str(out))
                assert code == 0, err
            ElementTree.parse(base / "fuzz-bd.svg")
            code, _, err = cli("--data-root", str(root), "graph", "--format", "graphml", "--out", str(base / "a.graphml"))
            assert code == 0, err
            ElementTree.parse(base / "a.graphml")
            code, _, err = cli("position", str(position_file(root)))
            assert code == 0, err
    finally:
        catalog_module._cached.cache_clear()
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize("data_root", ["", "no-such-folder", "a\x00b", "x" * 5000, "root/games"])
def test_a_position_data_root_that_is_no_data_folder_is_refused_in_one_line(tmp_path: Path, cli: Cli,
                                                                             data_root: str) -> None:
    """The position's data_root, never opened as anything but a data folder: a NUL, a name too long for the
    system, a missing folder or one without games/ or mappings/ get one line naming the file and the key."""
    (tmp_path / "root" / "games").mkdir(parents=True)
    position = tmp_path / "position.json"
    position.write_text(json.dumps({"data_root": data_root, "seats": [{"game": "GH"}, {"game": "BD"}]}),
                        encoding="utf-8")
    code, out, err = cli("position", str(position))
    assert code == 1 and out == "", out
    assert err.startswith(f"amalogs: {position}: data_root: ") and err.count("\n") == 1 and len(err) < 300, err


def test_a_data_root_option_too_long_for_the_system_is_no_data_folder(cli: Cli) -> None:
    code, _, err = cli("--data-root", "x" * 5000, "games")
    assert code == 1 and "not a data folder" in err and "internal error" not in err, err
