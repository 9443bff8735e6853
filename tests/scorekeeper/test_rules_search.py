"""Ask the rules (issues 22 and 26): a fact from the declaration first, then the rules
pages' own paragraphs, best first; the game from the question's words; safe from threads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules import VARIANTS
from scorekeeper.rules_page import page_context
from scorekeeper.rules_search import answers
from scorekeeper.rules_search.facts import DECK_ANCHOR, PLAYERS_ANCHOR
from scorekeeper.rules_search.index import known, language_index, vocabulary
from tests.factories import make_game
from tests.scorekeeper.rules_questions import QUESTIONS, TUNED, judge

# Set at what the search reaches on the tuned set (docs/benchmarks.md), so that a change
# that loses questions fails. A held-out file not yet tuned on is measured by
# bench/rules_search.py only, never read here.
TUNED_TOP3 = 0.98
TUNED_FIRST = 0.96
# The first held-out file (rules_heldout.json), tuned on since its one blind run: kept at
# what the search reaches on it too.
FIRST_HELD_OUT = Path(__file__).with_name("rules_heldout.json")
FIRST_HELD_OUT_TOP3 = 0.98
FIRST_HELD_OUT_FIRST = 0.95
# The second held-out file (rules_heldout_2.json): blind in round 2, tuned on in round 3.
SECOND_HELD_OUT = Path(__file__).with_name("rules_heldout_2.json")
SECOND_HELD_OUT_TOP3 = 0.97
SECOND_HELD_OUT_FIRST = 0.95
# The third held-out file (rules_heldout_3.json): blind in round 3, tuned on in rounds 4 and 5.
THIRD_HELD_OUT = Path(__file__).with_name("rules_heldout_3.json")
THIRD_HELD_OUT_TOP3 = 0.94
THIRD_HELD_OUT_FIRST = 0.91
# The fourth (rules_heldout_4.json): blind in round 4, tuned on in round 5. The fifth is
# never read here.
FOURTH_HELD_OUT = Path(__file__).with_name("rules_heldout_4.json")
FOURTH_HELD_OUT_TOP3 = 0.98
FOURTH_HELD_OUT_FIRST = 0.96
# The later ones, each blind once, then tuned on (top 3 and first with the game chosen):
# the fifth and sixth in round 7 (reached 86.9 % / 79.6 % and 88.4 % / 82.9 %), the seventh
# in rounds 8 and 9, the eighth and ninth in round 10 (93.9 / 89.4, 87.9 / 81.1 and
# 98.5 / 94.7 %), the tenth in round 11 (95.5 / 87.1 %), the eleventh in round 12 (93.9 /
# 90.9 %), the twelfth in round 13 (90.2 / 83.3 %). A set not yet run blind is never read
# here.
LATER_HELD_OUT = {Path(__file__).with_name("rules_heldout_5.json"): (0.86, 0.79),
                  Path(__file__).with_name("rules_heldout_6.json"): (0.88, 0.82),
                  Path(__file__).with_name("rules_heldout_7.json"): (0.93, 0.88),
                  Path(__file__).with_name("rules_heldout_8.json"): (0.87, 0.80),
                  Path(__file__).with_name("rules_heldout_9.json"): (0.98, 0.94),
                  Path(__file__).with_name("rules_heldout_10.json"): (0.95, 0.86),
                  Path(__file__).with_name("rules_heldout_11.json"): (0.93, 0.90),
                  Path(__file__).with_name("rules_heldout_12.json"): (0.90, 0.83)}


def test_it_has_a_question_set_of_sixty_half_french_every_game():
    assert len(QUESTIONS) >= 60
    french = sum(1 for q in QUESTIONS if q[0] == "fr")
    assert abs(french - len(QUESTIONS) / 2) <= 2
    assert {q[1] for q in QUESTIONS} == set(VARIANTS)


@pytest.fixture(scope="module")
def tuned_figures():
    return [judge(q, answers, every_game=False) for q in TUNED]


def test_it_settles_the_tuned_questions_in_the_top_three_with_the_game_chosen(tuned_figures):
    share = sum(f["top3"] for f in tuned_figures) / len(tuned_figures)
    print(f"rules search: {share:.1%} of {len(TUNED)} tuned questions settled in the top 3")
    assert share >= TUNED_TOP3


def test_it_gives_the_right_answer_first_to_most_tuned_questions(tuned_figures):
    share = sum(f["first"] for f in tuned_figures) / len(tuned_figures)
    assert share >= TUNED_FIRST


def test_it_never_answers_a_tuned_question_wrongly_first_with_the_game_chosen(tuned_figures):
    wrong = [q["question"] for q, f in zip(TUNED, tuned_figures, strict=True) if f["wrong"]]
    assert wrong == []


@pytest.fixture(scope="module")
def first_held_out_figures():
    questions = json.loads(FIRST_HELD_OUT.read_text(encoding="utf-8"))["questions"]
    return questions, [judge(q, answers, every_game=False) for q in questions]


def test_it_keeps_what_it_reaches_on_the_first_held_out_set_tuned_on_since(first_held_out_figures):
    questions, figures = first_held_out_figures
    assert sum(f["top3"] for f in figures) / len(figures) >= FIRST_HELD_OUT_TOP3
    assert sum(f["first"] for f in figures) / len(figures) >= FIRST_HELD_OUT_FIRST
    assert [q["id"] for q, f in zip(questions, figures, strict=True) if f["wrong"]] == []


def test_it_keeps_what_it_reaches_on_the_second_held_out_set_tuned_on_in_round_three():
    questions = json.loads(SECOND_HELD_OUT.read_text(encoding="utf-8"))["questions"]
    figures = [judge(q, answers, every_game=False) for q in questions]
    assert sum(f["top3"] for f in figures) / len(figures) >= SECOND_HELD_OUT_TOP3
    assert sum(f["first"] for f in figures) / len(figures) >= SECOND_HELD_OUT_FIRST
    assert [q["id"] for q, f in zip(questions, figures, strict=True) if f["wrong"]] == []


def test_it_keeps_what_it_reaches_on_the_third_held_out_set_tuned_on_in_rounds_four_and_five():
    questions = json.loads(THIRD_HELD_OUT.read_text(encoding="utf-8"))["questions"]
    figures = [judge(q, answers, every_game=False) for q in questions]
    assert sum(f["top3"] for f in figures) / len(figures) >= THIRD_HELD_OUT_TOP3
    assert sum(f["first"] for f in figures) / len(figures) >= THIRD_HELD_OUT_FIRST
    assert [q["id"] for q, f in zip(questions, figures, strict=True) if f["wrong"]] == []


def test_it_keeps_what_it_reaches_on_the_fourth_held_out_set_tuned_on_in_round_five():
    questions = json.loads(FOURTH_HELD_OUT.read_text(encoding="utf-8"))["questions"]
    figures = [judge(q, answers, every_game=False) for q in questions]
    assert sum(f["top3"] for f in figures) / len(figures) >= FOURTH_HELD_OUT_TOP3
    assert sum(f["first"] for f in figures) / len(figures) >= FOURTH_HELD_OUT_FIRST
    assert [q["id"] for q, f in zip(questions, figures, strict=True) if f["wrong"]] == []


@pytest.mark.parametrize(("path", "floors"), LATER_HELD_OUT.items(), ids=lambda v: getattr(v, "name", ""))
def test_it_keeps_what_it_reaches_on_the_later_held_out_sets_tuned_on_since(path, floors):
    questions = json.loads(path.read_text(encoding="utf-8"))["questions"]
    figures = [judge(q, answers, every_game=False) for q in questions]
    assert sum(f["top3"] for f in figures) / len(figures) >= floors[0]
    assert sum(f["first"] for f in figures) / len(figures) >= floors[1]
    assert [q["id"] for q, f in zip(questions, figures, strict=True) if f["wrong"]] == []


def test_it_answers_with_the_pages_own_paragraphs_and_anchors():
    """No second copy: every answer is a sentence the rules page shows, at an anchor it has."""
    variant = VARIANTS["tamoul"]
    with translation.override("fr"):
        context = page_context(variant)
        shown = {r["text"] for r in context["rules"]} | {r["text"] for r in context["readings"]}
        found = answers("contre tamoul raté", "tamoul")
    rule = next(a for a in found if a.anchor.startswith("tamoul-counter"))
    assert rule.text in shown


def test_it_indexes_a_reading_added_to_the_wording_layer(monkeypatch):
    """The index is read from the page context: a new reading is searchable with no other change."""
    from scorekeeper.rules_search import paragraphs as module

    real = module.page_context

    def with_a_new_reading(variant):
        context = real(variant)
        context["readings"] = [*context["readings"], {"id": "reading-new", "text": "Le zébu farceur compte double."}]
        return context

    monkeypatch.setattr(module, "page_context", with_a_new_reading)
    caches = (language_index, vocabulary, known)
    for built in caches:
        built.cache_clear()
    try:
        with translation.override("fr"):
            assert answers("zébu", "tamalou")[0].anchor == "reading-new"
    finally:
        for built in caches:
            built.cache_clear()


def test_it_reads_a_question_typed_without_accents_or_with_a_typo():
    with translation.override("fr"):
        assert answers("elimine a combien", "dutch")[0].anchor.startswith("dutch-")
        assert any(a.anchor == "values" for a in answers("le jocker", "tamalou")[:3])


def test_it_finds_a_french_question_on_an_english_phone():
    with translation.override("en"):
        top = answers("défausse rapide ratée", "tamalou")[:3]
    assert any(a.anchor == "snap" and "penalty" in a.text for a in top)


def test_it_says_the_table_word_for_snapping_as_the_page_does():
    with translation.override("fr"):
        assert answers("on peut faire un doublé ?", "tamalou")[0].anchor in {"snap", "reading-table-one-card"}


@pytest.mark.parametrize("question", ["", "   ", "?!", "x" * 1000, "<script>alert(1)</script>"])
def test_it_answers_nonsense_without_failing(question):
    with translation.override("fr"):
        assert isinstance(answers(question, "tamalou"), list)


def test_it_answers_json_for_tools(client):
    response = client.get("/rules/search/", {"q": "can I snap two cards?", "variant": "tamalou"},
                          HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    body = response.json()
    assert body["answers"] and set(body["answers"][0]) == {"variant", "anchor", "text"}
    assert {a["variant"] for a in body["answers"]} == {"tamalou"}


def test_it_answers_html_with_the_link_to_each_paragraph(client):
    response = client.get("/rules/search/", {"q": "combien vaut le joker", "variant": "tamalou"},
                          HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert 'href="/rules/tamalou/#values"' in html and "<html" not in html


def test_it_answers_a_whole_page_without_javascript(client):
    response = client.get("/rules/search/", {"q": "joker"})
    assert response.status_code == 200 and "<html" in response.content.decode()


@pytest.mark.parametrize("variant", ["nope", "../", "\x00", "tamalou/../dutch", "é" * 200])
@pytest.mark.parametrize("accept", ["text/html", "application/json"])
def test_it_searches_every_game_when_the_game_asked_for_is_none_we_know(client, variant, accept):
    """An address edited by hand once failed on the page's link back to the game."""
    response = client.get("/rules/search/", {"q": "combien vaut le joker", "variant": variant}, HTTP_ACCEPT=accept)
    assert response.status_code == 200
    if accept == "text/html":
        assert 'href="/rules/"' in response.content.decode()  # back to every game's rules
    else:
        assert len({a["variant"] for a in response.json()["answers"]}) > 1


