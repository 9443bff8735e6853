"""A league game played at a live table: the reveal writes its round on the sheet as the
sheet's own entry does, with who did it in the game's history (the table's link)."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from leagues.models import LeagueGame
from referee.models import LiveTable
from scorekeeper.models import Game, RoundChange
from tests.referee.test_reveal_views import hands
from tests.referee.test_views import seated


def league_live_table(table) -> LiveTable:
    game = Game.start("tamalou", ["Ana", "Ben", "Chloé"])
    LeagueGame.objects.create(game=game, table=table)
    return LiveTable.open_for(game)


def test_it_records_the_tables_link_as_the_author_of_a_round_saved_from_the_reveal(client: Client, table):
    live = league_live_table(table)
    client.get(table.get_absolute_url())  # this phone holds the table's link
    seated(client, live, role="referee", seat=None)

    response = client.post(reverse("table_reveal", args=[live.code]), hands("3♠", 9, 12))

    assert response.status_code == 302
    change = RoundChange.objects.get(game=live.game, action=RoundChange.ADDED)
    assert change.author == "lien de la table Table 1"


def test_it_records_the_same_author_from_the_reveal_as_from_the_sheet(client: Client, table):
    live = league_live_table(table)
    client.get(table.get_absolute_url())
    seated(client, live, role="referee", seat=None)
    client.post(reverse("table_reveal", args=[live.code]), hands("3♠", 9, 12))
    client.post(reverse("round_new", args=[live.game.token]),
                {"action": "save", "hand-0-cards": "2♠", "hand-1-cards": "4♠", "hand-2-cards": "5♠"})

    reveal, sheet = RoundChange.objects.filter(game=live.game, action=RoundChange.ADDED).order_by("number")
    assert reveal.by == sheet.by != ""
