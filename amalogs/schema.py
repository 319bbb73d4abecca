"""JSON Schema for each kind of data file, so editors can check files while they are written."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

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


def write_schemas(out: Path, overwrite: bool = False) -> list[Path]:
    """Write ``<kind>.schema.json`` for every kind into ``out`` (created if missing) and return the paths.

    Files already there are refused unless ``overwrite`` (checked for all of them first, so a refusal writes
    none); written through :mod:`amalogs.writer`, so only regular files are written, atomically."""
    from amalogs.writer import check_targets, write_atomic

    paths = {kind: out / f"{kind}.schema.json" for kind in SCHEMAS}
    check_targets(paths.values(), overwrite)
    for kind, path in paths.items():
        write_atomic(path, json.dumps(schema_of(kind), ensure_ascii=False, indent=2) + "\n", overwrite)
    return list(paths.values())
