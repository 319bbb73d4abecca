"""Shared building blocks for the strict, frozen data models."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Annotated

from pydantic import (
    AfterValidator,
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

__all__ = [
    "DataModel", "Slug", "Text", "Count", "Positive", "Flag", "Named", "CountRange", "Number", "number_out",
    "MAX_COUNT", "MAX_ID", "MAX_NUMBER", "MAX_TEXT", "parse_fraction", "not_too_long",
]

MAX_COUNT = 10_000
"""The largest count a data file may give (cards, copies, life, draws ...): the referee does things that many
times, so a larger one is refused rather than run for ever."""

MAX_NUMBER = 10**9
"""The largest printed value or exact number (and denominator) a data file may give."""

MAX_TEXT = 20_000
"""The longest text a data file may give (the longest shipped text is under 1,000 characters)."""

MAX_ID = 64


class DataModel(BaseModel):
    """Base of every data-file model: unknown keys are errors and nothing changes after loading."""

    model_config = ConfigDict(extra="forbid", frozen=True, validate_default=False, defer_build=True)


Slug = Annotated[
    StrictStr,
    Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=MAX_ID,
          description="lower-case ASCII id: letters, digits, hyphens"),
]
"""A native id, such as ``ace-unit``; typeable on the command line."""

def not_too_long(text: str) -> str:
    """Text of at most :data:`MAX_TEXT` characters (checked as a validator, so the schema and the field reference
    keep saying just "text")."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"too long: {len(text):,} characters, at most {MAX_TEXT:,} allowed")
    return text


Text = Annotated[StrictStr, Field(min_length=1), AfterValidator(not_too_long)]
"""Non-empty free text, in the project's own words (at most MAX_TEXT characters)."""

Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
Positive = Annotated[StrictInt, Field(ge=1, le=MAX_COUNT)]
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


_FRACTION = re.compile(r"[+-]?\d{1,12}(?:\.\d{1,12})?(?:/\d{1,12})?")


def parse_fraction(value: object, expected: str) -> Fraction:
    """An exact number from an integer, a float or text ('1/3', '0.5'); bounded, so arithmetic on it stays fast.

    Raise ``ValueError`` with ``expected`` (and the value, cut) on anything else: exponents ('1e999999'),
    NaN and infinities, zero denominators, and numbers or denominators beyond :data:`MAX_NUMBER`.
    """
    from amalogs.errors import cut

    if isinstance(value, Fraction):
        number = value
    elif isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"{expected}, got {cut(value)}")
    elif isinstance(value, str) and not _FRACTION.fullmatch(value.strip()):
        raise ValueError(f"{expected}, got {cut(value)}")
    else:
        try:
            number = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
        except (ValueError, ZeroDivisionError, OverflowError):
            raise ValueError(f"{expected}, got {cut(value)}") from None
    if abs(number) > MAX_NUMBER or number.denominator > MAX_NUMBER:
        raise ValueError(f"{cut(value)} is out of range (numbers go up to {MAX_NUMBER:,}, "
                         f"denominators up to {MAX_NUMBER:,})")
    return number


def _parse_number(value: object) -> Fraction:
    return parse_fraction(value, "expected a number such as 2, 0.5 or '1/2'")


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
