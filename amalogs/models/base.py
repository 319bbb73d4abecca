"""Shared building blocks for the strict, frozen data models."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, model_validator

__all__ = ["DataModel", "Slug", "Text", "Count", "Flag", "Named", "CountRange"]


class DataModel(BaseModel):
    """Base of every data-file model: unknown keys are errors and nothing changes after loading."""

    model_config = ConfigDict(extra="forbid", frozen=True, validate_default=False)


Slug = Annotated[
    StrictStr,
    Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="lower-case ASCII id: letters, digits, hyphens"),
]
"""A native id, such as ``ace-unit``; typeable on the command line."""

Text = Annotated[StrictStr, Field(min_length=1)]
"""Non-empty free text, in the project's own words."""

Count = Annotated[StrictInt, Field(ge=0)]
Flag = StrictBool


class Named(DataModel):
    """A native term: its id, its name as the game prints it, and an English name."""

    id: Slug
    name: Text = Field(description="the term as the game itself writes it (usually Japanese)")
    en: Text = Field(description="English name")


class CountRange(DataModel):
    """An inclusive range of counts, such as a deck size of 40 to 50; no ``max`` means no upper limit."""

    min: Count
    max: Count | None = None

    @model_validator(mode="after")
    def _ordered(self) -> CountRange:
        if self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and self.min <= n and (self.max is None or n <= self.max)

    def __str__(self) -> str:
        if self.max is None:
            return f"{self.min}+"
        return str(self.min) if self.min == self.max else f"{self.min}–{self.max}"
