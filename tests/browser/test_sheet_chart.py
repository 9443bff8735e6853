"""The game as a picture (issue 22): a 10-round sheet of each family draws its chart at
phone width, with the variant's limits and resets, and its table for screen readers."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.scorekeeper.chart_games import TEN_ROUND_GAMES

GUIDES = {"memory": ["fin au-delà 100", "↺ 100 → 50"], "canasta": ["↑ objectif 5000"], "cactus-game": []}


@pytest.mark.parametrize("family", list(TEN_ROUND_GAMES))
def test_a_ten_round_sheet_draws_each_players_running_total(daphne: str, page: Page, artifacts: Path,
                                                            family: str):
    game = TEN_ROUND_GAMES[family]()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{daphne}{game.get_absolute_url()}")
    chart = page.get_by_test_id("sheet-chart")
    svg = chart.locator("svg.chart")
    expect(svg).to_be_visible()
    expect(svg.locator("polyline.sheet-line")).to_have_count(len(game.sides()))
    assert 300 <= svg.bounding_box()["width"] <= 360
    for label in GUIDES[family]:
        expect(svg.locator("text.guide-label", has_text=label)).to_have_count(1)
    if family == "memory":
        expect(svg.locator("text.mark")).to_have_count(1)  # Ana's 100 -> 50 at round 9
    expect(chart.locator(".chart-legend li")).to_have_count(len(game.sides()))
    table = chart.locator(".chart-table table")
    expect(table.locator("tbody tr")).to_have_count(10)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=artifacts / f"sheet-chart-{family}.png")
    page.screenshot(path=artifacts / f"sheet-with-chart-{family}.png", full_page=True)


def test_a_sheet_of_eight_forty_character_names_never_scrolls_sideways(daphne: str, page: Page, artifacts: Path):
    """Names as long as a record allows (40 characters, no space): the legend wraps them."""
    from tests.factories import make_game, tamalou_round

    names = [f"{chr(65 + i)}{'W' * 38}{i}" for i in range(8)]  # W: the widest letter
    game = make_game("tamalou", names, rounds=[tamalou_round(None, **{n: i for i, n in enumerate(names)})] * 3)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{daphne}{game.get_absolute_url()}")
    expect(page.get_by_test_id("sheet-chart").locator(".chart-legend li")).to_have_count(8)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifacts / "sheet-long-names.png", full_page=True)
