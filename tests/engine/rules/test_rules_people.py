"""`people` (game-record v1.2, section 2): who sits behind each name, as an opaque
person id. Optional; checked (a name not in `players`, two names sharing an id, a
malformed id, a non-object: refused, naming `people`); scoring ignores it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_support import problems, record, rnd, score

from engine.rules import read_game, score_record
from tests.random_records import records

P2 = ["Ana", "Ben"]


def tamalou(people, players=P2):
    return record("tamalou", players, [rnd({"Ana": 3, "Ben": 7}, announcer="Ana")], people=people)


def only_problem(rec):
    found = problems(rec)
    assert len(found) == 1, found
    return found[0]


def test_it_accepts_people_for_some_or_all_names__people_optional():
    assert score(tamalou({"Ana": "p-7Hq2"}))["totals"] == {"Ana": 0, "Ben": 7}
    assert read_game(tamalou({"Ana": "p-7Hq2", "Ben": "Xc9_"})).people == {"Ana": "p-7Hq2", "Ben": "Xc9_"}


def test_it_accepts_an_empty_people_object__people_optional():
    assert read_game(tamalou({})).people == {}


def test_it_trims_the_names_before_matching_them_with_players__people_names_trimmed():
    game = read_game(tamalou({" Ana ": "p-1"}, players=[" Ana", "Ben "]))
    assert game.people == {"Ana": "p-1"}


def test_it_refuses_a_name_that_is_not_a_player__people_not_a_player():
    problem = only_problem(tamalou({"Zed": "p-1"}))
    assert (problem.code, problem.field, problem.params["name"]) == ("people.not_a_player", "people", "Zed")
    assert "people" in problem.message


def test_it_refuses_two_names_sharing_one_person_id__people_shared_id():
    problem = only_problem(tamalou({"Ana": "p-1", "Ben": "p-1"}))
    assert (problem.code, problem.field) == ("people.shared_id", "people")
    assert {problem.params["first"], problem.params["player"]} == {"Ana", "Ben"}


@pytest.mark.parametrize("person", ["", "x" * 65, "p 1", "p-é", "p.1", "p-1\n", 7, None, ["p-1"], {"id": "p"}])
def test_it_refuses_a_malformed_person_id__people_id_shape(person):
    problem = only_problem(tamalou({"Ana": person}))
    assert (problem.code, problem.field, problem.params["player"]) == ("people.bad_id", "people", "Ana")


@pytest.mark.parametrize("person", ["a", "x" * 64, "A-z_0-9", "-", "_"])
def test_it_accepts_ids_of_1_to_64_allowed_characters__people_id_shape(person):
    assert read_game(tamalou({"Ana": person})).people == {"Ana": person}


@pytest.mark.parametrize("people", [[], ["Ana"], "p-1", 3, True])
def test_it_refuses_people_that_is_not_an_object__people_object(people):
    problem = only_problem(tamalou(people))
    assert (problem.code, problem.field, problem.params["expected"]) == ("field.shape", "people", "people")


def test_it_refuses_two_entries_for_one_trimmed_name__people_names_trimmed():
    problem = only_problem(tamalou({"Ana": "p-1", "Ana ": "p-2"}))
    assert (problem.code, problem.field, problem.params["player"]) == ("entry.twice", "people", "Ana")


def test_it_reports_every_fault_of_people_at_once():
    codes = sorted(p.code for p in problems(tamalou({"Zed": "p-1", "Ana": "bad id", "Ben": "ok"})))
    assert codes == ["people.bad_id", "people.not_a_player"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_scoring_ignores_people__people_ignored_by_scoring(data):
    rec = data.draw(records())
    ids = data.draw(st.lists(st.from_regex(r"[A-Za-z0-9_-]{1,64}", fullmatch=True), unique=True,
                             min_size=len(rec["players"]), max_size=len(rec["players"])))
    seated = data.draw(st.lists(st.sampled_from(rec["players"]), unique=True))
    people = {name: ids[i] for i, name in enumerate(seated)}
    assert score_record({**rec, "people": people}).to_json() == score_record(rec).to_json()
