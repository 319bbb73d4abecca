"""Shared building blocks for the strict, frozen data models."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    StrictBool,
    StrictInt,
    StrictStr,
    model_validator,
)

__all__ = ["DataModel", "Slug", "Text", "Count", "Flag", "Named", "CountRange", "Number", "number_out"]


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

    id: Slug = Field(description="its id, which other keys and files use to name it")
    name: Text = Field(description="the term as the game itself writes it (usually Japanese)")
    en: Text = Field(description="English name")


class CountRange(DataModel):
    """An inclusive range of counts, such as a deck size of 40 to 50; no ``max`` means no upper limit."""

    min: Count = Field(description="the least (inclusive)")
    max: Count | None = Field(None, description="the most (inclusive); omit for no upper limit")

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


def _parse_number(value: object) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"expected a number such as 2, 0.5 or '1/2', got {value!r}")
    try:
        return Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected a number such as 2, 0.5 or '1/2', got {value!r}") from None


def number_out(value: Fraction) -> int | float | str:
    """A number as data files write it: an integer, a short decimal, or 'a/b'."""
    if value.denominator == 1:
        return int(value)
    as_float = float(value)
    return as_float if Fraction(str(as_float)) == value else f"{value.numerator}/{value.denominator}"


Number = Annotated[
    Fraction,
    BeforeValidator(_parse_number),
    PlainSerializer(number_out),
    Field(json_schema_extra={"type": ["number", "string"], "examples": [2, 0.5, "1/3"]}),
]
"""An exact number: integers, decimals (0.5) or fractions written as text ('1/3')."""
