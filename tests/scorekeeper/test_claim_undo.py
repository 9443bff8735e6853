"""A wrong « C'est moi » undone (issue 30 item 2): the phone that claimed takes its own claim
back and nothing else changes; nobody else at the table may release it (they could take a
person's phones away); a league's organiser, or the live table's referee outside leagues,
detaches one seat of one game from the person behind it. Each in the game's history."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import LiveTable
from referee.views import cookie_name
from scorekeeper.models import PersonKey, RoundChange
from scorekeeper.players.me import ME_COOKIE
from tests.factories import make_game, tamalou_round
from tests.scorekeeper.people_phones import PHONE, claim, holding, me, new_personal_link


@pytest.mark.django_db
def test_it_lets_the_claiming_phone_undo_its_claim_and_ben_is_nobodys_again() -> None:
    game = make_game(players=["Ana", "Ben"], rounds=[tamalou_round("Ana", Ana=1, Ben=9)])
    ben = game.seats.get(name="Ben").player
    anas_phone = holding(game)
    claim(anas_phone, game, "Ben")  # the wrong line tapped
    assert "Ce n'est pas moi : annuler «\u00a0C'est moi\u00a0» sur Ben" in me(anas_phone)

    undone = anas_phone.post(reverse("undo_claim"), follow=True)

    assert "Ce téléphone n'est plus à Ben" in html.unescape(undone.content.decode())
    assert anas_phone.cookies[ME_COOKIE].value == ""  # the phone forgot the person
    assert 'data-testid="nobody"' in me(anas_phone)
    ben.refresh_from_db()
    assert not ben.person.keys.filter(revoked_at__isnull=True).exists()
    assert ben.seats.get().game == game  # Ben's seat and games as they were
    line = RoundChange.objects.get(game=game, action=RoundChange.UNCLAIMED)
    assert line.before == {"player": "Ben"} and line.device == PHONE  # who: the phone (no seat at a table)
    assert "« C'est moi » sur « <bdi>Ben</bdi> » repris" in holding(game).get(reverse("game_history", args=[game.token])).content.decode()
    # Ben's phone may now say it; Ana's phone may say Ana.
    assert claim(holding(game), game, "Ben").status_code == 302
    assert claim(anas_phone, game, "Ana").status_code == 302


@pytest.mark.django_db
def test_a_third_phone_cannot_undo_someone_elses_claim() -> None:
    game = make_game(players=["Ana", "Ben", "Chloé"])
    ben = game.seats.get(name="Ben").player
    claim(holding(game), game, "Ben")
    chloes_phone = holding(game)

    assert chloes_phone.post(reverse("undo_claim")).status_code == 404  # nobody's phone: nothing to undo
    claim(chloes_phone, game, "Chloé")
    chloes_phone.post(reverse("undo_claim"))  # undoes Chloé's own claim, and only it

    assert ben.person.keys.filter(kind=PersonKey.PHONE, revoked_at__isnull=True).count() == 1
    assert not RoundChange.objects.filter(action=RoundChange.UNCLAIMED, before={"player": "Ben"}).exists()


@pytest.mark.django_db
def test_a_phone_the_link_brought_in_has_no_claim_to_undo() -> None:
    game = make_game(players=["Ana", "Ben"])
    first = holding(game)
    claim(first, game, "Ana")
    link = new_personal_link(first)
    second = Client()
    second.post(link)

    assert 'data-testid="undo-claim"' not in me(second)
    assert second.post(reverse("undo_claim")).status_code == 404
    assert PersonKey.objects.filter(kind=PersonKey.PHONE, revoked_at__isnull=True).count() == 2


@pytest.mark.django_db
def test_undoing_a_claim_leaves_the_phones_its_link_brought_and_ben_goes_to_a_fresh_person() -> None:
    game = make_game(players=["Ana", "Ben"])
    ben = game.seats.get(name="Ben").player
    first = holding(game)
    claim(first, game, "Ben")
    wrong_person = ben.person_id
    link = new_personal_link(first)
    tablet = Client()
    tablet.post(link)

    first.post(reverse("undo_claim"))

    ben.refresh_from_db()
    assert ben.person_id != wrong_person and not ben.person.keys.exists()  # Ben is nobody's: he may claim
    assert PersonKey.objects.get(kind=PersonKey.PHONE, revoked_at__isnull=True).person_id == wrong_person
    assert 'data-testid="person-page"' in me(tablet)  # the other phone is untouched
    assert claim(holding(game), game, "Ben").status_code == 302


def at_table(live: LiveTable, role: str, seat: str | None = None) -> Client:
    phone = Client()
    member, _ = live.join(role, seat)
    phone.cookies[cookie_name(live)] = member.token()
    return phone


@pytest.mark.django_db
def test_the_referee_of_the_live_table_detaches_a_seat_outside_leagues_and_a_seat_cannot() -> None:
    game = make_game(players=["Ana", "Ben"])
    ben = game.seats.get(name="Ben").player
    claim(holding(game), game, "Ben")
    live = LiveTable.open_for(game)

    assert at_table(live, "seat", "Ana").post(reverse("table_detach", args=[live.code]),
                                              {"name": "Ben"}).status_code == 403
    assert holding(game).post(reverse("table_detach", args=[live.code]), {"name": "Ben"}).status_code == 403
    assert game.seats.get(name="Ben").player == ben  # a holder of the sheet who is not the referee neither

    referee = at_table(live, "referee")
    assert 'data-testid="detach"' in referee.get(reverse("table_page", args=[live.code])).content.decode()
    assert 'data-testid="detach"' not in at_table(live, "seat", "Ben").get(
        reverse("table_page", args=[live.code])).content.decode()

    referee.post(reverse("table_detach", args=[live.code]), {"name": "Ben"})

    detached = game.seats.get(name="Ben").player
    assert detached.pk != ben.pk and not detached.person.keys.exists()
    assert ben.person.keys.filter(revoked_at__isnull=True).count() == 1
    line = RoundChange.objects.get(game=game, action=RoundChange.DETACHED)
    assert line.author == f"l'arbitre de la table {live.code}"
