"""The field reference of the two files a user writes to add a game, generated from the data models.

``games/<id>/game.toml`` (:class:`~amalogs.models.game.GameProfile`) and ``mappings/<id>.toml``
(:class:`~amalogs.models.mapping.MappingPage`) are walked key by key (``model_fields``, recursively): each
key's path, its type in plain words, whether it is required or its default, the field's description, and
which part of amalogs reads it (:data:`PROFILE_READERS`, :data:`PAGE_READERS`, kept here as data and
checked against the readers' source by ``tests/test_fieldref.py``).

``docs/fields.md`` is this module's output; regenerate it with
``python -m amalogs.report.fieldref docs/fields.md`` (the test fails when it is out of date).
"""

from __future__ import annotations

import inspect
import re
import sys
import tomllib
import types
import typing
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from pathlib import Path

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from amalogs.models.game import GameProfile
from amalogs.models.mapping import MappingPage
from amalogs.models.ontology import Ontology, entry
from amalogs.report.fieldref_readers import PAGE_READERS, PROFILE_READERS, READERS

__all__ = [
    "FILES",
    "PAGE_READERS",
    "PROFILE_READERS",
    "READERS",
    "REGENERATE",
    "FieldRow",
    "field_reference",
    "field_rows",
    "key_paths",
    "main",
]

REGENERATE = "python -m amalogs.report.fieldref docs/fields.md"
"""The command that rewrites ``docs/fields.md``."""

FILES: tuple[tuple[str, str, type[BaseModel], dict[str, tuple[str, ...]]], ...] = (
    ("Rule profile", "games/<id>/game.toml", GameProfile, PROFILE_READERS),
    ("AMALOGS page", "mappings/<id>.toml", MappingPage, PAGE_READERS),
)
"""The documented files: title, path, model and readers."""

_SLUG_DESCRIPTION = "lower-case ASCII id: letters, digits, hyphens"
"""The description the ``Slug`` type carries: a type, not what a field means."""


@dataclass(frozen=True, slots=True)
class FieldRow:
    """One key of a data file, as the reference lists it."""

    key: str
    type: str
    required: str
    readers: tuple[str, ...]
    description: str


# --- walking the models -------------------------------------------------------------------------------------