@pytest.mark.django_db
def test_it_shows_the_question_box_on_each_rules_page_and_the_sheet(client):
    for key in VARIANTS:
        assert 'data-testid="ask-question"' in client.get(f"/rules/{key}/").content.decode()
    game = make_game("dutch")
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'data-testid="ask-question"' in html and 'name="variant" value="dutch"' in html


@settings(max_examples=150, deadline=None)
@given(question=st.text(max_size=120), key=st.sampled_from([None, "nope", *VARIANTS]))
def test_it_answers_any_text_with_paragraphs_of_the_pages(question, key):
    """Whatever is typed: no failure, at most five answers, each a paragraph of its page."""
    with translation.override("fr"):
        found = answers(question, key)
        pages = language_index("fr")
    assert len(found) <= 5
    for answer in found:
        if answer.fact:  # a sentence of the wording layer, at an anchor the page has
            assert answer.anchor in (PLAYERS_ANCHOR, DECK_ANCHOR) or any(p.anchor == answer.anchor
                                                          for p in pages[answer.variant].paragraphs)
            continue
        assert any(p.anchor == answer.anchor and p.text == answer.text for p in pages[answer.variant].paragraphs)


@pytest.mark.parametrize("noise", ["<script>alert(1)</script>", "zzkx 1", "qwerty 12"])
def test_it_answers_nothing_to_words_no_page_has_around_a_number(noise):
    """Without this the card worth 1 answered any text holding a 1, in every game."""
    with translation.override("fr"):
        assert answers(noise) == [] and answers(noise, "tamalou") == []


