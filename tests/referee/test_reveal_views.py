"""The live table's reveal: the hands entered with the score sheet's entry layer (same
fields, same reader, same picker) in the page's language; the table adds what it ruled."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from referee.models import LiveTable
from scorekeeper.models import Game
from tests.referee.test_views import open_table, seated

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def reveal_url(table: LiveTable) -> str:
    return reverse("table_reveal", args=[table.code])


def hands(*entries: str | int, confirmed: bool = True) -> dict[str, str]:
    """Each seat's hand as the page posts it: cards as shown or typed, or a counted number;
    `confirmed`: the hands' sizes confirmed where the table counted otherwise."""
    post = {"counts_confirmed": "1"} if confirmed else {}
    for i, entry in enumerate(entries):
        if isinstance(entry, int):
            post |= {f"hand-{i}-mode": "count", f"hand-{i}-count": str(entry)}
        else:
            post |= {f"hand-{i}-mode": "cards", f"hand-{i}-cards": entry}
    return post


def slot(html: str, key: str) -> str:
    found = re.search(rf'<div id="err-{key}" class="field-errors"[^>]*>(.*?)</div>', html, re.S)
    assert found, f"no slot {key}"
    return found.group(1)


def test_it_saves_cards_written_the_french_way_as_the_specs_codes_with_the_tables_penalties(client: Client):
    table = open_table("cabo-bruxellois")
    seated(client, table, role="referee", seat=None)
    client.get(table.game.get_absolute_url())  # the referee's phone holds the sheet's link
    referee = table.members.get()
    table.record("discard", {"player": "Ana", "card": "7H"}, referee)
    table.record("snap.claim", {"player": "Ben", "card": "9S"}, referee)
    response = client.post(reveal_url(table), hands("« A♠ » 2♥", 9, "rh, 10 ♣"))
    game = Game.objects.get(pk=table.game.pk)
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    data = game.rounds.get().data
    assert data["hands"] == {"Ana": ["AS", "2H"], "Ben": 9, "Chloé": ["KH", "10C"]}
    assert data["wrong_snaps"] == {"Ben": 1}
    assert game.rounds.get().result["points"]["Ben"] == 11  # 9 + 2 for the wrong snap
    assert table.state().round == 2


def test_it_takes_the_announcer_from_the_tables_call_and_does_not_ask_it(client: Client):
    table = open_table("tamalou")
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time
    table.record("discard", {"player": "Ana", "card": "7H"}, table.members.get())  # the end of her turn
    table.record("call.made", {"player": "Ana"}, table.members.get())
    page = client.get(reveal_url(table)).content.decode()
    assert 'name="announcer"' not in page and "Ana a annoncé" in page
    client.post(reveal_url(table), hands("3♠", 9, 12))
    assert table.game.rounds.get().data["announcer"] == "Ana"


def test_it_names_the_card_it_cannot_read_beside_its_hand_in_french_and_saves_nothing(client: Client):
    table = open_table()
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time
    response = client.post(reveal_url(table), hands("A♠ ZZ", 9, 3), **HTMX)
    page = response.content.decode()
    assert response.status_code == 422 and "<html" not in page
    assert "ZZ" in slot(page, "hand-0") and "carte" in slot(page, "hand-0")
    assert slot(page, "hand-1") == ""
    assert not table.game.rounds.exists() and table.state().round == 1


def test_it_shows_the_engines_refusal_in_french_and_saves_nothing(client: Client):
    table = open_table()
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time
    response = client.post(reveal_url(table), hands("A♠ as", 9, 3))
    page = response.content.decode()
    assert response.status_code == 422 and "round 1" not in page
    assert "A♠" in slot(page, "hand-0")
    assert not table.game.rounds.exists() and table.state().round == 1


def test_an_htmx_reveal_sends_the_phone_to_the_score_sheet_with_a_whole_page_redirect(client: Client):
    table = open_table()
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time
    client.get(table.game.get_absolute_url())  # and holds the sheet's link
    response = client.post(reveal_url(table), hands("AS", 9, 0), **HTMX)
    assert response.status_code == 204 and response["HX-Redirect"] == table.game.get_absolute_url()
    assert table.game.rounds.get().data["hands"] == {"Ana": ["AS"], "Ben": 9, "Chloé": 0}


