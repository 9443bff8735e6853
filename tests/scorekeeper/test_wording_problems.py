"""Every problem the engine (or the app) can raise is worded in French and in English
from its code and params alone: no English on the French page, no French on the
English one, no placeholder left unfilled, and a field at fault for each."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from engine.rules import Problem, RecordError, load_record, score_record
from engine.rules.errors import TOP, Problems
from engine.rules.problem_codes import EXPECTED_SHAPES, PROBLEM_CODES, REASON_CODES, TYPE_CODES
from engine.rules.variants.cactus_game import CactusGame
from scorekeeper.wording.problems import (
    APP_PROBLEM_SENTENCES,
    PROBLEM_SENTENCES,
    REASON_SENTENCES,
    problem_line,
    problem_text,
    reason_text,
)
from scorekeeper.wording.text import MISSING, SHAPE_NAMES, TYPE_NAMES
from tests.scorekeeper.problem_triggers import REASON_TRIGGERS, TRIGGERS, UNREACHABLE

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = "Marque-carte"  # the app's name reads the same in both languages
# Every field a problem may name: the spec's, at the record's, a round's, a side's or a
# turn's level, or TOP for the record or the round as a whole.
SPEC_FIELDS = {
    TOP, "format", "variant", "options", "players", "rounds", "teams", "people",
    "hands", "announcer", "draws", "counter_callers", "went_out", "wrong_snaps", "penalty_cards",
    "sides", "melds", "red_threes", "hand", "opening", "counted", "concealed", "player", "plays",
}
# Words that give English away on a French page, and French on an English one.
ENGLISH_WORDS = re.compile(r"\b(the|is|are|must|not|which|who|has|have|and|of|player|round|hand|card|"
                           r"missing|twice|only|cannot|needs|unknown|empty|file|number)\b", re.IGNORECASE)
FRENCH_WORDS = re.compile(r"\b(le|la|les|est|pas|une|des|du|doit|manche|joueur|joueurs|main|carte|"
                          r"cartes|camp|coup|série|fichier|nombre|il|manque)\b|« ", re.IGNORECASE)


def scanned_codes(*paths: Path) -> set[str]:
    """The codes the source passes as `code=...` (or assigns to `code`), and the codes of
    its Reason(...) calls."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            values: list[ast.AST] = []
            if isinstance(node, ast.keyword) and node.arg == "code":
                values = [node.value]
            elif isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Tuple) and any(getattr(e, "id", "") == "code" for e in t.elts)
                    for t in node.targets):
                values = [node.value]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Reason" and node.args:
                values = [node.args[0]]
            for value in values:
                found |= {c.value for c in ast.walk(value)
                          if isinstance(c, ast.Constant) and isinstance(c.value, str) and "." in c.value}
    return found


def raised(trigger) -> list[Problem]:
    with pytest.raises(RecordError) as caught:
        score_record(load_record(trigger["text"]) if isinstance(trigger, dict) and "text" in trigger
                     else trigger)
    return caught.value.problems


def problem_for(code: str) -> Problem:
    found = [p for p in raised(TRIGGERS[code]) if p.code == code]
    assert found, f"the record for {code} raised " + repr([p.code for p in raised(TRIGGERS[code])])
    return found[0]


def unreachable_point_cards() -> Problem:
    problems = Problems()
    CactusGame._gain("Ana", 3, {"Ana": 28, "Ben": 0}, "play 2", 2, 4, problems)
    return problems.items[0]


