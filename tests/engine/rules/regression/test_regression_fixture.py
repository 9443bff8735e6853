"""The engine's output never changes by accident: for the spec's examples and a fixed
set of random records of every variant (valid and invalid), today's engine prints the
same result line, the same steps for each round, and the same problems as when the
fixture was written (make_fixture.py; its --problems form rewrites problems alone)."""
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from engine_output import dump, engine_output  # noqa: E402

FIXTURES = HERE / "fixtures"
CASES = [(path.stem, case) for path in sorted(FIXTURES.glob("*.json"))
         for case in json.loads(path.read_text(encoding="utf-8"))]


def test_it_keeps_a_fixture_for_the_examples_and_every_variant__regression_fixture_present():
    groups = {group for group, _ in CASES}
    # the eleven variants, the spec's examples (as of v1.0), raw texts, one per code, counted canasta sides (v1.1)
    assert len(groups) == 15
    assert sum(1 for group, _ in CASES if group == "examples") == 11


@pytest.mark.parametrize(("group", "case"), CASES, ids=[c["name"] for _, c in CASES])
def test_it_scores_explains_and_refuses_each_record_exactly_as_before__regression(group, case):
    want = case["output"]
    got = engine_output(case)
    if "problems" in want:
        assert "result" not in got, f"{case['name']} is now accepted"
        assert dump(got["problems"]) == dump(want["problems"])
    else:
        assert "problems" not in got, f"{case['name']} is now refused: {got['problems']}"
        assert got["result"] == want["result"]
        assert got["steps"] == want["steps"]
