"""The rules pages: one per variant, in French and English, built from the engine's
declarations, with our readings marked as ours."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from engine.rules import VARIANTS
from engine.rules.units import to_number
from engine.rules.variants import canasta
from scorekeeper.sheet.why import rule_anchor
from scorekeeper.wording.cards import card_text as card_label
from scorekeeper.wording.rules import (
    POWERS_OPTIONAL,
    POWERS_SOME_COMPULSORY,
    TABLE_READING_VARIANTS,
    TABLE_READINGS,
    table_readings,
)
from scorekeeper.wording.variants import FAMILY_LEADS, FAMILY_PLAY, WORDING


class _Page(HTMLParser):
    """Collects the deck's cards, the values column and the text inside each reading."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[str] = []
        self.values: list[str] = []
        self.readings: dict[str, str] = {}
        self._in: list[tuple[str, str | None]] = []  # (what, reading id)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "span" and a.get("data-card"):
            self.cards.append(a["data-card"])
        if tag == "td" and a.get("class") == "value":
            self._in.append(("value", None))
            self.values.append("")
        if tag == "aside" and a.get("class") == "reading":
            self._in.append(("reading", a["id"]))
            self.readings[a["id"]] = ""

    def handle_endtag(self, tag):
        if self._in and ((tag == "td" and self._in[-1][0] == "value") or
                         (tag == "aside" and self._in[-1][0] == "reading")):
            self._in.pop()

    def handle_data(self, data):
        for what, key in self._in:
            if what == "value":
                self.values[-1] += data.strip()
            else:
                self.readings[key] += data


def get(path: str, language: str = "fr"):
    return Client(headers={"accept-language": language}).get(path)


def parsed(key: str, language: str) -> _Page:
    response = get(f"/rules/{key}/", language)
    assert response.status_code == 200
    page = _Page()
    page.feed(response.content.decode())
    return page


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("key", list(VARIANTS))
def test_it_renders_every_variant_page_in_both_languages(key, language):
    response = get(f"/rules/{key}/", language)
    assert response.status_code == 200
    text = response.content.decode()
    assert VARIANTS[key].name.replace("'", "&#x27;") in text
    heading = "Les règles du décompte" if language == "fr" else "Scoring rules"
    assert heading in text


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if v.deck is not None])
def test_it_shows_every_card_of_the_deck_as_declared(key):
    page = parsed(key, "fr")
    assert sorted(page.cards) == sorted(VARIANTS[key].deck.codes)


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if v.family == "memory"])
def test_it_shows_every_card_value_the_declaration_gives(key):
    variant = VARIANTS[key]
    for language, decimal in (("fr", ","), ("en", ".")):
        page = parsed(key, language)
        shown = {v.replace("−", "-") for v in page.values}
        for units in set(variant.values.values()):
            assert str(to_number(units, variant.scale)).replace(".", decimal) in shown, (units, language)


def test_it_shows_the_tamoul_red_king_as_half_a_point_the_french_way():
    page = parsed("tamoul", "fr")
    assert "0,5" in page.values


def test_it_shows_canasta_values_from_the_engine_constants():
    shown = {v.replace("−", "-").lstrip("+") for v in parsed("canasta", "fr").values}
    assert {str(v) for v in canasta.VALUES.values()} <= shown
    assert str(-canasta.BLACK_THREE_IN_HAND) in shown


@pytest.mark.parametrize("language,mark", [("fr", "Notre lecture"), ("en", "Our reading")])
@pytest.mark.parametrize("key", list(VARIANTS))
def test_it_marks_each_of_our_readings_as_ours(key, language, mark):
    page = parsed(key, language)
    expected = {f"reading-{r.key}" for r in WORDING[key].readings} | {
        f"reading-{r.key}" for r, _text in table_readings(VARIANTS[key])}
    assert set(page.readings) == expected
    for text in page.readings.values():
        assert mark in text