def _strip_optional(annotation: object) -> tuple[object, ...]:
    """The non-None members of a union (a one-tuple for a plain type)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        return tuple(a for a in typing.get_args(annotation) if a is not type(None))
    return (annotation,)


def _unannotated(annotation: object) -> tuple[object, list[object]]:
    """``Annotated[T, ...]`` → T and its metadata (pydantic ``FieldInfo`` unpacked)."""
    metadata: list[object] = []
    while typing.get_origin(annotation) is typing.Annotated:
        base, *extra = typing.get_args(annotation)
        metadata += extra
        annotation = base
    return annotation, _flat(metadata)


def _flat(metadata: Sequence[object]) -> list[object]:
    out: list[object] = []
    for item in metadata:
        out += _flat(item.metadata) if isinstance(item, FieldInfo) else [item]
    return out


def _constraint(metadata: Sequence[object], name: str) -> object:
    for item in metadata:
        value = getattr(item, name, None)
        if value is not None:
            return value
    return None


def _item(annotation: object) -> tuple[object, list[object]]:
    """The element type of ``tuple[T, ...]`` with its own metadata."""
    return _unannotated(typing.get_args(annotation)[0])


def _model_of(annotation: object) -> tuple[type[BaseModel] | None, bool]:
    """The model a field holds, and whether it holds a list of them."""
    for member in _strip_optional(annotation):
        member, _ = _unannotated(member)
        if isinstance(member, type) and issubclass(member, BaseModel):
            return member, False
        if typing.get_origin(member) is tuple:
            inner, _ = _item(member)
            if isinstance(inner, type) and issubclass(inner, BaseModel):
                return inner, True
    return None, False


def _walk(model: type[BaseModel], prefix: str = "") -> Iterator[tuple[str, FieldInfo]]:
    for name, info in model.model_fields.items():
        key = f"{prefix}{name}"
        yield key, info
        nested, is_list = _model_of(info.annotation)
        if nested is not None:
            yield from _walk(nested, f"{key}[]." if is_list else f"{key}.")


def key_paths(model: type[BaseModel]) -> list[str]:
    """Every key a file of this model may hold, as ``a.b`` (key b of table a) or ``a[].b`` (of each entry)."""
    return [key for key, _ in _walk(model)]


# --- plain words --------------------------------------------------------------------------------------------


def _enum_words(enum: type[Enum]) -> str:
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", enum.__name__).lower()
    return f"[{words}](#{enum.__name__.lower()})"


def _words(annotation: object, metadata: Sequence[object]) -> tuple[str, str]:
    """A type in plain words: (singular, plural)."""
    members = _strip_optional(annotation)
    if len(members) > 1:
        names = [_words(m, [])[0] for m in members]
        one = ", ".join(names[:-1]) + " or " + names[-1]
        return one, one
    annotation, more = _unannotated(members[0])
    metadata = [*metadata, *more]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        values = ", ".join(f'`"{v}"`' for v in typing.get_args(annotation))
        return f"one of {values}", f"each one of {values}"
    if origin is tuple:
        inner, inner_meta = _item(annotation)
        least = _constraint(metadata, "min_length")
        tail = f", at least {'one' if least == 1 else least}" if least else ""
        return f"list of {_words(inner, inner_meta)[1]}{tail}", "lists"
    if isinstance(annotation, type):
        if issubclass(annotation, BaseModel):
            return "table", "tables"
        if issubclass(annotation, bool):
            return "true/false", "true/false values"
        if issubclass(annotation, Enum):
            return _enum_words(annotation), f"{_enum_words(annotation)} terms"
        if issubclass(annotation, int):
            low, high = _constraint(metadata, "ge"), _constraint(metadata, "le")
            if low is not None and high is not None:
                return f"integer {low}–{high}", f"integers {low}–{high}"
            if low is not None:
                return f"integer ≥ {low}", f"integers ≥ {low}"
            return "integer", "integers"
        if issubclass(annotation, Fraction):
            return 'ratio, as text: `"1/1000"`, `"1"`', "ratios"
        if issubclass(annotation, str):
            if _constraint(metadata, "pattern") is not None:
                return "id", "ids"
            longest = _constraint(metadata, "max_length")
            return (f"text, at most {longest} characters", "texts") if longest else ("text", "text")
    raise TypeError(f"no plain words for the type {annotation!r}")


def _type_words(info: FieldInfo) -> str:
    return _words(info.annotation, info.metadata)[0]


def _required(info: FieldInfo) -> str:
    if info.is_required():
        return "required"
    default = info.default
    if default is None or isinstance(default, BaseModel):
        return "optional"
    if default == ():
        return "default `[]`"
    if isinstance(default, bool):
        return f"default `{str(default).lower()}`"
    if isinstance(default, str):
        return f'default `"{default}"`'
    return f"default `{default}`"


def _first_paragraph(doc: str | None) -> str:
    return " ".join(inspect.cleandoc(doc or "").split("\n\n")[0].split()).removesuffix(".")


def _description(info: FieldInfo) -> str:
    """The field's description, else (for a table or list of tables) the first paragraph of its model's docstring."""
    if info.description and info.description != _SLUG_DESCRIPTION:
        return " ".join(info.description.split())
    nested, _ = _model_of(info.annotation)
    return _first_paragraph(nested.__doc__) if nested is not None else ""


def _readers(key: str, info: FieldInfo, readers: Mapping[str, tuple[str, ...]]) -> tuple[str, ...]:
    """A key's readers; a table nobody reads as a whole gets the readers of the keys inside it."""
    if key in readers:
        return readers[key]
    nested, is_list = _model_of(info.annotation)
    if nested is None or is_list:
        return ()
    inside = {r for k, rs in readers.items() if k.startswith(f"{key}.") for r in rs}
    return tuple(r for r in READERS if r in inside)


def field_rows(model: type[BaseModel], readers: Mapping[str, tuple[str, ...]]) -> list[FieldRow]:
    """Every key of a model, with its type, default, readers and description."""
    return [
        FieldRow(key, _type_words(info), _required(info), _readers(key, info, readers), _description(info))
        for key, info in _walk(model)
    ]


def _enums(model: type[BaseModel]) -> list[type[Enum]]:
    found: dict[str, type[Enum]] = {}
    for _, info in _walk(model):
        stack: list[object] = [info.annotation]
        while stack:
            current = stack.pop()
            if isinstance(current, type) and issubclass(current, Enum):
                found.setdefault(current.__name__, current)
            stack += typing.get_args(current)
    return list(found.values())


# --- Markdown -----------------------------------------------------------------------------------------------


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ") or "—"


