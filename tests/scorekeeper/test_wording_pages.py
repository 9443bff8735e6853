"""The score sheet shows the engine's problems beside their field, in the page's
language, worded from their code: never the engine's English message."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.urls import reverse

from tests.factories import make_game

pytestmark = pytest.mark.django_db


def slot(page: str, key: str) -> str:
    found = re.search(rf'<div id="err-{re.escape(key)}" class="field-errors"[^>]*>(.*?)</div>', page, re.S)
    assert found, f"no slot for {key}"
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def preview(client, game, post, language="fr") -> str:
    return client.post(reverse("round_preview", args=[game.token]), post,
                       HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.parametrize(("language", "sentence", "english"), [
    ("fr", "D♠ apparaît 2 fois ; le paquet en compte 1.", False),
    ("en", "Q♠ appears 2 times; the deck holds 1.", True),
])
def test_it_words_a_card_used_twice_beside_its_hand_in_the_pages_language(client, language, sentence, english):
    game = make_game("tamalou")
    page = preview(client, game, {"hand-0-cards": "KH", "hand-1-cards": "QS QS", "hand-2-cards": "2S"}, language)
    assert slot(page, "hand-1") == sentence
    assert "hand has" not in page  # the engine's own message never shows


def test_it_words_a_missing_draw_beside_the_draws_in_french(client):
    game = make_game("cactus-tas")
    page = preview(client, game, {"hand-0-cards": "KH QS", "hand-1-count": "9", "hand-1-mode": "count",
                                  "hand-2-cards": "2S"})
    assert "Il manque la pioche de" in page and "draws are missing" not in page