APP_PROBLEMS = {p.code: p for p in (
    Problem("", None, None, "players.same_name_ignoring_case", {"player": "ana", "other": "Ana"}, "players"),
    Problem("", None, None, "name.control_character", {"player": "A\x07na"}, "players"),
    Problem("", None, None, "name.surrogate", {"player": "A\ufffdna", "char": "U+D800"}, "players"),
    Problem("", 1, None, "text.surrogate", {"text": "K\ufffd", "char": "U+D800"}, "hands"),
    Problem("", None, None, "name.format_character", {"player": "Ana", "char": "U+200B"}, "players"),
    Problem("", None, None, "teams.named_like_a_player", {"team": "Ana"}, "teams"),
    Problem("", None, None, "league.not_a_date", {"text": "2026-13-45"}),
    Problem("", None, None, "league.no_date", {}),
    Problem("", None, None, "league.already_imported", {"game": 12}),
    Problem("", None, None, "league.imported_twice", {}),
    Problem("", None, None, "league.which_person", {"player": "Marie"}, "people"),
    Problem("", None, None, "league.outside_season",
            {"date": "2026-09-01", "start": "2026-01-01", "end": "2026-06-30"}),
)}


def a_problem(code: str) -> Problem:
    """A real problem for `code`, with the params the engine (or the app) gives it."""
    if code in APP_PROBLEMS:
        return APP_PROBLEMS[code]
    if code == "cactus_game.point_cards":
        return unreachable_point_cards()
    return problem_for(code)


def said(problem: Problem, language: str) -> str:
    with translation.override(language):
        return problem_text(problem)


def test_it_lists_every_code_the_engine_raises_and_no_other__problem_codes_registry():
    engine = scanned_codes(*(ROOT / "engine" / "rules").rglob("*.py"))
    assert engine == set(PROBLEM_CODES) | set(REASON_CODES)


def test_it_has_a_sentence_for_every_code_with_the_same_placeholders_in_both_languages():
    app_codes = scanned_codes(ROOT / "scorekeeper" / "models.py", ROOT / "leagues" / "results" / "importing.py")
    templates = {**PROBLEM_SENTENCES, **APP_PROBLEM_SENTENCES, **REASON_SENTENCES}
    assert set(PROBLEM_CODES) | set(REASON_CODES) | app_codes <= set(templates)
    for code, template in templates.items():
        with translation.override("en"):
            en = str(template)
        with translation.override("fr"):
            fr = str(template)
        assert en != fr, f"{code} has no English in the catalogue"
        assert sorted(re.findall(r"%\((\w+)\)s", en)) == sorted(re.findall(r"%\((\w+)\)s", fr)), code


def test_it_names_every_type_and_shape_a_problem_quotes_in_both_languages():
    assert set(TYPE_NAMES) == set(TYPE_CODES) and set(SHAPE_NAMES) == set(EXPECTED_SHAPES)
    for name in {*TYPE_NAMES.values(), *SHAPE_NAMES.values()}:
        with translation.override("en"):
            en = str(name)
        with translation.override("fr"):
            fr = str(name)
        assert en != fr and not FRENCH_WORDS.search(en), en


@pytest.mark.parametrize("code", [*PROBLEM_CODES, *APP_PROBLEMS])
def test_it_says_each_problem_in_french_without_english_and_in_english_without_french(code):
    problem = a_problem(code)
    fr, en = said(problem, "fr"), said(problem, "en")
    for text in (fr, en):
        assert MISSING not in text and "%(" not in text, text
        assert code not in text, f"{code} fell back to the unknown-code sentence: {text}"
    assert not ENGLISH_WORDS.search(fr), f"English in the French sentence of {code}: {fr}"
    assert not FRENCH_WORDS.search(en.replace(PRODUCT, "")), f"French in the English sentence of {code}: {en}"
    assert fr != en


@pytest.mark.parametrize("code", sorted(set(PROBLEM_CODES) - UNREACHABLE))
def test_it_raises_each_code_from_a_record_with_the_field_at_fault(code):
    problem = problem_for(code)
    assert problem.field in SPEC_FIELDS, f"{code}: field {problem.field!r}"


def test_it_raises_the_unreachable_point_cards_guard_at_the_play_that_needs_them():
    problem = unreachable_point_cards()
    assert problem.code == "cactus_game.point_cards" and problem.field == "plays" and problem.params["play"] == 2


