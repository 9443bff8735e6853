from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse


def test_it_says_what_the_app_does_in_french(client: Client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    assert response["Content-Language"] == "fr"
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Les comptes de la table, sans dispute" in html
    assert "Tamalou et ses variantes régionales" in html
    assert "htmx" in html
    assert "X-CSRFToken" in html


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


def test_it_follows_the_browser_language(client: Client):
    response = client.get(reverse("home"), headers={"accept-language": "en-GB,en;q=0.8"})

    assert "Tamalou and its regional variants" in response.content.decode()


def test_it_refuses_to_post_to_the_home_page(client: Client):
    assert client.post(reverse("home")).status_code == 405


def test_it_renders_a_partial_of_the_page_on_its_own():
    html = render_to_string("scorekeeper/home.html#games")

    assert html.strip().startswith('<ul class="games">')
    assert "Canasta" in html
    assert "<h1>" not in html
