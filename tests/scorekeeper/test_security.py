"""Hardening: login throttling (django-axes) and a Content-Security-Policy (django-csp)
that allows only the app's own scripts and styles, with the existing headers kept."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.factories import make_game

pytestmark = pytest.mark.django_db
TEMPLATES = Path(settings.BASE_DIR) / "templates"


def login(client: Client, password: str):
    return client.post(reverse("login"), {"username": "orga", "password": password})


def test_it_locks_a_username_after_five_wrong_passwords_even_with_the_right_one_next(client: Client):
    User.objects.create_user("orga", password="un mot de passe long")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login(client, "faux").status_code == 200

    locked = login(client, "faux")
    after = login(client, "un mot de passe long")

    assert locked.status_code == 429 and "Connexion bloquée" in locked.content.decode()
    assert after.status_code == 429 and "_auth_user_id" not in client.session


def test_it_still_lets_the_right_password_in_after_a_few_mistakes(client: Client):
    User.objects.create_user("orga", password="un mot de passe long")
    login(client, "faux")

    assert login(client, "un mot de passe long").status_code == 302


def test_it_sends_a_policy_that_allows_only_the_site_s_own_scripts_and_styles(client: Client):
    response = client.get(make_game().get_absolute_url())

    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["default-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_it_keeps_htmx_from_injecting_its_indicator_style(client: Client):
    html = client.get(reverse("home")).content.decode()

    assert '"includeIndicatorStyles": false' in html


@pytest.mark.parametrize("path", sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")))
def test_it_has_no_inline_script_style_or_handler_in_templates(path: str):
    text = (TEMPLATES / path).read_text()

    assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", text), "inline script"
    assert "<style" not in text and not re.search(r'\sstyle="', text), "inline style"
    assert not re.search(r"\shx-on[:-]|\son[a-z]+=\"", text), "inline handler"
