"""Turn pydantic's validation errors into one-line messages that name the key path and what was expected."""

from __future__ import annotations

import re
import types
import typing
from difflib import get_close_matches
from typing import Any

from pydantic import BaseModel
from pydantic_core import ErrorDetails

from amalogs.errors import cut

__all__ = ["describe", "key_path", "cut"]

_PLAIN_KEY = re.compile(r"[\w-]+")

_EXPECTED = {
    "int_type": "expected an integer",
    "int_parsing": "expected an integer",
    "string_type": "expected text (a quoted string)",
    "bool_type": "expected true or false",
    "tuple_type": "expected a list",
    "list_type": "expected a list",
    "model_type": "expected a table",
    "dict_type": "expected a table",
    "model_attributes_type": "expected a table",
    "string_too_short": "expected non-empty text",
    "too_short": "expected a longer list",
    "float_type": "expected a number",
    "finite_number": "expected a finite number",
}


def key_path(loc: tuple[int | str, ...]) -> str:
    """``('deck', 'side_decks', 0, 'size')`` → ``deck.side_decks[0].size``; union branch tags are dropped."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif "[" in part or part.startswith(("function-", "lax-", "json-")):
            continue
        elif not _PLAIN_KEY.fullmatch(part) or len(part) > 40:
            out += f"[{cut(part)}]"
        else:
            out += f".{part}" if out else part
    return out


def _shown(value: Any) -> str:
    return cut(value)


def describe(err: ErrorDetails, model: type[BaseModel]) -> tuple[str, str]:
    """The key path and a one-line message for one pydantic error."""
    loc = tuple(err["loc"])
    key = key_path(loc)
    kind = err["type"]
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "missing":
        return key, "missing required key"
    if kind == "extra_forbidden":
        allowed = _allowed_keys(model, loc[:-1])
        close = get_close_matches(str(loc[-1]), allowed, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f" (allowed: {', '.join(allowed)})" if allowed else ""
        return key, f"unknown key{hint}"
    if kind in ("enum", "literal_error"):
        expected = str(ctx.get("expected", "")).replace("'", "")
        options = [o.strip() for o in expected.replace(" or ", ",").split(",") if o.strip()]
        close = get_close_matches(str(value), options, n=1, cutoff=0.4)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return key, f"unknown term {_shown(value)}{hint} (expected one of: {', '.join(options)})"
    if kind == "string_pattern_mismatch":
        return key, f"{_shown(value)} is not a valid id: use lower-case ASCII letters, digits and hyphens"
    if kind in ("string_too_long", "too_long"):
        limit = ctx.get("max_length")
        size = f"{len(value):,} " if isinstance(value, (str, tuple, list, dict)) else ""
        what = "characters" if kind == "string_too_long" else "entries"
        return key, f"too long: {size}{what}, at most {limit:,} allowed" if isinstance(limit, int) else f"too long ({what})"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return key, f"{_shown(value)} is out of range ({err['msg'].removeprefix('Input should be ')})"
    if kind == "string_too_short" and value == "" and isinstance(loc[-1], str) and _optional(model, loc):
        return key, "expected non-empty text, got '': leave the key out when there is none (it is optional)"
    if kind in _EXPECTED:
        return key, f"{_EXPECTED[kind]}, got {_shown(value)} ({type(value).__name__})"
    message = err["msg"].removeprefix("Value error, ")
    return key, message if len(message) <= 300 else message[:299] + "…"


def _allowed_keys(model: type[BaseModel], loc: tuple[int | str, ...]) -> list[str]:
    """The keys the model allows at a location, to suggest the intended one."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        sub = _model_in(current)
        if sub is None or part not in sub.model_fields:
            return []
        current = sub.model_fields[part].annotation
    sub = _model_in(current)
    return list(sub.model_fields) if sub else []


def _optional(model: type[BaseModel], loc: tuple[int | str, ...]) -> bool:
    """Whether the key at a location may be left out (its field has a default)."""
    current: Any = model
    for k, part in enumerate(loc):
        if isinstance(part, int):
            continue
        sub = _model_in(current)
        if sub is None or part not in sub.model_fields:
            return False
        field = sub.model_fields[part]
        if all(isinstance(p, int) for p in loc[k + 1:]):
            return not field.is_required()
        current = field.annotation
    return False


def _model_in(tp: Any) -> type[BaseModel] | None:
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return tp
    origin = typing.get_origin(tp)
    if origin in (tuple, list, typing.Union, types.UnionType, typing.Annotated):
        for arg in typing.get_args(tp):
            if arg is not Ellipsis and (found := _model_in(arg)) is not None:
                return found
    return None
