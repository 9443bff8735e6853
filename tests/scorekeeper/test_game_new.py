"""Starting a game: the variant, its options, the players in seat order, canasta's teams."""

import re

import pytest
from django import forms
from django.http import QueryDict
from django.test import Client
from django.urls import reverse

from engine.rules import VARIANTS, Problem, RecordError
from scorekeeper.entry.new_game import NewGameForm
from scorekeeper.http import SESSION_GAMES
from scorekeeper.models import Game
from tests.factories import make_player

pytestmark = pytest.mark.django_db
SCRIPT = "<script>alert(1)</script>"
HTMX = {"HX-Request": "true"}
URL = "/games/new/"


def post(client: Client, variant: str, seats: list[str], action: str = "start", htmx: bool = False,
         **extra):
    data = {"variant": variant, "seat": seats, "action": action, **extra}
    return client.post(URL, data, headers=HTMX if htmx else {})


def seats_in(html: str) -> list[str]:
    """The seat inputs' values, in order."""
    return re.findall(r'name="seat" value="([^"]*)"', html)


def test_it_lists_every_variant_with_a_description_and_its_rules_page(client: Client):
    html = client.get(reverse("game_new")).content.decode()

    assert "Tamalou" in html and "Canasta" in html and "Cactus Game (Blue Orange)" in html
    assert "le premier camp à 5000 points gagne" in html
    assert "/rules/tamalou/" in html
    assert 'href="?variant=cabo-bruxellois"' in html


def test_it_answers_htmx_with_the_variant_list_partial(client: Client):
    html = client.get(reverse("game_new"), headers=HTMX).content.decode()

    assert html.strip().startswith('<section id="variants"')
    assert "<html" not in html


def test_it_says_when_the_variant_does_not_exist(client: Client):
    html = client.get(reverse("game_new") + "?variant=belote").content.decode()

    assert "Ce jeu n'existe pas ici" in html


def test_it_shows_the_options_of_the_variant_with_their_defaults(client: Client):
    koubo = client.get(URL + "?variant=koubo").content.decode()
    fontenaysien = client.get(URL + "?variant=fontenaysien").content.decode()
    dutch = client.get(URL + "?variant=dutch").content.decode()

    assert 'name="option-rounds" value="10"' in koubo and "Par défaut : 10." in koubo
    assert 'name="option-half_game"' in fontenaysien and "Par défaut : non." in fontenaysien
    assert "option-" not in dutch  # dutch has no options


def test_it_offers_as_many_seats_as_the_variant_allows(client: Client):
    assert len(seats_in(client.get(URL + "?variant=tamalou").content.decode())) == 8
    assert len(seats_in(client.get(URL + "?variant=canasta").content.decode())) == 4
    assert len(seats_in(client.get(URL + "?variant=cactus-game").content.decode())) == 6


def test_it_starts_a_game_in_the_seat_order_given(client: Client):
    response = post(client, "tamalou", ["Ana", "", "Ben", "Chloé"], **{"option-rounds": "6"})

    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.player_names() == ["Ana", "Ben", "Chloé"]
    assert game.options == {"rounds": 6}


def test_it_starts_a_game_over_htmx_with_a_client_redirect(client: Client):
    response = post(client, "dutch", ["Ana", "Ben"], htmx=True)

    game = Game.objects.get()
    assert response["HX-Redirect"] == game.get_absolute_url()


def test_it_moves_a_player_up_without_starting(client: Client):
    response = post(client, "tamalou", ["Ana", "Ben", "Chloé"], action="up:2")

    assert seats_in(response.content.decode())[:3] == ["Ana", "Chloé", "Ben"]
    assert not Game.objects.exists()


def test_it_moves_a_player_down_and_answers_htmx_with_the_form_only(client: Client):
    response = post(client, "tamalou", ["Ana", "Ben", "Chloé"], action="down:0", htmx=True)

    html = response.content.decode()
    assert html.strip().startswith('<form id="game-form"')
    assert seats_in(html)[:3] == ["Ben", "Ana", "Chloé"]


def test_it_seats_a_known_player_in_the_first_empty_seat(client: Client):
    make_player("Zoé")

    html = post(client, "tamalou", ["Ana", "", "Chloé"], action="add:Zoé").content.decode()

    assert seats_in(html)[:3] == ["Ana", "Zoé", "Chloé"]
    assert 'value="add:Zoé"' not in html  # already seated: no chip for her any more


def played_here(client: Client, players: list[str]) -> Game:
    """A game this phone started (in its session's list), with these players."""
    game = Game.start("tamalou", players)
    session = client.session
    session[SESSION_GAMES] = [game.token, *session.get(SESSION_GAMES, [])]
    session.save()
    return game


def test_it_offers_known_players_as_chips_and_suggestions(client: Client):
    played_here(client, ["Zoé", "Yann"])

    html = client.get(URL + "?variant=tamalou").content.decode()

    assert 'value="add:Zoé"' in html and '<option value="Zoé">' in html


def test_it_shows_a_visitor_no_names_from_other_peoples_games(client: Client):
    """Issue 21: the known players are the names this device has used, nobody else's."""
    Game.start("tamalou", ["Secret", "Private"])  # someone else's game
    played_here(client, ["Zoé", "Yann"])

    html = client.get(URL + "?variant=tamalou").content.decode()
    fresh = Client().get(URL + "?variant=tamalou").content.decode()

    assert "Secret" not in html and "Private" not in html and "Zoé" in html
    assert "Secret" not in fresh and "Zoé" not in fresh and 'id="known-players"' in fresh