def test_it_lists_every_reading_of_the_spec_and_ours():
    """game-record.md and table-rules.md v1.1 mark their readings; we add 2 of our own (cactus-game's
    turn under way is a rule of the spec, shown as one, not as our reading)."""
    keys = {r.key for w in WORDING.values() for r in w.readings} | {
        r.key for v in VARIANTS.values() for r, _text in table_readings(v)}
    assert {"fontenaysien-below-zero", "canasta-opening-values"} <= keys
    assert "cactus-game-turn-under-way" not in keys
    v1_1 = {"koubo-call", "tamoul-last-round", "fontenaysien-call-limit", "fontenaysien-powers",
            "cabo-call-limit", "cabo-powers", "cabo-failed-call", "table-last-card", "table-cactus-wrong-card",
            "canasta-frozen-pile", "canasta-red-three-top", "canasta-not-yet-melded",
            "canasta-one-meld-per-rank", "canasta-empty-stock"}
    assert v1_1 <= keys
    table = {r.key for r, _text in table_readings(VARIANTS["tamalou"])}
    assert table == {"table-windows", "table-after-call", "table-turns", "table-ties", "table-one-card",
                     "table-knowledge", "table-wrong-power", "table-cancelled-turn", "table-empty-stock"}
    assert "table-cactus-wrong-card" in {r.key for r, _text in table_readings(VARIANTS["cactus-tas"])}
    assert "table-last-card" in {r.key for r, _text in table_readings(VARIANTS["fontenaysien"])}


def test_it_gives_each_rule_an_element_with_its_anchor():
    text = get("/rules/cabo-bruxellois/").content.decode()
    for rule in VARIANTS["cabo-bruxellois"].rules:
        assert f'id="{rule_anchor(rule)}"' in text


def test_it_reads_the_call_threshold_from_the_declaration():
    text = get("/rules/tamoul/").content.decode()
    assert "« tamoul »" in text and "6,5 ou moins" in text
    assert "6.5 or less" in get("/rules/tamoul/", "en").content.decode()


def test_it_translates_every_power_of_the_declaration():
    text = get("/rules/dutch-toulousain/", "en").content.decode()
    assert "red K" in text and "give the top card of the stock" in text


def test_it_shows_the_option_defaults():
    text = get("/rules/koubo/").content.decode()
    assert re.search(r'data-option="rounds"><td>Nombre de manches</td><td>10</td>', text)


def test_it_lists_every_variant_on_the_index_with_a_link():
    text = get("/rules/").content.decode()
    for key in VARIANTS:
        assert f'href="/rules/{key}/"' in text


def test_it_answers_404_for_an_unknown_variant():
    assert get("/rules/belote/").status_code == 404


def test_it_refuses_a_post():
    assert Client().post("/rules/tamalou/").status_code == 405


def test_it_names_cards_in_the_page_language():
    assert card_label("KH") in get("/rules/tamalou/").content.decode()


def test_it_has_english_for_every_text_of_the_pages():
    from django.utils import translation

    from scorekeeper.views import rules_pages as pages

    texts = [*pages.RULE_STATEMENTS.values(), *pages.CALL_AFTER.values(), *pages.SNAP_WHO.values(),
             *pages.SNAP_SEVERAL.values(), *pages.SNAP_WRONG.values(), *pages.POWER_EFFECTS.values(),
             *FAMILY_LEADS.values(), pages.SNAP_NO_RETRY, pages.SNAP_FOR_OTHERS,
             *(t for paragraphs in FAMILY_PLAY.values() for t in paragraphs),
             *(t for w in WORDING.values() for t in (w.blurb, w.first_look, *w.play_extras) if t),
             POWERS_OPTIONAL, POWERS_SOME_COMPULSORY,
             *(r.text for w in WORDING.values() for r in w.readings),
             *pages.CALL_WHEN.values(), *(r.text for r in TABLE_READINGS),
             *(t for texts in TABLE_READING_VARIANTS.values() for t in texts.values())]
    untranslated = []
    for text in texts:
        with translation.override("en"):
            english = str(text)
        with translation.override("fr"):
            french = str(text)
        if english == french:
            untranslated.append(french)
    assert untranslated == []


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if v.snap is not None])
def test_it_says_where_taking_the_pile_after_a_snap_is_barred_from_the_declaration(key):
    text = get(f"/rules/{key}/").content.decode()
    barred = "personne ne peut plus prendre la défausse" in text
    assert barred == (not VARIANTS[key].snap.pile_after_snap)
    assert barred == (key == "cabo-bruxellois")  # table-rules.md: cabo's wrong-snap column


@pytest.mark.django_db
def test_it_tells_the_memory_games_apart_on_the_index_by_their_call(client):
    """Nine memory games shared one lead: the index now says each one's call and its limit."""
    html = client.get("/rules/").content.decode()
    assert "On annonce « tamoul » à 6,5 ou moins." in html  # tamoul's 13 half-points
    assert "On annonce « koubo » sans limite de points." in html
    assert "On annonce « cabo » à 5 ou moins." in html
    assert html.count("On annonce") == 9  # canasta and Cactus Game have no call
