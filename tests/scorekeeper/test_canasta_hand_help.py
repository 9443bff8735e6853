"""Canasta by points: the field of the cards left in hand says, at the field, that the number
typed is subtracted (issue 27: it was said only in the preview)."""

from __future__ import annotations

from django.urls import reverse

from tests.factories import make_game


def test_it_says_at_the_hand_field_that_its_number_is_subtracted(client, db):
    game = make_game("canasta", ["Ana", "Ben"])
    html = client.get(reverse("round_new", args=[game.token])).content.decode()
    for index in (0, 1):
        field = html.split(f'name="side-{index}-counted-hand"')[1].split("</label>")[0]
        assert f'aria-describedby="hand-help-{index}"' in field
        assert "il est retiré des points" in field
