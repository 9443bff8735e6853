"""The live table's card chooser writes cards as every page of the app does (R♥ in
French, K♥ in English) and its buttons are read out by name, in the page's language."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.referee.test_views import open_table, seated

pytestmark = pytest.mark.django_db


# A rank's spoken name follows its letter ("R (roi)"): a voice-control user says what is shown.
@pytest.mark.parametrize(("language", "king", "hearts"), [
    ("fr", '>R<span class="visually-hidden"> (roi)</span><', 'aria-label="cœur">♥<'),
    ("en", '>K<span class="visually-hidden"> (king)</span><', 'aria-label="hearts">♥<')])
def test_the_tables_card_chooser_writes_and_names_cards_in_the_pages_language(client: Client, language, king,
                                                                              hearts):
    table = open_table()
    seated(client, table)
    page = client.get(reverse("table_page", args=[table.code]), headers={"accept-language": language}).content
    chooser = page.decode()[page.decode().index('id="chooser"'):]
    assert king in chooser and hearts in chooser and 'aria-label="H"' not in chooser
    assert '"K": "' + ("R" if language == "fr" else "K") + '"' in page.decode()  # the script's labels
