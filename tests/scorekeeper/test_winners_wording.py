"""Counted words agree (issue 27): « Gagnants : Ana, Ben » for two winners in the preview,
« 0 victoire » in French (zero takes the singular)."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

from django.urls import reverse
from django.utils import translation
from django.utils.translation import ngettext

from tests.factories import make_game

HTMX = {"HTTP_HX_REQUEST": "true"}


def _preview(client, hands: dict[str, str]) -> str:
    game = make_game("tamalou", options={"rounds": 1})
    post = {"hand-0-cards": hands["Ana"], "hand-1-cards": hands["Ben"], "hand-2-cards": hands["Chloé"],
            "announcer": "", "request_id": str(uuid.uuid4())}
    return client.post(reverse("round_preview", args=[game.token]), post, **HTMX).content.decode()


def test_it_says_winners_in_the_plural_for_two_winners_in_the_preview(client, db):
    html = _preview(client, {"Ana": "3S", "Ben": "3D", "Chloé": "9S"})
    assert "Gagnants : Ana, Ben" in html


def test_it_says_winner_in_the_singular_for_one_winner_in_the_preview(client, db):
    html = _preview(client, {"Ana": "2S", "Ben": "3D", "Chloé": "9S"})
    assert "Gagnant : Ana" in html and "Gagnants" not in html


def test_it_says_zero_wins_in_the_singular_in_french_and_plural_in_english():
    with translation.override("fr"):
        assert ngettext("%(wins)s victoire", "%(wins)s victoires", 0) == "%(wins)s victoire"
        assert ngettext("%(wins)s victoire", "%(wins)s victoires", 2) == "%(wins)s victoires"
    with translation.override("en"):
        assert ngettext("%(wins)s victoire", "%(wins)s victoires", 0) == "%(wins)s wins"


def test_every_plural_of_the_english_catalogue_has_its_french_forms():
    root = Path(__file__).resolve().parents[2] / "locale"
    english = (root / "en/LC_MESSAGES/django.po").read_text()
    french = (root / "fr/LC_MESSAGES/django.po").read_text()
    plurals = re.findall(r'^msgid (".*")\nmsgid_plural', english, re.M)
    assert plurals and [p for p in plurals if f"msgid {p}\nmsgid_plural" not in french] == []