@pytest.mark.parametrize("reason", REASON_CODES)
def test_it_says_why_a_meld_or_a_set_is_refused_in_both_languages(reason):
    carrier = [p for p in raised(REASON_TRIGGERS[reason]) if p.params.get("reason") == reason]
    assert carrier, f"no problem carries the reason {reason}"
    params = carrier[0].params.get("reason_params")
    with translation.override("fr"):
        fr = reason_text(reason, params)
    with translation.override("en"):
        en = reason_text(reason, params)
    assert not ENGLISH_WORDS.search(fr.replace("Joker", "")), fr
    assert not FRENCH_WORDS.search(en), en
    assert MISSING not in fr + en and reason not in fr + en


@pytest.mark.parametrize(("meld", "why_fr"), [
    (["5S", "5H"], "a moins de 3 cartes"),
    (["QS", "QH", "KD"], "mélange des rangs (R, D)"),
    (["5S", "2H", "JK"], "a moins de 2 cartes naturelles"),
    (["3S", "3C", "3S"], "contient des 3 noirs, que seul le camp qui termine peut poser"),
])
def test_it_says_why_a_canasta_meld_is_refused_in_french__canasta_meld(meld, why_fr):
    from tests.scorekeeper.problem_triggers import meld as meld_record
    problem = next(p for p in raised(meld_record(meld)) if p.code == "canasta.meld")
    assert said(problem, "fr").endswith(f") {why_fr}.")


def test_it_says_a_set_mixing_characters_with_their_names__cactus_game_set():
    problem = problem_for("cactus_game.set")
    assert said(problem, "fr") == "Le coup 1 n'est pas une série valable : une série ne mélange pas Charlie / Spike."


def test_it_never_reads_the_engines_english_message():
    problem = problem_for("hand.missing")
    lying = Problem("something else entirely", problem.round, problem.rule, problem.code, problem.params,
                    problem.field)
    assert said(lying, "fr") == said(problem, "fr") == "Il manque la main de Ben."


def test_it_says_a_code_it_does_not_know_in_the_pages_language_not_the_engines_english():
    problem = Problem("the engine's English", 2, None, "brand.new", {})
    assert said(problem, "fr") == "Quelque chose ne va pas ici (brand.new)."
    assert "English" not in said(problem, "en")


def test_it_says_which_round_a_problem_is_in():
    with translation.override("fr"):
        assert problem_line(problem_for("hand.missing")) == "Manche 1 : Il manque la main de Ben."


def test_it_links_a_problem_to_the_rule_it_breaks_on_the_variant_page():
    from scorekeeper.sheet.why import problem_link
    assert problem_link(problem_for("deck.overused"), "tamalou") == "/rules/tamalou/#deck"
    draw = problem_for("cactus_tas.draw_missing")
    assert problem_link(draw, "cactus-tas") == "/rules/cactus-tas/#cactus-tas-draw-weight"
    assert problem_link(Problem("no rule", code="x"), "tamalou") is None


def test_it_names_each_pair_of_partners_with_and_in_the_pages_language__teams_opposite():
    problem = problem_for("teams.opposite")
    assert said(problem, "fr") == "Les partenaires sont assis face à face : Ana et Chloé contre Ben et Dan."
    assert "Ana and Chloé" in said(problem, "en")


def test_it_words_the_problem_codes_a_variant_registered_at_run_time_brings():
    from scorekeeper.wording.variants import VariantWording, register, unregister
    problem = Problem("toy English", 1, None, "toy.too_many_jokers", {"count": 3}, "hands")
    register("toy-words", VariantWording(problems={"toy.too_many_jokers": "Trop de jokers : %(count)s."}))
    try:
        assert said(problem, "fr") == "Trop de jokers : 3."
    finally:
        unregister("toy-words")
    assert said(problem, "fr") == "Quelque chose ne va pas ici (toy.too_many_jokers)."


def test_it_lists_every_shape_a_field_shape_problem_expects():
    expected = set()
    for path in (ROOT / "engine" / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "expected" and isinstance(node.value, ast.Constant):
                if isinstance(node.value.value, str):
                    expected.add(node.value.value)
    assert expected and expected <= set(EXPECTED_SHAPES)