def test_it_still_answers_a_number_asked_among_known_words():
    with translation.override("en"):
        assert answers("what does the 8 do", "cactus")


def test_it_answers_a_sentence_shared_by_several_games_once_naming_the_others():
    with translation.override("fr"):
        found = answers("on peut défausser ?")
    texts = [a.text for a in found]
    assert len(texts) == len(set(texts))
    shared = [a for a in found if a.also]
    assert shared, "the shared rules are said on several games' pages"
    assert all(v != a.variant for a in shared for v, _anchor in a.also)


@pytest.mark.django_db
def test_it_links_the_other_games_saying_the_same_sentence_on_the_page_searching_every_game(client):
    html = client.get("/rules/search/", {"q": "on peut défausser ?"}).content.decode()
    assert "Aussi :" in html and html.count('class="answer"') == html.count("<li class=\"answer\"")


@pytest.mark.django_db
def test_it_offers_the_question_box_with_a_choice_of_game_on_the_rules_index(client):
    html = client.get("/rules/").content.decode()
    assert 'data-testid="ask-question"' in html and 'data-testid="ask-game"' in html
    assert all(f'<option value="{key}">' in html for key in VARIANTS)


def test_it_keeps_the_choice_of_game_on_the_page_searching_every_game_and_not_on_a_games_page(client):
    every = client.get("/rules/search/", {"q": "joker"}).content.decode()
    one = client.get("/rules/search/", {"q": "joker", "variant": "dutch"}).content.decode()
    assert 'data-testid="ask-game"' in every
    assert 'data-testid="ask-game"' not in one and 'name="variant" value="dutch"' in one
