"""Reading one data file: the bytes of a TOML or JSON file into plain data, any value no data file may hold refused.

The first step of the loader (:mod:`amalogs.catalog`), kept on its own because it needs nothing of the rest:
:func:`read_data` reads a regular file of at most :data:`MAX_FILE_BYTES` (anything else is never opened), decodes
it as UTF-8, parses it as JSON (``.json``) or TOML (any other suffix; :data:`SUFFIXES` are the two a data file may
have), and refuses with one line naming the file and key: nesting deeper than :data:`MAX_DEPTH`, numbers beyond
:data:`MAX_INT`, NaN and infinities, a key given twice, text that is not valid Unicode. Only TOML and JSON are
parsed: nothing in a data file is ever executed. Every name here is importable from :mod:`amalogs.catalog` too.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from amalogs.errors import DataError, cut, reading

if TYPE_CHECKING:
    from amalogs.checks import Problem

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "MAX_INT", "SUFFIXES", "read_data"]

SUFFIXES = (".toml", ".json")
MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest data file amalogs reads (16 MB; the largest shipped file is under 100 kB)."""
MAX_DEPTH = 64
"""The deepest nesting of tables and lists a data file may have (shipped files nest 4 deep)."""
MAX_INT = 2**53
"""The largest number (in size) a data file may hold: every such integer is exact as a JSON number."""


def _read_bytes(path: Path) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_FILE_BYTES` (:func:`amalogs.inputs.read_regular`: anything
    else is looked at with ``stat`` and never opened; opening a named pipe would wait for a writer for ever)."""
    from amalogs.inputs import read_regular

    return read_regular(path, "data file", MAX_FILE_BYTES, lambda problem: DataError(path, "", problem))


def _decode(path: Path, raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        hint = ""
        if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            hint = " (it starts with a UTF-16 byte-order mark: it is UTF-16 text)"
        raise DataError(
            path, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); save it as UTF-8{hint}"
        ) from None
    return text.removeprefix("\ufeff")  # a UTF-8 byte-order mark, as some editors write one


class _Odd:
    """A JSON value the reader keeps aside to refuse with its key: a NaN or infinity constant, or a number
    with too many digits."""

    def __init__(self, text: str, what: str) -> None:
        self.text = text
        self.what = what


class _Duplicated(dict[str, Any]):
    """A JSON object that gave a key twice (JSON takes the last silently; amalogs refuses it)."""

    duplicate: str = ""


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            twice = _Duplicated(pairs)
            twice.duplicate = key
            return twice
        out[key] = value
    return out


def _json_int(text: str) -> int | _Odd:
    return int(text) if len(text) <= 20 else _Odd(text, "too large")


def _json_constant(text: str) -> _Odd:
    return _Odd(text, "not a number")


def _parse_json(path: Path, text: str) -> dict[str, Any]:
    try:
        data = json.loads(text, object_pairs_hook=_json_object, parse_int=_json_int, parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        raise DataError(path, "", f"invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise DataError(path, "", f"nested too deeply (at most {MAX_DEPTH} levels of objects and lists)") from None
    except ValueError as exc:
        raise DataError(path, "", f"invalid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise DataError(path, "", f"expected a JSON object at the top, got {_json_kind(data)}")
    return data


def _json_kind(data: object) -> str:
    if isinstance(data, _Odd):
        return "a number" if data.what == "too large" else data.text
    return {list: "list", str: "str", int: "int", float: "float", bool: "bool", type(None): "null"}.get(
        type(data), type(data).__name__)


_DOTTED = re.compile(
    r"(?<![A-Za-z0-9_\-\"'.])"  # starts only where a key starts: not inside a key part, not after a dot
    r"(?:(?:[A-Za-z0-9_-]++|\"(?:[^\"\\\n]|\\.)*+\"|'[^'\n]*+')[ \t]*+\.[ \t]*+)" + "{%d}" % MAX_DEPTH
    + r"(?:[A-Za-z0-9_-]|\"|')"
)
"""A dotted key of more than MAX_DEPTH parts (tomllib takes time that grows with the square of the parts:
100,000 of them would not finish). Possessive and anchored at key starts, so the search itself stays linear."""


def _parse_toml(path: Path, text: str) -> dict[str, Any]:
    if text.count(".") >= MAX_DEPTH and _DOTTED.search(text):
        raise DataError(path, "", f"a dotted key of more than {MAX_DEPTH} parts: nested too deeply")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, "", f"invalid TOML: {exc}") from None
    except RecursionError:
        raise DataError(path, "", f"nested too deeply (at most {MAX_DEPTH} levels of tables and lists)") from None
    except ValueError as exc:  # an integer of thousands of digits: Python refuses to read it
        what = "a number with too many digits" if "digits" in str(exc) else str(exc)
        raise DataError(path, "", f"invalid TOML: {what}") from None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _data_path(loc: Sequence[str | int]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[\w-]{1,40}", part):
            out += f".{part}" if out else part
        else:
            out += f"[{cut(part)}]"
    return out


def _odd_value(data: Any) -> Problem | None:
    """The first value no data file may hold, with its key: nesting deeper than :data:`MAX_DEPTH`, a number
    beyond :data:`MAX_INT`, NaN or an infinity, a key given twice, text that is not valid Unicode."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        node, loc = stack.pop()
        if len(loc) > MAX_DEPTH:
            return _data_path(loc[:6]) + "…", f"nested more than {MAX_DEPTH} levels deep"
        if isinstance(node, dict):
            if isinstance(node, _Duplicated):
                return _data_path(loc), f"the key {cut(node.duplicate)} is given twice"
            for key, value in node.items():
                if _SURROGATE.search(key):
                    return _data_path(loc), f"a key that is not valid Unicode text: {cut(key)}"
                stack.append((value, (*loc, key)))
        elif isinstance(node, list):
            stack.extend((value, (*loc, i)) for i, value in enumerate(node))
        elif isinstance(node, _Odd):
            if node.what == "too large":
                return _data_path(loc), f"{cut(node.text)} is too large (numbers go up to 2**53)"
            return _data_path(loc), f"{node.text} is not a number a data file may hold"
        elif isinstance(node, bool):
            continue
        elif isinstance(node, int):
            if abs(node) > MAX_INT:
                return _data_path(loc), f"{cut(node)} is too large (numbers go up to 2**53)"
        elif isinstance(node, float):
            if not math.isfinite(node):
                return _data_path(loc), f"{node} is not a number a data file may hold"
            if abs(node) > MAX_INT:
                return _data_path(loc), f"{node} is too large (numbers go up to 2**53)"
        elif isinstance(node, str) and _SURROGATE.search(node):
            return _data_path(loc), f"text that is not valid Unicode (a lone surrogate): {cut(node)}"
    return None


def read_data(path: Path) -> dict[str, Any]:
    """Read one TOML or JSON data file into plain data; raise :class:`DataError` on any problem."""
    with reading(path):
        return _data_of(path, _read_bytes(path))


def _data_of(path: Path, raw: bytes) -> dict[str, Any]:
    text = _decode(path, raw)
    data = _parse_json(path, text) if path.suffix == ".json" else _parse_toml(path, text)
    odd = _odd_value(data)
    if odd is not None:
        raise DataError(path, *odd)
    return data
