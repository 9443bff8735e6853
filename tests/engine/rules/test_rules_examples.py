"""The spec's worked examples (shared/spec/examples): every record scores to
its .result.json."""
import json
from pathlib import Path

import pytest

from engine.rules import load_record, score_record

EXAMPLES = Path(__file__).resolve().parents[4] / "shared" / "spec" / "examples"

if not EXAMPLES.is_dir():
    pytest.skip(f"the spec's examples are not there: {EXAMPLES}", allow_module_level=True)

NAMES = sorted(p.name[: -len(".json")] for p in EXAMPLES.glob("*.json")
               if not p.name.endswith(".result.json"))


def same(a, b):
    """Equal JSON, numbers within 1e-9 (and bool never equal to a number)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) < 1e-9
    return a == b


def load(name):
    record = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    want = json.loads((EXAMPLES / f"{name}.result.json").read_text(encoding="utf-8"))
    return record, want


def test_it_finds_the_twelve_worked_examples__examples_present():
    assert len(NAMES) == 12  # v1.1 added canasta-counted


@pytest.mark.parametrize("name", NAMES)
def test_it_matches_the_examples_totals_end_winners_and_losers__examples(name):
    record, want = load(name)
    got = score_record(record).to_json()
    assert got["variant"] == want["variant"]
    for key in ("totals", "finished", "winners", "losers"):
        assert same(got[key], want[key]), f"{name}: {key} is {got[key]}, expected {want[key]}"
    assert len(got["rounds"]) == len(want["rounds"])
    for i, (r, w) in enumerate(zip(got["rounds"], want["rounds"], strict=True), 1):
        assert same(r["totals"], w["totals"]), f"{name}: round {i} totals {r['totals']}, expected {w['totals']}"


@pytest.mark.parametrize("name", NAMES)
def test_it_matches_every_round_of_the_examples_in_full__examples_rounds(name):
    # values, points and (dutch-toulousain) winner too, with the result's exact shape
    record, want = load(name)
    got = score_record(record).to_json()
    for i, (r, w) in enumerate(zip(got["rounds"], want["rounds"], strict=True), 1):
        assert same(r, w), f"{name}: round {i} is {r}, expected {w}"
    assert same(got, want)


@pytest.mark.parametrize("name", NAMES)
def test_it_scores_the_examples_from_their_text__examples_load_record(name):
    text = (EXAMPLES / f"{name}.json").read_bytes()
    _, want = load(name)
    assert same(score_record(load_record(text)).to_json()["totals"], want["totals"])


@pytest.mark.parametrize("name", [n for n in NAMES if n != "tamoul"])
def test_it_writes_only_whole_numbers_outside_tamoul__examples_numbers(name):
    record, _ = load(name)
    got = score_record(record).to_json()

    def numbers(x):
        if isinstance(x, dict):
            for v in x.values():
                yield from numbers(v)
        elif isinstance(x, list):
            for v in x:
                yield from numbers(v)
        elif isinstance(x, (int, float)) and not isinstance(x, bool):
            yield x

    assert all(type(n) is int for n in numbers(got))
