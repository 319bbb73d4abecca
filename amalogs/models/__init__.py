"""Strict, frozen pydantic models for every kind of data file."""

from amalogs.models.game import GameProfile
from amalogs.models.mapping import MappingPage
from amalogs.models.ontology import Ontology

__all__ = ["GameProfile", "MappingPage", "Ontology"]
