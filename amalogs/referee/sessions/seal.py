"""What a save or a log vouches for: a seal over its whole header, and the deal's commitment.

**The seal.** A save and a log each carry a digest of every field of their header (games, decks, seed, players,
turn cap, rulings, the deal, the format's version) and of the events. The events are checked by playing the
match again; the header's fields are what the match is played *from*, so an edit there (a forged turn cap, a
seat said to be ``human`` where an AI played) would otherwise replay unnoticed. Each field has its own digest,
so a refusal names the field that was edited. The seal finds edits and damage; it is not a signature: someone
who rewrites a file on purpose can recompute it. What proves a server's deal is the commitment below, published
before the match began.

**The deal's commitment.** A match created on the server draws its seed from a secure random source and keeps
it secret while the match is played; it publishes at once ``sha256("amalogs-deal:SEED:SALT")`` (the salt is 16
random bytes, in hex, also kept secret), and reveals the seed and the salt when the match is over. Anyone can
then check that the seed the match was played from is the one committed to before the first card was dealt::

    printf 'amalogs-deal:%s:%s' SEED SALT | sha256sum
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["SEED_MAX", "Deal", "Seed", "commitment_of", "deal_check", "new_deal", "seal_of", "unsealed_field"]

SEED_MAX = 2**64 - 1
"""The largest seed a match, save, log or position takes (seeds are 0 … 2⁶⁴ − 1)."""

Seed = Annotated[int, Field(ge=0, le=SEED_MAX)]
"""A match seed, as every format reads it."""

Hex = Annotated[str, Field(pattern=r"^[0-9a-f]+$", max_length=128)]


class Deal(BaseModel):
    """How a match's seed was chosen and the commitment published for it before the match began."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    chosen_by: Literal["server", "creator"] = Field(
        description="'server': drawn from a secure random source and kept secret until the end; 'creator': given "
        "by whoever created the match, who therefore knows the deal")
    commitment: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")] = Field(
        description="sha256 of 'amalogs-deal:SEED:SALT', published when the match was created")
    salt: Annotated[str, Field(pattern=r"^[0-9a-f]{32}$")] = Field(description="16 secret random bytes, in hex")


def commitment_of(seed: int, salt: str) -> str:
    """``sha256("amalogs-deal:SEED:SALT")`` in hex: what is published before the match, checkable after it."""
    return hashlib.sha256(f"amalogs-deal:{seed}:{salt}".encode("ascii")).hexdigest()


def new_deal(seed: int | None = None) -> tuple[int, Deal]:
    """A seed (from a secure random source, unless the creator gave one) and its deal with a new salt."""
    chosen_by: Literal["server", "creator"] = "creator" if seed is not None else "server"
    if seed is None:
        seed = secrets.randbelow(SEED_MAX + 1)
    salt = secrets.token_hex(16)
    return seed, Deal(chosen_by=chosen_by, commitment=commitment_of(seed, salt), salt=salt)


def deal_check(seed: int, deal: Deal) -> str | None:
    """None when the commitment holds for this seed and salt, else one line saying what does not hold."""
    found = commitment_of(seed, deal.salt)
    if secrets.compare_digest(found, deal.commitment):
        return None
    return (f"the deal's commitment does not hold: sha256 of 'amalogs-deal:{seed}:{deal.salt}' is {found[:16]}…, "
            f"not the published {deal.commitment[:16]}… (the seed or the salt was changed)")


def _digest(name: str, value: Any) -> str:
    text = json.dumps([name, value], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def seal_of(fields: Mapping[str, Any]) -> dict[str, str]:
    """The seal of a header: a short digest of each field (its name and JSON value)."""
    return {name: _digest(name, value) for name, value in fields.items()}


def unsealed_field(fields: Mapping[str, Any], seal: Mapping[str, str]) -> str | None:
    """The first field whose value is not the one sealed (or that was added or taken out since), or None."""
    for name, value in fields.items():
        if seal.get(name) != _digest(name, value):
            return name
    extra = sorted(set(seal) - set(fields))
    return extra[0] if extra else None
