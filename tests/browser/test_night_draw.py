"""The organiser draws a night of 13 players on their phone; the room screen shows the
tables by itself (its socket hears the draw), and two players find their table on theirs.

Daphne serves the pages (the room screen's WebSocket); every phone is 360×740."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, expect

from leagues.models import League, Night, Season, Seat
from tests.browser.qr import scanned
from tests.browser.test_accessibility import violations

pytestmark = pytest.mark.backends

NAMES = ["Ana", "Ben", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules", "Karim",
         "Léa", "Manon"]
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "locale": "fr-FR"}


@pytest.fixture
def league_night(transactional_db: None) -> dict[str, object]:
    organiser = User.objects.create_user("orga", password="un mot de passe long")
    league = League.objects.create(name="Les jeudis")
    league.organisers.add(organiser)
    season = Season.objects.create(league=league, name="Printemps", start=date(2026, 3, 1))
    night = Night.objects.create(season=season, date=date(2026, 3, 12))
    return {"organiser": organiser, "night": night}


def test_the_organiser_draws_thirteen_players_and_the_room_and_two_phones_show_their_tables(
        daphne: str, league_night: dict[str, object], browser: Browser, artifacts: Path):
    night = league_night["night"]
    room = browser.new_page(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    room.goto(f"{daphne}/leagues/nights/{night.pk}/room/")
    expect(room.locator(".room")).to_have_attribute("data-connected", "true")
    expect(room.locator(".room-seating")).to_have_count(0)

    client = Client()
    client.force_login(league_night["organiser"])
    organiser = browser.new_context(**PHONE)
    organiser.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                            "url": daphne}])
    phone = organiser.new_page()
    phone.goto(f"{daphne}/leagues/nights/{night.pk}/")
    phone.get_by_label("Autres joueurs (un nom par ligne)").fill("\n".join(NAMES))
    phone.get_by_label("Jeu (la taille des tables en dépend)").select_option(label="Tamalou")
    phone.get_by_label("Au hasard, en évitant de se retrouver (saison)").check()
    phone.get_by_role("button", name="Tirer les tables").tap()
    tables = phone.locator("[data-testid=seating-table]")
    expect(tables).to_have_count(3)
    sizes = sorted(tables.nth(i).locator(".seats > li").count() for i in range(3))
    assert sizes == [4, 4, 5]
    phone.screenshot(path=artifacts / "draw-organiser.png", full_page=True)
    assert violations(phone) == []  # axe-core, as tests/browser/test_accessibility.py runs it
    phone.reload()  # each table's link, and its QR code to put on the table
    links = phone.locator(".table-links > li")
    expect(links).to_have_count(3)
    assert scanned(links.first.locator(".qr svg")) == [links.first.locator("a").inner_text()]

    # The room screen showed the draw by itself (no reload): every name, at three tables.
    seating = room.locator(".room-seating")
    expect(seating.locator("[data-testid=seating-table]")).to_have_count(3)
    for name in NAMES:
        expect(seating).to_contain_text(name)
    room.screenshot(path=artifacts / "draw-room.png", full_page=True)
    assert violations(room) == []

    for name in ("Chloé", "Manon"):
        table = Seat.objects.get(night=night, player__name=name).table.label
        player = browser.new_context(**PHONE).new_page()
        player.goto(f"{daphne}/leagues/nights/{night.pk}/tables/")
        player.get_by_label("Qui êtes-vous ?").select_option(label=name)
        player.get_by_role("button", name="Voir ma table").tap()
        expect(player.get_by_test_id("your-table")).to_contain_text(f"Vous jouez à la {table}")
        expect(player.locator(".seating-table.mine")).to_contain_text(name)
        player.screenshot(path=artifacts / f"draw-phone-{name}.png", full_page=True)
        assert violations(player) == []
