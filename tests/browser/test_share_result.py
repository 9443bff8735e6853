"""The result to share (issue 22): at a finished game's end, the sheet's image is made and,
on a phone without the Web Share API for files (headless Chromium), downloaded."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from playwright.sync_api import Page, expect

from tests.scorekeeper.chart_games import finished_memory_game


def test_the_share_button_of_a_finished_game_gives_its_image(daphne: str, page: Page, artifacts: Path):
    game = finished_memory_game()
    page.goto(f"{daphne}{game.get_absolute_url()}")
    button = page.get_by_test_id("share-result")
    expect(button).to_be_visible()
    with page.expect_download() as download:
        button.click()
    saved = artifacts / "share-result.png"
    download.value.save_as(saved)
    assert download.value.suggested_filename == f"marque-carte-{game.pk}.png"
    image = Image.open(io.BytesIO(saved.read_bytes()))
    image.load()
    assert image.format == "PNG" and image.size[0] == 720