def test_its_preview_counts_the_tables_penalties_and_saves_nothing(client: Client):
    table = open_table("cabo-bruxellois")
    seated(client, table, role="referee", seat=None)
    referee = table.members.get()
    table.record("discard", {"player": "Ana", "card": "7H"}, referee)
    table.record("snap.claim", {"player": "Ben", "card": "9S"}, referee)
    response = client.post(reveal_url(table), hands("A♠", 9, 4) | {"preview": "1"}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and '<section id="preview"' in page
    assert re.search(r"<th scope=\"row\">Ben</th><td>9</td><td>11</td>", page)
    assert not table.game.rounds.exists()


@pytest.mark.parametrize(("language", "ranks", "suit"), [("fr", ">V♠<.*>D♠<.*>R♠<", 'aria-label="cœur"'),
                                                          ("en", ">J♠<.*>Q♠<.*>K♠<", 'aria-label="hearts"')])
def test_it_shows_the_score_sheets_card_picker_in_the_pages_language(client: Client, language, ranks, suit):
    table = open_table()
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time
    page = client.get(reveal_url(table), headers={"accept-language": language}).content.decode()
    picker = page[page.index('id="picker"'):]
    assert re.search(ranks, picker[:picker.index('class="numpad"')], re.S)
    assert suit in picker and "js/card-picker.js" in page
    assert 'name="hand-0-cards"' in page and "KH 3S" not in page


def test_it_asks_only_the_extras_the_table_cannot_know(client: Client):
    tamoul = open_table("tamoul")
    seated(client, tamoul, role="referee", seat=None)
    page = client.get(reveal_url(tamoul)).content.decode()
    assert 'name="counter-0"' not in page  # counter-calls were ruled at the table
    fontenaysien = open_table("fontenaysien")
    seated(client, fontenaysien, role="referee", seat=None)
    assert 'name="went_out"' in client.get(reveal_url(fontenaysien)).content.decode()
    cabo = open_table("cabo-bruxellois")
    seated(client, cabo, role="referee", seat=None)
    assert 'name="snaps-0"' not in client.get(reveal_url(cabo)).content.decode()


def test_a_spectator_is_sent_back_to_the_table_instead_of_the_reveal_never_to_the_sheet(client: Client):
    table = open_table()
    seated(client, table, role="spectator", seat=None)
    response = client.get(reveal_url(table))
    assert response.status_code == 302 and response.url == reverse("table_page", args=[table.code])


def test_a_players_reveal_sends_a_phone_without_the_sheets_link_back_to_the_table(client: Client):
    table = open_table()
    seated(client, table, role="referee", seat=None)  # the table's code alone: no sheet's link
    response = client.post(reveal_url(table), hands("AS", 9, 0))
    assert response.status_code == 302 and response.url == reverse("table_page", args=[table.code])
    assert table.game.rounds.count() == 1


def test_a_problem_about_the_announcer_shows_on_top_since_the_table_names_the_caller(client: Client):
    from referee.reveal import reveal_form
    from referee.views import _reveal_context
    from scorekeeper.entry.preview import Preview

    table = open_table()
    state = table.state()
    form = reveal_form(table.game.rules, table.game.player_names(), state)
    context = _reveal_context(table, form, state, Preview(errors={"announcer": ["« Zoé » ?"]}, checked=True), None)
    assert context["errors"]["top"] == ["« Zoé » ?"] and "announcer" not in context["errors"]
    assert "announcer" not in dict(context["slots"])


def test_it_asks_cactus_tas_draws_and_reads_them_as_the_page_shows_them(client: Client):
    table = open_table("cactus-tas", ["Ana", "Ben"])
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time
    assert 'name="draw-1"' in client.get(reveal_url(table)).content.decode()
    response = client.post(reveal_url(table), hands("A♠ 2♦", 20) | {"draw-1": "d♥"})
    assert response.status_code == 302
    assert table.game.rounds.get().data["draws"] == {"Ben": "QH"}


def test_it_refuses_a_hand_of_another_size_than_the_table_saw_beside_it_and_saves_nothing(client: Client):
    """table-rules v1.1, the table page: the reveal checks each player's card count where
    the table knows it (four dealt, less each accepted snap, plus each penalty card)."""
    table = open_table("tamalou")
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time
    response = client.post(reveal_url(table), hands("A♠ 2♥ 3♣", 9, "R♥ 10♣ 4♦ 5♦", confirmed=False), **HTMX)
    page = response.content.decode()
    assert response.status_code == 422
    assert "La table a vu 4 cartes dans la main d’Ana ; 3 sont saisies." in slot(page, "hand-0")
    assert slot(page, "hand-2") == "" and 'name="counts_confirmed"' in page
    assert not table.game.rounds.exists() and table.state().round == 1


def test_it_counts_a_snap_off_the_hand_the_table_expects(client: Client):
    table = open_table("tamalou")
    seated(client, table, role="referee", seat=None)
    referee = table.members.get()
    table.record("discard", {"player": "Ana", "card": "7H"}, referee)
    table.record("snap.claim", {"player": "Ben", "card": "7S"}, referee)
    response = client.post(reveal_url(table), hands("A♠ 2♥ 3♣ 4♣", "R♥ 10♣ 4♦", "5♦ 6♦ 8♦ 9♦",
                                                    confirmed=False))
    assert response.status_code == 302 and table.game.rounds.get().data["hands"]["Ben"] == ["KH", "10C", "4D"]


def test_it_saves_a_miscounted_hand_once_confirmed_and_never_checks_a_counted_one(client: Client):
    table = open_table("tamalou")
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time
    assert client.post(reveal_url(table), hands("A♠", 9, 12, confirmed=True)).status_code == 302
    assert table.game.rounds.get().data["hands"] == {"Ana": ["AS"], "Ben": 9, "Chloé": 12}


def test_it_warns_of_a_miscounted_hand_in_the_live_preview(client: Client):
    table = open_table("tamalou")
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time
    response = client.post(reveal_url(table), hands("A♠ 2♥", 9, 3, confirmed=False) | {"preview": "1"}, **HTMX)
    assert "La table a vu 4 cartes dans la main d’Ana ; 2 sont saisies." in response.content.decode()


def test_it_refuses_a_counted_hand_the_deck_cannot_make_beside_it_and_saves_nothing(client: Client):
    table = open_table("tamalou")
    seated(client, table, role="referee", seat=None)  # the referee may reveal at any time

    response = client.post(reveal_url(table), hands(-5, 9, 3), **HTMX)

    page = response.content.decode()
    assert response.status_code == 422 and "de 0 à 330" in slot(page, "hand-0")
    assert not table.game.rounds.exists() and table.state().round == 1


def test_a_players_phone_reveals_only_once_the_round_is_over(client: Client):
    """A player's reveal would end everyone's round: their phone offers it once the round is
    over (the referee may end a round at any time)."""
    table = open_table("tamalou")
    seated(client, table)  # Ana's phone

    early = client.post(reveal_url(table), hands("3♠", 9, 12))

    assert early.status_code == 302 and early.url == reverse("table_page", args=[table.code])
    assert table.game.rounds.count() == 0 and table.state().round == 1
    table.record("discard", {"player": "Ana", "card": "7H"}, table.members.get())
    table.record("call.made", {"player": "Ana"}, table.members.get())  # tamalou: the round stops
    assert client.post(reveal_url(table), hands("3♠", 9, 12)).status_code == 302
    assert table.game.rounds.count() == 1


def test_it_takes_who_said_no_card_left_from_the_table_and_expects_no_card_of_them(client: Client):
    """fontenaysien.went_out: « plus de carte ! » ends the round; the reveal knows who, and
    that they hold no card (the table's own count said 4, and « personne » had gone out)."""
    table = open_table("fontenaysien")
    seated(client, table, seat="Ben")
    ben = table.members.get()
    table.record("discard", {"player": "Ana", "card": "7H"}, ben)
    chloe, _ = table.join("seat", "Chloé")
    table.record("round.last_card", {"player": "Chloé"}, chloe)

    page = client.get(reveal_url(table)).content.decode()
    assert re.search(r'name="went_out" value="2"[^>]*checked', page)
    response = client.post(reveal_url(table), {**hands("3♠", 9), "went_out": "2"})

    assert response.status_code == 302
    assert table.game.rounds.get().result["points"]["Chloé"] == -10
