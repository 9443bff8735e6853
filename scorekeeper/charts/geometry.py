"""Where everything of a line chart goes, in a fixed box: no drawing, no Django.

x is a position (a round, a game's number), y a value; `plot()` turns series, guide
lines (a limit, a reset) and marks (a reset's round) into box coordinates that both
pens (svg.py, png.py) draw as they are.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

# Colours told apart by most colour-blind eyes (Okabe-Ito), dark enough on white and
# light enough on the dark theme; lines also differ by dash so print and grey read them.
PALETTE = ("#0b6e4f", "#d55e00", "#0072b2", "#cc79a7", "#8a7a00", "#56b4e9", "#7f4f24", "#5e5e5e")
DASHES = ("", "6 3", "2 3", "8 3 2 3")
# A shape on each point too (issue 27): two lines on the same totals still show both.
MARKERS = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float | None]  # one per x; None: no value there (a player out)
    css_class: str = "line"  # styled by the page's CSS (leagues.css, app.css)
    colour: str | None = None  # a fixed colour (the sheet's players), else the CSS's
    dash: str = ""
    marker: str = ""  # one of MARKERS drawn on each point, or none


@dataclass(frozen=True)
class Guide:
    """A horizontal line at a value that means something: a limit, a reset."""
    value: float
    label: str
    kind: str = "limit"  # "limit" (solid) or "reset" (dotted)


@dataclass(frozen=True)
class Mark:
    """A symbol on a series' point: a reset (↺)."""
    index: int  # the x position
    series: int
    symbol: str = "↺"


WIDTH, HEIGHT = 360, 200  # a phone's width: the text stays readable at 360 px
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 12, 28  # room for the axis labels


@dataclass
class Box:
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT
    top: int = TOP
    bottom: int = BOTTOM


@dataclass
class Plot:
    box: Box
    lines: list[tuple[Series, list[list[tuple[float, float]]]]]  # each series as runs of points
    grid: list[tuple[float, float]]  # (y, value) of each grid line
    x_labels: list[tuple[float, str]]
    guides: list[tuple[Guide, float]]  # (guide, y)
    marks: list[tuple[Mark, float, float, str | None]]  # (mark, x, y, colour)
    band: list[tuple[float, float]] = field(default_factory=list)  # a polygon


def nice_step(span: float, count: int = 4) -> float:
    """A step of 1, 2 or 5 times a power of ten giving about `count` intervals over `span`."""
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    return next(power * m for m in (1, 2, 5, 10) if power * m >= raw)


def _bounds(values: Sequence[float]) -> tuple[float, float, float]:
    """(low, high, step): the values' range widened to round numbers. Whole values (a count
    of rounds won, points) get a whole step: no « 0,5 » between two wins."""
    low, high = min(values), max(values)
    if low == high:  # a flat line still needs a band to sit in
        low, high = low - 1, high + 1
    step = nice_step(high - low)
    if step < 1 and all(float(v).is_integer() for v in values):
        step = 1
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _near(guide: Guide, values: Sequence[float]) -> bool:
    """A guide worth its own scale: no further from the values than their own spread
    (canasta's 5000 after a few hundred points is said in words, not drawn)."""
    low, high = min(values), max(values)
    spread = max(high - low, abs(high), 1)
    return low - spread <= guide.value <= high + spread


def plot(series: Sequence[Series], *, box: Box | None = None, x_names: Sequence[str] | None = None,
         guides: Sequence[Guide] = (), marks: Sequence[Mark] = (),
         band: tuple[Sequence[float], Sequence[float]] | None = None) -> Plot | None:
    """The chart's coordinates, or None when there is nothing to draw."""
    box = box or Box()
    count = max((len(s.values) for s in series), default=0)
    values = [v for s in series for v in s.values if v is not None]
    values += [*band[0], *band[1]] if band else []
    if count == 0 or not values:
        return None
    drawn = [g for g in guides if _near(g, values)]
    far = [g for g in guides if not _near(g, values)]
    low, high, step = _bounds([*values, *(g.value for g in drawn)])
    plot_w, plot_h = box.width - box.left - box.right, box.height - box.top - box.bottom

    def x(i: int) -> float:
        return box.left + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    def y(v: float) -> float:
        return box.top + plot_h * (high - v) / (high - low)

    lines = []
    for s in series:
        runs: list[list[tuple[float, float]]] = [[]]
        for i, v in enumerate(s.values):
            if v is None:
                runs.append([])
            else:
                runs[-1].append((x(i), y(v)))
        lines.append((s, [run for run in runs if run]))
    names = list(x_names) if x_names else [str(i + 1) for i in range(count)]
    ticks = sorted({0, count - 1, *range(0, count, max(1, (count + 5) // 6))})
    shown_marks = [(m, x(m.index), y(series[m.series].values[m.index]), series[m.series].colour)
                   for m in marks if series[m.series].values[m.index] is not None]
    polygon = []
    if band:
        polygon = [(x(i), y(v)) for i, v in enumerate(band[1])]
        polygon += [(x(i), y(v)) for i, v in reversed(list(enumerate(band[0])))]
    grid = [low + k * step for k in range(round((high - low) / step) + 1)]
    placed = [(g, y(g.value)) for g in drawn]
    placed += [(Guide(g.value, ("↑ " if g.value > high else "↓ ") + g.label, "far"),
                box.top + 10 if g.value > high else box.height - box.bottom - 4) for g in far]
    return Plot(box, lines, [(y(v), v) for v in grid], [(x(i), names[i]) for i in ticks], placed,
                shown_marks, polygon)
