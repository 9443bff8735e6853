"""« C'est moi », a person's page across phones, their link and their phones (issue 30 items
2 and 4): what a phone sees, and what a phone that is not theirs never sees."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import PersonKey
from tests.factories import make_game, tamalou_round
from tests.scorekeeper.people_phones import claim, holding, new_personal_link


@pytest.mark.django_db
def test_a_phone_that_is_nobodys_sees_nothing_of_anyone() -> None:
    game = make_game(players=["Ana", "Ben"])
    page = holding(game).get(reverse("my_page")).content.decode()
    assert "Ce téléphone n'est à personne" in page
    assert 'data-testid="person-page"' not in page and 'data-testid="person-games"' not in page


@pytest.mark.django_db
def test_a_claimed_phone_shows_the_persons_games_from_every_phone() -> None:
    on_my_phone = make_game(players=["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=1, Ben=9)])
    on_a_friends_phone = make_game("cactus", players=["Chloé", "Ana"])  # the same Ana, another phone's game
    mine = holding(on_my_phone)
    assert claim(mine, on_my_phone, "Ana").status_code == 302

    page = mine.get(reverse("my_page")).content.decode()
    assert '<h1>Ana</h1>' in page
    assert on_my_phone.get_absolute_url() in page and on_a_friends_phone.get_absolute_url() in page
    assert 'data-figure="games">2<' in page


@pytest.mark.django_db
def test_a_phone_that_is_not_theirs_cannot_claim_them_once_claimed_nor_see_their_page() -> None:
    game = make_game(players=["Ana", "Ben"])
    claim(holding(game), game, "Ana")
    other = holding(game)  # Ben's phone, which holds the game too

    refused = claim(other, game, "Ana")
    assert refused.status_code == 409 and "Ana a déjà ses téléphones" in refused.content.decode()
    page = other.get(reverse("my_page")).content.decode()
    assert 'data-testid="nobody"' in page and 'data-testid="person-games"' not in page


@pytest.mark.django_db
def test_it_claims_only_from_a_game_this_phone_holds() -> None:
    game = make_game(players=["Ana", "Ben"])
    assert claim(Client(), game, "Ana").status_code == 404
    assert not PersonKey.objects.exists()


@pytest.mark.django_db
def test_the_personal_link_brings_another_phone_and_a_lost_phone_is_revoked_from_another() -> None:
    game = make_game(players=["Ana", "Ben"])
    first = holding(game)
    claim(first, game, "Ana")
    link = new_personal_link(first)

    second = Client()
    assert "Ce téléphone sera à Ana" in second.get(link).content.decode()
    assert not PersonKey.objects.filter(kind=PersonKey.PHONE).count() == 2  # a look takes nothing
    second.post(link)  # a phone that never opened the game: its page comes from the person
    assert game.get_absolute_url() in second.get(reverse("my_page")).content.decode()

    lost = PersonKey.objects.filter(kind=PersonKey.PHONE).latest("pk")
    first.post(reverse("revoke_person_key", args=[lost.pk]))
    assert 'data-testid="nobody"' in second.get(reverse("my_page")).content.decode()

    # A new link kills the old one.
    first.post(reverse("new_person_link"))
    assert Client().get(link).status_code == 404


@pytest.mark.django_db
def test_it_claims_by_player_from_a_league_page_only_on_a_phone_holding_one_of_their_games() -> None:
    game = make_game(players=["Ana", "Ben"])
    ana = game.seats.get(name="Ana").player
    assert Client().post(reverse("claim_person"), {"player": ana.pk}).status_code == 404
    assert holding(game).post(reverse("claim_person"), {"player": ana.pk}).status_code == 302


@pytest.mark.django_db
def test_a_person_chooses_the_nickname_that_tells_them_apart() -> None:
    game = make_game(players=["Marie", "Ben"])
    phone = holding(game)
    claim(phone, game, "Marie")
    phone.post(reverse("person_nickname"), {"nickname": " Marie D. "})
    assert game.seats.get(name="Marie").player.nickname == "Marie D."
    phone.post(reverse("person_nickname"), {"nickname": "Marie\x07"})  # refused: kept as it was
    assert game.seats.get(name="Marie").player.nickname == "Marie D."
