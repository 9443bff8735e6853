"""What the sheet says about the game, read from its HTML (the layout on a 360 px phone is
tests/browser/test_sheet_tells_the_game.py's)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def first(pattern: str, html: str) -> str:
    found = re.search(pattern, html, re.S)
    assert found, pattern
    return found.group(1)


def test_it_marks_tamoul_s_reset_and_its_limit(client: Client):
    game = make_game("tamoul", ["Ana", "Ben", "Chloé"], rounds=[
        tamalou_round(None, Ana=60, Ben=3, Chloé=5), tamalou_round(None, Ana=40, Ben=2, Chloé=1)])

    html = client.get(game.get_absolute_url()).content.decode()

    assert text_of(first(r'<ul class="sheet-limits">(.*?)</ul>', html)) == (
        "La partie s’arrête quand un total dépasse 100.")
    assert text_of(first(r'<ul class="sheet-resets">(.*?)</ul>', html)) == "↺ Manche 2 : Ana passe de 100 à 50."
    rows = first(r'<table class="score-table[^"]*">.*?<tbody[^>]*>(.*?)</tbody>', html).split("</tr>")
    assert "50" in text_of(first(r'<small class="reset">(.*?)</small>', rows[1]))
    assert '<small class="reset">' not in rows[0]
