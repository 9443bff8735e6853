"""The home page: what the app does, games in progress and finished, a new game."""

import json
import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from engine.rules import VARIANTS
from tests.factories import make_game, tamalou_round

pytestmark = pytest.mark.django_db
SCRIPT = "<script>alert(1)</script>"
HTMX = {"HX-Request": "true"}


def opened(client: Client, *games) -> None:
    """This phone opens the games by their links: they join its own list."""
    for game in games:
        client.get(game.get_absolute_url())


def test_it_says_what_the_app_does_in_french(client: Client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    assert response["Content-Language"] == "fr"
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Les comptes de la table, sans dispute" in html
    assert '<a href="/rules/tamoul/">Tamoul</a>' in html  # each game's name is a link to its rules
    assert "htmx" in html
    assert "X-CSRFToken" in html


def test_it_offers_joining_a_table_and_asking_the_rules_right_under_the_new_game(client: Client):
    """The three reasons to open the app at a table, before the list of games."""
    html = client.get(reverse("home")).content.decode()
    new, join, ask = (html.index(f'href="{reverse(name)}"') for name in ("game_new", "table_find", "rules_index"))
    games = html.index('href="/rules/cactus/"')
    assert new < join < games and new < ask < games


def test_it_links_every_game_s_name_to_its_rules(client: Client):
    html = client.get(reverse("home")).content.decode()

    for key, variant in VARIANTS.items():
        assert f'<a href="{reverse("rules_page", args=[key])}">{variant.name}</a>' in html


def test_it_speaks_english_after_set_language(client: Client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302

    response = client.get(reverse("home"))

    assert response["Content-Language"] == "en"
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "Keeping score at the table, without arguments" in html, (
        "no English catalogue: compile it with `make messages` (needs gettext's msgfmt)"
    )


def test_the_language_buttons_of_the_header_switch_the_page_they_are_on_to_english(client: Client):
    """What a tap on « EN » sends: the header's form, its hidden fields and the button's value."""
    game = make_game("tamalou", ["Ana", "Ben"])
    html = client.get(game.get_absolute_url()).content.decode()
    form = re.search(r'<form class="language" action="([^"]+)" method="post">(.*?)</form>', html, re.S)
    assert form
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(2)))
    assert re.search(r'<button type="submit" name="language" value="en"', form.group(2))

    response = client.post(form.group(1), {**fields, "language": "en"}, follow=True)

    assert response.redirect_chain[-1][0] == game.get_absolute_url()  # back on the same page
    assert '<html lang="en">' in response.content.decode()
    assert "Next round" in response.content.decode(), (
        "no English catalogue: compile it with `make messages` (needs gettext's msgfmt)")


def test_it_follows_the_browser_language(client: Client):
    response = client.get(reverse("home"), headers={"accept-language": "en-GB,en;q=0.8"})

    assert "The games" in response.content.decode()


def test_it_refuses_to_post_to_the_home_page(client: Client):
    assert client.post(reverse("home")).status_code == 405


def test_it_offers_a_new_game_with_a_big_button(client: Client):
    html = client.get(reverse("home")).content.decode()

    assert f'href="{reverse("game_new")}"' in html
    assert "Nouvelle partie" in html
    assert "Aucune partie pour l'instant." in html


def test_it_lists_games_in_progress_and_finished_ones(client: Client):
    playing = make_game("tamalou", ["Ana", "Ben"], rounds=[tamalou_round(None, Ana=3, Ben=4)])
    over = make_game("cactus", ["Chloé", "Dan"], options={"rounds": 1},
                     rounds=[tamalou_round(None, Chloé=["AS"], Dan=["KH", "9S"])])

    opened(client, playing, over)
    html = client.get(reverse("home")).content.decode()

    in_progress, _sep, finished = html.partition("Parties terminées")
    assert playing.get_absolute_url() in in_progress and "Ana, Ben" in in_progress
    assert over.get_absolute_url() in finished and "Chloé, Dan" in finished
    assert "1 manche" in in_progress


def test_it_answers_htmx_with_the_games_partial_only(client: Client):
    opened(client, make_game("tamalou", ["Ana", "Ben"]))

    html = client.get(reverse("home"), headers=HTMX).content.decode()

    assert html.strip().startswith('<div id="games">')
    assert "Parties en cours" in html and "Ana, Ben" in html
    assert "<h1>" not in html and "<html" not in html


def test_it_shows_a_player_named_like_a_script_as_text(client: Client):
    opened(client, make_game("tamalou", [SCRIPT, "Ben"]))

    html = client.get(reverse("home")).content.decode()

    assert SCRIPT not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_it_links_the_manifest_icons_and_the_wake_lock(client: Client):
    html = client.get(reverse("home")).content.decode()

    assert 'rel="manifest" href="/static/manifest.webmanifest"' in html
    assert 'rel="apple-touch-icon"' in html
    assert "/static/js/wakelock.js" in html
    assert "data-keep-awake" not in html  # only game pages keep the screen on


@override_settings(WHITENOISE_USE_FINDERS=True, WHITENOISE_AUTOREFRESH=True)  # static files as in development
def test_it_links_a_manifest_the_phone_can_install_from(client: Client):
    html = client.get(reverse("home")).content.decode()
    href = re.search(r'<link rel="manifest" href="([^"]+)"', html)
    assert href

    manifest = json.loads(b"".join(client.get(href.group(1)).streaming_content))

    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["icons"]
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]
