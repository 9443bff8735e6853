"""Our own 404, 403 and 500 pages, in both languages, each with a way home; Django's debug
pages only with debug on."""

from __future__ import annotations

from html import unescape

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client, override_settings
from django.urls import path

from config.urls import urlpatterns as site_urls

pytestmark = pytest.mark.django_db


def broken(request):
    raise RuntimeError("a bug")


def forbidden(request):
    raise PermissionDenied


# The site's own addresses, plus two views that fail: this module is the URLconf of the tests below.
urlpatterns = [path("test-broken/", broken), path("test-forbidden/", forbidden), *site_urls]
ERRORS = override_settings(DEBUG=False, ROOT_URLCONF=__name__)


def page(response) -> str:
    return unescape(response.content.decode())


@ERRORS
@pytest.mark.parametrize(("language", "title", "home"), [
    ("fr", "Page introuvable", "Retour à l'accueil"), ("en", "Page not found", "Back to the home page")])
def test_it_answers_a_wrong_link_with_its_own_404_page_and_a_way_home(client: Client, language, title, home):
    response = client.get("/no-such-page/", headers={"Accept-Language": language})

    html = page(response)
    assert response.status_code == 404
    assert f"<h1>{title}</h1>" in html and f'href="/">{home}</a>' in html
    assert "URLconf" not in html and "Django" not in html  # not the debug page


@ERRORS
def test_it_answers_an_unknown_game_with_the_same_404_page(client: Client):
    html = page(client.get("/games/nosuchtoken/"))

    assert "<h1>Page introuvable</h1>" in html


@ERRORS
@pytest.mark.parametrize(("language", "title", "home"), [
    ("fr", "Erreur du serveur", "Retour à l'accueil"), ("en", "Server error", "Back to the home page")])
def test_it_answers_a_bug_with_its_own_500_page_and_a_way_home(language, title, home):
    client = Client(raise_request_exception=False)

    response = client.get("/test-broken/", headers={"Accept-Language": language})

    html = page(response)
    assert response.status_code == 500
    assert f"<h1>{title}</h1>" in html and f'href="/">{home}</a>' in html
    assert "RuntimeError" not in html and "Traceback" not in html


@ERRORS
@pytest.mark.parametrize(("language", "title", "home"), [
    ("fr", "Accès refusé", "Accueil"), ("en", "Access refused", "Home")])
def test_it_answers_a_refusal_with_its_own_403_page_and_a_way_home(client: Client, language, title, home):
    response = client.get("/test-forbidden/", headers={"Accept-Language": language})

    html = page(response)
    assert response.status_code == 403
    assert f"<h1>{title}</h1>" in html and f'href="/">{home}</a>' in html


@override_settings(DEBUG=True, ROOT_URLCONF=__name__)
def test_it_shows_djangos_debug_404_only_with_debug_on(client: Client):
    html = page(client.get("/no-such-page/"))

    assert "URLconf" in html and "Page introuvable" not in html


def test_it_sends_a_browser_asking_for_favicon_ico_to_the_app_s_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("icons/icon-192.png")


@ERRORS
@pytest.mark.parametrize(("language", "title", "back"), [
    ("fr", "Rien à afficher ici", "Revenir à la page précédente"), ("en", "Nothing to show here", "Back to the previous page")])
def test_it_answers_a_get_on_a_forms_address_with_a_page_and_a_way_back(client: Client, language, title, back):
    """A refused form reloaded, or a link kept in the history: not the browser's empty 405."""
    response = client.get("/me/claim/", headers={"Accept-Language": language},
                          HTTP_REFERER="http://testserver/rules/")

    html = page(response)
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert f"<h1>{title}</h1>" in html and f'href="http://testserver/rules/">{back}</a>' in html


@ERRORS
def test_it_sends_a_get_from_elsewhere_on_a_forms_address_back_home(client: Client):
    html = page(client.get("/me/claim/", HTTP_REFERER="https://elsewhere.example/"))

    assert 'href="/">Revenir à la page précédente</a>' in html


@ERRORS
def test_it_leaves_htmx_and_other_methods_the_bare_405(client: Client):
    assert client.get("/me/claim/", headers={"HX-Request": "true"}).content == b""
    assert client.put("/me/claim/").content == b""