def test_it_refuses_too_few_players_saying_how_many_may_play(client: Client):
    response = post(client, "tamalou", ["Ana"])

    assert response.status_code == 422
    assert "Tamalou se joue de 2 à 8 joueurs (ici 1)." in response.content.decode()
    assert not Game.objects.exists()


def test_it_refuses_three_players_at_canasta(client: Client):
    response = post(client, "canasta", ["Ana", "Ben", "Chloé"], team=["NS", "EO"])

    assert "Canasta se joue à 2 ou à 4 joueurs (ici 3)." in response.content.decode()
    assert not Game.objects.exists()


def test_it_refuses_the_same_name_twice_whatever_the_case(client: Client):
    response = post(client, "tamalou", ["Ana", "ana"])

    html = response.content.decode()
    assert "Place 2 : Ce nom est déjà à la table : pour deux personnes du même nom" in html
    assert not Game.objects.exists()


def test_it_refuses_a_round_count_that_is_not_a_whole_number(client: Client):
    response = post(client, "koubo", ["Ana", "Ben"], **{"option-rounds": "0"})

    assert "Nombre de manches : Un nombre entier de 1 à 999." in response.content.decode()
    assert not Game.objects.exists()


def test_it_sets_the_half_game_flag(client: Client):
    post(client, "fontenaysien", ["Ana", "Ben"], **{"option-half_game": "on"})

    assert Game.objects.get().options == {"half_game": True}


def test_it_seats_canasta_partners_opposite_in_named_teams(client: Client):
    post(client, "canasta", ["Ana", "Ben", "Chloé", "Dan"], team=["Les Rouges", "Les Noirs"])

    game = Game.objects.get()
    assert game.teams == {"Les Rouges": ["Ana", "Chloé"], "Les Noirs": ["Ben", "Dan"]}
    assert game.sides() == ["Les Rouges", "Les Noirs"]


def test_it_asks_for_two_different_team_names(client: Client):
    response = post(client, "canasta", ["Ana", "Ben", "Chloé", "Dan"], team=["Nous", "nous"])

    assert "Les deux équipes ont le même nom." in response.content.decode()
    assert not Game.objects.exists()


def test_it_plays_canasta_for_two_without_teams(client: Client):
    post(client, "canasta", ["Ana", "Ben"], team=["Nord-Sud", "Est-Ouest"])

    assert Game.objects.get().teams is None


def test_it_shows_the_engines_problem_beside_the_form(client: Client, monkeypatch):
    def refuse(*args, **kwargs):
        raise RecordError([Problem("option rounds must be a whole number of at least 1, not 0",
                                   code="option.count", params={"field": "options", "option": "rounds"})])

    monkeypatch.setattr(Game, "start", refuse)

    response = post(client, "tamalou", ["Ana", "Ben"])

    html = response.content.decode()
    assert response.status_code == 422 and "La partie n'a pas commencé" in html
    # In French, as the rules pages' engineer words the engine's problems.
    assert "L&#x27;option « rounds » doit être un nombre entier, au moins 1." in html


def test_it_shows_a_player_named_like_a_script_as_text(client: Client):
    make_player(SCRIPT)

    html = post(client, "tamalou", [SCRIPT, ""], action="refresh").content.decode()

    assert SCRIPT not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_it_refuses_other_methods(client: Client):
    assert client.put(URL).status_code == 405


def test_it_quotes_the_half_game_limits_from_the_declaration(client: Client):
    """fontenaysien.losing_limit: the option's help says the limits the engine applies."""
    html = client.get(reverse("game_new") + "?variant=fontenaysien").content.decode()
    assert "Perdant à 50 au lieu de 100, grand gagnant à −25 au lieu de −50." in html


def test_it_offers_team_names_only_for_a_game_played_in_teams(client: Client):
    canasta = client.get(reverse("game_new") + "?variant=canasta").content.decode()
    tamalou = client.get(reverse("game_new") + "?variant=tamalou").content.decode()
    assert "Équipes (à 4)" in canasta and 'value="Nord-Sud"' in canasta
    assert 'name="team"' not in tamalou


def test_it_makes_one_form_field_per_declared_option_of_the_variant():
    for key, variant in VARIANTS.items():
        fields = NewGameForm(variant).fields
        options = {name: field for name, field in fields.items() if name.startswith("option-")}
        assert set(options) == {f"option-{o.key}" for o in variant.options}, key
        for option in variant.options:
            kind = forms.BooleanField if option.kind == "flag" else forms.IntegerField
            assert isinstance(options[f"option-{option.key}"], kind), (key, option.key)


def test_it_reads_seats_teams_and_a_count_option_through_the_form():
    form = NewGameForm(VARIANTS["koubo"], QueryDict("seat=+Ana+&seat=&seat=Ben&option-rounds=12&action=start"))

    assert form.is_valid()
    assert form.cleaned_data["seat"] == ["Ana", "", "Ben"] and form.options() == {"rounds": 12}


def test_it_refuses_a_count_option_that_is_not_a_whole_number_from_1():
    for text in ("0", "x", "1000", "-3"):
        form = NewGameForm(VARIANTS["koubo"], QueryDict(f"seat=Ana&option-rounds={text}"))
        assert not form.is_valid() and form.option_errors() == {"option-rounds": ["Un nombre entier de 1 à 999."]}
