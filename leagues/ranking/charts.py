"""A tiny server-side SVG line chart: no chart library, readable on a 360 px phone.

The chart is drawn in a fixed coordinate box (viewBox) and scales to the width of
its container; lines keep their thickness (vector-effect). x is the game's
number in the player's season (1, 2, 3 ...), so games on the same night do not
pile up at one date. Every text is escaped here: player names reach the labels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 12, 28  # room for the axis labels


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float]  # one per game, in order
    css_class: str = "line"  # styled in leagues.css (colour, dashes)


def _nice_bounds(values: Sequence[float]) -> tuple[float, float]:
    low, high = min(values), max(values)
    if low == high:  # a flat line still needs a band to sit in
        low, high = low - 1, high + 1
    pad = (high - low) * 0.08
    return low - pad, high + pad


def _number(value: float) -> str:
    """An axis value in the page's language (3,5 in French)."""
    return number_format(value, 0 if abs(value) >= 10 else 1)


def line_chart(series: Sequence[Series], *, title: str, band: tuple[Sequence[float],
               Sequence[float]] | None = None) -> SafeString:
    """An inline <svg>; `band` (low, high) shades a range, e.g. mu ± 3 sigma."""
    points = [v for s in series for v in s.values] + ([*band[0], *band[1]] if band else [])
    count = max((len(s.values) for s in series), default=0)
    if count == 0 or not points:
        return mark_safe("")
    low, high = _nice_bounds(points)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
             f"<title>{escape(title)}</title>"]
    for v in (low, (low + high) / 2, high):  # three grid lines with their values
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" '
                     f'y2="{y(v):.1f}"/>')
        parts.append(f'<text class="axis" x="{LEFT - 6}" y="{y(v) + 4:.1f}" '
                     f'text-anchor="end">{_number(v)}</text>')
    parts.append(f'<text class="axis" x="{LEFT}" y="{HEIGHT - 8}">1</text>')
    parts.append(f'<text class="axis" x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" '
                 f'text-anchor="end">{count}</text>')
    if band:
        upper = [f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(band[1])]
        lower = [f"{x(i):.1f},{y(v):.1f}" for i, v in reversed(list(enumerate(band[0])))]
        parts.append(f'<polygon class="band" points="{" ".join(upper + lower)}"/>')
    for s in series:
        coords = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(s.values))
        parts.append(f'<polyline class="{escape(s.css_class)}" points="{coords}" '
                     f'vector-effect="non-scaling-stroke"><title>{escape(s.label)}</title></polyline>')
        if len(s.values) == 1:
            parts.append(f'<circle class="{escape(s.css_class)}" cx="{x(0):.1f}" '
                         f'cy="{y(s.values[0]):.1f}" r="4"/>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every interpolated text is escaped above
