"""JSON Schema for each kind of data file, so editors can check files while they are written."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from amalogs.errors import AmalogsError
from amalogs.models import GameProfile, MappingPage, Ontology
from amalogs.referee.engine.positions import PositionFile

__all__ = ["SCHEMAS", "schema_of", "write_schemas"]

SCHEMAS: dict[str, type[BaseModel]] = {
    "game": GameProfile,
    "mapping": MappingPage,
    "ontology": Ontology,
    "position": PositionFile,
}
"""File kind → model: games/<id>/game.toml, mappings/<id>.toml, the ontology file, a position file
(docs/positions.md)."""


def schema_of(kind: str) -> dict[str, object]:
    """The JSON Schema of one kind of data file."""
    schema = SCHEMAS[kind].model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def write_schemas(out: Path) -> list[Path]:
    """Write ``<kind>.schema.json`` for every kind into ``out`` and return the paths."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AmalogsError(f"cannot create {out}: {exc.strerror or exc}") from None
    written = []
    for kind in SCHEMAS:
        path = out / f"{kind}.schema.json"
        path.write_text(json.dumps(schema_of(kind), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        written.append(path)
    return written
