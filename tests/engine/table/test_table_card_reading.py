"""The table reads a card as any page shows it or a player types it (« D♠ », `qs`,
`T♦`), since its questions are typed on a French page; it refuses what is no card."""

from __future__ import annotations

from tests.engine.table.table_support import Table


def test_a_canasta_question_reads_cards_written_the_french_way():
    t = Table("canasta", ["Ana", "Ben"])
    ruling = t.send("ask", {"question": "meld", "cards": ["D♠", "dh", "2♣"]}, at=1.0)[-1]
    assert ruling["rule"] == "canasta.meld.legal" and ruling["cards"] == ["QS", "QH", "2C"]


def test_a_snap_names_its_card_in_any_form_the_page_shows():
    t = Table("tamalou", snap_limit=30)
    t.discard("Ana", "7♥", at=1.0)
    assert t.claim("Ben", "7 ♠", tap=1.5, at=1.6)[-1]["rule"] == "snap.accepted"


def test_the_table_refuses_text_that_is_no_card_and_names_it():
    t = Table("canasta", ["Ana", "Ben"])
    assert t.send("ask", {"question": "meld", "cards": ["D♠", "Z♥", "2♣"]}, at=1.0) == [
        {"rule": "card.unknown", "card": "Z♥"}]
    assert Table("tamalou").discard("Ana", "R", at=2.0) == [{"rule": "card.unknown", "card": "R"}]
