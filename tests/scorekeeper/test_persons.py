"""Persons (issue 30): the identity behind a player's name."""

from __future__ import annotations

import pytest

from engine.rules.record import PERSON_ID
from scorekeeper.models import Person, Player
from tests.factories import make_game


@pytest.mark.django_db
def test_it_gives_each_new_player_a_person_of_their_own_with_an_id_the_record_accepts() -> None:
    game = make_game(players=["Ana", "Ben"])
    ana, ben = (seat.player for seat in game.seats.all())
    assert ana.person_id != ben.person_id
    assert ana.person_id.startswith("p-") and PERSON_ID.fullmatch(ana.person_id)
    assert Person.objects.count() == 2


@pytest.mark.django_db
def test_it_keeps_the_person_of_a_name_met_again_and_makes_one_per_name_in_bulk() -> None:
    ana = Player.get_or_create_named("Ana")
    many = Player.get_or_create_many(["ana", "Zoé", "Gus", "Zoé"])
    assert many["ana"].person_id == ana.person_id
    assert len({many["Zoé"].person_id, many["Gus"].person_id, ana.person_id}) == 3
    assert Person.objects.count() == 3  # none left over with no player
