"""Ask the rules, issue 26, item 3: every paragraph of every page carries the questions
players ask about it (questions.py), so none is found only by its own formal words.
The questions below are said in other words than the entries of ASKED."""

from __future__ import annotations

import pytest
from django.utils import translation

from engine.rules import VARIANTS
from scorekeeper.rules_search import answers
from scorekeeper.rules_search.paragraphs import paragraphs
from scorekeeper.rules_search.question.synonyms import plain
from scorekeeper.rules_search.questions import asked_about


def unasked(language: str) -> list[tuple[str, str, str]]:
    """The paragraphs of `language`'s pages with no player's question. The questions are
    found from the French text, as the index does (same paragraphs, same order)."""
    missing = []
    for key, variant in VARIANTS.items():
        with translation.override("fr"):
            french = paragraphs(variant)
        with translation.override(language):
            found = paragraphs(variant)
        missing += [(key, p.anchor, p.text) for p, f in zip(found, french, strict=True)
                    if not asked_about(p.anchor, f.text).strip()]
    return missing


@pytest.mark.parametrize("language", ["fr", "en"])
def test_it_gives_every_paragraph_of_every_page_its_players_questions(language):
    assert unasked(language) == []


def top_three(question: str, variant: str, language: str) -> list[tuple[str, str]]:
    with translation.override(language):
        return [(a.anchor, plain(a.text)) for a in answers(question, variant)[:3]]


def in_top_three(question: str, variant: str, language: str, anchor: str, words: str = "") -> bool:
    """The paragraph at `anchor` (the one saying `words`, for a shared anchor) is among the
    first three answers, the game chosen."""
    return any(a == anchor and plain(words) in text for a, text in top_three(question, variant, language))


@pytest.mark.parametrize(("language", "question", "variant", "anchor", "words"), [
    ("fr", "on a fini la partie, on peut encore jouer une manche en plus ?", "tamoul", "end",
     "ajouter de manche"),
    ("fr", "je peux faire la canasta de jokers petit à petit ?", "canasta", "play", "canasta de jokers"),
    ("fr", "si j'ai 5 pile, j'ai cactus ou pas ?", "cactus", "reading-cactus-at-limit", ""),
    ("en", "can we play koubo with eight people?", "koubo", "reading-koubo-players", ""),
    ("fr", "on a les 4 trois rouges, ça donne quoi ?", "canasta", "canasta-red-threes-all-four", ""),
    ("en", "how much does the free point give?", "cactus-game", "cactus-game-free-point", ""),
    ("fr", "le 3 rouge sur le dessus de la défausse, je peux le piocher ?", "canasta", "reading-canasta-red-three-top", ""),
    ("en", "after calling cactus am I still allowed to snap?", "cactus", "reading-table-cactus-caller", ""),
    ("fr", "comment l'arbitre sait que je connaissais cette carte ?", "tamalou", "reading-table-knowledge", ""),
    ("en", "three Walters, how many points is that?", "cactus-game", "cactus-game-set", ""),
    ("fr", "au tamoul, le contre-tamoul on peut le dire jusqu'à quand ?", "tamoul", "reading-tamoul-last-round", ""),
    ("en", "can I grab the top of the discard pile in dutch toulousain?", "dutch-toulousain",
     "reading-dutch-toulousain-take-discard", ""),
])
def test_it_answers_a_question_about_a_paragraph_that_had_none_with_it(language, question, variant, anchor, words):
    assert in_top_three(question, variant, language, anchor, words), top_three(question, variant, language)
