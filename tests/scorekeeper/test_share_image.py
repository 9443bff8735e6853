"""The result to share (issue 22): the sheet as a PNG with winners, totals and chart."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from scorekeeper.charts import png
from tests.scorekeeper.chart_games import TEN_ROUND_GAMES, finished_memory_game

pytestmark = pytest.mark.django_db


def _image(client, game) -> Image.Image:
    response = client.get(f"/games/{game.token}/share.png")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    image.load()  # decodes the whole image: a truncated PNG fails here
    return image


def test_it_draws_a_finished_game_as_a_png_of_phone_width(client):
    image = _image(client, finished_memory_game())
    assert image.format == "PNG" and image.size[0] == png.WIDTH
    assert 600 <= image.size[1] <= 1400  # title, winners, three totals and the chart
    colours = {colour for _count, colour in image.convert("RGB").getcolors(1 << 20)}
    assert (0x0b, 0x6e, 0x4f) in colours and (0xd5, 0x5e, 0x00) in colours  # two players' lines


@pytest.mark.parametrize("family", list(TEN_ROUND_GAMES))
def test_it_draws_every_family(client, family):
    assert _image(client, TEN_ROUND_GAMES[family]()).size[0] == png.WIDTH


def test_it_draws_a_game_without_rounds_as_totals_alone(client):
    from tests.factories import make_game

    assert _image(client, make_game("dutch")).size[1] < 600


def test_it_falls_back_to_pillows_font_without_dejavu(client, monkeypatch):
    png.font.cache_clear()
    monkeypatch.setattr(png, "FONT_DIRS", ())
    try:
        assert _image(client, finished_memory_game()).size[0] == png.WIDTH
    finally:
        png.font.cache_clear()


def test_it_puts_the_share_button_on_a_finished_sheet(client):
    game = finished_memory_game()
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'data-testid="share-result"' in html and f"/games/{game.token}/share.png" in html
