"""The league pages' line charts: drawn by the score sheet's chart code (scorekeeper/charts),
so both look alike. x is the game's number in the player's season (1, 2, 3 ...), so
games on the same night do not pile up at one date."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.safestring import SafeString

from scorekeeper.charts.geometry import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, Series, plot
from scorekeeper.charts.svg import svg

__all__ = ["BOTTOM", "HEIGHT", "LEFT", "RIGHT", "TOP", "WIDTH", "Series", "line_chart"]


def line_chart(series: Sequence[Series], *, title: str, band: tuple[Sequence[float],
               Sequence[float]] | None = None) -> SafeString:
    """An inline <svg>; `band` (low, high) shades a range, e.g. mu ± 3 sigma."""
    return svg(plot(series, band=band), str(title))
