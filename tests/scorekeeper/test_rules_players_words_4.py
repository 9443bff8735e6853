"""Ask the rules, issue 26, fourth round: what the third held-out set showed the search
missing, each read as a general rule (a call word several games share, a longer name
holding the call word, the scorer named by a pronoun or a name, when in a turn one may
call, what follows the call), never a held-out question pasted in."""

from __future__ import annotations

import pytest
from django.utils import translation

from scorekeeper.rules_search import answers
from scorekeeper.rules_search.question.games import read
from tests.scorekeeper.asking import first

# -- a call word several games share ---------------------------------------------------

@pytest.mark.parametrize(("language", "question"), [
    ("en", "no cactus this time and I draw a jack, how many kilos is that?"),
    ("fr", "sans cactus je pioche un roi, ça fait combien de kilos ?"),
])
def test_it_answers_with_the_game_sharing_the_call_word_whose_own_rule_the_question_asks(language, question):
    """« cactus » names cactus and is cactus tas de merde's call: kilos are only the
    second game's, so searching every game answers with it, not with cactus."""
    assert first(question, None, language).variant == "cactus-tas"


@pytest.mark.parametrize(("language", "question", "game"), [
    ("en", "when can i say dutch", "dutch"),
    ("fr", "on peut dire tamalou avec 6 ?", "tamalou"),
])
def test_it_keeps_the_game_a_call_word_names_when_no_other_games_word_is_said(language, question, game):
    assert first(question, None, language).variant == game


def test_it_reads_the_belgian_tamalou_as_cabo_bruxellois():
    assert read("au tamalou belge, la dame elle sert à quoi ?").game == "cabo-bruxellois"
    assert read("belgian tamalou: what does the queen do?").game == "cabo-bruxellois"


def test_it_does_not_read_a_longer_name_holding_the_call_word_as_the_call():
    """« dutch de toulouse » names the game: « on s'arrête à 100 » asks the end, not
    whether one may say dutch at 100."""
    assert read("dutch de toulouse : la partie s'arrête à 100 ?").call_named is False
    assert read("au toulousain on peut dire dutch à 100 ?").call_named is True


# -- the scorer named by a pronoun or a name ------------------------------------------

@pytest.mark.parametrize(("language", "question", "variant", "anchor"), [
    ("en", "Nina called tamoul on 5 but I had 2, what does Nina score?", "tamoul", "tamoul-announcer-not-lowest"),
    ("fr", "Hugo a annoncé dutch à 7, moi j'avais 5, il marque quoi ?", "dutch", "dutch-hand-value"),
    ("en", "Zoe said cactus at 3 and I had 1, who takes the round?", "cactus", "cactus-round-winner"),
])
def test_it_leaves_what_a_named_caller_scores_to_the_scoring_rules(language, question, variant, anchor):
    """Not the call's limit: the hand is said, and the score asked of him or her."""
    got = first(question, variant, language)
    assert not got.fact and got.anchor in {anchor, "reading-dutch-no-zero", "cactus-cactus-not-lowest",
                                           "cactus-announcer-ignored"}


def test_it_reads_a_players_first_name_before_a_verb_as_no_word_of_the_question():
    """« Max a dit cactus » names a player, not a maximum to call with."""
    with translation.override("fr"):
        got = answers("Max a dit cactus avec 4, j'avais 2 sans rien dire, qui gagne la manche ?", "cactus")
    assert not any(a.fact for a in got)


# -- when one may call, and what follows ------------------------------------------------

@pytest.mark.parametrize(("language", "question", "variant"), [
    ("fr", "on peut dire tamoul en plein milieu de son tour ?", "tamoul"),
    ("en", "koubo: can I call halfway through my turn?", "koubo"),
])
def test_it_answers_when_in_a_turn_one_may_call(language, question, variant):
    assert first(question, variant, language).anchor == "call-when"


@pytest.mark.parametrize(("language", "question", "variant"), [
    ("en", "after i say koubo does everybody else get one more go?", "koubo"),
    ("fr", "quelqu'un annonce dutch, les autres rejouent un tour ?", "dutch"),
])
def test_it_answers_what_follows_the_call_with_the_calls_own_sentence(language, question, variant):
    got = first(question, variant, language)
    assert got.anchor == "call" and got.fact


# -- a hand level with the caller's, the deck's jokers, a counter-call won -------------

@pytest.mark.parametrize(("language", "question"), [
    ("en", "koubo: Lou called with 4 and I was level with her at 4, what does Lou score?"),
    ("fr", "au koubo l'annonceur a 2 et moi aussi j'ai 2, il marque quoi ?"),
])
def test_it_never_answers_a_tie_with_the_caller_by_the_rule_of_a_strictly_lowest_caller(language, question):
    with translation.override(language):
        got = answers(question, "koubo")
    assert got and all(not a.anchor.endswith("-announcer-strictly-lowest") for a in got)


@pytest.mark.parametrize(("language", "question", "variant"), [
    ("fr", "au tamoul on enlève les jokers du paquet ?", "tamoul"),
    ("en", "do we take out the jokers in cabo?", "cabo-bruxellois"),
])
def test_it_answers_jokers_taken_out_or_put_in_as_the_deck_asked(language, question, variant):
    got = first(question, variant, language)
    assert got.fact and got.anchor == "cards"


def test_it_answers_jokers_in_a_meld_by_the_meld_not_the_deck():
    with translation.override("fr"):
        got = answers("combien de jokers je peux mettre dans une combinaison ?", "canasta")
    assert not any(a.fact and a.anchor == "cards" for a in got)


def test_it_does_not_answer_who_takes_the_round_after_the_call_by_the_calls_sentence():
    got = first("me and the dutcher were level on 3, who takes this round?", "dutch-toulousain", "en")
    assert got.anchor == "dutch-toulousain-round-winner"


@pytest.mark.parametrize(("language", "question"), [
    ("en", "tdm: no cactus for me and I pulled a 10, is that 10 kilos?"),
    ("fr", "tas de merde, pas de cactus et j'ai tiré un 6, ça fait 6 kilos ?"),
])
def test_it_reads_a_card_drawn_or_a_weight_as_no_hand_said_with_the_call(language, question):
    """At cactus tas de merde, « pas de cactus, j'ai tiré un 6 » asks the draw's kilos,
    not whether one may call with 6."""
    got = first(question, "cactus-tas", language)
    assert got.anchor != "call"


@pytest.mark.parametrize(("language", "question", "variant", "anchor"), [
    ("fr", "j'ai dit cactus, pendant le dernier tour des autres je peux encore coller une carte ?", "cactus",
     "reading-table-cactus-caller"),
    ("en", "fontenay: someone called; in the last round a player throws their last card, do we finish the round?",
     "fontenaysien", "call"),
])
def test_it_answers_the_last_round_after_the_call_not_when_one_may_call(language, question, variant, anchor):
    """« pendant le dernier tour » is the round after the call: « pendant mon tour » in the
    players' questions of when to call must not win it."""
    with translation.override(language):
        got = answers(question, variant)
    assert got and got[0].anchor != "call-when" and anchor in [a.anchor for a in got[:3]]


def test_it_reads_pulling_a_card_as_drawing_it():
    """"pull a card" is the players' "draw": the page's word, counted as the player's own."""
    from scorekeeper.rules_search.question.synonyms import same_words

    assert "draw" in same_words("do I pull a card").split()
    got = first("tdm: when I have cactus must I pull one?", "cactus-tas", "en")
    assert got.anchor == "cactus-tas-has-cactus"
