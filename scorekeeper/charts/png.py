"""The result to share: the final sheet as a PNG (winners, totals, the chart), drawn
with Pillow from the same geometry as the page's SVG (geometry.py).

Fonts: DejaVu Sans when the system has it (Debian's fonts-dejavu-core), else Pillow's
own scalable default font, so the image is drawn on any machine.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .geometry import Box, Plot

WIDTH = 720
MARGIN = 32
CHART = Box(width=WIDTH - 2 * MARGIN, height=380, left=60, right=16, top=20, bottom=40)
INK, MUTED, GRID, PAPER, ACCENT, DANGER = "#1d1b18", "#5d5850", "#cfc9bd", "#ffffff", "#0b6e4f", "#b3261e"
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        if (folder / name).exists():
            return ImageFont.truetype(str(folder / name), size)
    return ImageFont.load_default(size)


def result_png(title: str, subtitle: str, winners: str, totals: list[tuple[str, str, str]],
               chart: Plot | None, axis: list[str], footer: str) -> bytes:
    """`totals`: (name, total, colour) per side, best first; `axis`: the chart's grid labels."""
    rows_height = 44 * len(totals)
    height = MARGIN + 44 + 30 + 50 + rows_height + 16 + (CHART.height + 16 if chart else 0) + 40 + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    draw.text((MARGIN, y), title, font=font(34, bold=True), fill=INK)
    y += 44
    draw.text((MARGIN, y), subtitle, font=font(20), fill=MUTED)
    y += 30
    draw.text((MARGIN, y), winners, font=font(26, bold=True), fill=ACCENT)
    y += 50
    for name, total, colour in totals:
        draw.rounded_rectangle((MARGIN, y + 8, MARGIN + 22, y + 30), radius=4, fill=colour)
        draw.text((MARGIN + 36, y + 4), name, font=font(24), fill=INK)
        draw.text((WIDTH - MARGIN, y + 4), total, font=font(24, bold=True), fill=INK, anchor="ra")
        y += 44
    y += 16
    if chart:
        _draw_chart(draw, chart, axis, MARGIN, y)
        y += CHART.height + 16
    draw.text((WIDTH - MARGIN, y + 8), footer, font=font(18), fill=MUTED, anchor="ra")
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


def _draw_chart(draw: ImageDraw.ImageDraw, chart: Plot, axis: list[str], dx: int, dy: int) -> None:
    b = chart.box
    draw.rounded_rectangle((dx, dy, dx + b.width, dy + b.height), radius=12, outline=GRID, width=2)
    small = font(15)
    for (y, _value), label in zip(chart.grid, axis, strict=True):
        draw.line((dx + b.left, dy + y, dx + b.width - b.right, dy + y), fill=GRID, width=1)
        draw.text((dx + b.left - 8, dy + y), label, font=small, fill=MUTED, anchor="rm")
    for x, name in chart.x_labels:
        draw.text((dx + x, dy + b.height - 12), name, font=small, fill=MUTED, anchor="mb")
    for guide, y in chart.guides:
        if guide.kind != "far":
            _dashed(draw, dx + b.left, dx + b.width - b.right, dy + y,
                    DANGER if guide.kind == "limit" else MUTED)
    for series, runs in chart.lines:
        colour = series.colour or ACCENT
        for run in runs:
            points = [(dx + x, dy + y) for x, y in run]
            if len(points) > 1:
                _polyline(draw, points, colour, series.dash)
            for x, y in points:
                _marker(draw, series.marker, x, y, colour)
    for mark, x, y, colour in chart.marks:
        draw.text((dx + x, dy + y - 8), mark.symbol, font=font(20, bold=True), fill=colour or INK, anchor="mb")
    # The guides' words last, on the paper: no line crosses « éliminé·e 100 » (issue 27).
    for guide, y in chart.guides:
        right = guide.kind != "reset"
        at = (dx + (b.width - b.right - 4 if right else b.left + 4), dy + y - 4)
        anchor = "rb" if right else "lb"
        box = draw.textbbox(at, guide.label, font=small, anchor=anchor)
        draw.rectangle((box[0] - 3, box[1] - 2, box[2] + 3, box[3] + 2), fill=PAPER)
        draw.text(at, guide.label, font=small, fill=MUTED, anchor=anchor)


def _polyline(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: str, dash: str) -> None:
    """A line through the points, dashed as the page draws it (`dash`: "6 3", SVG's
    stroke-dasharray in chart units, doubled here: the image is twice the page's size)."""
    if not dash:
        draw.line(points, fill=colour, width=5, joint="curve")
        return
    pattern = [2 * float(n) for n in dash.split()]
    if len(pattern) % 2:  # SVG repeats an odd list to make it even
        pattern *= 2
    index, left = 0, pattern[0]
    for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if index % 2 == 0:  # even entries are drawn, odd ones are gaps
                a, c = done / length, (done + step) / length
                draw.line((x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * c, y1 + (y2 - y1) * c),
                          fill=colour, width=5)
            done += step
            left -= step
            if left <= 0:
                index = (index + 1) % len(pattern)
                left = pattern[index]


def _marker(draw: ImageDraw.ImageDraw, shape: str, x: float, y: float, colour: str) -> None:
    r = 6
    if shape == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=colour)
    elif shape == "triangle":
        draw.polygon([(x, y - r - 2), (x + r + 1, y + r), (x - r - 1, y + r)], fill=colour)
    elif shape == "diamond":
        draw.polygon([(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)], fill=colour)
    else:
        draw.ellipse((x - r + 1, y - r + 1, x + r - 1, y + r - 1), fill=colour)


def _dashed(draw: ImageDraw.ImageDraw, x1: float, x2: float, y: float, colour: str) -> None:
    x = x1
    while x < x2:
        draw.line((x, y, min(x + 8, x2), y), fill=colour, width=2)
        x += 14
