"""Phones as the people pages' tests drive them (tests/scorekeeper/test_people_pages.py,
test_claim_undo.py): a phone holding a game, its « C'est moi », its page, its personal link."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client
from django.urls import reverse

PHONE = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile"


def holding(game: Any) -> Client:
    """A phone that opened `game`'s link (it holds the game)."""
    phone = Client(HTTP_USER_AGENT=PHONE)
    phone.get(game.get_absolute_url())
    return phone


def claim(phone: Client, game: Any, name: str) -> Any:
    return phone.post(reverse("claim_person"), {"game": game.token, "name": name})


def me(phone: Client) -> str:
    return phone.get(reverse("my_page")).content.decode()


def new_personal_link(phone: Client) -> str:
    """The personal link this phone's person just made (as its page shows it)."""
    page = phone.post(reverse("new_person_link")).content.decode()
    return re.search(r'data-testid="personal-link"[^>]*>([^<]+)<', page).group(1)