def _table(rows: Sequence[FieldRow]) -> list[str]:
    out = ["| key | type | required | read by | description |", "|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| `{r.key}` | {_cell(r.type)} | {_cell(r.required)} | {_cell(', '.join(r.readers))} | "
                   f"{_cell(r.description)} |")
    return out


def _shipped_ontology() -> Ontology:
    path = Path(__file__).resolve().parents[1] / "ontology" / "ontology.toml"
    with path.open("rb") as f:
        return Ontology.model_validate(tomllib.load(f))


def field_reference(ontology: Ontology | None = None) -> str:
    """``docs/fields.md``: the field reference of ``game.toml`` and the AMALOGS page, as Markdown."""
    onto = ontology if ontology is not None else _shipped_ontology()
    lines = [
        f"<!-- Generated from the data models by amalogs/report/fieldref.py; do not edit. Regenerate: {REGENERATE} -->",
        "",
        "# Field reference: `game.toml` and the AMALOGS page",
        "",
        (
            "*This file is generated from the pydantic models (`amalogs.models.game.GameProfile`, "
            "`amalogs.models.mapping.MappingPage`) by `amalogs/report/fieldref.py`; do not edit it by hand. "
            f"Regenerate it with `{REGENERATE}`; `tests/test_fieldref.py` fails when it is out of date.*"
        ),
        "",
        (
            "To add a game you write two files: its rule profile `games/<id>/game.toml` (the game's own facts, "
            "in its own terms) and its AMALOGS page `mappings/<id>.toml` (how those terms map onto the "
            "ontology). This page lists every key of both. [`data-format.md`](data-format.md) covers cards and "
            "decks; `amalogs schema --out DIR` writes the same models as JSON Schema for your editor, and "
            "`amalogs validate DIR` checks your files."
        ),
        "",
        "How to read the tables:",
        "",
        "- **key**: `a.b` is the key `b` of the table `[a]`; `a[].b` is the key `b` of each `[[a]]` entry.",
        (
            "- **type**: *text* is non-empty text; an *id* is lower-case ASCII letters, digits and hyphens "
            "(`ace-unit`); a *table* has the keys listed after it; *one of* lists the exact strings allowed; a "
            "linked type is a closed vocabulary of the ontology, listed under [Canonical terms](#canonical-terms)."
        ),
        (
            "- **required**: `required` keys must be given (within their table, when the table is given); "
            "`optional` keys may be left out and mean nothing then; otherwise the value used when the key is "
            "left out."
        ),
        (
            "- **read by**: the parts of amalogs whose results depend on the value. A table lists the readers "
            "of the keys inside it. Every key is also checked when the data loads and shown by `amalogs show` "
            "and `amalogs compare`; a key nothing reads (—) is there for people reading the page."
        ),
        "",
        "| read by | code | what it does with the values |",
        "|---|---|---|",
    ]
    lines += [f"| {label} | `{where}` | {what} |" for label, (where, what) in READERS.items()]
    for title, path, model, readers in FILES:
        lines += ["", f"## {title}: `{path}`", "", f"Model: `{model.__module__}.{model.__name__}`.", ""]
        lines += _table(field_rows(model, readers))
    lines += ["", "## Canonical terms", "",
              "The values a linked type takes, with their English names (`amalogs ontology` describes each)."]
    enums: dict[str, type[Enum]] = {}
    for _, _, model, _ in FILES:
        for enum in _enums(model):
            enums.setdefault(enum.__name__, enum)
    for name, enum in sorted(enums.items()):
        doc = _first_paragraph(enum.__doc__)
        values = ", ".join(f"`{_toml(m.value)}` ({entry(onto, m).en})" for m in enum)
        lines += ["", f"### {name}", "", f"{doc}: {values}." if doc else f"{values}."]
    return "\n".join(lines) + "\n"


def _toml(value: object) -> str:
    return str(value) if isinstance(value, int) else f'"{value}"'


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m amalogs.report.fieldref [PATH]``: write the reference to PATH, or print it."""
    args = list(sys.argv[1:] if argv is None else argv)
    text = field_reference()
    if not args:
        sys.stdout.write(text)
        return 0
    from amalogs.errors import AmalogsError
    from amalogs.writer import write_atomic

    try:
        write_atomic(Path(args[0]), text)  # it regenerates its own file: an existing one is replaced
    except AmalogsError as exc:
        print(f"amalogs.report.fieldref: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
