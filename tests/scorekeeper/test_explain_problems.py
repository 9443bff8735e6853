"""The engine's problems said in French (and English), by their code, each linked to
the rule it breaks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from scorekeeper.explain import MISSING, PROBLEM_SENTENCES, problem_link, problem_text
from scorekeeper.rules import Problem, RecordError, score_record

RULES_SOURCE = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"


def problems(variant, players, rounds, **extra):
    record = {"format": 1, "variant": variant, "players": players, "rounds": rounds, **extra}
    with pytest.raises(RecordError) as caught:
        score_record(record)
    return caught.value.problems


def one(variant, players, rounds, code, **extra):
    found = [p for p in problems(variant, players, rounds, **extra) if p.code == code]
    assert found, f"the engine gave no {code}"
    return found[0]


def french(problem):
    with translation.override("fr"):
        return problem_text(problem)


def english(problem):
    with translation.override("en"):
        return problem_text(problem)


AB = ["Ana", "Ben"]
CASES = [
    # (code, variant, players, rounds, extra, French sentence)
    ("hand.missing", "tamalou", AB, [{"hands": {"Ana": 3}}], {}, "Il manque la main de Ben."),
    ("card.unknown", "tamalou", AB, [{"hands": {"Ana": ["ZZ"], "Ben": 3}}], {}, "« ZZ » n'est pas une carte."),
    ("card.not_in_deck", "koubo", AB, [{"hands": {"Ana": ["2S"], "Ben": 3}}], {},
     "2♠ n'est pas dans le paquet de ce jeu."),
    ("deck.overused", "tamalou", AB, [{"hands": {"Ana": ["KH"], "Ben": ["KH"]}}], {},
     "R♥ apparaît 2 fois ; le paquet en compte 1."),
    ("hand.number_step", "tamoul", AB, [{"hands": {"Ana": 3.25, "Ben": 3}}], {},
     "La main de Ana (3,25) doit être un multiple de 0,5."),
    ("hand.number_range", "tamalou", AB, [{"hands": {"Ana": 900, "Ben": 3}}], {},
     "La main de Ana (900) doit être entre −50 et 500."),
    ("player.unknown", "tamalou", AB, [{"announcer": "Zoé", "hands": {"Ana": 1, "Ben": 3}}], {},
     "« Zoé » n'est pas un joueur de cette partie."),
    ("cactus_tas.draw_missing", "cactus-tas", AB, [{"hands": {"Ana": 9, "Ben": 3}}], {},
     "Il manque la pioche de Ana, qui n'a pas cactus (9)."),
    ("tamoul.counter_without_call", "tamoul", AB, [{"hands": {"Ana": 1, "Ben": 3}, "counter_callers": ["Ben"]}],
     {}, "Pas de contre-tamoul sans annonce : personne n'a dit tamoul."),
    ("tamoul.counter_is_announcer", "tamoul", AB,
     [{"announcer": "Ana", "hands": {"Ana": 1, "Ben": 3}, "counter_callers": ["Ana"]}], {},
     "Ana a dit tamoul et ne peut pas aussi dire contre-tamoul."),
    ("fontenaysien.went_out_not_empty", "fontenaysien", AB, [{"hands": {"Ana": 4, "Ben": 3}, "went_out": "Ana"}],
     {}, "Ana est sorti : sa main doit être vide."),
    ("dutch_toulousain.penalty_count", "dutch-toulousain", AB,
     [{"announcer": "Ana", "hands": {"Ana": 9, "Ben": 3}}], {},
     "Le dutcheur Ana doit prendre 1 carte(s) de pénalité, pas 0."),
    ("game.finished", "koubo", AB, [{"hands": {"Ana": 1, "Ben": 3}}] * 2, {"options": {"rounds": 1}},
     "La partie était déjà finie après la manche 1."),
    ("players.count", "canasta", ["Ana", "Ben", "Chloé"], [], {}, "Ce jeu se joue à 2 ou 4 joueurs, pas 3."),
    ("players.count", "cactus-game", ["Ana"], [], {}, "Ce jeu se joue de 2 à 6 joueurs, pas 1."),
    ("option.unknown", "tamalou", AB, [], {"options": {"tours": 3}},
     "L'option « tours » n'existe pas pour ce jeu."),
    ("canasta.opening", "canasta", AB,
     [{"sides": {"Ana": {"melds": [["5S", "5H", "5D"]], "opening": [["5S", "5H", "5D"]]}, "Ben": {}}}], {},
     "La première pose de Ana vaut 15, moins que le minimum de 50 pour un total de 0."),
    ("canasta.red_threes_count", "canasta", AB,
     [{"sides": {"Ana": {"red_threes": ["3H", "3H", "3D"]}, "Ben": {"red_threes": ["3D", "3D"]}}}], {},
     "5 3 rouges posés, mais il n'y en a que 4."),
    ("cactus_game.turn_order", "cactus-game", ["Ana", "Ben", "Chloé"],
     [{"player": "Ana", "plays": [{"card": "draw"}]}, {"player": "Chloé", "plays": [{"card": "draw"}]}], {},
     "Après Ana, c'est à Ben de jouer, pas à Chloé."),
    ("cactus_game.steal_nothing", "cactus-game", AB,
     [{"player": "Ana", "plays": [{"card": "steal_point", "target": "Ben"}]}], {},
     "Coup 1 : Ben n'a pas de Point à voler."),
]


@pytest.mark.parametrize("code,variant,players,rounds,extra,expected", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_it_says_each_engine_problem_in_french_and_english(code, variant, players, rounds, extra, expected):
    problem = one(variant, players, rounds, code, **extra)
    assert french(problem) == expected
    assert english(problem) != expected and MISSING not in english(problem)


def test_it_gives_every_code_the_engine_uses_a_sentence_with_the_same_placeholders_in_english():
    codes = set()
    for path in RULES_SOURCE.rglob("*.py"):
        codes |= set(re.findall(r'code="([a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert codes, "the engine names its problems with code=..."
    assert codes - set(PROBLEM_SENTENCES) == set()
    for code, template in PROBLEM_SENTENCES.items():
        with translation.override("en"):
            en = str(template)
        with translation.override("fr"):
            fr = str(template)
        assert en != fr, code
        assert sorted(re.findall(r"%\((\w+)\)s", en)) == sorted(re.findall(r"%\((\w+)\)s", fr)), code


def test_it_falls_back_to_the_engine_message_for_a_problem_without_a_code():
    problem = Problem("the file is not UTF-8 text (byte 3)")
    assert french(problem) == "the file is not UTF-8 text (byte 3)"


def test_it_links_a_problem_to_the_rule_it_breaks_on_the_variant_page():
    problem = one("tamalou", AB, [{"hands": {"Ana": ["KH"], "Ben": ["KH"]}}], "deck.overused")
    assert problem_link(problem, "tamalou") == "/rules/tamalou/#deck"
    draw = one("cactus-tas", AB, [{"hands": {"Ana": 9, "Ben": 3}}], "cactus_tas.draw_missing")
    assert problem_link(draw, "cactus-tas") == "/rules/cactus-tas/#cactus-tas-draw-weight"
    assert problem_link(Problem("no rule"), "tamalou") is None


@pytest.mark.parametrize("meld,why_fr", [
    (["5S", "5H"], "a moins de 3 cartes"),
    (["QS", "QH", "KD"], "mélange des rangs (R, D)"),
    (["5S", "2H", "JK"], "a moins de 2 cartes naturelles"),
    (["5S", "5H", "5D", "5C", "5S", "2H", "JK", "2C", "JK"], "a plus de 3 jokers et 2"),
    (["3S", "3C", "3S"], "contient des 3 noirs, que seul le camp qui termine peut poser"),
])
def test_it_says_why_a_canasta_meld_is_refused_in_french(meld, why_fr):
    problem = one("canasta", AB, [{"sides": {"Ana": {"melds": [meld]}, "Ben": {}}}], "canasta.meld")
    assert french(problem).endswith(f") {why_fr}.")
    assert "fewer" not in french(problem) and MISSING not in english(problem)


@pytest.mark.parametrize("characters,why_fr", [
    (["charlie", "spike", "joker"], "une série ne mélange pas charlie / spike"),
    (["bob", "joker", "joker"], "« bob » n'est pas un personnage"),
    (["walter"], "une série a trois cartes, pas 1"),
])
def test_it_says_why_a_cactus_game_set_is_refused_in_french(characters, why_fr):
    turns = [{"player": "Ana", "plays": [{"card": "set", "characters": characters}]}]
    problem = one("cactus-game", AB, turns, "cactus_game.set")
    assert french(problem) == f"Le coup 1 n'est pas une série valable : {why_fr}."
