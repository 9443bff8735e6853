"""A plot (geometry.py) as an inline <svg> for a page.

The box scales to its container's width; lines keep their thickness
(vector-effect). Colours are presentation attributes, not styles (the CSP allows no
inline style). Every text is escaped here: player names reach the labels.
"""

from __future__ import annotations

from html import escape

from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe

from .geometry import Plot


def axis_number(value: float) -> str:
    """An axis value in the page's language (3,5 in French)."""
    return number_format(value, 0 if abs(value) >= 10 or float(value).is_integer() else 1)


def _points(run: list[tuple[float, float]]) -> str:
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in run)


def _marker(shape: str, x: float, y: float, colour: str | None) -> str:
    """A point's shape (geometry.MARKERS), 3.5 units across its centre."""
    fill = f' fill="{colour}"' if colour else ""
    r = 3.5
    if shape == "square":
        return f'<rect class="marker" x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}"{fill}/>'
    if shape == "triangle":
        points = f"{x:.1f},{y - r - 1:.1f} {x + r + 0.5:.1f},{y + r:.1f} {x - r - 0.5:.1f},{y + r:.1f}"
        return f'<polygon class="marker" points="{points}"{fill}/>'
    if shape == "diamond":
        points = f"{x:.1f},{y - r - 1:.1f} {x + r + 1:.1f},{y:.1f} {x:.1f},{y + r + 1:.1f} {x - r - 1:.1f},{y:.1f}"
        return f'<polygon class="marker" points="{points}"{fill}/>'
    return f'<circle class="marker" cx="{x:.1f}" cy="{y:.1f}" r="{r}"{fill}/>'


def svg(chart: Plot | None, title: str) -> SafeString:
    if chart is None:
        return mark_safe("")
    b = chart.box
    parts = [f'<svg class="chart" viewBox="0 0 {b.width} {b.height}" role="img" '
             f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
             f"<title>{escape(title)}</title>"]
    for y, value in chart.grid:
        parts.append(f'<line class="grid" x1="{b.left}" x2="{b.width - b.right}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text class="axis" x="{b.left - 6}" y="{y + 4:.1f}" text-anchor="end">'
                     f"{axis_number(value)}</text>")
    for x, name in chart.x_labels:
        parts.append(f'<text class="axis" x="{x:.1f}" y="{b.height - 8}" text-anchor="middle">{escape(name)}</text>')
    for guide, y in chart.guides:
        if guide.kind != "far":
            parts.append(f'<line class="guide guide-{escape(guide.kind)}" x1="{b.left}" x2="{b.width - b.right}" '
                         f'y1="{y:.1f}" y2="{y:.1f}"><title>{escape(guide.label)}</title></line>')
    if chart.band:
        parts.append(f'<polygon class="band" points="{_points(chart.band)}"/>')
    for series, runs in chart.lines:
        paint = f' stroke="{series.colour}"' if series.colour else ""
        dash = f' stroke-dasharray="{series.dash}"' if series.dash else ""
        for run in runs:
            parts.append(f'<polyline class="{escape(series.css_class)}" points="{_points(run)}"{paint}{dash} '
                         f'vector-effect="non-scaling-stroke"><title>{escape(series.label)}</title></polyline>')
            if len(run) == 1 and not series.marker:
                fill = f' fill="{series.colour}"' if series.colour else ""
                parts.append(f'<circle class="{escape(series.css_class)}" cx="{run[0][0]:.1f}" '
                             f'cy="{run[0][1]:.1f}" r="4"{fill}/>')
            for x, y in run if series.marker else ():
                parts.append(_marker(series.marker, x, y, series.colour))
    for mark, x, y, colour in chart.marks:
        fill = f' fill="{colour}"' if colour else ""
        parts.append(f'<text class="mark" x="{x:.1f}" y="{y - 5:.1f}" text-anchor="middle"{fill}>'
                     f"{escape(mark.symbol)}</text>")
    # The guides' words last, over the lines (with a halo, app.css): no line crosses them.
    for guide, y in chart.guides:
        if guide.kind == "far":  # beyond the chart's scale: said at its edge, no line
            parts.append(f'<text class="guide-label" x="{b.width - b.right - 2}" y="{y:.1f}" '
                         f'text-anchor="end">{escape(guide.label)}</text>')
            continue
        # Limits are labelled at the right, resets at the left: a game near both keeps both readable.
        at, anchor = (b.width - b.right - 2, "end") if guide.kind != "reset" else (b.left + 2, "start")
        parts.append(f'<text class="guide-label" x="{at}" y="{y - 3:.1f}" '
                     f'text-anchor="{anchor}">{escape(guide.label)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every interpolated text is escaped above
