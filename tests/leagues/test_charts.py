"""The server-drawn SVG line chart."""

from __future__ import annotations

import re

from leagues.ranking.charts import HEIGHT, LEFT, RIGHT, TOP, WIDTH, Series, line_chart


def points_of(svg: str) -> list[tuple[float, float]]:
    coords = re.search(r'<polyline class="line" points="([^"]+)"', svg).group(1)
    return [tuple(map(float, pair.split(","))) for pair in coords.split()]


def test_it_spreads_games_across_the_width_and_puts_higher_values_higher():
    svg = line_chart([Series("μ", [20.0, 30.0, 25.0])], title="Note")

    (x1, y1), (x2, y2), (x3, y3) = points_of(svg)
    assert (x1, x3) == (LEFT, WIDTH - RIGHT)  # first game at the left edge, last at the right
    assert x2 == (LEFT + WIDTH - RIGHT) / 2
    assert y2 < y3 < y1  # 30 above 25 above 20 (SVG's y grows downwards)
    assert TOP <= min(y1, y2, y3) and max(y1, y2, y3) <= HEIGHT
    assert f'viewBox="0 0 {WIDTH} {HEIGHT}"' in svg and 'role="img"' in svg


def test_it_escapes_every_text():
    svg = line_chart([Series("<script>x</script>", [1.0, 2.0])], title='"><script>')

    assert "<script>" not in svg
    assert "&lt;script&gt;x&lt;/script&gt;" in svg


def test_it_draws_a_single_game_as_a_dot_and_nothing_without_games():
    one = line_chart([Series("μ", [25.0])], title="Note")

    assert "<circle" in one and points_of(one)[0][0] == LEFT + (WIDTH - LEFT - RIGHT) / 2
    assert line_chart([Series("μ", [])], title="Note") == ""


def test_it_shades_a_band():
    svg = line_chart([Series("μ", [25.0, 26.0])], title="Note", band=([10.0, 12.0], [40.0, 38.0]))

    assert svg.count("<polygon") == 1
