"""Chart lines that do not hide each other (issue 27): a shape and a dash per player on the
page and in the shared image, the guide's words above every line, whole steps for counts."""

from __future__ import annotations

import io

from PIL import Image

from scorekeeper.charts import png
from scorekeeper.charts.geometry import Box, Guide, Series, plot
from scorekeeper.charts.svg import svg

TWINS = [Series("Ana", [1, 2, 3], "sheet-line", "#0b6e4f", "", "circle"),
         Series("Ben", [1, 2, 3], "sheet-line", "#d55e00", "6 3", "square")]


def test_it_draws_a_shape_on_each_point_so_equal_lines_both_show():
    page = svg(plot(TWINS), "t")
    assert page.count('<circle class="marker"') == 3 and page.count('<rect class="marker"') == 3


def test_it_writes_the_guides_words_after_the_lines_so_no_line_crosses_them():
    page = svg(plot(TWINS, guides=[Guide(3, "éliminé·e 100")]), "t")
    assert page.index('class="guide-label"') > page.rindex("<polyline")


def test_it_never_puts_half_a_win_on_the_axis_of_a_count():
    chart = plot([Series("Ana", [0, 1, 1, 2]), Series("Ben", [0, 0, 1, 1])])
    assert all(float(value).is_integer() for _y, value in chart.grid)


def test_it_keeps_half_steps_for_values_that_have_halves():
    chart = plot([Series("Ana", [0, 0.5, 1.5])])
    assert any(not float(value).is_integer() for _y, value in chart.grid)


def _pixels(chart) -> Image.Image:
    data = png.result_png("t", "s", "w", [], chart, [str(v) for _y, v in chart.grid], "f")
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_it_dashes_the_second_line_in_the_shared_image():
    box = Box(width=656, height=380, left=60, right=16, top=20, bottom=40)
    solid = plot([Series("Ana", [0, 10], colour="#d55e00")], box=box)
    dashed = plot([Series("Ana", [0, 10], colour="#d55e00", dash="6 3")], box=box)
    orange = (0xd5, 0x5e, 0x00)

    def count(image: Image.Image) -> int:
        return {colour: n for n, colour in image.getcolors(1 << 24)}.get(orange, 0)

    assert count(_pixels(dashed)) < 0.8 * count(_pixels(solid))


def test_it_puts_the_guides_words_on_paper_over_the_lines_in_the_shared_image():
    box = Box(width=656, height=380, left=60, right=16, top=20, bottom=40)
    rising = [Series("Ana", [0] * 9 + [120], colour="#d55e00")]  # through the label, at the right
    chart = plot(rising, box=box, guides=[Guide(100, "éliminé·e 100")])
    image = _pixels(chart)
    chart_top = png.MARGIN + 44 + 30 + 50 + 16
    y_guide = chart_top + chart.guides[0][1]
    right = png.MARGIN + box.width - box.right - 4
    under_label = {image.getpixel((x, int(y))) for x in range(right - 50, right)
                   for y in range(int(y_guide) - 16, int(y_guide) - 6)}
    assert (0xd5, 0x5e, 0x00) not in under_label
