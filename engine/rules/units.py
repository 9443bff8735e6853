"""Exact points. Every variant counts in whole units; tamoul counts in halves.

A variant with `scale` 2 stores 6.5 as 13, so sums never drift; numbers
leave the engine through `to_number`, which gives an int when whole and a
float (exact: a multiple of 0.5) otherwise.
"""

from __future__ import annotations


def to_number(units: int, scale: int) -> int | float:
    if scale == 1:
        return units
    whole, rest = divmod(units, scale)
    return whole if rest == 0 else units / scale


def from_number(value: object, scale: int) -> int | None:
    """`value` in units when it is a JSON number that is a multiple of 1/scale, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value * scale
    if isinstance(value, float):
        if not -1e15 < value < 1e15:  # NaN, infinities and numbers no hand can reach
            return None
        scaled = value * scale
        if scaled == int(scaled):
            return int(scaled)
    return None


def describe(units: int, scale: int) -> str:
    """A number as a person writes it (6.5, 14)."""
    return str(to_number(units, scale))
