"""Becoming an organiser without a shell: the first account while the site has none, then
one-time invitations from an organiser; the login page says which applies."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from leagues.models import Invite, League

pytestmark = pytest.mark.django_db
FIRST = "/leagues/first-organiser/"
NEW_ACCOUNT = {"username": "camille", "password1": "un mot de passe assez long", "password2": "un mot de passe assez long"}


def text(response) -> str:
    return unescape(response.content.decode())


def invite_link(client: Client, league: League) -> str:
    html = text(client.post(f"/leagues/{league.pk}/invites/new/"))
    return re.search(r'id="invite-link" type="text" readonly value="http://testserver(/leagues/invite/[^"]+)"',
                     html).group(1)


def test_it_offers_the_first_account_on_the_login_page_while_there_is_none(client: Client):
    html = text(client.get("/accounts/login/"))

    assert "Créer le premier compte organisateur" in html and FIRST in html


def test_it_creates_the_first_organiser_logs_them_in_and_lets_them_make_a_league(client: Client):
    response = client.post(FIRST, NEW_ACCOUNT)

    assert response.status_code == 302 and response["Location"] == "/leagues/"
    user = User.objects.get()
    assert user.username == "camille" and not user.is_staff and not user.is_superuser
    client.post("/leagues/new/", {"name": "Les jeudis"})
    assert League.objects.get().is_organiser(user)


def test_it_closes_the_first_account_page_for_good_once_an_account_exists(client: Client, organiser):
    # A stranger reaching an existing install cannot make themselves an organiser.
    assert client.get(FIRST).status_code == 403
    response = client.post(FIRST, NEW_ACCOUNT)

    assert response.status_code == 403 and "demandez à l'un d'eux une invitation" in text(response)
    assert not User.objects.filter(username="camille").exists()
    login_page = text(client.get("/accounts/login/"))
    assert FIRST not in login_page and "Un organisateur vous invite" in login_page


def test_it_explains_a_refused_first_account_form_in_place(client: Client):
    response = client.post(FIRST, {**NEW_ACCOUNT, "password2": "autre chose"})

    assert response.status_code == 422 and not User.objects.exists()


def test_it_makes_a_newcomer_a_co_organiser_through_a_one_time_invitation(client: Client, organiser, league):
    client.force_login(organiser)
    path = invite_link(client, league)
    newcomer = Client()

    page = text(newcomer.get(path))
    response = newcomer.post(path, NEW_ACCOUNT)

    assert "Organiser « Les jeudis »" in page
    assert response.status_code == 302 and response["Location"] == league.get_absolute_url()
    camille = User.objects.get(username="camille")
    assert league.is_organiser(camille) and not camille.is_staff
    assert newcomer.get(league.get_absolute_url()).context["is_organiser"]
    # Once only: the link is spent.
    again = Client().post(path, {**NEW_ACCOUNT, "username": "dominique"})
    assert again.status_code == 404 and "plus valable" in text(again)
    assert not User.objects.filter(username="dominique").exists()


def test_it_lets_someone_with_an_account_join_through_an_invitation(client: Client, organiser, stranger, league):
    client.force_login(organiser)
    path = invite_link(client, league)
    other = Client()
    other.force_login(stranger)

    other.post(path)

    assert league.is_organiser(stranger)


def test_it_refuses_an_expired_or_made_up_invitation(client: Client, organiser, league):
    client.force_login(organiser)
    path = invite_link(client, league)
    Invite.objects.update(created_at=timezone.now() - Invite.VALID_FOR - timedelta(minutes=1))

    assert Client().get(path).status_code == 404
    assert Client().get("/leagues/invite/made-up/").status_code == 404


def test_it_lets_only_the_leagues_organisers_create_invitations(client: Client, stranger, league):
    client.force_login(stranger)

    assert client.post(f"/leagues/{league.pk}/invites/new/").status_code == 403
    assert not Invite.objects.exists()


def test_it_stores_only_a_hash_of_the_invitation_secret(client: Client, organiser, league):
    client.force_login(organiser)
    secret = invite_link(client, league).rsplit("/", 2)[-2]

    assert not Invite.objects.filter(secret_hash__contains=secret).exists()
